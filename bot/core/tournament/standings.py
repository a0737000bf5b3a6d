"""Points and standings, from the results so far.

Swiss, round robin and knockout score a win (also by forfeit, also a bye) 1, a draw ½, anything else 0.
An arena scores as lichess does (:func:`arena_scores`): a win 2, a draw 1; after two wins in a row a player
is on a streak, in which a win scores 4 and a draw 2, until a game is not won.

Tie-breaks (Swiss and round robin only, in this order):

- Buchholz: the sum of the points of every opponent the player was paired with (forfeits included, a bye
  is nobody and adds nothing);
- Sonneborn-Berger: the sum over those pairings of the player's points from it times the opponent's points
  (a beaten opponent counts whole, a drawn one half).

Players level on points and tie-breaks share a rank; among them the higher rated is listed first.
"""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.core.tournament.model import Entrant, Format, Mark, PlayerId, Result

POINTS: dict[Mark, float] = {
    Mark.WIN: 1.0,
    Mark.FORFEIT_WIN: 1.0,
    Mark.BYE: 1.0,
    Mark.DRAW: 0.5,
    Mark.LOSS: 0.0,
    Mark.FORFEIT_LOSS: 0.0,
}
"""What a result is worth outside an arena."""

ARENA_WIN = 2
ARENA_DRAW = 1
STREAK = 2
"""Wins in a row that put an arena player on a streak (their next results count double)."""


@dataclass(frozen=True, slots=True)
class ArenaScore:
    """An arena player's points so far and how many results in a row they have won."""

    points: int = 0
    wins_in_a_row: int = 0

    @property
    def on_streak(self) -> bool:
        """Their next result counts double."""
        return self.wins_in_a_row >= STREAK

    def after(self, mark: Mark) -> "ArenaScore":
        """The score once ``mark`` is added."""
        factor = 2 if self.on_streak else 1
        if mark.won:
            return ArenaScore(self.points + factor * ARENA_WIN, self.wins_in_a_row + 1)
        if mark is Mark.DRAW:
            return ArenaScore(self.points + factor * ARENA_DRAW, 0)
        return ArenaScore(self.points, 0)


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings; the tie-breaks are None where the format has none."""

    rank: int
    entrant: Entrant
    points: float
    buchholz: float | None
    sonneborn_berger: float | None
    games: int
    """Games played over the table (forfeits and byes are not games)."""
    on_streak: bool = False
    """Arena only: the player's next result counts double."""


def points(results: Iterable[Result]) -> dict[PlayerId, float]:
    """Every player's points outside an arena (players without a result are absent)."""
    totals: dict[PlayerId, float] = defaultdict(float)
    for result in results:
        for player in result.players:
            totals[player] += POINTS[result.mark(player)]
    return dict(totals)


def arena_scores(results: Iterable[Result]) -> dict[PlayerId, ArenaScore]:
    """Every arena player's score; ``results`` in the order the games ended."""
    scores: dict[PlayerId, ArenaScore] = {}
    for result in results:
        for player in result.players:
            scores[player] = scores.get(player, ArenaScore()).after(result.mark(player))
    return scores


def standings(form: Format, entrants: Sequence[Entrant], results: Sequence[Result]) -> tuple[Standing, ...]:
    """The standings of ``entrants`` (every one, with or without results), best first.

    ``results`` may name players no longer among ``entrants`` (withdrawn): they count for their opponents'
    tie-breaks. An arena's results must be in the order its games ended.
    """
    games: dict[PlayerId, int] = defaultdict(int)
    for result in results:
        for player in result.players:
            games[player] += result.mark(player).played
    streaks: dict[PlayerId, bool] = {}
    buchholz: dict[PlayerId, float] = {}
    berger: dict[PlayerId, float] = {}
    if form is Format.ARENA:
        scores = arena_scores(results)
        totals = {player: float(score.points) for player, score in scores.items()}
        streaks = {player: score.on_streak for player, score in scores.items()}
    else:
        totals = points(results)
    if form in (Format.SWISS, Format.ROUNDROBIN):
        buchholz, berger = _tie_breaks(results, totals)

    def key(entrant: Entrant) -> tuple[float, float, float]:
        player = entrant.player
        return (-totals.get(player, 0.0), -buchholz.get(player, 0.0), -berger.get(player, 0.0))

    ordered = sorted(entrants, key=lambda e: (key(e), -e.rating, e.name, e.player))
    lines: list[Standing] = []
    for index, entrant in enumerate(ordered):
        rank = lines[-1].rank if lines and key(ordered[index - 1]) == key(entrant) else index + 1
        player = entrant.player
        tie_breaks = form in (Format.SWISS, Format.ROUNDROBIN)
        lines.append(
            Standing(
                rank=rank,
                entrant=entrant,
                points=totals.get(player, 0.0),
                buchholz=buchholz.get(player, 0.0) if tie_breaks else None,
                sonneborn_berger=berger.get(player, 0.0) if tie_breaks else None,
                games=games[player],
                on_streak=streaks.get(player, False),
            )
        )
    return tuple(lines)


def _tie_breaks(
    results: Iterable[Result], totals: dict[PlayerId, float]
) -> tuple[dict[PlayerId, float], dict[PlayerId, float]]:
    """Buchholz and Sonneborn-Berger of every player with a result."""
    buchholz: dict[PlayerId, float] = defaultdict(float)
    berger: dict[PlayerId, float] = defaultdict(float)
    for result in results:
        for player in result.players:
            opponent = result.opponent(player)
            if opponent is None:
                continue
            buchholz[player] += totals[opponent]
            berger[player] += POINTS[result.mark(player)] * totals[opponent]
    return dict(buchholz), dict(berger)
