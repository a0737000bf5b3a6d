"""games/ai/registry.py: what a table asks of the AI, by game key, for the games that exist."""

import random

import pytest

from games import GAMES, pebbles
from games.ai.registry import AI_LEVELS, HINTS, TIMEOUT_ACTIONS
from games.base import Hint
from games.phrases import Phrase


def test_every_map_is_keyed_by_registered_games():
    """The registry names only games there are: the AI seats at the tables of several, hints in the patiences."""
    assert set(AI_LEVELS) == {key for key, game in GAMES.items() if game.max_seats > 1}
    assert set(HINTS) == {"peek", "penguin", "triplepeaks"}
    assert set(TIMEOUT_ACTIONS) <= set(GAMES)
    for levels in AI_LEVELS.values():
        assert list(levels) == ["easy", "normal", "hard"]


@pytest.mark.parametrize("key", sorted(HINTS))
def test_a_hint_is_a_legal_move_with_a_reason(key):
    game = GAMES[key]
    state = game.new_state(None, 1, 0)
    hint = HINTS[key](state)
    assert isinstance(hint, Hint) and hint.action in game.legal_actions(state, 0)
    assert isinstance(hint.why, Phrase) and hint.why.key.startswith(f"{key}.why.")


def test_a_penguin_deal_without_a_win_has_no_hint():
    """Seed 257 cannot be won (RULES.md §4.8 A3): no hint, rather than a move off every winning line."""
    assert HINTS["penguin"](GAMES["penguin"].new_state(None, 1, 257)) is None


@pytest.mark.parametrize("seed", range(5))
def test_the_pebbles_timeout_move_is_legal_along_a_game(seed):
    game, rng = pebbles.GAME, random.Random(seed)
    state = game.new_state(None, 3, seed)
    while (seat := game.current_seat(state)) is not None:
        action = TIMEOUT_ACTIONS["pebbles"](state, seat)
        assert action in game.legal_actions(state, seat)
        state = game.apply_action(state, seat, rng.choice([action, *game.legal_actions(state, seat)])).state
