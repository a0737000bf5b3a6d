"""Redraws from outside an interaction (:class:`Redraws`): which process edits which message, and the edit.

Each message is edited by the one process that owns its channel (the guild's shard for a table, shard 0
for DMs), so all of a channel's edits share one budget (:mod:`.edits`): what this process does not own
is handed to its owner by a redraw notice through the database, and the owner reloads the game and
redraws the latest (:meth:`Redraws.heard`).

An edit that does not land for a passing reason (Discord's 5xx or 429, the network, the database) is owed
(:class:`.edits.Owed`) and tried again with the latest table; one Discord says is gone (Unknown Message,
an archived thread) is not. When the database was the reason, every owed redraw is tried again the moment
it answers (``service.recovery``).
"""

import asyncio
import logging
from collections.abc import Callable

import aiohttp
import discord

from bot.core.errors import ServiceError
from bot.core.service import Table, TableService
from bot.store import StoreError, StoreUnavailableError
from bot.ui.present.drawing import Drawer
from bot.ui.present.edits import Backoff, EditQueue, Owed, Redraw
from bot.ui.present.hands import Hands
from bot.ui.present.readers import table_words
from bot.ui.present.requests import EditBudget, Requests, Route
from bot.ui.present.threads import Threads
from games.base import Seat

log = logging.getLogger(__name__)

Owns = Callable[[int | None], bool]
"""Whether this process edits the messages of a guild (None: of DMs)."""
ARCHIVED_THREAD = 50083
"""Discord's code for an edit refused because the message's thread is archived: the message is gone for us."""
TOO_MANY_REQUESTS = 429
NETWORK_ERRORS = (aiohttp.ClientError, OSError, TimeoutError)


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
        backoff: Backoff | None = None,
    ) -> None:
        self._client = client
        self._service = service
        self._drawer = drawer
        self._hands = hands
        self._threads = threads
        self._owns = owns
        self._handing_over: set[asyncio.Task[None]] = set()
        self._requests = requests
        self.edits = EditQueue(self._edit, budget, self._requests, backoff)
        service.recovery.listen(self.edits.retry_now)

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

    async def hand_shown(self, table: Table, seat: Seat, message_id: int) -> None:
        """A seat's hand message now shows ``table`` (in memory, and in the database for healing)."""
        self.edits.shows(message_id, table.version)
        await self._service.mark_hand_shown(table.game_id, seat, table.version)

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
        """The queue's sender: edit one message to show ``redraw``; raises :class:`Owed` when the edit is to
        be tried again."""
        table = redraw.table
        try:
            if redraw.tries:
                latest = await self._service.table(table.game_id)  # tried again: with the latest table
                if latest.version != table.version:
                    table = redraw.table = latest
                    redraw.note = ""
            await self._draw(channel_id, message_id, redraw, table)
        except discord.NotFound:
            log.warning("a message of game %s is gone", table.game_id)
            if redraw.seat is not None:
                await self._forget_hand(table, redraw.seat)
        except discord.HTTPException as error:
            if error.status >= 500 or error.status == TOO_MANY_REQUESTS:
                raise Owed(f"Discord {error.status}") from error
            if error.code == ARCHIVED_THREAD:
                log.warning("a message of game %s is in an archived thread; it is left as it is", table.game_id)
                return
            log.exception("could not redraw a message of game %s", table.game_id)
        except NETWORK_ERRORS as error:
            raise Owed("network") from error
        except StoreUnavailableError as error:
            self._service.recovery.failed()
            raise Owed("the database") from error
        except ServiceError:
            log.warning("game %s is no longer there to redraw", table.game_id)
        except Exception:
            log.exception("could not redraw a message of game %s", table.game_id)

    async def _draw(self, channel_id: int, message_id: int, redraw: Redraw, table: Table) -> None:
        """Edit one message to show ``table`` (a race's end goes back to its channel)."""
        message = self._client.get_partial_messageable(channel_id).get_partial_message(message_id)
        if redraw.seat is not None:
            await self._hands.edit(message, table, redraw.seat)
            await self.hand_shown(table, redraw.seat, message_id)
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
            self.edits.shows(message_id, table.version)
            await self._service.mark_shown(table.game_id, table.version)

    async def _forget_hand(self, table: Table, seat: Seat) -> None:
        try:
            await self._service.set_seat_message(table.game_id, seat, None, None)
        except StoreError:
            log.warning("could not forget the gone hand message of game %s", table.game_id)
