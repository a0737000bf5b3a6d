"""A Penguin solver whose hints can be followed to a win: each answer is the rest of the one before.

Penguin (RULES.md §4) is a perfect-information puzzle, so a win is a plain sequence of moves.
The search works on integers: a card is ``suit * 13 + n`` with ``n`` its normalised rank (§4.2),
so in a column card ``c`` may lie on ``c + 1`` exactly when ``c``'s n is not 12 (that would be a
different suit, or the forbidden n = 12 on the beak, §4.8 A3).

A hint is only useful if following hint after hint wins. Penguin's moves are not one-way (a card
goes to a cell and straight back), so the search runs over a graph without cycles instead:

* Positions are *settled*: every card that can go home has gone (always safe in Penguin: only the
  same-suit card one lower could build on it, and that is home already), and every cell card that
  can go back onto its column has (onto the same-suit card one higher, or an n = 12 card into an
  empty column). Settling loses nothing, since each card put back can return to a cell in one move.
* Between settled positions the search makes one *step*: a column's whole same-suit run onto the
  card one higher than its bottom card, an n = 12 run into an empty column, a whole run into the
  cells, or a finished column (n = 12 at the bottom) into the cells to make room for an n = 12 run.
  Every step takes a card that lay on the wrong card in a column (or alone at a column's bottom,
  unless it is n = 12) out of that state, and no move ever puts a card back into it, so no line
  repeats a position. Moving only part of a run into the cells wins nothing: the rest of the run
  can go nowhere the whole run could not.

Steps are tried in a fixed order that depends only on the position up to the order of its columns
and cells, and the search is depth-first with a table of finished positions, which on a graph
without cycles are all lost. So the line found is the first winning line in that order, and the
line found from the position after its first step is the rest of it. The answer plays the line
move by move: cards home first, then cells back onto columns, then the step's moves, except that a
step that empties a run into the cells goes on from wherever the last answer left it. Hence
``solve(after(state, solve(state)[0])) == solve(state)[1:]`` whenever the search fits its budget,
and it does: the search from a later position of the line looks at no position the first did not.
Lines found are remembered by position (:data:`_LINES`), which only saves searching again.
"""

from collections.abc import Iterator
from typing import NamedTuple

from games.cards import Card, Rank, Suit
from games.penguin import FOUNDATION, GAME, TO_CELL, Move, PenguinAction, PenguinState, normalised_rank, score

EMPTY = -1
TOP_N = 12
CELLS = 7
DEFAULT_MAX_NODES = 200_000

TAIL = "tail"
"""A step moving a column's run onto the card one higher than its bottom card."""
TO_EMPTY = "to_empty"
"""A step moving a run headed by an n = 12 card into an empty column."""
INTO_CELLS = "cells"
"""A step moving a column's whole run into the cells, top card first."""
SWAP = "swap"
"""A step moving a finished column (n = 12 at the bottom) into the cells and an n = 12 run into its place."""

Columns = tuple[tuple[int, ...], ...]
Cells = tuple[int, ...]


class _Position(NamedTuple):
    """A compact position; ``home`` holds the number of cards on each foundation (suit order)."""

    columns: Columns
    cells: Cells
    home: tuple[int, ...]


class _Move(NamedTuple):
    """One engine move in compact form; ``base`` is the deepest card that moves."""

    source: str
    dest: str
    count: int  # type: ignore[assignment]  # the field shadows tuple.count, which is never used here
    base: int
    to_empty: bool = False


class _Step(NamedTuple):
    """A step between settled positions, named by its kind and the bottom card of the run it moves.

    ``lifted`` is the bottom card of the column that goes into the cells (the run itself for
    :data:`INTO_CELLS`, the finished column for :data:`SWAP`).
    """

    kind: str
    base: int
    lifted: int = EMPTY


class _Link(NamedTuple):
    """One step of a line and the settled position, in canonical form, that it leads to."""

    step: _Step
    position: _Position


class _OutOfNodesError(Exception):
    """The node budget is spent."""


def _replace(items: tuple, index: int, value: object) -> tuple:
    return items[:index] + (value,) + items[index + 1 :]


