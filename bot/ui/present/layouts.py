"""Every message of a table as pure functions of the :class:`~bot.core.service.Table`: its text, its
controls and its Components V2 layout (the public table, a lobby, a race's first message, a seat's
panel, the daily post). Nothing here sends, awaits or renders a picture, so it is tested without Discord.
"""

from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from bot.core.deadlines import ai_level
from bot.core.service import Table
from bot.core.tournament import Format, Standing
from bot.core.tournaments import TournamentView
from bot.text import shorten
from bot.ui import custom_ids
from bot.ui.controls import (
    AcceptButton,
    AddAIButton,
    BackButton,
    CancelButton,
    Control,
    DeclineButton,
    JoinButton,
    LeaveButton,
    NewGameButton,
    PanelButton,
    RematchButton,
    ReplayButton,
    ResignButton,
    StartButton,
    TournamentCancelButton,
    TournamentJoinButton,
    TournamentLeaveButton,
    TournamentPauseButton,
    TournamentReturnButton,
    TournamentStartButton,
    UndoButton,
    button,
)
from bot.ui.kind import KindUI
from bot.ui.layout import FELT, layout
from bot.words import say
from games.base import EndReason, Hint, Seat
from render.bracket import BracketMatch, BracketPicture
from render.standings import StandingsRow, StandingsTable

IMAGE_NAME = "table.png"
HAND_IMAGE_NAME = "hand.png"
COMMAND_ROW = 4
"""The row every table ends with: the game's own commands (Collect, Hint), then Undo and Resign."""


def result_line(table: Table) -> str:
    """How the game ended, in bold first ("" while it runs)."""
    outcome = table.outcome
    if outcome is None:
        return ""
    summary = say(outcome.summary) if outcome.summary is not None else ""
    if outcome.reason is EndReason.RESIGNED:
        return "**Resigned.** " + summary
    if outcome.winners:
        return ("**Won!** " if len(table.seats) == 1 else "**Game over.** ") + summary
    return "**Game over.** " + summary


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
    happened = " ".join(say(event.phrase) for event in table.public_events() if event.phrase != summary)
    if happened:
        lines.append(happened)
    if table.finished:
        lines.append(result_line(table))
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
    lines += [say(event.phrase) for event in table.events_for(seat)]
    if table.finished:
        lines.append(result_line(table))
    if note:
        lines.append(note)
    return "\n".join(lines)


def panel_controls(kind: KindUI, table: Table, seat: Seat) -> list[ui.Item[Any]]:
    """A seat's own controls; none once the game is over."""
    if kind.panel is not None and table.public is not None and not table.finished:
        return list(kind.panel(table, seat))
    return []


def shows_hand(kind: KindUI, table: Table) -> bool:
    """Whether a seat's panel carries the picture of its private view (once dealt, where the game draws one)."""
    return kind.render_private is not None and table.public is not None


def panel_layout(kind: KindUI, table: Table, seat: Seat, note: str = "") -> ui.LayoutView:
    """A seat's panel (or hand message): heading, text, the picture of its hand, its own controls."""
    return layout(
        kind.colour,
        panel_heading(table, seat),
        panel_text(kind, table, seat, note),
        picture=HAND_IMAGE_NAME if shows_hand(kind, table) else None,
        controls=panel_controls(kind, table, seat),
    )


def sat_down_layout(kind: KindUI, table: Table) -> ui.LayoutView:
    """The DM a player gets on sitting down at a game whose hands come by DM (the message later edited to the hand)."""
    text = f"You sat down at this table (game #{table.game_id}); your hand will be here."
    return layout(kind.colour, table.title, text)


def daily_post_layout(day: str, kinds: Sequence[str]) -> ui.LayoutView:
    """A server's post at midnight UTC: the day's deals are dealt, and the commands that play them."""
    commands = " \u00b7 ".join(f"`/daily {kind}`" for kind in kinds)
    text = f"Today's deals are dealt: the same cards for everyone, one attempt each. {commands}"
    return layout(FELT, f"Daily deals, {day}", text, footer="Your table comes by DM; /daily board shows results.")


