"""Pebbles and Nuts random playouts: the engine invariants after every move, for every seat count and option.

After every move: every card accounted for (RULES.md §6.1), equal hand sizes between tricks, legal
actions exactly for the seat to act, listed actions accepted and an unlisted one refused without
change, JSON snapshots round-trip, and no view shows a card its viewer may not see. At every
deal's end the card points add up to 30, 40 or 60 (§6.3). Each game's action log replays to the
same state. Also: the greedy player beats the random one.
"""

import dataclasses
import functools
import json
import random
from collections import Counter
from typing import Any

import pytest

from games.ai.pebbles_ai import GreedyPlayer, RandomPlayer, play_out, timeout_action
from games.base import Outcome
from games.cards import Card, parse_cards
from games.errors import IllegalActionError
from games.pebbles import (
    GAME,
    Declare,
    Pass,
    PebblesAction,
    PebblesState,
    Phase,
    Play,
    card_points,
    face_up,
    game_deck,
)
from tests.games.helpers import check_conservation, play
from tests.games.test_pebbles import position

CONFIGS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (4, {"either_partner_declares": True}),
    (4, {"decks": 2}),
    (4, {"decks": 2, "either_partner_declares": True}),
]
DEAL_POINTS = {(2, 1): 30, (3, 1): 40, (4, 1): 30, (4, 2): 60}


def all_actions(seats: int, decks: int) -> tuple[PebblesAction, ...]:
    """Every well-formed action of a game: plays of each card, every marriage and ménage, pass."""
    cards = game_deck(seats, decks)
    plays = [Play(card) for card in cards]
    kings = [card for card in cards if card.code[0] == "K"]
    queens = [card for card in cards if card.code[0] == "Q"]
    jacks = [card for card in cards if card.code[0] == "J"]
    marriages = [Declare((k, q)) for k in kings for q in queens if k.suit == q.suit]
    menages = [Declare((j,) + m.cards) for j in jacks for m in marriages if j.suit == m.cards[0].suit]
    return tuple(plays + marriages + menages + [Pass()])


def cards_in(value: Any) -> list[Card]:
    """Every Card object anywhere inside a view (dataclasses, tuples); numbers, text and outcomes hold none."""
    kind = type(value)
    if kind is Card:
        return [value]
    if kind is tuple or kind is list:
        if not value or type(value[0]) is int:
            return []
        return [card for item in value for card in cards_in(item)]
    if dataclasses.is_dataclass(value) and kind is not Outcome:
        return [card for item in dataclasses.fields(value) for card in cards_in(getattr(value, item.name))]
    return []


def check_views(state: PebblesState) -> None:
    """No hidden card in any view: a viewer sees its own hand, the melded cards, the current and last trick,
    and (field ``revealed``) the won cards of the finished deal; nothing else."""
    public = set(state.trick) | set(state.last_trick)
    for seat in range(state.seats):
        public |= set(face_up(state, seat))
    for viewer in [*range(state.seats), None]:
        view = GAME.view_for(state, viewer)
        own = set(state.hands[viewer]) if viewer is not None else set()
        assert view.hand == (state.hands[viewer] if viewer is not None else ())
        assert view.revealed == state.revealed
        for field in dataclasses.fields(view):
            if field.name != "revealed":
                shown = set(cards_in(getattr(view, field.name)))
                assert shown <= own | public, (viewer, field.name, shown - own - public)
        assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
        assert view.pile_size == len(state.pile)


def check_position(state: PebblesState) -> None:
    """§6.1: hands (melded cards inside) + pile + trick + won tricks = the deck; equal hands between tricks."""
    cards = [card for hand in state.hands for card in hand] + list(state.pile) + list(state.trick)
    cards += [card for pile in state.won for card in pile]
    check_conservation(cards, game_deck(state.seats, state.decks))
    sizes = [len(hand) for hand in state.hands]
    if not state.trick:
        assert len(set(sizes)) == 1
        if state.pile:
            assert sizes[0] == 7
    for seat in range(state.seats):
        assert set(face_up(state, seat)) <= set(state.hands[seat])


