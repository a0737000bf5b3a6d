"""The PostgreSQL backend (asyncpg): one database shared by every bot process.

- ``PostgresStore.open(url, pool_size=…, statement_timeout=…)`` makes a bounded connection pool
  (each connection with ``statement_timeout`` set) and applies the numbered migrations
  ``migrations/postgres/NNNN_*.sql`` newer than the ``peapod_schema`` row, all in ONE transaction
  behind an advisory lock, so two processes starting at once migrate once.
- Every write is one transaction; the shared queries (:mod:`bot.store.sql`) decide what must not
  be doubled (versions, seats, timer claims) in the database itself.
- When the database does not answer (it restarts, a connection drops, a statement runs past its
  timeout) the call raises :class:`StoreUnavailableError`: the interrupted transaction was rolled
  back, and the pool opens fresh connections for the next call.
- Redraw notices travel by ``NOTIFY peapod_redraw, '<game id>'``, a tournament message's by
  ``NOTIFY peapod_tournament, '<tournament id>'``; one listening connection hears both (reconnecting after
  an outage). Every saved action is announced by ``NOTIFY peapod_change, '<game id>:<version>'`` inside its
  transaction (so sent at commit, never for a save rolled back); the live races' sockets hear it.
"""

import asyncio
import functools
import logging
import re
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, Self

import asyncpg

from bot.store.connection import Connection
from bot.store.migrations import MIGRATIONS, migrations
from bot.store.protocol import ChangeListener, RedrawListener
from bot.store.records import SchemaTooNewError, StoreUnavailableError
from bot.store.sql import SqlStore

log = logging.getLogger(__name__)

FOLDER = MIGRATIONS / "postgres"
MIGRATION_LOCK = 0x7065_6170_6F64
"""The advisory lock key migrations hold (``peapod`` in hex), so only one process migrates at a time."""
REDRAW_CHANNEL = "peapod_redraw"
TOURNAMENT_CHANNEL = "peapod_tournament"
CHANGE_CHANNEL = "peapod_change"
RECONNECT_SECONDS = 1.0
UNAVAILABLE = (
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.OperatorInterventionError,
    asyncpg.exceptions.InsufficientResourcesError,
    asyncpg.exceptions.InternalClientError,
    OSError,
    asyncio.TimeoutError,
)
"""What a database that is restarting, unreachable or too slow raises (statement timeouts included)."""


@functools.lru_cache(maxsize=512)
def placeholders(sql: str) -> str:
    """The shared queries' ``?`` placeholders as PostgreSQL's ``$1, $2, …`` (no query has a literal ``?``)."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


def _changed(status: str) -> int:
    """Rows changed, from a command status such as ``UPDATE 1`` or ``INSERT 0 1``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


@contextmanager
def _answering() -> Iterator[None]:
    """Turn a database that does not answer into :class:`StoreUnavailableError`."""
    try:
        yield
    except UNAVAILABLE as error:
        log.debug("the database did not answer: %s", error)  # said once per outage by bot.core.recovery
        raise StoreUnavailableError() from error


def _set_on_close(event: asyncio.Event, _db: object) -> None:
    event.set()


