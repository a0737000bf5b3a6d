"""Penguin (RULES.md §4): deal, rule checks of §6.1–6.3, codes, outcomes and random playouts."""

import dataclasses
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from games.base import SCHEMA, EndReason
from games.cards import DECK, Card, Rank, Suit, parse_cards
from games.errors import CorruptStateError, GameOverError, IllegalActionError, InvalidActionError, InvalidOptionError
from games.penguin import GAME, Collect, Move, PenguinState, PenguinView, normalised_rank
from games.phrases import Phrase

from .helpers import check_conservation, play, refusal
from .view_cards import cards_in


def position(beak: str, columns: Sequence[str], cells: Sequence[str] = (), home: str = "") -> PenguinState:
    """A validated position: 7 columns bottom first ("*" = every card not placed elsewhere, in deck order),
    cells ("" or missing = empty), and foundation tops ``home`` (other suits hold just their base card)."""
    beak_card = Card.parse(beak)
    tops = {card.suit: card for card in parse_cards(home)}
    foundations = []
    for suit in Suit:
        height = normalised_rank(tops[suit], beak_card) + 1 if suit in tops else int(suit != beak_card.suit)
        foundations.append(tuple(Card(Rank((beak_card.rank - 1 + n) % 13 + 1), suit) for n in range(height)))
    cell_cards = tuple(Card.parse(text) if text else None for text in cells) + (None,) * (7 - len(cells))
    fixed = {card for text in columns if text != "*" for card in parse_cards(text)}
    fixed |= {card for card in cell_cards if card} | {card for pile in foundations for card in pile}
    rest = tuple(card for card in DECK if card not in fixed)
    state = PenguinState(
        beak=beak_card,
        columns=tuple(rest if text == "*" else parse_cards(text) for text in columns),
        cells=cell_cards,
        foundations=tuple(foundations),
    )
    return GAME.from_dict(GAME.to_dict(state))


def legal(state: PenguinState) -> tuple[Any, ...]:
    return GAME.legal_actions(state, 0)


def check_position(state: PenguinState) -> None:
    """RULES.md §6.1: columns + cells + foundations = 52; cells hold one card; foundations are runs."""
    cards = [card for column in state.columns for card in column]
    cards += [card for card in state.cells if card is not None]
    cards += [card for pile in state.foundations for card in pile]
    check_conservation(cards, DECK)
    assert len(state.columns) == 7 and len(state.cells) == 7
    assert all(card is None or isinstance(card, Card) for card in state.cells)
    for suit, pile in zip(Suit, state.foundations):
        runs = [(card.suit, normalised_rank(card, state.beak)) for card in pile]
        assert runs == [(suit, n) for n in range(len(pile))]


# Deal (§4.1, §6.2)


@pytest.mark.parametrize("seed", range(20))
def test_deal_counts(seed):
    """A seeded deal has 7×7 columns, the beak at column 1 row 1, 3 base cards home, 7 empty cells."""
    state = GAME.new_state(None, 1, seed)
    assert [len(column) for column in state.columns] == [7] * 7
    assert state.columns[0][0] == state.beak
    assert state.cells == (None,) * 7
    for suit, pile in zip(Suit, state.foundations):
        expected = () if suit == state.beak.suit else (Card(state.beak.rank, suit),)
        assert pile == expected
    check_position(state)


def test_deal_follows_canonical_order():
    """Beak-rank cards go home as they turn up and the next card takes their layout place."""
    deck = parse_cards("5S 2C 5H 3C") + tuple(card for card in DECK if card.code not in ("5S", "2C", "5H", "3C"))
    state = GAME.new_state(None, 1, 0, deck)
    assert state.columns[0][0] == Card.parse("5S")
    assert state.columns[1][0] == Card.parse("2C")
    assert state.columns[2][0] == Card.parse("3C")
    layout = [card for card in deck[1:] if card.rank != Rank.FIVE]
    assert [state.columns[column][row] for row in range(7) for column in range(7)][1:] == layout


def test_same_seed_same_deal():
    """The seed alone decides the deal."""
    assert GAME.new_state({}, 1, 42) == GAME.new_state(None, 1, 42)
    assert GAME.new_state(None, 1, 42) != GAME.new_state(None, 1, 43)


