"""Direct messages (:class:`Hands`): each player's hand message, and the short DMs that tell a player it is
their turn or that a deadline nears.

A DM goes straight to the player's DM channel, whose id is remembered (:meth:`Hands.dm_channel`): one request
each, never a look-up of the user first. A player's hand message is sent when they sit down (which is also
the check that the bot can DM them); when Discord refuses (403, code 50007) that is remembered, the player
is told once to use the table's hand button, and no DM is tried again. A DM that fails otherwise (Discord's 5xx) is
not tried again (a hand message that could not be sent leaves that game's hand to the table's button, as when DMs
are closed), and the log says so in one line per cause, not once per DM.
"""

import logging

import discord
from discord import ui

from bot.core.service import Table, TableService
from bot.i18n import N_
from bot.ops.failures import Intermittent, cause_of
from bot.text import shorten
from bot.ui.present.drawing import Drawer
from bot.ui.present.readers import seat_words
from bot.ui.present.requests import Requests, Route
from games.base import Seat
from games.phrases import Phrase

log = logging.getLogger(__name__)

DMS_CLOSED = N_(
    "I can't send you direct messages, so your hand will not come by DM: press **{label}** on the table "
    "whenever you want to see it and play."
)
YOUR_TURN = N_("your turn.")
DM_FORBIDDEN = 50007


class Hands:
    """Sends and edits the players' hand messages, and DMs them a word when it matters."""

    def __init__(self, client: discord.Client, service: TableService, drawer: Drawer, requests: Requests) -> None:
        self._client = client
        self._requests = requests
        self._service = service
        self._drawer = drawer
        self._pinged: dict[tuple[int, Seat], int] = {}
        self.failures = Intermittent("could not DM players (a DM is not tried again)", "DMs reach players again", log)
        """The DMs that did not go out, said in a few lines."""

    async def send(self, table: Table, seat: Seat, view: ui.LayoutView) -> bool:
        """Send a seat's hand message by DM and remember it; False (and remembered) when DMs are closed."""
        user_id = table.seats[seat].user_id
        if user_id is None:
            return False
        try:
            channel = await self.dm_channel(user_id)
            async with self._requests.slot(channel.id, Route.POST):
                message = await channel.send(view=view)
        except discord.Forbidden as error:
            if error.code == DM_FORBIDDEN or error.status == 403:
                await self._service.set_dm_closed(user_id, True)
            return False
        except discord.HTTPException as error:
            self._failed(table, seat, error)  # not now (a 5xx): this game's hand is shown by the table's button
            return False
        self.failures.passed()
        await self._service.set_seat_message(table.game_id, seat, channel.id, message.id)
        return True

    async def dm_channel(self, user_id: int) -> discord.PartialMessageable:
        """The user's DM channel with the bot, to send to without asking Discord anything first: its id as
        remembered (it never changes); else the channel is opened (one request, once) and remembered."""
        known = await self._service.dm_channel(user_id)
        if known is None:
            user = self._client.get_user(user_id)
            opened = user.dm_channel if user is not None else None
            if opened is None:
                async with self._requests.slot(None, Route.OPEN_DM):
                    opened = await self._client.create_dm(discord.Object(user_id))
            known = opened.id
            await self._service.set_dm_channel(user_id, known)
        return self._client.get_partial_messageable(known, type=discord.ChannelType.private)

    async def edit(self, message: discord.PartialMessage, table: Table, seat: Seat) -> None:
        """Redraw a seat's hand message, in its player's words."""
        words = await seat_words(self._client, table, seat)
        parts = await self._drawer.panel(table, seat, words)
        async with self._requests.slot(message.channel.id, Route.EDIT):
            await message.edit(**parts.edit())

    async def notify(self, table: Table, seat: Seat, what: Phrase | str) -> None:
        """A short DM to a seat's player (a warning, a turn: a phrase, or a message id), in the words they last
        used; nothing when their DMs are closed."""
        user_id = table.seats[seat].user_id
        if user_id is None or await self._service.dm_closed(user_id):
            return
        words = await seat_words(self._client, table, seat)
        said = words.phrase(what) if isinstance(what, Phrase) else words(what)
        about = {"game": table.title, "game_id": table.game_id, "text": said}
        if table.guild_id is not None and table.message_id is not None:
            link = f"https://discord.com/channels/{table.guild_id}/{table.message_channel_id}/{table.message_id}"
            text = words("**{game}** (game #{game_id}): {text} {link}", link=link, **about)
        else:
            text = words("**{game}** (game #{game_id}): {text}", **about)
        try:
            channel = await self.dm_channel(user_id)
            async with self._requests.slot(channel.id, Route.POST):
                await channel.send(shorten(text))
        except discord.Forbidden:
            await self._service.set_dm_closed(user_id, True)
        except discord.HTTPException as error:
            self._failed(table, seat, error)
        else:
            self.failures.passed()

    def _failed(self, table: Table, seat: Seat, error: discord.HTTPException) -> None:
        log.debug("could not DM the player of seat %s in game %s", seat, table.game_id)
        self.failures.failed(cause_of(error))

    async def ping_turn(self, table: Table, seat: Seat) -> None:
        """When it has just become a seat's turn, a short DM so its player is notified."""
        key = (table.game_id, seat)
        if table.turn != seat or table.seats[seat].away:
            self._pinged.pop(key, None)
            return
        if key not in self._pinged:
            self._pinged[key] = table.version
            await self.notify(table, seat, YOUR_TURN)
