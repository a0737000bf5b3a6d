"""Two Pebbles and Nuts players built on the engine's public functions: uniform random and greedy.

Both implement :class:`games.ai.Player`: ``choose(state, seat, rng) -> action`` for the seat to act.
The greedy player decides from ``GAME.view_for(state, seat)`` only, so it never uses a card it could
not see at the table. Its rules of thumb:

- declare the meld worth most whenever one is offered; as a trick winner without a meld, hand the
  declaration to the partner when that option is on; decline as the partner without a meld;
- following, value each card by the trick as it would stand after it: the card points it would win
  for its own side, or give away to another side, and prefer the cheapest card that does it;
- leading, play a card worth no points and as weak as possible, hearts last.

:func:`timeout_action` is the move RULES.md §7.2 suggests when a player's turn clock runs out;
:func:`play_out` lets one player per seat finish a game.
"""

import random
from collections.abc import Sequence

from games.ai import Player
from games.cards import Card
from games.pebbles import (
    GAME,
    STRENGTH,
    TRUMP,
    Declare,
    Pass,
    PebblesAction,
    PebblesState,
    PebblesView,
    Phase,
    Play,
    card_points,
    is_ace_of_spades,
    trick_winner,
)


class RandomPlayer:
    """Picks any legal action with equal chance."""

    def choose(self, state: PebblesState, seat: int, rng: random.Random) -> PebblesAction:
        return rng.choice(GAME.legal_actions(state, seat))


class GreedyPlayer:
    """Melds at once, wins tricks worth points and gives away the pebbles (see the module docstring)."""

    def choose(self, state: PebblesState, seat: int, rng: random.Random) -> PebblesAction:
        view = GAME.view_for(state, seat)
        declares = [action for action in view.legal if isinstance(action, Declare)]
        if declares:
            return max(declares, key=lambda action: action.points)
        if view.phase == Phase.PARTNER or (view.may_declare and Pass() in view.legal):
            return Pass()
        plays = [action for action in view.legal if isinstance(action, Play)]
        if not view.trick:
            return min(plays, key=lambda action: _lead_cost(action.card))
        return max(plays, key=lambda action: _follow_value(view, seat, action.card))


def _lead_cost(card: Card) -> float:
    """Lower is better: no points, weak, not a heart (hearts win tricks later)."""
    return abs(card_points([card])) + STRENGTH[card.rank] / 10 + (1 if card.suit == TRUMP else 0)


def _follow_value(view: PebblesView, seat: int, card: Card) -> float:
    """Card points won (+) or given to another side (−) by the trick after playing ``card``,
    halved when more players are still to play; cheap cards break ties."""
    cards: Sequence[Card] = [played for _, played in view.trick] + [card]
    winner_seat = (view.trick[0][0] + trick_winner(cards)) % view.seats
    points = card_points(cards)
    mine = view.sides[winner_seat] == view.sides[seat]
    value = float(points if mine else -points)
    if len(cards) < view.seats:
        value /= 2
    spend = STRENGTH[card.rank] + (8 if card.suit == TRUMP else 0) + (4 if is_ace_of_spades(card) else 0)
    return value - spend / 100


def timeout_action(state: PebblesState, seat: int) -> PebblesAction:
    """§7.2: on a turn timeout play the lowest legal card (a heart last among equals), never A♠ unless forced,
    and declare nothing: a trick winner leads that card (leading is the pass; the declaration is not handed to
    the partner), and a partner deciding on a handed-over declaration passes."""
    actions = GAME.legal_actions(state, seat)
    plays = [action for action in actions if isinstance(action, Play)]
    if not plays:
        return Pass()
    card_order = {
        action: (is_ace_of_spades(action.card), STRENGTH[action.card.rank], action.card.suit == TRUMP)
        for action in plays
    }
    return min(plays, key=card_order.__getitem__)


def play_out(
    state: PebblesState, players: Sequence[Player[PebblesState, PebblesAction]], rng: random.Random
) -> tuple[PebblesState, int]:
    """Let ``players[seat]`` act for each seat until the game ends; returns the final state and the action count."""
    actions = 0
    while (seat := GAME.current_seat(state)) is not None:
        state = GAME.apply_action(state, seat, players[seat].choose(state, seat, rng)).state
        actions += 1
    return state, actions
