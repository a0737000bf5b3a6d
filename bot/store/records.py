"""The small typed records the store returns instead of rows, and the store's errors."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class StoreError(Exception):
    """Base class of the errors the store raises on purpose."""


class StaleGameError(StoreError):
    """A save lost the race: the game's version is no longer the one the caller loaded."""

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(f"Game {game_id} is no longer at version {version}.")
        self.game_id = game_id
        self.version = version


class SchemaTooNewError(StoreError):
    """The database was migrated by a newer peapod than this one."""


class StoreUnavailableError(StoreError):
    """The database did not answer (a restart, a lost connection, a statement past its timeout).

    Nothing was half-saved: the transaction it interrupted was rolled back. Its text is for people.
    """

    def __init__(
        self, message: str = "The game database is not answering right now; nothing was changed. Try again in a moment."
    ) -> None:
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class ResultRecord:
    """How one seat's player finished a game."""

    user_id: int
    score: int
    won: bool


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat at a table: who sits there (None: empty, or the AI), and its private message."""

    seat: int
    user_id: int | None
    ai: bool = False
    ready: bool = True
    """False while an invited player has not accepted yet."""
    missed: int = 0
    """Turns in a row that the turn timer played for this seat."""
    away: bool = False
    """The AI plays this seat until its player is back."""
    dm_channel_id: int | None = None
    dm_message_id: int | None = None


@dataclass(frozen=True, slots=True)
class NewGame:
    """Everything needed to create a game row and its seats.

    A game is created ``dealing``: it only becomes ``active`` once its table message exists
    (``Store.set_message``), so a deal whose message never appeared is never played.
    """

    kind: str
    options: Mapping[str, Any]
    guild_id: int | None
    channel_id: int | None
    players: tuple[int | None, ...]
    open_play: bool
    seed: int
    deck: tuple[str, ...] | None
    state: Mapping[str, Any]
    at: float
    finished: bool = False
    results: tuple[ResultRecord, ...] = ()
    ai_seats: frozenset[int] = frozenset()
    host_id: int | None = None
    seating: bool = False
    """A lobby: seats may still be empty (``None``) or invited (not ``ready``); nothing is dealt yet."""
    invited: frozenset[int] = frozenset()
    """Seats whose player was invited and has not accepted yet."""
    settings: Mapping[str, Any] = field(default_factory=dict)
    place: str = "server"
    """Where the game is played (a ``bot.core.places.Place`` value, migration 0013)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game as stored: its settings, seats, status, version and latest snapshot."""

    id: int
    kind: str
    options: Mapping[str, Any]
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    status: str
    """'dealing', 'seating', 'active', 'finished' or 'cancelled' (migration 0002)."""
    open_play: bool
    seed: int
    deck: tuple[str, ...] | None
    version: int
    state: Mapping[str, Any]
    created_at: float
    updated_at: float
    seats: tuple[SeatRecord, ...]
    shown_version: int | None = None
    """The version the table message shows; behind ``version`` when a redraw was lost."""
    host_id: int | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)
    """How the table is run, apart from the rules (turn timer, the AI's pace, practice)."""
    thread_id: int | None = None
    """The thread the table is played in (migration 0007), or None: it lives in ``channel_id``."""
    place: str = "server"
    """Where the game is played (a ``bot.core.places.Place`` value, migration 0013)."""

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def players(self) -> tuple[int | None, ...]:
        """The user id in each seat (None for an empty or AI seat)."""
        return tuple(seat.user_id for seat in self.seats)


@dataclass(frozen=True, slots=True)
class TimerRecord:
    """A deadline kept in the database: ``kind`` fires for ``game_id`` at ``due_at`` (epoch seconds)."""

    game_id: int
    kind: str
    due_at: float
    version: int | None = None
    """The game version the deadline was set for (a turn's timer belongs to that position only)."""


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One line of a game's append-only action log."""

    seq: int
    seat: int
    code: str
    at: float
    user_id: int | None = None
    """Who made it (None for the bot: a timer's play, an AI seat; and for logs older than migration 5)."""


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's results at one game in one server: totals, and the latest results oldest first."""

    kind: str
    games: int
    wins: int
    best: int
    recent: tuple[tuple[int, bool], ...]
    """(score, won) of the latest games, oldest first."""


@dataclass(frozen=True, slots=True)
class UserLanguage:
    """What a user reads: the Discord locale they last used with peapod, and the language they chose (None:
    their Discord client's)."""

    locale: str | None
    chosen: str | None


@dataclass(frozen=True, slots=True)
class UserSettings:
    """A person's own choices for what peapod shows them (``/settings``): the deck their pictures are drawn
    in (``"standard"`` or ``"four-colour"``) and whether their private views are pictures."""

    deck: str = "standard"
    pictures: bool = True


@dataclass(frozen=True, slots=True)
class DailyAttempt:
    """One player's attempt at one game's daily deal: its game, and where it was asked for."""

    day: str
    """The UTC date, ``YYYY-MM-DD``."""
    kind: str
    user_id: int
    game_id: int
    guild_id: int | None
    channel_id: int | None
    at: float


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill rating in one server for one game (OpenSkill's mean and uncertainty)."""

    user_id: int
    mu: float
    sigma: float
    games: int
    """Rated games played."""

    @property
    def ordinal(self) -> float:
        """The rating the tables rank by: sure to within three uncertainties (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one rated game did to one player's rating: ``before`` as read, then the new mean and uncertainty."""

    before: Rating
    mu: float
    sigma: float


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One player's line on a channel's scoreboard for one game kind."""

    user_id: int
    games: int
    wins: int
    best: int
    name: str | None = None
    """The player's name when they last finished a game here (None if the bot never saw it)."""


@dataclass(frozen=True, slots=True)
class NewTournament:
    """Everything needed to open a tournament's sign-up (migration 0011)."""

    guild_id: int
    channel_id: int
    host_id: int
    kind: str
    format: str
    rounds: int
    round_seconds: float
    arena_seconds: float
    starts_at: float
    max_players: int
    at: float


@dataclass(frozen=True, slots=True)
class EntrantRecord:
    """One entrant of a tournament: their seed rating when they joined, and whether they left or pause."""

    user_id: int
    name: str
    rating: float
    joined_at: float
    withdrawn: bool = False
    paused: bool = False


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round of a tournament: when it began, when its clock runs out, and when it was closed."""

    round: int
    started_at: float
    due_at: float | None
    closed_at: float | None


@dataclass(frozen=True, slots=True)
class PairingRecord:
    """One match of a tournament (``second_id`` None: a bye), its game once dealt, its result once over."""

    id: int
    round: int
    first_id: int
    second_id: int | None
    game_id: int | None
    outcome: str | None
    """None while it runs; else an ``Outcome`` value of ``bot.core.tournament``."""
    note: str | None
    paired_at: float
    ended_at: float | None


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A tournament as stored, with its entrants (in the order they joined), rounds and pairings."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    kind: str
    format: str
    rounds: int
    round_seconds: float
    arena_seconds: float
    starts_at: float
    max_players: int
    status: str
    """'signup', 'running', 'finished' or 'cancelled'."""
    round: int
    version: int
    created_at: float
    updated_at: float
    entrants: tuple[EntrantRecord, ...] = ()
    round_records: tuple[RoundRecord, ...] = ()
    pairings: tuple[PairingRecord, ...] = ()


@dataclass(frozen=True, slots=True)
class TournamentTimer:
    """A tournament's deadline: ``kind`` ('start', 'round', 'arena') fires at ``due_at``, claimed like a game's."""

    tournament_id: int
    kind: str
    due_at: float


@dataclass(frozen=True, slots=True)
class TokenRecord:
    """An interaction's token that may edit a table message (the interaction's own), until ``expires_at``."""

    message_id: int
    token: str
    expires_at: float


@dataclass(frozen=True, slots=True)
class LiveLaunch:
    """A Play live click: the race ``game_id`` launched as the Activity of ``channel_id`` by ``launched_by``."""

    game_id: int
    channel_id: int
    launched_by: int
    at: float


@dataclass(frozen=True, slots=True)
class LiveSocket:
    """An open socket of the live race: which process holds it, for whom, since when, last heard from when."""

    id: int
    instance_id: str
    game_id: int
    user_id: int
    process: str
    joined_at: float
    seen_at: float
