"""Triple Peaks (RULES.md §5): deal, rule checks of §6.1–6.3, scoring, options, codes, views and playouts."""

import dataclasses
import json
import random
from collections.abc import Mapping
from itertools import product
from typing import Any

import pytest

from games.ai.triplepeaks_ai import GreedyPlayer, RandomPlayer
from games.base import SCHEMA, EndReason
from games.cards import DECK, Card, parse_cards
from games.errors import CorruptStateError, GameOverError, IllegalActionError, InvalidActionError, InvalidOptionError
from games.phrases import Phrase
from games.triplepeaks import (
    COVERED_BY,
    GAME,
    SLOTS,
    Draw,
    Play,
    TriplePeaksState,
    TriplePeaksView,
    adjacent,
    is_face_up,
    round_deck,
)

from .helpers import check_conservation, play, refusal
from .view_cards import cards_in

PLAY_ORDER = list(range(18, 28)) + list(range(9, 18)) + list(range(3, 9)) + [0, 1, 2]
"""An order in which the whole tableau can be played: row D, then C, B and the tips."""


def explicit_deck(slots: Mapping[int, str], waste: str, stock: str = "") -> tuple[Card, ...]:
    """A full deck in canonical deal order: the given slot cards, waste card and stock top; the rest of
    the tableau and then the stock filled with the unused cards in deck order."""
    fixed = [Card.parse(code) for code in slots.values()] + [Card.parse(waste)] + list(parse_cards(stock))
    rest = iter(card for card in DECK if card not in fixed)
    tableau = [Card.parse(slots[slot]) if slot in slots else next(rest) for slot in range(SLOTS)]
    return tuple(tableau) + (Card.parse(waste),) + parse_cards(stock) + tuple(rest)


def position(
    slots: Mapping[int, str], waste: str, stock: str = "", *, run: int = 0, score: int = 0, **options: bool
) -> TriplePeaksState:
    """A validated mid-game position: the given slot cards, each slot they cover (up to the tips) filled
    with unused cards, everything else played. ``waste`` is the current run (top last); unused cards
    lie below it as set-aside runs."""
    needed = set(slots)
    for slot in range(SLOTS - 1, -1, -1):
        if any(other in needed for other in COVERED_BY[slot]):
            needed.add(slot)
    run_cards, stock_cards = parse_cards(waste), parse_cards(stock)
    fixed = {Card.parse(code) for code in slots.values()} | set(run_cards) | set(stock_cards)
    rest = iter(card for card in DECK if card not in fixed)
    tableau = tuple(
        Card.parse(slots[slot]) if slot in slots else next(rest) if slot in needed else None for slot in range(SLOTS)
    )
    state = TriplePeaksState(
        seed=0,
        multiplier=options.get("multiplier", False),
        progressive=options.get("progressive", False),
        tableau=tableau,
        waste=tuple(rest) + run_cards,
        stock=stock_cards,
        run=run if run else len(run_cards) - 1,
        score=score,
    )
    return GAME.from_dict(GAME.to_dict(state))


def legal(state: TriplePeaksState) -> tuple[Any, ...]:
    return GAME.legal_actions(state, 0)


def codes(state: TriplePeaksState) -> list[str]:
    return [action.code for action in legal(state)]


def check_position(state: TriplePeaksState) -> None:
    """RULES.md §6.1: tableau + waste + stock = 52, and the cover relation is respected."""
    cards = [card for card in state.tableau if card is not None] + list(state.waste) + list(state.stock)
    check_conservation(cards, DECK)
    for slot, card in enumerate(state.tableau):
        if card is None:
            assert all(state.tableau[other] is None for other in COVERED_BY[slot])
    view = GAME.view_for(state, None)
    for slot, card in enumerate(state.tableau):
        uncovered = all(state.tableau[other] is None for other in COVERED_BY[slot])
        assert (view.tableau[slot] is not None) == (card is not None and uncovered)
        assert view.face_down[slot] == (card is not None and not uncovered)


def max_score_deck() -> tuple[Card, ...]:
    """A deck whose 28 tableau cards play in one unbroken run from the waste A♣: 2, 3, … K, A, 2, …"""
    used = {rank: 0 for rank in range(1, 14)}

    def next_card(rank: int) -> str:
        used[rank] += 1
        return "A23456789TJQK"[rank - 1] + "CDHS"[used[rank] - 1]

    waste = next_card(1)
    slots = {slot: next_card(turn % 13 + 1) for turn, slot in enumerate(PLAY_ORDER, start=1)}
    return explicit_deck(slots, waste)


