"""The presenter: the only code that turns a :class:`~bot.core.service.Table` into Discord messages.

- :meth:`Presenter.post` / :meth:`Presenter.publish` post a table message (a new game, or a lobby);
  a game is only active once its message exists;
- :meth:`Presenter.show_here` edits the message a click came from, as the click's own answer;
- :meth:`Presenter.open_panel` / :meth:`Presenter.show_panel` give a seat its private panel;
- :meth:`Presenter.redraw` edits a table message from outside an interaction, and keeps every
  player's hand message (a DM, for games whose ``KindUI.hand_in_dm``) up to date. It returns at
  once: edits are coalesced per message (the latest table wins) and sent by one worker per channel
  within Discord's edit budget, so it is never awaited while a game's lock is held and a busy
  table never delays the next click;
- :meth:`Presenter.heal` redraws every table whose message shows an older version than the
  database (after a crash between a save and its redraw) and drops deals that never got a message.

The budget (:class:`EditBudget`): Discord allows about 5 edits per 5 seconds for all of a bot's
messages in one channel (a DM is a channel too), and discord.py makes later edits wait. So each
message is edited at most once a second, and when several messages of one channel are busy the one
edited longest ago goes first. Edits that answer a click
do not count against it.

DMs: a player's hand message is sent when they sit down (which is also the check that the bot can
DM them); when Discord refuses (403, code 50007) that is remembered, the player is told once to use
the table's hand button, and no DM is tried again. Pictures are rendered in a worker thread.
"""

import asyncio
import collections
import io
import logging
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord
from discord import ui

from bot.core.daily import DAILY_SETTING
from bot.core.deadlines import ai_level
from bot.core.errors import ServiceError
from bot.core.history import ReplayStep
from bot.core.service import Fired, Table, TableService
from bot.text import shorten
from bot.ui.controls import (
    AcceptButton,
    AddAIButton,
    BackButton,
    CancelButton,
    DeclineButton,
    JoinButton,
    LeaveButton,
    NewGameButton,
    PanelButton,
    RematchButton,
    ReplayButton,
    ResignButton,
    StartButton,
    UndoButton,
    button,
)
from bot.ui.kind import KindUI
from bot.ui.layout import FELT, NO_CONTENT, layout
from bot.ui.replay import TABLE_NAME, files_of, hand_name, replay_layout, replay_text, shows_hands
from games.base import EndReason, Hint, Seat

log = logging.getLogger(__name__)

IMAGE_NAME = "table.png"
HAND_IMAGE_NAME = "hand.png"
COMMAND_ROW = 4
"""The row every table ends with: the game's own commands (Collect, Hint), then Undo and Resign."""
NO_MENTIONS = discord.AllowedMentions.none()
DMS_CLOSED = (
    "I can't send you direct messages, so your hand will not come by DM: press **{label}** on the table "
    "whenever you want to see it and play."
)
DM_FORBIDDEN = 50007
THREAD_ARCHIVE_MINUTES = 60
"""A race thread left idle this long archives itself (the bot archives it when the race ends)."""


def _result_line(table: Table) -> str:
    outcome = table.outcome
    if outcome is None:
        return ""
    if outcome.reason is EndReason.RESIGNED:
        return "**Resigned.** " + outcome.summary
    if outcome.winners:
        return ("**Won!** " if len(table.seats) == 1 else "**Game over.** ") + outcome.summary
    return "**Game over.** " + outcome.summary


def ai_name(table: Table) -> str:
    """How the table's AI seats are named, with their level: "AI (hard)"."""
    return f"AI ({ai_level(table.settings)})"


def seat_label(table: Table, seat: Seat) -> str:
    """How a seat is named in text: its player's mention, or the AI with its level."""
    record = table.seats[seat]
    if record.ai:
        return f"Seat {seat + 1}: {ai_name(table)}"
    if record.user_id is None:
        return f"Seat {seat + 1}: empty"
    mark = " (invited)" if not record.ready else " (host)" if record.user_id == table.host_id else ""
    away = " (away: the AI plays for now)" if record.away else ""
    return f"Seat {seat + 1}: <@{record.user_id}>{mark}{away}"


def table_content(table: Table) -> str:
    """Who plays, with mentions (they show as names everywhere)."""
    owner = f"<@{table.owner}>"
    if len(table.seats) == 1:
        return f"Open table started by {owner}: anyone here may play." if table.open_play else f"{owner}'s game."
    people = " ".join(f"<@{seat.user_id}>" for seat in table.seats if seat.user_id is not None)
    if table.status == "seating":
        return f"{owner} opened a {table.title} table. {people}"
    return f"{table.title}: {people}"


