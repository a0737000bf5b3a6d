"""Arena pairing, as lichess runs it: no rounds; whoever is free is paired at once.

When a game ends its two players are free again (unless they paused, or the arena's time is up: the
caller leaves those out). :func:`arena_pairings` pairs the free players it can: each, the longest waiting
first, with the free player closest in points (then in rating, then the one waiting longer), never the
opponent either of them just played. Whoever is left waits for the next player to come free. Points are
:func:`bot.core.tournament.standings.arena_scores`.
"""

from collections.abc import Sequence

from bot.core.tournament.model import Entrant, Pairing, PlayerId, Result
from bot.core.tournament.seats import seat_history, seated
from bot.core.tournament.standings import arena_scores


def last_opponents(results: Sequence[Result]) -> dict[PlayerId, PlayerId]:
    """Whom each player met last, ``results`` in the order the games ended (byes are not met)."""
    last: dict[PlayerId, PlayerId] = {}
    for result in results:
        if result.second is not None:
            last[result.first] = result.second
            last[result.second] = result.first
    return last


def arena_pairings(
    entrants: Sequence[Entrant], results: Sequence[Result], free: Sequence[PlayerId]
) -> tuple[Pairing, ...]:
    """Pairings for the ``free`` players (each an entrant, in the order they came free), given every
    result so far in the order the games ended. Raises ValueError if a free player is no entrant or free
    twice."""
    rating = {entrant.player: entrant.rating for entrant in entrants}
    if len(set(free)) != len(free) or any(player not in rating for player in free):
        raise ValueError("the free players must be distinct entrants")
    scores = arena_scores(results)
    points = {player: scores[player].points if player in scores else 0 for player in free}
    last = last_opponents(results)
    seats = seat_history(results)
    waiting = list(free)
    pairings = []
    while waiting:
        player = waiting.pop(0)
        choices = [other for other in waiting if last.get(player) != other and last.get(other) != player]
        if not choices:
            continue
        opponent = min(
            choices,
            key=lambda other: (abs(points[other] - points[player]), abs(rating[other] - rating[player])),
        )
        waiting.remove(opponent)
        higher, lower = sorted((player, opponent), key=lambda p: (-points[p], -rating[p], p))
        pairings.append(seated(higher, lower, seats))
    return tuple(pairings)
