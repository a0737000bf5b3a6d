"""Edits made from outside an interaction, within Discord's budget (:class:`EditQueue`).

Discord allows about 5 edits per 5 seconds for all of a bot's messages in one channel (a DM is a
channel too), and discord.py makes later edits wait. So each channel has one worker that edits its
messages in turn, when the channel's edits have room in the bot's request budget (:mod:`.requests`, which
also keeps the bot's requests in all channels under Discord's global limit): a message at most once a
second (:class:`EditBudget`), the one edited longest ago first, and only the latest table asked for each
message (asking again before the edit replaces what waits). The spacing is counted from when the previous
edit was done, after its picture was rendered and after any wait of discord.py's own, so two edits of one
message never land closer than it allows. Edits that answer a click do not count against the budget.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.core.service import Table
from bot.ops import metrics
from bot.ui.present.requests import EditBudget, Requests, Route
from games.base import Seat

log = logging.getLogger(__name__)


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

    def needed(self, shown: int) -> bool:
        """Whether a message that shows version ``shown`` must be edited to show this."""
        # A lobby's seats change without a new version, so only dealt tables and hands can be up to date.
        up_to_date = self.table.version <= shown and (self.seat is not None or self.table.status == "active")
        return self.force or bool(self.note) or not up_to_date


Send = Callable[[int, int, Redraw], Awaitable[None]]
"""Edits one message (channel id, message id) to show a redraw; it answers every error itself."""


class _Channel:
    """One channel's recent edits and the messages waiting to be redrawn in it."""

    def __init__(self) -> None:
        self.dirty: dict[int, Redraw] = {}
        self.worker: asyncio.Task[None] | None = None


class EditQueue:
    """The redraws waiting in each channel, sent by ``send`` within ``budget``; remembers which version
    each message shows, so a redraw of what a message already shows is not sent. A channel's next edit waits
    until its edits have room in ``requests`` (a budget of its own when none is shared), where ``send`` takes
    the slot of each request it makes."""

    def __init__(self, send: Send, budget: EditBudget | None = None, requests: Requests | None = None) -> None:
        self._send = send
        self._budget = budget or EditBudget()
        self._requests = requests or Requests(self._budget)
        self._channels: dict[int, _Channel] = {}
        self._edited: dict[int, float] = {}
        self._shown: dict[int, int] = {}

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
            channel.dirty[message_id] = redraw
        if channel.worker is None or channel.worker.done():
            channel.worker = asyncio.create_task(self._work(channel, channel_id), name="peapod-redraw")

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

    async def _work(self, channel: _Channel, channel_id: int) -> None:
        loop = asyncio.get_running_loop()
        budget = self._budget
        while channel.dirty:
            now = loop.time()
            message_id = min(channel.dirty, key=lambda mid: self._edited.get(mid, float("-inf")))
            wait = self._edited.get(message_id, float("-inf")) + budget.message_spacing - now
            wait = max(wait, self._requests.wait(channel_id, Route.EDIT))
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            redraw = channel.dirty.pop(message_id)
            if not redraw.needed(self._shown.get(message_id, -1)):
                continue
            try:
                await self._send(channel_id, message_id, redraw)
            finally:
                done = loop.time()
                self._edited[message_id] = done
            game_id, delay = redraw.table.game_id, done - redraw.asked_at
            metrics.redraw_done(delay)
            log.debug("message %s of game %s redrawn %.2f s after it was asked", message_id, game_id, delay)
