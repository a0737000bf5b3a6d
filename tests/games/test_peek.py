"""Peek (RULES.md §2): deal, rule checks of §6.1–6.3, stock and redeals, outcomes, codes, views, playouts."""

import dataclasses
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from games.ai.peek_ai import GreedyPlayer, RandomPlayer
from games.base import SCHEMA, EndReason
from games.cards import DECK, Card, parse_cards
from games.errors import CorruptStateError, GameOverError, IllegalActionError, InvalidActionError, InvalidOptionError
from games.peek import GAME, Draw, PeekState, PeekView, Play, Redeal, score, showable_tops
from games.penguin import Collect
from games.phrases import Phrase

from .helpers import check_conservation, play, refusal
from .view_cards import cards_in

THREE = {"three_card": True}
HEARTS = "7H 8H 9H TH JH QH KH AH 2H 3H 4H 5H 6H"
SPADES = "7S 8S 9S TS JS QS KS AS 2S 3S 4S 5S 6S"
DIAMONDS = "7D 8D 9D TD JD QD KD AD 2D 3D 4D 5D 6D"
CLUBS = "7C 8C 9C TC JC QC KC AC 2C 3C 4C 5C 6C"
TWOS_OUT = [suit.replace(" 2" + suit[1], "") for suit in (HEARTS, SPADES, DIAMONDS, CLUBS)]
"""Base 7♥, every card home but the four 2s (48 cards)."""


def position(
    foundations: Sequence[str],
    reserves: Sequence[str] = ("", "", "", ""),
    stock: str = "*",
    waste: str = "",
    **counters: Any,
) -> PeekState:
    """A validated position. Foundations and reserves bottom first, waste bottom first, stock top first;
    "*" in any pile stands for every card not placed elsewhere, in deck order."""
    piles = list(foundations) + list(reserves) + [stock, waste]
    fixed = {Card.parse(code) for text in piles for code in text.split() if code != "*"}
    rest = [card.ident for card in DECK if card not in fixed]

    def cards(text: str) -> list[str]:
        return [ident for code in text.split() for ident in (rest if code == "*" else [code])]

    data = {
        "schema": SCHEMA,
        "game": "peek",
        "three_card": False,
        "reserves": [cards(text) for text in reserves],
        "foundations": [cards(text) for text in foundations],
        "stock": cards(stock),
        "waste": cards(waste),
        "redeals": 0,
        "moves": 0,
        "resigned": False,
    }
    data.update(counters)
    return GAME.from_dict(data)


def legal(state: PeekState) -> tuple[Any, ...]:
    return GAME.legal_actions(state, 0)


def codes(state: PeekState) -> list[str]:
    return [action.code for action in legal(state)]


def text(cards: Sequence[Card]) -> str:
    return " ".join(card.code for card in cards)


def winnable(state: PeekState) -> bool:
    """Exhaustive search over every reachable position (for small positions only; with unlimited redeals their
    count does not matter)."""
    seen: set[PeekState] = set()
    todo = [state]
    while todo:
        current = todo.pop()
        if score(current) == 52:
            return True
        key = dataclasses.replace(current, moves=0, redeals=0 if current.three_card else current.redeals)
        if key in seen:
            continue
        seen.add(key)
        todo.extend(GAME.apply_action(current, 0, action).state for action in legal(current))
    return False


def check_position(state: PeekState) -> None:
    """RULES.md §6.1: reserves + foundations + stock + waste = 52; foundations one suit each, at most 13,
    F2–F4 started with the base rank, Ranks(Fk) ⊆ Ranks(F(k−1))."""
    cards = [card for pile in state.reserves + state.foundations for card in pile]
    cards += list(state.stock) + list(state.waste)
    check_conservation(cards, DECK)
    assert len(state.reserves) == 4 and len(state.foundations) == 4
    assert all(len(pile) <= 4 for pile in state.reserves)
    base = state.foundations[0][0]
    for index, pile in enumerate(state.foundations):
        assert len(pile) <= 13 and len({card.suit for card in pile}) <= 1
        if pile and index:
            assert pile[0].rank == base.rank
            assert {card.rank for card in pile} <= {card.rank for card in state.foundations[index - 1]}
            assert state.foundations[index - 1]


