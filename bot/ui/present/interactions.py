"""Tables where peapod is not a member (:class:`InteractionDelivery`): a DM or group DM between people, or a
server that never added peapod, where only the person who installed it to themselves brings it in.

There peapod cannot post in the channel, open a thread or DM anyone. A table is the message of the interaction
that dealt it (its response), and every click on it answers by editing that same message. Each interaction
comes with a token that edits its message for 15 minutes: the freshest is kept in the database with its
expiry (:meth:`InteractionDelivery.keep`), so a redraw asked from outside a click (a typed move, a restart's
healing) edits the table through it, within the edit budget, while it is fresh. Once it is about to expire
nothing is sent on it: the table waits as it is, and the next click on it draws the latest.
"""

import logging

import discord

from bot.core.places import TOKEN_MARGIN
from bot.core.service import Table, TableService
from bot.ui.present.drawing import Drawer
from bot.ui.present.edits import EditQueue, Redraw
from bot.ui.present.readers import table_words
from bot.ui.present.requests import EditBudget

log = logging.getLogger(__name__)


class InteractionDelivery:
    """Edits the table messages of places where peapod is not a member through their interactions' tokens."""

    def __init__(
        self, client: discord.Client, service: TableService, drawer: Drawer, budget: EditBudget | None = None
    ) -> None:
        self._client = client
        self._service = service
        self._drawer = drawer
        self.edits = EditQueue(self._edit, budget)

    async def keep(self, interaction: discord.Interaction, table: Table, message_id: int) -> None:
        """``interaction`` answered with (or on) the table message ``message_id``: keep its token for that message."""
        await self._service.keep_token(table.game_id, message_id, interaction.token, interaction.expires_at.timestamp())

    def redraw(self, table: Table, note: str = "") -> None:
        """Ask for the table message to show ``table`` (through its freshest token); returns at once."""
        if table.channel_id is not None and table.message_id is not None:
            self.edits.put(table.channel_id, table.message_id, Redraw(table, note))

    async def shown(self, table: Table) -> None:
        """The table message now shows ``table`` (in memory, and in the database for healing)."""
        if table.message_id is None:
            return
        self.edits.shows(table.message_id, table.version)
        await self._service.mark_shown(table.game_id, table.version)

    async def catch_up(self, table: Table) -> None:
        """After an answer drew ``table`` over its message, make sure a move saved meanwhile still shows."""
        latest = await self._service.table(table.game_id)
        if latest.version != table.version and latest.channel_id is not None and latest.message_id is not None:
            self.edits.put(latest.channel_id, latest.message_id, Redraw(latest, force=True))

    async def _edit(self, channel_id: int, message_id: int, redraw: Redraw) -> None:
        """The queue's sender: edit the table message through its token, or leave it waiting for a click."""
        table = redraw.table
        token = await self._service.fresh_token(table.game_id, message_id, margin=TOKEN_MARGIN)
        if token is None or self._client.application_id is None:
            log.info("game %s waits for a click: its table's token is spent", table.game_id)
            return
        webhook = discord.Webhook.partial(self._client.application_id, token, client=self._client)
        try:
            parts = await self._drawer.table(table, await table_words(self._client, table), note=redraw.note)
            await webhook.edit_message(message_id, **parts.edit())
            await self.shown(table)
        except discord.NotFound:
            log.warning("the table message of game %s is gone, or its token was refused", table.game_id)
        except Exception:
            log.exception("could not redraw the table of game %s through its token", table.game_id)