def table_text(kind: KindUI, table: Table, note: str = "") -> str:
    """Who plays, the state of play (or the seats of a lobby), the last thing that happened, the end, a note."""
    lines = [table_content(table)]
    if table.public is None:
        lines += [seat_label(table, seat) for seat in range(len(table.seats))]
        if kind.lobby_note is not None:
            lines.append(kind.lobby_note(table))
    else:
        lines.append(kind.status(table))
    summary = table.outcome.summary if table.outcome else None
    happened = " ".join(event.text for event in table.public_events() if event.text != summary)
    if happened:
        lines.append(happened)
    if table.finished:
        lines.append(_result_line(table))
    if note:
        lines.append(note)
    return "\n".join(lines)


def table_layout(
    kind: KindUI, table: Table, *, text: str, picked: str | None = None, controls: bool = True
) -> ui.LayoutView:
    """The table message: a heading, ``text``, the picture (once dealt), the controls, the game's number."""
    return layout(
        kind.colour,
        table.title,
        text,
        picture=IMAGE_NAME if table.public is not None else None,
        controls=table_controls(kind, table, picked) if controls else (),
        footer=f"Game #{table.game_id}",
    )


def thread_name(table: Table, names: Sequence[str]) -> str:
    """A race thread's name: the game and who plays (Discord allows 100 characters)."""
    return shorten(f"{table.title} #{table.game_id}: " + " vs ".join(names), 100)


def starter_layout(kind: KindUI, table: Table, thread_id: int | None) -> ui.LayoutView:
    """The channel's message of a table played in its thread, while it runs: who plays, and where
    (``thread_id`` None: the thread is being opened)."""
    where = "in a thread of its own, opening now" if thread_id is None else f"in <#{thread_id}>"
    text = (
        f"{table_content(table)}\nThe race is on {where}: the board and everyone's controls are there. "
        "The result comes back to this message."
    )
    return layout(kind.colour, table.title, text, footer=f"Game #{table.game_id}")


def lobby_controls(table: Table) -> list[ui.Item[Any]]:
    """A lobby's buttons: Join, Leave and Add AI while seats are open, Accept and Decline, Start, Cancel."""
    if table.status != "seating":
        return []
    items: list[ui.Item[Any]] = []
    empty = any(seat.user_id is None and not seat.ai for seat in table.seats)
    invited = any(not seat.ready for seat in table.seats)
    if empty:
        items.append(button(JoinButton, table, "Join", style=discord.ButtonStyle.success, row=0))
        items.append(button(AddAIButton, table, "Add AI", row=0))
    if any(seat.user_id is not None and seat.seat > 0 and seat.ready for seat in table.seats):
        items.append(button(LeaveButton, table, "Leave", row=0))
    if invited:
        items.append(button(AcceptButton, table, "Accept", style=discord.ButtonStyle.success, row=0))
        items.append(button(DeclineButton, table, "Decline", style=discord.ButtonStyle.danger, row=0))
    if not empty and not invited:
        items.append(button(StartButton, table, "Start", style=discord.ButtonStyle.primary, row=0))
    items.append(button(CancelButton, table, "Cancel", style=discord.ButtonStyle.danger, row=1))
    return items


def table_controls(kind: KindUI, table: Table, picked: str | None = None) -> list[ui.Item[Any]]:
    """The game's controls, its panel button, then Undo (when there is something to take back) and Resign."""
    if table.public is None:
        return lobby_controls(table)
    if table.finished:
        replay = button(ReplayButton, table, "Replay")
        if len(table.seats) == 1:
            return [button(NewGameButton, table, "New game", style=discord.ButtonStyle.success), replay]
        if any(seat.user_id is not None for seat in table.seats):
            return [button(RematchButton, table, "Rematch", style=discord.ButtonStyle.success), replay]
        return [replay]
    items = list(kind.controls(table, picked))
    if kind.panel is not None:
        items.append(button(PanelButton, table, kind.panel_label, style=discord.ButtonStyle.primary, row=COMMAND_ROW))
    if any(seat.away for seat in table.seats):
        items.append(button(BackButton, table, "I'm back", row=COMMAND_ROW))
    if table.can_undo:
        items.append(button(UndoButton, table, "Undo", row=COMMAND_ROW))
    if not table.open_play:
        # at an open table only its owner may resign, and does so with /<game> resign
        items.append(button(ResignButton, table, "Resign", style=discord.ButtonStyle.danger, row=COMMAND_ROW))
    return items


