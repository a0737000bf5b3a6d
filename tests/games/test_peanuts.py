"""Peanuts (RULES.md §1, §7.1): deal, the rule checks of §6.1–6.3, codes, stalls, scoring and views."""

import dataclasses
import json
import random
import time
from collections import Counter, deque
from collections.abc import Sequence
from typing import Any

import pytest

from games import penguin
from games.ai.peanuts_ai import GreedyPlayer, RandomPlayer
from games.base import CLAIM_CODE, SCHEMA, EndReason, Event
from games.cards import Card, parse_cards, standard_deck
from games.errors import (
    CorruptStateError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    NotYourTurnError,
)
from games.peanuts import (
    CANNOT_PROVE,
    GAME,
    SEARCH_CAP,
    STILL_A_PLAY,
    WENT_ROUND,
    Move,
    Pass,
    Peanuts,
    PeanutsState,
    PeanutsView,
    Recycle,
    Stuck,
    Turn,
    own_moves,
    public_cards,
    rescue,
    search,
    step,
)
from games.phrases import Phrase

from .view_cards import cards_in


def player(number: int) -> Phrase:
    """ "Player 1" (numbered from 1)."""
    return Phrase.of("peanuts.player", number=number)


def own(text: str, seat: int) -> tuple[Card, ...]:
    """Codes without deck digits, as cards of ``seat``'s deck."""
    return tuple(Card(card.rank, card.suit, seat) for card in parse_cards(text))


def spec(
    tableau: Sequence[str], peanut: str, waste: str = "", fan: int = 0, stock: str = "*", stuck: bool = False
) -> dict[str, Any]:
    """One player's layout, every pile bottom first; stock "*" = every card of the deck not placed elsewhere."""
    return {"tableau": tableau, "peanut": peanut, "waste": waste, "fan": fan, "stock": stock, "stuck": stuck}


def position(players: Sequence[dict[str, Any]], piles: Sequence[str] = (), **flags: Any) -> PeanutsState:
    """A validated position (through from_dict); ``piles`` as idents with deck digits, bottom first.

    With an explicit stock, the cards placed nowhere go to the bottom of the peanut pile.
    """
    pile_cards = [parse_cards(text) for text in piles]
    data: dict[str, Any] = {"schema": SCHEMA, "game": "peanuts", "piles": [[c.ident for c in p] for p in pile_cards]}
    data.update({"nerts_rescue": False, "rescued": False, "out": None, "blocked": False, "resigned": None, "moves": 0})
    data.update(flags)
    data["players"] = []
    for seat, player in enumerate(players):
        parts = {key: own(player[key], seat) for key in ("peanut", "waste")}
        columns = [own(text, seat) for text in player["tableau"]]
        placed = {card for pile in pile_cards for card in pile} | {card for column in columns for card in column}
        placed |= set(parts["peanut"]) | set(parts["waste"])
        rest = tuple(card for card in standard_deck(seat) if card not in placed)
        if player["stock"] == "*":
            stock = rest
        else:
            stock = own(player["stock"], seat)
            parts["peanut"] = tuple(card for card in rest if card not in stock) + parts["peanut"]
        data["players"].append(
            {
                "tableau": [[card.ident for card in column] for column in columns],
                "peanut": [card.ident for card in parts["peanut"]],
                "stock": [card.ident for card in stock],
                "waste": [card.ident for card in parts["waste"]],
                "fan": player["fan"],
                "stuck": player["stuck"],
            }
        )
    return GAME.from_dict(json.loads(json.dumps(data)))


PLAIN = spec(["KC", "KD", "KH", "KS", "QC", "QD", "QH"], "JC JD JH JS TC TD")
"""A layout with nothing special about it."""

BLOCKED = spec(
    ["KC", "KS", "QC", "QS", "JC", "JS", "TC"],
    "AC AD AH AS QD QH JD JH TD TH 9D 9H 9C 9S 8C 8S 7C 7S 6C 6S TS",
)
"""Black columns, a black peanut top, aces buried, and a stock with no card that fits anywhere."""

SHUFFLING = spec(["KC", "KS", "QD", "QH", "JC", "JS", "TC"], BLOCKED["peanut"].replace("QD QH", "QC QS"))
"""Blocked as well, but its columns and stock allow a few dozen positions: a search capped at 3 gives up."""


def codes(state: PeanutsState, seat: int) -> list[str]:
    return [action.code for action in GAME.legal_actions(state, seat)]


def play(state: PeanutsState, *moves: tuple[int, str]) -> PeanutsState:
    for seat, code in moves:
        state = GAME.apply_action(state, seat, GAME.parse_action(code)).state
    return state


def refusal(state: PeanutsState, seat: int, code: str) -> Phrase:
    before = GAME.to_dict(state)
    with pytest.raises(IllegalActionError) as error:
        GAME.apply_action(state, seat, GAME.parse_action(code))
    assert GAME.to_dict(state) == before
    return error.value.phrase


# Deal (§1.1, §6.2)


@pytest.mark.parametrize("seed", range(10))
def test_deal_counts(seed):
    """Per player: tableau 7, peanut 21 (top face up), stock 24, waste 0; no building piles."""
    state = GAME.new_state(None, 2, seed)
    assert state.piles == ()
    for seat, layout in enumerate(state.players):
        assert [len(column) for column in layout.tableau] == [1] * 7
        assert (len(layout.peanut), len(layout.stock), len(layout.waste)) == (21, 24, 0)
        cards = [card for column in layout.tableau for card in column] + list(layout.peanut + layout.stock)
        assert sorted(cards, key=lambda card: card.ident) == sorted(standard_deck(seat), key=lambda card: card.ident)
        seen = GAME.view_for(state, None).players[seat]
        assert seen.peanut_top == layout.peanut[-1] and seen.peanut_count == 21 and seen.stock_count == 24


def test_deal_follows_canonical_order():
    """d[0]→T1, d[1..3]→peanut, d[4]→T2 …; peanut top d[27]; stock d[28..51] with d[28] on top."""
    decks = standard_deck(0)[::-1] + standard_deck(1)
    state = GAME.new_state(None, 2, 0, decks)
    for seat in (0, 1):
        d = decks[seat * 52 : seat * 52 + 52]
        layout = state.players[seat]
        assert [column[0] for column in layout.tableau] == [d[4 * i] for i in range(7)]
        assert layout.peanut[-1] == d[27] and layout.peanut[0] == d[1]
        assert list(layout.peanut) == [d[4 * i + k] for i in range(7) for k in (1, 2, 3)]
        assert layout.stock[-1] == d[28] and layout.stock[0] == d[51]


