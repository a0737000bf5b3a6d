"""Peanuts players and a playout driver, built on the engine's public functions (RULES.md §1, §7.1).

Both players implement :class:`games.ai.Player` with ``choose(state, seat, rng) -> action or None``;
None means "nothing useful to do now, wait for the other player" (play is simultaneous, so there is
no pass action). Only the greedy player ever returns None; call ``choose`` only while the deal runs.

- :class:`RandomPlayer`: any legal action, uniformly.
- :class:`GreedyPlayer`: a building play if there is one (peanut top first, then column tops, then
  the waste), else the peanut top onto a column, else a whole column onto another (which pulls
  the next peanut card into the emptied column), else the next move of a line to a building play
  found by the engine's blocked check (:func:`games.peanuts.search`). When that search proves the
  player blocked it says "stuck" once and then waits. Every step plays a card to the middle,
  shortens the peanut pile, or follows a line one move nearer its end (a line is kept until it is
  done or the building piles change), so a deal between two greedy players always ends by
  "Peanuts!" or by the blocked check.

:func:`play_out` lets a random seat act each step until the deal ends.
"""

import random
from collections.abc import Sequence
from dataclasses import replace

from games.ai import Player
from games.base import Seat
from games.cards import Card
from games.peanuts import (
    GAME,
    PEANUT,
    WASTE,
    Layout,
    Move,
    PeanutsAction,
    PeanutsState,
    Recycle,
    Stuck,
    Turn,
    search,
    step,
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


def _empties_column(state: PeanutsState, action: PeanutsAction) -> bool:
    if not isinstance(action, Move) or action.source[0] != "c" or action.dest[0] != "c":
        return False
    seat = action.card.deck
    return state.players[seat].tableau[int(action.source[1:]) - 1][0] == action.card


_PLANS: dict[tuple[Layout, tuple[Card, ...]], PeanutsAction] = {}
"""The greedy player's memo: the next move of a line found earlier, by (layout, building pile tops).

Following a line to its end instead of searching again after each step keeps the player fast,
and it is what guarantees progress: a new search from the middle of a line could pick another
line of any length.
"""
_PLANS_LIMIT = 50_000


def _remember_plan(key: tuple[Layout, tuple[Card, ...]], line: tuple[PeanutsAction, ...]) -> None:
    if len(_PLANS) + len(line) > _PLANS_LIMIT:
        _PLANS.clear()
    layout, tops = key
    for action in line:
        _PLANS[layout, tops] = action
        layout = replace(step(layout, action), fan=0, stuck=False)


class GreedyPlayer:
    """The greedy player described in the module docstring; ``rng`` breaks ties between equal plays.

    ``choose`` returns None (wait) once the player has said "stuck" and the blocked check still proves
    it cannot reach the middle, when the check gave up without a line and there is no stock to turn,
    and once the deal is over.
    """

    def choose(self, state: PeanutsState, seat: Seat, rng: random.Random) -> PeanutsAction | None:
        actions = GAME.legal_actions(state, seat)
        if not actions:
            return None
        builds = [action for action in actions if _is_build(action)]
        if builds:
            best = min(_SOURCE_ORDER.get(action.source, 1) for action in builds)
            return rng.choice([action for action in builds if _SOURCE_ORDER.get(action.source, 1) == best])
        from_peanut = [action for action in actions if isinstance(action, Move) and action.source == PEANUT]
        if from_peanut:
            return rng.choice(from_peanut)
        emptying = [action for action in actions if _empties_column(state, action)]
        if emptying:
            return rng.choice(emptying)
        layout = state.players[seat]
        key = (replace(layout, fan=0, stuck=False), tuple(pile[-1] for pile in state.piles))
        planned = _PLANS.get(key)
        if planned is not None:
            return planned
        result = search(layout, state.piles)
        if result.line:
            _remember_plan(key, result.line)
            return result.line[0]
        if result.blocked:
            return None if layout.stuck else Stuck(True)
        return next((action for action in actions if isinstance(action, Turn | Recycle)), None)


def play_out(
    state: PeanutsState, players: Sequence[PeanutsPlayer], rng: random.Random, max_steps: int = 100_000
) -> tuple[PeanutsState, int]:
    """Let a randomly chosen seat act until the deal ends, nobody wants to act, or ``max_steps``.

    Returns the last state and the number of actions applied.
    """
    steps = 0
    while GAME.outcome(state) is None and steps < max_steps:
        seats = [0, 1]
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