def panel_heading(table: Table, seat: Seat) -> str:
    return f"{table.title} \u00b7 game #{table.game_id} \u00b7 seat {seat + 1}"


def panel_text(kind: KindUI, table: Table, seat: Seat, note: str = "") -> str:
    """A seat's panel: where its table is, its own line, what only it was told, and a note."""
    lines = []
    if table.message_id is not None and table.guild_id is not None:
        lines.append(f"https://discord.com/channels/{table.guild_id}/{table.message_channel_id}/{table.message_id}")
    if kind.panel_status is not None and table.public is not None:
        lines.append(kind.panel_status(table, seat))
    lines += [event.text for event in table.events_for(seat)]
    if table.finished:
        lines.append(_result_line(table))
    if note:
        lines.append(note)
    return "\n".join(lines)


def panel_controls(kind: KindUI, table: Table, seat: Seat) -> list[ui.Item[Any]]:
    """A seat's own controls; none once the game is over."""
    if kind.panel is not None and table.public is not None and not table.finished:
        return list(kind.panel(table, seat))
    return []


def _text_on(message: discord.Message) -> str | None:
    """The text a table message shows under its heading (None: not one of our layouts)."""
    for component in message.components:
        for child in getattr(component, "children", ()):
            content = getattr(child, "content", None)
            if isinstance(content, str) and content.startswith("### "):
                return content.split("\n", 1)[1] if "\n" in content else ""
    return None


def _versions(table: Table) -> tuple[int, int | None, int]:
    return table.game_id, table.shown_version, table.version


@dataclass(frozen=True)
class EditBudget:
    """How often the bot edits messages from outside interactions (Discord's limits, with a margin)."""

    channel_edits: int = 5
    """Edits of one channel's messages …"""
    channel_window: float = 5.0
    """… per this many seconds."""
    message_spacing: float = 1.0
    """Seconds between two edits of one message."""


@dataclass
class _Redraw:
    table: Table
    note: str
    seat: Seat | None
    """None: the public table message; a seat: that seat's hand message (a DM)."""
    force: bool = False
    """Edit even when the message seems to show this version already (it was drawn over since)."""


class _Channel:
    """One channel's edit budget and the messages waiting to be redrawn in it."""

    def __init__(self) -> None:
        self.recent: collections.deque[float] = collections.deque()
        self.dirty: dict[int, _Redraw] = {}
        self.worker: asyncio.Task[None] | None = None


