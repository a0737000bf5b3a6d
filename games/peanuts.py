"""Peanuts, two-player racing double solitaire (RULES.md §1, real-time play §7.1).

Each player has a deck of their own (seat 0 plays deck 0, seat 1 deck 1, so every card carries
its owner) and lays out 7 face-up tableau columns, a 21-card *peanut pile* whose top card is face
up, and a 24-card stock (§1.1). Both players act whenever they like: ``current_seat`` is always
``None``. The shared middle holds up to 8 *building piles*, one per ace, built up in suit.

Legal moves of a player (§1.3): the top card of the peanut pile, the waste or a column to a
building pile whose top is the same suit and one rank lower, or an ace to a new pile; the peanut
top or waste top onto one of the player's own columns (one rank lower, opposite colour, §1.8
A4/A5); any alternating descending tail onto another own column (A2); turning up to three stock
cards; turning the waste over when the stock is empty (unlimited, A7); saying "stuck". An emptied
column is refilled at once by the peanut top and by nothing else (§1.4, A3). The deal ends the
moment a peanut pile is empty ("Peanuts!", A8), or when both players are *blocked* (§1.5, A9):
with the building piles frozen, no sequence of the player's own moves reaches a building play or
an empty peanut pile. That exact check (:func:`search`, over every reachable position, with a
state cap, §7.1) runs after every recycle and when both players have said "stuck"; a player who still has a
play gets the flag back. With the ``nerts_rescue`` option the first stall is broken instead (A9
(c)): every player turns the waste under the stock and moves the top stock card to the bottom.
A second stall in a row, with no building play in between, ends the deal.

Score (§1.6): own cards in the building piles minus cards left in the own peanut pile. High score
wins; a tie goes to the player who emptied the peanut pile, else it is a draw (A10).

Actions name the card they move and the top card they expect at the target (§7.1), so a click
made on a stale view is refused ("pile moved on") rather than landing elsewhere. Codes:
``"p.5H>b3.4H1"`` (peanut top 5♥ onto pile 3, which shows 4♥ of deck 1), ``"w.AS1>b+"`` (an
ace to a new pile), ``"c2.9H>c5.TS"`` (the tail of column 2 from 9♥ onto column 5 showing 10♠),
``"t"`` (turn the stock), ``"r"`` (turn the waste over), ``"stuck"``, ``"unstuck"``.

Piles are stored bottom first: the last card of a column, the peanut pile, the stock or the
waste is its top. Building piles are numbered from 1 in order of creation.
"""

import heapq
import re
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, NamedTuple

from games.base import SCHEMA, EndReason, Event, Game, Option, Outcome, Seat, Transition, check_seats
from games.cards import Card, Rank, shuffled, standard_deck
from games.errors import CorruptStateError, GameOverError, InvalidActionError, InvalidCardError, InvalidOptionError

SEATS = 2
COLUMNS = 7
PEANUT_SIZE = 21
STOCK_SIZE = 24
DECK_SIZE = 52
MAX_PILES = 8
TURN_SIZE = 3
SEARCH_CAP = 50_000
"""Visited-state cap of the blocked check; hitting it counts as "not blocked" (§1.8 A9)."""

PEANUT = "p"
WASTE = "w"
NEW_PILE = "b+"
TURN_CODE = "t"
RECYCLE_CODE = "r"
STUCK_CODE = "stuck"
UNSTUCK_CODE = "unstuck"

_CARD = r"([A2-9TJQK][CDHS][0-9]?)"
_MOVE_CODE = re.compile(rf"(p|w|c[1-7])\.{_CARD}>(?:(b\+)|([bc][1-8])\.{_CARD})")


@dataclass(frozen=True, slots=True)
class Move:
    """Move ``card`` (with the cards above it, from a column) from ``source`` to ``dest``.

    ``source`` is ``"p"`` (peanut top), ``"w"`` (waste top) or ``"c1"``..``"c7"``; ``dest`` is
    ``"c1"``..``"c7"`` (an own column), ``"b1"``..``"b8"`` (a building pile) or ``"b+"`` (a new
    pile, aces only). ``top`` is the card the player expects on top of ``dest`` (None for a new
    pile); the move is refused when the target shows anything else.
    """

    source: str
    card: Card
    dest: str
    top: Card | None = None

    @property
    def code(self) -> str:
        """E.g. ``"c2.9H>c5.TS"``, ``"p.5H>b3.4H1"``, ``"w.AS1>b+"``."""
        target = self.dest if self.top is None else f"{self.dest}.{self.top.ident}"
        return f"{self.source}.{self.card.ident}>{target}"

    @property
    def label(self) -> str:
        """E.g. "5♥ → pile 3", "A♠ → new pile", "9♥ → column 5"."""
        if self.dest == NEW_PILE:
            where = "new pile"
        elif self.dest[0] == "b":
            where = f"pile {self.dest[1:]}"
        else:
            where = f"column {self.dest[1:]}"
        return f"{self.card.label} \u2192 {where}"


