"""The rules of peapod's five card games, as pure functions over immutable states.

``GAMES`` maps each game's key (also its database value and slash-command group) to its
stateless :class:`games.base.Game` object.
"""

from collections.abc import Callable, Mapping
from typing import Any

from games import peanuts, pebbles, peek, penguin, triplepeaks
from games.ai import peanuts_ai, pebbles_ai
from games.base import Game

GAMES: dict[str, Game] = {
    game.key: game for game in (peanuts.GAME, pebbles.GAME, peek.GAME, penguin.GAME, triplepeaks.GAME)
}

AI_LEVELS: dict[str, Mapping[str, Callable[[], Any]]] = {"pebbles": pebbles_ai.LEVELS, "peanuts": peanuts_ai.LEVELS}
"""The players a table seats for the AI, by game, then by level ("easy", "normal", "hard"): each call makes
a fresh ``games.ai.Player``."""
