"""Every message of a table as pure functions of the :class:`~bot.core.service.Table`: its text, its
controls and its Components V2 layout (the public table, a lobby, a race's first message, a seat's
panel, the daily post). Nothing here sends, awaits or renders a picture, so it is tested without Discord.
"""

from collections.abc import Sequence
from datetime import date
from typing import Any

import discord
from discord import ui

from bot.core.deadlines import ai_level
from bot.core.places import UNSHARED_SETTING
from bot.core.service import Table
from bot.core.tournament import Format, Standing
from bot.core.tournaments import TournamentView
from bot.i18n import N_, Words
from bot.text import shorten
from bot.ui import custom_ids
from bot.ui.controls import (
    PLAY_LIVE,
    AcceptButton,
    AddAIButton,
    BackButton,
    CancelButton,
    Control,
    DeclineButton,
    JoinButton,
    LeaveButton,
    LiveButton,
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
from bot.ui.layout import FELT, Picture, layout
from bot.ui.mentions import Mentions
from games.base import EndReason, Hint, Seat
from render.bracket import BracketMatch, BracketPicture
from render.standings import StandingsRow, StandingsTable

IMAGE_NAME = "table.png"
HAND_IMAGE_NAME = "hand.png"
COMMAND_ROW = 4
"""The row every table ends with: the game's own commands (Collect, Hint), then Undo and Resign."""


def result_line(words: Words, table: Table) -> str:
    """How the game ended, in bold first ("" while it runs)."""
    outcome = table.outcome
    if outcome is None:
        return ""
    if outcome.reason is EndReason.RESIGNED:
        ended, alone = N_("**Resigned.** {summary}"), N_("**Resigned.**")
    elif outcome.winners and len(table.seats) == 1:
        ended, alone = N_("**Won!** {summary}"), N_("**Won!**")
    else:
        ended, alone = N_("**Game over.** {summary}"), N_("**Game over.**")
    if outcome.summary is None:
        return words(alone)
    return words(ended, summary=words.phrase(outcome.summary, seat_names(words, table)))


AI_NAMES = {"easy": N_("AI (easy)"), "normal": N_("AI (normal)"), "hard": N_("AI (hard)")}
"""How the AI seats are named at each level."""


def mention(user_id: int | None) -> str:
    """A user as Discord names them in text."""
    return f"<@{user_id}>"


def channel_mention(channel_id: int | None) -> str:
    """A channel (or thread) as Discord names it in text."""
    return f"<#{channel_id}>"


def in_time(when: float) -> str:
    """A moment as Discord shows it to each reader, relative and in their own language ("in 5 minutes")."""
    return f"<t:{int(when)}:R>"


def ai_name(words: Words, table: Table) -> str:
    """How the table's AI seats are named, with their level: "AI (hard)"."""
    return words(AI_NAMES[ai_level(table.settings)])


def seat_names(words: Words, table: Table) -> list[str | None]:
    """Who sits where, as a shared message names them: a player's mention, the AI with its level (None for an
    empty seat, which keeps its number)."""
    return [
        ai_name(words, table) if record.ai else mention(record.user_id) if record.user_id is not None else None
        for record in table.seats
    ]


def seat_label(words: Words, table: Table, seat: Seat) -> str:
    """How a seat is named in text: its player's mention, or the AI with its level."""
    record = table.seats[seat]
    number = seat + 1
    if record.ai:
        return words("Seat {seat}: {ai}", seat=number, ai=ai_name(words, table))
    if record.user_id is None:
        return words("Seat {seat}: empty", seat=number)
    player = mention(record.user_id)
    host = record.user_id == table.host_id
    if not record.ready:
        return words("Seat {seat}: {player} (invited)", seat=number, player=player)
    if record.away and host:
        return words("Seat {seat}: {player} (host; away: the AI plays for now)", seat=number, player=player)
    if record.away:
        return words("Seat {seat}: {player} (away: the AI plays for now)", seat=number, player=player)
    if host:
        return words("Seat {seat}: {player} (host)", seat=number, player=player)
    return words("Seat {seat}: {player}", seat=number, player=player)


def table_content(words: Words, table: Table) -> str:
    """Who plays, with mentions (they show as names everywhere)."""
    owner = mention(table.owner)
    if len(table.seats) == 1:
        if table.open_play:
            return words("Open table started by {owner}: anyone here may play.", owner=owner)
        return words("{owner}'s game.", owner=owner)
    people = " ".join(mention(seat.user_id) for seat in table.seats if seat.user_id is not None)
    if table.status == "seating":
        return words("{owner} opened a {game} table. {people}", owner=owner, game=table.title, people=people)
    return words("{game}: {people}", game=table.title, people=people)


HANDS_HERE = N_(
    "Here nobody's hand comes by DM: each player sees their own, and plays it, with **{label}** on the table."
)
"""A lobby's line where peapod is not a member (it may not DM the players there)."""


def table_text(words: Words, kind: KindUI, table: Table, note: str = "") -> str:
    """Who plays, the state of play (or the seats of a lobby), the last thing that happened, the end, a note."""
    lines = [table_content(words, table)]
    if table.public is None:
        lines += [seat_label(words, table, seat) for seat in range(len(table.seats))]
        if kind.lobby_note is not None:
            lines.append(kind.lobby_note(words, table))
        if kind.hand_in_dm and not table.place.member:
            lines.append(words(HANDS_HERE, label=words(kind.panel_label)))
    else:
        lines.append(kind.status(words, table))
    summary = table.outcome.summary if table.outcome else None
    names = seat_names(words, table)
    happened = " ".join(
        words.phrase(event.phrase, names) for event in table.public_events() if event.phrase != summary
    )
    if happened:
        lines.append(happened)
    if table.finished:
        lines.append(result_line(words, table))
    if note:
        lines.append(note)
    return "\n".join(lines)


UNSHARED = N_(
    "Only you can see this table: this server does not let apps installed to people show their answers to others."
)


def game_footer(words: Words, table: Table) -> str:
    """The game's number; for a table Discord shows its player alone, why nobody else sees it."""
    number = words("Game #{game_id}", game_id=table.game_id)
    return f"{words(UNSHARED)} · {number}" if table.settings.get(UNSHARED_SETTING) else number


def table_picture(
    words: Words, kind: KindUI, table: Table, names: Sequence[str], picked: str | None = None
) -> Picture | None:
    """The table's picture with its description (None before the deal): from the public view only, so it
    says only what everyone may see."""
    if table.public is None:
        return None
    if picked is not None and kind.render_picked is not None and kind.describe_picked is not None:
        return Picture(IMAGE_NAME, kind.describe_picked(words, table, picked))
    return Picture(IMAGE_NAME, kind.describe(words, table, names))


def table_layout(
    words: Words,
    kind: KindUI,
    table: Table,
    *,
    text: str,
    names: Sequence[str],
    picked: str | None = None,
    controls: bool = True,
    pictures: bool = True,
    live: bool = False,
) -> ui.LayoutView:
    """The table message: a heading, ``text``, the picture (once dealt; described with the players' ``names``),
    the controls (with Play live when ``live``: the Activity is served), the game's number. Without ``pictures``
    (a one-player table whose player turned them off), the text table: the picture's description in its place."""
    return layout(
        kind.colour,
        table.title,
        text,
        picture=table_picture(words, kind, table, names, picked),
        controls=table_controls(words, kind, table, picked, live=live) if controls else (),
        footer=game_footer(words, table),
        as_text=not pictures,
    )


def thread_name(words: Words, table: Table, names: Sequence[str]) -> str:
    """A race thread's name: the game and who plays (Discord allows 100 characters)."""
    players = names[0] if names else ""
    for name in names[1:]:
        players = words("{first} vs {second}", first=players, second=name)
    return shorten(words("{game} #{game_id}: {players}", game=table.title, game_id=table.game_id, players=players), 100)


def starter_layout(words: Words, kind: KindUI, table: Table, thread_id: int | None) -> ui.LayoutView:
    """The channel's message of a table played in its thread, while it runs: who plays, and where
    (``thread_id`` None: the thread is being opened)."""
    if thread_id is None:
        where = words(
            "The race is on in a thread of its own, opening now: the board and everyone's controls are there. "
            "The result comes back to this message."
        )
    else:
        where = words(
            "The race is on in {thread}: the board and everyone's controls are there. "
            "The result comes back to this message.",
            thread=channel_mention(thread_id),
        )
    text = f"{table_content(words, table)}\n{where}"
    return layout(kind.colour, table.title, text, footer=game_footer(words, table))


def lobby_controls(words: Words, table: Table) -> list[ui.Item[Any]]:
    """A lobby's buttons: Join, Leave and Add AI while seats are open, Accept and Decline, Start, Cancel."""
    if table.status != "seating":
        return []
    items: list[ui.Item[Any]] = []
    empty = any(seat.user_id is None and not seat.ai for seat in table.seats)
    invited = any(not seat.ready for seat in table.seats)
    if empty:
        items.append(button(JoinButton, table, words("Join"), style=discord.ButtonStyle.success, row=0))
        items.append(button(AddAIButton, table, words("Add AI"), row=0))
    if any(seat.user_id is not None and seat.seat > 0 and seat.ready for seat in table.seats):
        items.append(button(LeaveButton, table, words("Leave"), row=0))
    if invited:
        items.append(button(AcceptButton, table, words("Accept"), style=discord.ButtonStyle.success, row=0))
        items.append(button(DeclineButton, table, words("Decline"), style=discord.ButtonStyle.danger, row=0))
    if not empty and not invited:
        items.append(button(StartButton, table, words("Start"), style=discord.ButtonStyle.primary, row=0))
    items.append(button(CancelButton, table, words("Cancel"), style=discord.ButtonStyle.danger, row=1))
    return items


def table_controls(
    words: Words, kind: KindUI, table: Table, picked: str | None = None, *, live: bool = False
) -> list[ui.Item[Any]]:
    """The game's controls, its panel button, Play live (a game that offers it, where the Activity is served:
    ``live``), then Undo (when there is something to take back) and Resign."""
    if table.public is None:
        return lobby_controls(words, table)
    if table.finished:
        replay = button(ReplayButton, table, words("Replay"))
        if len(table.seats) == 1:
            return [button(NewGameButton, table, words("New game"), style=discord.ButtonStyle.success), replay]
        if any(seat.user_id is not None for seat in table.seats):
            return [button(RematchButton, table, words("Rematch"), style=discord.ButtonStyle.success), replay]
        return [replay]
    items = list(kind.controls(words, table, picked))
    if kind.panel is not None:
        label = words(kind.panel_label)
        items.append(button(PanelButton, table, label, style=discord.ButtonStyle.primary, row=COMMAND_ROW))
    if live and kind.live:
        items.append(button(LiveButton, table, words(PLAY_LIVE), style=discord.ButtonStyle.success, row=COMMAND_ROW))
    if any(seat.away for seat in table.seats):
        items.append(button(BackButton, table, words("I'm back"), row=COMMAND_ROW))
    if table.can_undo:
        items.append(button(UndoButton, table, words("Undo"), row=COMMAND_ROW))
    if not table.open_play:
        # at an open table only its owner may resign, and does so with /<game> resign
        resign = button(ResignButton, table, words("Resign"), style=discord.ButtonStyle.danger, row=COMMAND_ROW)
        items.append(resign)
    return items


def panel_heading(words: Words, table: Table, seat: Seat) -> str:
    return words(
        "{game} \u00b7 game #{game_id} \u00b7 seat {seat}", game=table.title, game_id=table.game_id, seat=seat + 1
    )


def panel_text(words: Words, kind: KindUI, table: Table, seat: Seat, note: str = "") -> str:
    """A seat's panel: where its table is, its own line, what only it was told, and a note."""
    lines = []
    if table.message_id is not None and table.guild_id is not None:
        lines.append(f"https://discord.com/channels/{table.guild_id}/{table.message_channel_id}/{table.message_id}")
    if kind.panel_status is not None and table.public is not None:
        lines.append(kind.panel_status(words, table, seat))
    lines += [words.phrase(event.phrase) for event in table.events_for(seat)]
    if table.finished:
        lines.append(result_line(words, table))
    if note:
        lines.append(note)
    return "\n".join(lines)


def panel_controls(words: Words, kind: KindUI, table: Table, seat: Seat) -> list[ui.Item[Any]]:
    """A seat's own controls; none once the game is over."""
    if kind.panel is not None and table.public is not None and not table.finished:
        return list(kind.panel(words, table, seat))
    return []


def shows_hand(kind: KindUI, table: Table) -> bool:
    """Whether a seat's panel carries the picture of its private view (once dealt, where the game draws one)."""
    return kind.render_private is not None and table.public is not None


def hand_picture(words: Words, kind: KindUI, table: Table, seat: Seat) -> Picture | None:
    """A seat's private picture with its description, from its own view (None: the game draws none here)."""
    if not shows_hand(kind, table) or kind.describe_private is None:
        return None
    return Picture(HAND_IMAGE_NAME, kind.describe_private(words, table, seat))


def panel_layout(
    words: Words, kind: KindUI, table: Table, seat: Seat, note: str = "", *, pictures: bool = True
) -> ui.LayoutView:
    """A seat's panel (or hand message): heading, text, the picture of its hand, its own controls. Without
    ``pictures`` (its player turned them off), the text table: the hand's description in the picture's place."""
    return layout(
        kind.colour,
        panel_heading(words, table, seat),
        panel_text(words, kind, table, seat, note),
        picture=hand_picture(words, kind, table, seat),
        controls=panel_controls(words, kind, table, seat),
        as_text=not pictures,
    )


def sat_down_layout(words: Words, kind: KindUI, table: Table) -> ui.LayoutView:
    """The DM a player gets on sitting down at a game whose hands come by DM (the message later edited to the hand)."""
    text = words("You sat down at this table (game #{game_id}); your hand will be here.", game_id=table.game_id)
    return layout(kind.colour, table.title, text)


def daily_post_layout(words: Words, day: str, kinds: Sequence[str], mention: Mentions) -> ui.LayoutView:
    """A server's post at midnight UTC (``day``, ISO): the day's deals are dealt, and the commands that play them."""
    commands = " \u00b7 ".join(mention(words, "daily", kind) for kind in kinds)
    text = words(
        "Today's deals are dealt: the same cards for everyone, one attempt each. {commands}", commands=commands
    )
    return layout(
        FELT,
        words("Daily deals, {day}", day=words.date(date.fromisoformat(day))),
        text,
        footer=words("Your table comes by DM; /daily board shows results."),
    )


def hint_text(words: Words, hint: Hint | None) -> str:
    """A hint as a sentence, or what it means that there is none."""
    if hint is None:
        return words("I found no winning line from here; the game may be lost. *Undo* can take moves back.")
    return words("Try **{move}**. {why}", move=words.phrase(hint.action.phrase), why=words.phrase(hint.why))


STANDINGS_IMAGE = "standings.png"
FORMAT_NAMES = {
    Format.ARENA: N_("Arena"),
    Format.SWISS: N_("Swiss"),
    Format.KNOCKOUT: N_("Knockout"),
    Format.ROUNDROBIN: N_("Round robin"),
}
PLACES = ("\U0001f947", "\U0001f948", "\U0001f949")
"""Gold, silver and bronze medals for the podium, by rank."""


def tournament_heading(words: Words, view: TournamentView) -> str:
    return words(
        "{game} tournament #{id}: {format}", game=view.title, id=view.id, format=words(FORMAT_NAMES[view.format])
    )


def rounds_line(words: Words, view: TournamentView) -> str:
    """How long it lasts: an arena's minutes, else its rounds (and each round's clock)."""
    record = view.record
    each = words.duration(record.round_seconds)
    if view.format is Format.ARENA:
        return words(
            "{duration} of games: finish one and you are paired again at once.",
            duration=words.duration(record.arena_seconds),
        )
    if view.total_rounds is None and view.format is Format.ROUNDROBIN:
        return words("Everyone meets everyone, one round at a time, {duration} each.", duration=each)
    if view.total_rounds is None:
        return words("Seeded by rating; the winners go on, one round at a time, {duration} each.", duration=each)
    if record.round:
        return words(
            "Round {round} of {rounds}, {duration} each.", round=record.round, rounds=view.total_rounds, duration=each
        )
    return words.plural("{n} round, {duration} each.", "{n} rounds, {duration} each.", view.total_rounds, duration=each)


def tournament_text(words: Words, view: TournamentView) -> str:
    """The tournament message's text: how it runs, when it starts (or where it is), and who is in."""
    record = view.record
    lines = [rounds_line(words, view)]
    if view.status == "signup":
        lines.append(
            words(
                "Starts {when}, hosted by {host}. Press Join to play.",
                when=in_time(record.starts_at),
                host=mention(record.host_id),
            )
        )
    elif view.status == "running" and view.round_due is not None:
        lines.append(
            words(
                "Round {round} ends {when}; matches are in their threads.",
                round=record.round,
                when=in_time(view.round_due),
            )
        )
    elif view.status == "running" and view.ends_at is not None:
        lines.append(words("The arena ends {when}.", when=in_time(view.ends_at)))
    elif view.status == "finished":
        lines.append(words("**Finished.**"))
    elif view.status == "cancelled":
        lines.append(words("**Cancelled.**"))
    separator = words.context("list separator", ", ")
    if view.status == "signup":
        entrants = sorted(record.entrants, key=lambda e: -e.rating)
        names = [
            words("{player} ({rating})", player=mention(e.user_id), rating=words.rating(e.rating)) for e in entrants
        ]
        if names:
            lines.append(
                words(
                    "**Entrants ({count}/{most}):** {players}",
                    count=len(names),
                    most=record.max_players,
                    players=separator.join(names),
                )
            )
        else:
            lines.append(words("**Entrants (0/{most}):** nobody yet", most=record.max_players))
    else:
        paused = [mention(e.user_id) for e in record.entrants if e.paused and not e.withdrawn]
        gone = [mention(e.user_id) for e in record.entrants if e.withdrawn]
        if paused:
            lines.append(words("Paused: {players}", players=separator.join(paused)))
        if gone:
            lines.append(words("Withdrew: {players}", players=separator.join(gone)))
    return "\n".join(lines)


def tournament_controls(words: Words, view: TournamentView) -> list[ui.Item[Any]]:
    """Join, Leave, Start now and Cancel during the sign-up; Pause and Return while an arena runs."""
    if view.status == "signup":
        return [
            _tournament_button(TournamentJoinButton, view, words("Join"), discord.ButtonStyle.success),
            _tournament_button(TournamentLeaveButton, view, words("Leave")),
            _tournament_button(TournamentStartButton, view, words("Start now"), discord.ButtonStyle.primary),
            _tournament_button(TournamentCancelButton, view, words("Cancel"), discord.ButtonStyle.danger),
        ]
    if view.status == "running" and view.format is Format.ARENA:
        return [
            _tournament_button(TournamentPauseButton, view, words("Pause")),
            _tournament_button(TournamentReturnButton, view, words("Return")),
        ]
    return []


def _tournament_button(
    cls: type[Control], view: TournamentView, label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary
) -> Control:
    """A button of the tournament message (``label`` worded): its id names the tournament where a table's names
    its game."""
    return cls(ui.Button(custom_id=custom_ids.table_id(cls.prefix, view.id, 0), label=label[:80], style=style))


def tournament_layout(
    words: Words, view: TournamentView, colour: discord.Colour | int, picture: Picture | None, *, controls: bool = True
) -> ui.LayoutView:
    """The tournament's message: the sign-up, later the standings (or bracket) picture under the text (without
    ``controls``: the same, shown elsewhere)."""
    return layout(
        colour,
        tournament_heading(words, view),
        tournament_text(words, view),
        picture=picture,
        controls=tournament_controls(words, view) if controls else (),
        footer=words("Tournament #{id}", id=view.id),
    )


def match_layout(words: Words, view: TournamentView, colour: discord.Colour | int, table: Table) -> ui.LayoutView:
    """A tournament match's first message in the channel: who meets whom (pinged), and that the match is in
    the thread under it; the result comes back to it."""
    if view.format is Format.ARENA:
        where = words(
            "Your match of the arena is in the thread under this message: the board and your controls are there. "
            "The result comes back here."
        )
    else:
        where = words(
            "Your match of round {round} is in the thread under this message: the board and your controls are "
            "there. The result comes back here.",
            round=view.record.round,
        )
    text = f"{table_content(words, table)}\n{where}"
    return layout(colour, tournament_heading(words, view), text, footer=game_footer(words, table))


def _figure(words: Words, value: float) -> str:
    return words.number(value if value != int(value) else int(value))


def standings_table(words: Words, view: TournamentView) -> StandingsTable:
    """The standings as the picture shows them: rank, name, points, the tie-breaks (Swiss and round robin:
    Buchholz, then Sonneborn-Berger), games played; an arena's players on a streak are lit."""
    tie_breaks = view.format in (Format.SWISS, Format.ROUNDROBIN)
    breaks = (words("Buchholz"), words("S-B")) if tie_breaks else ()
    headings = ("#", words("Player"), words("Points"), *breaks, words("Games"))
    rows = []
    for line in view.standings:
        figures = (
            (_figure(words, line.buchholz or 0.0), _figure(words, line.sonneborn_berger or 0.0)) if tie_breaks else ()
        )
        cells = (str(line.rank), line.entrant.name, _figure(words, line.points), *figures, words.number(line.games))
        rows.append(StandingsRow(cells, lit=line.on_streak))
    if view.status == "finished":
        subtitle = words("Final standings")
    elif view.format is Format.ARENA:
        subtitle = words("Standings so far")
    else:
        subtitle = words("Standings after round {round}", round=view.record.round)
    return StandingsTable(tournament_heading(words, view), headings, tuple(rows), subtitle)


def bracket_picture(words: Words, view: TournamentView) -> BracketPicture | None:
    """A knockout's bracket as the picture shows it (None: not a knockout, or not started)."""
    if view.bracket is None or not view.bracket:
        return None
    names = {e.user_id: e.name for e in view.record.entrants}

    def side(player: int | None, known: bool) -> str:
        return names.get(player, "?") if player is not None else (words("bye") if known else "")

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
        words("Final")
        if index == count - 1
        else words("Semi-finals")
        if index == count - 2
        else words("Round {round}", round=index + 1)
        for index in range(count)
    )
    return BracketPicture(tournament_heading(words, view), headings, rounds, words("Bracket"))


