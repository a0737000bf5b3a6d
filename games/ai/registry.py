"""What a table asks of the AI, by game key: the players it seats by level, a hint for the player, and the
move it makes for a seat whose turn clock ran out.

The engines know nothing of these (the players and solvers are built on the engines, so an engine that
asked them would import its own AI back). A table service is handed the three maps beside the games, as
``TableService(store, games=GAMES, levels=AI_LEVELS, hints=HINTS, timeouts=TIMEOUT_ACTIONS)``, and looks a
game up in each by its key: a game missing from a map seats no AI, offers no hint, or has the table's own
timeout move played for it (the first legal action).
"""

from collections.abc import Callable, Mapping
from typing import Any

from games.ai import Player, peanuts_ai, pebbles_ai, peek_ai, penguin_solver, triplepeaks_ai
from games.base import Hint, Seat
from games.peek import PeekState
from games.penguin import PenguinState
from games.phrases import Phrase
from games.triplepeaks import TriplePeaksState

AI_LEVELS: dict[str, Mapping[str, Callable[[], Player[Any, Any]]]] = {
    "pebbles": pebbles_ai.LEVELS,
    "peanuts": peanuts_ai.LEVELS,
}
"""The players a table seats for the AI, by game, then by level ("easy", "normal", "hard"): each call makes
a fresh :class:`games.ai.Player`. Only the games played against other seats have them."""


def _peek_hint(state: PeekState) -> Hint:
    """The hard player's move from the player's own view (the face-down cards stay unknown to it), and why."""
    return Hint(*peek_ai.hint(state))


def _penguin_hint(state: PenguinState) -> Hint | None:
    """A move on the solver's winning line; fair because every Penguin card is face up."""
    action = penguin_solver.hint(state)
    return None if action is None else Hint(action, Phrase.of("penguin.why.winning_line"))


def _triplepeaks_hint(state: TriplePeaksState) -> Hint:
    """The hard player's move from the player's own view (the face-down cards stay unknown to it), and why."""
    return Hint(*triplepeaks_ai.hint(state))


HINTS: dict[str, Callable[[Any], Hint | None]] = {
    "peek": _peek_hint,
    "penguin": _penguin_hint,
    "triplepeaks": _triplepeaks_hint,
}
"""A good move for the player of a one-player game, from what they see, and why; None when none is found.
It may search for about a second, so a caller on an event loop runs it in a worker thread."""

TIMEOUT_ACTIONS: dict[str, Callable[[Any, Seat], Any]] = {"pebbles": pebbles_ai.timeout_action}
"""The move played for the seat to act when its turn clock runs out (Pebbles and Nuts: RULES.md §7.2)."""