@functools.cache
def all_actions_cached(seats: int, decks: int) -> tuple[PebblesAction, ...]:
    return all_actions(seats, decks)


def check_step(state: PebblesState, rng: random.Random, everything: bool) -> None:
    check_position(state)
    check_views(state)
    turn = GAME.current_seat(state)
    assert (turn is None) == (GAME.outcome(state) is not None)
    for seat in range(state.seats):
        if seat != turn:
            assert GAME.legal_actions(state, seat) == ()
    if turn is None:
        return
    actions = GAME.legal_actions(state, turn)
    assert actions
    for action in actions:
        assert GAME.parse_action(action.code) == action and len(action.code) <= 30
    if everything:
        for action in actions:
            GAME.apply_action(state, turn, action)
        everything_else = [action for action in all_actions_cached(state.seats, state.decks) if action not in actions]
        bad = rng.choice(everything_else)
        before = GAME.to_dict(state)
        with pytest.raises(IllegalActionError):
            GAME.apply_action(state, turn, bad)
        assert GAME.to_dict(state) == before
        assert GAME.from_dict(json.loads(json.dumps(GAME.to_dict(state)))) == state


def pick(actions: tuple[PebblesAction, ...], rng: random.Random, melder: bool) -> PebblesAction:
    """Uniform, or (``melder``) a player that always declares when it can, so melds and re-marriages happen."""
    declares = [action for action in actions if isinstance(action, Declare)]
    if melder and declares:
        return rng.choice(declares)
    return rng.choice(actions)


@pytest.mark.parametrize("seats, options", CONFIGS)
def test_random_playouts_keep_the_invariants(seats, options):
    """Whole games (50 for 2 and 3 players, 30 for 4 with one deck, 24 with two); the full checks after every move
    of every fifth game (listed actions accepted, an unlisted one refused, JSON round trip), the cheaper ones
(conservation, views, legal actions per seat) after every move of the others; every game's log replays."""
    seen: Counter[str] = Counter()
    for seed in range(50 if seats < 4 else 30 if options.get("decks", 1) == 1 else 24):
        rng = random.Random(seed)
        state = GAME.new_state(options, seats, seed)
        log: list[tuple[int, str]] = []
        deals = 0
        while (turn := GAME.current_seat(state)) is not None:
            check_step(state, rng, everything=seed % 5 == 0)
            action = pick(GAME.legal_actions(state, turn), rng, melder=seed % 2 == 1)
            seen[_kind(state, turn, action)] += 1
            state = GAME.apply_action(state, turn, action).state
            log.append((turn, action.code))
            if len(state.history) > deals:
                deals = len(state.history)
                last = state.history[-1]
                assert sum(last.cards) == DEAL_POINTS[(seats, state.decks)]
                assert sum(card_points(cards) for cards in state.revealed) == sum(last.cards)
                assert sum(last.tricks) == len(game_deck(seats, state.decks)) // seats
                assert GAME.from_dict(json.loads(json.dumps(GAME.to_dict(state)))) == state
        check_step(state, rng, everything=True)
        assert GAME.replay(options, seats, seed, log) == state
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.winners
        target = GAME.view_for(state, None).target
        assert max(state.totals) >= target and state.totals.count(max(state.totals)) == 1
    assert seen["spade"] > 0 and seen["marriage"] > 0
    if seats < 4 or options.get("decks") == 2:
        assert seen["menage"] > 0
    if options.get("either_partner_declares"):
        assert seen["pass"] > 0 and seen["partner meld"] > 0
    if options.get("decks") == 2:
        assert seen["remarriage"] > 0


