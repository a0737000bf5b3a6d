"""Edits made from outside an interaction, within Discord's budget (:class:`EditQueue`).

Discord allows about 5 edits per 5 seconds for all of a bot's messages in one channel (a DM is a
channel too), and discord.py makes later edits wait. So each channel has one worker that edits its
messages in turn, when the channel's edits have room in the bot's request budget (:mod:`.requests`, which
also keeps the bot's requests in all channels under Discord's global limit): a message at most once a
second (:class:`EditBudget`), the one edited longest ago first, and only the latest table asked for each
message (asking again before the edit replaces what waits). The spacing is counted from when the previous
edit was done, after its picture was rendered and after any wait of discord.py's own, so two edits of one
message never land closer than it allows. Edits that answer a click do not count against the budget.

A redraw is owed until it is done: when an edit does not land for a passing reason (Discord answers 5xx or
429, the network fails, the database does not answer), the sender raises :class:`Owed` and the redraw
waits again, with its latest table, to be tried after a growing, jittered wait (:class:`Backoff`), still
within the budget, until it lands or the message is gone. An edit that lands brings the others owed
forward (whatever failed is likely back), and :meth:`EditQueue.retry_now` tries them all at once (the
database answers again). The log says when redraws begin to fail, with each new cause, and once all have
landed and none failed for a while, how many messages it took and over how long (:class:`_Troubles`).
"""

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.core.service import Table
from bot.ops import metrics
from bot.ops.failures import QUIET_SECONDS
from bot.ui.present.requests import EditBudget, Requests, Route
from games.base import Seat

log = logging.getLogger(__name__)




@dataclass(frozen=True)
class Backoff:
    """How long an owed redraw waits before its next try: ``first`` seconds after its first failure, twice
    as long after each next one up to ``longest``, each wait drawn between half of it and all of it (so
    redraws owed together do not all come back at once)."""

    first: float = 1.0
    longest: float = 15.0

    def wait(self, tries: int, draw: float) -> float:
        """The wait after ``tries`` failures in a row, for a ``draw`` in [0, 1)."""
        return min(self.longest, self.first * 2 ** max(0, tries - 1)) * (0.5 + draw / 2)


class Owed(Exception):
    """Raised by a sender whose edit did not land for a passing reason; the redraw is tried again later.

    ``cause`` names the reason in a few words (``"Discord 503"``, ``"the database"``) for the log."""

    def __init__(self, cause: str) -> None:
        super().__init__(cause)
        self.cause = cause


@dataclass
class Redraw:
    """A message to draw again: a table message, or a seat's hand message."""

    table: Table
    note: str = ""
    seat: Seat | None = None
    """None: the public table message; a seat: that seat's hand message (a DM)."""
    force: bool = False
    """Edit even when the message seems to show this version already (it was drawn over since)."""
    asked_at: float = 0.0
    """When the oldest of the asks it stands for was made (the event loop's clock)."""
    tries: int = 0
    """Tries that failed in a row (0: never tried, or not owed)."""
    not_before: float = float("-inf")
    """When an owed redraw may be tried again (the event loop's clock)."""

    def needed(self, shown: int) -> bool:
        """Whether a message that shows version ``shown`` must be edited to show this."""
        # A lobby's seats change without a new version, so only dealt tables and hands can be up to date.
        up_to_date = self.table.version <= shown and (self.seat is not None or self.table.status == "active")
        return self.force or bool(self.note) or not up_to_date


Send = Callable[[int, int, Redraw], Awaitable[None]]
"""Edits one message (channel id, message id) to show a redraw; raises :class:`Owed` when it is to be tried
again, and answers every other error itself."""


