"""The one registry of what each game offers in Discord, read by help, the cogs and the presenter.

A game is brought to Discord by its engine (``games/``), its picture (``render/``) and one
:class:`~bot.ui.kind.KindUI` entry in its module here (``bot/ui/<game>.py``), listed below.
Nothing else names the game.
"""

from bot.ui import peanuts, pebbles, peek, penguin, triplepeaks
from bot.ui.kind import KindUI

KINDS: dict[str, KindUI] = {
    kind.key: kind for kind in (penguin.KIND, peek.KIND, triplepeaks.KIND, pebbles.KIND, peanuts.KIND)
}
