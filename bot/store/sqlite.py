"""The SQLite backend (aiosqlite): one file, one process; the default store.

- ``SqliteStore.open(path)`` connects (``":memory:"`` works), turns on WAL for files,
  ``synchronous=NORMAL`` and ``foreign_keys=ON``, then applies the numbered migrations
  ``migrations/sqlite/NNNN_*.sql`` newer than ``PRAGMA user_version``, all inside ONE transaction.
- One connection serves many coroutines, so the store serialises its own use of it with a lock: two
  transactions on one connection must never interleave. Another ``SqliteStore`` on the same file (a
  restarted bot) is kept apart by SQLite's locks (``BEGIN IMMEDIATE`` + a busy timeout) and the
  version check. Redraw notices reach only listeners in this process: several bot processes need
  PostgreSQL.
"""

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, Self

import aiosqlite

from bot.store.migrations import MIGRATIONS, migrations
from bot.store.protocol import ChangeListener, RedrawListener
from bot.store.records import SchemaTooNewError, StoreError, StoreUnavailableError
from bot.store.sql import SqlStore

BUSY_TIMEOUT_MS = 5000
MEMORY = ":memory:"
FOLDER = MIGRATIONS / "sqlite"


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


@contextmanager
def _answering() -> Iterator[None]:
    """A file another process holds locked past the busy timeout is a database that does not answer
    (:class:`StoreUnavailableError`), as PostgreSQL's outages are: the transaction was rolled back."""
    try:
        yield
    except sqlite3.OperationalError as error:
        if "locked" in str(error) or "busy" in str(error):
            raise StoreUnavailableError() from error
        raise


class _Connection:
    """The shared queries' view of the aiosqlite connection."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        async with self._db.execute(sql, parameters) as cursor:
            return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._db.executemany(sql, rows)

    async def fetch(self, sql: str, parameters: Sequence[Any] = ()) -> list[Sequence[Any]]:
        async with self._db.execute(sql, parameters) as cursor:
            return list(await cursor.fetchall())


class SqliteStore(SqlStore):
    """The database of games in one SQLite file. ``await SqliteStore.open(path)``; ``await store.close()``."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._connection = _Connection(connection)
        self._lock = asyncio.Lock()
        self._listeners: list[RedrawListener] = []
        self._tournament_listeners: list[RedrawListener] = []
        self._change_listeners: list[ChangeListener] = []
        self._tasks: set[asyncio.Task[None]] = set()

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

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[_Connection]:
        """One write transaction: ``BEGIN IMMEDIATE``, then COMMIT, or ROLLBACK on any error."""
        with self._counting_failures(), _answering():
            async with self._taking(self._lock):
                # BEGIN sits inside the try: if we are cancelled while it runs, the rollback (queued behind
                # it on aiosqlite's thread) still closes the transaction before the lock is released.
                try:
                    await self._db.execute("BEGIN IMMEDIATE")
                    yield self._connection
                    await self._db.commit()
                except BaseException:
                    await self._db.rollback()
                    raise

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[_Connection]:
        with self._counting_failures(), _answering():
            async with self._taking(self._lock):
                yield self._connection

    async def schema_version(self) -> int:
        """The number of the last migration applied (``PRAGMA user_version``)."""
        rows = await self._fetch("PRAGMA user_version")
        return int(rows[0][0])

    async def migrate(self, folder: Path = FOLDER) -> int:
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
            current = int((await db.fetch("PRAGMA user_version"))[0][0])
            if current > len(known):
                raise SchemaTooNewError(
                    f"The database is at schema {current} but this peapod only knows {len(known)} migrations."
                )
            pending = known[current:]
            for _, path in pending:
                for statement in _statements(path.read_text(encoding="utf-8")):
                    await db.execute(statement)
            if pending:
                broken = await db.fetch("PRAGMA foreign_key_check")
                if broken:
                    raise StoreError(f"A migration left a broken foreign key in table {broken[0][0]}.")
                # PRAGMA takes no bound parameters; the value is an int from our own file names.
                await db.execute(f"PRAGMA user_version = {int(pending[-1][0])}")
        return len(pending)

    async def notify_redraw(self, game_id: int) -> None:
        """One process per SQLite file: the notice goes to this process's listeners."""
        for listener in self._listeners:
            await listener(game_id)

    async def listen_redraws(self, listener: RedrawListener) -> None:
        self._listeners.append(listener)

    async def notify_tournament_redraw(self, tournament_id: int) -> None:
        """Like :meth:`notify_redraw`, in this process."""
        for listener in self._tournament_listeners:
            await listener(tournament_id)

    async def listen_tournament_redraws(self, listener: RedrawListener) -> None:
        self._tournament_listeners.append(listener)

    def _changed(self, game_id: int, version: int) -> None:
        """One process per SQLite file: a saved action is told to this process's change listeners."""
        for listener in self._change_listeners:
            task = asyncio.create_task(listener(game_id, version), name="peapod-change-notice")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def listen_changes(self, listener: ChangeListener) -> None:
        self._change_listeners.append(listener)
