"""Tournament standings, pure: what each result is worth, arena streaks, Buchholz and Sonneborn-Berger, shared
ranks, and properties over random results."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core.tournament import Entrant, Format, Mark, Outcome, Result, arena_scores, points, standings


def field(count: int) -> list[Entrant]:
    return [Entrant(i, f"P{i}", 2000 - 10 * i) for i in range(count)]


@pytest.mark.parametrize(
    ("result", "first", "second"),
    [
        (Result(0, 1, Outcome.FIRST_WON), 1.0, 0.0),
        (Result(0, 1, Outcome.SECOND_WON), 0.0, 1.0),
        (Result(0, 1, Outcome.DRAW), 0.5, 0.5),
        (Result(0, 1, Outcome.FIRST_WON_BY_FORFEIT), 1.0, 0.0),
        (Result(0, 1, Outcome.SECOND_WON_BY_FORFEIT), 0.0, 1.0),
        (Result(0, 1, Outcome.DOUBLE_FORFEIT), 0.0, 0.0),
        (Result.bye(0), 1.0, None),
    ],
)
def test_every_outcome_is_scored(result, first, second):
    """A win, a forfeit win and a bye are worth 1, a draw ½, a loss, a forfeit loss and a double forfeit 0."""
    assert points([result]).get(0) == first and points([result]).get(1) == second


def test_forfeits_and_byes_are_not_games_played():
    """Games played counts only games played over the table."""
    results = [Result(0, 1, Outcome.DOUBLE_FORFEIT), Result.bye(2), Result(0, 2, Outcome.DRAW)]
    games = {line.entrant.player: line.games for line in standings(Format.SWISS, field(3), results)}
    assert games == {0: 1, 1: 0, 2: 1}
    assert [Result(0, 1, Outcome.FIRST_WON_BY_FORFEIT).mark(p) for p in (0, 1)] == [Mark.FORFEIT_WIN, Mark.FORFEIT_LOSS]


def test_an_arena_streak_doubles_until_a_game_is_not_won():
    """Win 2, win 2, then on a streak: win 4, draw 2 (which ends it), win 2, win 2, loss 0."""
    marks = [
        Outcome.FIRST_WON,
        Outcome.FIRST_WON,
        Outcome.FIRST_WON,
        Outcome.DRAW,
        Outcome.FIRST_WON,
        Outcome.FIRST_WON,
    ]
    results = [Result(0, 1 + index, outcome) for index, outcome in enumerate(marks)]
    assert arena_scores(results)[0].points == 14 and arena_scores(results)[0].on_streak
    results.append(Result(0, 9, Outcome.SECOND_WON))
    assert arena_scores(results)[0].points == 14 and not arena_scores(results)[0].on_streak
    line = standings(Format.ARENA, [Entrant(0, "A", 1500)], results)[0]
    assert (line.points, line.buchholz, line.sonneborn_berger, line.games) == (14, None, None, 7)


def test_buchholz_then_sonneborn_berger_break_ties():
    """Six players, two rounds. 5 and 0 have 1½: 5's opponents have 2 between them, 0's only 1. 4 and 3 have
    1 with a Buchholz of 2: 4 drew 5 (1½) and 1 (½), 3 beat 2 (½) and lost to 5, so 4 is ahead though
    rated lower."""
    results = [
        Result(0, 1, Outcome.FIRST_WON),
        Result(2, 3, Outcome.SECOND_WON),
        Result(4, 5, Outcome.DRAW),
        Result(0, 2, Outcome.DRAW),
        Result(1, 4, Outcome.DRAW),
        Result(3, 5, Outcome.SECOND_WON),
    ]
    lines = standings(Format.SWISS, field(6), results)
    assert [(line.entrant.player, line.points, line.buchholz, line.sonneborn_berger) for line in lines] == [
        (5, 1.5, 2.0, 0.5 * 1 + 1 * 1),
        (0, 1.5, 1.0, 1 * 0.5 + 0.5 * 0.5),
        (4, 1.0, 2.0, 0.5 * 1.5 + 0.5 * 0.5),
        (3, 1.0, 2.0, 1 * 0.5 + 0 * 1.5),
        (2, 0.5, 2.5, 0 * 1 + 0.5 * 1.5),
        (1, 0.5, 2.5, 0 * 1.5 + 0.5 * 1),
    ]
    assert [line.rank for line in lines] == [1, 2, 3, 4, 5, 6]


def test_players_level_on_everything_share_a_rank():
    """0 and 1 drew, 3 beat 2: 3 is first, 0 and 1 share second (the higher rated listed first), 2 is fourth."""
    results = [Result(1, 0, Outcome.DRAW), Result(2, 3, Outcome.SECOND_WON)]
    lines = standings(Format.ROUNDROBIN, field(4), results)
    assert [(line.rank, line.entrant.player) for line in lines] == [(1, 3), (2, 0), (2, 1), (4, 2)]


def test_a_withdrawn_player_still_counts_for_their_opponents():
    """Player 9 left the tournament; their points still make their opponent's Buchholz."""
    results = [Result(0, 9, Outcome.FIRST_WON), Result(9, 1, Outcome.FIRST_WON)]
    lines = standings(Format.SWISS, field(2), results)
    assert {line.entrant.player: line.buchholz for line in lines} == {0: 1.0, 1: 1.0}
    assert len(lines) == 2


outcomes = st.sampled_from([outcome for outcome in Outcome if outcome is not Outcome.BYE])


@settings(max_examples=80, deadline=None)
@given(
    st.integers(1, 10).flatmap(
        lambda count: st.tuples(
            st.just(count),
            st.lists(st.tuples(st.integers(0, count - 1), st.integers(0, count - 1), outcomes), max_size=30),
        )
    ),
    st.sampled_from(list(Format)),
)
def test_standings_list_every_entrant_once_best_first(case, form):
    """Every entrant once; points never rise down the table; ranks start at 1, never fall, and a rank is
    shared only by players level on points; no result gives out more than a win's worth."""
    count, games = case
    results = [Result(a, b, outcome) for a, b, outcome in games if a != b]
    lines = standings(form, field(count), results)
    assert sorted(line.entrant.player for line in lines) == list(range(count))
    assert all(a.points >= b.points for a, b in itertools.pairwise(lines))
    assert lines[0].rank == 1 and all(a.rank <= b.rank for a, b in itertools.pairwise(lines))
    assert all(a.points == b.points for a, b in itertools.pairwise(lines) if a.rank == b.rank)
    assert all(
        line.rank == index + 1 for index, line in enumerate(lines) if index == 0 or lines[index - 1].rank != line.rank
    )
    if form is not Format.ARENA:
        assert sum(points(results).values()) <= len(results)