# Deal (§2.1, §6.2)


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("options", [None, THREE])
def test_deal_counts(seed, options):
    """Reserves 4×4 face up, F1 = 1 card, F2–F4 empty, stock 35, waste 0, score 1, redeals left 2."""
    state = GAME.new_state(options, 1, seed)
    assert [len(pile) for pile in state.reserves] == [4] * 4
    assert [len(pile) for pile in state.foundations] == [1, 0, 0, 0]
    assert len(state.stock) == 35 and state.waste == ()
    view = GAME.view_for(state, 0)
    assert view.score == 1 and view.stock_count == 35 and view.waste_count == 0
    assert view.redeals_left == (None if options else 2)
    check_position(state)


def test_deal_follows_canonical_order():
    """d[0]→R1, d[1]→R2, … round robin; d[16]→F1; stock d[17..51] with d[17] on top (§2.1)."""
    state = GAME.new_state(None, 1, 0, DECK)
    assert state.reserves[0] == (DECK[0], DECK[4], DECK[8], DECK[12])
    assert [pile[-1] for pile in state.reserves] == list(DECK[12:16])
    assert state.foundations[0] == (DECK[16],)
    assert state.stock == DECK[17:]
    assert play(GAME, state, "draw").waste == (DECK[17],)


def test_same_seed_same_deal():
    """The seed alone decides the deal; the option does not change the layout."""
    assert GAME.new_state({}, 1, 42) == GAME.new_state(None, 1, 42)
    assert GAME.new_state(None, 1, 42) != GAME.new_state(None, 1, 43)
    assert dataclasses.replace(GAME.new_state(THREE, 1, 42), three_card=False) == GAME.new_state(None, 1, 42)


@pytest.mark.parametrize(
    "deck",
    [DECK[:51], DECK[:51] + DECK[:1], tuple(Card(card.rank, card.suit, 1) for card in DECK)],
    ids=["short", "duplicate", "second-deck"],
)
def test_bad_decks_are_refused(deck):
    """An explicit deck must be the 52 cards of one deck."""
    with pytest.raises(InvalidOptionError):
        GAME.new_state(None, 1, 0, deck)


@pytest.mark.parametrize("options", [{"three_card": 1}, {"three_card": "yes"}, {"draw": 3}])
def test_bad_options_are_refused(options):
    """The one option is the boolean ``three_card``."""
    with pytest.raises(InvalidOptionError):
        GAME.new_state(options, 1, 0)


def test_one_seat_only():
    """Peek is a patience for one player."""
    assert (GAME.min_seats, GAME.max_seats) == (1, 1)
    with pytest.raises(InvalidOptionError):
        GAME.new_state(None, 2, 0)
    assert [option.key for option in GAME.options] == ["three_card"]


# Foundations (§2.3 1–3, §6.3 with base 7♥)


def test_any_card_of_f1_suit_goes_to_f1_at_any_time():
    """Base 7♥: 2♥, K♥ and A♥ (reserves and waste) all go to F1, whatever F2–F4 hold."""
    state = position(["7H 9H", "7S 9S", "", ""], ["2H", "KH", "", "5C"], waste="AH")
    assert {"r1>f", "r2>f", "w>f"} <= set(codes(state))
    after = play(GAME, state, "r2>f", "w>f", "r1>f")
    assert text(after.foundations[0]) == "7H 9H KH AH 2H"


def test_f2_starts_with_the_base_rank_only():
    """F2 empty: 7♠ can start F2; 9♠ cannot."""
    state = position(["7H 9H", "", "", ""], ["7S", "9S", "", ""])
    assert "r1>f" in codes(state) and "r2>f" not in codes(state)
    assert refusal(GAME, state, Play("r2")) == Phrase.of(
        "peek.cannot_start", card=Card.parse("9S"), rank=Card.parse("7H").rank, base=Card.parse("7H")
    )
    after = play(GAME, state, "r1>f")
    assert text(after.foundations[1]) == "7S"


def test_foundations_are_started_in_order():
    """7♦ cannot start F3 while F2 is empty: it starts F2 (§2.8 A1); then 7♣ starts F3, not F4."""
    state = position(["7H", "", "", ""], ["7D", "7C", "", ""])
    play_7d = next(action for action in legal(state) if action.code == "r1>f")
    assert play_7d.phrase == Phrase.of("peek.play.starts", what=Card.parse("7D"), foundation=2)
    transition = GAME.apply_action(state, 0, play_7d)
    assert [text(pile) for pile in transition.state.foundations] == ["7H", "7D", "", ""]
    assert transition.events[0].phrase == Phrase.of("peek.started", card=Card.parse("7D"), foundation=2)
    after = play(GAME, transition.state, "r2>f")
    assert [text(pile) for pile in after.foundations] == ["7H", "7D", "7C", ""]


