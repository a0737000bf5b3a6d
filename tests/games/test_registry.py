"""The contract every registered game keeps (games/base.py), checked the same way for all five."""

import json
import random

import pytest

from games import GAMES
from games.base import SCHEMA, Game
from games.errors import CorruptStateError, InvalidActionError, InvalidOptionError
from games.phrases import Phrase

KEYS = {"peanuts", "pebbles", "peek", "penguin", "triplepeaks"}
LONGEST_CODE = 60
"""Room left for an action code in a 100-character custom id after ``pp:<game id>:<version>:``."""

GAME_LIST = [GAMES[key] for key in sorted(GAMES)]


def test_the_five_games_are_registered_under_their_keys():
    assert set(GAMES) == KEYS
    for key, game in GAMES.items():
        assert isinstance(game, Game) and game.key == key and game.title
        assert 1 <= game.min_seats <= game.max_seats <= 4


@pytest.mark.parametrize("game", GAME_LIST, ids=lambda game: game.key)
def test_unknown_options_and_seat_counts_are_refused(game):
    with pytest.raises(InvalidOptionError) as error:
        game.new_state({"no_such_option": True}, game.min_seats, 1)
    assert error.value.phrase.key.startswith("option.unknown") and error.value.phrase.arg("option") == "no_such_option"
    with pytest.raises(InvalidOptionError):
        game.new_state(None, game.max_seats + 1, 1)


@pytest.mark.parametrize("game", GAME_LIST, ids=lambda game: game.key)
@pytest.mark.parametrize("seed", range(5))
def test_codes_round_trip_fit_a_custom_id_and_snapshots_survive_json(game, seed):
    """Along a random game: every legal code parses back to its action; snapshots load back equal."""
    rng = random.Random(seed)
    state = game.new_state(None, game.max_seats, seed)
    for _ in range(60):
        assert game.from_dict(json.loads(json.dumps(game.to_dict(state)))) == state
        assert game.to_dict(state)["schema"] == SCHEMA and game.to_dict(state)["game"] == game.key
        if game.outcome(state) is not None:
            break
        seats = [game.current_seat(state)] if game.current_seat(state) is not None else range(game.max_seats)
        choices = [(seat, action) for seat in seats for action in game.legal_actions(state, seat)]
        for _, action in choices:
            assert game.parse_action(action.code) == action
            assert len(action.code) <= LONGEST_CODE and action.code.isascii() and isinstance(action.phrase, Phrase)
        seat, action = rng.choice(choices)
        state = game.apply_action(state, seat, action).state


@pytest.mark.parametrize("game", GAME_LIST, ids=lambda game: game.key)
@pytest.mark.parametrize("garbage", ["", "zz", "!!!", "x" * 500, "p:", ">"])
def test_garbage_codes_are_refused_with_a_sentence(game, garbage):
    with pytest.raises(InvalidActionError) as refused:
        game.parse_action(garbage)
    assert str(refused.value).endswith((".", ")", "!"))


@pytest.mark.parametrize("game", GAME_LIST, ids=lambda game: game.key)
@pytest.mark.parametrize("damaged", [{}, {"schema": SCHEMA}, {"schema": 999, "game": "x"}, []])
def test_damaged_snapshots_are_refused(game, damaged):
    with pytest.raises(CorruptStateError):
        game.from_dict(damaged)


@pytest.mark.parametrize("game", GAME_LIST, ids=lambda game: game.key)
def test_a_snapshot_with_only_its_header_is_refused(game):
    with pytest.raises(CorruptStateError):
        game.from_dict({"schema": SCHEMA, "game": game.key})
    state = game.to_dict(game.new_state(None, game.min_seats, 3))
    for key in state:
        if key not in ("schema", "game"):
            broken = dict(state, **{key: "garbage"})
            with pytest.raises(CorruptStateError):
                game.from_dict(broken)
