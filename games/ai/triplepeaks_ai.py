"""Fair Triple Peaks players, implementing :class:`games.ai.Player`: ``choose(state, seat, rng)``
decides from ``GAME.view_for(state, seat)`` only, so they never see a face-down tableau card or the
stock order (unlike ``triplepeaks_solver``).

- :class:`RandomPlayer` picks any legal action, the stock included.
- :class:`GreedyPlayer` never turns a stock card while a play exists. Among the plays it takes
  the one that starts the longest chain of cards already face up (each one rank from the last,
  K–A connecting, RULES.md §5.3), then the one that turns up more face-down cards, then the
  lower slot.

:func:`play_out` runs a game to its end with one of them, for tests and benchmarks.
"""

import random
from functools import lru_cache

from games.ai import Player
from games.cards import Card
from games.triplepeaks import (
    COVERED_BY,
    COVERS,
    GAME,
    Play,
    TriplePeaksAction,
    TriplePeaksState,
    TriplePeaksView,
    adjacent,
)


class RandomPlayer:
    """Uniformly random legal actions."""

    def choose(self, state: TriplePeaksState, seat: int, rng: random.Random) -> TriplePeaksAction:
        """Any action of the view's ``legal``."""
        return rng.choice(GAME.view_for(state, seat).legal)


@lru_cache(maxsize=4096)
def _longest(cards: frozenset[tuple[int, Card]], top: Card) -> int:
    """The longest run of plays from ``cards`` (slot, card) onto ``top``, each card one rank from the last."""
    best = 0
    for slot, card in cards:
        if adjacent(card, top):
            best = max(best, 1 + _longest(cards - {(slot, card)}, card))
    return best


def _uncovered(view: TriplePeaksView, slot: int) -> int:
    """How many face-down cards playing ``slot`` turns up."""
    gone = {slot} | {other for other, card in enumerate(view.tableau) if card is None and not view.face_down[other]}
    return sum(
        1 for above in COVERS[slot] if view.face_down[above] and all(other in gone for other in COVERED_BY[above])
    )


class GreedyPlayer:
    """Plays before turning the stock; prefers the longest visible chain, then uncovering cards."""

    def choose(self, state: TriplePeaksState, seat: int, rng: random.Random) -> TriplePeaksAction:
        """The best play by the rule above, or the stock when nothing can be played; ``rng`` is not needed."""
        view = GAME.view_for(state, seat)
        plays = [action for action in view.legal if isinstance(action, Play)]
        if not plays:
            return view.legal[0]
        face_up = frozenset((slot, card) for slot, card in enumerate(view.tableau) if card is not None)

        def rank(play: Play) -> tuple[int, int, int]:
            card = view.tableau[play.slot]
            assert card is not None
            chain = 1 + _longest(face_up - {(play.slot, card)}, card)
            return chain, _uncovered(view, play.slot), -play.slot

        return max(plays, key=rank)


def play_out(
    state: TriplePeaksState, player: Player[TriplePeaksState, TriplePeaksAction], rng: random.Random
) -> TriplePeaksState:
    """Let ``player`` play seat 0 until the game ends; returns the final state."""
    while GAME.outcome(state) is None:
        state = GAME.apply_action(state, 0, player.choose(state, 0, rng)).state
    return state