def test_same_seed_same_deal_and_two_different_decks():
    """The seed alone decides the deal; seat 0 plays deck 0 and seat 1 deck 1."""
    assert GAME.new_state({}, 2, 42) == GAME.new_state(None, 2, 42)
    assert GAME.new_state(None, 2, 42) != GAME.new_state(None, 2, 43)
    state = GAME.new_state(None, 2, 42)
    assert {card.deck for card in state.players[1].stock} == {1}
    assert {card.deck for card in state.players[0].stock} == {0}


@pytest.mark.parametrize(
    "deck",
    [
        standard_deck(0) + standard_deck(0),
        standard_deck(1) + standard_deck(0),
        standard_deck(0) + standard_deck(1)[:51],
        standard_deck(0)[:51] + standard_deck(0)[:1] + standard_deck(1),
    ],
    ids=["same-deck", "swapped", "short", "duplicate"],
)
def test_bad_decks_are_refused(deck):
    with pytest.raises(InvalidOptionError):
        GAME.new_state(None, 2, 0, deck)


def test_options_and_seats_are_checked():
    """Two seats exactly; the options are the booleans nerts_rescue and turns (both off by default)."""
    assert GAME.new_state(None, 2, 0).nerts_rescue is False and GAME.new_state(None, 2, 0).turn is None
    assert GAME.new_state({"nerts_rescue": True}, 2, 0).nerts_rescue is True
    for bad in ({"nerts_rescue": 1}, {"turns": "yes"}, {"cells": 4}):
        with pytest.raises(InvalidOptionError):
            GAME.new_state(bad, 2, 0)
    for seats in (1, 3):
        with pytest.raises(InvalidOptionError):
            GAME.new_state(None, seats, 0)


def test_both_seats_act_at_any_time():
    """Simultaneous play (§1.8 A1): no current seat, and both seats have legal actions at once."""
    state = GAME.new_state(None, 2, 3)
    assert GAME.current_seat(state) is None
    assert "t" in codes(state, 0) and "t" in codes(state, 1)
    state = play(state, (1, "t"), (1, "t"), (0, "t"))
    assert len(state.players[1].stock) == 18 and len(state.players[0].stock) == 21
    assert GAME.legal_actions(state, 2) == ()


def test_turn_based_mode_hands_the_turn_over_after_a_stock_turn_or_a_pass():
    """§7.1 turn-based mode: seat 0 starts; any number of own moves; turning the stock or passing ends the turn."""
    state = position([spec(["KC", "KD", "QH", "QS", "3C", "3D", "4C"], "2C JS", waste="JD", fan=1), PLAIN], turn=0)
    assert GAME.current_seat(state) == 0 and GAME.legal_actions(state, 1) == ()
    assert codes(state, 0)[-2:] == ["stuck", "pass"] and GAME.view_for(state, 1).turn == 0
    with pytest.raises(NotYourTurnError):
        GAME.apply_action(state, 1, Turn())
    state = play(state, (0, "p.JS>c3.QH"), (0, "w.JD>c4.QS"))
    assert GAME.current_seat(state) == 0
    transition = GAME.apply_action(state, 0, Turn())
    assert transition.state.turn == 1 and transition.events[-1].phrase == Phrase.of("peanuts.to_play", player=player(2))
    assert len(transition.state.players[0].waste) == 3
    state = play(transition.state, (1, "pass"))
    assert state.turn == 0 and state.players[1].stuck
    assert GAME.from_dict(json.loads(json.dumps(GAME.to_dict(state)))) == state


def test_pass_is_only_for_the_turn_based_mode():
    state = GAME.new_state(None, 2, 4)
    assert "pass" not in codes(state, 0) and GAME.parse_action("pass") == Pass()
    assert refusal(state, 0, "pass") == Phrase.of("peanuts.pass_only_in_turns")
    assert GAME.new_state({"turns": True}, 2, 4).turn == 0


def test_players_who_only_pass_end_the_deal():
    """A pass says "stuck"; once both are stuck, each pass counts as a lap, so two passes each end the deal."""
    state = GAME.new_state({"turns": True}, 2, 6)
    log = [(seat, "pass") for seat in (0, 1)] * 3
    for number, (seat, code) in enumerate(log):
        assert GAME.outcome(state) is None, number
        state = play(state, (seat, code))
    assert state.blocked and state.laps == (2, 2) and GAME.current_seat(state) is None
    assert GAME.replay({"turns": True}, 2, 6, log) == state


def test_a_turn_based_deal_replays_from_its_log():
    rng = random.Random(3)
    state = GAME.new_state({"turns": True}, 2, 3)
    log = []
    for _ in range(60):
        seat = GAME.current_seat(state)
        action = RandomPlayer().choose(state, seat, rng)
        state = GAME.apply_action(state, seat, action).state
        log.append((seat, action.code))
        if GAME.outcome(state) is not None:
            break
    assert {seat for seat, _ in log} == {0, 1}
    assert GAME.replay({"turns": True}, 2, 3, log) == state


# Building piles (§1.3 move 1, §6.3)


def clubs_position() -> PeanutsState:
    tableau = ["KH", "2C", "2D", "KS", "QC", "QD", "QH"]
    return position([spec(tableau, "JC JD"), spec(tableau, "JC JD")], piles=["AC", "AC1"])


def test_two_of_clubs_of_either_deck_goes_on_either_ace_of_clubs():
    """2♣ (either deck) may go on either A♣ pile; 2♦ may not go on A♣."""
    state = clubs_position()
    assert [code for code in codes(state, 0) if ">b" in code] == ["c2.2C>b1.AC", "c2.2C>b2.AC1"]
    assert [code for code in codes(state, 1) if ">b" in code] == ["c2.2C1>b1.AC", "c2.2C1>b2.AC1"]
    ace = Card.parse("AC")
    assert refusal(state, 0, "c3.2D>b1.AC") == Phrase.of("peanuts.does_not_go_on", card=Card.parse("2D"), top=ace)
    assert refusal(state, 0, "c5.QC>b1.AC") == Phrase.of("peanuts.does_not_go_on", card=Card.parse("QC"), top=ace)
    after = play(state, (1, "c2.2C1>b1.AC"))
    assert after.piles[0] == parse_cards("AC 2C1")


def test_an_ace_starts_a_new_pile_and_only_an_ace():
    """Aces go to a new pile (numbered in order of creation); nothing else starts one."""
    state = position([spec(["AH"] + ["KC", "KD", "KH", "KS", "QC", "QD"], "JC JD"), PLAIN], piles=["AC1"])
    assert "c1.AH>b+" in codes(state, 0)
    transition = GAME.apply_action(state, 0, GAME.parse_action("c1.AH>b+"))
    assert transition.state.piles == (parse_cards("AC1"), parse_cards("AH"))
    assert transition.events[0].phrase == Phrase.of(
        "peanuts.started_pile", player=player(1), pile=2, card=Card.parse("AH")
    )
    with pytest.raises(InvalidActionError):
        GAME.parse_action("c2.KC>b+")


