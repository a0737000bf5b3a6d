"""Peanuts players and a playout driver, built on the engine's public functions (RULES.md §1, §7.1).

Both players implement :class:`games.ai.Player` with ``choose(state, seat, rng) -> action or None``;
None means "nothing to do now, wait for the other player" (in real-time play there is no pass
action). Only the greedy player ever returns None; call ``choose`` only while the deal runs and,
in the turn-based mode, for the seat to act.

- :class:`RandomPlayer`: any legal action, uniformly.
- :class:`GreedyPlayer`: decides only from what ``GAME.view_for(state, seat)`` shows its seat
  (the face-up cards and the counts of hidden ones), like a person at the table: a building play
  if there is one (peanut top first, then column tops, then the waste), else the peanut top onto
  a column, else a move that empties a column (the peanut top then fills it), else a tail move
  that uncovers a card a building pile takes, else the waste top onto a column, else turning the
  stock. When it is about to turn the waste over and nothing has changed since the last time it
  did (the same columns, peanut pile, building piles and stock), it has gone round its stock in
  vain and says "stuck", then keeps turning; with no stock and waste left it says "stuck" and
  then waits (in the turn-based mode it passes instead: a pass says "stuck" as well). Every move
  but turning plays a card to the middle, takes a card out of the peanut pile or the waste for
  good, or sets up a building play, so two greedy players always end a deal: by "Peanuts!", by
  the blocked check, or by the stall rule of two laps each (§1.8 A9).

:func:`play_out` lets a random seat act each step until the deal ends.
"""

import random
from collections.abc import Hashable, Sequence

from games.ai import Player
from games.base import Seat
from games.cards import Card, Rank
from games.peanuts import (
    GAME,
    PASS,
    PEANUT,
    WASTE,
    Move,
    Pass,
    PeanutsAction,
    PeanutsState,
    PeanutsView,
    Recycle,
    Stuck,
    Turn,
)

PeanutsPlayer = Player[PeanutsState, PeanutsAction | None]
"""A Peanuts player: an action, or None to wait."""

_SOURCE_ORDER = {PEANUT: 0, WASTE: 2}


class RandomPlayer:
    """Picks any legal action with equal chance; a running deal always has one (the stuck toggle)."""

    def choose(self, state: PeanutsState, seat: Seat, rng: random.Random) -> PeanutsAction:
        return rng.choice(GAME.legal_actions(state, seat))


def _is_build(action: PeanutsAction) -> bool:
    return isinstance(action, Move) and action.dest[0] == "b"


def _column(view: PeanutsView, seat: Seat, place: str) -> tuple[Card, ...]:
    return view.players[seat].tableau[int(place[1:]) - 1]


def _empties_column(view: PeanutsView, seat: Seat, move: Move) -> bool:
    return move.source[0] == "c" and _column(view, seat, move.source)[0] == move.card


def _uncovers_a_build(view: PeanutsView, seat: Seat, move: Move) -> bool:
    """Whether the card under the moved tail is an ace or fits on a building pile."""
    column = _column(view, seat, move.source)
    below = column.index(move.card) - 1
    if below < 0:
        return False
    under = column[below]
    return under.rank == Rank.ACE or any(
        pile[-1].suit == under.suit and pile[-1].rank + 1 == under.rank for pile in view.piles
    )


class GreedyPlayer:
    """The greedy player described in the module docstring; ``rng`` breaks ties between equal plays.

    It remembers, per seat, what the table looked like the last time it turned its waste over (and
    the move count then, so that a mark left by another deal, with as many moves or more, is not
    taken for this one); that is all it keeps between calls.
    """

    def __init__(self) -> None:
        self._last_lap: dict[Seat, tuple[int, Hashable]] = {}

    def choose(self, state: PeanutsState, seat: Seat, rng: random.Random) -> PeanutsAction | None:
        return self.decide(GAME.view_for(state, seat), seat, rng)

    def decide(self, view: PeanutsView, seat: Seat, rng: random.Random) -> PeanutsAction | None:
        """The choice for ``seat`` from its view alone (``view.viewer`` must be ``seat``)."""
        actions = view.legal
        if not actions:
            return None
        moves = [action for action in actions if isinstance(action, Move)]
        builds = [move for move in moves if _is_build(move)]
        if builds:
            best = min(_SOURCE_ORDER.get(move.source, 1) for move in builds)
            return rng.choice([move for move in builds if _SOURCE_ORDER.get(move.source, 1) == best])
        shifts = [move for move in moves if move.dest[0] == "c"]
        for useful in (
            [move for move in shifts if move.source == PEANUT],
            [move for move in shifts if _empties_column(view, seat, move)],
            [move for move in shifts if move.source[0] == "c" and _uncovers_a_build(view, seat, move)],
            [move for move in shifts if move.source == WASTE],
        ):
            if useful:
                return rng.choice(useful)
        mine = view.players[seat]
        if any(isinstance(action, Turn) for action in actions):
            return Turn()
        if any(isinstance(action, Recycle) for action in actions):
            table = (mine.tableau, mine.peanut_count, view.piles, mine.waste_count)
            last = self._last_lap.get(seat)
            if last is not None and last[0] < view.moves and last[1] == table and not mine.stuck:
                return Stuck(True)
            self._last_lap[seat] = view.moves, table
            return Recycle()
        if any(isinstance(action, Pass) for action in actions):
            return PASS
        return None if mine.stuck else Stuck(True)


def play_out(
    state: PeanutsState, players: Sequence[PeanutsPlayer], rng: random.Random, max_steps: int = 100_000
) -> tuple[PeanutsState, int]:
    """Let a randomly chosen seat act (in the turn-based mode: the seat to act) until the deal ends,
    nobody wants to act, or ``max_steps``.

    Returns the last state and the number of actions applied.
    """
    steps = 0
    while GAME.outcome(state) is None and steps < max_steps:
        turn = GAME.current_seat(state)
        seats = [0, 1] if turn is None else [turn]
        rng.shuffle(seats)
        for seat in seats:
            action = players[seat].choose(state, seat, rng)
            if action is not None:
                break
        else:
            break
        state = GAME.apply_action(state, seat, action).state
        steps += 1
    return state, steps
