"""Knockout: seeded by rating into a bracket of the next power of two, the top seeds given the byes.

Seeds are placed as usual (1 and 2 can only meet in the final, 1 to 4 not before the semi-finals): in
round 1 seed ``s`` meets seed ``size + 1 - s``, and with fewer players than places the missing
bottom seeds are byes for the top ones. A match is decided by the last result between its two players:
a win (also by forfeit) sends the winner on, a draw the higher seed (the bot may have the game played
again first: only the last result counts), a double forfeit nobody, which gives the next opponent a
walkover.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from bot.core.tournament.model import Entrant, Outcome, Pairing, PlayerId, Result, Round


@dataclass(frozen=True, slots=True)
class Match:
    """One place in the bracket.

    ``first`` and ``second`` are None while the match feeding that side is undecided (then that side is
    not ``known``), and also once it is decided with nobody going on (a bye, a double forfeit). ``winner``
    is whoever goes on, None while undecided or when nobody does.
    """

    first: PlayerId | None
    second: PlayerId | None
    winner: PlayerId | None
    decided: bool
    first_known: bool = True
    second_known: bool = True


Bracket = tuple[tuple[Match, ...], ...]
"""Every round of a knockout, the first round first; round ``r`` has half the matches of round ``r - 1``."""


def seeded(entrants: Sequence[Entrant]) -> tuple[Entrant, ...]:
    """``entrants`` in seed order: highest rating first (then name, then id, so the order is total)."""
    return tuple(sorted(entrants, key=lambda e: (-e.rating, e.name, e.player)))


def seed_order(size: int) -> tuple[int, ...]:
    """The seeds (1-based) of a bracket of ``size`` places (a power of two) from top to bottom, so that
    neighbours meet in round 1 and the best seeds meet as late as possible: 8 gives 1 8 4 5 2 7 3 6."""
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket has a power of two places, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return tuple(order)


def bracket(entrants: Sequence[Entrant], results: Sequence[Result]) -> Bracket:
    """The whole bracket as ``results`` have decided it so far (empty for no entrants)."""
    if not entrants:
        return ()
    seeds = seeded(entrants)
    size = 1
    while size < len(seeds):
        size *= 2
    rank = {entrant.player: index for index, entrant in enumerate(seeds)}
    last = {frozenset(result.players): result for result in results if result.second is not None}
    sides: list[tuple[PlayerId | None, bool]] = [
        (seeds[seed - 1].player if seed <= len(seeds) else None, True) for seed in seed_order(size)
    ]
    if size == 1:
        return ((Match(sides[0][0], None, sides[0][0], True),),)
    rounds = []
    while len(sides) > 1:
        matches = tuple(_match(sides[i], sides[i + 1], last, rank) for i in range(0, len(sides), 2))
        rounds.append(matches)
        sides = [(match.winner, match.decided) for match in matches]
    return tuple(rounds)


def _match(
    top: tuple[PlayerId | None, bool],
    bottom: tuple[PlayerId | None, bool],
    last: dict[frozenset[PlayerId], Result],
    rank: dict[PlayerId, int],
) -> Match:
    """The match between two sides: (who comes from there, whether that is settled)."""
    (first, first_known), (second, second_known) = top, bottom
    if not (first_known and second_known):
        return Match(first, second, None, False, first_known, second_known)
    if first is None or second is None:
        return Match(first, second, first if second is None else second, True)
    result = last.get(frozenset((first, second)))
    if result is None:
        return Match(first, second, None, False)
    return Match(first, second, _winner(result, rank), True)


def _winner(result: Result, rank: dict[PlayerId, int]) -> PlayerId | None:
    if result.outcome is Outcome.DOUBLE_FORFEIT:
        return None
    if result.outcome is Outcome.DRAW:
        return min(result.players, key=rank.__getitem__)
    return next(player for player in result.players if result.mark(player).won)


def knockout_round(entrants: Sequence[Entrant], results: Sequence[Result]) -> tuple[int, Round]:
    """The round to play now (its index in :func:`bracket`, and its games): the earliest round with a match
    undecided, every match of it with two players (decided ones too, so it is the whole round), the higher
    seed in the first seat.

    :attr:`Round.byes` are the players of the round with nobody to meet: the top seeds in round 0, and
    later whoever's opponent was knocked out by a double forfeit (so in a knockout, unlike Swiss, a player
    may have a second bye). Once the final is decided, the index is the number of rounds and the round is
    empty.
    """
    rounds = bracket(entrants, results)
    rank = {entrant.player: index for index, entrant in enumerate(seeded(entrants))}
    for index, matches in enumerate(rounds):
        if all(match.decided for match in matches):
            continue
        pairings = tuple(
            Pairing(*sorted((match.first, match.second), key=rank.__getitem__))
            for match in matches
            if match.first is not None and match.second is not None
        )
        byes = tuple(
            player
            for match in matches
            for player in (match.first, match.second)
            if player is not None and None in (match.first, match.second)
        )
        return index, Round(pairings, byes)
    return len(rounds), Round(())


def champion(entrants: Sequence[Entrant], results: Sequence[Result]) -> PlayerId | None:
    """The winner of the final, or None while it is undecided (or nobody won it)."""
    rounds = bracket(entrants, results)
    return rounds[-1][0].winner if rounds else None
