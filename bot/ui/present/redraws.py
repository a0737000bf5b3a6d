"""Redraws from outside an interaction (:class:`Redraws`): which process edits which message, and the edit.

Each message is edited by the one process that owns its channel (the guild's shard for a table, shard 0
for DMs), so all of a channel's edits share one budget (:mod:`.edits`): what this process does not own
is handed to its owner by a redraw notice through the database, and the owner reloads the game and
redraws the latest (:meth:`Redraws.heard`).
"""

import asyncio
import logging
from collections.abc import Callable

import discord

from bot.core.errors import ServiceError
from bot.core.service import Table, TableService
from bot.ui.present.drawing import Drawer
from bot.ui.present.edits import EditQueue, Redraw
from bot.ui.present.hands import Hands
from bot.ui.present.readers import table_words
from bot.ui.present.requests import EditBudget, Requests, Route
from bot.ui.present.threads import Threads

log = logging.getLogger(__name__)

Owns = Callable[[int | None], bool]
"""Whether this process edits the messages of a guild (None: of DMs)."""


class Redraws:
    """Keeps table messages and the players' hand messages showing the latest table, within the budget."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        drawer: Drawer,
        hands: Hands,
        threads: Threads,
        *,
        owns: Owns,
        requests: Requests,
        budget: EditBudget | None = None,
    ) -> None:
        self._client = client
        self._service = service
        self._drawer = drawer
        self._hands = hands
        self._threads = threads
        self._owns = owns
        self._handing_over: set[asyncio.Task[None]] = set()
        self._requests = requests
        self.edits = EditQueue(self._edit, budget, self._requests)

    def redraw(self, table: Table, note: str = "") -> None:
        """Ask for the table message (and the players' hand messages) to show ``table``; returns at once.

        It is never awaited while a game's lock is held, and a busy table never delays the next click."""
        handed = False
        if table.message_channel_id is not None and table.message_id is not None:
            if self._owns(table.guild_id):
                self.edits.put(table.message_channel_id, table.message_id, Redraw(table, note))
            else:
                handed = True
        if not self._deliver(table) or handed:
            self._hand_over(table.game_id)

    def hands(self, table: Table) -> None:
        """Queue the game's hand messages here, or hand them to the process that owns DMs."""
        if not self._deliver(table):
            self._hand_over(table.game_id)

    async def heard(self, game_id: int) -> None:
        """A redraw notice (from any process): redraw what this process owns of the game, where it lags."""
        try:
            table = await self._service.table(game_id)
        except ServiceError:
            return
        if table.message_channel_id is not None and table.message_id is not None and self._owns(table.guild_id):
            self.edits.put(table.message_channel_id, table.message_id, Redraw(table))
        self._deliver(table)

    async def catch_up(self, table: Table) -> None:
        """After an answer drew ``table``'s position over its message, make sure a move saved meanwhile
        still shows (the click's answer may land after the move's redraw)."""
        if table.message_id is None or table.message_channel_id is None:
            return
        latest = await self._service.table(table.game_id)
        if latest.version != table.version:
            self.edits.put(table.message_channel_id, table.message_id, Redraw(latest, force=True))

    async def shown(self, table: Table) -> None:
        """The table message now shows ``table`` (in memory, and in the database for healing)."""
        if table.message_id is None:
            return
        self.edits.shows(table.message_id, table.version)
        await self._service.mark_shown(table.game_id, table.version)

    def _deliver(self, table: Table) -> bool:
        """Queue every hand message of a game whose hands live in DMs; False when another process owns DMs."""
        if not self._drawer.kind(table).hand_in_dm or table.public is None:
            return True
        if not self._owns(None):
            return False
        for seat in table.seats:
            if seat.user_id is not None and seat.dm_channel_id is not None and seat.dm_message_id is not None:
                self.edits.put(seat.dm_channel_id, seat.dm_message_id, Redraw(table, seat=seat.seat))
        return True

    def _hand_over(self, game_id: int) -> None:
        task = asyncio.create_task(self._service.hand_over(game_id), name="peapod-hand-over")
        self._handing_over.add(task)
        task.add_done_callback(self._handed_over)

    def _handed_over(self, task: asyncio.Task[None]) -> None:
        self._handing_over.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("could not hand a redraw to its owner", exc_info=task.exception())

    async def _edit(self, channel_id: int, message_id: int, redraw: Redraw) -> None:
        """The queue's sender: edit one message to show ``redraw`` (a race's end goes back to its channel)."""
        table = redraw.table
        message = self._client.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            if redraw.seat is not None:
                await self._hands.edit(message, table, redraw.seat)
                self.edits.shows(message_id, table.version)
                await self._hands.ping_turn(table, redraw.seat)
            elif table.finished and table.in_thread:
                left = await self._threads.close(message, table)
                if left and table.channel_id is not None and table.thread_id is not None:
                    self.edits.put(table.channel_id, table.thread_id, Redraw(await self._service.table(table.game_id)))
            else:
                words = await table_words(self._client, table)
                parts = await self._drawer.table(table, words, note=redraw.note)
                async with self._requests.slot(channel_id, Route.EDIT):
                    await message.edit(**parts.edit())
                await self.shown(table)
        except discord.NotFound:
            log.warning("a message of game %s is gone", table.game_id)
            if redraw.seat is not None:
                await self._service.set_seat_message(table.game_id, redraw.seat, None, None)
        except Exception:
            log.exception("could not redraw a message of game %s", table.game_id)
