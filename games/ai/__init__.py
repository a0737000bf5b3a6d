"""Players and solvers built only on the games' public functions.

Every game with players here (``peek_ai``, ``triplepeaks_ai``, ``pebbles_ai``, ``peanuts_ai``) has a
``RandomPlayer`` and a ``GreedyPlayer`` class that implement :class:`Player`, and a ``play_out``
helper that runs a game to its end with them, so a caller (tests, benchmarks, AI seats in the
bot) can drive any of them the same way.

Each of those modules also has ``LEVELS``, the players by difficulty: a dict with exactly the keys
"easy", "normal" and "hard", whose values make a fresh player. "normal" is the ``GreedyPlayer``;
"easy" a weaker one that misses plays a person would miss; "hard" the strongest fair player (in
the patiences it is the one behind ``hint(state) -> (action, reason)``). Every level decides from
``GAME.view_for(state, seat)`` alone, so two states that look the same from its seat get the same
choice from the same ``rng`` (the Pebbles and Nuts hard player also remembers the tricks it saw in
the running deal, as a player with a good memory does). ``python -m bench.arena`` pits the levels
against each other.

:mod:`games.ai.registry` gathers what a table needs of these modules by game key: the levels it seats,
the hints, the move made when a turn clock runs out. The engines never import this package.
"""

import random
from typing import Protocol, TypeVar

StateT_contra = TypeVar("StateT_contra", contravariant=True)
ActionT_co = TypeVar("ActionT_co", covariant=True)


class Player(Protocol[StateT_contra, ActionT_co]):
    """Anything that picks an action for one seat of a running game.

    ``choose(state, seat, rng)`` returns one of ``GAME.legal_actions(state, seat)``; call it only
    while ``GAME.outcome(state)`` is None and, in turn-based games, for ``GAME.current_seat(state)``.
    A player may look at the whole ``state`` only if it limits itself to what ``GAME.view_for(state,
    seat)`` shows; the greedy players do exactly that, so they never use a card the seat cannot see.
    All randomness comes from ``rng``, so the same seed gives the same game.

    The one exception to "an action" is Peanuts (``ActionT_co`` is ``PeanutsAction | None`` there):
    both players act whenever they like and there is no pass action, so a Peanuts player returns
    None when nothing is worth doing now and it waits for the other player (the greedy player once
    it has said "stuck" and the blocked check proves it cannot move, RULES.md §1.5).
    """

    def choose(self, state: StateT_contra, seat: int, rng: random.Random) -> ActionT_co:
        """One legal action for ``seat`` (for Peanuts: or None to wait)."""
        ...