@dataclass(frozen=True, slots=True)
class Turn:
    """Turn up to three stock cards onto the waste."""

    @property
    def code(self) -> str:
        return TURN_CODE

    @property
    def label(self) -> str:
        return "Turn the stock"


@dataclass(frozen=True, slots=True)
class Recycle:
    """Turn the waste over as the new stock (stock empty only)."""

    @property
    def code(self) -> str:
        return RECYCLE_CODE

    @property
    def label(self) -> str:
        return "Turn the waste over"


@dataclass(frozen=True, slots=True)
class Stuck:
    """Say "stuck" (``on``) or take it back."""

    on: bool = True

    @property
    def code(self) -> str:
        return STUCK_CODE if self.on else UNSTUCK_CODE

    @property
    def label(self) -> str:
        return "I'm stuck" if self.on else "Not stuck any more"


PeanutsAction = Move | Turn | Recycle | Stuck
TURN = Turn()
RECYCLE = Recycle()


@dataclass(frozen=True, slots=True)
class Layout:
    """One player's own cards (bottom first) and "stuck" flag.

    ``fan`` is how many cards of the last stock turn still lie on top of the waste: they are
    fanned and public (§1.2). The waste top is always visible, so ``max(fan, 1)`` waste cards
    show; the rest of the waste is covered.
    """

    tableau: tuple[tuple[Card, ...], ...]
    peanut: tuple[Card, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...] = ()
    fan: int = 0
    stuck: bool = False


@dataclass(frozen=True, slots=True)
class PeanutsState:
    """A deal in progress or ended.

    ``out`` is the seat that emptied its peanut pile, ``blocked`` tells that both players were
    blocked, ``resigned`` the seat that gave up. ``rescued`` is set by a Nerts rescue and cleared
    by the next building play.
    """

    players: tuple[Layout, ...]
    piles: tuple[tuple[Card, ...], ...] = ()
    nerts_rescue: bool = False
    rescued: bool = False
    out: Seat | None = None
    blocked: bool = False
    resigned: Seat | None = None
    moves: int = 0


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


class Search(NamedTuple):
    """The answer of the blocked check for one player.

    ``line`` is a line of own moves that leads to a building play or an empty peanut pile
    (empty when one is possible already, when blocked, or when the cap was hit); ``capped``
    tells the cap was hit, which counts as not blocked.
    """

    blocked: bool
    visited: int
    line: tuple[PeanutsAction, ...] = ()
    capped: bool = False

    @property
    def first(self) -> PeanutsAction | None:
        """The first move of ``line``, if any."""
        return self.line[0] if self.line else None


def _deal_one(cards: Sequence[Card]) -> Layout:
    """§1.1 canonical order: d[4i] to column i+1, d[4i+1..4i+3] to the peanut pile, the rest is the stock."""
    tableau = tuple((cards[4 * column],) for column in range(COLUMNS))
    peanut = tuple(cards[4 * column + k] for column in range(COLUMNS) for k in (1, 2, 3))
    stock = tuple(reversed(cards[4 * COLUMNS :]))
    return Layout(tableau, peanut, stock)


def deal(cards: Sequence[Card], nerts_rescue: bool = False) -> PeanutsState:
    """Lay out the two decks (104 cards, deck 0 then deck 1, each top first)."""
    players = tuple(_deal_one(cards[seat * DECK_SIZE : (seat + 1) * DECK_SIZE]) for seat in range(SEATS))
    return PeanutsState(players, nerts_rescue=nerts_rescue)


def score(state: PeanutsState, seat: Seat) -> int:
    """Own cards in the building piles minus cards left in the own peanut pile (§1.6)."""
    played = sum(1 for pile in state.piles for card in pile if card.deck == seat)
    return played - len(state.players[seat].peanut)


def is_over(state: PeanutsState) -> bool:
    return state.out is not None or state.blocked or state.resigned is not None


def _player_name(seat: Seat) -> str:
    return f"Player {seat + 1}"


def _on_column(card: Card, top: Card) -> bool:
    """Tableau building: one rank lower, opposite colour (J♠ on Q♥, not on Q♠)."""
    return top.rank == card.rank + 1 and top.is_red != card.is_red


def run_length(column: tuple[Card, ...]) -> int:
    """How many cards at the top of ``column`` form an alternating descending run."""
    length = 1 if column else 0
    while length < len(column) and _on_column(column[-length], column[-length - 1]):
        length += 1
    return length


