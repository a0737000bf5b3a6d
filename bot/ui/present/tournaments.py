"""Tournaments in Discord (:class:`TournamentDesk`): the tournament's message (the sign-up, then the standings
or the bracket as a picture), each match dealt into a thread of its own with its players pinged, the matches
the round's clock stopped redrawn, and what happened announced in the channel (the podium at the end).

The tournament's message is edited from outside interactions at most once every
:attr:`EditBudget.message_spacing` seconds (the latest standings win), and only by the process that owns its
server's shard: another hands the redraw over by a tournament redraw notice, and the owner reloads the
tournament and redraws it (:meth:`TournamentDesk.reload`), as with games (:mod:`.redraws`). What the core
tells of its own accord (a match's end, a deadline) arrives through :meth:`TournamentDesk.heard`; it, and the
matches a click dealt, are shown in a task of their own, so the click or the deadline that caused them is not
held up.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any, Protocol

import discord

from bot.core.errors import ServiceError
from bot.core.service import Table, TableService
from bot.core.tournament import Format
from bot.core.tournaments import Progress, TournamentView
from bot.i18n import Words
from bot.ui.deferral import acknowledge, answering
from bot.ui.kind import KindUI
from bot.ui.language import public_words
from bot.ui.layout import NO_CONTENT, NO_MENTIONS, Picture
from bot.ui.present.drawing import Drawer
from bot.ui.present.hands import DMS_CLOSED, Hands
from bot.ui.present.layouts import (
    STANDINGS_IMAGE,
    announcement_layout,
    bracket_description,
    bracket_picture,
    match_layout,
    sat_down_layout,
    standings_description,
    standings_table,
    tournament_layout,
)
from bot.ui.present.readers import seat_words, table_words
from bot.ui.present.redraws import Owns
from bot.ui.present.requests import EditBudget, Requests, Route
from render.bracket import render_bracket
from render.standings import render_standings

log = logging.getLogger(__name__)

PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True)


class IntoThread(Protocol):
    """Opens a match's thread from its first message and deals its board there (the presenter's)."""

    def __call__(
        self, table: Table, channel: discord.TextChannel, starter_id: int, *, says_where: bool = False
    ) -> Awaitable[None]: ...


async def standings_png(words: Words, view: TournamentView) -> tuple[Picture, bytes] | None:
    """The picture under the tournament's text with its description, in ``words``: a knockout's bracket, else
    the standings (None before the start). Rendered in a worker thread."""
    if view.status in ("signup", "cancelled"):
        return None
    drawn = bracket_picture(words, view) if view.format is Format.KNOCKOUT else None
    if drawn is not None:
        return Picture(STANDINGS_IMAGE, bracket_description(words, drawn)), await asyncio.to_thread(
            render_bracket, drawn
        )
    table = standings_table(words, view)
    return Picture(STANDINGS_IMAGE, standings_description(words, table)), await asyncio.to_thread(
        render_standings, table
    )


class TournamentDesk:
    """Posts and edits tournament messages, deals matches into threads, announces rounds and the podium."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        kinds: Mapping[str, KindUI],
        drawer: Drawer,
        hands: Hands,
        into_thread: IntoThread,
        redraw: Callable[[Table], None],
        requests: Requests,
        budget: EditBudget | None = None,
        *,
        owns: Owns,
    ) -> None:
        self._client = client
        self._service = service
        self._kinds = kinds
        self._drawer = drawer
        self._hands = hands
        self._into_thread = into_thread
        self._redraw = redraw
        self._requests = requests
        self._owns = owns
        self._spacing = (budget or EditBudget()).message_spacing
        self._tasks: set[asyncio.Task[None]] = set()
        self._waiting: dict[int, TournamentView] = {}
        self._editors: dict[int, asyncio.Task[None]] = {}
        self._edited: dict[int, float] = {}

    def colour(self, view: TournamentView) -> discord.Colour | int:
        return self._kinds[view.record.kind].colour

    async def words(self, view: TournamentView) -> Words:
        """A tournament speaks its server's language."""
        return await public_words(self._client, view.record.guild_id)

    async def _message(self, view: TournamentView, *, controls: bool = True) -> dict[str, Any]:
        words = await self.words(view)
        drawn = await standings_png(words, view)
        shown = drawn[0] if drawn is not None else None
        files = [drawn[0].file(drawn[1])] if drawn is not None else []
        layout = tournament_layout(words, view, self.colour(view), shown, controls=controls)
        return {"view": layout, "attachments": files}

    async def show_standings(self, interaction: discord.Interaction, view: TournamentView) -> None:
        """Answer ``/tournament standings``: the tournament as its message shows it, without its buttons."""
        await acknowledge(interaction)
        drawn = await self._message(view, controls=False)
        await interaction.followup.send(view=drawn["view"], files=drawn["attachments"], allowed_mentions=NO_MENTIONS)

    async def post(self, interaction: discord.Interaction, view: TournamentView) -> None:
        """Post a new tournament's sign-up as the answer to the command that opened it."""
        await answering(interaction)
        if not interaction.response.is_done():
            await interaction.response.defer()
        drawn = await self._message(view)
        message = await interaction.followup.send(view=drawn["view"], allowed_mentions=NO_MENTIONS, wait=True)
        await self._service.set_tournament_message(view.id, message.id)

    async def show_here(self, interaction: discord.Interaction, progress: Progress) -> None:
        """Answer a click on the tournament's message by redrawing it; then deal and announce what it did."""
        await answering(interaction)
        if not interaction.response.is_done():
            await interaction.response.defer()
        drawn = await self._message(progress.tournament)
        await interaction.edit_original_response(**drawn, **NO_CONTENT)
        self._edited[progress.tournament.id] = asyncio.get_running_loop().time()
        self._spawn(self._follow(progress), progress.tournament.id)

    async def show(self, progress: Progress) -> None:
        """Show what a tournament call did outside an interaction: the message redrawn, matches dealt, news."""
        self.redraw(progress.tournament)
        await self._follow(progress)

    def heard(self, progress: Progress) -> None:
        """The core moved a tournament on of its own accord: show it, in a task of its own."""
        self._spawn(self.show(progress), progress.tournament.id)

    def _spawn(self, work: Coroutine[Any, Any, None], tournament_id: int) -> None:
        """Run ``work`` (dealing matches, announcing, handing a redraw over) in a task of its own, so the click
        or the game's end that caused it is answered first."""
        task = asyncio.get_running_loop().create_task(self._safely(work, tournament_id), name="peapod-tournament")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _safely(work: Coroutine[Any, Any, None], tournament_id: int) -> None:
        try:
            await work
        except Exception:
            log.exception("could not show tournament %s", tournament_id)

    async def idle(self) -> None:
        """Wait until everything heard has been shown and every edit sent (tests, shutdown)."""
        while self._tasks or any(not task.done() for task in self._editors.values()):
            await asyncio.gather(*self._tasks, *self._editors.values(), return_exceptions=True)

    def redraw(self, view: TournamentView) -> None:
        """Ask for the tournament's message to show ``view``; the latest wins, one edit a second at most.
        Where another process owns the tournament's server, that process is asked to redraw it instead."""
        if view.record.message_id is None:
            return
        if not self._owns(view.record.guild_id):
            self._spawn(self._service.hand_over_tournament(view.id), view.id)
            return
        self._waiting[view.id] = view
        editor = self._editors.get(view.id)
        if editor is None or editor.done():
            self._editors[view.id] = asyncio.get_running_loop().create_task(self._edit(view.id))

    async def reload(self, tournament_id: int) -> None:
        """A tournament redraw notice (from any process): redraw the tournament's latest if this process owns
        its server."""
        try:
            view = await self._service.tournament(tournament_id, None)
        except ServiceError:
            return
        if self._owns(view.record.guild_id):
            self.redraw(view)

    async def _edit(self, tournament_id: int) -> None:
        loop = asyncio.get_running_loop()
        while tournament_id in self._waiting:
            wait = self._edited.get(tournament_id, float("-inf")) + self._spacing - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            view = self._waiting.pop(tournament_id)
            try:
                message = self._client.get_partial_messageable(view.record.channel_id).get_partial_message(
                    view.record.message_id or 0
                )
                drawn = await self._message(view)
                async with self._requests.slot(view.record.channel_id, Route.EDIT):
                    await message.edit(**drawn, **NO_CONTENT)
            except discord.HTTPException:
                log.warning("could not edit the message of tournament %s", tournament_id, exc_info=True)
            finally:
                self._edited[tournament_id] = loop.time()

    async def _follow(self, progress: Progress) -> None:
        """Deal a round as a budget, not a burst: every match's board first (one match after another, each
        request in its slot of the budget), then the hands by DM, then the news."""
        for table in progress.stopped:
            self._redraw(table)
        dealt = []
        for table in progress.dealt:
            try:
                await self.deal(progress.tournament, table)
                dealt.append(table)
            except discord.HTTPException:
                log.warning("could not deal match game %s", table.game_id, exc_info=True)
        for table in dealt:
            try:
                await self.send_hands(progress.tournament, table)
            except discord.HTTPException:
                log.warning("could not send the hands of match game %s", table.game_id, exc_info=True)
        if progress.notes or progress.podium:
            await self._announce(progress)

    async def deal(self, view: TournamentView, table: Table) -> None:
        """Post a match just dealt: its first message in the tournament's channel pings both players and says
        the match is in the thread opened from it (where no thread can open, it is played on that message)."""
        if table.channel_id is None:
            return
        channel = self._client.get_channel(table.channel_id)
        kind = self._drawer.kind(table)
        words = await self.words(view)
        if isinstance(channel, discord.TextChannel):
            first = match_layout(words, view, kind.colour, table)
            async with self._requests.slot(channel.id, Route.POST, first=True):
                message = await channel.send(view=first, allowed_mentions=PINGS)
            await self._service.attach_message(table.game_id, message.id, table.version)
            await self._into_thread(table, channel, message.id, says_where=True)
        else:
            parts = await self._drawer.table(table, await table_words(self._client, table))
            messageable = self._client.get_partial_messageable(table.channel_id)
            async with self._requests.slot(table.channel_id, Route.POST, first=True):
                message = await messageable.send(view=parts.view, files=parts.files or [], allowed_mentions=PINGS)
            await self._service.attach_message(table.game_id, message.id, table.version)

    async def send_hands(self, view: TournamentView, table: Table) -> None:
        """Where hands come by DM, send each player of a match just dealt their hand message (a player whose
        DMs are closed is told in the match's thread to use the table's button instead)."""
        kind = self._drawer.kind(table)
        if not kind.hand_in_dm or table.channel_id is None:
            return
        closed = []
        for seat in table.seats:
            if seat.user_id is None:
                continue
            sat_down = sat_down_layout(await seat_words(self._client, table, seat.seat), kind, table)
            if not await self._hands.send(table, seat.seat, sat_down):
                closed.append(seat.user_id)
        latest = await self._service.table(table.game_id)
        self._redraw(latest)
        if closed:
            words = await self.words(view)
            where = latest.message_channel_id or table.channel_id
            players = " ".join(f"<@{user_id}>" for user_id in closed)
            told = words(DMS_CLOSED, label=words(kind.panel_label))
            text = words("{players} {told}", players=players, told=told)
            async with self._requests.slot(where, Route.POST):
                await self._client.get_partial_messageable(where).send(text, allowed_mentions=PINGS)

    async def _announce(self, progress: Progress) -> None:
        view = progress.tournament
        words = await self.words(view)
        drawn = await standings_png(words, view) if progress.podium else None
        shown = drawn[0] if drawn is not None else None
        notes = [words.phrase(note) for note in progress.notes]
        layout = announcement_layout(words, view, self.colour(view), notes, progress.podium, shown)
        files = [drawn[0].file(drawn[1])] if drawn is not None else []
        try:
            channel = self._client.get_partial_messageable(view.record.channel_id)
            async with self._requests.slot(view.record.channel_id, Route.POST):
                await channel.send(view=layout, files=files, allowed_mentions=PINGS if progress.podium else NO_MENTIONS)
        except discord.HTTPException:
            log.warning("could not announce in tournament %s", view.id, exc_info=True)
