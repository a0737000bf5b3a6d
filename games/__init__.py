"""The rules of peapod's five card games, as pure functions over immutable states.

``GAMES`` maps each game's key (also its database value and slash-command group) to its
stateless :class:`games.base.Game` object.
"""

from typing import Any

from games import peanuts, pebbles, peek, penguin, triplepeaks
from games.ai import peanuts_ai, pebbles_ai
from games.base import Game

GAMES: dict[str, Game] = {
    game.key: game for game in (peanuts.GAME, pebbles.GAME, peek.GAME, penguin.GAME, triplepeaks.GAME)
}

AI_PLAYERS: dict[str, Any] = {"pebbles": pebbles_ai.GreedyPlayer(), "peanuts": peanuts_ai.GreedyPlayer()}
"""The player the table seats for the AI, by game (``games.ai.Player``)."""
