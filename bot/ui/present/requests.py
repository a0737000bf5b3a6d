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
them for the global budget. The waits are timers on the event loop's clock (SimCord's simulated one in
tests), never sleeps of their own.
"""

import asyncio
import collections
import enum
import itertools
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

    def free_at(self, now: float) -> float:
        """When a slot frees without a request ending (inf: only the end of one under way frees it)."""
        return self.done[0] + self.window if self.room(now) is False and self.done else float("inf")


@dataclass
class _Waiter:
    order: tuple[int, int]
    scopes: tuple[_Scope, ...]
    granted: asyncio.Future[None]


class Requests:
    """The bot's requests outside interactions, within ``budget`` (global and per channel and route)."""

    def __init__(self, budget: EditBudget | None = None) -> None:
        self._budget = budget or EditBudget()
        self._global = _Scope(self._budget.global_requests, self._budget.global_window)
        self._channels: dict[tuple[int, Route], _Scope] = {}
        self._waiting: list[_Waiter] = []
        self._count = itertools.count()
        self._timer: asyncio.TimerHandle | None = None

    def _scopes(self, channel_id: int | None, route: Route) -> tuple[_Scope, ...]:
        if channel_id is None or route is Route.OPEN_DM:
            return (self._global,)
        budget = self._budget
        channel = self._channels.setdefault((channel_id, route), _Scope(budget.channel_requests, budget.channel_window))
        return (self._global, channel)

    def wait(self, channel_id: int, route: Route) -> float:
        """Seconds until the channel's bucket for ``route`` has room (0: now); the global budget aside."""
        now = asyncio.get_running_loop().time()
        channel = self._scopes(channel_id, route)[-1]
        return 0.0 if channel.room(now) else max(0.0, channel.free_at(now) - now)

    @asynccontextmanager
    async def slot(self, channel_id: int | None, route: Route, *, first: bool = False) -> AsyncIterator[None]:
        """Hold a slot for one request (``route`` in channel ``channel_id``) while it is made; waits for room,
        behind every ``first`` request waiting and every earlier one of the same rank."""
        loop = asyncio.get_running_loop()
        scopes = self._scopes(channel_id, route)
        waiter = _Waiter((0 if first else 1, next(self._count)), scopes, loop.create_future())
        self._waiting.append(waiter)
        self._grant()
        try:
            await waiter.granted
        except asyncio.CancelledError:
            if waiter in self._waiting:
                self._waiting.remove(waiter)
            elif not waiter.granted.cancelled():
                self._end(scopes, at=None)
            raise
        try:
            yield
        finally:
            self._end(scopes, at=loop.time())

    def _end(self, scopes: tuple[_Scope, ...], *, at: float | None) -> None:
        for scope in scopes:
            scope.busy -= 1
            if at is not None:
                scope.done.append(at)
        self._grant()

    def _grant(self) -> None:
        """Let every waiting request that fits go, first ones first; wake up again when one may fit."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        self._waiting.sort(key=lambda waiter: waiter.order)
        for waiter in list(self._waiting):
            if waiter.granted.done():
                self._waiting.remove(waiter)
                continue
            if not self._global.room(now):
                break
            if all(scope.room(now) for scope in waiter.scopes):
                for scope in waiter.scopes:
                    scope.busy += 1
                self._waiting.remove(waiter)
                waiter.granted.set_result(None)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._waiting:
            wake = min(scope.free_at(now) for waiter in self._waiting for scope in waiter.scopes)
            if wake != float("inf"):
                self._timer = loop.call_at(wake, self._grant)