@pytest.mark.parametrize(
    "deck",
    [DECK[:51], DECK[:51] + DECK[:1], tuple(Card(card.rank, card.suit, 1) for card in DECK)],
    ids=["short", "duplicate", "second-deck"],
)
def test_bad_decks_are_refused(deck):
    """An explicit deck must be the 52 cards of one deck."""
    with pytest.raises(InvalidOptionError):
        GAME.new_state(None, 1, 0, deck)


def test_options_and_seats_are_checked():
    """Penguin has no options and exactly one seat."""
    with pytest.raises(InvalidOptionError):
        GAME.new_state({"cells": 5}, 1, 0)
    with pytest.raises(InvalidOptionError):
        GAME.new_state(None, 2, 0)
    assert GAME.options == () and (GAME.min_seats, GAME.max_seats) == (1, 1)


# Foundations (§4.4 1–2, §6.3)


def test_beak_suit_foundation_starts_empty_and_takes_only_the_beak():
    """Beak 5♠: 5♥ 5♦ 5♣ are home at the deal; the ♠ foundation takes 5♠ and nothing else."""
    deck = parse_cards("5S 6S 5H 5D 5C") + tuple(card for card in DECK if card.rank != Rank.FIVE and card.code != "6S")
    state = GAME.new_state(None, 1, 0, deck)
    assert state.foundations == ((Card.parse("5C"),), (Card.parse("5D"),), (Card.parse("5H"),), ())
    six = position("5S", ["*", "6S", "5S", "", "", "", ""])
    assert Move("c3", "f") in legal(six)
    assert Move("c2", "f") not in legal(six)
    assert refusal(GAME, six, Move("c2", "f")) == Phrase.of("penguin.only_beak_starts", beak=Card.parse("5S"), suit="♠")


def test_foundation_order_wraps_from_king_to_ace():
    """Beak 5♠: the ♠ foundation goes 5 6 7 8 9 10 J Q K A 2 3 4 and is complete at 13 cards."""
    state = position("5S", ["*", "4S 3S 2S AS KS QS JS TS 9S 8S 7S 6S 5S", "", "", "", "", ""])
    state = play(GAME, state, *["c2>f"] * 13)
    assert " ".join(card.code for card in state.foundations[Suit.SPADES]) == "5S 6S 7S 8S 9S TS JS QS KS AS 2S 3S 4S"
    assert not state.columns[1]


def test_foundation_refuses_a_skipped_rank():
    """7♥ cannot go home on 5♥."""
    state = position("5S", ["*", "7H", "", "", "", "", ""])
    assert Move("c2", "f") not in legal(state)
    assert refusal(GAME, state, Move("c2", "f")) == Phrase.of(
        "penguin.not_home_yet", card=Card.parse("7H"), suit="♥", wanted=Card.parse("6H")
    )


def test_cell_card_goes_home():
    """A flipper card that is next on its foundation may go home."""
    state = play(GAME, position("5S", ["*", "", "", "", "", "", ""], cells=["", "6H"]), "k2>f")
    assert state.foundations[Suit.HEARTS][-1] == Card.parse("6H") and state.cells[1] is None


# Columns (§4.4 3–6, §6.3)


@pytest.mark.parametrize(
    ("card", "target", "allowed"),
    [("3S", "4S", True), ("KS", "AS", True), ("4S", "5S", False), ("3H", "4S", False), ("2S", "4S", False)],
)
def test_building_down_in_suit_beak_five(card, target, allowed):
    """Beak 5♠: 3♠ on 4♠ and K♠ on A♠ are legal; 4♠ on the beak 5♠ and 3♥ on 4♠ are not."""
    state = position("5S", ["*", target, card, "", "", "", ""])
    assert (Move("c3", "c2") in legal(state)) is allowed


@pytest.mark.parametrize(
    ("source", "count", "allowed"),
    [
        ("KD 4H", 1, True),
        ("8C 4D 3D 2D", 3, True),
        ("8C 4D 3D 2D", 2, False),
        ("KD 9H", 1, False),
        ("KD 3D", 1, False),
        ("4D 3D", 2, False),
    ],
)
def test_empty_column_takes_only_a_four_headed_tail(source, count, allowed):
    """Beak 5♠: an empty column takes any 4 or a tail headed by a 4 (not a whole column), nothing else."""
    state = position("5S", ["*", "", source, "", "", "", ""])
    assert (Move("c3", "c2", count) in legal(state)) is allowed


