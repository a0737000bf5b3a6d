"""The Peanuts deal: the state both players share, building plays, the stall check, views and snapshots.

See :mod:`games.peanuts` for the rules in short. This module holds :class:`PeanutsState` (both
layouts and the building piles), the building plays of §1.3 move 1, ``apply`` with the stall
check of §1.5 / §7.1, the reasons for refused moves, the views of §1.2, the snapshot and the
:class:`Peanuts` game object. One player's own moves are in :mod:`games.peanuts.layout`, the
blocked check in :mod:`games.peanuts.blocked`.
"""

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.base import GAME_OVER, SCHEMA, EndReason, Event, Game, Option, Outcome, Seat, Transition, check_seats
from games.cards import Card, Rank, shuffled, standard_deck
from games.errors import (
    CorruptStateError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    InvalidOptionError,
)
from games.peanuts.blocked import SEARCH_CAP, BlockedCheck
from games.peanuts.layout import (
    COLUMNS,
    NEW_PILE,
    PASS,
    PASS_CODE,
    PEANUT,
    RECYCLE_CODE,
    STUCK_CODE,
    TURN_CODE,
    TURN_SIZE,
    UNSTUCK_CODE,
    WASTE,
    Layout,
    Move,
    Pass,
    PeanutsAction,
    Recycle,
    Stuck,
    Turn,
    fill,
    own_moves,
    recycle,
    rescue,
    run_length,
    shift,
    take,
    turn_stock,
)
from games.phrases import Phrase
from games.snapshot import Reader

SEATS = 2
PEANUT_SIZE = 21
STOCK_SIZE = 24
DECK_SIZE = 52
MAX_PILES = 8
STILL_A_PLAY = Phrase.of("peanuts.still_a_play")
CANNOT_PROVE = Phrase.of("peanuts.cannot_prove")
"""Told to a player whose blocked check hit its cap: a capped search proves nothing either way (§1.8 A9)."""
WENT_ROUND = Phrase.of("peanuts.went_round")
NOT_PLAYING = Phrase.of("peanuts.not_playing")
LAPS = 2
"""How many times each player turns the waste over, once both are stuck, before the stall ends the deal (A9)."""
_CARD = r"([A2-9TJQK][CDHS][0-9]?)"
_MOVE_CODE = re.compile(rf"(p|w|c[1-7])\.{_CARD}>(?:(b\+)|([bc][1-8])\.{_CARD})")


@dataclass(frozen=True, slots=True)
class PeanutsState:
    """A deal in progress or ended.

    ``out`` is the seat that emptied its peanut pile, ``blocked`` tells that both players were
    blocked, ``resigned`` the seat that gave up. ``rescued`` is set by a Nerts rescue and cleared
    by the next building play. ``laps`` watches a stall (§1.8 A9): None until both players are
    stuck at once, then how many times each player has turned the waste over since, with no
    building play by either player (a building play or a Nerts rescue sets it back to None).
    ``turn`` is the seat to act in the turn-based mode, None in real-time play. ``claimed`` is the
    seat that claimed the end after the other player's inactivity (§7.1 AFK).
    """

    players: tuple[Layout, ...]
    piles: tuple[tuple[Card, ...], ...] = ()
    nerts_rescue: bool = False
    rescued: bool = False
    out: Seat | None = None
    blocked: bool = False
    resigned: Seat | None = None
    moves: int = 0
    laps: tuple[int, ...] | None = None
    turn: Seat | None = None
    claimed: Seat | None = None


@dataclass(frozen=True, slots=True)
class LayoutView:
    """What everybody sees of one player's cards (§1.2): hidden cards only as counts."""

    tableau: tuple[tuple[Card, ...], ...]
    peanut_top: Card | None
    peanut_count: int
    stock_count: int
    waste_count: int
    waste: tuple[Card, ...]
    """The visible waste cards (the fan of the last turn, at least the top), bottom first."""
    stuck: bool
    score: int


