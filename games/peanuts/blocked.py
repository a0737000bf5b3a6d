"""The blocked check of RULES.md §1.5 / §7.1 for one Peanuts player, building piles frozen.

A player is *blocked* when no sequence of their own moves (moves 2–6 of §1.3 and the automatic
fill) reaches a position where some source top fits a building pile, an ace shows, or the
peanut pile is empty. :class:`BlockedCheck` answers that question by visiting the positions
reachable from the player's layout, up to a cap of visited positions; a capped search proves
nothing (§1.8 A9). :func:`search` is the same check without a memo.

The search works on a compact copy of one player's cards: a card is the integer
suit * 13 + rank - 1 (the deck does not matter, all cards are the player's own), a pile is
``bytes`` bottom first. A node is (tableau, peanut count, coming, entry): the peanut pile never
changes order, so its count is enough; ``coming`` is the waste and then the stock in the order
the cards come up, and ``entry`` where the stock stands (how many cards lie on the waste, 0 for
any position on the cycle that whole turns go round). One node stands for every position that
turning alone reaches, so the search never walks the stock three cards at a time.

Three reductions keep the number of nodes small without changing the answer: columns are
interchangeable, so a node keeps them sorted; two cards of the same rank and colour (♣/♠, ♦/♥)
behave alike in the columns, so when no building pile wants either of them they are written as
the same card in the tableau (the cards outside the tableau tell which of them are in it, and
where each lies does not matter); and the moves among the columns are worked out once per
tableau.
"""

from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import NamedTuple

from games.cards import Card, Rank
from games.peanuts.layout import RECYCLE, TURN, TURN_SIZE, Layout, PeanutsAction, column_moves, step

SEARCH_CAP = 100_000
"""Visited-node cap of the blocked check; a capped search proves nothing (§1.8 A9).

A node stands for many positions (every stock position turning reaches, every placement of
twin cards nobody wants), so this is millions of plain positions; a search that hits it takes
about 2.5 s of CPU and 65 MB."""


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


Tableau = tuple[bytes, ...]
Node = tuple[Tableau, int, bytes, int]

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


def _compact_pile(cards: tuple[Card, ...]) -> bytes:
    return bytes(card.suit * 13 + card.rank - 1 for card in cards)


def _entry(turned: int, size: int) -> int:
    """The canonical entry of a stock position: 0 for every position on the cycle of whole turns."""
    return 0 if turned % TURN_SIZE == 0 or turned == size else turned


