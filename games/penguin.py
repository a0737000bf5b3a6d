"""Penguin, David Parlett's "beak and flipper" patience (RULES.md §4).

One player, all 52 cards face up. The first card dealt is the *beak*: it lies at the bottom of
column 1 and fixes the foundations' base rank. The deal (§4.1) fills 7 columns of 7 cards row by
row; the other three cards of the beak's rank go straight to their foundations as they turn up,
so the beak's suit is the only foundation that starts empty. Seven one-card cells form the
*flipper*.

Ranks are normalised (§4.2): ``n = (rank - beak rank) mod 13``, so the beak's rank is 0 and the
rank just below it is 12. Foundations build up in suit from n = 0 to 12; columns build down in
suit (n - 1 on n). Legal moves (§4.4):

1. a column top or cell card to its suit's foundation when it is the next card there (the
   beak's suit is started by the beak itself);
2. a same-suit tail of any length (partial tails too, independent of free cells, §4.8 A1/A2)
   from one column onto a column whose top is the same suit and one higher;
3. a tail headed by an n = 12 card into an empty column, unless it is the whole column;
4. a column top into the lowest-numbered empty cell (§4.8 A4);
5. a cell card onto a column (same rule as 2) or, when n = 12, into an empty column.

Never: anything off a foundation (A5), cell to cell, tails into cells, an n = 12 card onto the
beak's n = 0 (A3; other wraps such as K on A are ordinary when the beak is not an A).
:class:`Collect` sends every card that can go to the foundations, repeatedly (§4.5: every such
move is safe in Penguin). The game is won with 52 cards home and lost when no legal action is
left or the player resigns; the score is the number of cards on the foundations (§4.6). Undo is
allowed (A7).

Action codes: ``"c3>f"``, ``"k2>f"``, ``"c3>c5"``, ``"c3:4>c5"`` (a 4-card tail), ``"c3>k"``
(to the lowest empty cell), ``"k2>c5"``, ``"auto"`` (collect).
"""

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain
from typing import Any

from games.base import GAME_OVER, SCHEMA, EndReason, Event, Game, Outcome, Seat, Transition, check_seats
from games.cards import DECK, Card, Rank, Suit, shuffled
from games.errors import CorruptStateError, GameOverError, InvalidActionError, InvalidOptionError
from games.phrases import Phrase
from games.snapshot import Reader

COLUMNS = 7
ROWS = 7
CELLS = 7
TOP_N = 12
"""The normalised rank just below the beak: the last card of each foundation, the only one an empty column takes."""

Source = str
"""Where a moved card comes from: "c1".."c7" (column) or "k1".."k7" (flipper cell)."""

Dest = str
"""Where it goes: "f" (its suit's foundation), "c1".."c7" (column) or "k" (the lowest-numbered empty cell)."""

FOUNDATION: Dest = "f"
TO_CELL: Dest = "k"
COLLECT_CODE = "auto"
_MOVE_CODE = re.compile(r"([ck])([1-7])(?::([1-9][0-9]?))?>(f|k|c[1-7])")
MAX_TAIL = 13


@dataclass(frozen=True, slots=True)
class Move:
    """Move one card, or a same-suit tail of ``count`` cards (column to column only).

    ``card`` and ``to_empty`` only make the phrase readable; they are not part of the action's
    identity, so ``parse_action(move.code) == move`` for the moves ``legal_actions`` lists.
    """

    source: Source
    dest: Dest
    count: int = 1
    card: Card | None = field(default=None, compare=False)
    to_empty: bool = field(default=False, compare=False)

    @property
    def code(self) -> str:
        """``"c3>f"``, ``"k2>c5"``, ``"c3>k"``, ``"c3:4>c5"`` (the count only when above 1)."""
        count = f":{self.count}" if self.count != 1 else ""
        return f"{self.source}{count}>{self.dest}"

    @property
    def phrase(self) -> Phrase:
        """E.g. "5♠ → foundation", "7♥ + 3 → column 4", "Q♣ → empty column 2", "9♦ → cell": ``what`` moves
        (a card, a place, or either with the number of cards above it) ``where``."""
        what: Card | Phrase = self.card if self.card else place(self.source)
        if self.count > 1:
            what = Phrase.of("penguin.tail", what=what, more=self.count - 1)
        if self.dest == FOUNDATION:
            where = Phrase.of("penguin.to_foundation")
        elif self.dest == TO_CELL:
            where = Phrase.of("penguin.to_cell")
        else:
            key = "penguin.to_empty_column" if self.to_empty else "penguin.to_column"
            where = Phrase.of(key, column=int(self.dest[1:]))
        return Phrase.of("penguin.move", what=what, where=where)