def test_suit_order_is_the_order_base_cards_are_played():
    """§2.8 A8: with 7♠ and 7♦ both free, the one played first takes F2."""
    state = position(["7H", "", "", ""], ["7S", "7D", "", ""])
    assert text(play(GAME, state, "r2>f", "r1>f").foundations[1]) == "7D"
    assert text(play(GAME, state, "r1>f", "r2>f").foundations[1]) == "7S"


def test_lower_foundation_takes_only_ranks_already_above():
    """F1 = {7♥, 9♥}, F2 = {7♠}: 9♠ → F2 legal; 2♠ → F2 illegal."""
    state = position(["7H 9H", "7S", "", ""], ["9S", "2S", "", ""])
    assert "r1>f" in codes(state) and "r2>f" not in codes(state)
    two = Card.parse("2S")
    assert refusal(GAME, state, Play("r2")) == Phrase.of("peek.not_yet", card=two, foundation=2, above=1, rank=two.rank)
    assert text(play(GAME, state, "r1>f").foundations[1]) == "7S 9S"


def test_third_foundation_waits_for_the_second():
    """F3 = {7♦}: 9♦ → F3 is legal only after 9♠ is in F2."""
    state = position(["7H 9H", "7S", "7D", ""], ["9D", "9S", "", ""])
    assert codes(state)[0] == "r2>f" and "r1>f" not in codes(state)
    refused = refusal(GAME, state, Play("r1"))
    assert refused.key == "peek.not_yet" and (refused.arg("above"), refused.arg("rank")) == (2, Card.parse("9D").rank)
    after = play(GAME, state, "r2>f")
    assert "r1>f" in codes(after)
    assert text(play(GAME, after, "r1>f").foundations[2]) == "7D 9D"


def test_fourth_foundation_follows_the_third():
    """F4 = {7♣} takes 9♣ only once F3 holds a 9, even when F1 and F2 do."""
    state = position(["7H 9H", "7S 9S", "7D", "7C"], ["9C", "", "", ""])
    assert "r1>f" not in codes(state)
    state = position(["7H 9H", "7S 9S", "7D 9D", "7C"], ["9C", "", "", ""])
    assert "r1>f" in codes(state)


def test_only_the_top_card_of_a_reserve_plays():
    """A reserve is fanned, but only its last-dealt card is available; no building on reserves."""
    state = position(["7H", "", "", ""], ["2H 5C", "", "", ""])
    assert "r1>f" not in codes(state)
    refused = refusal(GAME, state, Play("r1"))
    assert refused.key == "peek.cannot_start" and refused.arg("card") == Card.parse("5C")


def test_reserves_first_is_advice_only():
    """§2.8 A4: drawing is legal while a reserve card could go home."""
    state = position(["7H", "", "", ""], ["2H", "", "", ""])
    assert codes(state) == ["r1>f", "draw"]
    assert play(GAME, state, "draw").reserves[0] == parse_cards("2H")


# Stock, waste and redeals (§2.3 4–5)


def test_one_card_draws_and_keeps_order_on_redeal():
    """One card per turn; turning the waste over keeps the order, so the next pass repeats the first."""
    state = position(["7H", "", "", ""], stock="*")
    first = state.stock
    state = play(GAME, state, *["draw"] * 51)
    assert state.waste == first and state.stock == ()
    state = play(GAME, state, "redeal")
    assert state.stock == first and state.waste == () and state.redeals == 1
    assert play(GAME, state, "draw").waste == first[:1]


def test_three_card_draw_puts_the_third_card_on_top():
    """Three cards per turn, turned one by one, so the third is on top; the last turn takes what is left."""
    state = position(["7H", "", "", ""], stock="*", three_card=True)
    draw = legal(state)[-1]
    assert draw == Draw() and draw.phrase == Phrase.of("peek.draw", count=3)
    after = play(GAME, state, "draw")
    assert after.waste == state.stock[:3] and after.waste[-1] == state.stock[2]
    small = position([HEARTS, SPADES, DIAMONDS, "7C 8C 9C TC JC QC KC AC 6C"], stock="2C 3C 4C 5C", three_card=True)
    small = play(GAME, small, "draw")
    assert text(small.waste) == "2C 3C 4C" and legal(small)[-1].phrase == Phrase.of("peek.draw", count=1)
    assert text(play(GAME, small, "draw").waste) == "2C 3C 4C 5C"