class _Channel:
    """One channel's recent edits and the messages waiting to be redrawn in it."""

    def __init__(self) -> None:
        self.dirty: dict[int, Redraw] = {}
        self.worker: asyncio.Task[None] | None = None
        self.nap: asyncio.Task[None] | None = None
        """The worker's wait for the next edit it may make; cut short when a redraw is asked for or brought
        forward (a plain sleep in a task of its own, so a simulated clock can move it)."""

    async def wait(self, seconds: float) -> None:
        """Wait ``seconds``, or less when :meth:`wake` is called meanwhile."""
        self.nap = asyncio.create_task(asyncio.sleep(seconds), name="peapod-redraw-wait")
        try:
            await self.nap
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if current is not None and current.cancelling():
                raise  # the worker itself is cancelled
        finally:
            self.nap = None

    def wake(self) -> None:
        if self.nap is not None:
            self.nap.cancel()


class EditQueue:
    """The redraws waiting in each channel, sent by ``send`` within ``budget``; remembers which version
    each message shows, so a redraw of what a message already shows is not sent. A channel's next edit waits
    until its edits have room in ``requests`` (a budget of its own when none is shared), where ``send`` takes
    the slot of each request it makes."""

    def __init__(
        self,
        send: Send,
        budget: EditBudget | None = None,
        requests: Requests | None = None,
        backoff: Backoff | None = None,
        draw: Callable[[], float] = random.random,
    ) -> None:
        self._send = send
        self._budget = budget or EditBudget()
        self._requests = requests or Requests(self._budget)
        self.backoff = backoff or Backoff()
        self.draw = draw
        """Draws the jitter of each backoff, in [0, 1) (tests give a fixed one)."""
        self._channels: dict[int, _Channel] = {}
        self._edited: dict[int, float] = {}
        self._shown: dict[int, int] = {}
        self._owed: dict[int, str] = {}
        """The messages whose last try failed, and why."""
        self._troubles = _Troubles()

    def put(self, channel_id: int, message_id: int, redraw: Redraw) -> None:
        """Ask for a message to show ``redraw``; returns at once. A newer table replaces one still waiting."""
        channel = self._channels.setdefault(channel_id, _Channel())
        redraw.asked_at = asyncio.get_running_loop().time()
        metrics.redraw_queued()
        waiting = channel.dirty.get(message_id)
        if waiting is None or waiting.table.version <= redraw.table.version:
            if waiting is not None:
                redraw.force = redraw.force or waiting.force
                redraw.asked_at = waiting.asked_at
                redraw.tries, redraw.not_before = waiting.tries, waiting.not_before
            channel.dirty[message_id] = redraw
        self._start(channel, channel_id)

    def _start(self, channel: _Channel, channel_id: int) -> None:
        channel.wake()
        if channel.worker is None or channel.worker.done():
            channel.worker = asyncio.create_task(self._work(channel, channel_id), name="peapod-redraw")

    def retry_now(self) -> None:
        """Try every owed redraw as soon as the budget allows (what failed answers again)."""
        self._bring_forward(lambda: float("-inf"))

    @property
    def owed(self) -> int:
        """How many messages are owed a redraw whose last try failed."""
        return len(self._owed)

    def _bring_forward(self, when: Callable[[], float]) -> None:
        for channel_id, channel in self._channels.items():
            moved = False
            for redraw in channel.dirty.values():
                if redraw.tries:
                    sooner = when()
                    if sooner < redraw.not_before:
                        redraw.not_before, moved = sooner, True
            if moved:
                self._start(channel, channel_id)

    def shows(self, message_id: int, version: int) -> None:
        """The message was drawn (by an answer to a click, or a new message) showing ``version``."""
        self._shown[message_id] = max(self._shown.get(message_id, -1), version)

    @property
    def waiting(self) -> int:
        """How many redraws wait to be sent, in every channel."""
        return sum(len(channel.dirty) for channel in self._channels.values())

    async def drain(self) -> None:
        """Send every redraw asked for (within the budget) and return once none waits."""
        while any(channel.worker is not None and not channel.worker.done() for channel in self._channels.values()):
            await asyncio.gather(
                *(channel.worker for channel in self._channels.values() if channel.worker is not None),
                return_exceptions=True,
            )

    def _ready_at(self, message_id: int, redraw: Redraw) -> float:
        return max(self._edited.get(message_id, float("-inf")) + self._budget.message_spacing, redraw.not_before)

    async def _work(self, channel: _Channel, channel_id: int) -> None:
        loop = asyncio.get_running_loop()
        while channel.dirty:
            now = loop.time()
            message_id = min(
                channel.dirty,
                key=lambda mid: (self._ready_at(mid, channel.dirty[mid]), self._edited.get(mid, float("-inf"))),
            )
            wait = self._ready_at(message_id, channel.dirty[message_id]) - now
            wait = max(wait, self._requests.wait(channel_id, Route.EDIT))
            if wait > 0:
                await channel.wait(wait)
                continue
            redraw = channel.dirty.pop(message_id)
            if not redraw.needed(self._shown.get(message_id, -1)):
                self._settled(message_id, landed=False)
                continue
            try:
                await self._send(channel_id, message_id, redraw)
            except Owed as owed:
                self._owe(channel, message_id, redraw, owed.cause, loop.time())
                continue
            finally:
                done = loop.time()
                self._edited[message_id] = done
            self._settled(message_id, landed=True)
            game_id, delay = redraw.table.game_id, done - redraw.asked_at
            metrics.redraw_done(delay)
            log.debug("message %s of game %s redrawn %.2f s after it was asked", message_id, game_id, delay)

    def _owe(self, channel: _Channel, message_id: int, redraw: Redraw, cause: str, now: float) -> None:
        """The redraw did not land: it waits again (unless a newer one does), to be tried after its backoff."""
        self._troubles.failed(cause, now)
        self._owed[message_id] = cause
        metrics.redraw_owed(cause, len(self._owed))
        redraw.tries += 1
        redraw.not_before = now + self.backoff.wait(redraw.tries, self.draw())
        log.debug(
            "message %s of game %s owed (%s, try %d), next try in %.2f s",
            message_id,
            redraw.table.game_id,
            cause,
            redraw.tries,
            redraw.not_before - now,
        )
        newer = channel.dirty.get(message_id)
        if newer is None:
            channel.dirty[message_id] = redraw
        else:
            newer.tries, newer.not_before = redraw.tries, redraw.not_before
            newer.asked_at = min(newer.asked_at, redraw.asked_at)

    def _settled(self, message_id: int, *, landed: bool) -> None:
        """A message's redraw landed (or was not needed, or was given up): it is owed no more; when it was,
        the others owed are brought forward."""
        if self._owed.pop(message_id, None) is None:
            return
        metrics.redraw_owed(None, len(self._owed))
        loop = asyncio.get_running_loop()
        self._troubles.landed(message_id, none_owed=not self._owed, now=loop.time())
        if self._owed and landed:
            self._bring_forward(lambda: loop.time() + self.backoff.wait(1, self.draw()))