@pytest.mark.parametrize(("card", "allowed"), [("4C", True), ("3C", False), ("KC", False)])
def test_empty_column_from_the_flipper(card, allowed):
    """Beak 5♠: a flipper card may start an empty column only when it is a 4."""
    state = position("5S", ["*", "", "", "", "", "", ""], cells=[card])
    assert (Move("k1", "c2") in legal(state)) is allowed


def test_eight_card_tail_moves_with_the_flipper_full():
    """An 8-card same-suit tail moves as a unit even when all 7 cells are full."""
    cells = ["6H", "7H", "8H", "9H", "TH", "JH", "QH"]
    state = position("5S", ["*", "AS", "2C KS QS JS TS 9S 8S 7S 6S", "", "", "", ""], cells=cells)
    assert Move("c3", "c2", 8) in legal(state)
    after = play(GAME, state, "c3:8>c2")
    assert " ".join(card.code for card in after.columns[1]) == "AS KS QS JS TS 9S 8S 7S 6S"
    assert after.columns[2] == (Card.parse("2C"),)


@pytest.mark.parametrize(("count", "allowed"), [(3, True), (2, False), (1, False), (4, False)])
def test_a_same_suit_run_moves_as_a_unit(count, allowed):
    """Beak 5♠: K♦ Q♦ J♦ moves onto A♦ together; its parts cannot (they do not fit)."""
    state = position("5S", ["*", "AD", "8C KD QD JD", "", "", "", ""])
    assert (Move("c3", "c2", count) in legal(state)) is allowed


@pytest.mark.parametrize(
    ("moving", "allowed"), [("KH", True), ("QH", False), ("KH QH", True)], ids=["king", "queen", "king-tail"]
)
def test_beak_ace_empty_column_takes_only_a_king(moving, allowed):
    """Beak A♠: an empty column takes only a K (or a tail headed by one)."""
    state = position("AS", ["*", "", "2C " + moving, "", "", "", ""])
    assert (Move("c3", "c2", len(moving.split())) in legal(state)) is allowed


def test_beak_ace_king_does_not_go_on_ace():
    """Beak A♠: K♠ on the beak A♠ is refused (RULES §4.8 A3)."""
    state = position("AS", ["*", "AS", "KS", "", "", "", ""])
    assert Move("c3", "c2") not in legal(state)
    assert refusal(GAME, state, Move("c3", "c2")) == Phrase.of(
        "penguin.not_on_beak", card=Card.parse("KS"), beak=Card.parse("AS")
    )


def test_beak_may_build_on_its_next_card():
    """Beak 5♠ may go onto 6♠ in a column (n 0 on n 1)."""
    state = position("5S", ["*", "6S", "5S", "", "", "", ""])
    assert Move("c3", "c2") in legal(state)


def test_to_cell_uses_the_lowest_empty_cell():
    """A column top sent to a cell fills the lowest-numbered empty cell."""
    state = position("5S", ["*", "9C", "", "", "", "", ""], cells=["6C", "", "7C"])
    after = play(GAME, state, "c2>k")
    assert after.cells[:3] == parse_cards("6C 9C 7C")


def test_full_flipper_refuses_a_card():
    """With 7 cards in the flipper, no column top can go there."""
    cells = ["6H", "7H", "8H", "9H", "TH", "JH", "QH"]
    state = position("5S", ["*", "9C", "", "", "", "", ""], cells=cells)
    assert not any(isinstance(action, Move) and action.dest == "k" for action in legal(state))
    assert refusal(GAME, state, Move("c2", "k")) == Phrase.of("penguin.flipper_full")


def test_whole_column_to_empty_column_is_never_listed():
    """Moving an entire 4-headed column into an empty column is refused with a reason."""
    state = position("5S", ["*", "", "4D 3D", "", "", "", ""])
    moves = [action for action in legal(state) if isinstance(action, Move)]
    assert not any(move.source == "c3" and move.dest[0] == "c" for move in moves)
    assert refusal(GAME, state, Move("c3", "c2", 2)) == Phrase.of("penguin.whole_column", column=3)


