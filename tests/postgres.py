"""Throwaway PostgreSQL databases for tests, on the machine's server (``PEAPOD_TEST_POSTGRES``, by default
``postgresql://postgres@127.0.0.1:5432/postgres``). Each database is created for the tests that use it and
dropped afterwards; where no server answers, those tests are skipped with the reason shown."""

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
import pytest

ADMIN_URL = os.environ.get("PEAPOD_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")


def _url_for(database: str) -> str:
    base, _, _ = ADMIN_URL.rpartition("/")
    return f"{base}/{database}"


async def _admin() -> asyncpg.Connection:
    try:
        return await asyncpg.connect(ADMIN_URL, timeout=5)
    except (OSError, asyncpg.PostgresError, TimeoutError) as error:
        pytest.skip(f"no PostgreSQL server answers at {ADMIN_URL} ({error})")


@asynccontextmanager
async def fresh_database() -> AsyncIterator[str]:
    """The URL of a new, empty database, dropped (with any connection left to it) when the block ends."""
    name = f"peapod_test_{uuid.uuid4().hex[:12]}"
    admin = await _admin()
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    try:
        yield _url_for(name)
    finally:
        admin = await _admin()
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()