@dataclass(frozen=True, slots=True)
class Collect:
    """Move every card that can go to the foundations, repeatedly."""

    @property
    def code(self) -> str:
        """Always ``"auto"``."""
        return COLLECT_CODE

    @property
    def phrase(self) -> Phrase:
        """Always "Collect to foundations"."""
        return Phrase.of("penguin.collect")


PenguinAction = Move | Collect


@dataclass(frozen=True, slots=True)
class PenguinState:
    """A Penguin position: columns bottom first, cells, foundations in suit order, bottom first."""

    beak: Card
    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...]
    foundations: tuple[tuple[Card, ...], ...]
    moves: int = 0
    resigned: bool = False


@dataclass(frozen=True, slots=True)
class PenguinView:
    """What the player sees: everything in Penguin is face up."""

    beak: Card
    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...]
    foundations: tuple[tuple[Card, ...], ...]
    moves: int
    score: int
    legal: tuple[PenguinAction, ...]
    outcome: Outcome | None


def normalised_rank(card: Card, beak: Card) -> int:
    """The card's rank counted up from the beak's rank (0..12, §4.2)."""
    return (card.rank - beak.rank) % 13


def score(state: PenguinState) -> int:
    """Cards on the foundations."""
    return sum(len(pile) for pile in state.foundations)


def deal(deck: Sequence[Card]) -> PenguinState:
    """Lay out ``deck`` (top first) in RULES.md §4.1's canonical order."""
    beak = deck[0]
    foundations: list[list[Card]] = [[] for _ in Suit]
    layout = [beak]
    for card in deck[1:]:
        if card.rank == beak.rank:
            foundations[card.suit].append(card)
        else:
            layout.append(card)
    columns = tuple(tuple(layout[row * COLUMNS + column] for row in range(ROWS)) for column in range(COLUMNS))
    return PenguinState(beak, columns, (None,) * CELLS, tuple(tuple(pile) for pile in foundations))


def place(where: str) -> Phrase:
    """A column or a cell by its code: "column 3", "cell 2"."""
    key = "penguin.column" if where[0] == "c" else "penguin.cell"
    return Phrase.of(key, number=int(where[1:]))


def _index(place: str) -> int:
    return int(place[1:]) - 1


def _source_card(state: PenguinState, source: Source) -> Card | None:
    if source[0] == "c":
        column = state.columns[_index(source)]
        return column[-1] if column else None
    return state.cells[_index(source)]


def _goes_home(state: PenguinState, card: Card) -> bool:
    pile = state.foundations[card.suit]
    if not pile:
        return card == state.beak
    return normalised_rank(card, state.beak) == normalised_rank(pile[-1], state.beak) + 1


def _builds_on(state: PenguinState, card: Card, target: Card) -> bool:
    """Whether ``card`` may lie on ``target`` in a column (n - 1 on n; nothing goes on n = 0)."""
    return card.suit == target.suit and normalised_rank(card, state.beak) + 1 == normalised_rank(target, state.beak)


def tail_length(state: PenguinState, column: tuple[Card, ...]) -> int:
    """How many cards at the top of ``column`` form a same-suit run that may move together."""
    length = 1 if column else 0
    while length < len(column) and _builds_on(state, column[-length], column[-length - 1]):
        length += 1
    return length


def _home_moves(state: PenguinState) -> Iterator[Move]:
    for index, column in enumerate(state.columns):
        if column and _goes_home(state, column[-1]):
            yield Move(f"c{index + 1}", FOUNDATION, card=column[-1])
    for index, card in enumerate(state.cells):
        if card is not None and _goes_home(state, card):
            yield Move(f"k{index + 1}", FOUNDATION, card=card)


def _column_moves(state: PenguinState) -> Iterator[Move]:
    beak = state.beak
    has_free_cell = None in state.cells
    for index, column in enumerate(state.columns):
        if not column:
            continue
        source = f"c{index + 1}"
        run = tail_length(state, column)
        top_n = normalised_rank(column[-1], beak)
        for target_index, target in enumerate(state.columns):
            if target_index == index:
                continue
            dest = f"c{target_index + 1}"
            if target:
                count = normalised_rank(target[-1], beak) - top_n
                if 1 <= count <= run and column[-count].suit == target[-1].suit:
                    yield Move(source, dest, count, card=column[-count])
            else:
                count = TOP_N - top_n + 1
                if count <= run and count < len(column):
                    yield Move(source, dest, count, card=column[-count], to_empty=True)
        if has_free_cell:
            yield Move(source, TO_CELL, card=column[-1])