@pytest.mark.parametrize(
    ("columns", "action", "message"),
    [
        (
            ["*", "9S", "7H", "", "", "", ""],
            Move("c3", "c2"),
            Phrase.of("penguin.does_not_go_on", card=Card.parse("7H"), top=Card.parse("9S")),
        ),
        (["*", "", "KD 3D", "", "", "", ""], Move("c3", "c2"), Phrase.of("penguin.empty_column_rank", rank=Rank.FOUR)),
        (["*", "", "", "", "", "", ""], Move("c2", "f"), Phrase.of("penguin.column_empty", number=2)),
        (["*", "", "", "", "", "", ""], Move("k3", "c2"), Phrase.of("penguin.cell_empty", number=3)),
        (
            ["*", "9D", "KD 8C 8D 7D", "", "", "", ""],
            Move("c3", "c2", 3),
            Phrase.of("penguin.not_a_sequence", top=3, column=3),
        ),
        (["*", "9D", "8D", "", "", "", ""], Move("c3", "c2", 2), Phrase.of("penguin.column_short", column=3, count=1)),
        (["*", "9D", "8D", "", "", "", ""], Collect(), Phrase.of("penguin.nothing_to_collect")),
        (["*", "9D", "8D", "", "", "", ""], Move("c3", "c3"), Phrase.of("penguin.not_a_move", code="c3>c3")),
    ],
)
def test_refusals_say_why(columns, action, message):
    """explain_illegal gives a precise reason for each kind of refusal."""
    state = position("5S", columns)
    assert refusal(GAME, state, action) == message


def test_empty_column_refusal_names_the_rank_with_its_article():
    """Beak 9♠: only an 8 can start an empty column."""
    state = position("9S", ["*", "", "KD 3D", "", "", "", ""])
    assert refusal(GAME, state, Move("c3", "c2")) == Phrase.of("penguin.empty_column_rank", rank=Rank.EIGHT)


def test_nothing_leaves_a_foundation_or_goes_cell_to_cell():
    """No code names a foundation as a source, and cell-to-cell moves do not parse."""
    for code in ("f>c1", "k1>k", "k1>k2"):
        with pytest.raises(InvalidActionError):
            GAME.parse_action(code)


# Collect and ordering


def test_collect_sends_every_card_that_can_go():
    """Collect moves chained cards from columns and cells to the foundations as one action."""
    state = position("5S", ["*", "9D 8H", "JH TH", "", "", "", ""], cells=["", "9H"], home="7H")
    transition = GAME.apply_action(state, 0, Collect())
    assert transition.state.foundations[Suit.HEARTS][-1] == Card.parse("JH")
    assert [event.phrase for event in transition.events] == [Phrase.of("penguin.collected", count=4)]
    assert transition.state.moves == 1


def test_legal_actions_order():
    """Collect first, then moves home, then moves from columns, then moves from cells."""
    state = position("5S", ["*", "9D 6H", "KS", "", "", "", ""], cells=["QS"])
    actions = legal(state)
    assert actions[0] == Collect() and actions[1] == Move("c2", "f")
    kinds = ["home" if action.dest == "f" else action.source[0] for action in actions[1:]]
    assert kinds == sorted(kinds, key=["home", "c", "k"].index)
    assert Move("k1", "c3") in actions and actions[-1] == Move("k1", "c3")


def test_phrases_and_events_name_the_cards():
    """Actions are named like "7♥ + 1 → column 2"; events tell the table what moved where."""
    state = position("5S", ["*", "8H", "KD 7H 6H", "", "", "", ""], cells=["4C"])
    phrases = {action.code: action.phrase for action in legal(state)}
    tail = Phrase.of("penguin.tail", what=Card.parse("7H"), more=1)
    assert phrases["c3:2>c2"] == Phrase.of("penguin.move", what=tail, where=Phrase.of("penguin.to_column", column=2))
    assert phrases["c3>k"] == Phrase.of("penguin.move", what=Card.parse("6H"), where=Phrase.of("penguin.to_cell"))
    to_empty = Phrase.of("penguin.to_empty_column", column=4)
    assert phrases["k1>c4"] == Phrase.of("penguin.move", what=Card.parse("4C"), where=to_empty)
    assert phrases["auto"] == Phrase.of("penguin.collect")
    events = GAME.apply_action(state, 0, Move("c3", "c2", 2)).events
    assert [event.phrase for event in events] == [
        Phrase.of("penguin.moved_tail", card=Card.parse("7H"), count=1, column=2)
    ]
    home = Move("c1", "f").phrase
    assert home == Phrase.of(
        "penguin.move", what=Phrase.of("penguin.column", number=1), where=Phrase.of("penguin.to_foundation")
    )