def _kind(state: PebblesState, seat: int, action: PebblesAction) -> str:
    """What kind of action this is, to check the playouts reach every rule."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Play):
        return "play"
    if seat != state.leader:
        return "partner meld"
    if len(action.cards) == 3:
        return "menage"
    used = {card for marriage in state.marriages[seat] for card in (marriage.king, marriage.queen)}
    if used & set(action.cards):
        return "remarriage"
    return "spade" if action.cards[0].code == "KS" else "marriage"


@pytest.mark.parametrize("seats, options", CONFIGS)
def test_replay_after_every_move(seats, options):
    """Same seed and same actions give the same state at every point of a game, across deals."""
    rng = random.Random(seats)
    state = GAME.new_state(options, seats, 77)
    log: list[tuple[int, str]] = []
    while (turn := GAME.current_seat(state)) is not None and len(log) < 150:
        action = pick(GAME.legal_actions(state, turn), rng, melder=True)
        state = GAME.apply_action(state, turn, action).state
        log.append((turn, action.code))
        if len(log) % 7 == 0:
            assert GAME.replay(options, seats, 77, log) == state


@pytest.mark.parametrize("seats, options", [(2, {}), (3, {}), (4, {}), (4, {"decks": 2})])
def test_greedy_beats_random(seats, options):
    """The greedy player (seat 0, and its partner in 4p) wins far more often than chance."""
    greedy, uniform = GreedyPlayer(), RandomPlayer()
    wins = 0
    for seed in range(60):
        players = [greedy if (seat == 0 or (seats == 4 and seat == 2)) else uniform for seat in range(seats)]
        state, _ = play_out(GAME.new_state(options, seats, seed), players, random.Random(seed))
        outcome = GAME.outcome(state)
        assert outcome is not None
        wins += 0 in outcome.winners
    assert wins >= 40


def test_timeout_action_plays_the_lowest_card_and_keeps_the_ace_of_spades():
    """§7.2: lowest legal card (a heart last among equals), A♠ only when forced; a deciding partner passes."""
    north, south = parse_cards("7H 8C 9D JC AD TS 7S"), parse_cards("AS KH 9H 8D TC JD QD")
    dealt = [card for pair in zip(north, south) for card in pair]
    deck = dealt + [card for card in game_deck(2, 1) if card not in dealt]
    state = GAME.new_state(None, 2, 1, deck)
    assert timeout_action(state, 0).code == "p:7S"
    hearts = GAME.apply_action(state, 0, Play(Card.parse("7H"))).state
    assert timeout_action(hearts, 1).code == "p:9H"
    spades = GAME.apply_action(state, 0, Play(Card.parse("TS"))).state
    assert timeout_action(spades, 1).code == "p:AS"
    partner = GAME.new_state({"either_partner_declares": True}, 4, 3)
    partner = dataclasses.replace(partner, phase=Phase.PARTNER, leader=0)
    assert timeout_action(partner, 2) == Pass()


def test_timeout_as_the_trick_winner_leads_the_lowest_card_and_declares_nothing():
    """§7.2: a winner whose clock runs out declares nothing and does not hand the declaration over: it leads
    its lowest card, which is the pass (here 7♥, weakest though a heart)."""
    hands = ["AC KD QD 7H", "7C 8S 9S TS", "8C KH QH JS", "9C 7S JD 8D"]
    state = play(GAME, position(hands, either=True), "p:AC", "p:7C", "p:8C", "p:9C")
    assert state.may_declare and {"m:KDQD", "pass"} <= {action.code for action in GAME.legal_actions(state, 0)}
    assert timeout_action(state, 0).code == "p:7H"


def test_timeout_keeps_the_ace_of_spades_even_against_a_heart_ace():
    """§7.2: void in the suit led, A♠ and A♥ left: A♥ goes, since A♠ only when forced."""
    state = play(GAME, position(["7C 9D", "AS AH"]), "p:7C")
    assert timeout_action(state, 1).code == "p:AH"