def test_three_card_game_plays_only_the_top_waste_card():
    """§2.7: the fanned three are on show, but only the top one may go home."""
    state = position(["7H 9H", "", "", ""], stock="*", waste="2H 3H 5C", three_card=True)
    assert GAME.view_for(state, 0).waste == parse_cards("2H 3H 5C")
    assert codes(state) == ["draw"]
    refused = refusal(GAME, state, Play("w"))
    assert refused.key == "peek.cannot_start" and refused.arg("card") == Card.parse("5C")


def small_stock(**counters: Any) -> PeekState:
    """48 cards home; 2♥ on reserve 2, 2♣ on reserve 4, 2♦ 2♠ in the stock. 2♥ goes first, then 2♠, 2♦, 2♣."""
    return position(TWOS_OUT, ["", "2H", "", "2C"], stock="2D 2S", **counters)


def stuck(three_card: bool = False) -> PeekState:
    """Stock and waste empty, no diamond can start a foundation: no action at all."""
    reserves = ["7D 2D 3D 4D", "5D 6D 8D 9D", "TD JD QD KD", "AD"]
    return position([HEARTS, SPADES, CLUBS, ""], reserves, stock="", three_card=three_card)


def test_one_card_game_allows_two_redeals():
    """The third turn-over of the waste is refused in the one-card game (three passes)."""
    state = play(GAME, small_stock(), "draw", "draw", "redeal", "draw", "draw", "redeal", "draw", "draw")
    assert state.redeals == 2 and codes(state) == ["r2>f"]
    assert refusal(GAME, state, Redeal()) == Phrase.of("peek.redeal.none_left", passes=3)
    assert GAME.view_for(state, 0).redeals_left == 0


def test_three_card_game_redeals_without_limit():
    """With ``three_card`` there is no redeal limit: a seventh turn-over after progress is legal."""
    state = play(GAME, small_stock(three_card=True, redeals=6), "draw")
    assert codes(state) == ["r2>f", "redeal"]
    assert play(GAME, state, "redeal").redeals == 7
    assert GAME.view_for(state, 0).redeals_left is None


def test_redeal_and_draw_are_refused_at_the_wrong_time():
    """Turn the waste over only with an empty stock and a non-empty waste; draw only from a stock."""
    state = small_stock()
    assert refusal(GAME, state, Redeal()) == Phrase.of("peek.redeal.stock_left")
    empty = play(GAME, state, "draw", "draw")
    assert refusal(GAME, empty, Draw()) == Phrase.of("peek.stock_empty.redeal")
    bare = position([HEARTS, SPADES, CLUBS, ""], ["2D 3D 4D 5D", "6D 8D 9D TD", "JD QD KD AD", "7D"], stock="")
    assert codes(bare) == ["r4>f"]
    assert refusal(GAME, bare, Redeal()) == Phrase.of("peek.redeal.waste_empty")
    assert refusal(GAME, bare, Draw()) == Phrase.of("peek.stock_empty")


# The end of a game that cannot be won any more (§2.5, §2.8 A7)


def test_three_card_game_goes_on_after_a_pass_that_skipped_a_playable_card():
    """Three-card game: a pass with no card played ends nothing while a card it skipped comes round again. Here
    2♥ (on top after the first turn, every pass) was not played; after the turn-over it is on top again."""
    state = position(TWOS_OUT, ["", "", "", "2C"], stock="2D 2S 2H", three_card=True)
    state = play(GAME, state, "draw")
    assert codes(state) == ["w>f", "redeal"] and legal(state)[-1].phrase == Phrase.of("peek.redeal")
    state = play(GAME, state, "redeal")
    assert GAME.outcome(state) is None and legal(state)[-1] == Draw()
    assert set(showable_tops(state)) == set(parse_cards("2H"))
    state = play(GAME, state, "draw", "w>f")
    assert score(state) == 49 and GAME.outcome(state) is None


