"""The store conformance suite runs every test against both backends: SQLite in a temporary file and
PostgreSQL in a database made for the test (skipped, with the reason, where no server answers)."""

import pytest

from bot.store import PostgresStore, SqliteStore
from tests.postgres import fresh_database


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request, tmp_path):
    if request.param == "sqlite":
        store = await SqliteStore.open(tmp_path / "peapod.db")
        yield store
        await store.close()
        return
    async with fresh_database() as url:
        store = await PostgresStore.open(url, pool_size=4)
        yield store
        await store.close()


@pytest.fixture
async def postgres_url():
    """A new PostgreSQL database's URL, dropped after the test."""
    async with fresh_database() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request, tmp_path):
    """A URL of an empty database of either backend, for tests that open several stores on one database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'peapod.db'}"
        return
    async with fresh_database() as url:
        yield url