def test_race_first_card_stays_the_second_is_refused_and_may_go_elsewhere():
    """§6.3: pile P shows 4♥; A sends 5♥(A) and then B sends 5♥(B) to P: the first stays, the second is
    refused, and B's 5♥ may then go to another ♥ pile showing 4♥."""
    hearts = spec(["KC", "KD", "5H", "KS", "QC", "QD", "QS"], "JC JD")
    state = position([hearts, hearts], piles=["AH 2H 3H 4H", "AH1 2H1 3H1 4H1"])
    stale_b = GAME.parse_action("c3.5H1>b1.4H")
    assert stale_b in GAME.legal_actions(state, 1)
    state = play(state, (0, "c3.5H>b1.4H"))
    assert state.piles[0][-1] == Card.parse("5H")
    assert refusal(state, 1, stale_b.code) == Phrase.of(
        "peanuts.pile_moved_on.fits_elsewhere",
        pile=1,
        shown=Card.parse("5H"),
        expected=Card.parse("4H"),
        card=Card.parse("5H1"),
        other=2,
    )
    assert "c3.5H1>b2.4H1" in codes(state, 1)
    state = play(state, (1, "c3.5H1>b2.4H1"))
    assert state.piles[1][-1] == Card.parse("5H1")


def test_a_refusal_names_whose_copy_of_a_card_it_means():
    """When the pile shows the other deck's copy of the card the click expected, the refusal says whose is whose."""
    hearts = spec(["KC", "KD", "3H", "KS", "QC", "QD", "QS"], "JC JD")
    state = position([hearts, hearts], piles=["AH 2H1", "AH1 2H"])

    def whose(key: str, ident: str) -> Phrase:
        return Phrase.of(key, card=Card.parse(ident))

    assert refusal(state, 0, "c3.3H>b1.2H") == Phrase.of(
        "peanuts.pile_moved_on.fits",
        pile=1,
        shown=whose("peanuts.theirs", "2H1"),
        expected=whose("peanuts.yours", "2H"),
        card=Card.parse("3H"),
    )
    assert refusal(state, 1, "c3.3H1>b2.2H1") == Phrase.of(
        "peanuts.pile_moved_on.fits",
        pile=2,
        shown=whose("peanuts.theirs", "2H"),
        expected=whose("peanuts.yours", "2H1"),
        card=Card.parse("3H1"),
    )
    assert refusal(state, 0, "c3.3H>b2.2H1") == Phrase.of(
        "peanuts.pile_moved_on.fits",
        pile=2,
        shown=whose("peanuts.yours", "2H"),
        expected=whose("peanuts.theirs", "2H1"),
        card=Card.parse("3H"),
    )


def test_cards_to_piles_from_peanut_waste_and_columns_only_from_the_top():
    """The top of the peanut pile, the waste and any column may go to a pile; a buried card may not."""
    player = spec(["KC", "QD 2S", "KH", "KS", "QC", "QD", "QH"], "JC 2H", waste="JD 2D", fan=2)
    player["tableau"][5] = "2C"
    state = position([player, PLAIN], piles=["AH", "AD", "AS", "AC"])
    builds = [code for code in codes(state, 0) if ">b" in code]
    assert builds == ["p.2H>b1.AH", "w.2D>b2.AD", "c2.2S>b3.AS", "c6.2C>b4.AC"]
    assert refusal(state, 0, "c2.QD>b2.AD") == Phrase.of("peanuts.only_top_to_pile", column=2)


def test_no_play_is_forced():
    """§1.8 A6/A11: the stock may be turned and other moves made while a building play or an ace waits."""
    state = position([spec(["AH", "2C", "KD", "KS", "QC", "QD", "QH"], "JC JD"), PLAIN], piles=["AC"])
    assert {"c1.AH>b+", "c2.2C>b1.AC", "t", "c5.QC>c3.KD"} <= set(codes(state, 0))


def test_a_completed_pile_stays_and_takes_nothing_more():
    """§1.8 A12: an A–K pile stays in place, counts for the owners of its cards, and nothing goes on its king."""
    pile = " ".join(f"{rank}S" for rank in "A23456789TJQK")
    state = position([spec(["AH", "2C", "KD", "KH", "QC", "QD", "QH"], "JC JD"), PLAIN], piles=[pile])
    state = play(state, (0, "c1.AH>b+"))
    assert state.piles[0][-1] == Card.parse("KS") and len(state.piles) == 2
    assert GAME.view_for(state, None).scores == (14 - 1, -6)
    assert not any(code.endswith(">b1.KS") for code in codes(state, 0))


def test_nothing_moves_a_card_of_the_other_player():
    """A player cannot move the other deck's cards (their tableau, peanut pile or waste)."""
    state = clubs_position()
    assert refusal(state, 0, "c2.2C1>b1.AC") == Phrase.of("peanuts.not_yours", card=Card.parse("2C1"))


# Tableau (§1.3 moves 2–4, §6.3)


@pytest.mark.parametrize(
    "card, target, allowed",
    [("JS", "QH", True), ("JS", "QS", False), ("TH", "JS", True), ("TH", "JD", False), ("9H", "JS", False)],
)
def test_tableau_builds_down_in_alternating_colours(card, target, allowed):
    """§6.3: J♠ on Q♥ legal; J♠ on Q♠ illegal; 10♥ on J♠ legal."""
    tableau = ["KC", "KD", card, target, "3C", "3D", "4C"]
    state = position([spec(tableau, "2C 2D"), PLAIN])
    code = f"c3.{card}>c4.{target}"
    assert (code in codes(state, 0)) is allowed
    if not allowed:
        assert refusal(state, 0, code) == Phrase.of("peanuts.cannot_put", card=Card.parse(card), top=Card.parse(target))


def test_peanut_and_waste_tops_go_onto_own_columns():
    """§1.8 A4/A5: the peanut top and the waste top may go onto a column; never onto the other player's."""
    state = position([spec(["KC", "KD", "2H", "2S", "3C", "3D", "4C"], "2C QH", waste="QS", fan=1), PLAIN])
    assert {"p.QH>c1.KC", "w.QS>c2.KD"} <= set(codes(state, 0))
    after = play(state, (0, "p.QH>c1.KC"), (0, "w.QS>c2.KD"))
    layout = after.players[0]
    assert layout.tableau[0] == own("KC QH", 0) and layout.tableau[1] == own("KD QS", 0)
    assert layout.peanut == own("2C", 0) and layout.waste == ()
    with pytest.raises(InvalidActionError):
        GAME.parse_action("p.QH>d1.KC1")


