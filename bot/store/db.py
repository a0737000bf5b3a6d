"""The SQLite store (aiosqlite): games, seats, action logs and results (ARCHITECTURE.md, STYLE.md 7.6).

- ``Store.open(path)`` connects (``":memory:"`` works), turns on WAL for files, ``synchronous=NORMAL``
  and ``foreign_keys=ON``, then applies the numbered migrations ``migrations/NNNN_*.sql`` that are newer
  than ``PRAGMA user_version``, all inside ONE transaction.
- Every value is bound with ``?``. JSON columns (options, state) go in and come out as mappings.
- ``save_action`` is the version-checked save: in one transaction it bumps the version
  ``WHERE id = ? AND version = ?``, appends the action row (``seq`` = the new version) and writes the
  snapshot, status and result rows. When the version moved on it rolls back and raises
  :class:`StaleGameError` (the caller decides whether to retry or report; nothing is ever merged).
- One connection serves many coroutines, so the store serialises its own use of it with a lock:
  two transactions on one connection must never interleave. Separate ``Store`` objects (other
  processes) are kept apart by SQLite's locks (``BEGIN IMMEDIATE`` + a busy timeout) and the version check.
- Timestamps are Unix epoch seconds (floats) passed in by the caller.
"""

import asyncio
import json
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import aiosqlite

from bot.store.records import (
    ActionRecord,
    GameRecord,
    NewGame,
    ResultRecord,
    SchemaTooNewError,
    ScoreRow,
    SeatRecord,
    StaleGameError,
    StoreError,
    TimerRecord,
)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
BUSY_TIMEOUT_MS = 5000
MEMORY = ":memory:"

_GAME_COLUMNS = (
    "id, kind, options, guild_id, channel_id, message_id, status, open_play, seed, deck, version, state, "
    "created_at, updated_at, shown_version, host_id, settings"
)


