"""The tournament's messages as pure functions of a tournament (no Discord): the sign-up with its buttons, an
arena's Pause and Return, the standings picture's rows and tie-break columns, a knockout's bracket, and the
podium."""

import dataclasses
import io

import discord
import pytest
from discord import ui
from PIL import Image

from bot.cogs.ratings import describe
from bot.core.tournament import Entrant, Format, Outcome, Result, bracket, standings
from bot.core.tournaments import TournamentView
from bot.i18n import ENGLISH, LOCALES, PSEUDO, words_for
from bot.store import EntrantRecord, PairingRecord, Rating, TournamentRecord
from bot.ui.present.layouts import (
    announcement_layout,
    bracket_description,
    bracket_picture,
    podium_text,
    standings_description,
    standings_table,
    tournament_controls,
    tournament_layout,
    tournament_text,
)
from games import GAMES
from render import standings as picture
from render.bracket import render_bracket
from render.standings import render_standings, text_width, title_lines

from .pseudo import english_in

PLAYERS = (11, 22, 33, 44, 55, 66)


def text_of(view: ui.LayoutView) -> str:
    return "\n".join(item.content for item in view.walk_children() if isinstance(item, ui.TextDisplay))


def record(form: Format, status: str, results=(), round_=0, **extra) -> TournamentRecord:
    entrants = tuple(EntrantRecord(p, f"p{p}", 30.0 - p / 10, 1000.0 + p) for p in PLAYERS)
    pairings = tuple(
        PairingRecord(n, 1, r.first, r.second, None, r.outcome.value, None, 2000.0, 2100.0 + n)
        for n, r in enumerate(results)
    )
    fields = {
        "id": 7,
        "guild_id": 1,
        "channel_id": 2,
        "message_id": 3,
        "host_id": 11,
        "kind": "peanuts",
        "format": form.value,
        "rounds": 3,
        "round_seconds": 600.0,
        "arena_seconds": 1800.0,
        "starts_at": 5000.0,
        "max_players": 16,
        "status": status,
        "round": round_,
        "version": 1,
        "created_at": 1000.0,
        "updated_at": 1000.0,
        "entrants": entrants,
        "pairings": pairings,
    }
    fields.update(extra)
    return TournamentRecord(**fields)


def view_of(form: Format, status: str, results=(), round_=0, **extra) -> TournamentView:
    stored = record(form, status, results, round_, **extra)
    entrants = [Entrant(e.user_id, e.name, e.rating) for e in stored.entrants]
    drawn = bracket(entrants, list(results)) if form is Format.KNOCKOUT and status != "signup" else None
    return TournamentView(
        record=stored,
        title="Peanuts",
        format=form,
        standings=standings(form, entrants, list(results)),
        total_rounds=3 if form is Format.SWISS else None,
        bracket=drawn,
    )


def test_the_signup_lists_entrants_with_ratings_and_offers_join_leave_start_and_cancel():
    view = view_of(Format.SWISS, "signup")
    text = tournament_text(ENGLISH, view)
    assert "Starts <t:5000:R>" in text and "<@11>" in text and "(28.9)" in text and "Entrants (6/16)" in text
    assert [c.custom_id for c in tournament_controls(ENGLISH, view)] == ["tj:7:0", "tl:7:0", "tg:7:0", "tc:7:0"]
    assert "Peanuts tournament #7: Swiss" in text_of(tournament_layout(ENGLISH, view, discord.Colour.green(), None))


def test_an_arena_running_offers_pause_and_return_and_a_finished_one_nothing():
    assert [c.custom_id for c in tournament_controls(ENGLISH, view_of(Format.ARENA, "running"))] == ["tp:7:0", "tr:7:0"]
    assert tournament_controls(ENGLISH, view_of(Format.SWISS, "finished")) == []
    shown_elsewhere = tournament_layout(ENGLISH, view_of(Format.SWISS, "signup"), 0, None, controls=False)
    assert not [item for item in shown_elsewhere.walk_children() if isinstance(item, ui.Button)]


