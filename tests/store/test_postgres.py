"""What only the PostgreSQL backend does: migrations behind an advisory lock, a bounded pool, statement
timeouts, and a clear error (with nothing half-saved) while the database does not answer."""

import asyncio

import asyncpg
import pytest

from bot.store import PostgresStore, SchemaTooNewError, StaleGameError, StoreUnavailableError
from bot.store.migrations import MIGRATIONS, migrations
from tests.postgres import ADMIN_URL

from .test_store import new_game

KNOWN = len(migrations(MIGRATIONS / "postgres"))


async def terminate_connections(url: str) -> int:
    """Cut every connection to the database ``url`` names, as a server restart would."""
    database = url.rsplit("/", 1)[1]
    admin = await asyncpg.connect(ADMIN_URL)
    try:
        return await admin.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = $1 AND pid <> pg_backend_pid()",
            database,
        )
    finally:
        await admin.close()


async def test_processes_starting_at_once_migrate_once(postgres_url):
    """Four stores opened at once on an empty database: one migrates, all end at the last migration."""
    stores = await asyncio.gather(*(PostgresStore.open(postgres_url, pool_size=2) for _ in range(4)))
    try:
        assert {await store.schema_version() for store in stores} == {KNOWN}
        assert [await store.migrate() for store in stores] == [0, 0, 0, 0]
    finally:
        await asyncio.gather(*(store.close() for store in stores))


async def test_a_database_newer_than_the_code_is_refused(postgres_url):
    async with await PostgresStore.open(postgres_url) as store:
        await store._fetch("SELECT 1")
        async with store._transaction() as db:
            await db.execute("UPDATE peapod_schema SET version = 99")
    with pytest.raises(SchemaTooNewError):
        await PostgresStore.open(postgres_url)


async def test_the_pool_never_opens_more_connections_than_its_size(postgres_url):
    async with await PostgresStore.open(postgres_url, pool_size=2) as store:
        await asyncio.gather(*(store._fetch("SELECT pg_sleep(0.05)") for _ in range(12)))
        rows = await store._fetch(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND backend_type = 'client backend'"
        )
        assert rows[0][0] <= 2


async def test_a_statement_past_its_timeout_is_cut_with_a_sentence(postgres_url):
    # A full second: the migrations run under the same timeout when the store opens, and must fit in it on a
    # busy machine.
    async with await PostgresStore.open(postgres_url, statement_timeout=1.0) as store:
        with pytest.raises(StoreUnavailableError, match="not answering"):
            await store._fetch("SELECT pg_sleep(4)")
        assert (await store._fetch("SELECT 1"))[0][0] == 1


async def test_while_the_database_is_cut_off_calls_fail_cleanly_and_then_recover(postgres_url):
    """Connections cut (a restart): the next calls raise StoreUnavailableError or work on fresh connections;
    a save either happened whole or not at all; then everything works again."""
    async with await PostgresStore.open(postgres_url, pool_size=3) as store:
        game = await store.create_game(new_game())
        await asyncio.gather(*(store._fetch("SELECT 1") for _ in range(3)))
        assert await terminate_connections(postgres_url) >= 1
        outcomes = await asyncio.gather(
            *(
                store.save_action(game.id, version=0, seat=0, code="+1", state={"total": 1}, finished=False, at=1.0)
                for _ in range(3)
            ),
            return_exceptions=True,
        )
        assert all(isinstance(o, int | StoreUnavailableError | StaleGameError) for o in outcomes), outcomes
        loaded = await store.load_game(game.id)
        actions = await store.load_actions(game.id)
        assert loaded.version == len(actions) <= 1
        assert loaded.state == ({"total": 1} if actions else {"schema": 1, "game": "count", "total": 0})
        version = await store.save_action(
            game.id, version=loaded.version, seat=0, code="+2", state={"total": 3}, finished=False, at=2.0
        )
        assert version == loaded.version + 1