def test_any_alternating_tail_moves_as_a_unit():
    """§1.8 A2: any valid tail moves; the code names the tail's base card, the label that card."""
    state = position([spec(["KC QH JS TH", "KS", "QD", "2S", "3C", "3D", "4C"], "2C 2D"), PLAIN])
    assert {"c1.QH>c2.KS", "c1.JS>c3.QD"} <= set(codes(state, 0))
    after = play(state, (0, "c1.JS>c3.QD"))
    assert after.players[0].tableau[0] == own("KC QH", 0)
    assert after.players[0].tableau[2] == own("QD JS TH", 0)
    assert GAME.parse_action("c1.JS>c3.QD").phrase == Phrase.of("peanuts.move.column", card=Card.parse("JS"), column=3)


def test_a_tail_that_is_not_a_run_is_refused():
    """Only alternating descending tails move together."""
    state = position([spec(["KC 9S JH", "KD", "QS", "2S", "3C", "3D", "4C"], "2C 2D"), PLAIN])
    assert refusal(state, 0, "c1.9S>c2.KD") == Phrase.of("peanuts.not_a_run", card=Card.parse("9S"), column=1)


def test_a_stale_column_target_is_refused():
    """A move names the column top it expects; after the column changed it is refused, not re-aimed."""
    state = position([spec(["KC", "KD", "QH", "QS", "3C", "3D", "4C"], "2C JS", waste="JD", fan=1), PLAIN])
    state = play(state, (0, "p.JS>c3.QH"))
    assert refusal(state, 0, "w.JD>c3.QH") == Phrase.of(
        "peanuts.column_moved_on", column=3, shown=Card.parse("JS"), expected=Card.parse("QH")
    )


def test_a_stale_source_is_refused():
    """§7.1: a move names its source card; once that card has left its pile, the click is refused."""
    state = position([spec(["KC", "KD", "QH", "QS", "3C", "3D", "4C"], "5S 2C JS", waste="9D JD", fan=2), PLAIN])
    state = play(state, (0, "p.JS>c3.QH"), (0, "w.JD>c4.QS"), (0, "c3.QH>c1.KC"))
    assert state.players[0].tableau[2] == own("2C", 0)
    assert refusal(state, 0, "p.JS>c3.QH") == Phrase.of(
        "peanuts.peanut_shows", top=Card.parse("5S"), card=Card.parse("JS")
    )
    assert refusal(state, 0, "w.JD>c4.QS") == Phrase.of(
        "peanuts.waste_shows", top=Card.parse("9D"), card=Card.parse("JD")
    )
    assert refusal(state, 0, "c3.QH>c1.KC") == Phrase.of("peanuts.not_in_column", card=Card.parse("QH"), column=3)


# Automatic fill and the end by "Peanuts!" (§1.4, §1.5)


def test_an_emptied_column_is_refilled_at_once_by_the_peanut_top():
    """§6.3: column emptied → refilled by the peanut top; peanut count −1."""
    state = position([spec(["AH", "KD", "QH", "QS", "3C", "3D", "4C"], "2C 5S 7D"), PLAIN])
    transition = GAME.apply_action(state, 0, GAME.parse_action("c1.AH>b+"))
    layout = transition.state.players[0]
    assert layout.tableau[0] == own("7D", 0) and layout.peanut == own("2C 5S", 0)
    assert [event.phrase for event in transition.events] == [
        Phrase.of("peanuts.started_pile", player=player(1), pile=1, card=Card.parse("AH")),
        Phrase.of("peanuts.filled", player=player(1), column=1, card=Card.parse("7D")),
    ]


def test_moving_a_whole_column_pulls_the_next_peanut_card():
    """A whole column may move onto another column; the emptied one takes the peanut top."""
    state = position([spec(["JS", "KD", "QH", "QS", "3C", "3D", "4C"], "2C 5S 7D"), PLAIN])
    state = play(state, (0, "c1.JS>c3.QH"))
    layout = state.players[0]
    assert layout.tableau[0] == own("7D", 0) and layout.tableau[2] == own("QH JS", 0)
    assert len(layout.peanut) == 2


@pytest.mark.parametrize(
    "code, peanut",
    [("p.AS>b+", "AS"), ("p.2H>c5.3C", "2H"), ("c1.JS>c3.QH", "5D"), ("c4.AH>b+", "5D")],
    ids=["peanut-to-pile", "peanut-to-column", "fill-after-tail", "fill-after-pile"],
)
def test_an_empty_peanut_pile_ends_the_deal_at_once(code, peanut):
    """§1.8 A8: the move that empties the peanut pile (directly or by the fill) calls "Peanuts!"."""
    state = position([spec(["JS", "KD", "QH", "AH", "3C", "3D", "4C"], peanut), PLAIN])
    transition = GAME.apply_action(state, 0, GAME.parse_action(code))
    outcome = GAME.outcome(transition.state)
    assert transition.state.out == 0 and outcome is not None
    assert outcome.reason == EndReason.COMPLETED and outcome.summary is not None
    assert outcome.summary.arg("how") == Phrase.of("peanuts.called", player=player(1))
    assert transition.events[-1].phrase == outcome.summary
    assert GAME.legal_actions(transition.state, 0) == GAME.legal_actions(transition.state, 1) == ()
    with pytest.raises(GameOverError):
        GAME.apply_action(transition.state, 1, Turn())


# Stock and waste (§1.3 moves 5–6, §6.3)


def test_turning_three_puts_the_third_card_on_top_and_fans_three():
    """Three cards turn one by one, the third ends on top; the fan of the last turn is public."""
    state = position([spec(PLAIN["tableau"], "JC JD", stock="2C 3C 4C 5C 6C"), PLAIN])
    state = play(state, (0, "t"))
    layout = state.players[0]
    assert layout.waste == own("6C 5C 4C", 0) and layout.stock == own("2C 3C", 0)
    assert GAME.view_for(state, 1).players[0].waste == own("6C 5C 4C", 0)


def test_a_stock_of_two_turns_both_then_recycles_in_order():
    """§6.3: a stock of 2 cards: one turn moves both; the next action on the empty stock recycles."""
    state = position([spec(PLAIN["tableau"], "JC JD", waste="9C 8C 7C", stock="2C 3C"), PLAIN])
    state = play(state, (0, "t"))
    layout = state.players[0]
    assert layout.stock == () and layout.waste == own("9C 8C 7C 3C 2C", 0) and layout.fan == 2
    assert "t" not in codes(state, 0) and "r" in codes(state, 0)
    assert refusal(state, 0, "t") == Phrase.of("peanuts.stock_empty")
    state = play(state, (0, "r"))
    assert state.players[0].stock == own("2C 3C 7C 8C 9C", 0) and state.players[0].waste == ()
    state = play(state, (0, "t"))
    assert state.players[0].waste == own("9C 8C 7C", 0)