def test_the_standings_picture_has_the_tie_breaks_of_swiss_and_none_in_an_arena():
    results = (Result(11, 22, Outcome.FIRST_WON), Result(33, 44, Outcome.DRAW), Result.bye(55))
    swiss = standings_table(ENGLISH, view_of(Format.SWISS, "running", results, 1))
    assert swiss.headings == ("#", "Player", "Points", "Buchholz", "S-B", "Games")
    assert swiss.rows[0].cells[:3] == ("1", "p11", "1") and swiss.subtitle == "Standings after round 1"
    assert swiss.title == "Peanuts tournament #7: Swiss"
    assert any(row.cells[2] == "0.5" for row in swiss.rows)
    streak = (Result(11, 22, Outcome.FIRST_WON), Result(11, 33, Outcome.FIRST_WON))
    arena = standings_table(ENGLISH, view_of(Format.ARENA, "running", streak, 1))
    assert arena.headings == ("#", "Player", "Points", "Games")
    assert arena.rows[0].cells[1] == "p11" and arena.rows[0].lit and not arena.rows[1].lit


def test_a_knockout_of_six_draws_its_bracket_with_byes_to_the_top_seeds():
    results = (Result.bye(11), Result.bye(22))
    picture = bracket_picture(ENGLISH, view_of(Format.KNOCKOUT, "running", results, 1))
    assert picture is not None and picture.headings == ("Round 1", "Semi-finals", "Final")
    first_round = picture.rounds[0]
    assert sum(match.bottom == "bye" for match in first_round) == 2
    assert bracket_picture(ENGLISH, view_of(Format.SWISS, "running")) is None


def test_the_standings_and_the_bracket_are_described_row_by_row_and_match_by_match():
    results = (Result(11, 22, Outcome.FIRST_WON), Result(33, 44, Outcome.DRAW), Result.bye(55))
    swiss = standings_description(ENGLISH, standings_table(ENGLISH, view_of(Format.SWISS, "running", results, 1)))
    lines = swiss.splitlines()
    rows = [line for line in lines if line[0].isdigit()]
    assert "after round 1" in swiss and len(rows) == len(PLAYERS)
    assert rows[0].startswith("1. p11: Points 1, Buchholz ") and rows[0].endswith(", Games 1")
    knockout = view_of(Format.KNOCKOUT, "running", (Result.bye(11), Result.bye(22)), 1)
    drawn = bracket_picture(ENGLISH, knockout)
    assert drawn is not None
    said = bracket_description(ENGLISH, drawn).splitlines()
    first = next(line for line in said if line.startswith("Round 1: "))
    assert said[0] == drawn.title and "p11 vs bye: p11 won" in first
    assert said[-1].startswith("Final: ")


def test_the_podium_is_announced_with_medals():
    results = (Result(11, 22, Outcome.FIRST_WON), Result(33, 44, Outcome.FIRST_WON))
    view = view_of(Format.SWISS, "finished", results, 3)
    text = text_of(announcement_layout(ENGLISH, view, 0, ["The tournament is over."], view.standings[:3], None))
    assert "The podium" in text and "\U0001f947 <@11>" in text and "\U0001f947 <@33>" in text, "level: both gold"
    assert "\U0001f948" not in text and "\U0001f949 <@22>" in text


def test_every_word_of_a_tournaments_messages_and_pictures_comes_from_the_catalog():
    """In the pseudo-locale no plain English is left in the texts, the buttons, the standings' and the bracket's
    headings and titles, the announcement and the podium."""
    words = words_for(PSEUDO)
    results = (Result(11, 22, Outcome.FIRST_WON), Result(33, 44, Outcome.DRAW), Result.bye(55))
    views = [
        view_of(Format.SWISS, "signup"),
        view_of(Format.SWISS, "signup", entrants=()),
        view_of(Format.ARENA, "running", results, 1, arena_seconds=1800.0),
        view_of(Format.SWISS, "running", results, 1),
        view_of(Format.ROUNDROBIN, "cancelled"),
        view_of(Format.KNOCKOUT, "running", (Result.bye(11), Result.bye(22)), 1),
        view_of(Format.SWISS, "finished", results, 3),
    ]
    texts = []
    for view in views:
        texts.append(text_of(tournament_layout(words, view, 0, None)))
        texts += [c.item.label or "" for c in tournament_controls(words, view)]
        table = standings_table(words, view)
        texts += [table.title, table.subtitle, *table.headings, standings_description(words, table)]
        bracket = bracket_picture(words, view)
        if bracket is not None:
            texts += [bracket.title, bracket.subtitle, *bracket.headings, bracket_description(words, bracket)]
            texts += [side for matches in bracket.rounds for match in matches for side in (match.top, match.bottom)]
        texts.append(text_of(announcement_layout(words, view, 0, ["[ñööţêê]"], view.standings[:3], None)))
    assert [(text, english_in(text)) for text in texts if english_in(text)] == []


