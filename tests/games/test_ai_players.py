"""The players of games/ai, driven alike through the common :class:`games.ai.Player` protocol."""

import random
from types import ModuleType
from typing import Any

import pytest

from games import peanuts, pebbles, peek, triplepeaks
from games.ai import Player, peanuts_ai, pebbles_ai, peek_ai, triplepeaks_ai
from games.base import Game

AI_MODULES = [(peek, peek_ai), (triplepeaks, triplepeaks_ai), (pebbles, pebbles_ai), (peanuts, peanuts_ai)]
MAX_ACTIONS = 20_000


def play_whole_game(game: Game[Any], players: list[Player[Any, Any]], state: Any, rng: random.Random) -> Any:
    """Let ``players[seat]`` act until the game ends, asking only through ``choose``; every answer must be legal.

    In turn-based games the seat to act is asked; in Peanuts (no current seat) the seats are asked in
    a random order and the first that does not wait (None) acts.
    """
    for _ in range(MAX_ACTIONS):
        if game.outcome(state) is not None:
            return state
        turn = game.current_seat(state)
        seats = [turn] if turn is not None else rng.sample(range(len(players)), len(players))
        for seat in seats:
            action = players[seat].choose(state, seat, rng)
            if action is None:
                assert game is peanuts.GAME, f"{game.key}: a player returned None"
                continue
            assert action in game.legal_actions(state, seat)
            state = game.apply_action(state, seat, action).state
            break
        else:
            pytest.fail(f"{game.key}: every seat waits in a running game")
    pytest.fail(f"{game.key}: no end after {MAX_ACTIONS} actions")


@pytest.mark.parametrize(("game_module", "ai"), AI_MODULES, ids=lambda module: module.__name__.split(".")[-1])
@pytest.mark.parametrize("kind", ["RandomPlayer", "GreedyPlayer"])
def test_players_finish_whole_games_with_legal_actions(game_module: ModuleType, ai: ModuleType, kind: str):
    """Both players of every game, every seat count, a few seeds: only legal actions, and the game ends."""
    game = game_module.GAME
    player = getattr(ai, kind)()
    for seats in range(game.min_seats, game.max_seats + 1):
        for seed in range(3):
            rng = random.Random(seed)
            final = play_whole_game(game, [player] * seats, game.new_state(None, seats, seed), rng)
            assert game.outcome(final) is not None


@pytest.mark.parametrize(("game_module", "ai"), AI_MODULES, ids=lambda module: module.__name__.split(".")[-1])
def test_same_seed_same_game(game_module: ModuleType, ai: ModuleType):
    """All randomness comes from ``rng``: the same seed plays the same game."""
    game = game_module.GAME
    players = [ai.RandomPlayer(), ai.GreedyPlayer()] * 2
    seats = game.max_seats
    first, second = (
        play_whole_game(game, players[:seats], game.new_state(None, seats, 7), random.Random(7)) for _ in range(2)
    )
    assert game.to_dict(first) == game.to_dict(second)
