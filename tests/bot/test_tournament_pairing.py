"""Tournament pairing, pure: Swiss, knockout, round robin and arena, by known answers and by properties over
random entrant lists and results (hypothesis)."""

import itertools
import math
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core.tournament import (
    Entrant,
    Outcome,
    Pairing,
    Result,
    Round,
    arena_pairings,
    bracket,
    champion,
    knockout_round,
    points,
    round_count,
    round_robin,
    seed_order,
    swiss_round,
    unfinished_outcome,
)

PLAYED = (Outcome.FIRST_WON, Outcome.SECOND_WON, Outcome.DRAW)
EVERY_OUTCOME = (*PLAYED, Outcome.FIRST_WON_BY_FORFEIT, Outcome.SECOND_WON_BY_FORFEIT, Outcome.DOUBLE_FORFEIT)


def field(count: int) -> list[Entrant]:
    """``count`` entrants, player ``i`` rated ``2000 - 10 i`` (so the ids are the seeds, from 0)."""
    return [Entrant(i, f"P{i}", 2000 - 10 * i) for i in range(count)]


def results_of(round_: Round, outcomes: Sequence[Outcome]) -> list[Result]:
    """The round played: pairing ``i`` ends in ``outcomes[i]``, the byes are recorded."""
    played = [Result(p.first, p.second, outcome) for p, outcome in zip(round_.pairings, outcomes)]
    return played + [Result.bye(player) for player in round_.byes]


def pairs(round_: Round) -> set[frozenset[int]]:
    return {frozenset((p.first, p.second)) for p in round_.pairings}


def assert_everyone_once(round_: Round, players: Sequence[int]) -> None:
    assert sorted(round_.players) == sorted(players)


entrant_lists = st.lists(st.integers(1000, 2400), min_size=1, max_size=9).map(
    lambda ratings: [Entrant(100 + i, f"E{i}", rating) for i, rating in enumerate(ratings)]
)


# Results: values, and the rule for a game the round's end cut short.


def test_a_bye_has_no_second_player_and_only_a_bye_has_none():
    """A result and its outcome must agree on whether there was an opponent."""
    with pytest.raises(ValueError):
        Result(1, 2, Outcome.BYE)
    with pytest.raises(ValueError):
        Result(1, None, Outcome.DRAW)
    with pytest.raises(ValueError):
        Pairing(3, 3)


@pytest.mark.parametrize(
    ("first", "second", "lead", "outcome"),
    [
        (True, True, 3, Outcome.FIRST_WON),
        (True, True, -1, Outcome.SECOND_WON),
        (True, True, 0, Outcome.DRAW),
        (True, False, -5, Outcome.FIRST_WON_BY_FORFEIT),
        (False, True, 5, Outcome.SECOND_WON_BY_FORFEIT),
        (False, False, 0, Outcome.DOUBLE_FORFEIT),
    ],
)
def test_a_game_cut_short_goes_to_the_one_ahead_or_to_whoever_showed(first, second, lead, outcome):
    """Who never showed loses by forfeit (both, if neither did); otherwise the one ahead wins."""
    assert unfinished_outcome(first, second, lead) is outcome


# Swiss.


def test_swiss_round_one_pairs_the_top_half_by_rating_against_the_bottom_half():
    """Eight entrants: seed 1 meets seed 5, 2 meets 6, 3 meets 7, 4 meets 8."""
    round_ = swiss_round(list(reversed(field(8))), [])
    assert pairs(round_) == {frozenset((i, i + 4)) for i in range(4)} and round_.byes == ()


def test_swiss_gives_the_bye_to_the_lowest_ranked_player_without_one():
    """Round 1 of five: the lowest rated has the bye; if they had one already, the next lowest."""
    assert swiss_round(field(5), []).byes == (4,)
    assert swiss_round(field(5), [Result.bye(4)]).byes == (3,)