LONGEST_TITLE = max((game.title for game in GAMES.values()), key=len)


@pytest.mark.parametrize("locale", [*LOCALES, PSEUDO])
def test_the_pictures_titles_are_read_whole_in_every_language(locale):
    """The standings' title and subtitle (after round 20, so far, final) and a bracket's, for the longest game
    title, every format and a five-digit number, are broken onto lines that each fit the picture's width as its
    own font measures them, with nothing cut short; and the pictures are drawn that tall."""
    words = words_for(locale)
    results = (Result(11, 22, Outcome.FIRST_WON), Result(33, 44, Outcome.DRAW), Result.bye(55))
    views = [
        view_of(form, status, results, 20, id=99999)
        for form in Format
        for status in ("running", "finished")
        if form is not Format.KNOCKOUT
    ]
    room = picture.WIDTH - 2 * picture.MARGIN
    for view in views:
        table = standings_table(words, dataclasses.replace(view, title=LONGEST_TITLE))
        lines = title_lines(table.title, table.subtitle)
        assert all(text_width(line.text, line.size, line.bold) <= room for line in lines), lines
        assert " ".join(line.text for line in lines) == f"{table.title} {table.subtitle}"
        height = Image.open(io.BytesIO(render_standings(table))).height
        assert height == picture.MARGIN + picture.title_room(lines) + picture.HEADINGS_ROOM + 6 * picture.ROW + 8
    knockout = view_of(Format.KNOCKOUT, "running", (Result.bye(11), Result.bye(22)), 1, id=99999)
    drawn = bracket_picture(words, dataclasses.replace(knockout, title=LONGEST_TITLE))
    assert drawn is not None
    lines = title_lines(drawn.title, drawn.subtitle)
    assert all(text_width(line.text, line.size, line.bold) <= room for line in lines), lines
    assert " ".join(line.text for line in lines) == f"{drawn.title} {drawn.subtitle}"
    assert Image.open(io.BytesIO(render_bracket(drawn))).width == picture.WIDTH


def test_players_level_share_a_medal_and_the_next_rank_skips():
    """Standard competition ranking (1, 1, 3): two players level on top both get the gold, nobody the silver,
    and the next two share the bronze; the standings picture shows the same ranks."""
    results = (Result(11, 22, Outcome.FIRST_WON), Result(33, 44, Outcome.FIRST_WON), Result(55, 66, Outcome.DRAW))
    view = view_of(Format.ARENA, "finished", results, 1)
    assert [row.cells[0] for row in standings_table(ENGLISH, view).rows] == ["1", "1", "3", "3", "5", "5"]
    podium = [line for line in view.standings if line.rank <= 3]
    assert podium_text(podium).splitlines() == [
        "\U0001f947 <@11>",
        "\U0001f947 <@33>",
        "\U0001f949 <@55>",
        "\U0001f949 <@66>",
    ]


@pytest.mark.parametrize("locale", LOCALES)
def test_a_rating_reads_the_same_on_the_sign_up_and_in_rating_and_leaderboard(locale):
    """The sign-up lists an entrant's rating as /rating and /leaderboard (``describe``) show it, in every
    language: one way of writing a rating (``Words.rating``), whole numbers too ("5.0", never "5")."""
    words = words_for(locale)
    for value in (5.0, 28.94, -3.25):
        entrant = EntrantRecord(11, "p11", value, 1000.0)
        text = tournament_text(words, view_of(Format.SWISS, "signup", entrants=(entrant,)))
        shown = words.rating(value)
        assert words("{player} ({rating})", player="<@11>", rating=shown) in text
        rated = Rating(11, value + 6.0, 2.0, 12)
        assert f"**{shown}**" in describe(rated, words)
