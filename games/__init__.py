"""The rules of peapod's five card games, as pure functions over immutable states.

``GAMES`` maps each game's key (also its database value and slash-command group) to its
stateless :class:`games.base.Game` object. The players, hints and timeout moves for each game
are in :mod:`games.ai.registry`, under the same keys.
"""

from games import peanuts, pebbles, peek, penguin, triplepeaks
from games.base import Game

GAMES: dict[str, Game] = {
    game.key: game for game in (peanuts.GAME, pebbles.GAME, peek.GAME, penguin.GAME, triplepeaks.GAME)
}
