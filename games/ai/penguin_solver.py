"""A Penguin solver: depth-first search over a compact position with a transposition table.

Penguin (RULES.md §4) is a perfect-information puzzle, so a win is a plain sequence of moves.
The search works on integers: a card is ``suit * 13 + n`` with ``n`` its normalised rank (§4.2),
so in a column card ``c`` may lie on ``c + 1`` exactly when ``c``'s n is not 12 (that would be a
different suit, or the forbidden n = 12 on the beak, §4.8 A3). Positions are remembered with the
columns sorted and the cells as a sorted multiset, because columns and cells are interchangeable
for solvability.

Every move to a foundation is safe in Penguin (only the same-suit card one lower could build on
that card, and it is already home), so those are made eagerly after every move. The other
moves are tried in order: cell cards onto columns, column tails onto columns, n = 12 cards into
the first empty column, and last column tops into the flipper, starting with the column whose
next-needed card is least buried. A found win is then shortened by jumping, wherever one move
reaches a later position of the same line, straight to it. The answer uses only
:class:`~games.penguin.Move` actions, each legal in the engine.
"""

from collections.abc import Iterator
from typing import NamedTuple

from games.cards import Card, Rank, Suit
from games.penguin import FOUNDATION, GAME, TO_CELL, Move, PenguinAction, PenguinState, normalised_rank, score

EMPTY = -1
TOP_N = 12
DEFAULT_MAX_NODES = 200_000

Columns = tuple[tuple[int, ...], ...]
Cells = tuple[int, ...]


class _Position(NamedTuple):
    """A compact position; ``home`` holds the number of cards on each foundation (suit order)."""

    columns: Columns
    cells: Cells
    home: tuple[int, ...]


class _Step(NamedTuple):
    """A non-foundation move in compact form; ``base`` is the deepest card that moves."""

    source: str
    dest: str
    count: int
    base: int
    to_empty: bool = False


class _OutOfNodesError(Exception):
    """The node budget is spent."""


def _replace(items: tuple, index: int, value: object) -> tuple:
    return items[:index] + (value,) + items[index + 1 :]