def test_swiss_pairs_equal_points_and_avoids_rematches():
    """After round 1 of eight, the four winners meet each other and nobody meets the same player again."""
    entrants = field(8)
    first = swiss_round(entrants, [])
    results = results_of(first, [Outcome.FIRST_WON] * 4)
    second = swiss_round(entrants, results)
    winners = {r.first for r in results}
    assert all(({p.first, p.second} <= winners) or not ({p.first, p.second} & winners) for p in second.pairings)
    assert not pairs(first) & pairs(second)


def test_swiss_pairs_a_rematch_rather_than_leave_anyone_out():
    """Two players meet again in round 2: no other pairing exists."""
    results = [Result(0, 1, Outcome.DRAW)]
    assert pairs(swiss_round(field(2), results)) == {frozenset((0, 1))}


def test_swiss_seats_alternate():
    """Whoever sat first last time sits second now, if the points allow it."""
    entrants = field(4)
    results = [Result(0, 2, Outcome.DRAW), Result(1, 3, Outcome.DRAW)]
    [one, two] = swiss_round(entrants, results).pairings
    assert {(one.first, one.second), (two.first, two.second)} == {(2, 1), (3, 0)}


def test_swiss_refuses_an_entrant_named_twice():
    """The same player twice is a caller's mistake, not a pairing."""
    with pytest.raises(ValueError):
        swiss_round([Entrant(1, "A", 1500), Entrant(1, "A", 1500)], [])


