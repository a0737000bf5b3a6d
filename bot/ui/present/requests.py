"""Discord's rate limits on what the bot sends of its own accord (:class:`Requests`), shared by every part of
the presenter: a round's changeover is dealt as a budget, not a burst.

Discord allows a bot about 50 requests a second in all (answers to interactions apart), and each route of
each channel about 5 every 5 seconds (posting a message there, editing one of its messages, opening a
thread from it, editing the channel itself are four such buckets). A request that would go over is answered
429, and a bot that keeps meeting 429s is throttled for everyone it serves. So every request the presenter
makes outside an interaction's answer first takes a slot here (:meth:`Requests.slot`): the slot is free when
the global budget and the channel's bucket for that kind of request both have room, and it is held from
the request's start until a window after it is done, so however long the request was on its way, Discord
never sees more than the budget in any window.

What shows a board for the first time (a match's first message, its thread, the board in it) is ``first``:
while such requests wait, the others (hands by DM, pings, standings, older boards' redraws) wait behind
them for the global budget. A request waits by sleeping on the event loop's clock (SimCord's simulated one
in tests), so a test moves time rather than waiting for it.
"""

import asyncio
import collections
import enum
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field


@dataclass(frozen=True)
class EditBudget:
    """How often the bot sends requests from outside interactions, and edits one message (Discord's limits,
    with a margin)."""

    global_requests: int = 45
    """Requests in all channels … (Discord allows 50 a second with the commands' own requests, such as
    looking a member up, counted too: those are left the rest)"""
    global_window: float = 1.0
    """… per this many seconds."""
    channel_requests: int = 5
    """Requests of one kind (:class:`Route`) in one channel (a DM and a thread are channels too) …"""
    channel_window: float = 5.0
    """… per this many seconds."""
    message_spacing: float = 1.0
    """Seconds between two edits of one message."""


class Route(enum.Enum):
    """What a request does in a channel: each is its own bucket at Discord."""

    POST = "post"
    """Post a message."""
    EDIT = "edit"
    """Edit a message."""
    THREAD = "thread"
    """Open a thread from a message."""
    CHANNEL = "channel"
    """Edit the channel itself (archive a thread)."""
    OPEN_DM = "open dm"
    """Open a DM channel (no channel yet: only the global budget)."""


POLL = 0.01
"""Seconds a request waits before asking again when only requests under way (or a first one about to go)
keep it back."""


SWEEP = 1024
"""How many channels' buckets are kept before the idle ones are forgotten."""


@dataclass
class _Scope:
    """One budget: the requests under way and when the last ones were done."""

    limit: int
    window: float
    busy: int = 0
    done: collections.deque[float] = field(default_factory=collections.deque)

    def room(self, now: float) -> bool:
        while self.done and self.done[0] <= now - self.window:
            self.done.popleft()
        return self.busy + len(self.done) < self.limit

    def wait(self, now: float) -> float:
        """Seconds until there is room (0: now); :data:`POLL` when only the end of a request under way frees it."""
        if self.room(now):
            return 0.0
        return self.done[0] + self.window - now if self.done else POLL


@dataclass(eq=False)
class _Waiter:
    first: bool
    scopes: tuple[_Scope, ...]


class Requests:
    """The bot's requests outside interactions, within ``budget`` (global and per channel and route)."""

    def __init__(self, budget: EditBudget | None = None) -> None:
        self._budget = budget or EditBudget()
        self._global = _Scope(self._budget.global_requests, self._budget.global_window)
        self._channels: dict[tuple[int, Route], _Scope] = {}
        self._waiting: list[_Waiter] = []
        self._sweep_at = SWEEP

    def _scopes(self, channel_id: int | None, route: Route) -> tuple[_Scope, ...]:
        if channel_id is None or route is Route.OPEN_DM:
            return (self._global,)
        key = (channel_id, route)
        channel = self._channels.get(key)
        if channel is None:
            if len(self._channels) >= self._sweep_at:
                self._sweep()
            channel = self._channels[key] = _Scope(self._budget.channel_requests, self._budget.channel_window)
        return (self._global, channel)

    def _sweep(self) -> None:
        """Forget the channels with nothing under way or in their window (a bot meets ever more threads and DMs)."""
        now = asyncio.get_running_loop().time()
        waited = {id(scope) for waiter in self._waiting for scope in waiter.scopes}
        self._channels = {
            key: scope
            for key, scope in self._channels.items()
            if id(scope) in waited or not scope.room(now) or scope.busy or scope.done
        }
        self._sweep_at = max(SWEEP, 2 * len(self._channels))

    def wait(self, channel_id: int, route: Route) -> float:
        """Seconds until the channel's bucket for ``route`` has room (0: now); the global budget aside."""
        return self._scopes(channel_id, route)[-1].wait(asyncio.get_running_loop().time())

    @asynccontextmanager
    async def slot(self, channel_id: int | None, route: Route, *, first: bool = False) -> AsyncIterator[None]:
        """Hold a slot for one request (``route`` in channel ``channel_id``) while it is made; waits for room,
        and while a ``first`` request could go, lets it go first."""
        loop = asyncio.get_running_loop()
        waiter = _Waiter(first, self._scopes(channel_id, route))
        self._waiting.append(waiter)
        try:
            while (delay := self._delay(waiter, loop.time())) > 0:
                await asyncio.sleep(delay)
        finally:
            self._waiting.remove(waiter)
        for scope in waiter.scopes:
            scope.busy += 1
        try:
            yield
        finally:
            done = loop.time()
            for scope in waiter.scopes:
                scope.busy -= 1
                scope.done.append(done)

    def _delay(self, waiter: _Waiter, now: float) -> float:
        """0 when ``waiter`` may go now, else the seconds before it asks again."""
        wait = max(scope.wait(now) for scope in waiter.scopes)
        if wait > 0 or waiter.first:
            return wait
        ready = any(other.first and all(scope.room(now) for scope in other.scopes) for other in self._waiting)
        return POLL if ready else 0.0