def test_recycling_is_unlimited_and_refused_while_the_stock_lasts():
    state = position([spec(PLAIN["tableau"], "JC JD", stock="2C 3C"), PLAIN])
    for _ in range(5):
        state = play(state, (0, "t"), (0, "r"))
    assert state.players[0].stock == own("2C 3C", 0)
    assert refusal(state, 0, "r") == Phrase.of("peanuts.stock_left")


def test_playing_from_the_fan_uncovers_the_card_below():
    """After the top card leaves, the rest of the fan shows; with the fan gone the waste top still shows."""
    state = position([spec(PLAIN["tableau"], "JC JD", waste="9D 8D", stock="AH 2H 3H"), PLAIN])
    state = play(state, (0, "t"), (0, "w.AH>b+"))
    assert GAME.view_for(state, None).players[0].waste == own("3H 2H", 0)
    state = play(state, (0, "w.2H>b1.AH"))
    assert GAME.view_for(state, None).players[0].waste == own("3H", 0)
    state = play(state, (0, "w.3H>b1.2H"))
    view = GAME.view_for(state, None).players[0]
    assert view.waste == own("8D", 0) and view.waste_count == 2


# Stuck, the blocked check and the Nerts rescue (§1.5, §1.8 A9, §7.1)


def test_the_blocked_check_finds_the_hand_made_block():
    """No own move ever brings a card to the middle: blocked; the same layout with an ace showing is not."""
    state = position([BLOCKED, BLOCKED])
    for layout in state.players:
        result = search(layout, state.piles)
        assert result.blocked and not result.capped and result.first is None
    free = position([spec(BLOCKED["tableau"], "AC AD AH QD QH JD JH TD TH 9D 9H 9C 9S 8C 8S 7C 7S 6C 6S TS AS"), PLAIN])
    assert not search(free.players[0], free.piles).blocked


def test_the_search_finds_a_line_through_column_moves():
    """A card that can reach the middle only after a column move is found, and the line is legal."""
    tableau = ["KC", "KS", "QC", "QS", "JC", "TC", "2D 9H"]
    player = spec(tableau, "AC AD AH AS QD QH JD JH TD TH 9D 9C 9S 8C 8S 7C 7S 6C 6S TS")
    state = position([player, PLAIN], piles=["AD1"])
    layout = state.players[0]
    result = search(layout, state.piles)
    assert not result.blocked and result.line
    for action in result.line:
        assert action in GAME.legal_actions(state, 0)
        state = GAME.apply_action(state, 0, action).state
    assert any(code.endswith(">b1.AD1") for code in codes(state, 0))


DEEP = spec(
    ["3D", "QC", "JH", "2S", "6H", "JS", "QD"],
    "AC AD AH AS 9D 8S 4C TC 4D TS QH 7H TD KH JC KS 8C 4S 6D QS 9S",
    stock="7S 9C 8H 3H 2H 5S 2D 9H 4H 6C 3S KD 5H 7D 5D KC 6S TH 2C 7C 8D 3C 5C JD",
)
"""Blocked (the aces lie under 17 peanut cards that never all come out) after more than 250,000
positions of columns, peanut pile, stock and waste."""


def test_a_large_blocked_position_is_proven_quickly():
    """§1.8 A9: a late-game-sized search ends well within the cap (about 4,000 nodes, a tenth of a second)."""
    layout = position([DEEP, PLAIN]).players[0]
    started = time.process_time()
    result = search(layout, ())
    assert result.blocked and not result.capped and 1_000 < result.visited < 10_000
    assert time.process_time() - started < 5


def test_hitting_the_state_cap_counts_as_not_blocked():
    """§1.8 A9: a search that reaches the cap treats the player as not blocked."""
    layout = position([SHUFFLING, BLOCKED]).players[0]
    result = search(layout, (), cap=3)
    assert result.capped and not result.blocked and result.line == ()


def naive_blocked(state: PeanutsState, seat: int, cap: int = 1500) -> bool | None:
    """An independent blocked check: breadth-first over whole engine layouts with the engine's own moves.

    None when it gives up at ``cap`` layouts.
    """
    start = dataclasses.replace(state.players[seat], fan=0, stuck=False)
    seen = {start}
    queue = deque([start])
    while queue:
        layout = queue.popleft()
        players = state.players[:seat] + (layout,) + state.players[seat + 1 :]
        position = dataclasses.replace(state, players=players)
        if not layout.peanut or any(
            isinstance(action, Move) and action.dest[0] == "b" for action in GAME.legal_actions(position, seat)
        ):
            return False
        for action in own_moves(layout):
            after = dataclasses.replace(step(layout, action), fan=0)
            if after not in seen:
                if len(seen) >= cap:
                    return None
                seen.add(after)
                queue.append(after)
    return True


def test_the_search_agrees_with_a_naive_search():
    """The compact search (sorted columns, memo, quick turning line) gives the naive search's answer."""
    compared: Counter[bool] = Counter()
    done = set()
    for seed in range(20):
        rng = random.Random(seed)
        state = GAME.new_state(None, 2, seed)
        for number in range(400):
            if GAME.outcome(state) is not None:
                break
            seat = rng.randrange(2)
            key = (state.players[seat].tableau, state.players[seat].stock, state.players[seat].waste, state.piles)
            if (number % 15 == 0 or state.players[seat].stuck) and key not in done:
                done.add(key)
                expected = naive_blocked(state, seat)
                if expected is not None:
                    assert search(state.players[seat], state.piles).blocked is expected
                    compared[expected] += 1
            action = GreedyPlayer().choose(state, seat, rng) or RandomPlayer().choose(state, 1 - seat, rng)
            seat = seat if action in GAME.legal_actions(state, seat) else 1 - seat
            state = GAME.apply_action(state, seat, action).state
    assert compared[True] >= 5 and compared[False] >= 50


def test_both_stuck_and_blocked_ends_the_deal():
    """Both players say "stuck", both are blocked: the deal ends, scored by back (a draw here)."""
    state = position([BLOCKED, BLOCKED])
    state = play(state, (0, "stuck"))
    assert GAME.outcome(state) is None and state.players[0].stuck
    transition = GAME.apply_action(state, 1, Stuck())
    outcome = GAME.outcome(transition.state)
    assert transition.state.blocked
    assert (outcome.scores, outcome.winners, outcome.reason) == ((-21, -21), (), EndReason.COMPLETED)
    assert outcome.summary == Phrase.of(
        "peanuts.ended", how=Phrase.of("peanuts.both_stuck"), result=Phrase.of("peanuts.draw"), first=-21, second=-21
    )