class Presenter:
    """Sends and edits every table message and hand message (see the module docstring)."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        kinds: Mapping[str, KindUI],
        budget: EditBudget | None = None,
        owns: Callable[[int | None], bool] = lambda guild_id: True,
    ) -> None:
        self._client = client
        self._owns = owns
        self._handing_over: set[asyncio.Task[None]] = set()
        self._budget = budget or EditBudget()
        self._service = service
        self._kinds = kinds
        self._channels: dict[int, _Channel] = {}
        self._edited: dict[int, float] = {}
        self._shown: dict[int, int] = {}
        self._names: dict[int, str] = {}
        self._pinged: dict[tuple[int, Seat], int] = {}

    def kind(self, table: Table) -> KindUI:
        return self._kinds[table.kind]

    def pickable(self, table: Table) -> Collection[str]:
        """The places the table's pick menu offers now."""
        return self.kind(table).pickable(table)

    def remember(self, user: discord.abc.User) -> None:
        """Keep a player's display name for the pictures and the scoreboards."""
        self._names[user.id] = user.display_name

    def names(self, table: Table) -> list[str]:
        """A name per seat for the pictures: the player's display name, "AI (level)", or "Player n"."""
        return [
            ai_name(table) if seat.ai else self._names.get(seat.user_id or 0, f"Player {seat.seat + 1}")
            for seat in table.seats
        ]

    async def _picture(self, table: Table) -> discord.File:
        png = await asyncio.to_thread(self.kind(table).render, table, self.names(table))
        return discord.File(io.BytesIO(png), filename=IMAGE_NAME)

    async def _message_parts(
        self, table: Table, *, picked: str | None = None, note: str = "", controls: bool = True
    ) -> dict[str, Any]:
        """The layout and (for a dealt game) the picture of a table message."""
        kind = self.kind(table)
        if table.finished:
            note = " ".join(part for part in (await self._the_end(table), note) if part)
        if table.public is None and not table.finished:
            note = " ".join(part for part in (await self._ratings_line(table), note) if part)
        text = table_text(kind, table, note)
        parts: dict[str, Any] = {"view": table_layout(kind, table, text=text, picked=picked, controls=controls)}
        parts["attachments"] = [await self._picture(table)] if table.public is not None else []
        return parts

    async def _ratings_line(self, table: Table) -> str:
        """On a challenge or lobby of a rated game: the ratings of the people seated so far."""
        people = [user_id for user_id in table.players if user_id is not None]
        if table.guild_id is None or not people or not self._service.is_rated_kind(table.kind):
            return ""
        known = await self._service.ratings(table.guild_id, table.kind, people)
        shown = [
            f"<@{user_id}> {known[user_id].ordinal:.1f}" if user_id in known else f"<@{user_id}> unrated"
            for user_id in people
        ]
        return "Ratings here: " + " \u00b7 ".join(shown) + "."

    async def _the_end(self, table: Table) -> str:
        """The moment a game ends: names kept with the results, and for one player the time, the
        moves, a new best or a streak."""
        names = {seat.user_id: self._names[seat.user_id] for seat in table.seats if seat.user_id in self._names}
        await self._service.name_results(table.game_id, names)
        owner = table.owner
        if len(table.seats) != 1 or owner is None or table.outcome is None or table.channel_id is None:
            return ""
        ended = table.ended_at if table.ended_at is not None else self._service.now()
        minutes, seconds = divmod(round(ended - table.started_at), 60)
        took = f"{minutes} min {seconds} s" if minutes else f"{seconds} s"
        moves = getattr(table.public, "moves", None)
        line = f"Played in {took}" + (f" and {moves} move{'' if moves == 1 else 's'}." if moves is not None else ".")
        best, streak = await self._service.record_of(table.channel_id, table.kind, owner, table.game_id)
        score = table.outcome.scores[0]
        if best is not None and score > best:
            line += f" A new best for you here (before: {best})!"
        if table.outcome.winners and streak >= 2:
            line += f" {streak} wins in a row."
        if DAILY_SETTING in table.settings:
            line += "\nYour daily result, to share (it names no card):\n```\n"
            line += await self._service.daily_line(table.game_id) + "\n```"
        if table.open_play:
            helpers = await self._service.helpers(table.game_id)
            credits = [
                f"{self._names.get(user_id, f'<@{user_id}>')} ({moves} move{'' if moves == 1 else 's'})"
                for user_id, moves in sorted(helpers.items(), key=lambda item: -item[1])
            ]
            if credits:
                line += " Helped by " + ", ".join(credits) + "."
        return line

    async def post(self, interaction: discord.Interaction, table: Table) -> discord.Message:
        """Post a new table message as the answer to ``interaction``; the game becomes active."""
        if not interaction.response.is_done():
            await interaction.response.defer()
        if self._wants_thread(table, interaction):
            message = await interaction.followup.send(view=self._starter(table), wait=True)
            await self._service.attach_message(table.game_id, message.id, table.version)
            await self._into_thread(table, message)
            return message
        parts = await self._message_parts(table)
        files = parts.pop("attachments")
        mentions = discord.AllowedMentions(users=True) if table.status == "seating" else NO_MENTIONS
        message = await interaction.followup.send(view=parts["view"], files=files, allowed_mentions=mentions, wait=True)
        await self._service.attach_message(table.game_id, message.id, table.version)
        self._shown[message.id] = table.version
        return message

    async def daily_posts(self) -> None:
        """Send every daily post due (the servers this process runs): the new day's deals are here."""
        for guild_id, channel_id, day in await self._service.daily_posts_due():
            if not self._owns(guild_id):
                continue
            commands = " \u00b7 ".join(f"`/daily {kind}`" for kind in self._service.daily_kinds())
            text = f"Today's deals are dealt: the same cards for everyone, one attempt each. {commands}"
            view = layout(
                FELT, f"Daily deals, {day}", text, footer="Your table comes by DM; /daily board shows results."
            )
            try:
                await self._client.get_partial_messageable(channel_id).send(view=view)
            except discord.HTTPException:
                log.warning("could not send the daily post to channel %s", channel_id, exc_info=True)
            await self._service.daily_posted(guild_id, day)

    async def publish(self, table: Table) -> discord.Message:
        """Post a table message in the game's channel from outside an interaction; the game becomes active."""
        if table.channel_id is None:
            raise ValueError(f"game {table.game_id} has no channel")
        parts = await self._message_parts(table)
        files = parts.pop("attachments")
        channel = self._client.get_partial_messageable(table.channel_id)
        message = await channel.send(view=parts["view"], files=files, allowed_mentions=NO_MENTIONS)
        await self._service.attach_message(table.game_id, message.id, table.version)
        self._shown[message.id] = table.version
        return message

    async def show_here(
        self, interaction: discord.Interaction, table: Table, *, picked: str | None = None, note: str = ""
    ) -> None:
        """Redraw the table message the click came from, as the click's answer (acknowledged first)."""
        if not interaction.response.is_done():
            await interaction.response.defer()
        if self._wants_thread(table, interaction):
            starter = await interaction.edit_original_response(view=self._starter(table), attachments=[], **NO_CONTENT)
            await self._into_thread(table, starter)
            return
        parts = await self._message_parts(table, picked=picked, note=note)
        await interaction.edit_original_response(**parts, **NO_CONTENT)
        if table.message_id is not None:
            await self._shown_now(table)
        self._hands(table)

    def _wants_thread(self, table: Table, interaction: discord.Interaction) -> bool:
        """Whether a table just dealt is to be played in a thread of its own (``KindUI.threaded``): in a
        text channel (a thread or a voice channel's chat can start none)."""
        return (
            self.kind(table).threaded
            and isinstance(interaction.channel, discord.TextChannel)
            and table.public is not None
            and not table.finished
            and table.thread_id is None
            and table.guild_id is not None
        )

    def _starter(self, table: Table) -> ui.LayoutView:
        return starter_layout(self.kind(table), table, None)

    async def _into_thread(self, table: Table, starter: discord.Message) -> None:
        """Open a thread from the table's first message and deal the board there, so the board has its
        own edit budget (several races in one channel each keep up). Where no thread can be opened
        (no permission, or the channel is itself a thread) the first message becomes the board."""
        kind = self.kind(table)
        try:
            thread = await starter.create_thread(
                name=thread_name(table, self.names(table)), auto_archive_duration=THREAD_ARCHIVE_MINUTES
            )
        except (discord.HTTPException, ValueError):
            log.info("no thread for game %s; its board stays in the channel", table.game_id, exc_info=True)
            parts = await self._message_parts(table)
            await starter.edit(**parts, **NO_CONTENT)
            await self._shown_now(replace(table, message_id=starter.id))
            return
        parts = await self._message_parts(table)
        board = await thread.send(view=parts["view"], files=parts["attachments"], allowed_mentions=NO_MENTIONS)
        if not await self._service.move_to_thread(table.game_id, thread.id, board.id):
            log.warning("game %s already had a thread; the board in %s is not used", table.game_id, thread.id)
            return
        await starter.edit(view=starter_layout(kind, table, thread.id), **NO_CONTENT)
        moved = await self._service.table(table.game_id)
        self._shown[board.id] = table.version
        if moved.version != table.version:
            self.redraw(moved)
        else:
            await self._shown_now(moved)
        self._hands(moved)

    async def _close_thread(self, message: discord.PartialMessage, table: Table) -> None:
        """A game played in its thread has ended: the board keeps the final position without controls,
        the channel's first message shows the end (with Rematch), and the thread is archived."""
        parts = await self._message_parts(table, note=f"The result is in <#{table.channel_id}>.", controls=False)
        await message.edit(**parts, **NO_CONTENT)
        if table.thread_id is None or table.channel_id is None or table.message_id is None:
            return
        if await self._service.leave_thread(table.game_id, table.message_id):
            self._queue(table.channel_id, table.thread_id, _Redraw(await self._service.table(table.game_id), "", None))
        try:
            thread = await self._client.fetch_channel(table.thread_id)
            if isinstance(thread, discord.Thread):
                await thread.edit(archived=True)
        except discord.HTTPException:
            log.warning("could not archive the thread of game %s", table.game_id, exc_info=True)

    async def show_pick(self, interaction: discord.Interaction, table: Table, picked: str) -> None:
        """Answer a pick in a table's menu: its destinations as controls (the text stays as it was), and (for
        games whose picture shows a pick) the picture with the picked card and where it may go outlined."""
        kind = self.kind(table)
        shown = _text_on(interaction.message) if interaction.message is not None else None
        text = shown if shown is not None else table_text(kind, table)
        parts: dict[str, Any] = {"view": table_layout(kind, table, text=text, picked=picked), **NO_CONTENT}
        if kind.render_picked is not None:
            png = await asyncio.to_thread(kind.render_picked, table, picked)
            parts["attachments"] = [discord.File(io.BytesIO(png), filename=IMAGE_NAME)]
        if interaction.response.is_done():
            await interaction.edit_original_response(**parts)
        else:
            await interaction.response.edit_message(**parts)
        await self._catch_up(table)

    async def _catch_up(self, table: Table) -> None:
        """After a pick's answer drew ``table``'s position, make sure a move saved meanwhile still shows.

        A move and a pick on one table can be answered in either order; when the pick's edit lands
        last, the message shows the older position's controls, so the latest table is redrawn over it.
        """
        if table.message_id is None or table.message_channel_id is None:
            return
        latest = await self._service.table(table.game_id)
        if latest.version != table.version:
            self._shown[table.message_id] = table.version
            self._queue(table.message_channel_id, table.message_id, _Redraw(latest, "", None, force=True))

    async def _panel_parts(self, table: Table, seat: Seat, note: str) -> dict[str, Any]:
        kind = self.kind(table)
        private = kind.render_private is not None and table.public is not None
        view = layout(
            kind.colour,
            panel_heading(table, seat),
            panel_text(kind, table, seat, note),
            picture=HAND_IMAGE_NAME if private else None,
            controls=panel_controls(kind, table, seat),
        )
        parts: dict[str, Any] = {"view": view}
        if private and kind.render_private is not None:
            png = await asyncio.to_thread(kind.render_private, table, seat)
            parts["attachments"] = [discord.File(io.BytesIO(png), filename=HAND_IMAGE_NAME)]
        return parts

    async def open_panel(self, interaction: discord.Interaction, table: Table, seat: Seat, note: str = "") -> None:
        """Send the clicker a fresh private panel with their own controls."""
        parts = await self._panel_parts(table, seat, note)
        files = parts.pop("attachments", [])
        if interaction.response.is_done():
            await interaction.followup.send(view=parts["view"], files=files, ephemeral=True)
        else:
            await interaction.response.send_message(view=parts["view"], files=files, ephemeral=True)

    async def show_panel(self, interaction: discord.Interaction, table: Table, seat: Seat, note: str = "") -> None:
        """Redraw the panel the click came from, as the click's answer: the player sees their move at once
        (when it is their hand in a DM, no other edit of it is needed for this version)."""
        parts = await self._panel_parts(table, seat, note)
        if interaction.response.is_done():
            await interaction.edit_original_response(**parts, **NO_CONTENT)
        else:
            await interaction.response.edit_message(**parts, **NO_CONTENT)
        clicked = interaction.message.id if interaction.message is not None else None
        if clicked is not None and clicked == table.seats[seat].dm_message_id and not note:
            self._shown[clicked] = max(self._shown.get(clicked, -1), table.version)

    async def tell(self, interaction: discord.Interaction, text: str) -> None:
        """A short private sentence for the one who clicked."""
        if interaction.response.is_done():
            await interaction.followup.send(shorten(text), ephemeral=True)
        else:
            await interaction.response.send_message(shorten(text), ephemeral=True)

    async def done(self, interaction: discord.Interaction) -> None:
        """Answer a command whose result the table's redraw shows, leaving no private reply behind."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.delete_original_response()

    async def show_replay(self, interaction: discord.Interaction, step: ReplayStep, *, edit: bool = False) -> None:
        """A replay's step as the clicker's private message: a new one, or (``edit``) the replay clicked."""
        kind = self.kind(step.table)
        names = self.names(step.table)
        seats = step.shown if shows_hands(kind, step) else ()

        def draw() -> dict[str, bytes]:
            pictures = {TABLE_NAME: kind.render(step.table, names)}
            for seat in seats:
                assert kind.render_private is not None
                pictures[hand_name(seat)] = kind.render_private(step.table, seat)
            return pictures

        files = files_of(await asyncio.to_thread(draw))
        text = replay_text(step, names, _result_line(step.table))
        view = replay_layout(kind, step, text, [hand_name(seat) for seat in seats])
        if edit:
            await interaction.edit_original_response(view=view, attachments=files)
        else:
            await interaction.followup.send(view=view, files=files, ephemeral=True)

    @staticmethod
    def hint_text(hint: Hint | None) -> str:
        if hint is None:
            return "I found no winning line from here; the game may be lost. *Undo* can take moves back."
        return f"Try **{hint.action.label}**. {hint.why}"

    async def seated(self, interaction: discord.Interaction, table: Table) -> None:
        """After someone sat down (joined, accepted): for games with hands in DMs, check the bot can DM them."""
        kind = self.kind(table)
        if not kind.hand_in_dm or interaction.user.id not in table.players:
            return
        seat = table.players.index(interaction.user.id)
        if table.status == "seating" and table.seats[seat].dm_message_id is None:
            text = f"You sat down at this table (game #{table.game_id}); your hand will be here."
            if not await self._send_hand(table, seat, {"view": layout(kind.colour, table.title, text)}):
                await self.tell(interaction, DMS_CLOSED.format(label=kind.panel_label))
                return
            latest = await self._service.table(table.game_id)
            if latest.public is not None:
                self._hands(latest)  # the deal came while the DM was on its way: the hand goes there now

    def redraw(self, table: Table, note: str = "") -> None:
        """Ask for the table message (and the players' hand messages) to show ``table``; returns at once.

        Each message is edited by the one process that owns its channel (the guild's shard for a table,
        shard 0 for DMs), so all of a channel's edits share one budget: what this process does not own
        is handed to its owner by a redraw notice through the database (:meth:`heard`).
        """
        handed = False
        if table.message_channel_id is not None and table.message_id is not None:
            if self._owns(table.guild_id):
                self._queue(table.message_channel_id, table.message_id, _Redraw(table, note, None))
            else:
                handed = True
        if not self._deliver(table) or handed:
            self._hand_over(table.game_id)

    async def heard(self, game_id: int) -> None:
        """A redraw notice (from any process): redraw what this process owns of the game, where it lags."""
        try:
            table = await self._service.table(game_id)
        except ServiceError:
            return
        if table.message_channel_id is not None and table.message_id is not None and self._owns(table.guild_id):
            self._queue(table.message_channel_id, table.message_id, _Redraw(table, "", None))
        self._deliver(table)

    def _hands(self, table: Table) -> None:
        """Queue the game's hand messages here, or hand them to the process that owns DMs."""
        if not self._deliver(table):
            self._hand_over(table.game_id)

    def _hand_over(self, game_id: int) -> None:
        task = asyncio.create_task(self._service.hand_over(game_id), name="peapod-hand-over")
        self._handing_over.add(task)
        task.add_done_callback(self._handed_over)

    def _handed_over(self, task: asyncio.Task[None]) -> None:
        self._handing_over.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("could not hand a redraw to its owner", exc_info=task.exception())

    def _deliver(self, table: Table) -> bool:
        """Queue every hand message of a game whose hands live in DMs; False when another process owns DMs."""
        if not self.kind(table).hand_in_dm or table.public is None:
            return True
        if not self._owns(None):
            return False
        for seat in table.seats:
            if seat.user_id is not None and seat.dm_channel_id is not None and seat.dm_message_id is not None:
                self._queue(seat.dm_channel_id, seat.dm_message_id, _Redraw(table, "", seat.seat))
        return True

    def _queue(self, channel_id: int, message_id: int, redraw: _Redraw) -> None:
        channel = self._channels.setdefault(channel_id, _Channel())
        waiting = channel.dirty.get(message_id)
        if waiting is None or waiting.table.version <= redraw.table.version:
            redraw.force = redraw.force or (waiting is not None and waiting.force)
            channel.dirty[message_id] = redraw
        if channel.worker is None or channel.worker.done():
            channel.worker = asyncio.create_task(self._work(channel_id, channel), name="peapod-redraw")

    async def fired(self, fired: Fired) -> None:
        """Show what a deadline did: redraw its table, and tell the seats it concerns."""
        self.redraw(fired.table)
        for seat, text in fired.ping.items():
            await self.notify(fired.table, seat, text)

    async def notify(self, table: Table, seat: Seat, text: str) -> None:
        """A short DM to a seat's player (a warning, a turn); nothing when their DMs are closed."""
        user_id = table.seats[seat].user_id
        if user_id is None or await self._service.dm_closed(user_id):
            return
        link = ""
        if table.guild_id is not None and table.message_id is not None:
            link = f" https://discord.com/channels/{table.guild_id}/{table.message_channel_id}/{table.message_id}"
        try:
            user = await self._client.fetch_user(user_id)
            await user.send(shorten(f"**{table.title}** (game #{table.game_id}): {text}{link}"))
        except discord.Forbidden:
            await self._service.set_dm_closed(user_id, True)
        except discord.HTTPException:
            log.warning("could not DM the player of seat %s in game %s", seat, table.game_id, exc_info=True)

    async def idle(self) -> None:
        """Wait until every asked-for redraw has been sent (tests, shutdown)."""
        while any(channel.worker is not None and not channel.worker.done() for channel in self._channels.values()):
            await asyncio.gather(
                *(channel.worker for channel in self._channels.values() if channel.worker is not None),
                return_exceptions=True,
            )

    async def heal(self) -> None:
        """Redraw every table whose message lags the database; drop deals whose message never appeared."""
        dropped = await self._service.drop_unshown_deals()
        if dropped:
            log.info("dropped %d deals whose table message never appeared", len(dropped))
        for table in await self._service.lagging_tables():
            if self._owns(table.guild_id):  # another process heals the tables of its own shards
                log.info("redrawing game %s: its message shows version %s of %s", *_versions(table))
                self.redraw(table)

    async def _work(self, channel_id: int, channel: _Channel) -> None:
        loop = asyncio.get_running_loop()
        budget = self._budget
        while channel.dirty:
            now = loop.time()
            while channel.recent and channel.recent[0] <= now - budget.channel_window:
                channel.recent.popleft()
            message_id = min(channel.dirty, key=lambda mid: self._edited.get(mid, float("-inf")))
            wait = self._edited.get(message_id, float("-inf")) + budget.message_spacing - now
            if len(channel.recent) >= budget.channel_edits:
                wait = max(wait, channel.recent[0] + budget.channel_window - now)
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            redraw = channel.dirty.pop(message_id)
            table = redraw.table
            shown = self._shown.get(message_id, -1)
            # A lobby's seats change without a new version, so only dealt tables and hands can be up to date.
            up_to_date = table.version <= shown and (redraw.seat is not None or table.status == "active")
            if up_to_date and not redraw.note and not redraw.force:
                continue
            channel.recent.append(now)
            self._edited[message_id] = now
            await self._edit(channel_id, message_id, redraw)

    async def _edit(self, channel_id: int, message_id: int, redraw: _Redraw) -> None:
        table = redraw.table
        message = self._client.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            if redraw.seat is None and table.finished and table.in_thread:
                await self._close_thread(message, table)
            elif redraw.seat is None:
                await message.edit(**await self._message_parts(table, note=redraw.note), **NO_CONTENT)
                await self._shown_now(table)
            else:
                await message.edit(**await self._panel_parts(table, redraw.seat, ""), **NO_CONTENT)
                self._shown[message_id] = max(self._shown.get(message_id, -1), table.version)
                await self._ping_turn(table, redraw.seat)
        except discord.NotFound:
            log.warning("a message of game %s is gone", table.game_id)
            if redraw.seat is not None:
                await self._service.set_seat_message(table.game_id, redraw.seat, None, None)
        except Exception:
            log.exception("could not redraw a message of game %s", table.game_id)

    async def _ping_turn(self, table: Table, seat: Seat) -> None:
        """When it has just become a seat's turn, a short DM so its player is notified."""
        key = (table.game_id, seat)
        if table.turn != seat or table.seats[seat].away:
            self._pinged.pop(key, None)
            return
        if key not in self._pinged:
            self._pinged[key] = table.version
            await self.notify(table, seat, "your turn.")

    async def _send_hand(self, table: Table, seat: Seat, parts: dict[str, Any]) -> bool:
        """Send a seat's hand message by DM and remember it; False (and remembered) when DMs are closed."""
        user_id = table.seats[seat].user_id
        if user_id is None:
            return False
        try:
            user = await self._client.fetch_user(user_id)
            channel = await user.create_dm()
            files = parts.pop("attachments", [])
            message = await channel.send(view=parts["view"], files=files)
        except discord.Forbidden as error:
            if error.code == DM_FORBIDDEN or error.status == 403:
                await self._service.set_dm_closed(user_id, True)
            return False
        await self._service.set_seat_message(table.game_id, seat, channel.id, message.id)
        return True

    async def _shown_now(self, table: Table) -> None:
        if table.message_id is None:
            return
        if table.version > self._shown.get(table.message_id, -1):
            self._shown[table.message_id] = table.version
        await self._service.mark_shown(table.game_id, table.version)