def _cell_moves(state: PenguinState) -> Iterator[Move]:
    for index, card in enumerate(state.cells):
        if card is None:
            continue
        is_top = normalised_rank(card, state.beak) == TOP_N
        for target_index, target in enumerate(state.columns):
            dest = f"c{target_index + 1}"
            if target and _builds_on(state, card, target[-1]):
                yield Move(f"k{index + 1}", dest, card=card)
            elif not target and is_top:
                yield Move(f"k{index + 1}", dest, card=card, to_empty=True)


def legal_moves(state: PenguinState) -> tuple[PenguinAction, ...]:
    """Every legal action of a running game: Collect, then moves home, from columns, from cells."""
    home = tuple(_home_moves(state))
    collect: tuple[PenguinAction, ...] = (Collect(),) if home else ()
    return collect + home + tuple(_column_moves(state)) + tuple(_cell_moves(state))


def _has_move(state: PenguinState) -> bool:
    if None in state.cells and any(state.columns):
        return True
    return any(True for _ in chain(_home_moves(state), _column_moves(state), _cell_moves(state)))


def _take(state: PenguinState, source: Source, count: int) -> tuple[PenguinState, tuple[Card, ...]]:
    """Remove the top ``count`` cards of ``source``; returns the new state and the cards, bottom first."""
    index = _index(source)
    if source[0] == "c":
        column = state.columns[index]
        columns = state.columns[:index] + (column[:-count],) + state.columns[index + 1 :]
        return replace(state, columns=columns), column[-count:]
    card = state.cells[index]
    assert card is not None
    return replace(state, cells=state.cells[:index] + (None,) + state.cells[index + 1 :]), (card,)


def _put(state: PenguinState, dest: Dest, cards: tuple[Card, ...]) -> PenguinState:
    if dest == FOUNDATION:
        (card,) = cards
        suit = card.suit
        foundations = state.foundations[:suit] + (state.foundations[suit] + cards,) + state.foundations[suit + 1 :]
        return replace(state, foundations=foundations)
    if dest == TO_CELL:
        (card,) = cards
        index = state.cells.index(None)
        return replace(state, cells=state.cells[:index] + (card,) + state.cells[index + 1 :])
    index = _index(dest)
    columns = state.columns[:index] + (state.columns[index] + cards,) + state.columns[index + 1 :]
    return replace(state, columns=columns)


def apply_move(state: PenguinState, move: Move) -> PenguinState:
    """Carry out a move already known to be legal (no checks; the move count is not touched)."""
    state, cards = _take(state, move.source, move.count)
    return _put(state, move.dest, cards)


def collect(state: PenguinState) -> tuple[PenguinState, int]:
    """Send cards to the foundations until none can go; returns the new state and how many went."""
    sent = 0
    while (move := next(_home_moves(state), None)) is not None:
        state = apply_move(state, move)
        sent += 1
    return state, sent


def _move_event(state: PenguinState, move: Move) -> Event:
    card = _source_card(state, move.source)
    assert card is not None
    if move.dest == FOUNDATION:
        return Event(Phrase.of("penguin.went_home", card=card))
    if move.dest == TO_CELL:
        return Event(Phrase.of("penguin.went_to_cell", card=card, cell=state.cells.index(None) + 1))
    column = int(move.dest[1:])
    empty = not state.columns[_index(move.dest)]
    if move.source[0] == "k":
        key = "penguin.moved_from_cell.to_empty" if empty else "penguin.moved_from_cell"
        return Event(Phrase.of(key, card=card, cell=int(move.source[1:]), column=column))
    base = state.columns[_index(move.source)][-move.count]
    if move.count > 1:
        key = "penguin.moved_tail.to_empty" if empty else "penguin.moved_tail"
        return Event(Phrase.of(key, card=base, count=move.count - 1, column=column))
    return Event(Phrase.of("penguin.moved.to_empty" if empty else "penguin.moved", card=base, column=column))


