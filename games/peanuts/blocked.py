"""The blocked check of RULES.md §1.5 / §7.1 for one Peanuts player, building piles frozen.

A player is *blocked* when no sequence of their own moves (moves 2–6 of §1.3 and the automatic
fill) reaches a position where some source top fits a building pile, an ace shows, or the
peanut pile is empty. :class:`BlockedCheck` answers that question by visiting the positions
reachable from the player's layout, up to a cap of visited positions; a capped search proves
nothing (§1.8 A9). :func:`search` is the same check without a memo.

The search works on a compact copy of one player's cards: a card is the integer
suit * 13 + rank - 1 (the deck does not matter, all cards are the player's own), a pile is
``bytes`` bottom first, and a node is (tableau, peanut count, stock, waste); the peanut pile
itself never changes order, so its count is enough. Columns are interchangeable for the
question asked, so a node keeps its columns sorted and column orders count once.
"""

import heapq
from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import NamedTuple

from games.cards import Card, Rank
from games.peanuts.layout import TURN_SIZE, Layout, PeanutsAction, own_moves, step

SEARCH_CAP = 50_000
"""Visited-state cap of the blocked check; a capped search proves nothing (§1.8 A9)."""


class Search(NamedTuple):
    """The answer of the blocked check for one player.

    ``line`` is a line of own moves that leads to a building play or an empty peanut pile
    (empty when one is possible already, when blocked, or when the cap was hit); ``capped``
    tells the cap was hit: then ``blocked`` is False, but nothing is proven.
    """

    blocked: bool
    visited: int
    line: tuple[PeanutsAction, ...] = ()
    capped: bool = False

    @property
    def first(self) -> PeanutsAction | None:
        """The first move of ``line``, if any."""
        return self.line[0] if self.line else None


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


def _wanted(piles: tuple[tuple[Card, ...], ...]) -> frozenset[tuple[int, int]]:
    """(suit, rank) of every card some building pile takes next; aces always go (new pile)."""
    return frozenset((pile[-1].suit, pile[-1].rank + 1) for pile in piles if pile[-1].rank < Rank.KING)


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


class BlockedCheck:
    """The blocked check with a cap and a memo of complete searches, owned by whoever runs the checks.

    The memo keeps, per start node, every top card the node can ever show and how many nodes
    it reaches. The positions a player can reach do not depend on the building piles, so after
    another play to the middle a blocked player needs no new search unless one of those cards
    is now wanted.
    """

    MEMO_LIMIT = 4096

    def __init__(self, cap: int = SEARCH_CAP) -> None:
        self.cap = cap
        self._reached: dict[tuple[Node, bytes], tuple[frozenset[int], int]] = {}

    def search(self, layout: Layout, piles: tuple[tuple[Card, ...], ...]) -> Search:
        """Visit the player's own positions reachable with moves 2–6 and the automatic fill.

        A quick try of turning the stock alone comes first. Not blocked as soon as a position
        lets a source top go to a building pile (or start one) or has an empty peanut pile;
        blocked when every reachable position has been seen. Positions with fewer peanut cards
        are expanded first (then in the order found): lines that dig into the peanut pile are
        the long ones, and a plain breadth-first order needed tens of thousands of positions for
        some of them where this order needs about a thousand.
        """
        root = replace(layout, fan=0, stuck=False)
        wanted = _wanted(piles)
        goal = bytes(int(_RANK[code] == Rank.ACE or (code // 13, _RANK[code]) in wanted) for code in range(52))
        peanut = _compact_pile(root.peanut)
        start = _node(root)
        if _goal(start, peanut, goal):
            return Search(False, 1)
        reached = self._reached.get((start, peanut))
        if reached is not None and reached[1] <= self.cap and not any(goal[card] for card in reached[0]):
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
                if len(parents) >= self.cap:
                    return Search(False, len(parents), (), True)
                heapq.heappush(queue, (after[1], len(parents), after))
        self._remember(start, peanut, parents)
        return Search(True, len(parents))

    def _remember(self, start: Node, peanut: bytes, seen: Collection[Node]) -> None:
        tops: set[int] = set()
        for tableau, count, _, waste in seen:
            tops.update(column[-1] for column in tableau)
            tops.add(peanut[count - 1])
            if waste:
                tops.add(waste[-1])
        if len(self._reached) >= self.MEMO_LIMIT:
            self._reached.clear()
        self._reached[start, peanut] = frozenset(tops), len(seen)


def search(layout: Layout, piles: tuple[tuple[Card, ...], ...], cap: int = SEARCH_CAP) -> Search:
    """The blocked check for one player (see :meth:`BlockedCheck.search`), with no memo kept."""
    return BlockedCheck(cap).search(layout, piles)