def _wanted(piles: tuple[tuple[Card, ...], ...]) -> frozenset[tuple[int, int]]:
    """(suit, rank) of every card some building pile takes next; aces always go (new pile)."""
    return frozenset((pile[-1].suit, pile[-1].rank + 1) for pile in piles if pile[-1].rank < Rank.KING)


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


def _column_moves(layout: Layout) -> Iterator[Move]:
    """Moves 2–4 of §1.3: peanut top, waste top and tails onto own columns."""
    tableau = layout.tableau
    for source, pile in ((PEANUT, layout.peanut), (WASTE, layout.waste)):
        if pile:
            for index, column in enumerate(tableau):
                if column and _on_column(pile[-1], column[-1]):
                    yield Move(source, pile[-1], f"c{index + 1}", column[-1])
    for index, column in enumerate(tableau):
        if not column:
            continue
        run = run_length(column)
        for target_index, target in enumerate(tableau):
            if target_index == index or not target:
                continue
            count = target[-1].rank - column[-1].rank
            if 1 <= count <= run and column[-count].is_red != target[-1].is_red:
                yield Move(f"c{index + 1}", column[-count], f"c{target_index + 1}", target[-1])


def own_moves(layout: Layout) -> Iterator[PeanutsAction]:
    """Moves 2–6 of §1.3 (everything but building plays and "stuck")."""
    yield from _column_moves(layout)
    if layout.stock:
        yield Turn()
    elif layout.waste:
        yield Recycle()


def _take(layout: Layout, move: Move) -> tuple[Layout, tuple[Card, ...]]:
    """Remove the moved cards from ``move.source``; returns them bottom first."""
    if move.source == PEANUT:
        return replace(layout, peanut=layout.peanut[:-1]), layout.peanut[-1:]
    if move.source == WASTE:
        return replace(layout, waste=layout.waste[:-1], fan=max(layout.fan - 1, 0)), layout.waste[-1:]
    index = int(move.source[1:]) - 1
    column = layout.tableau[index]
    count = len(column) - column.index(move.card)
    tableau = layout.tableau[:index] + (column[:-count],) + layout.tableau[index + 1 :]
    return replace(layout, tableau=tableau), column[-count:]


def _fill(layout: Layout) -> tuple[Layout, tuple[tuple[int, Card], ...]]:
    """Refill empty columns from the peanut pile (§1.4, A3); returns the fills made."""
    tableau = list(layout.tableau)
    peanut = layout.peanut
    fills = []
    for index, column in enumerate(tableau):
        if not column and peanut:
            tableau[index] = peanut[-1:]
            fills.append((index, peanut[-1]))
            peanut = peanut[:-1]
    if not fills:
        return layout, ()
    return replace(layout, tableau=tuple(tableau), peanut=peanut), tuple(fills)


def _shift(layout: Layout, move: Move) -> tuple[Layout, tuple[tuple[int, Card], ...]]:
    """Carry out a legal move onto an own column, then the automatic fill."""
    layout, cards = _take(layout, move)
    index = int(move.dest[1:]) - 1
    tableau = layout.tableau[:index] + (layout.tableau[index] + cards,) + layout.tableau[index + 1 :]
    return _fill(replace(layout, tableau=tableau))


def turn_stock(layout: Layout) -> Layout:
    """Move min(3, stock) cards one by one from the stock onto the waste (§1.3 move 5)."""
    count = min(TURN_SIZE, len(layout.stock))
    turned = tuple(reversed(layout.stock[-count:]))
    return replace(layout, stock=layout.stock[:-count], waste=layout.waste + turned, fan=count)


def recycle(layout: Layout) -> Layout:
    """Turn the waste over as the new stock, the first card turned on top again (§1.3 move 6)."""
    return replace(layout, stock=tuple(reversed(layout.waste)), waste=(), fan=0)


def rescue(layout: Layout) -> Layout:
    """Nerts rescue (§1.8 A9 (c)): the waste goes under the stock, then the top stock card to the bottom.

    The stock keeps the order in which its cards would have come up: the rest of the stock
    first, then the waste from its first-turned card.
    """
    coming = tuple(reversed(layout.stock)) + layout.waste
    coming = coming[1:] + coming[:1]
    return replace(layout, stock=tuple(reversed(coming)), waste=(), fan=0)


def step(layout: Layout, action: PeanutsAction) -> Layout:
    """Carry out an own move (moves 2–6, the fill included) on a layout; no checks."""
    if isinstance(action, Turn):
        return turn_stock(layout)
    if isinstance(action, Recycle):
        return recycle(layout)
    assert isinstance(action, Move)
    return _shift(layout, action)[0]


# The blocked check works on a compact copy of one player's cards: a card is the integer
# suit * 13 + rank - 1 (the deck does not matter, all cards are the player's own), a pile is
# ``bytes`` bottom first, and a node is (tableau, peanut count, stock, waste); the peanut pile
# itself never changes order, so its count is enough. Columns are interchangeable for the
# question asked, so a node keeps its columns sorted and column orders count once.