def _matchings(players: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way to pair an even list of players."""
    if not players:
        yield []
        return
    head, rest = players[0], players[1:]
    for index, partner in enumerate(rest):
        for others in _matchings(rest[:index] + rest[index + 1 :]):
            yield [(head, partner), *others]


def _best(entrants: list[Entrant], results: list[Result]) -> tuple[int, int, int]:
    """By brute force: the fewest rematches, then the lowest-ranked bye-taker (as minus its rank), then the
    least sum of squared point gaps, over every complete round."""
    total = {player: 2 * value for player, value in points(results).items()}
    ranked = sorted(entrants, key=lambda e: (-total.get(e.player, 0), -e.rating, e.name, e.player))
    order = [e.player for e in ranked]
    met = {frozenset(r.players) for r in results if r.second is not None}
    had = {r.first for r in results if r.second is None}
    takers: list[int | None] = [None]
    if len(order) % 2:
        takers = [p for p in order if p not in had] or list(order)
    best = None
    for taker in takers:
        rest = [p for p in order if p != taker]
        for matching in _matchings(rest):
            rematches = sum(frozenset(pair) in met for pair in matching)
            gaps = sum((total.get(a, 0) - total.get(b, 0)) ** 2 for a, b in matching)
            bye_rank = -order.index(taker) if taker is not None else 0
            key = (rematches, bye_rank, gaps)
            best = key if best is None or key < best else best
    assert best is not None
    return best


def _measure(entrants: list[Entrant], results: list[Result], round_: Round) -> tuple[int, int, int]:
    total = {player: 2 * value for player, value in points(results).items()}
    ranked = sorted(entrants, key=lambda e: (-total.get(e.player, 0), -e.rating, e.name, e.player))
    order = [e.player for e in ranked]
    met = {frozenset(r.players) for r in results if r.second is not None}
    rematches = sum(pair in met for pair in pairs(round_))
    gaps = sum((total.get(p.first, 0) - total.get(p.second, 0)) ** 2 for p in round_.pairings)
    bye_rank = -order.index(round_.byes[0]) if round_.byes else 0
    return rematches, bye_rank, gaps


@settings(max_examples=60, deadline=None)
@given(entrant_lists, st.data())
def test_swiss_rounds_are_complete_and_as_good_as_any_pairing(entrants, data):
    """Round after round of random results: everyone is paired or has the bye, a bye at most once each, and
    no complete round has fewer rematches, a lower-ranked bye, or closer points (by brute force)."""
    results: list[Result] = []
    players = [e.player for e in entrants]
    for _ in range(data.draw(st.integers(1, len(entrants)), label="rounds")):
        round_ = swiss_round(entrants, results)
        assert_everyone_once(round_, players)
        assert len(round_.byes) == len(entrants) % 2
        assert _measure(entrants, results, round_) == _best(entrants, results)
        outcomes = data.draw(st.lists(st.sampled_from(EVERY_OUTCOME), min_size=len(round_.pairings)))
        results += results_of(round_, outcomes)
        byes = Counter(r.first for r in results if r.second is None)
        assert max(byes.values(), default=0) <= 1


@settings(max_examples=30, deadline=None)
@given(st.integers(4, 24), st.data())
def test_swiss_never_rematches_while_the_field_is_large_enough(count, data):
    """With more entrants than rounds twice over, no pair ever meets twice (larger fields than brute force)."""
    entrants = field(count)
    results: list[Result] = []
    seen: set[frozenset[int]] = set()
    for _ in range(count // 2 - 1):
        round_ = swiss_round(entrants, results)
        assert_everyone_once(round_, range(count))
        assert not pairs(round_) & seen
        seen |= pairs(round_)
        results += results_of(round_, data.draw(st.lists(st.sampled_from(PLAYED), min_size=len(round_.pairings))))


# Knockout.


def test_seeds_are_placed_so_the_best_meet_last():
    """The usual order: 1 8 4 5 2 7 3 6."""
    assert seed_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    with pytest.raises(ValueError):
        seed_order(6)


def test_a_knockout_of_six_gives_the_two_top_seeds_a_bye():
    """Six entrants in a bracket of eight: seeds 1 and 2 wait for round 2, 3-6 and 4-5 play."""
    number, round_ = knockout_round(field(6), [])
    assert number == 0 and set(round_.byes) == {0, 1}
    assert [(p.first, p.second) for p in round_.pairings] == [(3, 4), (2, 5)]


def test_a_knockout_goes_on_with_the_winners_until_a_champion():
    """Winners go on; a draw sends the higher seed; a double forfeit is a walkover for the next opponent."""
    entrants = field(6)
    results = [Result(3, 4, Outcome.SECOND_WON), Result(2, 5, Outcome.DRAW)]
    number, round_ = knockout_round(entrants, results)
    assert number == 1 and [(p.first, p.second) for p in round_.pairings] == [(0, 4), (1, 2)]
    waiting = bracket(entrants, results)[-1][0]
    assert (waiting.first, waiting.first_known, waiting.second, waiting.second_known) == (None, False, None, False)
    results += [Result(0, 4, Outcome.DOUBLE_FORFEIT), Result(1, 2, Outcome.SECOND_WON_BY_FORFEIT)]
    final = bracket(entrants, results)[-1][0]
    assert (final.first, final.first_known, final.second, final.winner, final.decided) == (None, True, 2, 2, True)
    assert champion(entrants, results) == 2 and knockout_round(entrants, results) == (3, Round(()))


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 40), st.data())
def test_knockout_brackets_stay_consistent(count, data):
    """Played out with random results: every round has half the matches of the one before, a winner is one of
    its two players and appears in the next round in its place, the byes of round 1 are the top seeds,
    every survivor is paired or has the bye, and it ends after ceil(log2 n) rounds."""
    entrants = field(count)
    results: list[Result] = []
    rounds = max(1, math.ceil(math.log2(count))) if count > 1 else 1
    while True:
        number, round_ = knockout_round(entrants, results)
        shape = bracket(entrants, results)
        assert [len(matches) for matches in shape] == [2 ** (rounds - 1 - r) for r in range(rounds)]
        for earlier, later in itertools.pairwise(shape):
            for index, match in enumerate(earlier):
                assert match.winner in (None, match.first, match.second)
                if match.decided:
                    side = later[index // 2]
                    assert (side.first if index % 2 == 0 else side.second) == match.winner
        if number == len(shape):
            break
        if number == 0:
            assert set(round_.byes) == set(range(2**rounds - count if count > 1 else 0))
        survivors = {m.first for m in shape[number]} | {m.second for m in shape[number]}
        assert sorted(round_.players) == sorted(survivors - {None})
        played = {frozenset(r.players) for r in results}
        undecided = [p for p in round_.pairings if frozenset((p.first, p.second)) not in played]
        outcomes = data.draw(st.lists(st.sampled_from(EVERY_OUTCOME), min_size=len(undecided), max_size=len(undecided)))
        results += [Result(p.first, p.second, outcome) for p, outcome in zip(undecided, outcomes)]
    assert number == rounds
    assert champion(entrants, results) in (None, *range(count))


# Round robin.


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 21))
def test_a_round_robin_meets_everyone_once_with_seats_even(count):
    """Every pair exactly once over n - 1 rounds (n when odd), everyone in every round, one bye each when
    odd, and as many first seats as second ones, give or take one."""
    schedule = round_robin(field(count))
    assert len(schedule) == round_count(count) == (count - 1 if count % 2 == 0 else count)
    met = Counter(frozenset((p.first, p.second)) for round_ in schedule for p in round_.pairings)
    assert set(met.values()) <= {1} and len(met) == count * (count - 1) // 2
    for round_ in schedule:
        assert_everyone_once(round_, range(count))
    assert Counter(b for round_ in schedule for b in round_.byes) == (Counter(range(count)) if count % 2 else {})
    seats = Counter()
    for round_ in schedule:
        for p in round_.pairings:
            seats[p.first] += 1
            seats[p.second] -= 1
    assert all(abs(seats[player]) <= 1 for player in range(count))


def test_a_round_robin_of_five_gives_the_lowest_seed_the_first_bye():
    """The empty place faces the lowest seed first."""
    assert round_robin(field(5))[0].byes == (4,)


# Arena.


def test_an_arena_pairs_a_freed_player_with_the_closest_in_points_but_never_the_last_opponent():
    """Player 0 (4 points) comes free: 1 was their last opponent, 2 has 4 points too, 3 has none."""
    entrants = field(4)
    results = [
        Result(0, 3, Outcome.FIRST_WON),
        Result(2, 3, Outcome.FIRST_WON),
        Result(2, 3, Outcome.FIRST_WON),
        Result(0, 1, Outcome.FIRST_WON),
    ]
    assert {frozenset((p.first, p.second)) for p in arena_pairings(entrants, results, [1, 3, 0])} == {frozenset((1, 3))}
    assert arena_pairings(entrants, results, [0, 2, 3])[0] in (Pairing(0, 2), Pairing(2, 0))
    assert arena_pairings(entrants, results, [0, 1]) == ()


def test_an_arena_refuses_a_free_player_who_is_no_entrant():
    """The caller names free players among the entrants, once each."""
    with pytest.raises(ValueError):
        arena_pairings(field(2), [], [0, 7])
    with pytest.raises(ValueError):
        arena_pairings(field(2), [], [0, 0])


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 16), st.data())
def test_arena_pairings_are_disjoint_never_repeat_the_last_game_and_leave_no_possible_pair(count, data):
    """Over a random arena: pairings use free players once each, no one meets their last opponent, and no
    two players left waiting could have been paired."""
    entrants = field(count)
    results: list[Result] = []
    last: dict[int, int] = {}
    for _ in range(data.draw(st.integers(1, 12), label="moments")):
        free = data.draw(st.permutations(range(count)).map(lambda order: order[: count // 2 + 1]))
        made = arena_pairings(entrants, results, free)
        used = [player for p in made for player in (p.first, p.second)]
        assert len(used) == len(set(used)) and set(used) <= set(free)
        assert all(last.get(p.first) != p.second and last.get(p.second) != p.first for p in made)
        left = [player for player in free if player not in used]
        assert all(last.get(a) == b or last.get(b) == a for a in left for b in left if a != b)
        for p in made:
            results.append(Result(p.first, p.second, data.draw(st.sampled_from(EVERY_OUTCOME))))
            last[p.first], last[p.second] = p.second, p.first