# Codes


@pytest.mark.parametrize(
    ("code", "action"),
    [
        ("c3>f", Move("c3", "f")),
        ("k2>c5", Move("k2", "c5")),
        ("c3>k", Move("c3", "k")),
        ("c3:4>c5", Move("c3", "c5", 4)),
        ("k7>f", Move("k7", "f")),
        ("auto", Collect()),
    ],
)
def test_codes_round_trip(code, action):
    """Action codes parse to the action and format back to the same code."""
    assert GAME.parse_action(code) == action
    assert action.code == code


@pytest.mark.parametrize(
    "code",
    [
        "",
        "c0>f",
        "c8>f",
        "k8>f",
        "k0>c1",
        "c3:1>c5",
        "c3:0>c5",
        "c3:02>c5",
        "c3:14>c5",
        "k2:2>c5",
        "c3:2>f",
        "c3:2>k",
        "k>c1",
        "k1>k",
        "c3>c3",
        "C3>F",
        "c3>f ",
        "auto ",
        "AUTO",
        "c3>k1",
        "f>c1",
        "c3>c8",
        "c3",
        None,
        5,
    ],
)
def test_garbage_codes_are_refused(code):
    """Malformed or impossible codes raise InvalidActionError."""
    with pytest.raises(InvalidActionError):
        GAME.parse_action(code)


# Outcomes


def no_moves_position() -> PenguinState:
    """Beak A♠, flipper full of K and Q, column tops that fit nowhere: a lost game."""
    return play(GAME, one_move_left_position(), "c7>k")


def one_move_left_position() -> PenguinState:
    cells = ["KC", "KD", "KH", "KS", "QC", "QD"]
    return position("AS", ["*", "TS", "8S", "6S", "4S", "2S", "JC QH"], cells=cells)


def test_no_legal_action_is_a_loss():
    """With no legal action left the game ends as a loss scored by the cards home."""
    state = no_moves_position()
    assert legal(state) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert (outcome.scores, outcome.winners, outcome.reason) == ((3,), (), EndReason.COMPLETED)
    assert outcome.summary == Phrase.of("penguin.stuck", count=3)
    assert GAME.current_seat(state) is None


def test_last_move_into_a_dead_end_announces_the_loss():
    """The move that leaves no legal action ends the game and says so."""
    state = one_move_left_position()
    assert GAME.outcome(state) is None
    transition = GAME.apply_action(state, 0, Move("c7", "k"))
    assert transition.events[-1].phrase == GAME.outcome(transition.state).summary


def test_last_card_home_wins():
    """The 52nd card on the foundations wins the game."""
    state = position("5S", ["", "", "", "", "", "", ""], cells=["4S"], home="4C 4D 4H 3S")
    assert GAME.outcome(state) is None and GAME.current_seat(state) == 0
    transition = GAME.apply_action(state, 0, Move("k1", "f"))
    outcome = GAME.outcome(transition.state)
    assert (outcome.scores, outcome.winners, outcome.reason) == ((52,), (0,), EndReason.COMPLETED)
    assert transition.events[-1].phrase == outcome.summary == Phrase.of("patience.solved")
    assert GAME.legal_actions(transition.state, 0) == ()


def test_resign_ends_the_game():
    """Resigning scores the cards home, has no winner, and refuses further actions."""
    state = play(GAME, GAME.new_state(None, 1, 3), "c2>k")
    resigned = GAME.resign(state, 0).state
    outcome = GAME.outcome(resigned)
    assert (outcome.scores, outcome.winners, outcome.reason) == ((3,), (), EndReason.RESIGNED)
    with pytest.raises(GameOverError):
        GAME.apply_action(resigned, 0, Move("c3", "k"))
    with pytest.raises(GameOverError):
        GAME.resign(resigned, 0)