class _Connection:
    """The shared queries' view of one pooled asyncpg connection."""

    def __init__(self, db: asyncpg.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        return _changed(await self._db.execute(placeholders(sql), *parameters))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            await self._db.executemany(placeholders(sql), rows)

    async def fetch(self, sql: str, parameters: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return list(await self._db.fetch(placeholders(sql), *parameters))


class PostgresStore(SqlStore):
    """The database of games in PostgreSQL. ``await PostgresStore.open(url)``; ``await store.close()``."""

    NULL_SAFE_EQUAL = "IS NOT DISTINCT FROM"
    RESULT_ORDER = "id"
    SHARED = True

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self._url = url
        self._listeners: dict[str, list[Callable[..., Coroutine[object, object, None]]]] = {
            REDRAW_CHANNEL: [],
            TOURNAMENT_CHANNEL: [],
            CHANGE_CHANNEL: [],
        }
        self._listening: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 10, statement_timeout: float = 10.0) -> Self:
        """Connect a pool of at most ``pool_size`` connections to ``url`` and migrate the database.

        ``statement_timeout`` (seconds) bounds every statement, so a stuck query cannot hold a click.
        """
        with _answering():
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                server_settings={"statement_timeout": str(int(statement_timeout * 1000))},
                command_timeout=statement_timeout + 5,
            )
        store = cls(pool, url)
        try:
            await store.migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        """Stop listening and close the pool."""
        if self._listening is not None:
            self._listening.cancel()
            await asyncio.gather(self._listening, return_exceptions=True)
        await self._pool.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[_Connection]:
        with self._counting_failures(), _answering():
            async with self._taking(self._pool.acquire()) as db, db.transaction():
                yield _Connection(db)

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[_Connection]:
        with self._counting_failures(), _answering():
            async with (
                self._taking(self._pool.acquire()) as db,
                db.transaction(isolation="repeatable_read", readonly=True),
            ):
                yield _Connection(db)

    async def schema_version(self) -> int:
        """The number of the last migration applied."""
        rows = await self._fetch("SELECT version FROM peapod_schema")
        return int(rows[0][0]) if rows else 0

    async def migrate(self, folder: Path = FOLDER) -> int:
        """Apply every migration newer than the database, in one transaction under an advisory lock.

        Raises:
            SchemaTooNewError: the database has migrations this code does not know.
        """
        known = migrations(folder)
        with _answering():
            async with self._pool.acquire() as db, db.transaction():
                await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                await db.execute("CREATE TABLE IF NOT EXISTS peapod_schema (version INTEGER NOT NULL)")
                current = await db.fetchval("SELECT version FROM peapod_schema")
                if current is None:
                    await db.execute("INSERT INTO peapod_schema (version) VALUES (0)")
                    current = 0
                if current > len(known):
                    raise SchemaTooNewError(
                        f"The database is at schema {current} but this peapod only knows {len(known)} migrations."
                    )
                pending = known[current:]
                for _, path in pending:
                    await db.execute(path.read_text(encoding="utf-8"))
                if pending:
                    await db.execute("UPDATE peapod_schema SET version = $1", pending[-1][0])
        return len(pending)

    async def notify_redraw(self, game_id: int) -> None:
        await self._notify(REDRAW_CHANNEL, game_id)

    async def listen_redraws(self, listener: RedrawListener) -> None:
        """Call ``listener`` for every redraw notice (from any process, this one included)."""
        await self._listen_to(REDRAW_CHANNEL, listener)

    async def notify_tournament_redraw(self, tournament_id: int) -> None:
        await self._notify(TOURNAMENT_CHANNEL, tournament_id)

    async def listen_tournament_redraws(self, listener: RedrawListener) -> None:
        """Call ``listener`` for every tournament redraw notice (from any process, this one included)."""
        await self._listen_to(TOURNAMENT_CHANNEL, listener)

    async def _announce_change(self, db: Connection, game_id: int, version: int) -> None:
        await db.execute("SELECT pg_notify(?, ?)", (CHANGE_CHANNEL, f"{game_id}:{version}"))

    async def listen_changes(self, listener: ChangeListener) -> None:
        """Call ``listener`` for every saved action's notice (from any process, this one included)."""
        await self._listen_to(CHANGE_CHANNEL, listener)

    async def _notify(self, channel: str, number: int) -> None:
        async with self._transaction() as db:
            await db.execute("SELECT pg_notify(?, ?)", (channel, str(number)))

    async def _listen_to(self, channel: str, listener: Callable[..., Coroutine[object, object, None]]) -> None:
        self._listeners[channel].append(listener)
        if self._listening is None:
            connected = asyncio.Event()
            self._listening = asyncio.create_task(self._listen(connected), name="peapod-listen")
            await connected.wait()

    async def _listen(self, connected: asyncio.Event) -> None:
        """Keep one connection listening; after it drops, connect again."""
        while True:
            try:
                db = await asyncpg.connect(self._url)
            except UNAVAILABLE:
                log.warning("could not listen for redraws; trying again", exc_info=True)
                await asyncio.sleep(RECONNECT_SECONDS)
                continue
            lost = asyncio.Event()
            db.add_termination_listener(functools.partial(_set_on_close, lost))
            try:
                for channel in self._listeners:
                    await db.add_listener(channel, self._heard)
                connected.set()
                await lost.wait()
            except UNAVAILABLE:
                log.warning("lost the redraw listener; reconnecting", exc_info=True)
            finally:
                if not db.is_closed():
                    await db.close()
            await asyncio.sleep(RECONNECT_SECONDS)

    def _heard(self, _db: object, _pid: int, channel: str, payload: str) -> None:
        """A notice: its numbers (a game or tournament id; a change's game id and version) go to its listeners."""
        parts = payload.split(":")
        if not all(part.isdigit() for part in parts) or len(parts) != (2 if channel == CHANGE_CHANNEL else 1):
            return
        numbers = [int(part) for part in parts]
        for listener in self._listeners.get(channel, ()):
            task = asyncio.create_task(listener(*numbers), name="peapod-redraw-notice")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
