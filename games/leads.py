"""How far the first seat is ahead in an unfinished two-player game, by game key: what decides a tournament
match still going when its round's clock runs out (``bot.core.tournament.unfinished_outcome``).

Peanuts: by cards left in the peanut piles (the second's minus the first's); Pebbles: by points so far.
A game without a measure here is decided level (a draw) when both players showed.
"""

from collections.abc import Callable, Mapping
from typing import Any

from games import peanuts, pebbles


def peanuts_lead(state: peanuts.PeanutsState) -> float:
    first, second = state.players
    return float(len(second.peanut) - len(first.peanut))


def pebbles_lead(state: pebbles.PebblesState) -> float:
    first, second = pebbles.live_scores(state)[:2]
    return float(first - second)


LEADS: Mapping[str, Callable[[Any], float]] = {"peanuts": peanuts_lead, "pebbles": pebbles_lead}
