"""Swiss pairing: a round at a time, players with equal points meet, nobody meets anyone twice if that
can be helped.

A round is one maximum-weight matching (networkx's ``max_weight_matching``, maximum cardinality) over
every pair of players, plus a "bye" node joined to whoever may take the bye when the count is odd. The
weight of a pair ranks four wishes, each worth more than everything below it put together:

1. no rematch (a pair that met before keeps its edge, so a round is always complete, but without this
   weight: a rematch happens only when no other complete round exists);
2. the bye to the lowest-ranked player who has not had one (anyone, once everybody has had one);
3. equal points: the weight falls with the square of the points between the two (two pairs a half
   point apart are better than one a whole point apart);
4. within a score group, top half against bottom half (the 1st of 8 against the 5th, the 2nd against
   the 6th ...), which is also round 1 when everyone is on nothing: rated top half against bottom half.

Ranks within the round are by points, then rating. Seats alternate: the player who has sat first less
often (then the one who sat second last time, then the higher ranked) takes the first seat.
"""

from collections import defaultdict
from collections.abc import Sequence

import networkx as nx

from bot.core.tournament.model import Entrant, PlayerId, Result, Round
from bot.core.tournament.seats import seat_history, seated
from bot.core.tournament.standings import points


def swiss_round(entrants: Sequence[Entrant], results: Sequence[Result]) -> Round:
    """The next round for ``entrants`` (those still playing), given every result so far in the order played.

    Every entrant is paired or, one at most, given the bye. Raises ValueError if an entrant is named twice.
    """
    ids = [entrant.player for entrant in entrants]
    if len(set(ids)) != len(ids):
        raise ValueError("an entrant is named twice")
    if not entrants:
        return Round(())
    halves = {player: round(2 * total) for player, total in points(results).items()}
    ranked = sorted(entrants, key=lambda e: (-halves.get(e.player, 0), -e.rating, e.name, e.player))
    players = [entrant.player for entrant in ranked]
    score = [halves.get(player, 0) for player in players]
    met = {frozenset(result.players) for result in results if result.second is not None}
    had_bye = {result.first for result in results if result.second is None}
    graph = _graph(players, score, met, had_bye)
    bye_node = len(players)
    byes: tuple[PlayerId, ...] = ()
    pairs = []
    for a, b in nx.max_weight_matching(graph, maxcardinality=True):
        if bye_node in (a, b):
            byes = (players[min(a, b)],)
        else:
            pairs.append((min(a, b), max(a, b)))
    seats = seat_history(results)
    pairings = tuple(seated(players[a], players[b], seats) for a, b in sorted(pairs))
    return Round(pairings, byes)


def _graph(
    players: list[PlayerId], score: list[int], met: set[frozenset[PlayerId]], had_bye: set[PlayerId]
) -> nx.Graph:
    """The weighted pairs of one round (nodes are indices into ``players``, ranked best first)."""
    count = len(players)
    spread = max(score) - min(score)
    level = spread * spread + 1
    group_size: dict[int, int] = defaultdict(int)
    place: list[int] = []
    for value in score:
        place.append(group_size[value])
        group_size[value] += 1
    fold_unit = 1
    score_unit = fold_unit * (count * count + 1)
    bye_unit = score_unit * level * (count + 1)
    fresh_unit = bye_unit * (count + 1) * (count + 2)
    graph = nx.Graph()
    for a in range(count):
        for b in range(a + 1, count):
            gap = score[a] - score[b]
            weight = score_unit * (level - gap * gap)
            if gap == 0:
                half = group_size[score[a]] // 2
                weight += fold_unit * (count - abs(place[b] - place[a] - half))
            if frozenset((players[a], players[b])) not in met:
                weight += fresh_unit
            graph.add_edge(a, b, weight=weight)
    if count % 2:
        may_take = [a for a in range(count) if players[a] not in had_bye] or list(range(count))
        for a in may_take:
            graph.add_edge(a, count, weight=fresh_unit + score_unit * level + bye_unit * (a + 1))
    return graph