def test_stuck_with_a_play_left_goes_on_and_clears_that_flag():
    """When both say "stuck" but one still has a play, the deal goes on, that player's flag drops and
    only that player is told (§7.1: do not reveal to the other that a play is left)."""
    state = position([PLAIN, BLOCKED])
    state = play(state, (1, "stuck"))
    transition = GAME.apply_action(state, 0, Stuck())
    after = transition.state
    assert GAME.outcome(after) is None
    assert not after.players[0].stuck and after.players[1].stuck
    assert transition.events[-1] == Event(STILL_A_PLAY, seats=(0,))
    assert "unstuck" in codes(after, 1) and "stuck" in codes(after, 0)
    assert not play(after, (1, "unstuck")).players[1].stuck


def test_a_capped_search_never_says_there_is_a_play():
    """§1.8 A9: a search that hits its cap proves nothing; the player hears that the stall is not proven yet."""
    game = Peanuts(search_cap=3)
    state = position([SHUFFLING, SHUFFLING])
    assert game.blocked_check.search(state.players[0], state.piles).capped
    state = game.apply_action(state, 0, Stuck()).state
    transition = game.apply_action(state, 1, Stuck())
    after = transition.state
    assert game.outcome(after) is None and all(layout.stuck for layout in after.players)
    told = [event for event in transition.events if event.seats is not None]
    assert told == [Event(CANNOT_PROVE, seats=(0,)), Event(CANNOT_PROVE, seats=(1,))]
    assert not any(event.phrase == STILL_A_PLAY for event in transition.events)
    assert GAME.apply_action(state, 1, Stuck()).state.blocked


def go_round(game: Peanuts, state: PeanutsState, seat: int) -> PeanutsState:
    """Turn the rest of ``seat``'s stock, then turn the waste over."""
    while state.players[seat].stock:
        state = game.apply_action(state, seat, Turn()).state
    return game.apply_action(state, seat, Recycle()).state


@pytest.mark.parametrize("cap", [3, SEARCH_CAP], ids=["capped", "search-finds-a-play"])
def test_two_laps_each_after_both_said_stuck_end_the_deal(cap):
    """§1.8 A9: both stuck, then each player twice round the stock with no play to the middle: the deal
    ends as a stalemate, whether the search was capped or claims that a play is left."""
    game = Peanuts(search_cap=cap)
    state = position([PLAIN, SHUFFLING])
    state = game.apply_action(state, 0, Stuck()).state
    state = game.apply_action(state, 1, Stuck()).state
    assert state.laps == (0, 0) and game.outcome(state) is None
    for seat in (0, 1, 0):
        state = go_round(game, state, seat)
    assert state.laps == (2, 1) and game.outcome(state) is None
    assert GAME.from_dict(json.loads(json.dumps(GAME.to_dict(state)))) == state
    while state.players[1].stock:
        state = game.apply_action(state, 1, Turn()).state
    transition = game.apply_action(state, 1, Recycle())
    assert transition.state.blocked and transition.state.laps == (2, 2)
    outcome = game.outcome(transition.state)
    assert outcome.reason == EndReason.COMPLETED and outcome.summary.arg("how") == Phrase.of("peanuts.both_stuck")
    assert [event.phrase for event in transition.events][-2:] == [WENT_ROUND, outcome.summary]


def test_a_play_to_the_middle_stops_the_lap_count():
    """The laps count only while nobody plays to the middle; a player with no stock has nothing to go round."""
    player = spec(["AH", "KD", "QH", "QS", "3C", "3D", "4C"], "2C 5S 7D", stuck=True)
    game = Peanuts(search_cap=3)
    state = position([player, dict(BLOCKED, stuck=True)], laps=[2, 1])
    state = game.apply_action(state, 0, GAME.parse_action("c1.AH>b+")).state
    assert state.laps is None and game.outcome(state) is None
    empty = spec(["KC", "KS", "QC", "QS", "JC", "JS", "TC"], BLOCKED["peanut"], stock="")
    state = position([empty, dict(BLOCKED, stuck=True)], laps=[0, 1])
    state = go_round(game, state, 1)
    assert state.blocked


def test_a_play_to_the_middle_clears_both_stuck_flags():
    """§7.1: the stuck toggles are reset for both players by any building-pile play."""
    player = spec(["AH", "KD", "QH", "QS", "3C", "3D", "4C"], "2C 5S 7D", stuck=True)
    state = position([player, dict(BLOCKED, stuck=True)])
    assert all(layout.stuck for layout in state.players)
    state = play(state, (0, "c1.AH>b+"))
    assert not any(layout.stuck for layout in state.players)


@pytest.mark.parametrize("other, ends", [(BLOCKED, True), (PLAIN, False)], ids=["both-blocked", "one-can-play"])
def test_a_recycle_runs_the_check_without_anyone_saying_stuck(other, ends):
    """§1.8 A9: the check also runs after every recycle; it ends the deal only when both players are blocked."""
    waste = BLOCKED.copy()
    stock = [card for card in standard_deck(0) if card.code not in BLOCKED["peanut"] and card.code not in "KC KS"]
    waste["waste"] = " ".join(card.code for card in stock if card.code not in ("QC", "QS", "JC", "JS", "TC"))
    waste["stock"] = ""
    state = position([waste, other])
    assert "r" in codes(state, 0)
    transition = GAME.apply_action(state, 0, Recycle())
    assert transition.state.blocked is ends and (GAME.outcome(transition.state) is not None) is ends
    assert not any(layout.stuck for layout in transition.state.players)


def rescue_player() -> dict[str, Any]:
    """Blocked only because A♦ is the top stock card, which three-at-a-time turning never shows."""
    player = dict(BLOCKED)
    player["peanut"] = BLOCKED["peanut"].replace("AD ", "2S ")
    stock = [card.code for card in standard_deck(0)]
    placed = set(player["peanut"].split()) | set(" ".join(BLOCKED["tableau"]).split())
    rest = [code for code in stock if code not in placed and code != "AD"]
    player["stock"] = " ".join(rest + ["AD"])
    return player


def test_nerts_rescue_breaks_the_first_stall():
    """With nerts_rescue the first stall moves each top stock card to the bottom and play goes on."""
    state = position([rescue_player(), BLOCKED], nerts_rescue=True)
    assert state.players[0].stock[-1] == Card.parse("AD")
    assert search(state.players[0], state.piles).blocked
    transition = GAME.apply_action(play(state, (0, "stuck")), 1, Stuck())
    after = transition.state
    assert GAME.outcome(after) is None and after.rescued
    assert after.players[0].stock[0] == Card.parse("AD") and len(after.players[0].stock) == 24
    assert not any(layout.stuck for layout in after.players)
    assert Phrase.of("peanuts.rescued") in [event.phrase for event in transition.events]
    for _ in range(8):
        after = play(after, (0, "t"))
    after = play(after, (0, "w.AD>b+"))
    assert not after.rescued


