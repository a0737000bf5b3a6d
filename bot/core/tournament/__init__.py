"""Tournament pairing and standings: pure functions of entrants and results (no discord, no store, no clock).

The values (:mod:`.model`): an :class:`Entrant` (player id, name, rating), a :class:`Pairing` (two
players, first seat first), a :class:`Round` (pairings and byes), a :class:`Result` (a pairing's
:class:`Outcome`, or a bye), and what a result was for one player (:class:`Mark`). Results are passed in
the order they were played or ended; a game cut short by the end of a round gets its outcome from
:func:`unfinished_outcome`.

The formats (:class:`Format`), one module each:

- arena (:func:`arena_pairings`): no rounds; free players are paired at once, close in points;
- Swiss (:func:`swiss_round`): a round at a time, equal points meet, no rematch if avoidable, as a
  maximum-weight matching (networkx);
- knockout (:func:`bracket`, :func:`knockout_round`): seeded by rating, byes to the top seeds;
- round robin (:func:`round_robin`): the circle method, every round at once.

A player without an opponent in a round gets a bye, which the caller records as ``Result.bye(player)``:
a win, at most once per player where the format can help it. :func:`standings` ranks the entrants with
the points and tie-breaks of their format.

How a front end drives each format (everything here is a pure function of what it is given, so the
caller stores entrants and results and passes them back in; the time is the caller's too):

- Swiss: when a round is due, ``swiss_round(active, results)`` (``active``: the entrants still playing,
  withdrawn ones left out; ``results``: all so far, in the order played); store the round once, record
  a :class:`Result` per pairing as its game ends (at the round's deadline, ``unfinished_outcome`` for a
  game still going) and ``Result.bye`` for each bye.
- Round robin: ``round_robin(entrants)`` once gives every round; play them in order as in Swiss.
- Knockout: ``knockout_round(entrants, results)`` gives the round to play now (all its pairings, and its
  byes); ``bracket`` gives the picture's data, ``champion`` the winner.
- Arena: whenever players come free (at the start, when a game ends, when a paused player comes back),
  ``arena_pairings(entrants, results, free)`` with ``results`` in the order the games ended and
  ``free`` the players not playing, not paused, in the order they came free; those not paired wait.
  No new pairings once the arena's time is up; games still going then count when they end.
"""

from bot.core.tournament.arena import arena_pairings, last_opponents
from bot.core.tournament.knockout import Bracket, Match, bracket, champion, knockout_round, seed_order, seeded
from bot.core.tournament.model import (
    Entrant,
    Format,
    Mark,
    Outcome,
    Pairing,
    PlayerId,
    Result,
    Round,
    unfinished_outcome,
)
from bot.core.tournament.roundrobin import round_count, round_robin
from bot.core.tournament.standings import ArenaScore, Standing, arena_scores, points, standings
from bot.core.tournament.swiss import swiss_round

__all__ = [
    "ArenaScore",
    "Bracket",
    "Entrant",
    "Format",
    "Mark",
    "Match",
    "Outcome",
    "Pairing",
    "PlayerId",
    "Result",
    "Round",
    "Standing",
    "arena_pairings",
    "arena_scores",
    "bracket",
    "champion",
    "knockout_round",
    "last_opponents",
    "points",
    "round_count",
    "round_robin",
    "seed_order",
    "seeded",
    "standings",
    "swiss_round",
    "unfinished_outcome",
]