# Deal (§5.1, §6.2)


@pytest.mark.parametrize("seed", range(10))
def test_deal_counts(seed):
    """18 face down, 10 face up, 1 on the waste, 23 in the stock, score 0."""
    state = GAME.new_state(None, 1, seed)
    view = GAME.view_for(state, 0)
    assert sum(view.face_down) == 18 and sum(card is not None for card in view.tableau) == 10
    assert all(view.tableau[slot] is not None for slot in range(18, 28))
    assert len(view.waste) == 1 and view.stock == 23 and len(state.stock) == 23
    assert view.score == 0 and view.run == 0 and view.set_aside == 0 and view.peaks_cleared == 0
    check_position(state)


def test_deal_follows_canonical_order():
    """d[0..27] go to slots 0..27, d[28] to the waste, d[29..51] to the stock with d[29] on top."""
    deck = random.Random(5).sample(DECK, 52)
    state = GAME.new_state(None, 1, 0, deck)
    assert state.tableau == tuple(deck[:28]) and state.waste == (deck[28],) and state.stock == tuple(deck[29:])
    assert GAME.apply_action(state, 0, Draw()).state.waste[-1] == deck[29]


def test_same_seed_same_deal():
    """The seed alone decides the deal; options do not change it."""
    assert GAME.new_state(None, 1, 42).tableau == GAME.new_state({"multiplier": True}, 1, 42).tableau
    assert GAME.new_state(None, 1, 42) != GAME.new_state(None, 1, 43)
    assert GAME.new_state(None, 1, 42).tableau == round_deck(42, 1)[:28]


@pytest.mark.parametrize(
    "deck",
    [DECK[:51], DECK[:51] + DECK[:1], tuple(Card(card.rank, card.suit, 1) for card in DECK)],
    ids=["short", "duplicate", "second-deck"],
)
def test_bad_decks_are_refused(deck):
    """An explicit deck must be the 52 cards of one deck."""
    with pytest.raises(InvalidOptionError):
        GAME.new_state(None, 1, 0, deck)


@pytest.mark.parametrize("options", [{"cells": 5}, {"multiplier": 1}, {"progressive": "yes"}, {"practice": None}])
def test_bad_options_are_refused(options):
    """Unknown options and non-boolean values are refused."""
    with pytest.raises(InvalidOptionError):
        GAME.new_state(options, 1, 0)


def test_seats_and_option_keys():
    """One seat; options multiplier, progressive and practice, all off by default."""
    with pytest.raises(InvalidOptionError):
        GAME.new_state(None, 2, 0)
    assert (GAME.min_seats, GAME.max_seats) == (1, 1)
    assert GAME.resolve_options(None) == {"multiplier": False, "progressive": False, "practice": False}


# Cover relation and flips (§5.1, §5.4, §6.3)


def test_cover_table_matches_the_rules():
    """A_i by B_2i, B_2i+1; B_j by C_3p+k, C_3p+k+1; C_j by D_j, D_j+1; row D by nothing."""
    assert COVERED_BY[:3] == ((3, 4), (5, 6), (7, 8))
    assert COVERED_BY[3:9] == ((9, 10), (10, 11), (12, 13), (13, 14), (15, 16), (16, 17))
    assert COVERED_BY[9:18] == tuple((18 + j, 19 + j) for j in range(9))
    assert COVERED_BY[18:] == ((),) * 10


def test_c0_flips_when_d0_and_d1_are_gone():
    """C0 stays face down after D0 is played and turns up when D1 follows."""
    state = GAME.new_state(None, 1, 0, explicit_deck({18: "4C", 19: "3C", 9: "KH"}, "5H"))
    state = play(GAME, state, "t18")
    assert GAME.view_for(state, 0).face_down[9]
    transition = GAME.apply_action(state, 0, Play(19))
    view = GAME.view_for(transition.state, 0)
    assert not view.face_down[9] and view.tableau[9] == Card.parse("KH")
    assert transition.events[-1].phrase == Phrase.of("triplepeaks.turned_up", card=Card.parse("KH"))


