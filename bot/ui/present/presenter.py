"""The presenter: the parts of :mod:`bot.ui.present` composed in one place, and the answers to interactions.

- :meth:`Presenter.post` / :meth:`Presenter.publish` post a table message (a new game, or a lobby);
  a game is only active once its message exists; a race just dealt goes into a thread of its own;
- :meth:`Presenter.show_here` and :meth:`Presenter.show_pick` edit the message a click came from, as
  the click's own answer;
- :meth:`Presenter.open_panel` / :meth:`Presenter.show_panel` give a seat its private panel;
- :meth:`Presenter.redraw` edits a table message (and its hand messages) from outside an interaction,
  coalesced and within Discord's budget (:mod:`.redraws`, :mod:`.edits`);
- where peapod is not a member (a DM or group DM between people, a server that never added it), a table is
  its interaction's own message, edited by each click and otherwise through the freshest token kept
  (:mod:`.interactions`); nothing is posted, no thread opened, no DM sent;
- :meth:`Presenter.heal` redraws the tables whose message lags the database, at start (:mod:`.healing`), and
  moves running tournaments on;
- ``Presenter.tournaments``: tournament messages, matches dealt into threads, announcements (:mod:`.tournaments`);
- ``Presenter.requests``: the one budget of Discord requests its parts take their slots from (:mod:`.requests`).

A table message speaks its server's language, a panel, a replay or a private answer the clicker's, and a
hand message or a ping its player's (:mod:`.readers`).
"""

from collections.abc import Collection, Mapping

import discord

from bot.core.history import ReplayStep
from bot.core.service import Fired, Table, TableService
from bot.i18n import N_, Words
from bot.text import shorten
from bot.ui.deferral import answering
from bot.ui.kind import KindUI
from bot.ui.language import private_words
from bot.ui.layout import NO_CONTENT, NO_MENTIONS
from bot.ui.mentions import Mentions
from bot.ui.places import place_of
from bot.ui.present import healing, layouts, posts
from bot.ui.present.drawing import Drawer, Names
from bot.ui.present.hands import DMS_CLOSED, Hands
from bot.ui.present.interactions import InteractionDelivery
from bot.ui.present.readers import table_words
from bot.ui.present.redraws import Owns, Redraws
from bot.ui.present.requests import EditBudget, Requests, Route
from bot.ui.present.threads import Threads, thread_channel
from bot.ui.present.tournaments import TournamentDesk
from bot.ui.replay import show_replay
from games.base import Hint, Seat

WAITED = N_(
    "This table waited for a click: where peapod is not a member, it can move a table on only within 15 minutes "
    "of the last click on it. What was due meanwhile is done now."
)


UPDATED = (discord.InteractionResponseType.message_update, discord.InteractionResponseType.deferred_message_update)
"""The answers to a click that edit the message clicked (its token then edits that message)."""


def _waited(interaction: discord.Interaction, words: Words, note: str) -> str:
    """``note``, and first, when this click woke a table that waited for one, that it waited."""
    return "\n".join(part for part in (words(WAITED) if interaction.extras.get(WAITED) else "", note) if part)


def _text_on(message: discord.Message) -> str | None:
    """The text a table message shows under its heading (None: not one of our layouts)."""
    for component in message.components:
        for child in getattr(component, "children", ()):
            content = getattr(child, "content", None)
            if isinstance(content, str) and content.startswith("### "):
                return content.split("\n", 1)[1] if "\n" in content else ""
    return None