def _goes_home(value: int, home: list[int]) -> bool:
    return home[value // 13] == value % 13


def _homeward(position: _Position) -> Iterator[tuple[str, int]]:
    """The foundation moves that Collect would make from ``position``, as (source, card), in order."""
    columns, cells, home = list(position.columns), list(position.cells), list(position.home)
    moved = True
    while moved:
        moved = False
        for index, column in enumerate(columns):
            while column and _goes_home(column[-1], home):
                yield f"c{index + 1}", column[-1]
                home[column[-1] // 13] += 1
                column = column[:-1]
                moved = True
            columns[index] = column
        for index, value in enumerate(cells):
            if value != EMPTY and _goes_home(value, home):
                yield f"k{index + 1}", value
                home[value // 13] += 1
                cells[index] = EMPTY
                moved = True


def _collected(position: _Position) -> _Position:
    """``position`` after every possible foundation move."""
    columns, cells, home = list(position.columns), list(position.cells), list(position.home)
    for source, value in _homeward(position):
        home[value // 13] += 1
        index = int(source[1:]) - 1
        if source[0] == "c":
            columns[index] = columns[index][:-1]
        else:
            cells[index] = EMPTY
    return _Position(tuple(columns), tuple(cells), tuple(home))


def _won(position: _Position) -> bool:
    return sum(position.home) == 52


def _key(position: _Position) -> tuple[Columns, Cells]:
    return tuple(sorted(position.columns)), tuple(sorted(position.cells))


def _run_length(column: tuple[int, ...]) -> int:
    length = 1 if column else 0
    while length < len(column) and column[-length] % 13 != TOP_N and column[-length - 1] == column[-length] + 1:
        length += 1
    return length


def _burial(column: tuple[int, ...], home: tuple[int, ...]) -> int:
    """How many cards lie on the shallowest card of ``column`` that is next for its foundation."""
    for depth in range(len(column)):
        value = column[-1 - depth]
        if home[value // 13] == value % 13:
            return depth
    return len(column) + 13


def _steps(position: _Position) -> Iterator[tuple[_Step, Columns, Cells]]:
    """Candidate non-foundation moves, most promising first, each with the columns and cells they lead to."""
    columns, cells, home = position
    in_cell = {value: index for index, value in enumerate(cells) if value != EMPTY}
    runs = [_run_length(column) for column in columns]
    in_tail = {
        column[-count]: (index, count) for index, column in enumerate(columns) for count in range(1, runs[index] + 1)
    }
    tail_moves = []
    for target_index, target in enumerate(columns):
        if not target or target[-1] % 13 == 0:
            continue
        wanted, dest = target[-1] - 1, f"c{target_index + 1}"
        if wanted in in_cell:
            cell = in_cell[wanted]
            after = _replace(columns, target_index, target + (wanted,))
            yield _Step(f"k{cell + 1}", dest, 1, wanted), after, _replace(cells, cell, EMPTY)
        elif wanted in in_tail:
            index, count = in_tail[wanted]
            source = columns[index]
            after = _replace(_replace(columns, index, source[:-count]), target_index, target + source[-count:])
            tail_moves.append((_Step(f"c{index + 1}", dest, count, wanted), after, cells))
    yield from tail_moves
    empty = next((index for index, column in enumerate(columns) if not column), None)
    if empty is not None:
        dest = f"c{empty + 1}"
        for cell, value in enumerate(cells):
            if value != EMPTY and value % 13 == TOP_N:
                step = _Step(f"k{cell + 1}", dest, 1, value, to_empty=True)
                yield step, _replace(columns, empty, (value,)), _replace(cells, cell, EMPTY)
        for index, column in enumerate(columns):
            count = TOP_N - column[-1] % 13 + 1 if column else 0
            if column and count <= runs[index] and count < len(column):
                after = _replace(_replace(columns, index, column[:-count]), empty, column[-count:])
                yield _Step(f"c{index + 1}", dest, count, column[-count], to_empty=True), after, cells
    if EMPTY in cells:
        free = cells.index(EMPTY)
        for index in sorted((i for i, column in enumerate(columns) if column), key=lambda i: _burial(columns[i], home)):
            top = columns[index][-1]
            after = _replace(columns, index, columns[index][:-1])
            yield _Step(f"c{index + 1}", TO_CELL, 1, top), after, _replace(cells, free, top)


def _successors(position: _Position) -> Iterator[tuple[_Step, _Position]]:
    for step, columns, cells in _steps(position):
        yield step, _collected(_Position(columns, cells, position.home))


def _search(root: _Position, max_nodes: int) -> list[tuple[_Step, _Position]] | None:
    """Depth-first search from a collected ``root``: the winning line as (step, position after it), or None.

    Raises:
        _OutOfNodesError: more than ``max_nodes`` positions were needed.
    """
    seen = {_key(root)}
    stack = [_successors(root)]
    line: list[tuple[_Step, _Position]] = []
    while stack:
        following = next(stack[-1], None)
        if following is None:
            stack.pop()
            if line:
                line.pop()
            continue
        if _won(following[1]):
            return [*line, following]
        key = _key(following[1])
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > max_nodes:
            raise _OutOfNodesError
        line.append(following)
        stack.append(_successors(following[1]))
    return None


def _shortened(root: _Position, line: list[tuple[_Step, _Position]]) -> list[_Step]:
    """The steps of ``line``, skipping every stretch that one move from an earlier position can jump over."""
    positions = [root] + [position for _, position in line]
    where = {(position.columns, position.cells): index for index, position in enumerate(positions)}
    steps, index = [], 0
    while index < len(line):
        best, step = index + 1, line[index][0]
        for candidate, following in _successors(positions[index]):
            reach = where.get((following.columns, following.cells), -1)
            if reach > best:
                best, step = reach, candidate
        steps.append(step)
        index = best
    return steps


def _card_of(value: int, beak: Card) -> Card:
    return Card(Rank((beak.rank - 1 + value % 13) % 13 + 1), Suit(value // 13))


def _to_moves(root: _Position, steps: list[_Step], beak: Card) -> tuple[Move, ...]:
    """Engine moves for ``steps`` from ``root``, each followed by the foundation moves it allows."""
    position = root
    moves = []
    for step in steps:
        moves.append(Move(step.source, step.dest, step.count, card=_card_of(step.base, beak), to_empty=step.to_empty))
        columns, cells = next((c, k) for s, c, k in _steps(position) if s == step)
        position = _Position(columns, cells, position.home)
        moves.extend(Move(source, FOUNDATION, card=_card_of(value, beak)) for source, value in _homeward(position))
        position = _collected(position)
    return tuple(moves)


def solve(state: PenguinState, *, max_nodes: int = DEFAULT_MAX_NODES) -> tuple[PenguinAction, ...] | None:
    """Legal moves from ``state`` to a win, or None when none is found within ``max_nodes`` positions."""
    if GAME.outcome(state) is not None:
        return () if score(state) == 52 else None
    beak = state.beak

    def value(card: Card) -> int:
        return card.suit * 13 + normalised_rank(card, beak)

    start = _Position(
        tuple(tuple(value(card) for card in column) for column in state.columns),
        tuple(EMPTY if card is None else value(card) for card in state.cells),
        tuple(len(pile) for pile in state.foundations),
    )
    root = _collected(start)
    first = tuple(Move(source, FOUNDATION, card=_card_of(value, beak)) for source, value in _homeward(start))
    if _won(root):
        return first
    try:
        line = _search(root, max_nodes)
    except _OutOfNodesError:
        return None
    if line is None:
        return None
    return first + _to_moves(root, _shortened(root, line), beak)


def winnable_seed(start: int, *, max_nodes: int = DEFAULT_MAX_NODES) -> int:
    """The first seed at or after ``start`` whose deal the solver wins."""
    seed = start
    while solve(GAME.new_state(None, 1, seed), max_nodes=max_nodes) is None:
        seed += 1
    return seed


HINT_MAX_NODES = 50_000
"""The hint's search budget: a solvable deal needs a few hundred positions; a lost one is given up in about a second."""


def hint(state: PenguinState) -> PenguinAction | None:
    """The first move of a winning line from ``state``, or None when none is found (the position may be lost)."""
    line = solve(state, max_nodes=HINT_MAX_NODES)
    return line[0] if line else None