def test_b0_flips_when_c0_and_c1_are_gone():
    """B0 (covered by C0 and C1) turns up with C1's removal, together with nothing else; B1 waits for C2."""
    state = position({9: "4C", 10: "3C", 11: "9D"}, "5H")
    state = play(GAME, state, "t9")
    assert not is_face_up(state.tableau, 3)
    state = play(GAME, state, "t10")
    assert is_face_up(state.tableau, 3) and not is_face_up(state.tableau, 4)


def test_tip_a1_flips_when_b2_and_b3_are_gone():
    """The middle tip turns up when B2 and B3 are both played."""
    state = position({5: "4C", 6: "3C"}, "5H")
    assert not is_face_up(state.tableau, 1)
    state = play(GAME, state, "t5")
    assert not is_face_up(state.tableau, 1)
    state = play(GAME, state, "t6")
    assert is_face_up(state.tableau, 1)


def test_c2_and_c3_share_d3_but_feed_different_peaks():
    """D3 covers C2 and C3; C2 covers B1 (peak 1) and C3 covers B2 (peak 2)."""
    assert 21 in COVERED_BY[11] and 21 in COVERED_BY[12]
    assert 11 in COVERED_BY[4] and 12 in COVERED_BY[5]
    assert not set(COVERED_BY[4]) & set(COVERED_BY[5])


# Legal moves (§5.3, §6.3)


@pytest.mark.parametrize(
    ("waste", "playable"),
    [("KS", {"AC", "QC"}), ("AS", {"KD", "2C"}), ("5H", {"4D", "6D"}), ("8H", {"7S"})],
)
def test_plus_or_minus_one_with_king_ace_wrap(waste, playable):
    """Waste K: A and Q; waste A: K and 2; waste 5: 4 and 6 only; suits do not matter."""
    row = ["AC", "QC", "2C", "JC", "KD", "4D", "6D", "5S", "3S", "7S"]
    state = position(dict(zip(range(18, 28), row)), waste, "9C")
    listed = {action.card.code for action in legal(state) if isinstance(action, Play)}
    assert listed == playable
    assert codes(state)[-1] == "draw"


def test_adjacent_ranks():
    """adjacent() is symmetric and wraps only between K and A."""
    for first, second in product(DECK, DECK):
        assert adjacent(first, second) == ((first.rank - second.rank) % 13 in (1, 12))
    assert adjacent(Card.parse("KS"), Card.parse("AH")) and not adjacent(Card.parse("QS"), Card.parse("AH"))


def test_draw_is_allowed_while_plays_exist():
    """The stock may be turned at any time while it has cards (§5.3 2)."""
    state = GAME.new_state(None, 1, 0, explicit_deck({18: "4C"}, "5H"))
    assert "t18" in codes(state) and "draw" in codes(state)


def test_face_down_and_played_cards_are_refused_with_reasons():
    """Face-down, already played, wrong-rank plays and an empty stock each say why."""
    state = position({18: "4C", 19: "9D"}, "5H")
    assert refusal(GAME, state, Play(9)) == Phrase.of("triplepeaks.face_down")
    assert refusal(GAME, state, Play(20)) == Phrase.of("triplepeaks.already_played")
    wrong_rank = Phrase.of("triplepeaks.does_not_go_on", card=Card.parse("9D"), top=Card.parse("5H"))
    assert refusal(GAME, state, Play(19)) == wrong_rank
    assert refusal(GAME, state, Draw()) == Phrase.of("triplepeaks.stock_empty")
    assert refusal(GAME, state, Play(28)) == Phrase.of("triplepeaks.not_a_move", code="t28")


def test_draw_turns_the_top_card_and_sets_the_run_aside():
    """A stock card becomes the waste top and starts a new run; the old run is set aside (counts only)."""
    state = position({18: "4C", 19: "3C"}, "5H", "JD QD")
    state = play(GAME, state, "t18", "draw")
    view = GAME.view_for(state, 0)
    assert view.waste == (Card.parse("JD"),) and view.stock == 1 and view.run == 0
    assert view.set_aside == len(state.waste) - 1
    assert Card.parse("4C") not in set(cards_in(view))


# Scoring (§5.6, §6.3)