def migrations(folder: Path = MIGRATIONS) -> list[tuple[int, Path]]:
    """The numbered migration files in order; numbers must run 1, 2, 3… without gaps."""
    found = sorted((int(match[1]), path) for path in folder.iterdir() if (match := MIGRATION_NAME.match(path.name)))
    numbers = [number for number, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise ValueError(f"Migrations in {folder} must be numbered 0001, 0002, … without gaps; found {numbers}.")
    return found


def _statements(script: str) -> Iterable[str]:
    """Split an SQL script into complete statements (``sqlite3.complete_statement`` decides)."""
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            yield pending.strip()
            pending = ""
    leftover = "\n".join(line for line in pending.splitlines() if not line.strip().startswith("--")).strip()
    if leftover:
        raise ValueError(f"Incomplete SQL statement at the end of a migration: {leftover[:80]!r}")


class Store:
    """The database of games. Create with ``await Store.open(path)``; ``await store.close()`` at the end."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Self:
        """Connect to ``path`` (``":memory:"`` for a private in-memory database) and migrate it."""
        is_file = str(path) != MEMORY
        if is_file:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        try:
            if is_file:
                await connection.execute("PRAGMA journal_mode=WAL")
            await connection.execute("PRAGMA synchronous=NORMAL")
            await connection.execute("PRAGMA foreign_keys=ON")
            await connection.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            store = cls(connection)
            await store.migrate()
        except BaseException:
            await connection.close()
            raise
        return store

    async def close(self) -> None:
        """Close the connection."""
        async with self._lock:
            await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: ``BEGIN IMMEDIATE``, then COMMIT, or ROLLBACK on any error."""
        async with self._lock:
            # BEGIN sits inside the try: if we are cancelled while it runs, the rollback (queued behind
            # it on aiosqlite's thread) still closes the transaction before the lock is released.
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                yield self._db
                await self._db.commit()
            except BaseException:
                await self._db.rollback()
                raise

    async def _fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock, self._db.execute(sql, parameters) as cursor:
            return list(await cursor.fetchall())

    async def schema_version(self) -> int:
        """The number of the last migration applied (``PRAGMA user_version``)."""
        rows = await self._fetchall("PRAGMA user_version")
        return int(rows[0][0])

    async def migrate(self, folder: Path = MIGRATIONS) -> int:
        """Apply every migration newer than the database, in one transaction; return how many ran.

        Raises:
            SchemaTooNewError: the database has migrations this code does not know.
        """
        known = migrations(folder)
        # SQLite's table-rebuild procedure needs foreign keys off; the pragma is a no-op inside a transaction.
        async with self._lock:
            await self._db.execute("PRAGMA foreign_keys=OFF")
        try:
            return await self._migrate(known)
        finally:
            async with self._lock:
                await self._db.execute("PRAGMA foreign_keys=ON")

    async def _migrate(self, known: list[tuple[int, Path]]) -> int:
        async with self._transaction() as db:
            async with db.execute("PRAGMA user_version") as cursor:
                row = await cursor.fetchone()
            current = int(row[0]) if row else 0
            if current > len(known):
                raise SchemaTooNewError(
                    f"The database is at schema {current} but this peapod only knows {len(known)} migrations."
                )
            pending = known[current:]
            for _, path in pending:
                for statement in _statements(path.read_text(encoding="utf-8")):
                    await db.execute(statement)
            if pending:
                async with db.execute("PRAGMA foreign_key_check") as cursor:
                    broken = await cursor.fetchone()
                if broken is not None:
                    raise StoreError(f"A migration left a broken foreign key in table {broken[0]}.")
                # PRAGMA takes no bound parameters; the value is an int from our own file names.
                await db.execute(f"PRAGMA user_version = {int(pending[-1][0])}")
        return len(pending)

    async def create_game(self, new: NewGame) -> GameRecord:
        """Insert a game (version 0, ``dealing`` unless the deal already ended it) with its seats; return it."""
        deck = " ".join(new.deck) if new.deck is not None else None
        async with self._transaction() as db:
            cursor = await db.execute(
                "INSERT INTO games (kind, options, guild_id, channel_id, status, open_play, host_id, seed, deck, "
                "version, state, created_at, updated_at, settings) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
                (
                    new.kind,
                    json.dumps(dict(new.options), sort_keys=True),
                    new.guild_id,
                    new.channel_id,
                    "finished" if new.finished else "seating" if new.seating else "dealing",
                    int(new.open_play),
                    new.host_id,
                    new.seed,
                    deck,
                    json.dumps(new.state, separators=(",", ":")),
                    new.at,
                    new.at,
                    json.dumps(dict(new.settings), sort_keys=True),
                ),
            )
            game_id = cursor.lastrowid
            if game_id is None:
                raise RuntimeError("SQLite did not report the new game's id.")
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, ai, ready) VALUES (?, ?, ?, ?, ?)",
                [
                    (game_id, seat, user_id, int(seat in new.ai_seats), int(seat not in new.invited))
                    for seat, user_id in enumerate(new.players)
                ],
            )
            if new.finished:
                await self._insert_results(db, game_id, new.results, new.at)
        record = await self.load_game(game_id)
        if record is None:
            raise RuntimeError(f"Game {game_id} vanished right after it was created.")
        return record

    async def load_game(self, game_id: int) -> GameRecord | None:
        """The game with this id, or None."""
        async with self._lock:
            async with self._db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)) as cursor:
                row = await cursor.fetchone()
            if row is None:
                return None
            async with self._db.execute(
                "SELECT seat, user_id, ai, ready, missed, away, dm_channel_id, dm_message_id FROM seats "
                "WHERE game_id = ? ORDER BY seat",
                (game_id,),
            ) as cursor:
                seats = tuple(
                    SeatRecord(
                        seat=int(r[0]),
                        user_id=None if r[1] is None else int(r[1]),
                        ai=bool(r[2]),
                        ready=bool(r[3]),
                        missed=int(r[4]),
                        away=bool(r[5]),
                        dm_channel_id=r[6],
                        dm_message_id=r[7],
                    )
                    for r in await cursor.fetchall()
                )
        return GameRecord(
            id=int(row[0]),
            kind=row[1],
            options=json.loads(row[2]),
            guild_id=row[3],
            channel_id=row[4],
            message_id=row[5],
            status=row[6],
            open_play=bool(row[7]),
            seed=int(row[8]),
            deck=tuple(row[9].split()) if row[9] is not None else None,
            version=int(row[10]),
            state=json.loads(row[11]),
            created_at=float(row[12]),
            updated_at=float(row[13]),
            shown_version=None if row[14] is None else int(row[14]),
            host_id=row[15],
            settings=json.loads(row[16]),
            seats=seats,
        )

    async def load_actions(self, game_id: int) -> list[ActionRecord]:
        """A game's whole action log, oldest first."""
        rows = await self._fetchall(
            "SELECT seq, seat, code, at, user_id FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [ActionRecord(int(r[0]), int(r[1]), r[2], float(r[3]), r[4]) for r in rows]

    async def count_actions(self, game_id: int, code: str) -> tuple[int, int]:
        """How many actions a game has logged, and how many of them have ``code``."""
        rows = await self._fetchall(
            "SELECT COUNT(*), COALESCE(SUM(code = ?), 0) FROM actions WHERE game_id = ?", (code, game_id)
        )
        return int(rows[0][0]), int(rows[0][1])

    async def save_action(
        self,
        game_id: int,
        *,
        version: int,
        seat: int,
        code: str,
        state: Mapping[str, Any],
        finished: bool,
        results: Sequence[ResultRecord] = (),
        at: float,
        user_id: int | None = None,
    ) -> int:
        """Log one action and its resulting snapshot if the game is still at ``version``; return the new version.

        When ``finished``, the game is marked finished and ``results`` written, in the same transaction.

        Raises:
            StaleGameError: the game is no longer at ``version`` (or does not exist); nothing was written.
        """
        new_version = version + 1
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET state = ?, status = ?, version = ?, updated_at = ? WHERE id = ? AND version = ?",
                (
                    json.dumps(state, separators=(",", ":")),
                    "finished" if finished else "active",
                    new_version,
                    at,
                    game_id,
                    version,
                ),
            )
            if cursor.rowcount != 1:
                raise StaleGameError(game_id, version)
            await db.execute(
                "INSERT INTO actions (game_id, seq, seat, code, at, user_id) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, new_version, seat, code, at, user_id),
            )
            if finished:
                await self._insert_results(db, game_id, results, at)
        return new_version

    @staticmethod
    async def _insert_results(
        db: aiosqlite.Connection, game_id: int, results: Sequence[ResultRecord], at: float
    ) -> None:
        """Result rows, copying guild, channel and kind from the game (inside the caller's transaction)."""
        await db.executemany(
            "INSERT INTO results (game_id, guild_id, channel_id, user_id, kind, score, won, finished_at) "
            "SELECT id, guild_id, channel_id, ?, kind, ?, ?, ? FROM games WHERE id = ?",
            [(result.user_id, result.score, int(result.won), at, game_id) for result in results],
        )

    async def set_message(self, game_id: int, message_id: int, *, version: int, at: float) -> bool:
        """Remember the table message of a game and the version it shows; a ``dealing`` game becomes ``active``.

        Returns False when there is no such game.
        """
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET message_id = ?, shown_version = ?, updated_at = ?, "
                "status = CASE status WHEN 'dealing' THEN 'active' ELSE status END WHERE id = ?",
                (message_id, version, at, game_id),
            )
            return cursor.rowcount == 1

    async def set_shown(self, game_id: int, version: int) -> None:
        """The table message now shows ``version`` (never moves back: redraws may finish out of order)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET shown_version = ? WHERE id = ? AND (shown_version IS NULL OR shown_version < ?)",
                (version, game_id, version),
            )

    async def lagging_games(self) -> list[int]:
        """Games whose table message shows an older version than the database (a redraw was lost)."""
        rows = await self._fetchall(
            "SELECT id FROM games WHERE message_id IS NOT NULL AND status IN ('active', 'finished') "
            "AND shown_version < version ORDER BY id"
        )
        return [int(row[0]) for row in rows]

    async def drop_unshown_deals(self, *, before: float) -> list[int]:
        """Delete games still ``dealing`` (their table message never appeared) created before ``before``."""
        async with self._transaction() as db:
            async with db.execute(
                "SELECT id FROM games WHERE status = 'dealing' AND created_at < ?", (before,)
            ) as cursor:
                ids = [int(row[0]) for row in await cursor.fetchall()]
            await db.executemany("DELETE FROM games WHERE id = ?", [(game_id,) for game_id in ids])
        return ids

    async def set_timer(self, game_id: int, kind: str, due_at: float) -> None:
        """Set (or move) the game's ``kind`` deadline."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO timers (game_id, kind, due_at) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, kind) DO UPDATE SET due_at = excluded.due_at",
                (game_id, kind, due_at),
            )

    async def clear_timers(self, game_id: int, *kinds: str) -> None:
        """Remove the game's deadlines of these kinds (all of them when none is named)."""
        async with self._transaction() as db:
            if kinds:
                await db.executemany(
                    "DELETE FROM timers WHERE game_id = ? AND kind = ?", [(game_id, kind) for kind in kinds]
                )
            else:
                await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))

    async def timers(self, game_id: int) -> list[TimerRecord]:
        """The game's deadlines, soonest first."""
        rows = await self._fetchall(
            "SELECT game_id, kind, due_at FROM timers WHERE game_id = ? ORDER BY due_at, kind", (game_id,)
        )
        return [TimerRecord(int(r[0]), r[1], float(r[2])) for r in rows]

    async def due_timers(self, now: float) -> list[TimerRecord]:
        """Every deadline at or before ``now``, soonest first."""
        rows = await self._fetchall(
            "SELECT game_id, kind, due_at FROM timers WHERE due_at <= ? ORDER BY due_at, game_id, kind", (now,)
        )
        return [TimerRecord(int(r[0]), r[1], float(r[2])) for r in rows]

    async def next_due(self) -> float | None:
        """When the soonest deadline falls, or None when there is none."""
        rows = await self._fetchall("SELECT MIN(due_at) FROM timers")
        return None if rows[0][0] is None else float(rows[0][0])

    async def take_timer(self, timer: TimerRecord) -> bool:
        """Remove ``timer`` if it is still set for that instant; True means the caller fires it (exactly once)."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "DELETE FROM timers WHERE game_id = ? AND kind = ? AND due_at = ?",
                (timer.game_id, timer.kind, timer.due_at),
            )
            return cursor.rowcount == 1

    async def set_seat(self, game_id: int, seat: SeatRecord) -> None:
        """Sit ``seat.user_id`` (or the AI, or nobody) in a seat, with its ready, away and missed marks."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE seats SET user_id = ?, ai = ?, ready = ?, away = ?, missed = ? WHERE game_id = ? AND seat = ?",
                (seat.user_id, int(seat.ai), int(seat.ready), int(seat.away), seat.missed, game_id, seat.seat),
            )

    async def set_seat_message(self, game_id: int, seat: int, channel_id: int | None, message_id: int | None) -> None:
        """Remember the seat's private message (its hand in a DM), or forget it."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE seats SET dm_channel_id = ?, dm_message_id = ? WHERE game_id = ? AND seat = ?",
                (channel_id, message_id, game_id, seat),
            )

    async def deal(self, game_id: int, *, seed: int, state: Mapping[str, Any], at: float) -> bool:
        """Deal a lobby: it becomes ``active`` with its first snapshot. False if it was not seating."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET status = 'active', seed = ?, state = ?, updated_at = ? "
                "WHERE id = ? AND status = 'seating'",
                (seed, json.dumps(state, separators=(",", ":")), at, game_id),
            )
            return cursor.rowcount == 1

    async def set_status(self, game_id: int, status: str, *, was: str, at: float) -> bool:
        """Move a game from status ``was`` to ``status``; False if it was not at ``was``."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status = ?", (status, at, game_id, was)
            )
            return cursor.rowcount == 1

    async def set_dm_closed(self, user_id: int, closed: bool, *, at: float) -> None:
        """Remember that Discord refused (or accepted again) a DM to this user."""
        async with self._transaction() as db:
            if closed:
                await db.execute(
                    "INSERT INTO closed_dms (user_id, at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET at = ?",
                    (user_id, at, at),
                )
            else:
                await db.execute("DELETE FROM closed_dms WHERE user_id = ?", (user_id,))

    async def dm_closed(self, user_id: int) -> bool:
        rows = await self._fetchall("SELECT 1 FROM closed_dms WHERE user_id = ?", (user_id,))
        return bool(rows)

    async def last_action_at(self, game_id: int, seat: int | None = None) -> float | None:
        """When the game's last action was logged (by ``seat``, if given)."""
        if seat is None:
            rows = await self._fetchall("SELECT MAX(at) FROM actions WHERE game_id = ?", (game_id,))
        else:
            rows = await self._fetchall("SELECT MAX(at) FROM actions WHERE game_id = ? AND seat = ?", (game_id, seat))
        return None if rows[0][0] is None else float(rows[0][0])

    async def open_tables(self, channel_id: int, user_id: int, kind: str) -> list[int]:
        """Lobbies and running games of ``kind`` in a channel where the user has a seat; newest first."""
        rows = await self._fetchall(
            "SELECT g.id FROM games AS g WHERE g.channel_id = ? AND g.kind = ? AND g.status IN ('seating', 'active') "
            "AND EXISTS (SELECT 1 FROM seats AS s WHERE s.game_id = g.id AND s.user_id = ?) "
            "ORDER BY g.created_at DESC, g.id DESC",
            (channel_id, kind, user_id),
        )
        return [int(row[0]) for row in rows]

    async def guild_setting(self, guild_id: int, key: str) -> str | None:
        """A server's setting, or None when it has not set it."""
        rows = await self._fetchall("SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))
        return rows[0][0] if rows else None

    async def set_guild_setting(self, guild_id: int, key: str, value: str) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                (guild_id, key, value),
            )

    async def results(self, game_id: int) -> list[ResultRecord]:
        """The result rows of a finished game, by user id."""
        rows = await self._fetchall(
            "SELECT user_id, score, won FROM results WHERE game_id = ? ORDER BY rowid", (game_id,)
        )
        return [ResultRecord(user_id=int(r[0]), score=int(r[1]), won=bool(r[2])) for r in rows]

    async def active_games(self, channel_id: int, user_id: int, kind: str) -> list[int]:
        """Unfinished games of ``kind`` in a channel where the user has a seat or play is open; newest first."""
        rows = await self._fetchall(
            "SELECT g.id FROM games AS g WHERE g.channel_id = ? AND g.kind = ? AND g.status = 'active' "
            "AND (g.open_play = 1 OR EXISTS (SELECT 1 FROM seats AS s WHERE s.game_id = g.id AND s.user_id = ?)) "
            "ORDER BY g.created_at DESC, g.id DESC",
            (channel_id, kind, user_id),
        )
        return [int(row[0]) for row in rows]

    async def scoreboard(self, channel_id: int, kind: str, *, limit: int = 10) -> list[ScoreRow]:
        """Per player in a channel, for one kind: games, wins, best score; by wins, best, games (all desc)."""
        rows = await self._fetchall(
            "SELECT r.user_id, COUNT(*) AS games, SUM(r.won) AS wins, MAX(r.score) AS best, "
            "(SELECT n.name FROM results AS n WHERE n.user_id = r.user_id AND n.name IS NOT NULL "
            "ORDER BY n.finished_at DESC LIMIT 1) FROM results AS r "
            "WHERE r.channel_id = ? AND r.kind = ? GROUP BY r.user_id "
            "ORDER BY wins DESC, best DESC, games DESC, r.user_id ASC LIMIT ?",
            (channel_id, kind, limit),
        )
        return [ScoreRow(int(r[0]), int(r[1]), int(r[2]), int(r[3]), r[4]) for r in rows]

    async def name_results(self, game_id: int, names: Mapping[int, str]) -> None:
        """Keep the players' names with a finished game's results (the scoreboard shows them)."""
        async with self._transaction() as db:
            await db.executemany(
                "UPDATE results SET name = ? WHERE game_id = ? AND user_id = ?",
                [(name, game_id, user_id) for user_id, name in names.items()],
            )

    async def player_results(self, channel_id: int, kind: str, user_id: int) -> list[tuple[int, int, bool]]:
        """A player's finished games of ``kind`` in a channel, newest first: (game id, score, won)."""
        rows = await self._fetchall(
            "SELECT game_id, score, won FROM results WHERE channel_id = ? AND kind = ? AND user_id = ? "
            "ORDER BY finished_at DESC, rowid DESC",
            (channel_id, kind, user_id),
        )
        return [(int(r[0]), int(r[1]), bool(r[2])) for r in rows]
