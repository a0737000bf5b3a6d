"""Who takes the first seat: seats alternate, so the player owed the first seat gets it."""

from collections.abc import Iterable

from bot.core.tournament.model import Pairing, PlayerId, Result

SeatHistory = dict[PlayerId, tuple[int, int]]
"""Per player: (first seats minus second seats, the last seat taken: 1 first, -1 second)."""


def seat_history(results: Iterable[Result]) -> SeatHistory:
    """Every player's seats over ``results`` (in the order played); a bye is no seat."""
    history: SeatHistory = {}
    for result in results:
        if result.second is None:
            continue
        for player, seat in ((result.first, 1), (result.second, -1)):
            balance, _ = history.get(player, (0, 0))
            history[player] = (balance + seat, seat)
    return history


def seated(higher: PlayerId, lower: PlayerId, history: SeatHistory) -> Pairing:
    """``higher`` and ``lower`` (ranked so) in their seats: the one who has sat first less often takes the
    first seat, then the one who sat second last time, then ``higher``."""
    if history.get(lower, (0, 0)) < history.get(higher, (0, 0)):
        return Pairing(lower, higher)
    return Pairing(higher, lower)