def hint_text(hint: Hint | None) -> str:
    """A hint as a sentence, or what it means that there is none."""
    if hint is None:
        return "I found no winning line from here; the game may be lost. *Undo* can take moves back."
    return f"Try **{say(hint.action.phrase)}**. {say(hint.why)}"


STANDINGS_IMAGE = "standings.png"
FORMAT_NAMES = {
    Format.ARENA: "Arena",
    Format.SWISS: "Swiss",
    Format.KNOCKOUT: "Knockout",
    Format.ROUNDROBIN: "Round robin",
}
PLACES = ("\U0001f947", "\U0001f948", "\U0001f949")
"""Gold, silver and bronze medals for the podium."""


def tournament_heading(view: TournamentView) -> str:
    return f"{view.title} tournament #{view.id}: {FORMAT_NAMES[view.format]}"


def rounds_line(view: TournamentView) -> str:
    """How long it lasts: an arena's minutes, else its rounds (and each round's clock)."""
    record = view.record
    minutes = f"{record.round_seconds / 60:g} min"
    if view.format is Format.ARENA:
        return f"{record.arena_seconds / 60:g} minutes of games: finish one and you are paired again at once."
    if view.total_rounds is None and view.format is Format.ROUNDROBIN:
        return f"Everyone meets everyone, one round at a time, {minutes} each."
    if view.total_rounds is None:
        return f"Seeded by rating; the winners go on, one round at a time, {minutes} each."
    played = f"round {record.round} of {view.total_rounds}" if record.round else f"{view.total_rounds} rounds"
    return f"{played[0].upper()}{played[1:]}, {minutes} each."


def tournament_text(view: TournamentView) -> str:
    """The tournament message's text: how it runs, when it starts (or where it is), and who is in."""
    record = view.record
    lines = [rounds_line(view)]
    if view.status == "signup":
        lines.append(f"Starts <t:{int(record.starts_at)}:R>, hosted by <@{record.host_id}>. Press Join to play.")
    elif view.status == "running" and view.round_due is not None:
        lines.append(f"Round {record.round} ends <t:{int(view.round_due)}:R>; matches are in their threads.")
    elif view.status == "running" and view.ends_at is not None:
        lines.append(f"The arena ends <t:{int(view.ends_at)}:R>.")
    elif view.status == "finished":
        lines.append("**Finished.**")
    elif view.status == "cancelled":
        lines.append("**Cancelled.**")
    if view.status == "signup":
        entrants = sorted(record.entrants, key=lambda e: -e.rating)
        names = [f"<@{e.user_id}> ({e.rating:.1f})" for e in entrants]
        lines.append(f"**Entrants ({len(names)}/{record.max_players}):** " + (", ".join(names) or "nobody yet"))
    else:
        paused = [f"<@{e.user_id}>" for e in record.entrants if e.paused and not e.withdrawn]
        gone = [f"<@{e.user_id}>" for e in record.entrants if e.withdrawn]
        if paused:
            lines.append("Paused: " + ", ".join(paused))
        if gone:
            lines.append("Withdrew: " + ", ".join(gone))
    return "\n".join(lines)


def tournament_controls(view: TournamentView) -> list[ui.Item[Any]]:
    """Join, Leave, Start now and Cancel during the sign-up; Pause and Return while an arena runs."""
    if view.status == "signup":
        return [
            _tournament_button(TournamentJoinButton, view, "Join", discord.ButtonStyle.success),
            _tournament_button(TournamentLeaveButton, view, "Leave"),
            _tournament_button(TournamentStartButton, view, "Start now", discord.ButtonStyle.primary),
            _tournament_button(TournamentCancelButton, view, "Cancel", discord.ButtonStyle.danger),
        ]
    if view.status == "running" and view.format is Format.ARENA:
        return [
            _tournament_button(TournamentPauseButton, view, "Pause"),
            _tournament_button(TournamentReturnButton, view, "Return"),
        ]
    return []