Node = tuple[tuple[bytes, ...], int, bytes, bytes]

_RANK = bytes(code % 13 + 1 for code in range(52))
_ON = bytes(
    int(_RANK[upper] == _RANK[lower] + 1 and (upper // 13 in (1, 2)) != (lower // 13 in (1, 2)))
    for lower in range(52)
    for upper in range(52)
)
"""``_ON[card * 52 + top]`` is 1 when ``card`` may lie on ``top`` in a column."""
_UNDER = tuple(tuple(card for card in range(52) if _ON[card * 52 + top]) for top in range(52))
"""The two cards that may lie on each card."""
_OVER = tuple(tuple(top for top in range(52) if _ON[card * 52 + top]) for card in range(52))
"""The two cards each card may lie on."""


def _compact_card(card: Card) -> int:
    return card.suit * 13 + card.rank - 1


def _compact_pile(cards: tuple[Card, ...]) -> bytes:
    return bytes(_compact_card(card) for card in cards)


def _node(layout: Layout) -> Node:
    tableau = tuple(sorted(_compact_pile(column) for column in layout.tableau))
    return tableau, len(layout.peanut), _compact_pile(layout.stock), _compact_pile(layout.waste)


def _goal(node: Node, peanut: bytes, goal: bytes) -> bool:
    """Whether some source top may go to a building pile, or the peanut pile is empty."""
    tableau, count, _, waste = node
    if not count or goal[peanut[count - 1]] or (waste and goal[waste[-1]]):
        return True
    return any(goal[column[-1]] for column in tableau)


def _next_nodes(node: Node, peanut: bytes) -> list[Node]:
    """Moves 2–6 of §1.3 with the automatic fill, on a compact node whose columns are not empty."""
    tableau, count, stock, waste = node
    on = _ON
    where = {column[-1]: index for index, column in enumerate(tableau)}
    nodes = []
    for single, after_count, after_waste in (
        (peanut[count - 1 : count], count - 1, waste),
        (waste[-1:], count, waste[:-1]),
    ):
        if single:
            for top in _OVER[single[0]]:
                index = where.get(top)
                if index is not None:
                    after = list(tableau)
                    after[index] += single
                    after.sort()
                    nodes.append((tuple(after), after_count, stock, after_waste))
    tails = {}
    for index, column in enumerate(tableau):
        run, length = 1, len(column)
        tails[column[-1]] = index, 1
        while run < length and on[column[-run] * 52 + column[-run - 1]]:
            run += 1
            tails[column[-run]] = index, run
    for target, column in enumerate(tableau):
        for base in _UNDER[column[-1]]:
            hit = tails.get(base)
            if hit is None or hit[0] == target:
                continue
            index, moved = hit
            source = tableau[index]
            rest, after_count = source[:-moved], count
            if not rest and after_count:
                rest, after_count = peanut[after_count - 1 : after_count], after_count - 1
            after = list(tableau)
            after[index], after[target] = rest, column + source[-moved:]
            after.sort()
            nodes.append((tuple(after), after_count, stock, waste))
    if stock:
        turned = min(TURN_SIZE, len(stock))
        nodes.append((tableau, count, stock[:-turned], waste + stock[-turned:][::-1]))
    elif waste:
        nodes.append((tableau, count, waste[::-1], b""))
    return nodes


def _turning_line(start: Node, peanut: bytes, goal: bytes) -> list[Node] | None:
    """The quick first try: does going round the stock, with nothing else moved, reach a building play?

    Returns the nodes passed, ``start`` first. The walk turns the rest of the stock, turns the
    waste over once and goes through the whole stock again: from then on turning alone repeats
    the same groups (the waste keeps the order the stock had), so it stops there.
    """
    nodes, recycled = [start], False
    while True:
        tableau, count, stock, waste = nodes[-1]
        if stock:
            turned = min(TURN_SIZE, len(stock))
            nodes.append((tableau, count, stock[:-turned], waste + stock[-turned:][::-1]))
        elif waste and not recycled:
            nodes.append((tableau, count, waste[::-1], b""))
            recycled = True
        else:
            return None
        if _goal(nodes[-1], peanut, goal):
            return nodes


def _line(root: Layout, nodes: Sequence[Node]) -> tuple[PeanutsAction, ...]:
    """The engine actions that take ``root`` through ``nodes`` (``nodes[0]`` is ``root``'s node)."""
    line = []
    layout = root
    for node in nodes[1:]:
        for action in own_moves(layout):
            after = step(layout, action)
            if _node(after) == node:
                line.append(action)
                layout = after
                break
    return tuple(line)


def search(layout: Layout, piles: tuple[tuple[Card, ...], ...], cap: int = SEARCH_CAP) -> Search:
    """The blocked check of §1.5 / §7.1 for one player, building piles frozen.

    Visits the player's own positions (tableau, peanut pile, stock, waste) reachable with moves
    2–6 and the automatic fill, after a quick try of turning the stock alone. Not blocked as soon
    as a position lets a source top go to a building pile (or start one) or has an empty peanut
    pile; blocked when every reachable position has been seen. Positions with fewer peanut cards
    are expanded first (then in the order found): lines that dig into the peanut pile are the
    long ones, and a plain breadth-first order needed tens of thousands of positions for some of
    them (and stopped at the cap) where this order needs about a thousand. Results are cached
    (the search is a pure function).
    """
    return _search(replace(layout, fan=0, stuck=False), _wanted(piles), cap)


@lru_cache(maxsize=4096)
def _search(root: Layout, wanted: frozenset[tuple[int, int]], cap: int) -> Search:
    goal = bytes(int(_RANK[code] == Rank.ACE or (code // 13, _RANK[code]) in wanted) for code in range(52))
    peanut = _compact_pile(root.peanut)
    start = _node(root)
    if _goal(start, peanut, goal):
        return Search(False, 1)
    reached = _REACHED.get((start, peanut))
    if reached is not None and reached[1] <= cap and not any(goal[card] for card in reached[0]):
        return Search(True, reached[1])
    quick = _turning_line(start, peanut, goal)
    if quick is not None:
        return Search(False, len(quick), _line(root, quick))
    parents: dict[Node, Node | None] = {start: None}
    queue = [(start[1], 0, start)]
    while queue:
        node = heapq.heappop(queue)[2]
        for after in _next_nodes(node, peanut):
            if after in parents:
                continue
            parents[after] = node
            if _goal(after, peanut, goal):
                path = [after]
                while (parent := parents[path[-1]]) is not None:
                    path.append(parent)
                return Search(False, len(parents), _line(root, path[::-1]))
            if len(parents) >= cap:
                return Search(False, len(parents), (), True)
            heapq.heappush(queue, (after[1], len(parents), after))
    _remember(start, peanut, parents)
    return Search(True, len(parents))


_REACHED: dict[tuple[Node, bytes], tuple[frozenset[int], int]] = {}
"""Memo of complete searches: every top card a start node can ever show, and how many nodes it reaches.

The positions a player can reach do not depend on the building piles, so after another play
to the middle a blocked player needs no new search unless one of those cards is now wanted.
"""
_REACHED_LIMIT = 4096


def _remember(start: Node, peanut: bytes, seen: Collection[Node]) -> None:
    tops: set[int] = set()
    for tableau, count, _, waste in seen:
        tops.update(column[-1] for column in tableau)
        tops.add(peanut[count - 1])
        if waste:
            tops.add(waste[-1])
    if len(_REACHED) >= _REACHED_LIMIT:
        _REACHED.clear()
    _REACHED[start, peanut] = frozenset(tops), len(seen)


def legal_moves(state: PeanutsState, seat: Seat) -> tuple[PeanutsAction, ...]:
    """Building plays, column moves, turn or recycle, then the stuck toggle, for a running deal."""
    layout = state.players[seat]
    actions: list[PeanutsAction] = list(_build_moves(layout, state.piles))
    actions += own_moves(layout)
    actions.append(Stuck(not layout.stuck))
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
        raise InvalidActionError(f"{code!r} names a card that does not exist.") from error
    if card.deck >= SEATS:
        raise InvalidActionError(f"{code!r}: Peanuts has only decks 0 and 1.")
    return card


def _parse_move(code: str) -> Move:
    match = _MOVE_CODE.fullmatch(code)
    if match is None:
        raise InvalidActionError(
            f"{code!r} is not a Peanuts move (try codes like 'p.5H>b3.4H', 'w.AS1>b+', 'c2.9H>c5.TS', 't')."
        )
    source, card_text, new_pile, dest, top_text = match.groups()
    card = _parse_card(card_text, code)
    if new_pile:
        if card.rank != Rank.ACE:
            raise InvalidActionError(f"{code!r}: only an ace starts a new pile.")
        return Move(source, card, NEW_PILE)
    if dest == source:
        raise InvalidActionError(f"{code!r}: a card cannot move onto its own column.")
    if dest == "c8":
        raise InvalidActionError(f"{code!r}: there are only {COLUMNS} columns.")
    return Move(source, card, dest, _parse_card(top_text, code))


def _explain_source(layout: Layout, move: Move) -> str | None:
    if move.source == PEANUT:
        if layout.peanut[-1:] != (move.card,):
            return f"Your peanut pile shows {layout.peanut[-1].label}, not {move.card.label}."
        return None
    if move.source == WASTE:
        if not layout.waste:
            return "Your waste is empty."
        if layout.waste[-1] != move.card:
            return f"Your waste shows {layout.waste[-1].label}, not {move.card.label}."
        return None
    column = layout.tableau[int(move.source[1:]) - 1]
    if move.card not in column:
        return f"{move.card.label} is not in column {move.source[1:]}."
    if move.dest[0] == "b" and column[-1] != move.card:
        return f"Only the top card of column {move.source[1:]} can go to a pile."
    if len(column) - column.index(move.card) > run_length(column):
        return f"The cards from {move.card.label} up in column {move.source[1:]} are not a run."
    return None


def _explain_pile(state: PeanutsState, move: Move) -> str:
    card = move.card
    if move.dest == NEW_PILE:
        return "Only an ace starts a new pile." if card.rank != Rank.ACE else "All 8 piles have been started."
    index = int(move.dest[1:]) - 1
    if index >= len(state.piles):
        return f"There is no pile {move.dest[1:]}."
    top = state.piles[index][-1]
    if top != move.top:
        assert move.top is not None
        text = f"Pile {move.dest[1:]} moved on: it shows {top.label}, not {move.top.label}."
        others = [
            number
            for number, pile in enumerate(state.piles, 1)
            if pile[-1].suit == card.suit and pile[-1].rank + 1 == card.rank
        ]
        if others:
            text += f" {card.label} fits on pile {others[0]}."
        return text
    return f"{card.label} does not go on {top.label}."


def _explain_move(state: PeanutsState, seat: Seat, move: Move) -> str:
    try:
        well_formed = _parse_move(move.code) == move
    except InvalidActionError:
        well_formed = False
    if not well_formed:
        return f"{move.code!r} is not a Peanuts move."
    if move.card.deck != seat:
        return f"{move.card.label} belongs to the other player: you can only move your own cards."
    layout = state.players[seat]
    problem = _explain_source(layout, move)
    if problem:
        return problem
    if move.dest[0] == "b":
        return _explain_pile(state, move)
    target = layout.tableau[int(move.dest[1:]) - 1]
    assert move.top is not None
    if target[-1:] != (move.top,):
        shown = target[-1].label if target else "nothing"
        return f"Column {move.dest[1:]} moved on: it shows {shown}, not {move.top.label}."
    return f"You can't put {move.card.label} on {move.top.label}."


def _card(text: Any) -> Card:
    try:
        card = Card.parse(text)
    except InvalidCardError as error:
        raise CorruptStateError(f"Peanuts snapshot holds a bad card: {error}") from error
    return card


def _cards(data: Any, what: str) -> tuple[Card, ...]:
    if not isinstance(data, list):
        raise CorruptStateError(f"Peanuts snapshot: {what} is not a list of cards.")
    return tuple(_card(text) for text in data)


def _layout_from(data: Any) -> Layout:
    if not isinstance(data, Mapping):
        raise CorruptStateError("Peanuts snapshot: a player's layout is not a mapping.")
    tableau = data.get("tableau")
    if not isinstance(tableau, list) or len(tableau) != COLUMNS:
        raise CorruptStateError(f"Peanuts snapshot: a tableau must have {COLUMNS} columns.")
    fan, stuck = data.get("fan"), data.get("stuck")
    if type(fan) is not int or type(stuck) is not bool:
        raise CorruptStateError("Peanuts snapshot: bad fan count or stuck flag.")
    return Layout(
        tableau=tuple(_cards(column, "a column") for column in tableau),
        peanut=_cards(data.get("peanut"), "a peanut pile"),
        stock=_cards(data.get("stock"), "a stock"),
        waste=_cards(data.get("waste"), "a waste"),
        fan=fan,
        stuck=stuck,
    )


def _seat_or_none(value: Any, what: str) -> Seat | None:
    if value is None or (type(value) is int and 0 <= value < SEATS):
        return value
    raise CorruptStateError(f"Peanuts snapshot: bad {what} seat.")


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
    if sum((state.out is not None, state.blocked, state.resigned is not None)) > 1:
        raise CorruptStateError("Peanuts snapshot: a deal ends in one way only.")
    if state.rescued and not state.nerts_rescue:
        raise CorruptStateError("Peanuts snapshot: a Nerts rescue without the nerts_rescue option.")


class Peanuts(Game[PeanutsState]):
    """Peanuts for two players acting at the same time (RULES.md §1, §7.1)."""

    key = "peanuts"
    title = "Peanuts"
    min_seats = 2
    max_seats = 2
    options = (
        Option(
            "nerts_rescue",
            False,
            "When both players are stuck, each puts the waste under the stock and the top stock card at the "
            "bottom, once; a second stall in a row ends the deal.",
        ),
    )

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
                    raise InvalidOptionError(
                        "A Peanuts deck is the 52 cards of deck 0 followed by the 52 cards of deck 1."
                    )
        return deal(cards, resolved["nerts_rescue"])

    def current_seat(self, state: PeanutsState) -> Seat | None:
        """Always None: both players act whenever they like (§1.8 A1)."""
        return None

    def legal_actions(self, state: PeanutsState, seat: Seat) -> tuple[PeanutsAction, ...]:
        """Building plays, column moves, turn or recycle, then the stuck toggle."""
        if is_over(state) or seat not in range(SEATS):
            return ()
        return legal_moves(state, seat)

    def _apply(self, state: PeanutsState, seat: Seat, action: PeanutsAction) -> Transition[PeanutsState]:
        name = _player_name(seat)
        layout = state.players[seat]
        events: list[Event] = []
        if isinstance(action, Stuck):
            state = self._set_layout(state, seat, replace(layout, stuck=action.on))
            events.append(Event(f"{name} is stuck." if action.on else f"{name} is playing on."))
            if action.on and all(other.stuck for other in state.players):
                state = self._stall_check(state, events, asked=True)
        elif isinstance(action, Turn):
            state = self._set_layout(state, seat, turn_stock(layout))
            count = min(TURN_SIZE, len(layout.stock))
            events.append(Event(f"{name} turned {count} card{'s' if count > 1 else ''} from the stock."))
        elif isinstance(action, Recycle):
            state = self._set_layout(state, seat, recycle(layout))
            events.append(Event(f"{name} turned the waste over."))
            state = self._stall_check(state, events, asked=False)
        else:
            state = self._move(state, seat, action, events)
        state = replace(state, moves=state.moves + 1)
        end = self.outcome(state)
        if end is not None:
            events.append(Event(end.summary))
        return Transition(state, tuple(events))

    @staticmethod
    def _set_layout(state: PeanutsState, seat: Seat, layout: Layout) -> PeanutsState:
        players = state.players[:seat] + (layout,) + state.players[seat + 1 :]
        return replace(state, players=players)

    def _move(self, state: PeanutsState, seat: Seat, move: Move, events: list[Event]) -> PeanutsState:
        name = _player_name(seat)
        layout = state.players[seat]
        if move.dest[0] == "c":
            layout, fills = _shift(layout, move)
            column = layout.tableau[int(move.dest[1:]) - 1]
            count = len(column) - column.index(move.card)
            more = f" and {count - 1} more" if count > 1 else ""
            events.append(Event(f"{name} moved {move.card.label}{more} to column {move.dest[1:]}."))
        else:
            layout, cards = _take(layout, move)
            layout, fills = _fill(layout)
            if move.dest == NEW_PILE:
                piles = state.piles + (cards,)
                events.append(Event(f"{name} started pile {len(piles)} with {move.card.label}."))
            else:
                index = int(move.dest[1:]) - 1
                piles = state.piles[:index] + (state.piles[index] + cards,) + state.piles[index + 1 :]
                events.append(Event(f"{name} played {move.card.label} to pile {index + 1}."))
            players = tuple(replace(other, stuck=False) for other in state.players)
            state = replace(state, piles=piles, players=players, rescued=False)
            layout = replace(layout, stuck=False)
        for index, card in fills:
            events.append(Event(f"{name} filled column {index + 1} with {card.label} from the peanut pile."))
        state = self._set_layout(state, seat, layout)
        if not layout.peanut:
            state = replace(state, out=seat)
        return state

    @staticmethod
    def _stall_check(state: PeanutsState, events: list[Event], asked: bool) -> PeanutsState:
        """Run the blocked check for both players (§7.1) and end, rescue or go on."""
        if not asked and not all(search(layout, state.piles).blocked for layout in state.players):
            return state
        results = [search(layout, state.piles) for layout in state.players]
        if not all(result.blocked for result in results):
            if asked:
                for seat, result in enumerate(results):
                    if not result.blocked:
                        layout = replace(state.players[seat], stuck=False)
                        state = Peanuts._set_layout(state, seat, layout)
                        events.append(Event("You still have a play: the deal goes on.", seats=(seat,)))
            return state
        if state.nerts_rescue and not state.rescued:
            players = tuple(replace(rescue(layout), stuck=False) for layout in state.players)
            state = replace(state, players=players, rescued=True)
            text = "Both players are stuck: each put the waste under the stock and the top stock card at the bottom."
            events.append(Event(text))
            if not all(search(layout, state.piles).blocked for layout in state.players):
                return state
        return replace(state, blocked=True)

    def explain_illegal(self, state: PeanutsState, seat: Seat, action: Any) -> str:
        """Why ``action`` is refused: a stale target says "moved on", other refusals say what is wrong."""
        layout = state.players[seat] if seat in range(SEATS) else None
        if layout is None:
            return "You are not playing in this deal."
        if isinstance(action, Move):
            return _explain_move(state, seat, action)
        if isinstance(action, Turn):
            return "Your stock is empty: turn the waste over." if layout.waste else "Your stock and waste are empty."
        if isinstance(action, Recycle):
            return "Turn the rest of your stock first." if layout.stock else "Your waste is empty."
        if isinstance(action, Stuck):
            return "You have already said you are stuck." if action.on else "You have not said you are stuck."
        return "That is not a Peanuts move."

    def view_for(self, state: PeanutsState, viewer: Seat | None) -> PeanutsView:
        """Both layouts as everybody sees them (§1.2), the building piles, scores, and the viewer's legal actions."""
        players = tuple(
            LayoutView(
                tableau=layout.tableau,
                peanut_top=layout.peanut[-1] if layout.peanut else None,
                peanut_count=len(layout.peanut),
                stock_count=len(layout.stock),
                waste_count=len(layout.waste),
                waste=_visible_waste(layout),
                stuck=layout.stuck,
                score=score(state, seat),
            )
            for seat, layout in enumerate(state.players)
        )
        return PeanutsView(
            viewer=viewer,
            players=players,
            piles=state.piles,
            scores=tuple(score(state, seat) for seat in range(SEATS)),
            nerts_rescue=state.nerts_rescue,
            rescued=state.rescued,
            moves=state.moves,
            legal=self.legal_actions(state, viewer) if viewer is not None else (),
            outcome=self.outcome(state),
        )

    def outcome(self, state: PeanutsState) -> Outcome | None:
        """Scores by back (§1.6); high score wins, a tie goes to the player who went out (A10)."""
        if not is_over(state):
            return None
        scores = tuple(score(state, seat) for seat in range(SEATS))
        tally = f"{scores[0]} to {scores[1]}"
        if state.resigned is not None:
            winner = 1 - state.resigned
            summary = f"{_player_name(state.resigned)} resigned; {_player_name(winner)} wins ({tally})."
            return Outcome(scores, (winner,), EndReason.RESIGNED, summary)
        if state.out is not None:
            how = f"{_player_name(state.out)} called Peanuts!"
        else:
            how = "Both players are stuck."
        if scores[0] != scores[1]:
            winners: tuple[Seat, ...] = (0,) if scores[0] > scores[1] else (1,)
        else:
            winners = () if state.out is None else (state.out,)
        result = f"{_player_name(winners[0])} wins" if winners else "A draw"
        tie = " on the tie rule" if winners and scores[0] == scores[1] else ""
        return Outcome(scores, winners, EndReason.COMPLETED, f"{how} {result}{tie}, {tally}.")

    def resign(self, state: PeanutsState, seat: Seat) -> Transition[PeanutsState]:
        """Give up: the other player wins. Raises GameOverError when the deal is already over."""
        if is_over(state):
            raise GameOverError("This game is over.")
        after = replace(state, resigned=seat, moves=state.moves + 1)
        outcome = self.outcome(after)
        assert outcome is not None
        return Transition(after, (Event(outcome.summary),))

    def parse_action(self, code: str) -> PeanutsAction:
        """Parse ``"t"``, ``"r"``, ``"stuck"``, ``"unstuck"`` or a move like ``"c2.9H>c5.TS"``."""
        if not isinstance(code, str):
            raise InvalidActionError(f"{code!r} is not a Peanuts move.")
        simple = {
            TURN_CODE: Turn(),
            RECYCLE_CODE: Recycle(),
            STUCK_CODE: Stuck(True),
            UNSTUCK_CODE: Stuck(False),
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
        }

    def from_dict(self, data: Mapping[str, Any]) -> PeanutsState:
        """Load a snapshot. Raises CorruptStateError when it does not validate."""
        self.check_header(data)
        players, piles = data.get("players"), data.get("piles")
        if not isinstance(players, list) or len(players) != SEATS or not isinstance(piles, list):
            raise CorruptStateError("Peanuts snapshot: bad players or piles.")
        flags = [data.get(key) for key in ("nerts_rescue", "rescued", "blocked")]
        moves = data.get("moves")
        if any(type(flag) is not bool for flag in flags) or type(moves) is not int:
            raise CorruptStateError("Peanuts snapshot: bad flags or move count.")
        state = PeanutsState(
            players=tuple(_layout_from(layout) for layout in players),
            piles=tuple(_cards(pile, "a building pile") for pile in piles),
            nerts_rescue=flags[0],
            rescued=flags[1],
            out=_seat_or_none(data.get("out"), "out"),
            blocked=flags[2],
            resigned=_seat_or_none(data.get("resigned"), "resigned"),
            moves=moves,
        )
        check_state(state)
        return state


GAME = Peanuts()