def test_worked_example_with_the_floor():
    """play, play, play (6); flip (1); play, play (4); flip (0); flip (0); play (1): the score is 1."""
    slots = {18: "6C", 19: "7C", 20: "8C", 21: "3D", 22: "4D", 23: "TH"}
    state = GAME.new_state(None, 1, 0, explicit_deck(slots, "5H", "2D KS 9S"))
    scores = []
    for code in ("t18", "t19", "t20", "draw", "t21", "t22", "draw", "draw", "t23"):
        state = play(GAME, state, code)
        scores.append(state.score)
    assert scores == [1, 3, 6, 1, 2, 4, 0, 0, 1]


def test_run_of_five_scores_15_or_31():
    """Five cards in one run: 1+2+3+4+5 = 15, or 1+2+4+8+16 = 31 with the multiplier."""
    for options, expected in (({}, 15), ({"multiplier": True}, 31)):
        state = GAME.new_state(options, 1, 0, max_score_deck())
        assert play(GAME, state, *[f"t{slot}" for slot in PLAY_ORDER[:5]]).score == expected


def test_multiplier_turns_the_stock_for_free():
    """No stock penalty with the multiplier; the default costs 5."""
    state = position({18: "4C"}, "5H", "JD QD", score=12)
    assert play(GAME, state, "draw").score == 7
    multiplied = position({18: "4C"}, "5H", "JD QD", score=12, multiplier=True)
    assert play(GAME, multiplied, "draw").score == 12


def test_multiplier_run_starts_again_at_one_after_a_stock_card():
    """Multiplier: play, play (1 + 2); turn a stock card (free); play, play, play (1 + 2 + 4): the score is 10."""
    slots = {18: "6C", 19: "7C", 20: "3D", 21: "4D", 22: "5D"}
    state = GAME.new_state({"multiplier": True}, 1, 0, explicit_deck(slots, "5H", "2D"))
    scores = []
    for code in ("t18", "t19", "draw", "t20", "t21", "t22"):
        state = play(GAME, state, code)
        scores.append(state.score)
    assert scores == [1, 3, 3, 4, 6, 10]
    assert GAME.view_for(state, 0).next_points == 8


def test_tip_in_a_run_scores_its_place_plus_the_bonus():
    """A tip played as the 7th card of a run scores 7 + 15 = 22 (§5.8 A7)."""
    state = position({0: "6C", 1: "KD", 2: "KH"}, "5H", "2S", run=6, score=100)
    transition = GAME.apply_action(state, 0, Play(0))
    assert transition.state.score == 122
    assert [event.phrase for event in transition.events] == [
        Phrase.of("triplepeaks.played", card=Card.parse("6C"), points=Phrase.of("count.points", count=7), run=7),
        Phrase.of("triplepeaks.peak_cleared", bonus=15),
    ]
    assert GAME.view_for(transition.state, 0).peaks_cleared == 1


@pytest.mark.parametrize(("multiplier", "bonus", "last"), [(False, 15, 30), (True, 25, 50)])
def test_peak_bonuses(multiplier, bonus, last):
    """Tips pay 15, 15 and 30 (multiplier: 25, 25 and 50); the last one ends the round."""
    state = position({0: "6C", 1: "7C", 2: "8C"}, "5H", "2S", multiplier=multiplier)
    scores = []
    for code in ("t0", "t1", "t2"):
        state = play(GAME, state, code)
        scores.append(state.score)
    runs = [1, 2, 3] if not multiplier else [1, 2, 4]
    assert scores == [runs[0] + bonus, sum(runs[:2]) + 2 * bonus, sum(runs) + 2 * bonus + last]
    assert GAME.outcome(state).winners == (0,)


def test_maximum_single_round_is_466():
    """All 28 cards in one run from the dealt waste card: 406 + 15 + 15 + 30 = 466, and the game is won."""
    state = GAME.new_state(None, 1, 0, max_score_deck())
    for slot in PLAY_ORDER:
        assert codes(state)[:-1] == [f"t{slot}"]
        state = play(GAME, state, f"t{slot}")
    outcome = GAME.outcome(state)
    assert state.score == 466 and outcome.scores == (466,) and outcome.winners == (0,)
    assert outcome.reason == EndReason.COMPLETED and legal(state) == ()