@dataclass(frozen=True, slots=True)
class PeanutsView:
    """The table for ``viewer`` (a seat, or None for the public); ``legal`` only for a seat."""

    viewer: Seat | None
    players: tuple[LayoutView, ...]
    piles: tuple[tuple[Card, ...], ...]
    scores: tuple[int, ...]
    nerts_rescue: bool
    rescued: bool
    moves: int
    legal: tuple[PeanutsAction, ...]
    outcome: Outcome | None
    turn: Seat | None = None
    """The seat to act in the turn-based mode; None in real-time play."""


def _deal_one(cards: Sequence[Card]) -> Layout:
    """§1.1 canonical order: d[4i] to column i+1, d[4i+1..4i+3] to the peanut pile, the rest is the stock."""
    tableau = tuple((cards[4 * column],) for column in range(COLUMNS))
    peanut = tuple(cards[4 * column + k] for column in range(COLUMNS) for k in (1, 2, 3))
    stock = tuple(reversed(cards[4 * COLUMNS :]))
    return Layout(tableau, peanut, stock)


def deal(cards: Sequence[Card], nerts_rescue: bool = False, turns: bool = False) -> PeanutsState:
    """Lay out the two decks (104 cards, deck 0 then deck 1, each top first); with ``turns`` seat 0 starts."""
    players = tuple(_deal_one(cards[seat * DECK_SIZE : (seat + 1) * DECK_SIZE]) for seat in range(SEATS))
    return PeanutsState(players, nerts_rescue=nerts_rescue, turn=0 if turns else None)


def score(state: PeanutsState, seat: Seat) -> int:
    """Own cards in the building piles minus cards left in the own peanut pile (§1.6)."""
    return seat_scores(state)[seat]


def seat_scores(state: PeanutsState) -> tuple[int, ...]:
    """Every seat's :func:`score`, the building piles counted once."""
    played = [0] * SEATS
    for pile in state.piles:
        for card in pile:
            played[card.deck] += 1
    return tuple(played[seat] - len(layout.peanut) for seat, layout in enumerate(state.players))


def is_over(state: PeanutsState) -> bool:
    return state.out is not None or state.blocked or state.resigned is not None or state.claimed is not None


def went_round(state: PeanutsState) -> bool:
    """Whether the stall watch has run its course: every player has turned the waste over twice since
    both were stuck (a player with no stock and no waste has nothing to go round), with no building
    play in between. The deal then ends whatever the blocked check says (§1.8 A9)."""
    if state.laps is None:
        return False
    return all(
        laps >= LAPS or not (layout.stock or layout.waste)
        for laps, layout in zip(state.laps, state.players, strict=True)
    )


def _lap(laps: tuple[int, ...], seat: Seat) -> tuple[int, ...]:
    return laps[:seat] + (laps[seat] + 1,) + laps[seat + 1 :]


def _player_name(seat: Seat) -> Phrase:
    return Phrase.of("peanuts.player", number=seat + 1)


def _sources(layout: Layout) -> Iterator[tuple[str, Card]]:
    """The player's playable top cards: peanut, waste, then each column."""
    if layout.peanut:
        yield PEANUT, layout.peanut[-1]
    if layout.waste:
        yield WASTE, layout.waste[-1]
    for index, column in enumerate(layout.tableau):
        if column:
            yield f"c{index + 1}", column[-1]


def _build_moves(layout: Layout, piles: tuple[tuple[Card, ...], ...]) -> Iterator[Move]:
    for source, card in _sources(layout):
        if card.rank == Rank.ACE:
            if len(piles) < MAX_PILES:
                yield Move(source, card, NEW_PILE)
            continue
        for index, pile in enumerate(piles):
            top = pile[-1]
            if top.suit == card.suit and top.rank + 1 == card.rank:
                yield Move(source, card, f"b{index + 1}", top)


def legal_moves(state: PeanutsState, seat: Seat) -> tuple[PeanutsAction, ...]:
    """Building plays, column moves, turn or recycle, the stuck toggle, then (turn-based mode) pass.

    For a running deal and, in the turn-based mode, the seat to act.
    """
    layout = state.players[seat]
    actions: list[PeanutsAction] = list(_build_moves(layout, state.piles))
    actions += own_moves(layout)
    actions.append(Stuck(not layout.stuck))
    if state.turn is not None:
        actions.append(PASS)
    return tuple(actions)