def _tournament_button(
    cls: type[Control], view: TournamentView, label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary
) -> Control:
    """A button of the tournament message: its id names the tournament where a table's names its game."""
    return cls(ui.Button(custom_id=custom_ids.table_id(cls.prefix, view.id, 0), label=label, style=style))


def tournament_layout(
    view: TournamentView, colour: discord.Colour | int, picture: str | None, *, controls: bool = True
) -> ui.LayoutView:
    """The tournament's message: the sign-up, later the standings (or bracket) picture under the text (without
    ``controls``: the same, shown elsewhere)."""
    return layout(
        colour,
        tournament_heading(view),
        tournament_text(view),
        picture=picture,
        controls=tournament_controls(view) if controls else (),
        footer=f"Tournament #{view.id}",
    )


def match_layout(view: TournamentView, colour: discord.Colour | int, table: Table) -> ui.LayoutView:
    """A tournament match's first message in the channel: who meets whom (pinged), and that the match is in
    the thread under it; the result comes back to it."""
    where = f"round {view.record.round}" if view.format is not Format.ARENA else "the arena"
    text = (
        f"{table_content(table)}\nYour match of {where} is in the thread under this message: the board and "
        "your controls are there. The result comes back here."
    )
    return layout(colour, f"{tournament_heading(view)}", text, footer=f"Game #{table.game_id}")


def _figure(value: float) -> str:
    return f"{value:g}" if value != int(value) else str(int(value))


def standings_table(view: TournamentView) -> StandingsTable:
    """The standings as the picture shows them: rank, name, points, the tie-breaks (Swiss and round robin:
    Buchholz, then Sonneborn-Berger), games played; an arena's players on a streak are lit."""
    tie_breaks = view.format in (Format.SWISS, Format.ROUNDROBIN)
    headings = ("#", "Player", "Points", *(("Buchholz", "S-B") if tie_breaks else ()), "Games")
    rows = []
    for line in view.standings:
        figures = (_figure(line.buchholz or 0.0), _figure(line.sonneborn_berger or 0.0)) if tie_breaks else ()
        cells = (str(line.rank), line.entrant.name, _figure(line.points), *figures, str(line.games))
        rows.append(StandingsRow(cells, lit=line.on_streak))
    after = f"after round {view.record.round}" if view.format is not Format.ARENA else "so far"
    if view.status == "finished":
        after = "final"
    return StandingsTable(f"{tournament_heading(view)} - standings {after}", headings, tuple(rows))


def bracket_picture(view: TournamentView) -> BracketPicture | None:
    """A knockout's bracket as the picture shows it (None: not a knockout, or not started)."""
    if view.bracket is None or not view.bracket:
        return None
    names = {e.user_id: e.name for e in view.record.entrants}

    def side(player: int | None, known: bool) -> str:
        return names.get(player, "?") if player is not None else ("bye" if known else "")

    rounds = tuple(
        tuple(
            BracketMatch(
                side(match.first, match.first_known),
                side(match.second, match.second_known),
                None if match.winner is None else (0 if match.winner == match.first else 1),
            )
            for match in matches
        )
        for matches in view.bracket
    )
    count = len(rounds)
    headings = tuple(
        "Final" if index == count - 1 else "Semi-finals" if index == count - 2 else f"Round {index + 1}"
        for index in range(count)
    )
    return BracketPicture(f"{tournament_heading(view)} - bracket", headings, rounds)


def podium_text(podium: Sequence[Standing]) -> str:
    """The podium, a medal a line."""
    return "\n".join(f"{PLACES[min(index, 2)]} <@{line.entrant.player}>" for index, line in enumerate(podium))


def announcement_layout(
    view: TournamentView,
    colour: discord.Colour | int,
    notes: Sequence[str],
    podium: Sequence[Standing],
    picture: str | None,
) -> ui.LayoutView:
    """What the channel is told as the tournament moves on: rounds closed and begun, how the clock decided
    matches, and at the end the podium with the final standings."""
    body = "\n".join(notes)
    if podium:
        body = f"{body}\n**The podium**\n{podium_text(podium)}".strip()
    return layout(colour, tournament_heading(view), body, picture=picture, footer=f"Tournament #{view.id}")