def test_three_card_game_ends_when_no_pass_can_bring_a_card_home():
    """Three-card game: 2♥ on top now, but it is the first of the four cards in turning order, and passes stop
    at the 3rd and the 4th: a draw that covers it leaves nothing that can go home (2♦, 2♠ and 2♣ wait for a 2
    above them), so the draw warns and ends the game."""
    state = position(TWOS_OUT, stock="2D 2S 2C", waste="2H", three_card=True)
    assert set(showable_tops(state)) == set(parse_cards("2H 2S 2C")) and GAME.outcome(state) is None
    draw = legal(state)[-1]
    assert draw == Draw() and draw.ends_game
    assert draw.phrase == Phrase.of("peek.draw.ends_game", count=3)
    transition = GAME.apply_action(state, 0, draw)
    outcome = GAME.outcome(transition.state)
    assert outcome is not None and outcome.winners == () and outcome.reason == EndReason.COMPLETED
    assert outcome.summary == Phrase.of("peek.lost", count=48)
    turned = Phrase.of("peek.turned", cards=parse_cards("2D 2S 2C"))
    assert [event.phrase for event in transition.events] == [turned, outcome.summary]
    assert set(showable_tops(transition.state)) == set(parse_cards("2S 2C"))
    assert legal(transition.state) == () and GAME.current_seat(transition.state) is None


def test_a_lost_position_ends_at_once_even_with_cards_in_the_stock():
    """The same check ends the one-card game as soon as no redeal can help: 2♥ lies under 2♣, and neither 2♦ nor
    2♠ in the stock can go home, so no card ever can. With 2♥ in the waste and a redeal left, it goes on."""
    lost = position(TWOS_OUT, ["", "", "", "2H 2C"], stock="2D 2S", redeals=2)
    assert GAME.outcome(lost) is not None and legal(lost) == () and lost.stock
    alive = position(TWOS_OUT, ["", "", "", "2C"], stock="2D 2S", waste="2H", redeals=1)
    assert GAME.outcome(alive) is None and [action.code for action in legal(alive)] == ["w>f", "draw"]
    assert not legal(alive)[-1].ends_game
    last = position(TWOS_OUT, ["", "", "", "2C"], stock="2D 2S", waste="2H", redeals=2)
    assert legal(last)[-1].ends_game and GAME.outcome(play(GAME, last, "draw")) is not None


def test_one_card_game_goes_on_after_a_turn_over_without_progress():
    """The default game ends by its redeal limit; a turn-over without progress goes on."""
    state = play(GAME, small_stock(), "draw", "draw")
    assert legal(state)[-1].phrase == Phrase.of("peek.redeal")
    assert GAME.outcome(play(GAME, state, "redeal")) is None


def test_snapshots_saved_under_the_stall_rule_still_load():
    """Older snapshots carry the former stall rule's ``mark`` and ``stalled``: they load, and are not written."""
    state = small_stock(three_card=True)
    data = {**GAME.to_dict(state), "mark": 48, "stalled": False}
    assert GAME.from_dict(data) == state and "mark" not in GAME.to_dict(state)


# Dead deals (§6.3)


FOURS_AND_FIVES_HOME = [
    "7H 8H 9H TH JH QH KH AH 2H 3H 6H",
    "7S 8S 9S TS JS QS KS AS 2S 3S 6S",
    "7D 8D 9D TD JD QD KD AD 2D 3D 6D",
    "7C 8C 9C TC JC QC KC AC 2C 3C 6C",
]


def test_same_rank_card_above_its_f1_partner_is_dead():
    """(a) Base 7♥, a reserve holding 4♠ above 4♥: 4♠ needs a 4 above it, ultimately 4♥ — unwinnable."""
    dead = position(FOURS_AND_FIVES_HOME, ["4H 4S", "5S 5H", "", ""], stock="4D 5D 4C 5C")
    alive = position(FOURS_AND_FIVES_HOME, ["4S 4H", "5S 5H", "", ""], stock="4D 5D 4C 5C")
    assert not winnable(dead)
    assert winnable(alive)
    assert not winnable(dataclasses.replace(dead, three_card=True))


def test_club_above_the_club_base_card_is_dead():
    """(b) Base 7♥, a reserve holding a ♣ above 7♣: no ♣ plays before 7♣ starts its foundation: unwinnable."""
    home = [HEARTS, SPADES, DIAMONDS, ""]
    clubs = "AC 3C 4C 5C 6C 8C 9C TC JC QC KC"
    dead = position(home, ["", "", "7C 2C", ""], stock=clubs)
    alive = position(home, ["", "", "2C 7C", ""], stock=clubs)
    assert not winnable(dead)
    assert winnable(alive)


