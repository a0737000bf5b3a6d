"""Tournaments for a whole server (issue #26): the sign-up, the rounds, each match an ordinary game, the
standings and the podium; the pairing and the standings themselves are the pure functions of
:mod:`bot.core.tournament`, given the entrants and results these concerns keep in the database.

One concern a module, each an object given what it uses, built in :func:`bot.core.service.compose`:

- :mod:`.views`: what they share and hand out (:class:`TournamentView`, :class:`Progress`, the refusal);
- :mod:`.records`: a tournament's rows loaded and shown, the questions of the Discord layer, the finish;
- :mod:`.signup`: opening a sign-up (for a game two play), joining, leaving or withdrawing, start, cancel;
- :mod:`.rounds`: the rounds paired, dealt and closed, and the deadlines (start, a round's clock, an arena's
  end) fired once each; it hears of every game's end from the tables (``Tables.when_ended``);
- :mod:`.arena`: an arena pairing its players as they come free, and its pauses;
- :mod:`.referee`: deciding a match its game did not end (the round's clock ran out, a player withdrew);
- :mod:`.matches`: each pairing dealt as a game of two, and the matches a stopped process left unshown.

Everything the Discord layer shows comes back as :class:`Progress`; what happens outside any command (a
game's end, a deadline) is also told to the listeners given to :meth:`Rounds.listen`.
"""

from dataclasses import dataclass

from bot.core.tournaments.arena import Arena
from bot.core.tournaments.matches import Matches
from bot.core.tournaments.records import Records
from bot.core.tournaments.referee import Referee
from bot.core.tournaments.rounds import Rounds
from bot.core.tournaments.signup import SignUp
from bot.core.tournaments.views import SEATS, Leads, Listener, Progress, TournamentError, TournamentView

__all__ = [
    "SEATS",
    "Arena",
    "Leads",
    "Listener",
    "Matches",
    "Progress",
    "Records",
    "Referee",
    "Rounds",
    "SignUp",
    "TournamentError",
    "TournamentView",
    "Tournaments",
]


@dataclass(frozen=True, slots=True)
class Tournaments:
    """The tournament concerns of one table service."""

    records: Records
    signup: SignUp
    rounds: Rounds
    arena: Arena
    referee: Referee
    matches: Matches