def test_multiplier_maximum_is_268435555():
    """The same run with multiplier scoring: 2^28 - 1 + 25 + 25 + 50."""
    state = GAME.new_state({"multiplier": True}, 1, 0, max_score_deck())
    state = play(GAME, state, *[f"t{slot}" for slot in PLAY_ORDER])
    assert state.score == 268_435_555


def test_first_play_scores_one_without_a_penalty_for_the_dealt_waste_card():
    """The dealt waste card (§5.8 A1) starts the first run at no cost."""
    state = GAME.new_state(None, 1, 0, explicit_deck({18: "4C"}, "5H"))
    assert play(GAME, state, "t18").score == 1


# End conditions (§5.5)


def test_no_loss_while_the_stock_lasts():
    """With no play but cards in the stock the game goes on; only Draw is legal."""
    state = position({18: "9C"}, "5H", "JD")
    assert GAME.outcome(state) is None and codes(state) == ["draw"]


def test_loss_when_the_stock_is_empty_and_nothing_plays():
    """The last stock card that leaves no play ends the game as a loss, and says so."""
    state = position({18: "9C"}, "5H", "JD", score=20)
    transition = GAME.apply_action(state, 0, Draw())
    outcome = GAME.outcome(transition.state)
    assert (outcome.scores, outcome.winners, outcome.reason) == ((15,), (), EndReason.COMPLETED)
    assert outcome.summary == Phrase.of("triplepeaks.stuck", points=Phrase.of("count.points", count=15))
    assert transition.events[-1].phrase == outcome.summary
    assert GAME.current_seat(transition.state) is None and legal(transition.state) == ()


def test_empty_stock_with_a_play_goes_on():
    """Stock empty but a card plays: not over."""
    state = position({18: "4C"}, "5H")
    assert GAME.outcome(state) is None and codes(state) == ["t18"]


def test_cards_left_in_the_stock_do_not_stop_a_win():
    """Clearing the tableau wins whatever is left in the stock."""
    state = play(GAME, position({0: "4C"}, "5H", "JD QD KD"), "t0")
    assert GAME.outcome(state).winners == (0,) and len(state.stock) == 3


def test_resign_ends_the_game():
    """Resigning keeps the score, has no winner and refuses further actions."""
    state = play(GAME, position({18: "4C", 19: "9C"}, "5H", "JD"), "t18")
    transition = GAME.resign(state, 0)
    outcome = GAME.outcome(transition.state)
    assert (outcome.scores, outcome.winners, outcome.reason) == ((1,), (), EndReason.RESIGNED)
    assert transition.events[-1].phrase == Phrase.of("triplepeaks.resigned", points=Phrase.of("count.points", count=1))
    with pytest.raises(GameOverError):
        GAME.apply_action(transition.state, 0, Draw())
    with pytest.raises(GameOverError):
        GAME.resign(transition.state, 0)


# Progressive rounds (§5.4, §5.8 A5)


def test_progressive_round_carries_the_score_into_a_fresh_deal():
    """Clearing the tableau deals round 2 from the seed at once; the score carries over, no win."""
    state = GAME.new_state({"progressive": True}, 1, 77, max_score_deck())
    for slot in PLAY_ORDER[:-1]:
        state = play(GAME, state, f"t{slot}")
    transition = GAME.apply_action(state, 0, Play(PLAY_ORDER[-1]))
    state = transition.state
    assert transition.events[-1].phrase == Phrase.of("triplepeaks.next_round", round=2, score=466)
    fresh = round_deck(77, 2)
    assert (state.round, state.score, state.run) == (2, 466, 0)
    assert state.tableau == fresh[:28] and state.waste == (fresh[28],) and state.stock == fresh[29:]
    assert GAME.outcome(state) is None and state.moves == 28
    check_position(state)
    assert play(GAME, state, "draw").score == 461


def test_progressive_game_ends_only_in_a_loss_with_the_total():
    """A stuck progressive game ends with no winner and the accumulated score."""
    state = position({18: "9C"}, "5H", "JD", score=300, progressive=True)
    state = dataclasses.replace(state, round=3)
    outcome = GAME.outcome(play(GAME, state, "draw"))
    assert outcome.winners == () and outcome.scores == (295,)
    assert outcome.summary == Phrase.of(
        "triplepeaks.stuck.rounds",
        points=Phrase.of("count.points", count=295),
        rounds=Phrase.of("count.cleared_rounds", count=2),
    )


