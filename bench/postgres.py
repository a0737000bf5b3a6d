"""A PostgreSQL database for one benchmark run, made on the server at ``PEAPOD_BENCH_POSTGRES`` (default: the
local one) and dropped afterwards; None, with the reason printed, where no server answers."""

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg

SERVER = os.environ.get("PEAPOD_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")


@asynccontextmanager
async def postgres_database() -> AsyncIterator[str | None]:
    name = f"peapod_bench_{uuid.uuid4().hex[:10]}"
    try:
        admin = await asyncpg.connect(SERVER, timeout=5)
    except (OSError, asyncpg.PostgresError, TimeoutError) as error:
        print(f"(PostgreSQL left out: no server answers at {SERVER}: {error})")
        yield None
        return
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    try:
        yield f"{SERVER.rpartition('/')[0]}/{name}"
    finally:
        admin = await asyncpg.connect(SERVER, timeout=5)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()
