"""What only the SQLite backend does: a file with WAL, ``PRAGMA user_version``, one transaction per migration run."""

import sqlite3

import pytest

from bot.store import SchemaTooNewError, SqliteStore, StoreUnavailableError
from bot.store.migrations import MIGRATIONS, migrations

from .test_store import new_game

KNOWN = len(migrations(MIGRATIONS / "sqlite"))


async def tables(store: SqliteStore) -> set[str]:
    rows = await store._fetch("SELECT name FROM sqlite_master WHERE type = 'table'")
    return {row[0] for row in rows}


async def test_reopening_a_file_does_not_migrate_again(tmp_path):
    """A file database keeps its rows and schema version across opens; its parent folder is created."""
    path = tmp_path / "deeper" / "peapod.db"
    async with await SqliteStore.open(path) as first:
        game = await first.create_game(new_game())
    async with await SqliteStore.open(path) as second:
        assert await second.migrate() == 0
        assert (await second.load_game(game.id)) == game


async def test_file_database_uses_wal(tmp_path):
    """File databases run in WAL mode with foreign keys on."""
    async with await SqliteStore.open(tmp_path / "peapod.db") as store:
        assert (await store._fetch("PRAGMA journal_mode"))[0][0] == "wal"
        assert (await store._fetch("PRAGMA foreign_keys"))[0][0] == 1


async def test_a_file_another_process_holds_locked_is_a_database_that_does_not_answer(tmp_path):
    """A write refused because another connection holds the file's write lock past the busy timeout is
    :class:`StoreUnavailableError` (as a PostgreSQL outage), and nothing of it was saved."""
    path = tmp_path / "peapod.db"
    async with await SqliteStore.open(path) as store:
        await store._db.execute("PRAGMA busy_timeout=0")  # the lock outlasts the wait at once
        holder = sqlite3.connect(path, isolation_level=None)
        try:
            holder.execute("BEGIN IMMEDIATE")
            with pytest.raises(StoreUnavailableError):
                await store.create_game(new_game())
            holder.execute("ROLLBACK")
        finally:
            holder.close()
        assert (await store._fetch("SELECT COUNT(*) FROM games"))[0][0] == 0
        await store.create_game(new_game())
        assert (await store._fetch("SELECT COUNT(*) FROM games"))[0][0] == 1


async def test_database_newer_than_code_is_refused(tmp_path):
    """A database migrated by a newer peapod is not touched."""
    path = tmp_path / "peapod.db"
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA user_version = 99")
    with pytest.raises(SchemaTooNewError):
        await SqliteStore.open(path)


async def test_failed_migration_rolls_back_everything(tmp_path):
    """A migration that fails half-way leaves no trace: no new table, the same user_version."""
    folder = tmp_path / "migrations"
    folder.mkdir()
    known = KNOWN
    for number in range(1, known + 1):
        (folder / f"{number:04d}_known.sql").write_text("SELECT 1;\n")
    (folder / f"{known + 1:04d}_bad.sql").write_text("CREATE TABLE second (x INTEGER);\nNOT SQL AT ALL;\n")
    async with await SqliteStore.open(tmp_path / "peapod.db") as store:
        before = await tables(store)
        with pytest.raises(sqlite3.OperationalError):
            await store.migrate(folder)
        assert await tables(store) == before
        assert await store.schema_version() == known