def test_the_rescue_puts_the_waste_under_the_stock_and_the_top_card_at_the_bottom():
    """A9 (c): the cards come up in the old order, the rest of the stock and then the waste from its first
    turned card, except that the card on top of the stock now comes last."""
    state = position([spec(PLAIN["tableau"], "JC JD", waste="9C 8C 7C", fan=3, stock="2C 3C 4C"), PLAIN])
    after = rescue(state.players[0])
    assert after.stock == own("4C 7C 8C 9C 2C 3C", 0) and after.waste == () and after.fan == 0
    assert after.tableau == state.players[0].tableau and after.peanut == state.players[0].peanut


def test_without_the_rescue_the_same_stall_ends_the_deal():
    state = position([rescue_player(), BLOCKED])
    state = play(state, (0, "stuck"), (1, "stuck"))
    assert state.blocked and GAME.outcome(state) is not None


def test_a_second_stall_in_a_row_ends_the_deal():
    """When the rescue does not help (both still blocked), the deal ends at once."""
    state = position([BLOCKED, BLOCKED], nerts_rescue=True)
    state = play(state, (0, "stuck"), (1, "stuck"))
    assert state.rescued and state.blocked
    state = position([rescue_player(), BLOCKED], nerts_rescue=True, rescued=True)
    state = play(state, (0, "stuck"), (1, "stuck"))
    assert state.blocked


# Scoring (§1.6, §1.8 A10, §6.3)


def scored(middle: Sequence[int], peanuts: Sequence[int], **flags: Any) -> PeanutsState:
    """A finished deal with ``middle[s]`` of seat s's cards in the piles and ``peanuts[s]`` left in its pile."""
    piles = []
    players = []
    for seat in (0, 1):
        deck = list(standard_deck(seat))
        count = middle[seat]
        for suit in range(4):
            run, count = min(count, 13), count - min(count, 13)
            if run:
                piles.append(" ".join(card.ident for card in deck[suit * 13 : suit * 13 + run]))
        rest = [card for card in deck if card.ident not in " ".join(piles).split()]
        peanut, rest = rest[: peanuts[seat]], rest[peanuts[seat] :]
        tableau = [card.code for card in rest[:7]]
        players.append(spec(tableau, " ".join(card.code for card in peanut)))
    return position(players, piles=piles, **flags)


@pytest.mark.parametrize(
    "middle, peanuts, flags, scores, winners",
    [
        ((30, 25), (0, 6), {"out": 0}, (30, 19), (0,)),
        ((12, 15), (9, 14), {"blocked": True}, (3, 1), (0,)),
        ((9, 20), (0, 3), {"out": 0}, (9, 17), (1,)),
        ((10, 12), (0, 2), {"out": 0}, (10, 10), (0,)),
        ((10, 12), (2, 0), {"out": 1}, (8, 12), (1,)),
        ((10, 12), (4, 6), {"blocked": True}, (6, 6), ()),
    ],
    ids=["example-1", "example-2-stalemate", "example-3-caller-loses", "tie-caller", "plain", "tie-draw"],
)
def test_scores_by_back(middle, peanuts, flags, scores, winners):
    """§1.6 worked examples and the tie rule (A10): the player who went out wins a tie, else a draw."""
    outcome = GAME.outcome(scored(middle, peanuts, **flags))
    assert (outcome.scores, outcome.winners, outcome.reason) == (scores, winners, EndReason.COMPLETED)


def test_scores_so_far_are_in_the_view():
    state = position([PLAIN, PLAIN], piles=["AC 2C1 3C", "AH1"])
    view = GAME.view_for(state, None)
    assert view.scores == (2 - 6, 2 - 6) and view.players[0].score == -4


def test_resign_lets_the_other_player_win():
    state = GAME.new_state(None, 2, 5)
    transition = GAME.resign(state, 1)
    outcome = GAME.outcome(transition.state)
    assert (outcome.scores, outcome.winners, outcome.reason) == ((-21, -21), (0,), EndReason.RESIGNED)
    assert (
        transition.events[-1].phrase
        == outcome.summary
        == Phrase.of("peanuts.resigned", loser=player(2), winner=player(1), first=-21, second=-21)
    )
    with pytest.raises(GameOverError):
        GAME.resign(transition.state, 0)
    assert GAME.allows_undo({}) is False


def test_claim_ends_the_deal_scored_as_it_stands():
    """§7.1 AFK: the other player's inactivity lets a player claim the end; scoring as normal, reason TIMED_OUT."""
    state = position([PLAIN, PLAIN], piles=["AC 2C1 3C", "AH1"])
    transition = GAME.claim(state, 1)
    outcome = GAME.outcome(transition.state)
    assert (outcome.scores, outcome.winners, outcome.reason) == ((-4, -4), (), EndReason.TIMED_OUT)
    claimed = Phrase.of("peanuts.claimed", player=player(2), idle=player(1))
    ended = Phrase.of("peanuts.ended", how=claimed, result=Phrase.of("peanuts.draw"), first=-4, second=-4)
    assert transition.events == (Event(ended),)
    assert GAME.from_dict(json.loads(json.dumps(GAME.to_dict(transition.state)))) == transition.state
    ahead = GAME.outcome(GAME.claim(position([PLAIN, PLAIN], piles=["AC 2C 3C"]), 1).state)
    assert ahead.winners == (0,) and ahead.reason == EndReason.TIMED_OUT
    with pytest.raises(GameOverError):
        GAME.claim(transition.state, 0)
    with pytest.raises(GameOverError):
        GAME.apply_action(transition.state, 0, Turn())
    with pytest.raises(IllegalActionError):
        GAME.claim(state, 2)
    with pytest.raises(CorruptStateError):
        scored((30, 25), (0, 6), out=0, claimed=1)


def test_a_claim_replays_from_the_log():
    log = [(0, "t"), (1, "t"), (1, CLAIM_CODE)]
    state = GAME.replay(None, 2, 11, log)
    assert state.claimed == 1 and GAME.outcome(state).reason == EndReason.TIMED_OUT
    assert state == GAME.claim(play(GAME.new_state(None, 2, 11), *log[:2]), 1).state