def _parse_move(code: str) -> Move:
    match = _MOVE_CODE.fullmatch(code)
    if match is None:
        raise InvalidActionError(Phrase.of("penguin.bad_code", code=code))
    kind, number, count_text, dest = match.groups()
    source = kind + number
    count = int(count_text) if count_text else 1
    if count_text is not None and not 2 <= count <= MAX_TAIL:
        raise InvalidActionError(Phrase.of("penguin.bad_tail", code=code, most=MAX_TAIL))
    if count > 1 and not (kind == "c" and dest[0] == "c"):
        raise InvalidActionError(Phrase.of("penguin.tail_not_between_columns", code=code))
    if kind == "k" and dest == TO_CELL:
        raise InvalidActionError(Phrase.of("penguin.cell_to_cell", code=code))
    if dest == source:
        raise InvalidActionError(Phrase.of("penguin.onto_own_column", code=code))
    return Move(source, dest, count)


def _explain_move(state: PenguinState, move: Move) -> Phrase:
    try:
        well_formed = _parse_move(move.code) == move
    except InvalidActionError:
        well_formed = False
    if not well_formed:
        return Phrase.of("penguin.not_a_move", code=move.code)
    card = _source_card(state, move.source)
    if card is None:
        key = "penguin.column_empty" if move.source[0] == "c" else "penguin.cell_empty"
        return Phrase.of(key, number=int(move.source[1:]))
    beak = state.beak
    if move.dest == FOUNDATION:
        pile = state.foundations[card.suit]
        if not pile:
            return Phrase.of("penguin.only_beak_starts", beak=beak, suit=card.suit.symbol)
        wanted = Card(Rank(pile[-1].rank % 13 + 1), card.suit)
        return Phrase.of("penguin.not_home_yet", card=card, suit=card.suit.symbol, wanted=wanted)
    if move.dest == TO_CELL:
        return Phrase.of("penguin.flipper_full")
    column = state.columns[_index(move.source)] if move.source[0] == "c" else (card,)
    if move.count > len(column):
        return Phrase.of("penguin.column_short", column=int(move.source[1:]), count=len(column))
    if move.count > tail_length(state, column):
        return Phrase.of("penguin.not_a_sequence", top=move.count, column=int(move.source[1:]))
    base = column[-move.count]
    target = state.columns[_index(move.dest)]
    if not target:
        if normalised_rank(base, beak) != TOP_N:
            return Phrase.of("penguin.empty_column_rank", rank=Rank((beak.rank - 2) % 13 + 1))
        return Phrase.of("penguin.whole_column", column=int(move.source[1:]))
    if target[-1] == beak and normalised_rank(base, beak) == TOP_N and base.suit == beak.suit:
        return Phrase.of("penguin.not_on_beak", card=base, beak=beak)
    return Phrase.of("penguin.does_not_go_on", card=base, top=target[-1])


def _check_state(state: PenguinState) -> None:
    """Raise CorruptStateError unless ``state`` obeys RULES.md §6.1."""
    cards = [card for column in state.columns for card in column]
    cards += [card for card in state.cells if card is not None]
    cards += [card for pile in state.foundations for card in pile]
    if len(cards) != 52 or set(cards) != set(DECK) or state.beak not in DECK:
        raise CorruptStateError("Penguin snapshot does not hold each of the 52 cards exactly once.")
    for suit, pile in zip(Suit, state.foundations):
        if suit != state.beak.suit and not pile:
            raise CorruptStateError(f"Penguin snapshot: the {suit.symbol} foundation lost its base card.")
        for height, card in enumerate(pile):
            if card.suit != suit or normalised_rank(card, state.beak) != height:
                raise CorruptStateError(f"Penguin snapshot: the {suit.symbol} foundation is out of order.")