def test_undo_is_allowed():
    """Penguin offers unlimited undo (RULES §4.8 A7)."""
    assert GAME.allows_undo({}) is True


# Views and snapshots


def test_views_show_everything_and_legal_only_to_the_seat():
    """The seat's view lists the legal actions; the public view is the same table with none."""
    state = GAME.new_state(None, 1, 5)
    mine, public = GAME.view_for(state, 0), GAME.view_for(state, None)
    assert isinstance(mine, PenguinView)
    assert mine.legal == legal(state) and public.legal == ()
    assert dataclasses.replace(public, legal=mine.legal) == mine
    assert mine.score == 3 and mine.moves == 0 and mine.outcome is None


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data.update(game="peek"),
        lambda data: data.update(schema=SCHEMA + 1),
        lambda data: data["columns"][0].append("5S"),
        lambda data: data["columns"][0].pop(),
        lambda data: data["columns"].pop(),
        lambda data: data["cells"].append(None),
        lambda data: data["columns"][1].__setitem__(0, "XX"),
        lambda data: data["columns"][1].__setitem__(0, data["columns"][1][0] + "1"),
        lambda data: data.update(moves=-1),
        lambda data: data.update(moves="3"),
        lambda data: data.update(resigned=None),
        lambda data: data["foundations"].reverse(),
        lambda data: data["foundations"][0].insert(0, data["columns"][2].pop()),
    ],
)
def test_corrupt_snapshots_are_refused(damage):
    """from_dict refuses snapshots that break conservation, foundation order or the layout."""
    data = json.loads(json.dumps(GAME.to_dict(GAME.new_state(None, 1, 8))))
    damage(data)
    with pytest.raises(CorruptStateError):
        GAME.from_dict(data)


# Random playouts (§6.1 and the engine invariants)


ALL_CODES = (
    [f"{kind}{s}>f" for kind in "ck" for s in range(1, 8)]
    + [f"c{s}>k" for s in range(1, 8)]
    + [f"k{s}>c{d}" for s in range(1, 8) for d in range(1, 8)]
    + [f"c{s}{f':{n}' if n > 1 else ''}>c{d}" for s in range(1, 8) for d in range(1, 8) if s != d for n in range(1, 14)]
    + ["auto"]
)
ALL_ACTIONS = tuple(GAME.parse_action(code) for code in ALL_CODES)


def check_step(state: PenguinState, rng: random.Random) -> None:
    check_position(state)
    actions = legal(state)
    assert bool(actions) == (GAME.outcome(state) is None)
    assert GAME.current_seat(state) == (0 if actions else None)
    for action in actions:
        assert GAME.parse_action(action.code) == action and len(action.code) < 60
        GAME.apply_action(state, 0, action)
    if actions:
        bad = rng.choice([action for action in ALL_ACTIONS if action not in actions])
        before = GAME.to_dict(state)
        with pytest.raises(IllegalActionError):
            GAME.apply_action(state, 0, bad)
        assert GAME.to_dict(state) == before
    assert GAME.from_dict(json.loads(json.dumps(GAME.to_dict(state)))) == state
    for viewer in (0, None):
        assert set(cards_in(GAME.view_for(state, viewer))) <= set(DECK)


def weight(action: Any) -> int:
    """A player that likes going home and building, so that playouts reach empty columns and long tails."""
    if isinstance(action, Collect) or action.dest == "f":
        return 6
    return 1 if action.dest == "k" else 4


@pytest.mark.parametrize("first", range(0, 200, 25))
def test_random_playouts_keep_the_invariants(first):
    """Random legal play keeps every invariant after every move, and the action log replays to the same state."""
    for seed in range(first, first + 25):
        rng = random.Random(seed)
        state = GAME.new_state(None, 1, seed)
        log: list[tuple[int, str]] = []
        for _ in range(rng.randint(5, 60)):
            check_step(state, rng)
            actions = legal(state)
            if not actions:
                break
            action = rng.choices(actions, [weight(action) if seed % 2 else 1 for action in actions])[0]
            state = GAME.apply_action(state, 0, action).state
            log.append((0, action.code))
            assert GAME.replay(None, 1, seed, log) == state
        check_step(state, rng)
        assert state.moves == len(log)
