"""Two Peek players built only on the engine's public functions: uniform random and greedy.

Both implement :class:`games.ai.Player`: ``choose(state, seat, rng) -> action`` for a running game
(Peek has one seat, 0). The greedy player is the model of RULES.md §6.4: it plays every card that
can go to a foundation as soon as it can, so the suit order of F2–F4 is whichever base-rank card
turns up first; otherwise it turns the stock, and turns the waste over when the stock is empty. In
the one-card game every foundation move only widens later options, so this play is optimal once the
suit order is fixed; the greedy player wins about a quarter of the deals (one-card, two redeals).
"""

import random

from games.ai import Player
from games.peek import GAME, PeekAction, PeekState, Play


class RandomPlayer:
    """Picks any legal action with equal chance."""

    def choose(self, state: PeekState, seat: int, rng: random.Random) -> PeekAction:
        return rng.choice(GAME.legal_actions(state, seat))


class GreedyPlayer:
    """Plays the first card that can go home (reserves 1–4, then the waste), else turns the stock."""

    def choose(self, state: PeekState, seat: int, rng: random.Random) -> PeekAction:
        actions = GAME.legal_actions(state, seat)
        for action in actions:
            if isinstance(action, Play):
                return action
        return actions[0]


def play_out(state: PeekState, player: Player[PeekState, PeekAction], rng: random.Random) -> tuple[PeekState, int]:
    """Let ``player`` finish the game; returns the final state and the number of actions taken."""
    actions = 0
    while GAME.outcome(state) is None:
        state = GAME.apply_action(state, 0, player.choose(state, 0, rng)).state
        actions += 1
    return state, actions