# Scoring and outcomes (§2.5, §2.6)


def test_worked_scoring_example():
    """Base 9♥: play 5♥ to F1 and start F2 with 9♣ → score 3 (the dealt card counts, §2.8 A3)."""
    reserves = ["2C", "3C", "5H", "9C"]
    deck = [Card.parse(reserves[index % 4]) if index >= 12 else None for index in range(16)]
    fixed = {Card.parse(code) for code in reserves + ["9H"]}
    rest = iter(card for card in DECK if card not in fixed)
    deck = [card or next(rest) for card in deck] + [Card.parse("9H")] + list(rest)
    state = GAME.new_state(None, 1, 0, deck)
    assert score(state) == 1 and GAME.view_for(state, 0).base == Card.parse("9H")
    state = play(GAME, state, "r3>f", "r4>f")
    assert score(state) == 3 and GAME.view_for(state, 0).score == 3


def test_last_card_home_wins():
    """The 52nd card on the foundations wins the game and says so."""
    state = position([HEARTS, SPADES, DIAMONDS, CLUBS.replace(" 6C", "")], stock="", waste="6C")
    assert GAME.outcome(state) is None and GAME.current_seat(state) == 0
    transition = GAME.apply_action(state, 0, Play("w"))
    outcome = GAME.outcome(transition.state)
    assert (outcome.scores, outcome.winners, outcome.reason) == ((52,), (0,), EndReason.COMPLETED)
    assert outcome.summary == Phrase.of("patience.solved") and transition.events[-1].phrase == outcome.summary
    assert legal(transition.state) == () and GAME.current_seat(transition.state) is None


def test_out_of_moves_is_a_loss():
    """One-card game, redeals used up: the last draw buries 2♥ and nothing else can go home: lost, scored by the
    cards home."""
    state = position(TWOS_OUT, ["", "", "", "2C"], stock="2D 2S", waste="2H", redeals=2)
    assert GAME.outcome(state) is None
    transition = GAME.apply_action(state, 0, Draw())
    outcome = GAME.outcome(transition.state)
    assert (outcome.scores, outcome.winners, outcome.reason) == ((48,), (), EndReason.COMPLETED)
    assert outcome.summary == Phrase.of("peek.lost", count=48)
    assert transition.events[-1].phrase == outcome.summary
    with pytest.raises(GameOverError):
        GAME.apply_action(transition.state, 0, Draw())


def test_empty_stock_and_waste_with_no_play_is_a_loss_in_both_modes():
    """Nothing left to turn and no card can go home: lost, with or without ``three_card``."""
    for three_card in (False, True):
        state = stuck(three_card)
        assert legal(state) == () and GAME.outcome(state).winners == ()


def test_resign_ends_the_game():
    """Resigning scores the cards home, has no winner, and refuses further actions."""
    state = play(GAME, GAME.new_state(None, 1, 3), "draw")
    transition = GAME.resign(state, 0)
    resigned = transition.state
    outcome = GAME.outcome(resigned)
    assert (outcome.scores, outcome.winners, outcome.reason) == ((1,), (), EndReason.RESIGNED)
    assert outcome.summary == Phrase.of("peek.resigned", count=1)
    assert [event.phrase for event in transition.events] == [outcome.summary]
    with pytest.raises(GameOverError):
        GAME.apply_action(resigned, 0, Draw())
    with pytest.raises(GameOverError):
        GAME.resign(resigned, 0)


def test_undo_is_allowed():
    """RULES.md is silent on undo for Peek; like Penguin it is allowed, in both modes."""
    assert GAME.allows_undo(GAME.resolve_options(None)) is True
    assert GAME.allows_undo(GAME.resolve_options(THREE)) is True


# Phrases, events and codes


