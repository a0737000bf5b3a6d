"""The Penguin solver: its wins replay through the engine, and it wins most deals (RULES.md §6.4)."""

import random

import pytest

from games.ai.penguin_solver import hint, solve, winnable_seed
from games.penguin import GAME, Move
from tests.games.helpers import play_through
from tests.games.test_penguin import no_moves_position, position


def test_solution_of_a_known_deal_replays_to_a_win():
    """Seed 0 is solved with Move actions only, and the moves win through apply_action."""
    state = GAME.new_state(None, 1, 0)
    solution = solve(state)
    assert solution and all(isinstance(action, Move) for action in solution)
    final = play_through(GAME, state, solution)
    assert GAME.outcome(final).winners == (0,)


def test_solution_from_the_middle_of_a_game():
    """The solver starts from any running position, with cards already in cells and at home."""
    state = GAME.new_state(None, 1, 4)
    rng = random.Random(4)
    for _ in range(6):
        state = GAME.apply_action(state, 0, rng.choice(GAME.legal_actions(state, 0))).state
    solution = solve(state)
    assert solution is not None
    assert GAME.outcome(play_through(GAME, state, solution)).winners == (0,)


def test_finished_column_makes_room_for_another():
    """Seed 1070 needs a swap: a finished column goes into the cells so that an n = 12 run can take its place."""
    state = GAME.new_state(None, 1, 1070)
    solution = solve(state)
    assert solution is not None
    assert GAME.outcome(play_through(GAME, state, solution)).winners == (0,)


def test_nearly_won_position():
    """With one card left in a cell the answer is that card going home."""
    state = position("5S", ["", "", "", "", "", "", ""], cells=["", "4S"], home="4C 4D 4H 3S")
    assert solve(state) == (Move("k2", "f"),)


def test_finished_games():
    """A won game needs no moves; a lost or resigned one has no solution."""
    won = GAME.apply_action(position("5S", [""] * 7, cells=["4S"], home="4C 4D 4H 3S"), 0, Move("k1", "f")).state
    assert solve(won) == ()
    assert solve(no_moves_position()) is None
    assert solve(GAME.resign(GAME.new_state(None, 1, 0), 0).state) is None


def test_unwinnable_deal_is_reported():
    """Seed 1 (beak J♠) cannot be won: the search exhausts it and answers None."""
    assert solve(GAME.new_state(None, 1, 1)) is None


def test_node_budget_is_respected():
    """A budget too small for the deal gives None instead of searching on."""
    assert solve(GAME.new_state(None, 1, 3), max_nodes=5) is None


def test_winnable_seed_skips_unwinnable_deals():
    """winnable_seed returns the first seed the solver wins."""
    assert winnable_seed(0) == 0
    assert winnable_seed(1) == 2


@pytest.mark.slow
def test_solver_wins_most_deals():
    """Over 100 random deals the solver wins at least 85% (RULES §6.4: about 90–99% are winnable)."""
    wins = 0
    for seed in range(1000, 1100):
        state = GAME.new_state(None, 1, seed)
        solution = solve(state)
        if solution is not None:
            for action in solution:
                state = GAME.apply_action(state, 0, action).state
            assert GAME.outcome(state).winners == (0,)
            wins += 1
    assert wins >= 85


def test_hint_is_the_first_move_of_a_winning_line():
    state = GAME.new_state(None, 1, winnable_seed(0))
    move = hint(state)
    assert move in GAME.legal_actions(state, 0)
    assert solve(GAME.apply_action(state, 0, move).state) is not None


def test_hint_is_none_on_a_lost_deal():
    """Seed 257 cannot be won (RULES.md §4.8 A3); the hint gives up within its smaller budget."""
    assert hint(GAME.new_state(None, 1, 257)) is None
