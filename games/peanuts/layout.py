"""One Peanuts player's own cards and the moves that touch only them (RULES.md §1.3 moves 2–6, §1.4).

A :class:`Layout` is a player's tableau, peanut pile, stock and waste. This module holds the
actions (their codes and phrases), the moves onto the player's own columns, turning the stock,
turning the waste over, the Nerts rescue and the automatic fill of an emptied column. Building
plays need the shared middle and live in :mod:`games.peanuts.rules`; the blocked check
(:mod:`games.peanuts.blocked`) walks these moves with :func:`own_moves` and :func:`step`.

Piles are stored bottom first: the last card of a column, the peanut pile, the stock or the
waste is its top.
"""

from collections.abc import Iterator
from dataclasses import dataclass, replace

from games.cards import Card
from games.phrases import Phrase

COLUMNS = 7
TURN_SIZE = 3

PEANUT = "p"
WASTE = "w"
NEW_PILE = "b+"
TURN_CODE = "t"
RECYCLE_CODE = "r"
STUCK_CODE = "stuck"
UNSTUCK_CODE = "unstuck"
PASS_CODE = "pass"


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
    def phrase(self) -> Phrase:
        """E.g. "5♥ → pile 3", "A♠ → new pile", "9♥ → column 5"."""
        if self.dest == NEW_PILE:
            return Phrase.of("peanuts.move.new_pile", card=self.card)
        if self.dest[0] == "b":
            return Phrase.of("peanuts.move.pile", card=self.card, pile=int(self.dest[1:]))
        return Phrase.of("peanuts.move.column", card=self.card, column=int(self.dest[1:]))


@dataclass(frozen=True, slots=True)
class Turn:
    """Turn up to three stock cards onto the waste."""

    @property
    def code(self) -> str:
        return TURN_CODE

    @property
    def phrase(self) -> Phrase:
        return Phrase.of("peanuts.turn")


@dataclass(frozen=True, slots=True)
class Recycle:
    """Turn the waste over as the new stock (stock empty only)."""

    @property
    def code(self) -> str:
        return RECYCLE_CODE

    @property
    def phrase(self) -> Phrase:
        return Phrase.of("peanuts.recycle")


@dataclass(frozen=True, slots=True)
class Stuck:
    """Say "stuck" (``on``) or take it back."""

    on: bool = True

    @property
    def code(self) -> str:
        return STUCK_CODE if self.on else UNSTUCK_CODE

    @property
    def phrase(self) -> Phrase:
        return Phrase.of("peanuts.stuck" if self.on else "peanuts.unstuck")


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn without turning the stock (turn-based mode only)."""

    @property
    def code(self) -> str:
        return PASS_CODE

    @property
    def phrase(self) -> Phrase:
        return Phrase.of("peanuts.pass")


PeanutsAction = Move | Turn | Recycle | Stuck | Pass
TURN = Turn()
RECYCLE = Recycle()
PASS = Pass()


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


def on_column(card: Card, top: Card) -> bool:
    """Tableau building: one rank lower, opposite colour (J♠ on Q♥, not on Q♠)."""
    return top.rank == card.rank + 1 and top.is_red != card.is_red


def run_length(column: tuple[Card, ...]) -> int:
    """How many cards at the top of ``column`` form an alternating descending run."""
    length = 1 if column else 0
    while length < len(column) and on_column(column[-length], column[-length - 1]):
        length += 1
    return length


def column_moves(layout: Layout) -> Iterator[Move]:
    """Moves 2–4 of §1.3: peanut top, waste top and tails onto own columns."""
    tableau = layout.tableau
    for source, pile in ((PEANUT, layout.peanut), (WASTE, layout.waste)):
        if pile:
            for index, column in enumerate(tableau):
                if column and on_column(pile[-1], column[-1]):
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
    yield from column_moves(layout)
    if layout.stock:
        yield TURN
    elif layout.waste:
        yield RECYCLE


def take(layout: Layout, move: Move) -> tuple[Layout, tuple[Card, ...]]:
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


def fill(layout: Layout) -> tuple[Layout, tuple[tuple[int, Card], ...]]:
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


def shift(layout: Layout, move: Move) -> tuple[Layout, tuple[tuple[int, Card], ...]]:
    """Carry out a legal move onto an own column, then the automatic fill."""
    layout, cards = take(layout, move)
    index = int(move.dest[1:]) - 1
    tableau = layout.tableau[:index] + (layout.tableau[index] + cards,) + layout.tableau[index + 1 :]
    return fill(replace(layout, tableau=tableau))


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
    return shift(layout, action)[0]
