"""Round robin by the circle method: everyone meets everyone once.

Players are placed in seed order (rating) around a circle, the first place fixed; each round the others
turn one place and the circle is read across. With an odd count the fixed place is an empty one, and
whoever faces it that round has the bye (the lowest seed in round 1), so each player has exactly one.
``n`` players play ``n - 1`` rounds (``n`` when odd). Seats alternate as in Berger's tables: the
fixed place changes seat every round, the others by their distance from it, which leaves every player
with as many first seats as second ones, give or take one.
"""

from collections.abc import Sequence

from bot.core.tournament.knockout import seeded
from bot.core.tournament.model import Entrant, Pairing, PlayerId, Round


def round_count(entrants: int) -> int:
    """How many rounds ``entrants`` players need to meet each other once."""
    return entrants - 1 if entrants % 2 == 0 else entrants


def round_robin(entrants: Sequence[Entrant]) -> tuple[Round, ...]:
    """Every round, in order. Raises ValueError if an entrant is named twice."""
    circle: list[PlayerId | None] = [entrant.player for entrant in seeded(entrants)]
    if len(set(circle)) != len(circle):
        raise ValueError("an entrant is named twice")
    if len(circle) % 2:
        circle.insert(0, None)
    size = len(circle)
    rounds = []
    for number in range(round_count(len(entrants))):
        cut = size - 1 - number
        turned = [circle[0], *circle[1:][cut:], *circle[1:][:cut]]
        pairings, byes = [], []
        for place in range(size // 2):
            first, second = turned[place], turned[size - 1 - place]
            if (number if place == 0 else place) % 2:
                first, second = second, first
            if first is None or second is None:
                byes.append(first if second is None else second)
            else:
                pairings.append(Pairing(first, second))
        rounds.append(Round(tuple(pairings), tuple(player for player in byes if player is not None)))
    return tuple(rounds)
