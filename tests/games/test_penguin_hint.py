"""Penguin hints can be followed: hint after hint wins, never undoing a move, within the solver's line."""

import random

from games.ai import penguin_solver
from games.ai.penguin_solver import HINT_MAX_NODES, hint, solve
from games.penguin import GAME, TO_CELL, Move, PenguinState

FOLLOWED_SEEDS = range(2, 202)
"""200 deals the solver wins within the hint's budget (seed 1 is lost)."""
MARGIN = 5


def follow_hints(state: PenguinState, limit: int) -> tuple[PenguinState, int]:
    """Apply hint after hint through the validating engine, at most ``limit`` times; returns the end and the count.

    Fails if a hint is missing, takes a card out of a cell the hint before put it in, or leads back
    to a position already passed.
    """
    seen = {(state.columns, state.cells)}
    moves, last = 0, None
    while GAME.outcome(state) is None and moves < limit:
        action = hint(state)
        assert action is not None, f"no hint after {moves} moves"
        if last is not None and last.dest == TO_CELL:
            assert not (action.source[0] == "k" and action.card == last.card), f"hint {moves + 1} undoes the one before"
        last = action
        state = GAME.apply_action(state, 0, action).state
        moves += 1
        assert (state.columns, state.cells) not in seen, f"hint {moves} ({action.code}) returns to an earlier position"
        seen.add((state.columns, state.cells))
    return state, moves


def test_following_hints_wins_every_deal():
    """From each of 200 deals, the hints win within the solver's solution length plus a small margin."""
    for seed in FOLLOWED_SEEDS:
        state = GAME.new_state(None, 1, seed)
        solution = solve(state, max_nodes=HINT_MAX_NODES)
        assert solution is not None, f"seed {seed}"
        end, moves = follow_hints(state, len(solution) + MARGIN)
        assert GAME.outcome(end).winners == (0,), f"seed {seed}: not won after {moves} hints"


def test_each_answer_is_the_rest_of_the_one_before():
    """With nothing remembered between calls, the solution after the first move is the rest of the solution."""
    state = GAME.new_state(None, 1, 3)
    penguin_solver._LINES.clear()
    solution = solve(state)
    assert solution is not None
    for index, action in enumerate(solution):
        state = GAME.apply_action(state, 0, action).state
        penguin_solver._LINES.clear()
        assert solve(state) == solution[index + 1 :]


def test_hints_from_a_position_the_player_made():
    """After moves of the player's own (cards in cells among them) the hints still play the solver's line out."""
    state = GAME.new_state(None, 1, 6)
    rng = random.Random(6)
    while sum(card is not None for card in state.cells) < 3:
        moves = [action for action in GAME.legal_actions(state, 0) if isinstance(action, Move)]
        state = GAME.apply_action(state, 0, rng.choice(moves)).state
    solution = solve(state, max_nodes=HINT_MAX_NODES)
    assert solution is not None
    end, moves = follow_hints(state, len(solution))
    assert GAME.outcome(end).winners == (0,)
    assert moves == len(solution)