def _twin(card: int) -> int:
    """The card of the same rank and colour in the other suit (♣↔♠, ♦↔♥)."""
    return (3 - card // 13) * 13 + card % 13


def _node(layout: Layout, twins: bytes) -> Node:
    tableau = tuple(sorted(_compact_pile(column).translate(twins) for column in layout.tableau))
    coming = _compact_pile(layout.waste + layout.stock[::-1])
    return tableau, len(layout.peanut), coming, _entry(len(layout.waste), len(coming))



def _run(column: bytes) -> tuple[tuple[int, int], ...]:
    """(base card, cards moved) for each tail of ``column`` that may move as a unit, top first."""
    tails = [(column[-1], 1)]
    while len(tails) < len(column) and _ON[column[-len(tails)] * 52 + column[-len(tails) - 1]]:
        tails.append((column[-len(tails) - 1], len(tails) + 1))
    return tuple(tails)


_Columns = tuple[tuple[tuple[Tableau, int], ...], dict[int, list[int]], bool]
"""What :meth:`_Walk.columns` tells of a tableau and peanut count."""


class _Walk:
    """One search's fixed facts (the peanut pile, the wanted cards) and its caches.

    A node's moves split into moves among the columns and the peanut top (they depend only on
    the tableau and the peanut count) and moves from the waste (they depend on the column tops
    and the stock); the same tableau comes back with many stocks, so the first kind is worked
    out once per tableau and peanut count. ``twins`` is the ``bytes.translate`` table that writes
    both twins of a pair nobody wants as the same card.
    """

    def __init__(self, peanut: bytes, goal: bytes) -> None:
        self.peanut = peanut
        self.goal = goal
        self.twins = bytes(
            min(card, _twin(card)) if card < 52 and not goal[card] and not goal[_twin(card)] else card
            for card in range(256)
        )
        self._stops: dict[tuple[bytes, int], tuple[tuple[tuple[int, int], ...], bool]] = {}
        self._columns: dict[tuple[Tableau, int], _Columns] = {}
        self._runs: dict[bytes, tuple[tuple[int, int], ...]] = {}

    def stops(self, coming: bytes, entry: int) -> tuple[tuple[tuple[int, int], ...], bool]:
        """The (waste size, waste top) pairs that turning alone reaches from ``entry``, and whether
        one of those tops is wanted. Turning goes on to the end of the stock, the waste is turned
        over, and whole turns then come back to the same positions."""
        key = coming, entry
        known = self._stops.get(key)
        if known is None:
            size = len(coming)
            turned = set(range(entry, size, TURN_SIZE)) | set(range(0, size, TURN_SIZE)) | {size}
            stops = tuple((position, coming[position - 1]) for position in sorted(turned) if position)
            known = stops, any(self.goal[card] for _, card in stops)
            self._stops[key] = known
        return known

    def columns(self, tableau: Tableau, count: int) -> _Columns:
        """The (tableau, peanut count) pairs after each move among the columns or from the peanut
        pile, where each column top is, and whether a column top or the peanut top is wanted (or
        the peanut pile is empty)."""
        key = tableau, count
        known = self._columns.get(key)
        if known is None:
            known = self._columns[key] = self._column_moves(tableau, count)
        return known

    def _column_moves(self, tableau: Tableau, count: int) -> _Columns:
        peanut, goal = self.peanut, self.goal
        where: dict[int, list[int]] = {}
        for index, column in enumerate(tableau):
            where.setdefault(column[-1], []).append(index)
        reached = bool(goal[peanut[count - 1]]) or any(goal[top] for top in where)
        moves = []
        card = peanut[count - 1 : count].translate(self.twins)
        for top in _OVER[card[0]]:
            for index in where.get(top, ()):
                after = list(tableau)
                after[index] += card
                after.sort()
                moves.append((tuple(after), count - 1))
        tails: dict[int, list[tuple[int, int]]] = {}
        runs = self._runs
        for index, column in enumerate(tableau):
            run = runs.get(column)
            if run is None:
                run = runs[column] = _run(column)
            for base, moved in run:
                tails.setdefault(base, []).append((index, moved))
        for target, column in enumerate(tableau):
            for base in _UNDER[column[-1]]:
                for index, moved in tails.get(base, ()):
                    if index != target:
                        moves.append(self._tail_move(tableau, count, index, moved, target))
        return tuple(moves), where, reached

    def _tail_move(self, tableau: Tableau, count: int, index: int, moved: int, target: int) -> tuple[Tableau, int]:
        """The last ``moved`` cards of column ``index`` onto column ``target``, then the fill."""
        source = tableau[index]
        rest, after_count = source[:-moved], count
        if not rest and after_count:
            rest, after_count = self.peanut[after_count - 1 : after_count].translate(self.twins), after_count - 1
        after = list(tableau)
        after[index], after[target] = rest, tableau[target] + source[-moved:]
        after.sort()
        return tuple(after), after_count

    def tops(self) -> frozenset[int]:
        """Every top card of the nodes seen so far: column tops, peanut tops and waste tops."""
        tops: set[int] = set()
        for tableau, count in self._columns:
            tops.update(column[-1] for column in tableau)
            tops.add(self.peanut[count - 1])
        for stops, _ in self._stops.values():
            tops.update(card for _, card in stops)
        return frozenset(tops | {_twin(card) for card in tops})

    def reached(self, node: Node) -> bool:
        """Whether some top that the node shows, turning included, fits a building pile, or the peanut pile is empty."""
        tableau, count, coming, entry = node
        return not count or self.stops(coming, entry)[1] or self.columns(tableau, count)[2]

    def next_nodes(self, node: Node) -> list[Node]:
        """Moves 2–4 of §1.3 with the automatic fill, from any stock position turning reaches."""
        tableau, count, coming, entry = node
        moves, where, _ = self.columns(tableau, count)
        nodes = [(after, after_count, coming, entry) for after, after_count in moves]
        size = len(coming) - 1
        for position, card in self.stops(coming, entry)[0]:
            for top in _OVER[card]:
                for index in where.get(top, ()):
                    after = list(tableau)
                    after[index] += coming[position - 1 : position].translate(self.twins)
                    after.sort()
                    rest = coming[: position - 1] + coming[position:]
                    nodes.append((tuple(after), count, rest, _entry(position - 1, size)))
        return nodes

    def shows(self, layout: Layout) -> bool:
        """Whether a building play (or an empty peanut pile) is there in ``layout`` itself."""
        tops = [column[-1] for column in layout.tableau] + list(layout.peanut[-1:] + layout.waste[-1:])
        return not layout.peanut or any(self.goal[_compact_pile((card,))[0]] for card in tops)


def _turns(layout: Layout) -> Iterator[tuple[tuple[PeanutsAction, ...], Layout]]:
    """The layouts that turning alone reaches, with the turns that lead there (two rounds of the stock)."""
    turns: tuple[PeanutsAction, ...] = ()
    yield turns, layout
    for _ in range(2 * (len(layout.stock) + len(layout.waste) + TURN_SIZE)):
        action = TURN if layout.stock else RECYCLE if layout.waste else None
        if action is None:
            return
        turns += (action,)
        layout = step(layout, action)
        yield turns, layout


def _line(root: Layout, nodes: Sequence[Node], walk: _Walk) -> tuple[PeanutsAction, ...]:
    """The engine actions that take ``root`` through ``nodes`` (``nodes[0]`` is ``root``'s node) and
    then turn the stock until a building play shows.

    A move from the waste needs the stock turned to its card first; the other moves are made at
    once, so the stock position always stays where the node's turning starts.
    """
    line: tuple[PeanutsAction, ...] = ()
    layout = root
    for node in nodes[1:]:
        actions, layout = _step_to(layout, node, walk.twins)
        line += actions
    for turns, turned in _turns(layout):
        if walk.shows(turned):
            return line + turns
    raise AssertionError("The search's last node shows no building play.")


def _step_to(layout: Layout, node: Node, twins: bytes) -> tuple[tuple[PeanutsAction, ...], Layout]:
    """The turns and the move that take ``layout`` to ``node``, and the layout they lead to."""
    for turns, turned in _turns(layout):
        for move in column_moves(turned):
            after = step(turned, move)
            if _node(after, twins) == node:
                return turns + (move,), after
    raise AssertionError("The search found a node that no move reaches.")


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

        Not blocked as soon as a position lets a source top go to a building pile (or start
        one) or has an empty peanut pile; blocked when every reachable position has been seen.
        A node stands for a position and every stock position that turning alone reaches from
        it (turning and turning the waste over change nothing else), so the search never walks
        the stock card group by card group. Nodes with fewer peanut cards are expanded first
        (then in the order found): lines that dig into the peanut pile are the long ones.
        """
        root = replace(layout, fan=0, stuck=False)
        wanted = _wanted(piles)
        goal = bytes(int(_RANK[code] == Rank.ACE or (code // 13, _RANK[code]) in wanted) for code in range(52))
        peanut = _compact_pile(root.peanut)
        walk = _Walk(peanut, goal)
        start = _node(root, walk.twins)
        if walk.reached(start):
            return Search(False, 1, _line(root, [start], walk))
        reached = self._reached.get((start, peanut))
        if reached is not None and reached[1] <= self.cap and not any(goal[card] for card in reached[0]):
            return Search(True, reached[1])
        parents: dict[Node, Node | None] = {start: None}
        queues: list[deque[Node]] = [deque() for _ in range(len(peanut) + 1)]
        queues[start[1]].append(start)
        low = start[1]
        while low < len(queues):
            if not queues[low]:
                low += 1
                continue
            node = queues[low].popleft()
            for after in walk.next_nodes(node):
                if after in parents:
                    continue
                parents[after] = node
                if walk.reached(after):
                    path = [after]
                    while (parent := parents[path[-1]]) is not None:
                        path.append(parent)
                    return Search(False, len(parents), _line(root, path[::-1], walk))
                if len(parents) >= self.cap:
                    return Search(False, len(parents), (), True)
                queues[after[1]].append(after)
                low = min(low, after[1])
        if len(self._reached) >= self.MEMO_LIMIT:
            self._reached.clear()
        self._reached[start, peanut] = walk.tops(), len(parents)
        return Search(True, len(parents))


def search(layout: Layout, piles: tuple[tuple[Card, ...], ...], cap: int = SEARCH_CAP) -> Search:
    """The blocked check for one player (see :meth:`BlockedCheck.search`), with no memo kept."""
    return BlockedCheck(cap).search(layout, piles)
