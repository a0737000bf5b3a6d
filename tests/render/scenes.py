"""Views of every table kind along random games, at their ends and after resignations: enough positions
that every word a picture can draw is drawn in one of them."""

import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from games.errors import InvalidOptionError
from games.peanuts import GAME as PEANUTS
from games.pebbles import GAME as PEBBLES
from games.peek import GAME as PEEK
from games.penguin import GAME as PENGUIN
from games.triplepeaks import GAME as TRIPLEPEAKS

GAMES: dict[str, tuple[Any, int, tuple[dict | None, ...]]] = {
    "peanuts": (PEANUTS, 2, (None,)),
    "pebbles": (PEBBLES, 2, (None, {"decks": 2}, {"either_partner_declares": True})),
    "peek": (PEEK, 1, (None, {"three_card": True})),
    "penguin": (PENGUIN, 1, (None,)),
    "triplepeaks": (TRIPLEPEAKS, 1, (None, {"multiplier": True}, {"progressive": True})),
}


def _line(game: Any, seats: int, options: dict | None, seed: int, steps: int = 600) -> Iterator[Any]:
    """Positions of one random game: each step a random seat with a legal action plays one at random."""
    rng = random.Random(seed)
    try:
        state = game.new_state(options, seats, seed)
    except InvalidOptionError:
        return
    yield state
    for _ in range(steps):
        if game.outcome(state) is not None:
            return
        movers = [seat for seat in range(seats) if game.legal_actions(state, seat)]
        if not movers:
            return
        seat = rng.choice(movers)
        state = game.apply_action(state, seat, rng.choice(game.legal_actions(state, seat))).state
        yield state


@cache
def states(kind: str) -> tuple[Any, ...]:
    """Every few positions of random games of ``kind`` with each of its options (4 seats too for Pebbles),
    each game's end, and a resignation near its middle."""
    game, seats, options = GAMES[kind]
    found = []
    sizes = (2, 3, 4) if kind == "pebbles" else (seats,)
    for size in sizes:
        for option in options:
            for seed in (1, 2):
                line = list(_line(game, size, option, seed))
                if not line:
                    continue
                found += line[::7] + [line[-1]]
                found.append(game.resign(line[len(line) // 2], 0).state)
    return tuple(found)


def views(kind: str, viewer: int | None = None) -> tuple[Any, ...]:
    """The views of :func:`states` for ``viewer`` (None: the public)."""
    game = GAMES[kind][0]
    return tuple(game.view_for(state, viewer) for state in states(kind))