def test_games_without_a_claim_refuse_it():
    """The base Game refuses a claim; so does a replay whose log holds one."""
    with pytest.raises(InvalidActionError) as error:
        penguin.GAME.claim(penguin.GAME.new_state(None, 1, 0), 0)
    assert error.value.phrase == Phrase.of("claim.not_allowed")
    with pytest.raises(InvalidActionError):
        penguin.GAME.replay(None, 1, 0, [(0, CLAIM_CODE)])


# Codes


@pytest.mark.parametrize(
    "code, action",
    [
        ("t", Turn()),
        ("r", Recycle()),
        ("stuck", Stuck(True)),
        ("unstuck", Stuck(False)),
        ("w.AS1>b+", Move("w", Card.parse("AS1"), "b+")),
        ("p.5H>b3.4H1", Move("p", Card.parse("5H"), "b3", Card.parse("4H1"))),
        ("c2.9H>c5.TS", Move("c2", Card.parse("9H"), "c5", Card.parse("TS"))),
        ("c7.QH1>b8.JH1", Move("c7", Card.parse("QH1"), "b8", Card.parse("JH1"))),
    ],
)
def test_codes_round_trip(code, action):
    assert GAME.parse_action(code) == action and action.code == code and len(code) <= 30


@pytest.mark.parametrize(
    "code",
    [
        "",
        "T",
        "x",
        "p.5H>b3",
        "p.5H",
        "p.1H>c1.TS",
        "c1.5H>c1.6S",
        "c8.5H>c1.6S",
        "c1.5H>c8.6S",
        "p.5H2>b1.4H",
        "p.5H>b+",
        "p.5H>b9.4H",
        "w.AS>b+.KS",
        "c0.5H>c1.6S",
        " t",
        "P.5H>b1.4H",
        None,
    ],
)
def test_garbage_codes_are_refused(code):
    with pytest.raises(InvalidActionError):
        GAME.parse_action(code)


def test_phrases_and_events_name_the_cards():
    assert GAME.parse_action("p.5H>b3.4H1").phrase == Phrase.of("peanuts.move.pile", card=Card.parse("5H"), pile=3)
    assert GAME.parse_action("w.AS1>b+").phrase == Phrase.of("peanuts.move.new_pile", card=Card.parse("AS1"))
    assert Turn().phrase == Phrase.of("peanuts.turn") and Recycle().phrase == Phrase.of("peanuts.recycle")
    state = position([spec(["KC QH JS", "KS", "QD", "2S", "3C", "3D", "4C"], "2C 2D"), PLAIN])
    events = GAME.apply_action(state, 0, GAME.parse_action("c1.QH>c2.KS")).events
    assert events[0].phrase == Phrase.of("peanuts.moved_run", player=player(1), card=Card.parse("QH"), more=1, column=2)
    turned = GAME.apply_action(state, 1, Turn()).events[0].phrase
    assert turned == Phrase.of("peanuts.turned", player=player(2), count=3)
    one = position([PLAIN, spec(PLAIN["tableau"], "JC JD", stock="2C")])
    assert GAME.apply_action(one, 1, Turn()).events[0].phrase == Phrase.of("peanuts.turned", player=player(2), count=1)


# Views and snapshots


def test_views_show_only_public_cards_and_legal_only_to_the_seat():
    """§1.2: tableaus, peanut tops, the waste fan and the piles are public; the rest only as counts."""
    state = play(GAME.new_state(None, 2, 9), (0, "t"), (1, "t"), (1, "t"))
    public = GAME.view_for(state, None)
    assert isinstance(public, PeanutsView) and public.legal == () and public.outcome is None
    allowed = public_cards(state, 0) | public_cards(state, 1)
    hidden = {card for layout in state.players for card in layout.stock + layout.peanut[:-1] + layout.waste[:-3]}
    assert len(hidden) == 2 * (24 - 3 + 20)
    for viewer in (None, 0, 1):
        view = GAME.view_for(state, viewer)
        assert set(cards_in(view)) <= allowed and not set(cards_in(view)) & hidden
        assert dataclasses.replace(view, viewer=None, legal=()) == public
    assert GAME.view_for(state, 1).legal == GAME.legal_actions(state, 1)
    seat1 = public.players[1]
    assert (seat1.stock_count, seat1.waste_count, len(seat1.waste), seat1.peanut_count) == (18, 6, 3, 21)


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data.update(game="peek"),
        lambda data: data.update(schema=SCHEMA + 1),
        lambda data: data["players"][0]["tableau"][0].append("5S"),
        lambda data: data["players"][0]["tableau"][0].pop(),
        lambda data: data["players"][0]["tableau"].pop(),
        lambda data: data["players"][1]["stock"].__setitem__(0, data["players"][1]["stock"][0][:2]),
        lambda data: data["players"][0]["stock"].__setitem__(0, "XX"),
        lambda data: data["players"][0].update(fan=2),
        lambda data: data["players"][0].update(stuck=None),
        lambda data: data["players"].pop(),
        lambda data: data.update(moves=-1),
        lambda data: data.update(out=0),
        lambda data: data.update(resigned=2),
        lambda data: data.update(blocked="no"),
        lambda data: data.update(piles=[[]]),
        lambda data: data.update(rescued=True),
        lambda data: data.update(laps=[0]),
        lambda data: data.update(laps=[0, -1]),
        lambda data: data.update(laps=[True, 0]),
        lambda data: data.update(turn=2),
        lambda data: data.update(claimed="0"),
        lambda data: data.update(piles=[[data["players"][0]["stock"].pop()]]),
    ],
)
def test_corrupt_snapshots_are_refused(damage):
    data = json.loads(json.dumps(GAME.to_dict(GAME.new_state(None, 2, 8))))
    damage(data)
    with pytest.raises(CorruptStateError):
        GAME.from_dict(data)


def test_a_snapshot_with_two_endings_is_refused():
    with pytest.raises(CorruptStateError):
        scored((30, 25), (0, 6), out=0, blocked=True)
    with pytest.raises(CorruptStateError):
        scored((30, 25), (0, 6), out=0, resigned=1)


def test_an_empty_column_in_a_running_deal_is_refused():
    """§1.8 A3: no card but the peanut top ever enters an empty space, so none stays empty."""
    with pytest.raises(CorruptStateError):
        position([spec(["", "KD", "QD", "2S", "3C", "3D", "4C"], "2C 2D"), PLAIN])


def test_step_is_the_engine_move():
    """The search's own-move function gives the same layout as the engine."""
    state = position([spec(["KC QH JS", "KD", "QD", "2S", "3C", "3D", "4C"], "2C 2D"), PLAIN])
    for action in GAME.legal_actions(state, 0):
        if isinstance(action, Move | Turn | Recycle) and not (isinstance(action, Move) and action.dest[0] == "b"):
            after = GAME.apply_action(state, 0, action).state.players[0]
            assert step(state.players[0], action) == after