def _visible_waste(layout: Layout) -> tuple[Card, ...]:
    return layout.waste[-max(layout.fan, 1) :] if layout.waste else ()


def public_cards(state: PeanutsState, seat: Seat) -> set[Card]:
    """The cards of ``seat``'s own layout that everybody may see (§1.2); the building piles are public as well."""
    layout = state.players[seat]
    cards = {card for column in layout.tableau for card in column}
    cards |= set(layout.peanut[-1:]) | set(_visible_waste(layout))
    return cards


def _parse_card(text: str, code: str) -> Card:
    try:
        card = Card.parse(text)
    except InvalidCardError as error:
        raise InvalidActionError(Phrase.of("peanuts.no_such_card", code=code)) from error
    if card.deck >= SEATS:
        raise InvalidActionError(Phrase.of("peanuts.third_deck", code=code))
    return card


def _parse_move(code: str) -> Move:
    match = _MOVE_CODE.fullmatch(code)
    if match is None:
        raise InvalidActionError(Phrase.of("peanuts.bad_code", code=code))
    source, card_text, new_pile, dest, top_text = match.groups()
    card = _parse_card(card_text, code)
    if new_pile:
        if card.rank != Rank.ACE:
            raise InvalidActionError(Phrase.of("peanuts.ace_starts_code", code=code))
        return Move(source, card, NEW_PILE)
    if dest == source:
        raise InvalidActionError(Phrase.of("peanuts.onto_own_column", code=code))
    if dest == "c8":
        raise InvalidActionError(Phrase.of("peanuts.no_such_column", code=code, columns=COLUMNS))
    return Move(source, card, dest, _parse_card(top_text, code))


def _explain_source(layout: Layout, move: Move) -> Phrase | None:
    if move.source == PEANUT:
        if layout.peanut[-1:] != (move.card,):
            return Phrase.of("peanuts.peanut_shows", top=layout.peanut[-1], card=move.card)
        return None
    if move.source == WASTE:
        if not layout.waste:
            return Phrase.of("peanuts.waste_empty")
        if layout.waste[-1] != move.card:
            return Phrase.of("peanuts.waste_shows", top=layout.waste[-1], card=move.card)
        return None
    number = int(move.source[1:])
    column = layout.tableau[number - 1]
    if move.card not in column:
        return Phrase.of("peanuts.not_in_column", card=move.card, column=number)
    if move.dest[0] == "b" and column[-1] != move.card:
        return Phrase.of("peanuts.only_top_to_pile", column=number)
    if len(column) - column.index(move.card) > run_length(column):
        return Phrase.of("peanuts.not_a_run", card=move.card, column=number)
    return None


def _whose(card: Card, seat: Seat) -> Phrase:
    """``"your 2♥"`` or ``"the other player's 2♥"``: how a player tells the two copies of a card apart."""
    return Phrase.of("peanuts.yours" if card.deck == seat else "peanuts.theirs", card=card)


def _explain_pile(state: PeanutsState, seat: Seat, move: Move) -> Phrase:
    card = move.card
    if move.dest == NEW_PILE:
        return Phrase.of("peanuts.ace_starts" if card.rank != Rank.ACE else "peanuts.all_piles_started")
    index = int(move.dest[1:]) - 1
    if index >= len(state.piles):
        return Phrase.of("peanuts.no_such_pile", pile=index + 1)
    top = state.piles[index][-1]
    if top != move.top:
        assert move.top is not None
        shown: Card | Phrase = top
        expected: Card | Phrase = move.top
        if (top.rank, top.suit) == (move.top.rank, move.top.suit):
            shown, expected = _whose(top, seat), _whose(move.top, seat)
        others = [
            number
            for number, pile in enumerate(state.piles, 1)
            if pile[-1].suit == card.suit and pile[-1].rank + 1 == card.rank
        ]
        if index + 1 in others:
            return Phrase.of("peanuts.pile_moved_on.fits", pile=index + 1, shown=shown, expected=expected, card=card)
        if others:
            return Phrase.of(
                "peanuts.pile_moved_on.fits_elsewhere",
                pile=index + 1,
                shown=shown,
                expected=expected,
                card=card,
                other=others[0],
            )
        return Phrase.of("peanuts.pile_moved_on", pile=index + 1, shown=shown, expected=expected)
    return Phrase.of("peanuts.does_not_go_on", card=card, top=top)