class Presenter:
    """Every table message and hand message the bot sends or edits goes through here."""

    @staticmethod
    def hint_text(words: Words, hint: Hint | None) -> str:
        """A hint as a sentence in ``words`` (see :func:`.layouts.hint_text`)."""
        return layouts.hint_text(words, hint)

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        kinds: Mapping[str, KindUI],
        budget: EditBudget | None = None,
        owns: Owns = lambda guild_id: True,
        live: bool = False,
    ) -> None:
        self._client = client
        self._service = service
        self._owns = owns
        self.names = Names()
        self.drawer = Drawer(service, kinds, self.names, live=live)
        self.requests = Requests(budget)
        self.hands = Hands(client, service, self.drawer, self.requests)
        self.threads = Threads(client, service, self.drawer, self.requests)
        self.redraws = Redraws(
            client, service, self.drawer, self.hands, self.threads, owns=owns, budget=budget, requests=self.requests
        )
        self.delivery = InteractionDelivery(client, service, self.drawer, budget)
        self.mentions = Mentions()
        """The synced commands, to name them in text as mentions (filled once they are synced)."""
        self.tournaments = TournamentDesk(
            client,
            service,
            kinds,
            self.drawer,
            self.hands,
            self._into_thread,
            self.redraw,
            self.requests,
            budget,
            owns=owns,
        )
        service.listen_tournaments(self.tournaments.heard)

    def kind(self, table: Table) -> KindUI:
        return self.drawer.kind(table)

    def _path(self, table: Table) -> Redraws | InteractionDelivery:
        """How a table's message is edited from outside a click: by peapod itself where it is a member, else
        through its interactions' tokens."""
        return self.redraws if table.place.member else self.delivery

    def pickable(self, table: Table) -> Collection[str]:
        """The places the table's pick menu offers now."""
        return self.kind(table).pickable(table)

    def remember(self, user: discord.abc.User) -> None:
        """Keep a player's display name for the pictures and the scoreboards."""
        self.names.remember(user)

    async def post(self, interaction: discord.Interaction, table: Table) -> discord.Message:
        """Post a new table message as the answer to ``interaction``; the game becomes active."""
        await answering(interaction)
        if not interaction.response.is_done():
            await interaction.response.defer()
        words = await table_words(self._client, table, interaction)
        channel = thread_channel(self.kind(table), table, interaction.channel)
        if channel is not None:
            starter = layouts.starter_layout(words, self.kind(table), table, None)
            message = await interaction.followup.send(view=starter, wait=True)
            await self._service.attach_message(table.game_id, message.id, table.version)
            await self._into_thread(table, channel, message.id)
            return message
        parts = await self.drawer.table(table, words)
        mentions = discord.AllowedMentions(users=True) if table.status == "seating" else NO_MENTIONS
        message = await interaction.followup.send(
            view=parts.view, files=parts.files or [], allowed_mentions=mentions, wait=True
        )
        await self._service.attach_message(table.game_id, message.id, table.version)
        self._path(table).edits.shows(message.id, table.version)
        if not table.place.member:
            await self.delivery.keep(interaction, table, message.id)
        return message

    async def publish(self, table: Table) -> discord.Message:
        """Post a table message in the game's channel from outside an interaction; the game becomes active."""
        if table.channel_id is None:
            raise ValueError(f"game {table.game_id} has no channel")
        parts = await self.drawer.table(table, await table_words(self._client, table))
        channel = self._client.get_partial_messageable(table.channel_id)
        async with self.requests.slot(table.channel_id, Route.POST, first=True):
            message = await channel.send(view=parts.view, files=parts.files or [], allowed_mentions=NO_MENTIONS)
        await self._service.attach_message(table.game_id, message.id, table.version)
        self.redraws.edits.shows(message.id, table.version)
        return message

    async def show_here(
        self, interaction: discord.Interaction, table: Table, *, picked: str | None = None, note: str = ""
    ) -> None:
        """Redraw the table message the click came from, as the click's answer (acknowledged first)."""
        await answering(interaction)
        if not interaction.response.is_done():
            await interaction.response.defer()
        words = await table_words(self._client, table, interaction)
        channel = thread_channel(self.kind(table), table, interaction.channel)
        if channel is not None:
            starter = layouts.starter_layout(words, self.kind(table), table, None)
            message = await interaction.edit_original_response(view=starter, attachments=[], **NO_CONTENT)
            await self._into_thread(table, channel, message.id)
            return
        parts = await self.drawer.table(table, words, picked=picked, note=_waited(interaction, words, note))
        await interaction.edit_original_response(**parts.edit())
        await self._path(table).shown(table)
        if table.place.member:
            self.redraws.hands(table)

    async def _into_thread(
        self, table: Table, channel: discord.TextChannel, starter_id: int, *, says_where: bool = False
    ) -> None:
        """Play a race just dealt in a thread of its own, and show what was saved meanwhile."""
        moved = await self.threads.open(table, channel, starter_id, says_where=says_where)
        if moved is None:
            return
        if moved.message_id is not None:
            self.redraws.edits.shows(moved.message_id, table.version)
        if moved.version != table.version:
            self.redraws.redraw(moved)
        else:
            await self.redraws.shown(moved)
            self.redraws.hands(moved)

    async def clicked(self, interaction: discord.Interaction, game_id: int) -> None:
        """Before a click on a game's table message is handled: where peapod is not a member, whether the game
        waited for a click (its answer then says so)."""
        if not place_of(interaction).member and await self._service.waiting(game_id):
            interaction.extras[WAITED] = True

    async def answered(self, interaction: discord.Interaction, game_id: int) -> None:
        """After a click on a game's table message was answered: where peapod is not a member and the answer
        updated the table, the click's token is now the freshest way to edit it, and the deadlines that waited
        for one are due at once. A table that still lags (a move played from a hand panel while no token was
        fresh, a click that opened a panel rather than drawing the table) is drawn through it now."""
        if place_of(interaction).member or interaction.message is None or interaction.response.type not in UPDATED:
            return
        expires_at = interaction.expires_at.timestamp()
        await self._service.keep_token(game_id, interaction.message.id, interaction.token, expires_at)
        if interaction.extras.get(WAITED):
            await self._service.wake(game_id)
        latest = await self._service.table(game_id)
        if latest.shown_version is not None and latest.shown_version < latest.version:
            self.delivery.redraw(latest)

    async def show_pick(self, interaction: discord.Interaction, table: Table, picked: str) -> None:
        """Answer a pick in a table's menu: its destinations as controls (the text stays as it was), and (for
        games whose picture shows a pick) the picture with the picked card and where it may go outlined."""
        words = await table_words(self._client, table, interaction)
        shown = _text_on(interaction.message) if interaction.message is not None else None
        text = shown if shown is not None else layouts.table_text(words, self.kind(table), table)
        parts = await self.drawer.picked(table, words, picked, text)
        await answering(interaction)
        if interaction.response.is_done():
            await interaction.edit_original_response(**parts.edit())
        else:
            await interaction.response.edit_message(**parts.edit())
        await self._path(table).catch_up(table)

    async def open_panel(self, interaction: discord.Interaction, table: Table, seat: Seat, note: str = "") -> None:
        """Send the clicker a fresh private panel with their own controls, in their words."""
        words = await private_words(interaction)
        parts = await self.drawer.panel(table, seat, words, _waited(interaction, words, note))
        files = parts.files or []
        clicked = interaction.message.id if interaction.message is not None else None
        await answering(interaction)
        if not table.place.member and clicked == table.message_id and not interaction.response.is_done():
            await interaction.response.defer()  # the table is this click's own message: its token may edit it
        if interaction.response.is_done():
            await interaction.followup.send(view=parts.view, files=files, ephemeral=True)
        else:
            await interaction.response.send_message(view=parts.view, files=files, ephemeral=True)

    async def show_panel(self, interaction: discord.Interaction, table: Table, seat: Seat, note: str = "") -> None:
        """Redraw the panel the click came from, as the click's answer: the player sees their move at once
        (when it is their hand in a DM, no other edit of it is needed for this version)."""
        parts = await self.drawer.panel(table, seat, await private_words(interaction), note)
        await answering(interaction)
        if interaction.response.is_done():
            await interaction.edit_original_response(**parts.edit())
        else:
            await interaction.response.edit_message(**parts.edit())
        clicked = interaction.message.id if interaction.message is not None else None
        if clicked is not None and clicked == table.seats[seat].dm_message_id and not note:
            await self.redraws.hand_shown(table, seat, clicked)

    async def tell(self, interaction: discord.Interaction, text: str) -> None:
        """A short private sentence for the one who clicked."""
        await answering(interaction)
        if interaction.response.is_done():
            await interaction.followup.send(shorten(text), ephemeral=True)
        else:
            await interaction.response.send_message(shorten(text), ephemeral=True)

    async def done(self, interaction: discord.Interaction) -> None:
        """Answer a command whose result the table's redraw shows, leaving no private reply behind."""
        await answering(interaction)
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.delete_original_response()

    async def show_replay(self, interaction: discord.Interaction, step: ReplayStep, *, edit: bool = False) -> None:
        """A replay's step as the clicker's private message, in their words, their deck and as pictures or text as
        they chose: a new one, or (``edit``) the replay clicked."""
        words = await private_words(interaction)
        deck = await self.drawer.deck_of(interaction.user.id)
        pictures = await self.drawer.pictures_of(interaction.user.id)
        names = self.names.of(words, step.table)
        await show_replay(interaction, words, deck, self.kind(step.table), names, step, edit=edit, pictures=pictures)

    async def seated(self, interaction: discord.Interaction, table: Table) -> None:
        """After someone sat down (joined, accepted): for games with hands in DMs, check the bot can DM them."""
        kind = self.kind(table)
        if not kind.hand_in_dm or interaction.user.id not in table.players or not table.place.member:
            return
        seat = table.players.index(interaction.user.id)
        if table.status == "seating" and table.seats[seat].dm_message_id is None:
            words = await private_words(interaction)
            if not await self.hands.send(table, seat, layouts.sat_down_layout(words, kind, table)):
                await self.tell(interaction, words(DMS_CLOSED, label=words(kind.panel_label)))
                return
            latest = await self._service.table(table.game_id)
            if latest.public is not None:
                self.redraws.hands(latest)  # the deal came while the DM was on its way: the hand goes there now

    def redraw(self, table: Table, note: str = "") -> None:
        """Ask for the table message (and the players' hand messages) to show ``table``; returns at once."""
        self._path(table).redraw(table, note)

    async def heard(self, game_id: int) -> None:
        """A redraw notice from any process (see :meth:`Redraws.heard`)."""
        await self.redraws.heard(game_id)

    async def heard_tournament(self, tournament_id: int) -> None:
        """A tournament redraw notice from any process (see :meth:`TournamentDesk.reload`)."""
        await self.tournaments.reload(tournament_id)

    async def fired(self, fired: Fired) -> None:
        """Show what a deadline did: redraw its table, and tell the seats it concerns."""
        self.redraw(fired.table)
        for seat, note in fired.ping.items() if fired.table.place.member else ():
            await self.hands.notify(fired.table, seat, note)

    async def idle(self) -> None:
        """Wait until every asked-for redraw has been sent (tests, shutdown)."""
        await self.tournaments.idle()
        await self.redraws.edits.drain()
        await self.delivery.edits.drain()

    async def heal(self) -> None:
        """Redraw every table of this process's shards whose message lags the database (at start)."""
        await healing.heal(self._service, self._owns, self.redraw)
        for progress in await self._service.resume_tournaments():
            await self.tournaments.show(progress)

    async def daily_posts(self) -> None:
        """Send every daily post due (the servers this process runs)."""
        await posts.daily_posts(self._client, self._service, self._owns, self.mentions)