class Penguin(Game[PenguinState]):
    """Penguin patience for one player (RULES.md §4)."""

    key = "penguin"
    title = "Penguin"
    min_seats = 1
    max_seats = 1
    options = ()

    def new_state(
        self, options: Mapping[str, Any] | None, seats: int, seed: int, deck: Sequence[Card] | None = None
    ) -> PenguinState:
        """Deal a game from ``seed``, or from ``deck`` (top first) when given. Raises InvalidOptionError."""
        self.resolve_options(options)
        check_seats(self, seats)
        if deck is None:
            return deal(shuffled(DECK, seed))
        cards = tuple(deck)
        if len(cards) != 52 or set(cards) != set(DECK):
            raise InvalidOptionError(Phrase.of("deck.one_deck", title=self.title))
        return deal(cards)

    def current_seat(self, state: PenguinState) -> Seat | None:
        """Seat 0 while the game runs."""
        return None if self.outcome(state) is not None else 0

    def legal_actions(self, state: PenguinState, seat: Seat) -> tuple[PenguinAction, ...]:
        """Collect (when something can go home), then moves home, from columns, from cells."""
        if seat != 0 or state.resigned or score(state) == 52:
            return ()
        return legal_moves(state)

    def _apply(self, state: PenguinState, seat: Seat, action: PenguinAction) -> Transition[PenguinState]:
        if isinstance(action, Collect):
            after, sent = collect(state)
            events = [Event(Phrase.of("penguin.collected", count=sent))]
        else:
            events = [_move_event(state, action)]
            after = apply_move(state, action)
        after = replace(after, moves=state.moves + 1)
        end = self.outcome(after)
        if end is not None:
            assert end.summary is not None
            events.append(Event(end.summary))
        return Transition(after, tuple(events))

    def explain_illegal(self, state: PenguinState, seat: Seat, action: Any) -> Phrase:
        """Why ``action`` is refused, as precisely as the position allows."""
        if isinstance(action, Collect):
            return Phrase.of("penguin.nothing_to_collect")
        if isinstance(action, Move):
            return _explain_move(state, action)
        return Phrase.of("penguin.not_a_penguin_move")

    def view_for(self, state: PenguinState, viewer: Seat | None) -> PenguinView:
        """The whole table (nothing is hidden), with the legal actions for seat 0."""
        return PenguinView(
            beak=state.beak,
            columns=state.columns,
            cells=state.cells,
            foundations=state.foundations,
            moves=state.moves,
            score=score(state),
            legal=self.legal_actions(state, viewer) if viewer is not None else (),
            outcome=self.outcome(state),
        )

    def progress(self, state: PenguinState) -> int:
        """Cards on the foundations."""
        return score(state)

    def outcome(self, state: PenguinState) -> Outcome | None:
        """Won at 52 cards home; lost when resigned or no legal action is left."""
        home = score(state)
        if state.resigned:
            return Outcome((home,), (), EndReason.RESIGNED, Phrase.of("penguin.resigned", count=home))
        if home == 52:
            return Outcome((52,), (0,), EndReason.COMPLETED, Phrase.of("patience.solved"))
        if not _has_move(state):
            return Outcome((home,), (), EndReason.COMPLETED, Phrase.of("penguin.stuck", count=home))
        return None

    def resign(self, state: PenguinState, seat: Seat) -> Transition[PenguinState]:
        """Give up. Raises GameOverError when the game is already over."""
        if self.outcome(state) is not None:
            raise GameOverError(GAME_OVER)
        after = replace(state, resigned=True)
        return Transition(after, (Event(Phrase.of("penguin.resigned", count=score(after))),))

    def allows_undo(self, options: Mapping[str, Any]) -> bool:
        """Always: Penguin is a perfect-information puzzle (§4.8 A7)."""
        return True

    def parse_action(self, code: str) -> PenguinAction:
        """Parse ``"auto"`` or a move code such as ``"c3:4>c5"``. Raises InvalidActionError."""
        if not isinstance(code, str):
            raise InvalidActionError(Phrase.of("penguin.not_a_move", code=str(code)))
        if code == COLLECT_CODE:
            return Collect()
        return _parse_move(code)

    def to_dict(self, state: PenguinState) -> dict[str, Any]:
        """A JSON-ready snapshot; cards as idents, bottom first."""
        return {
            "schema": SCHEMA,
            "game": self.key,
            "beak": state.beak.ident,
            "columns": [[card.ident for card in column] for column in state.columns],
            "cells": [card.ident if card else None for card in state.cells],
            "foundations": [[card.ident for card in pile] for pile in state.foundations],
            "moves": state.moves,
            "resigned": state.resigned,
        }

    def from_dict(self, data: Mapping[str, Any]) -> PenguinState:
        """Load a snapshot. Raises CorruptStateError when it does not validate."""
        self.check_header(data)
        reader = Reader(data, self.title)
        state = PenguinState(
            beak=reader.card("beak"),
            columns=reader.piles("columns", COLUMNS),
            cells=reader.cards("cells", CELLS, holes=True),
            foundations=reader.piles("foundations", len(Suit)),
            moves=reader.number("moves", 0),
            resigned=reader.flag("resigned"),
        )
        _check_state(state)
        return state


GAME = Penguin()