def _explain_move(state: PeanutsState, seat: Seat, move: Move) -> Phrase:
    try:
        well_formed = _parse_move(move.code) == move
    except InvalidActionError:
        well_formed = False
    if not well_formed:
        return Phrase.of("peanuts.not_a_move", code=move.code)
    if move.card.deck != seat:
        return Phrase.of("peanuts.not_yours", card=move.card)
    layout = state.players[seat]
    problem = _explain_source(layout, move)
    if problem:
        return problem
    if move.dest[0] == "b":
        return _explain_pile(state, seat, move)
    column = int(move.dest[1:])
    target = layout.tableau[column - 1]
    assert move.top is not None
    if target[-1:] != (move.top,):
        if target:
            return Phrase.of("peanuts.column_moved_on", column=column, shown=target[-1], expected=move.top)
        return Phrase.of("peanuts.column_moved_on.empty", column=column, expected=move.top)
    return Phrase.of("peanuts.cannot_put", card=move.card, top=move.top)


def _layout_from(reader: Reader, data: Any) -> Layout:
    """One player's layout, read with the snapshot's reader."""
    if not isinstance(data, Mapping):
        raise reader.error("a player's layout is not a mapping.")
    layout = Reader(data, reader.title)
    return Layout(
        tableau=layout.piles("tableau", COLUMNS),
        peanut=layout.cards("peanut"),
        stock=layout.cards("stock"),
        waste=layout.cards("waste"),
        fan=layout.number("fan", 0),
        stuck=layout.flag("stuck"),
    )


def _optional_seat(reader: Reader, key: str) -> Seat | None:
    """A seat or None; snapshots from before the key existed have no seat there."""
    return reader.seat_or_none(key, SEATS) if key in reader.data else None


def check_state(state: PeanutsState) -> None:
    """Raise CorruptStateError unless ``state`` obeys §6.1 and the engine's own invariants."""
    if len(state.players) != SEATS or len(state.piles) > MAX_PILES:
        raise CorruptStateError("Peanuts snapshot: two players and at most 8 building piles.")
    for pile in state.piles:
        ranks = [card.rank for card in pile]
        if not pile or ranks != list(range(1, len(pile) + 1)) or {card.suit for card in pile} != {pile[0].suit}:
            raise CorruptStateError("Peanuts snapshot: a building pile is not a suit run up from an ace.")
    for seat, layout in enumerate(state.players):
        cards = [card for column in layout.tableau for card in column]
        cards += list(layout.peanut + layout.stock + layout.waste)
        cards += [card for pile in state.piles for card in pile if card.deck == seat]
        if len(cards) != DECK_SIZE or set(cards) != set(standard_deck(seat)):
            raise CorruptStateError(f"Peanuts snapshot does not hold each card of deck {seat} exactly once.")
        if not 0 <= layout.fan <= min(TURN_SIZE, len(layout.waste)):
            raise CorruptStateError("Peanuts snapshot: the waste fan is larger than the waste.")
        if not is_over(state) and not all(layout.tableau) and layout.peanut:
            raise CorruptStateError("Peanuts snapshot: an empty column was not refilled.")
    if any(card.deck >= SEATS for pile in state.piles for card in pile):
        raise CorruptStateError("Peanuts snapshot: a building pile holds a card of a third deck.")
    if state.out is not None and state.players[state.out].peanut:
        raise CorruptStateError("Peanuts snapshot: the player who went out still has peanut cards.")
    if not is_over(state) and not all(layout.peanut for layout in state.players):
        raise CorruptStateError("Peanuts snapshot: an empty peanut pile did not end the deal.")
    if state.moves < 0:
        raise CorruptStateError("Peanuts snapshot: negative move count.")
    if sum((state.out is not None, state.blocked, state.resigned is not None, state.claimed is not None)) > 1:
        raise CorruptStateError("Peanuts snapshot: a deal ends in one way only.")
    if state.rescued and not state.nerts_rescue:
        raise CorruptStateError("Peanuts snapshot: a Nerts rescue without the nerts_rescue option.")