def test_phrases_and_events():
    """Actions are named like "5♥ → foundation 1"; events say what happened."""
    state = position(["7H 9H", "7S", "", ""], ["5H", "9S", "7D", ""], stock="3C *")
    phrases = {action.code: action.phrase for action in legal(state)}
    assert phrases == {
        "r1>f": Phrase.of("peek.play.home", what=Card.parse("5H"), foundation=1),
        "r2>f": Phrase.of("peek.play.home", what=Card.parse("9S"), foundation=2),
        "r3>f": Phrase.of("peek.play.starts", what=Card.parse("7D"), foundation=3),
        "draw": Phrase.of("peek.draw", count=1),
    }
    went = Phrase.of("peek.went_home", card=Card.parse("5H"), foundation=1)
    assert [event.phrase for event in GAME.apply_action(state, 0, Play("r1")).events] == [went]
    turned = Phrase.of("peek.turned", cards=parse_cards("3C"))
    assert [event.phrase for event in GAME.apply_action(state, 0, Draw()).events] == [turned]
    three = dataclasses.replace(state, three_card=True)
    events = GAME.apply_action(three, 0, Draw()).events
    assert events[0].phrase == Phrase.of("peek.turned", cards=state.stock[:3]) and state.stock[0] == Card.parse("3C")
    redeal = play(GAME, small_stock(), "draw", "draw", "redeal")
    assert GAME.apply_action(play(GAME, redeal, "draw", "draw"), 0, Redeal()).events[0].phrase == Phrase.of(
        "peek.turned_over.redeals_left", count=0
    )
    assert Play("w").phrase == Phrase.of("peek.play", what=Phrase.of("peek.waste"))


def test_legal_actions_order():
    """Plays from reserves 1–4, then from the waste, then draw or redeal."""
    state = position(["7H", "", "", ""], ["", "2H", "", "3H"], stock="*", waste="4H")
    assert codes(state) == ["r2>f", "r4>f", "w>f", "draw"]


@pytest.mark.parametrize(
    ("code", "action"),
    [("r1>f", Play("r1")), ("r4>f", Play("r4")), ("w>f", Play("w")), ("draw", Draw()), ("redeal", Redeal())],
)
def test_codes_round_trip(code, action):
    """Action codes parse to the action and format back to the same code."""
    assert GAME.parse_action(code) == action
    assert action.code == code


@pytest.mark.parametrize(
    "code",
    [
        "",
        "r0>f",
        "r5>f",
        "r1",
        "w",
        "w>r1",
        "r1>r2",
        "R1>F",
        "r1>f ",
        "DRAW",
        "deal",
        "undo",
        "resign",
        "f>r1",
        "r1>f2",
        None,
        5,
    ],
)
def test_garbage_codes_are_refused(code):
    """Malformed or impossible codes raise InvalidActionError."""
    with pytest.raises(InvalidActionError):
        GAME.parse_action(code)


def test_refusals_for_empty_sources_and_strange_actions():
    """An empty reserve or waste is named; an action of another game is 'not a Peek move'."""
    state = position(["7H", "", "", ""], ["", "", "", ""])
    assert refusal(GAME, state, Play("r3")) == Phrase.of("peek.reserve_empty", reserve=3)
    assert refusal(GAME, state, Play("w")) == Phrase.of("peek.waste_empty")
    assert refusal(GAME, state, Play("x9")) == Phrase.of("peek.not_a_move")
    assert refusal(GAME, state, Play(5)) == Phrase.of("peek.not_a_move")
    assert refusal(GAME, state, Collect()) == Phrase.of("peek.not_a_move")


# Views and snapshots


def test_views_hide_the_stock_and_the_covered_waste():
    """Views show the waste top (three cards with ``three_card``) and only counts for the rest."""
    state = play(GAME, GAME.new_state(None, 1, 5), "draw", "draw", "draw")
    mine, public = GAME.view_for(state, 0), GAME.view_for(state, None)
    assert isinstance(mine, PeekView)
    assert mine.waste == state.waste[-1:] and mine.waste_count == 3 and mine.stock_count == 32
    assert mine.legal == legal(state) and public.legal == ()
    assert dataclasses.replace(public, legal=mine.legal) == mine
    assert mine.reserves == state.reserves and mine.foundations == state.foundations
    hidden = set(state.stock) | set(state.waste[:-1])
    assert not hidden & set(cards_in(mine))
    three = play(GAME, GAME.new_state(THREE, 1, 5), "draw", "draw")
    view = GAME.view_for(three, None)
    assert view.waste == three.waste[-3:] and view.waste_count == 6
    assert not (set(three.stock) | set(three.waste[:3])) & set(cards_in(view))


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data.update(game="penguin"),
        lambda data: data.update(schema=SCHEMA + 1),
        lambda data: data["stock"].pop(),
        lambda data: data["stock"].append(data["stock"][0]),
        lambda data: data["reserves"].pop(),
        lambda data: data["reserves"][0].append(data["stock"].pop()),
        lambda data: data["stock"].__setitem__(0, "XX"),
        lambda data: data["stock"].__setitem__(0, data["stock"][0] + "1"),
        lambda data: data["foundations"][0].__setitem__(0, None),
        lambda data: data["stock"].extend(data["foundations"][0]) or data["foundations"][0].clear(),
        lambda data: data["foundations"][2].append(data["stock"].pop()),
        lambda data: data.update(redeals=3),
        lambda data: data.update(redeals=-1),
        lambda data: data.update(moves=-1),
        lambda data: data.update(moves="3"),
        lambda data: data.update(resigned=None),
        lambda data: data.update(three_card=1),
        lambda data: data.update(waste="AS"),
        lambda data: data.pop("waste"),
        lambda data: data.clear(),
    ],
)
def test_corrupt_snapshots_are_refused(damage):
    """from_dict refuses snapshots that break conservation, the foundation rules or the counters."""
    data = json.loads(json.dumps(GAME.to_dict(GAME.new_state(None, 1, 8))))
    damage(data)
    with pytest.raises(CorruptStateError):
        GAME.from_dict(data)