def standings_description(words: Words, drawn: StandingsTable) -> str:
    """The standings picture in words: its title (and subtitle), then a line per row, each figure named by its
    heading."""
    separator = words.context("list separator", ", ")
    rows = [
        words(
            "{rank}. {name}: {figures}",
            rank=row.cells[0],
            name=row.cells[1],
            figures=separator.join(f"{heading} {cell}" for heading, cell in zip(drawn.headings[2:], row.cells[2:])),
        )
        for row in drawn.rows
    ]
    return "\n".join(line for line in (drawn.title, drawn.subtitle, *rows) if line)


def bracket_description(words: Words, drawn: BracketPicture) -> str:
    """The bracket picture in words: its title, then each round's matches, with their winners once decided."""
    said = [line for line in (drawn.title, drawn.subtitle) if line]
    for heading, matches in zip(drawn.headings, drawn.rounds):
        games = []
        for match in matches:
            pairing = words("{first} vs {second}", first=match.top or "?", second=match.bottom or "?")
            if match.winner is not None:
                pairing = words(
                    "{match}: {winner} won", match=pairing, winner=match.bottom if match.winner else match.top
                )
            games.append(pairing)
        said.append(f"{heading}: " + words.context("list separator", ", ").join(games))
    return "\n".join(said)


def podium_text(podium: Sequence[Standing]) -> str:
    """The podium, a medal a line: the medal of each player's rank, so players level share one (two firsts are
    both gold, and the next is third)."""
    return "\n".join(f"{PLACES[line.rank - 1]} {mention(line.entrant.player)}" for line in podium if line.rank <= 3)


def announcement_layout(
    words: Words,
    view: TournamentView,
    colour: discord.Colour | int,
    notes: Sequence[str],
    podium: Sequence[Standing],
    picture: Picture | None,
) -> ui.LayoutView:
    """What the channel is told as the tournament moves on: rounds closed and begun, how the clock decided
    matches, and at the end the podium with the final standings."""
    lines = list(notes)
    if podium:
        lines += [words("**The podium**"), podium_text(podium)]
    footer = words("Tournament #{id}", id=view.id)
    return layout(colour, tournament_heading(words, view), "\n".join(lines), picture=picture, footer=footer)