class Peanuts(Game[PeanutsState]):
    """Peanuts for two players acting at the same time (RULES.md §1, §7.1).

    ``blocked_check`` runs the stall checks with ``search_cap`` as its cap; it keeps a memo of
    complete searches, a cache of a pure function and not game state.
    """

    key = "peanuts"
    title = "Peanuts"
    simultaneous = True
    hidden_information = True
    rated = True
    min_seats = 2
    max_seats = 2
    options = (
        Option("nerts_rescue", False, Phrase.of("peanuts.option.nerts_rescue")),
        Option("turns", False, Phrase.of("peanuts.option.turns")),
    )

    def __init__(self, search_cap: int = SEARCH_CAP) -> None:
        self.blocked_check = BlockedCheck(search_cap)

    def new_state(
        self, options: Mapping[str, Any] | None, seats: int, seed: int, deck: Sequence[Card] | None = None
    ) -> PeanutsState:
        """Deal from ``seed``, or from ``deck`` (deck 0 then deck 1, each top first). Raises InvalidOptionError."""
        resolved = self.resolve_options(options)
        check_seats(self, seats)
        if deck is None:
            cards = shuffled(standard_deck(0), seed) + shuffled(standard_deck(1), f"{seed}:1")
        else:
            cards = tuple(deck)
            for seat in range(SEATS):
                half = cards[seat * DECK_SIZE : (seat + 1) * DECK_SIZE]
                if len(cards) != SEATS * DECK_SIZE or set(half) != set(standard_deck(seat)) or len(set(half)) != 52:
                    raise InvalidOptionError(Phrase.of("peanuts.bad_deck"))
        return deal(cards, resolved["nerts_rescue"], resolved["turns"])

    def current_seat(self, state: PeanutsState) -> Seat | None:
        """None in real-time play (both players act whenever they like, §1.8 A1) and once the deal is
        over; the seat to act in the turn-based mode."""
        return None if is_over(state) else state.turn

    def legal_actions(self, state: PeanutsState, seat: Seat) -> tuple[PeanutsAction, ...]:
        """Building plays, column moves, turn or recycle, the stuck toggle, then (turn-based mode) pass."""
        if is_over(state) or seat not in range(SEATS) or state.turn not in (None, seat):
            return ()
        return legal_moves(state, seat)

    def _apply(self, state: PeanutsState, seat: Seat, action: PeanutsAction) -> Transition[PeanutsState]:
        name = _player_name(seat)
        layout = state.players[seat]
        events: list[Event] = []
        if isinstance(action, Stuck):
            events.append(Event(Phrase.of("peanuts.is_stuck" if action.on else "peanuts.plays_on", player=name)))
            if action.on:
                state = self._say_stuck(state, seat, events)
            else:
                state = self._set_layout(state, seat, replace(layout, stuck=False))
        elif isinstance(action, Turn):
            state = self._set_layout(state, seat, turn_stock(layout))
            count = min(TURN_SIZE, len(layout.stock))
            events.append(Event(Phrase.of("peanuts.turned", player=name, count=count)))
        elif isinstance(action, Pass):
            events.append(Event(Phrase.of("peanuts.passed", player=name)))
            if state.laps is not None:
                state = replace(state, laps=_lap(state.laps, seat))
            if not layout.stuck:
                state = self._say_stuck(state, seat, events)
        elif isinstance(action, Recycle):
            state = self._set_layout(state, seat, recycle(layout))
            events.append(Event(Phrase.of("peanuts.turned_over", player=name)))
            if state.laps is not None:
                state = replace(state, laps=_lap(state.laps, seat))
            if not went_round(state):
                state = self._stall_check(state, events, asked=False)
        else:
            state = self._move(state, seat, action, events)
        if not is_over(state) and went_round(state):
            events.append(Event(WENT_ROUND))
            state = replace(state, blocked=True)
        if isinstance(action, Turn | Pass):
            state = self._end_turn(state, events)
        state = replace(state, moves=state.moves + 1)
        end = self.outcome(state)
        if end is not None:
            assert end.summary is not None
            events.append(Event(end.summary))
        return Transition(state, tuple(events))

    def _say_stuck(self, state: PeanutsState, seat: Seat, events: list[Event]) -> PeanutsState:
        """Set the seat's stuck flag; once both players are stuck, the stall watch starts and the check runs."""
        state = self._set_layout(state, seat, replace(state.players[seat], stuck=True))
        if not all(layout.stuck for layout in state.players):
            return state
        if state.laps is None:
            state = replace(state, laps=(0,) * SEATS)
        return self._stall_check(state, events, asked=True)

    @staticmethod
    def _end_turn(state: PeanutsState, events: list[Event]) -> PeanutsState:
        """In the turn-based mode, hand the turn to the other player (unless the deal just ended)."""
        if state.turn is None or is_over(state):
            return state
        turn = 1 - state.turn
        events.append(Event(Phrase.of("peanuts.to_play", player=_player_name(turn))))
        return replace(state, turn=turn)

    @staticmethod
    def _set_layout(state: PeanutsState, seat: Seat, layout: Layout) -> PeanutsState:
        players = state.players[:seat] + (layout,) + state.players[seat + 1 :]
        return replace(state, players=players)

    def _move(self, state: PeanutsState, seat: Seat, move: Move, events: list[Event]) -> PeanutsState:
        name = _player_name(seat)
        layout = state.players[seat]
        if move.dest[0] == "c":
            layout, fills = shift(layout, move)
            column = layout.tableau[int(move.dest[1:]) - 1]
            count = len(column) - column.index(move.card)
            column_number = int(move.dest[1:])
            if count > 1:
                moved = Phrase.of(
                    "peanuts.moved_run", player=name, card=move.card, more=count - 1, column=column_number
                )
            else:
                moved = Phrase.of("peanuts.moved", player=name, card=move.card, column=column_number)
            events.append(Event(moved))
        else:
            layout, cards = take(layout, move)
            layout, fills = fill(layout)
            if move.dest == NEW_PILE:
                piles = state.piles + (cards,)
                events.append(Event(Phrase.of("peanuts.started_pile", player=name, pile=len(piles), card=move.card)))
            else:
                index = int(move.dest[1:]) - 1
                piles = state.piles[:index] + (state.piles[index] + cards,) + state.piles[index + 1 :]
                events.append(Event(Phrase.of("peanuts.played", player=name, card=move.card, pile=index + 1)))
            players = tuple(replace(other, stuck=False) for other in state.players)
            state = replace(state, piles=piles, players=players, rescued=False, laps=None)
            layout = replace(layout, stuck=False)
        for index, card in fills:
            events.append(Event(Phrase.of("peanuts.filled", player=name, column=index + 1, card=card)))
        state = self._set_layout(state, seat, layout)
        if not layout.peanut:
            state = replace(state, out=seat)
        return state

    def _stall_check(self, state: PeanutsState, events: list[Event], asked: bool) -> PeanutsState:
        """Run the blocked check for both players (§7.1) and end, rescue or go on."""
        results = []
        for layout in state.players:
            results.append(self.blocked_check.search(layout, state.piles))
            if not asked and not results[-1].blocked:
                return state
        if not all(result.blocked for result in results):
            if asked:
                for seat, result in enumerate(results):
                    if result.capped:
                        events.append(Event(CANNOT_PROVE, seats=(seat,)))
                    elif not result.blocked:
                        state = self._set_layout(state, seat, replace(state.players[seat], stuck=False))
                        events.append(Event(STILL_A_PLAY, seats=(seat,)))
            return state
        if state.nerts_rescue and not state.rescued:
            players = tuple(replace(rescue(layout), stuck=False) for layout in state.players)
            state = replace(state, players=players, rescued=True, laps=None)
            events.append(Event(Phrase.of("peanuts.rescued")))
            if not all(self.blocked_check.search(layout, state.piles).blocked for layout in state.players):
                return state
        return replace(state, blocked=True)

    def may_search(self, action: Any) -> bool:
        """The stall check (a search of up to :data:`SEARCH_CAP` positions) runs only after a recycle and when
        both players say they are stuck (a stuck flag raised, or a pass in the turn-based mode); building,
        column moves and turns never search."""
        return isinstance(action, Recycle | Pass) or (isinstance(action, Stuck) and action.on)

    def explain_illegal(self, state: PeanutsState, seat: Seat, action: Any) -> Phrase:
        """Why ``action`` is refused: a stale target says "moved on", other refusals say what is wrong."""
        layout = state.players[seat] if seat in range(SEATS) else None
        if layout is None:
            return NOT_PLAYING
        if isinstance(action, Move):
            return _explain_move(state, seat, action)
        if isinstance(action, Turn):
            return Phrase.of("peanuts.stock_empty" if layout.waste else "peanuts.stock_and_waste_empty")
        if isinstance(action, Recycle):
            return Phrase.of("peanuts.stock_left" if layout.stock else "peanuts.waste_empty")
        if isinstance(action, Stuck):
            return Phrase.of("peanuts.already_stuck" if action.on else "peanuts.not_stuck")
        if isinstance(action, Pass):
            return Phrase.of("peanuts.pass_only_in_turns")
        return Phrase.of("peanuts.not_a_peanuts_move")

    def view_for(self, state: PeanutsState, viewer: Seat | None) -> PeanutsView:
        """Both layouts as everybody sees them (§1.2), the building piles, scores, and the viewer's legal actions."""
        points = seat_scores(state)
        players = tuple(
            LayoutView(
                tableau=layout.tableau,
                peanut_top=layout.peanut[-1] if layout.peanut else None,
                peanut_count=len(layout.peanut),
                stock_count=len(layout.stock),
                waste_count=len(layout.waste),
                waste=_visible_waste(layout),
                stuck=layout.stuck,
                score=points[seat],
            )
            for seat, layout in enumerate(state.players)
        )
        return PeanutsView(
            viewer=viewer,
            players=players,
            piles=state.piles,
            scores=points,
            nerts_rescue=state.nerts_rescue,
            rescued=state.rescued,
            moves=state.moves,
            legal=self.legal_actions(state, viewer) if viewer is not None else (),
            outcome=self.outcome(state),
            turn=self.current_seat(state),
        )

    def outcome(self, state: PeanutsState) -> Outcome | None:
        """Scores by back (§1.6); high score wins, a tie goes to the player who went out (A10)."""
        if not is_over(state):
            return None
        scores = seat_scores(state)
        first, second = scores
        if state.resigned is not None:
            winner = 1 - state.resigned
            summary = Phrase.of(
                "peanuts.resigned",
                loser=_player_name(state.resigned),
                winner=_player_name(winner),
                first=first,
                second=second,
            )
            return Outcome(scores, (winner,), EndReason.RESIGNED, summary)
        if state.out is not None:
            how = Phrase.of("peanuts.called", player=_player_name(state.out))
        elif state.claimed is not None:
            how = Phrase.of(
                "peanuts.claimed", player=_player_name(state.claimed), idle=_player_name(1 - state.claimed)
            )
        else:
            how = Phrase.of("peanuts.both_stuck")
        if first != second:
            winners: tuple[Seat, ...] = (0,) if first > second else (1,)
        else:
            winners = () if state.out is None else (state.out,)
        if not winners:
            result = Phrase.of("peanuts.draw")
        elif first == second:
            result = Phrase.of("peanuts.wins_on_tie", player=_player_name(winners[0]))
        else:
            result = Phrase.of("peanuts.wins", player=_player_name(winners[0]))
        reason = EndReason.COMPLETED if state.claimed is None else EndReason.TIMED_OUT
        summary = Phrase.of("peanuts.ended", how=how, result=result, first=first, second=second)
        return Outcome(scores, winners, reason, summary)

    def resign(self, state: PeanutsState, seat: Seat) -> Transition[PeanutsState]:
        """Give up: the other player wins. Raises GameOverError when the deal is already over."""
        if is_over(state):
            raise GameOverError(GAME_OVER)
        after = replace(state, resigned=seat, moves=state.moves + 1)
        outcome = self.outcome(after)
        assert outcome is not None and outcome.summary is not None
        return Transition(after, (Event(outcome.summary),))

    def claim(self, state: PeanutsState, seat: Seat) -> Transition[PeanutsState]:
        """End the deal now, scored as it stands, because the other player is idle (§7.1 AFK).

        The bot decides when the other player has been idle long enough; the engine only ends the
        deal. Raises GameOverError when the deal is over, IllegalActionError for a seat not playing.
        """
        if is_over(state):
            raise GameOverError(GAME_OVER)
        if seat not in range(SEATS):
            raise IllegalActionError(NOT_PLAYING)
        after = replace(state, claimed=seat, moves=state.moves + 1)
        outcome = self.outcome(after)
        assert outcome is not None and outcome.summary is not None
        return Transition(after, (Event(outcome.summary),))

    def parse_action(self, code: str) -> PeanutsAction:
        """Parse ``"t"``, ``"r"``, ``"stuck"``, ``"unstuck"``, ``"pass"`` or a move like ``"c2.9H>c5.TS"``."""
        if not isinstance(code, str):
            raise InvalidActionError(Phrase.of("peanuts.not_a_move", code=str(code)))
        simple: dict[str, PeanutsAction] = {
            TURN_CODE: Turn(),
            RECYCLE_CODE: Recycle(),
            STUCK_CODE: Stuck(True),
            UNSTUCK_CODE: Stuck(False),
            PASS_CODE: PASS,
        }
        if code in simple:
            return simple[code]
        return _parse_move(code)

    def to_dict(self, state: PeanutsState) -> dict[str, Any]:
        """A JSON-ready snapshot; every pile bottom first (its last card is its top)."""
        return {
            "schema": SCHEMA,
            "game": self.key,
            "players": [
                {
                    "tableau": [[card.ident for card in column] for column in layout.tableau],
                    "peanut": [card.ident for card in layout.peanut],
                    "stock": [card.ident for card in layout.stock],
                    "waste": [card.ident for card in layout.waste],
                    "fan": layout.fan,
                    "stuck": layout.stuck,
                }
                for layout in state.players
            ],
            "piles": [[card.ident for card in pile] for pile in state.piles],
            "nerts_rescue": state.nerts_rescue,
            "rescued": state.rescued,
            "out": state.out,
            "blocked": state.blocked,
            "resigned": state.resigned,
            "moves": state.moves,
            "laps": None if state.laps is None else list(state.laps),
            "turn": state.turn,
            "claimed": state.claimed,
        }

    def from_dict(self, data: Mapping[str, Any]) -> PeanutsState:
        """Load a snapshot. Raises CorruptStateError when it does not validate."""
        self.check_header(data)
        reader = Reader(data, self.title)
        laps = None if data.get("laps") is None else reader.numbers("laps", SEATS)
        if laps is not None and min(laps) < 0:
            raise reader.error("lap counts cannot be negative.")
        state = PeanutsState(
            players=tuple(_layout_from(reader, layout) for layout in reader.entries("players", SEATS)),
            piles=reader.piles("piles"),
            nerts_rescue=reader.flag("nerts_rescue"),
            rescued=reader.flag("rescued"),
            out=reader.seat_or_none("out", SEATS),
            blocked=reader.flag("blocked"),
            resigned=reader.seat_or_none("resigned", SEATS),
            moves=reader.number("moves", 0),
            laps=laps,
            turn=_optional_seat(reader, "turn"),
            claimed=_optional_seat(reader, "claimed"),
        )
        check_state(state)
        return state


GAME = Peanuts()
