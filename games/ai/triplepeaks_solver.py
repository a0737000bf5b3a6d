"""A Triple Peaks solver: depth-first search with memory of dead positions, seeing every card.

It answers "can this round still be cleared, and how?" for hints and for dealing winnable games;
it looks at the face-down cards and the stock order, so it is not a fair player (see
``triplepeaks_ai`` for those). A position is three small integers: a bitmask of the tableau slots
still holding a card, how many stock cards have been turned, and the rank on the waste. Ranks are
0..12, so two ranks connect when they differ by 1 or 12 (K–A, RULES.md §5.3).

Every position searched without a win is unwinnable and is remembered by (mask, waste rank) with
the fewest stock cards turned: the same tableau and waste with *more* stock cards turned is no
better, because whatever line wins from it also wins from the first position after turning the
extra cards in one go. A position is recorded only once its search is over, never while it is
still on the current line (it would then cut off the stock cards it is itself turning).

Moves are tried as plays first (rows B, C and D in slot order, the tips last, which cover
nothing), the stock last. Scores play no part: the search looks for any clearing line, which
is what RULES.md §6.4's 96.6 % (exact solver, 1,000 deals) measures. With the progressive option
the answer clears the current round; the engine then deals the next one.
"""

from games.triplepeaks import (
    COVERED_BY,
    COVERS,
    GAME,
    SLOTS,
    Draw,
    Play,
    TriplePeaksAction,
    TriplePeaksState,
    peaks_cleared,
)

DEFAULT_MAX_NODES = 500_000
_COVER_MASKS = tuple(sum(1 << other for other in COVERED_BY[slot]) for slot in range(SLOTS))
_ORDER = sorted(range(SLOTS), key=lambda slot: (not COVERS[slot], slot))
"""Slots in the order plays are tried: cards that cover another first (rows B, C, D), the tips last."""


class _OutOfNodesError(Exception):
    """The node budget is spent."""


class _Search:
    """One search over a fixed deal: tableau ranks by slot (-1 for played slots) and stock ranks top first.

    After a win, ``line`` holds the winning moves: slot numbers for plays and -1 for a stock card.
    """

    def __init__(self, ranks: list[int], stock: list[int], max_nodes: int) -> None:
        self.stock = stock
        self.max_nodes = max_nodes
        self.nodes = 0
        self.dead: dict[int, int] = {}
        self.line: list[int] = []
        by_rank: list[list[tuple[int, int, int, int]]] = [[] for _ in range(13)]
        for slot in _ORDER:
            if ranks[slot] >= 0:
                by_rank[ranks[slot]].append((1 << slot, _COVER_MASKS[slot], ranks[slot], slot))
        self.neighbours = [tuple(by_rank[(rank + 1) % 13] + by_rank[(rank + 12) % 13]) for rank in range(13)]

    def run(self, mask: int, waste: int) -> bool:
        """Whether the slots in ``mask`` can all be cleared with the whole stock still to turn."""
        stock, dead, line, neighbours = self.stock, self.dead, self.line, self.neighbours
        budget = self.max_nodes

        def search(mask: int, turned: int, waste: int) -> bool:
            if not mask:
                return True
            key = mask | waste << SLOTS
            if dead.get(key, SLOTS) <= turned:
                return False
            self.nodes += 1
            if self.nodes > budget:
                raise _OutOfNodesError
            for bit, cover, rank, slot in neighbours[waste]:
                if mask & bit and not mask & cover:
                    line.append(slot)
                    if search(mask ^ bit, turned, rank):
                        return True
                    line.pop()
            if turned < len(stock):
                line.append(-1)
                if search(mask, turned + 1, stock[turned]):
                    return True
                line.pop()
            dead[key] = turned
            return False

        return search(mask, 0, waste)


def solve(state: TriplePeaksState, *, max_nodes: int = DEFAULT_MAX_NODES) -> tuple[TriplePeaksAction, ...] | None:
    """Legal actions from ``state`` that clear the tableau, or None when none is found within ``max_nodes``.

    A finished game gives ``()`` when it was won and None otherwise.
    """
    if GAME.outcome(state) is not None:
        return () if peaks_cleared(state) == 3 and not state.resigned else None
    ranks = [card.rank - 1 if card is not None else -1 for card in state.tableau]
    mask = sum(1 << slot for slot in range(SLOTS) if state.tableau[slot] is not None)
    search = _Search(ranks, [card.rank - 1 for card in state.stock], max_nodes)
    try:
        won = search.run(mask, state.waste[-1].rank - 1)
    except _OutOfNodesError:
        return None
    if not won:
        return None
    actions: list[TriplePeaksAction] = []
    for slot in search.line:
        actions.append(Draw() if slot < 0 else Play(slot, state.tableau[slot]))
    return tuple(actions)


def winnable_seed(start: int, *, max_nodes: int = DEFAULT_MAX_NODES) -> int:
    """The first seed at or after ``start`` whose first round the solver clears."""
    seed = start
    while solve(GAME.new_state(None, 1, seed), max_nodes=max_nodes) is None:
        seed += 1
    return seed