def _goes_home(value: int, home: tuple[int, ...]) -> bool:
    return home[value // 13] == value % 13


def _won(position: _Position) -> bool:
    return sum(position.home) == 52


def _canonical(position: _Position) -> _Position:
    """``position`` with its columns and cells sorted: positions equal up to their order are one position."""
    return _Position(tuple(sorted(position.columns)), tuple(sorted(position.cells)), position.home)


def _after(position: _Position, move: _Move) -> _Position:
    """``position`` after ``move``, with the engine's meaning of each place (a cell move takes the lowest free cell)."""
    columns, cells, home = position
    index = int(move.source[1:]) - 1
    if move.source[0] == "c":
        moving = columns[index][-move.count :]
        columns = _replace(columns, index, columns[index][: -move.count])
    else:
        moving = (cells[index],)
        cells = _replace(cells, index, EMPTY)
    if move.dest == FOUNDATION:
        home = _replace(home, move.base // 13, home[move.base // 13] + 1)
    elif move.dest == TO_CELL:
        cells = _replace(cells, cells.index(EMPTY), move.base)
    else:
        target = int(move.dest[1:]) - 1
        columns = _replace(columns, target, columns[target] + moving)
    return _Position(columns, cells, home)


def _home_move(position: _Position) -> _Move | None:
    """The first move to a foundation, column tops before cells (the engine's order), or None."""
    columns, cells, home = position
    for index, column in enumerate(columns):
        if column and _goes_home(column[-1], home):
            return _Move(f"c{index + 1}", FOUNDATION, 1, column[-1])
    for index, value in enumerate(cells):
        if value != EMPTY and _goes_home(value, home):
            return _Move(f"k{index + 1}", FOUNDATION, 1, value)
    return None


def _returns(position: _Position) -> Iterator[_Move]:
    """The cell cards that can go back onto a column now, lowest card first.

    Going by card rather than by cell makes the settled position the same whatever the cells' order:
    when n = 12 cards outnumber the empty columns, the lowest ones take them.
    """
    columns, cells, _ = position
    tops = {column[-1]: index for index, column in enumerate(columns) if column}
    empty = next((index for index, column in enumerate(columns) if not column), None)
    for value, cell in sorted((value, cell) for cell, value in enumerate(cells) if value != EMPTY):
        if value % 13 != TOP_N and value + 1 in tops:
            yield _Move(f"k{cell + 1}", f"c{tops[value + 1] + 1}", 1, value)
        elif value % 13 == TOP_N and empty is not None:
            yield _Move(f"k{cell + 1}", f"c{empty + 1}", 1, value, to_empty=True)


def _settled(position: _Position) -> _Position:
    """``position`` after every move home, then every card put back from the cells, as :func:`_returns` orders them.

    Putting a card back never lets another go home (it would have gone home from its cell). This is
    the search's inner loop, so it works on lists rather than through :func:`_after`.
    """
    columns, cells, home = list(position.columns), list(position.cells), list(position.home)
    moved = True
    while moved:
        moved = False
        for index, column in enumerate(columns):
            while column and home[column[-1] // 13] == column[-1] % 13:
                home[column[-1] // 13] += 1
                column = column[:-1]
                moved = True
            columns[index] = column
        for index, value in enumerate(cells):
            if value != EMPTY and home[value // 13] == value % 13:
                home[value // 13] += 1
                cells[index] = EMPTY
                moved = True
    back: int | None = EMPTY
    while back is not None:
        tops = {column[-1]: index for index, column in enumerate(columns) if column}
        empty = next((index for index, column in enumerate(columns) if not column), None)
        back = None
        for value in sorted(value for value in cells if value != EMPTY):
            if value % 13 != TOP_N and value + 1 in tops:
                back, target = value, tops[value + 1]
                break
            if value % 13 == TOP_N and empty is not None:
                back, target = value, empty
                break
        if back is not None:
            columns[target] += (back,)
            cells[cells.index(back)] = EMPTY
    return _Position(tuple(columns), tuple(cells), tuple(home))


def _run_length(column: tuple[int, ...]) -> int:
    """How many cards at the top of ``column`` form a same-suit run (an n = 12 card always ends one)."""
    length = 1 if column else 0
    while length < len(column) and column[-length] % 13 != TOP_N and column[-length - 1] == column[-length] + 1:
        length += 1
    return length


def _burial(column: tuple[int, ...], home: tuple[int, ...]) -> int:
    """How many cards lie on the shallowest card of ``column`` that is next for its foundation."""
    for depth in range(len(column)):
        if _goes_home(column[-1 - depth], home):
            return depth
    return len(column) + 13


def _steps(position: _Position) -> Iterator[tuple[_Step, int, int]]:
    """The steps from a settled canonical position, in search order, with their source and target column.

    Runs onto columns first, then n = 12 runs into an empty column, then runs into the cells
    (target -1), starting with the column whose next card for home is least buried, then swaps. A
    run goes into the cells only when it could go nowhere else whole, and never when it is a
    finished column.
    """
    columns, cells, home = position
    runs = [_run_length(column) for column in columns]
    bases = {column[-runs[index]]: index for index, column in enumerate(columns) if column}
    tops = {column[-1] for column in columns if column}
    empty = columns.index(()) if () in columns else -1
    for target, column in enumerate(columns):
        if column and column[-1] % 13 != 0 and column[-1] - 1 in bases:
            yield _Step(TAIL, column[-1] - 1), bases[column[-1] - 1], target
    movable = []
    free = cells.count(EMPTY)
    for index, column in enumerate(columns):
        if not column:
            continue
        base = column[-runs[index]]
        if base % 13 == TOP_N:
            if runs[index] == len(column):
                continue
            if empty >= 0:
                yield _Step(TO_EMPTY, base), index, empty
                continue
        elif base + 1 in tops:
            continue
        if runs[index] <= free:
            movable.append(index)
    for index in sorted(movable, key=lambda index: _burial(columns[index], home)):
        base = columns[index][-runs[index]]
        yield _Step(INTO_CELLS, base, base), index, -1
    if empty < 0:
        yield from _swaps(columns, cells, runs)


def _swaps(columns: Columns, cells: Cells, runs: list[int]) -> Iterator[tuple[_Step, int, int]]:
    """Finished columns that fit into the cells, each traded for an n = 12 run lying on some other card.

    The finished column's n = 12 card must be the lowest n = 12 card in the cells once it is there,
    so that until the run has moved in, putting cards back from the cells rebuilds the column.
    """
    lowest = min((value for value in cells if value != EMPTY and value % 13 == TOP_N), default=52)
    free = cells.count(EMPTY)
    for target, column in enumerate(columns):
        if runs[target] == len(column) <= free and column[0] % 13 == TOP_N and column[0] < lowest:
            for index, other in enumerate(columns):
                base = other[-runs[index]] if other else EMPTY
                if base % 13 == TOP_N and runs[index] < len(other):
                    yield _Step(SWAP, base, column[0]), index, target


def _first_move(position: _Position, step: _Step) -> _Move:
    """The next engine move of ``step`` from ``position`` (for a run into the cells: its current top card)."""
    columns = position.columns
    if step.kind in (INTO_CELLS, SWAP):
        lifted = next((column for column in columns if step.lifted in column), ())
        if lifted:
            return _Move(f"c{columns.index(lifted) + 1}", TO_CELL, 1, lifted[-1])
    index = next(index for index, column in enumerate(columns) if step.base in column)
    source, column = f"c{index + 1}", columns[index]
    count = len(column) - column.index(step.base)
    if step.kind in (TO_EMPTY, SWAP):
        empty = next(target for target, other in enumerate(columns) if not other)
        return _Move(source, f"c{empty + 1}", count, step.base, to_empty=True)
    target = next(target for target, other in enumerate(columns) if other and other[-1] == step.base + 1)
    return _Move(source, f"c{target + 1}", count, step.base)


def _taken(position: _Position, step: _Step, index: int, target: int) -> _Position:
    """The settled canonical position that ``step`` (from column ``index`` to ``target``) leads to from ``position``.

    In a settled position nothing goes home or back from the cells, and a step changes that only
    through the card it uncovers (or the column it empties), so only then is settling needed.
    """
    columns, cells, home = position
    column = columns[index]
    split = column.index(step.base)
    exposed = column[:split]
    lifted = column[split:] if target < 0 else columns[target] if step.kind == SWAP else ()
    if lifted:
        kept = [value for value in cells if value != EMPTY] + list(lifted)
        cells = (EMPTY,) * (CELLS - len(kept)) + tuple(kept)
    if target < 0:
        columns = columns[:index] + (exposed,) + columns[index + 1 :]
    else:
        changed = list(columns)
        changed[index] = exposed
        changed[target] = column[split:] if step.kind == SWAP else columns[target] + column[split:]
        columns = tuple(changed)
    if exposed:
        top = exposed[-1]
        unsettled = home[top // 13] == top % 13 or (top % 13 != 0 and top - 1 in cells)
    else:
        unsettled = any(value != EMPTY and value % 13 == TOP_N for value in cells)
    after = _Position(columns, cells, home)
    return _canonical(_settled(after) if unsettled else after)


def _search(root: _Position, max_nodes: int) -> tuple[list[_Link], int] | None:
    """Depth-first search from a settled canonical ``root``: the winning line and the positions seen, or None.

    Raises:
        _OutOfNodesError: more than ``max_nodes`` positions were needed.
    """
    seen = {root}
    stack = [_links(root)]
    line: list[_Link] = []
    while stack:
        following = next(stack[-1], None)
        if following is None:
            stack.pop()
            if line:
                line.pop()
            continue
        if _won(following.position):
            return [*line, following], len(seen)
        if following.position in seen:
            continue
        seen.add(following.position)
        if len(seen) > max_nodes:
            raise _OutOfNodesError
        line.append(following)
        stack.append(_links(following.position))
    return None


def _links(position: _Position) -> Iterator[_Link]:
    for step, index, target in _steps(position):
        yield _Link(step, _taken(position, step, index, target))


_LINES: dict[_Position, tuple[tuple[_Link, ...], int, int]] = {}
"""Lines found, by each settled canonical position on them: (line, where that position's rest starts, nodes).

The search from a later position of a line finds the rest of it within no more nodes than the
first search took, so an entry answers exactly as a new search would whenever ``nodes`` fits the
budget. The table is emptied when it reaches :data:`_MAX_REMEMBERED` positions.
"""
_MAX_REMEMBERED = 10_000


def _line(root: _Position, max_nodes: int) -> tuple[_Link, ...] | None:
    """The winning line from a settled canonical ``root``, or None when none is found within ``max_nodes``."""
    if _won(root):
        return ()
    known = _LINES.get(root)
    if known is not None and known[2] <= max_nodes:
        line, start, _ = known
        return line[start:]
    try:
        found = _search(root, max_nodes)
    except _OutOfNodesError:
        return None
    if found is None:
        return None
    line, nodes = tuple(found[0]), found[1]
    if len(_LINES) + len(line) > _MAX_REMEMBERED:
        _LINES.clear()
    for start, position in enumerate([root] + [link.position for link in line[:-1]]):
        _LINES[position] = (line, start, nodes)
    return line


def _next_move(position: _Position, step: _Step) -> _Move:
    """The next move from ``position`` on the way through ``step``, the first step of the line from its settled form.

    Cards home first, then cell cards back onto their columns, then ``step``'s own moves. When
    ``step`` puts a run into the cells and its top cards already are in cells, those stay there.
    """
    home = _home_move(position)
    if home is not None:
        return home
    settled = _settled(position)
    waiting = set(position.cells) - set(settled.cells)
    if step.kind in (INTO_CELLS, SWAP):
        column = next(column for column in settled.columns if step.lifted in column)
        for value in reversed(column):
            if value not in waiting:
                break
            waiting.remove(value)
    back = next((move for move in _returns(position) if move.base in waiting), None)
    return back if back is not None else _first_move(position, step)


def _card_of(value: int, beak: Card) -> Card:
    return Card(Rank((beak.rank - 1 + value % 13) % 13 + 1), Suit(value // 13))


def _compact(state: PenguinState) -> _Position:
    beak = state.beak

    def value(card: Card) -> int:
        return card.suit * 13 + normalised_rank(card, beak)

    return _Position(
        tuple(tuple(value(card) for card in column) for column in state.columns),
        tuple(EMPTY if card is None else value(card) for card in state.cells),
        tuple(len(pile) for pile in state.foundations),
    )


def _played(position: _Position, line: tuple[_Link, ...], beak: Card) -> Iterator[Move]:
    """The engine moves that play ``line`` (found from ``position``'s settled form) from ``position`` to a win."""
    index = 0
    while not _won(position):
        move = _next_move(position, line[index].step) if index < len(line) else _home_move(position)
        assert move is not None
        yield Move(move.source, move.dest, move.count, card=_card_of(move.base, beak), to_empty=move.to_empty)
        position = _after(position, move)
        if index < len(line) and _canonical(_settled(position)) == line[index].position:
            index += 1


def _winning_line(state: PenguinState, max_nodes: int) -> Iterator[Move] | None:
    if GAME.outcome(state) is not None:
        return iter(()) if score(state) == 52 else None
    position = _compact(state)
    line = _line(_canonical(_settled(position)), max_nodes)
    return None if line is None else _played(position, line, state.beak)


def solve(state: PenguinState, *, max_nodes: int = DEFAULT_MAX_NODES) -> tuple[PenguinAction, ...] | None:
    """Legal moves from ``state`` to a win, or None when none is found within ``max_nodes`` positions.

    The moves after the first are what ``solve`` answers from the position the first leads to.
    """
    moves = _winning_line(state, max_nodes)
    return None if moves is None else tuple(moves)


def winnable_seed(start: int, *, max_nodes: int = DEFAULT_MAX_NODES) -> int:
    """The first seed at or after ``start`` whose deal the solver wins."""
    seed = start
    while solve(GAME.new_state(None, 1, seed), max_nodes=max_nodes) is None:
        seed += 1
    return seed


HINT_MAX_NODES = 12_000
"""The hint's search budget, about a second: most deals are won within a few hundred positions (the most
seen, over seeds 0-1499, was under 9,000) and lost ones are searched out or given up within it."""


def hint(state: PenguinState) -> PenguinAction | None:
    """The first move of :func:`solve`'s winning line from ``state``, or None when none is found (maybe lost).

    Following hint after hint plays that line to the end: each hint is the next move of it.
    """
    moves = _winning_line(state, HINT_MAX_NODES)
    return None if moves is None else next(moves, None)
