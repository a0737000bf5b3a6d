"""Persistence for the table service: one store interface (:class:`Store`), two backends.

- :class:`SqliteStore` (aiosqlite): one file, the default, for one bot process;
- :class:`PostgresStore` (asyncpg): one database shared by several bot processes.

A store tells a :class:`Watcher` (the bot's metrics) of the connections it takes and the errors it raises.

:func:`open_store` opens either from a URL. The store knows rows, JSON and versions, never game
rules or Discord.
"""

from pathlib import Path

from bot.store.postgres import PostgresStore
from bot.store.protocol import ChangeListener, RedrawListener, Store
from bot.store.records import (
    ActionRecord,
    DailyAttempt,
    EntrantRecord,
    GameRecord,
    LiveLaunch,
    LiveSocket,
    NewGame,
    NewTournament,
    PairingRecord,
    PlayerStats,
    Rating,
    RatingChange,
    ResultRecord,
    RoundRecord,
    SchemaTooNewError,
    ScoreRow,
    SeatRecord,
    StaleGameError,
    StoreError,
    StoreUnavailableError,
    TimerRecord,
    TokenRecord,
    TournamentRecord,
    TournamentTimer,
    UserLanguage,
    UserSettings,
)
from bot.store.sql import DEFAULT_CLAIMANT
from bot.store.sqlite import SqliteStore
from bot.store.watcher import Unwatched, Watcher

__all__ = [
    "DEFAULT_CLAIMANT",
    "ActionRecord",
    "ChangeListener",
    "DailyAttempt",
    "EntrantRecord",
    "GameRecord",
    "LiveLaunch",
    "LiveSocket",
    "NewGame",
    "NewTournament",
    "PairingRecord",
    "PlayerStats",
    "PostgresStore",
    "Rating",
    "RatingChange",
    "RedrawListener",
    "ResultRecord",
    "RoundRecord",
    "SchemaTooNewError",
    "ScoreRow",
    "SeatRecord",
    "SqliteStore",
    "StaleGameError",
    "Store",
    "StoreError",
    "StoreUnavailableError",
    "TimerRecord",
    "TokenRecord",
    "TournamentRecord",
    "TournamentTimer",
    "Unwatched",
    "UserLanguage",
    "UserSettings",
    "Watcher",
    "open_store",
    "sqlite_path",
]

SQLITE_PREFIX = "sqlite:///"
POSTGRES_PREFIXES = ("postgresql://", "postgres://")


def sqlite_path(url: str | Path) -> str | None:
    """The file a SQLite URL (``sqlite:///data/peapod.db``) or a plain path names; None for PostgreSQL."""
    text = str(url)
    if text.startswith(POSTGRES_PREFIXES):
        return None
    return text.removeprefix(SQLITE_PREFIX)


async def open_store(
    url: str | Path, *, pool_size: int = 10, statement_timeout: float = 10.0, claimant: str = DEFAULT_CLAIMANT
) -> PostgresStore | SqliteStore:
    """Open and migrate the store a URL names: ``postgresql://…`` for PostgreSQL, ``sqlite:///path``
    or a plain path for SQLite (``pool_size`` and ``statement_timeout`` concern PostgreSQL only).
    ``claimant`` is what the deadlines this process claims are marked with (see :meth:`Store.release_claims`)."""
    path = sqlite_path(url)
    store: PostgresStore | SqliteStore
    if path is None:
        store = await PostgresStore.open(str(url), pool_size=pool_size, statement_timeout=statement_timeout)
    else:
        store = await SqliteStore.open(path)
    store.claimant = claimant
    return store