@pytest.mark.parametrize("data", [None, [], "peek"])
def test_snapshots_that_are_not_mappings_are_refused(data):
    """from_dict wants a JSON object."""
    with pytest.raises(CorruptStateError):
        GAME.from_dict(data)


@pytest.mark.parametrize(
    "foundations",
    [
        ["7H", "7S", "", "7D"],
        ["7H", "8S", "", ""],
        ["7H", "7S 9S", "", ""],
        ["7H", "7S 8H", "", ""],
        ["7H 7S", "", "", ""],
    ],
    ids=["gap", "wrong-start", "rank-not-above", "mixed-suits", "f1-mixed"],
)
def test_foundation_invariants_are_checked_on_load(foundations):
    """§6.1: foundations started in order with the base rank, one suit, Ranks(Fk) ⊆ Ranks(F(k−1))."""
    with pytest.raises(CorruptStateError):
        position(foundations)


# Random playouts (§6.1 and the engine invariants)


ALL_ACTIONS = tuple(GAME.parse_action(code) for code in ("r1>f", "r2>f", "r3>f", "r4>f", "w>f", "draw", "redeal"))


def check_step(state: PeekState, rng: random.Random) -> None:
    check_position(state)
    actions = legal(state)
    assert bool(actions) == (GAME.outcome(state) is None)
    assert GAME.current_seat(state) == (0 if actions else None)
    for action in actions:
        assert GAME.parse_action(action.code) == action and len(action.code) <= 30 and action.code.isascii()
        GAME.apply_action(state, 0, action)
    restored = GAME.from_dict(json.loads(json.dumps(GAME.to_dict(state))))
    assert restored == state
    if actions and len(actions) < len(ALL_ACTIONS):
        with pytest.raises(IllegalActionError):
            GAME.apply_action(state, 0, rng.choice([action for action in ALL_ACTIONS if action not in actions]))
        assert state == restored
    shown = 3 if state.three_card else 1
    hidden = set(state.stock) | set(state.waste[:-shown])
    for viewer in (0, None):
        seen = set(cards_in(GAME.view_for(state, viewer)))
        assert not seen & hidden


class Mixed:
    """Greedy most of the time, random otherwise: reaches wins, stalls and every kind of move."""

    def choose(self, state: PeekState, seat: int, rng: random.Random) -> Any:
        player = RandomPlayer() if rng.random() < 0.3 else GreedyPlayer()
        return player.choose(state, seat, rng)


@pytest.mark.parametrize("options", [None, THREE], ids=["one-card", "three-card"])
@pytest.mark.parametrize("first", range(0, 160, 40))
def test_random_playouts_keep_the_invariants(options, first):
    """Random and greedy play keep every invariant after every move, and the action log replays."""
    players = (RandomPlayer(), GreedyPlayer(), Mixed())
    for seed in range(first, first + 40):
        rng = random.Random(seed)
        player = players[seed % 3]
        state = GAME.new_state(options, 1, seed)
        log: list[tuple[int, str]] = []
        while GAME.outcome(state) is None:
            check_step(state, rng)
            action = player.choose(state, 0, rng)
            state = GAME.apply_action(state, 0, action).state
            log.append((0, action.code))
            if rng.random() < 0.02:
                assert GAME.replay(options, 1, seed, log) == state
        check_step(state, rng)
        assert GAME.replay(options, 1, seed, log) == state
        assert state.moves == len(log)