def test_progressive_resignation_keeps_the_total():
    """Resigning a progressive game ends it with the accumulated score and no winner."""
    state = dataclasses.replace(position({18: "4C"}, "5H", "JD", score=40, progressive=True), round=2)
    outcome = GAME.outcome(GAME.resign(state, 0).state)
    assert (outcome.scores, outcome.winners, outcome.reason) == ((40,), (), EndReason.RESIGNED)
    assert outcome.summary == Phrase.of(
        "triplepeaks.resigned.rounds",
        points=Phrase.of("count.points", count=40),
        rounds=Phrase.of("count.cleared_rounds", count=1),
    )


def test_progressive_floor_applies_to_the_running_total():
    """The 5-point cost never takes the carried total below 0."""
    state = position({18: "9C"}, "5H", "JD QD", score=3, progressive=True)
    assert play(GAME, state, "draw").score == 0


# Undo (§5.8 A6)


def test_undo_only_in_practice():
    """Scored play has no undo; the practice option allows it."""
    assert GAME.allows_undo(GAME.resolve_options(None)) is False
    assert GAME.allows_undo(GAME.resolve_options({"multiplier": True, "progressive": True})) is False
    assert GAME.allows_undo(GAME.resolve_options({"practice": True})) is True


# Codes and labels


@pytest.mark.parametrize(("code", "action"), [("t0", Play(0)), ("t12", Play(12)), ("t27", Play(27)), ("draw", Draw())])
def test_codes_round_trip(code, action):
    """Action codes parse to the action and format back to the same code."""
    assert GAME.parse_action(code) == action
    assert action.code == code


@pytest.mark.parametrize(
    "code", ["", "t", "t28", "t99", "t-1", "t01", "T1", "t 1", "draw ", "DRAW", "d", "t1>w", "t100", None, 5]
)
def test_garbage_codes_are_refused(code):
    """Malformed or out-of-range codes raise InvalidActionError."""
    with pytest.raises(InvalidActionError):
        GAME.parse_action(code)


def test_phrases_and_events():
    """Actions name the card; events tell the score and what turned up."""
    state = position({18: "4C", 19: "3C", 9: "KH"}, "5H", "JD QD")
    phrases = {action.code: action.phrase for action in legal(state)}
    assert phrases == {
        "t18": Phrase.of("triplepeaks.play", what=Card.parse("4C")),
        "draw": Phrase.of("triplepeaks.draw"),
    }
    assert Play(5).phrase == Phrase.of("triplepeaks.play", what=Phrase.of("triplepeaks.slot", slot=5))
    state = play(GAME, state, "t18", "t19")
    events = GAME.apply_action(state, 0, Draw()).events
    assert [event.phrase for event in events] == [
        Phrase.of(
            "triplepeaks.turned.cost_floored",
            card=Card.parse("JD"),
            cost=Phrase.of("count.points", count=3),
            left=Phrase.of("count.cards", count=1),
        )
    ]
    last = GAME.apply_action(play(GAME, state, "draw"), 0, Draw())
    assert last.events[0].phrase == Phrase.of(
        "triplepeaks.turned.floored", card=Card.parse("QD"), left=Phrase.of("count.cards", count=0)
    )


# Views and snapshots