class _Troubles:
    """What the log says of failing redraws, in a few lines however long the trouble lasts: a WARNING at the
    first failure of each cause, and one INFO line once every owed redraw has landed and none has failed for
    :data:`QUIET_SECONDS` (how many messages, how many failed tries, over how long)."""

    def __init__(self) -> None:
        self._causes: set[str] = set()
        self._messages: set[int] = set()
        self._failures = 0
        self._since = 0.0
        self._closing: asyncio.TimerHandle | None = None

    def failed(self, cause: str, now: float) -> None:
        if self._closing is not None:
            self._closing.cancel()
            self._closing = None
        if not self._causes:
            self._since = now
        if cause not in self._causes:
            self._causes.add(cause)
            log.warning("redraws are failing (%s); each is tried again, with backoff, until it lands", cause)
        self._failures += 1

    def landed(self, message_id: int, *, none_owed: bool, now: float) -> None:
        self._messages.add(message_id)
        if none_owed and self._causes:
            if self._closing is not None:
                self._closing.cancel()
            self._closing = asyncio.get_running_loop().call_later(QUIET_SECONDS, self._over, now)

    def _over(self, landed_at: float) -> None:
        self._closing = None
        log.info(
            "every owed redraw has landed: %d messages, after %d failed tries over %.1f s (%s)",
            len(self._messages),
            self._failures,
            landed_at - self._since,
            ", ".join(sorted(self._causes)),
        )
        self._causes.clear()
        self._messages.clear()
        self._failures = 0
