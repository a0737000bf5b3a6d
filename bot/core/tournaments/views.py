"""What the tournament concerns share and hand out: the refusal they raise, a tournament as the Discord layer
shows it (:class:`TournamentView`), what a call or an event did (:class:`Progress`), and a record's entrants
and results as the pure functions of :mod:`bot.core.tournament` take them."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

from bot.core.errors import ServiceError
from bot.core.tables import Table
from bot.core.tournament import Bracket, Entrant, Format, Outcome, Result, Standing
from bot.i18n import N_
from bot.store import PairingRecord, TournamentRecord
from games.base import Outcome as GameOutcome
from games.phrases import Phrase

Leads: TypeAlias = Mapping[str, Callable[[Any], float]]
"""How far the first seat is ahead in an unfinished game, by game key (``games.leads.LEADS``)."""
Listener: TypeAlias = Callable[["Progress"], None]

SEATS = 2
"""A tournament's match is a game of two: the games it may play are those two can play."""
START = "start"
ROUND = "round"
ARENA = "arena"
SWISS_ROUNDS = 3
ROUND_MINUTES = 20.0
ARENA_MINUTES = 30.0
MAX_PLAYERS = 64
LIST_LIMIT = 10
ARENA_OVER = Phrase.of("tournament.arena_over")


class TournamentError(ServiceError):
    """A tournament refused a join, a leave, a start or a command; the message says why."""

    message = N_("That cannot be done in this tournament.")


@dataclass(frozen=True, slots=True)
class TournamentView:
    """A tournament as the Discord layer shows it: its record, the standings, and a knockout's bracket."""

    record: TournamentRecord
    title: str
    format: Format
    standings: tuple[Standing, ...]
    total_rounds: int | None
    """Rounds it will play (None: an arena, or not known before the start)."""
    bracket: Bracket | None = None
    ends_at: float | None = None
    """When an arena's time is up."""
    round_due: float | None = None
    """When the current round's clock runs out."""

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def status(self) -> str:
        return self.record.status

    def current(self) -> tuple[PairingRecord, ...]:
        """The matches of the round being played (an arena: every match still going)."""
        if self.format is Format.ARENA:
            return tuple(p for p in self.record.pairings if p.outcome is None)
        return tuple(p for p in self.record.pairings if p.round == self.record.round)

    def name_of(self, user_id: int | None) -> str:
        return name_in(self.record, user_id)


@dataclass(frozen=True, slots=True)
class Progress:
    """What a tournament call or event did: the tournament now, the matches just dealt (to post, each in a
    thread with its players pinged), the matches the clock stopped (to redraw), and what to announce."""

    tournament: TournamentView
    dealt: tuple[Table, ...] = ()
    stopped: tuple[Table, ...] = ()
    notes: tuple[Phrase, ...] = ()
    """What to announce, as phrases (``bot.words`` words them in the server's language)."""
    podium: tuple[Standing, ...] = ()
    """Set when the tournament has just finished: everyone ranked first to third (players level share a rank,
    and the next rank skips as many: 1, 2, 2, 4)."""


def outcome_of(result: GameOutcome) -> Outcome:
    """A finished game's result from the first seat's side."""
    if not result.winners:
        return Outcome.DRAW
    return Outcome.FIRST_WON if 0 in result.winners else Outcome.SECOND_WON


def results_of(record: TournamentRecord) -> list[Result]:
    """The results so far, in the order the matches ended (byes when they were given)."""
    ended = [p for p in record.pairings if p.outcome is not None]
    ended.sort(key=lambda p: (p.ended_at if p.ended_at is not None else p.paired_at, p.id))
    return [Result(p.first_id, p.second_id, Outcome(p.outcome)) for p in ended if p.outcome is not None]


def entrants_of(record: TournamentRecord, *, active: bool = False) -> list[Entrant]:
    return [Entrant(e.user_id, e.name, e.rating) for e in record.entrants if not (active and e.withdrawn)]


def name_in(record: TournamentRecord, user_id: int | None) -> str:
    """An entrant's name as they signed up."""
    return next((e.name for e in record.entrants if e.user_id == user_id), "nobody")