def test_views_hide_face_down_cards_and_the_stock():
    """The view shows the face-up tableau and the current run, and only counts for the rest."""
    state = GAME.new_state(None, 1, 5)
    mine, public = GAME.view_for(state, 0), GAME.view_for(state, None)
    assert isinstance(mine, TriplePeaksView)
    assert mine.legal == legal(state) and public.legal == ()
    assert dataclasses.replace(public, legal=mine.legal) == mine
    shown = set(state.tableau[18:]) | {state.waste[-1]}
    assert set(cards_in(mine)) == shown
    assert mine.next_points == 1 and mine.outcome is None


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data.update(game="penguin"),
        lambda data: data.update(schema=SCHEMA + 1),
        lambda data: data["stock"].append(data["stock"][0]),
        lambda data: data["stock"].pop(),
        lambda data: data["tableau"].pop(),
        lambda data: data["tableau"].__setitem__(0, "XX"),
        lambda data: data["tableau"].__setitem__(0, data["tableau"][0] + "1"),
        lambda data: data["waste"].append(data["tableau"][9]) or data["tableau"].__setitem__(9, None),
        lambda data: data["stock"].insert(0, data["tableau"][18]),
        lambda data: data.update(waste=[], stock=data["waste"] + data["stock"]),
        lambda data: data.update(run=1),
        lambda data: data.update(run=-1),
        lambda data: data.update(score=-5),
        lambda data: data.update(round=0),
        lambda data: data.update(moves="3"),
        lambda data: data.update(seed=None),
        lambda data: data.update(multiplier=1),
        lambda data: data.update(resigned=None),
        lambda data: data.update(tableau="none"),
        lambda data: data.update(round=2),
        lambda data: data["stock"].append(data["tableau"][18]) or data["tableau"].__setitem__(18, None),
        lambda data: data.update(run=1, waste=data["waste"] + data["stock"][:1], stock=data["stock"][1:]),
        lambda data: data["waste"].append(data["tableau"][18]) or data["tableau"].__setitem__(18, None),
    ],
)
def test_corrupt_snapshots_are_refused(damage):
    """from_dict refuses snapshots that break conservation, the cover relation, the stock and run counts (at
    most 23 stock cards; the run holds only cards played, all of them until a stock card is turned), the
    round count (only progressive games have more than one) or the field types."""
    data = json.loads(json.dumps(GAME.to_dict(GAME.new_state(None, 1, 8))))
    damage(data)
    with pytest.raises(CorruptStateError):
        GAME.from_dict(data)


def test_cleared_progressive_snapshot_is_refused():
    """A progressive round is redealt as it is cleared, so a stored cleared one is corrupt."""
    data = GAME.to_dict(play(GAME, position({0: "4C"}, "5H", "JD"), "t0"))
    assert GAME.from_dict(data) is not None
    data["progressive"] = True
    with pytest.raises(CorruptStateError):
        GAME.from_dict(data)


# Random playouts (§6.1 and the engine invariants)


ALL_ACTIONS = tuple(Play(slot) for slot in range(SLOTS)) + (Draw(),)
OPTION_SETS = [
    {"multiplier": multiplier, "progressive": progressive, "practice": practice}
    for multiplier, progressive, practice in product((False, True), repeat=3)
]


def check_step(state: TriplePeaksState, rng: random.Random) -> None:
    check_position(state)
    actions = legal(state)
    assert bool(actions) == (GAME.outcome(state) is None)
    assert GAME.current_seat(state) == (0 if actions else None)
    for action in actions:
        assert GAME.parse_action(action.code) == action and len(action.code) <= 30
        GAME.apply_action(state, 0, action)
    unlisted = [action for action in ALL_ACTIONS if action not in actions]
    if actions and unlisted:
        before = GAME.to_dict(state)
        with pytest.raises(IllegalActionError):
            GAME.apply_action(state, 0, rng.choice(unlisted))
        assert GAME.to_dict(state) == before
    assert GAME.from_dict(json.loads(json.dumps(GAME.to_dict(state)))) == state
    visible = {card for slot, card in enumerate(state.tableau) if card and is_face_up(state.tableau, slot)}
    visible |= set(state.waste[-state.run - 1 :])
    for viewer in (0, None):
        assert set(cards_in(GAME.view_for(state, viewer))) <= visible


@pytest.mark.parametrize(("options", "first"), [(options, first) for options in OPTION_SETS for first in (0, 1000)])
def test_random_playouts_keep_the_invariants(options, first):
    """Random and greedy play keep every invariant after every move; the action log replays to the same state."""
    for seed in range(first, first + 15):
        rng = random.Random(seed)
        player = GreedyPlayer() if seed % 2 else RandomPlayer()
        player_rng = random.Random(seed)
        state = GAME.new_state(options, 1, seed)
        log: list[tuple[int, str]] = []
        while GAME.outcome(state) is None and len(log) < 200:
            check_step(state, rng)
            action = player.choose(state, 0, player_rng)
            before = state.score
            state = GAME.apply_action(state, 0, action).state
            assert state.score >= 0 and (state.score >= before or isinstance(action, Draw))
            log.append((0, action.code))
        check_step(state, rng)
        assert state.moves == len(log)
        assert GAME.replay(options, 1, seed, log) == state
