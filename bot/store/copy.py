"""Copy every game, seat, action log, result, deadline, setting and tournament from one store to another
(``python -m bot.store copy SOURCE TARGET``), e.g. from SQLite to PostgreSQL when a bot outgrows one process.

Both stores are migrated first, so their tables have the same names and columns. The copy is one
transaction on the target: it lands whole or not at all. It refuses a target that already holds
games. Afterwards each table's rows are counted on both sides and must match; on PostgreSQL the
id sequences are moved past the copied games and tournaments, so new ones get new ids.
"""

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from bot.store.postgres import PostgresStore
from bot.store.records import StoreError
from bot.store.sql import SqlStore

BATCH = 1000


@dataclass(frozen=True)
class Table:
    """One table to copy: its columns and the order that keeps its rows as they were written."""

    name: str
    columns: tuple[str, ...]
    order: str


TABLES = (
    Table(
        "games",
        (
            "id",
            "kind",
            "options",
            "guild_id",
            "channel_id",
            "message_id",
            "shown_version",
            "status",
            "open_play",
            "host_id",
            "seed",
            "deck",
            "version",
            "state",
            "created_at",
            "updated_at",
            "settings",
            "thread_id",
            "place",
        ),
        "id",
    ),
    Table(
        "seats",
        (
            "game_id",
            "seat",
            "user_id",
            "ai",
            "ready",
            "missed",
            "away",
            "dm_channel_id",
            "dm_message_id",
            "shown_version",
        ),
        "game_id, seat",
    ),
    Table("actions", ("game_id", "seq", "seat", "code", "at", "user_id"), "game_id, seq"),
    Table(
        "results",
        ("game_id", "guild_id", "channel_id", "user_id", "kind", "score", "won", "finished_at", "name"),
        "",
    ),
    Table("timers", ("game_id", "kind", "due_at", "version", "claimed_until"), "game_id, kind"),
    Table("closed_dms", ("user_id", "at"), "user_id"),
    Table("dm_channels", ("user_id", "channel_id"), "user_id"),
    Table("guild_settings", ("guild_id", "key", "value"), "guild_id, key"),
    Table("user_languages", ("user_id", "locale", "chosen"), "user_id"),
    Table("user_settings", ("user_id", "deck", "pictures"), "user_id"),
    Table("ratings", ("guild_id", "kind", "user_id", "mu", "sigma", "games", "updated_at"), "guild_id, kind, user_id"),
    Table(
        "rating_changes",
        ("game_id", "user_id", "guild_id", "kind", "mu_before", "sigma_before", "mu", "sigma", "at"),
        "game_id, user_id",
    ),
    Table(
        "daily_attempts",
        ("day", "kind", "user_id", "game_id", "guild_id", "channel_id", "at"),
        "day, kind, user_id",
    ),
    Table(
        "tournaments",
        (
            "id",
            "guild_id",
            "channel_id",
            "message_id",
            "host_id",
            "kind",
            "format",
            "rounds",
            "round_seconds",
            "arena_seconds",
            "starts_at",
            "max_players",
            "status",
            "round",
            "version",
            "created_at",
            "updated_at",
        ),
        "id",
    ),
    Table(
        "tournament_entrants",
        ("tournament_id", "user_id", "name", "rating", "joined_at", "withdrawn", "paused"),
        "tournament_id, user_id",
    ),
    Table("tournament_rounds", ("tournament_id", "round", "started_at", "due_at", "closed_at"), "tournament_id, round"),
    Table(
        "tournament_pairings",
        (
            "id",
            "tournament_id",
            "round",
            "first_id",
            "second_id",
            "game_id",
            "outcome",
            "note",
            "paired_at",
            "ended_at",
        ),
        "id",
    ),
    Table("tournament_timers", ("tournament_id", "kind", "due_at", "claimed_until"), "tournament_id, kind"),
    Table("table_tokens", ("game_id", "message_id", "token", "expires_at"), "game_id, message_id"),
    Table("live_launches", ("channel_id", "game_id", "launched_by", "at"), "channel_id, game_id"),
    Table("live_instances", ("instance_id", "game_id", "channel_id", "launched_by", "at"), "instance_id, game_id"),
)
"""Every table of the schema, parents before children (foreign keys hold at every step); not ``live_sockets``,
whose rows are the sockets open on the running processes."""


class CopyRefusedError(StoreError):
    """The copy was not started; the text says why, for people."""


Progress = Callable[[str, int, int], None]


def progress_bar(out: TextIO | None = None, width: int = 30) -> Progress:
    """A one-line progress bar per table on ``out`` (standard error by default)."""

    def show(table: str, done: int, total: int) -> None:
        stream = out or sys.stderr
        filled = width if total == 0 else width * done // total
        stream.write(f"\r{table:<15} [{'#' * filled}{'.' * (width - filled)}] {done:>9,}/{total:,}")
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


async def count(store: SqlStore, table: str) -> int:
    return int((await store._fetch(f"SELECT COUNT(*) FROM {table}"))[0][0])


async def copy(source: SqlStore, target: SqlStore, progress: Progress | None = None) -> dict[str, int]:
    """Copy every table of ``source`` into ``target``; return the rows copied per table.

    Raises:
        CopyRefusedError: the target already holds games.
        StoreError: the counts do not match afterwards (nothing is left half-copied: one transaction).
    """
    held = await count(target, "games")
    if held:
        raise CopyRefusedError(
            f"The target already holds {held:,} game{'s' if held != 1 else ''}; copy only into an empty database."
        )
    totals = {table.name: await count(source, table.name) for table in TABLES}
    async with target._transaction() as db:
        for table in TABLES:
            columns = ", ".join(table.columns)
            order = table.order or source.RESULT_ORDER
            insert = f"INSERT INTO {table.name} ({columns}) VALUES ({', '.join('?' for _ in table.columns)})"
            done = 0
            if progress is not None:
                progress(table.name, 0, totals[table.name])
            while True:
                rows: Sequence[Sequence[Any]] = await source._fetch(
                    f"SELECT {columns} FROM {table.name} ORDER BY {order} LIMIT ? OFFSET ?", (BATCH, done)
                )
                if not rows:
                    break
                await db.executemany(insert, [tuple(row) for row in rows])
                done += len(rows)
                if progress is not None:
                    progress(table.name, done, totals[table.name])
        if isinstance(target, PostgresStore):
            for serial in ("games", "tournaments", "tournament_pairings"):
                await db.fetch(
                    f"SELECT setval(pg_get_serial_sequence('{serial}', 'id'), COALESCE(MAX(id), 0) + 1, false) "
                    f"FROM {serial}"
                )
    copied = {table.name: await count(target, table.name) for table in TABLES}
    if copied != totals:
        raise StoreError(f"The copy does not match its source: {copied} copied of {totals}.")
    return copied
