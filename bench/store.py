"""PostgreSQL with one and with two bot processes, and the copy command's rate.

- Actions per second: worker processes (each a table service on the same PostgreSQL, as bot processes
  are) play random Penguin moves for a few seconds, either all on the same shared tables (every lost
  race is a refused click) or each on tables of its own.
- The copy: a SQLite database of finished games copied into an empty PostgreSQL one, rows per second.

Run with ``.venv/bin/python -m bench.store``. Prints figures; never fails on time.
"""

import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path

from bench import sized
from bench.postgres import postgres_database
from bot.core.errors import ServiceError
from bot.core.service import TableService
from bot.store import NewGame, PostgresStore, ResultRecord, SqliteStore
from bot.store.copy import copy
from games import GAMES
from games.errors import EngineError

SECONDS = sized(5, 1)
TABLES = 4
OWNER = 1
COPY_GAMES = sized(2000, 20)
ACTIONS_PER_GAME = 20


async def work(url: str, tables: list[int], seed: int, seconds: float) -> dict[str, int]:
    """One process: random moves on ``tables`` (dealing a new one when a game ends) for ``seconds``."""
    async with await PostgresStore.open(url, pool_size=2) as store:
        service = TableService(store, games=GAMES, clock=time.time)
        rng = random.Random(seed)
        counts = {"acted": 0, "refused": 0}
        ends = time.perf_counter() + seconds
        while time.perf_counter() < ends:
            index = rng.randrange(len(tables))
            table = await service.table(tables[index])
            if table.finished or not table.legal[0]:
                table = await service.new_game("penguin", guild_id=1, channel_id=1, players=[OWNER], open_play=True)
                await service.attach_message(table.game_id, rng.randrange(10**9), 0)
                tables[index] = table.game_id
                continue
            try:
                await service.act(table.game_id, OWNER, rng.choice(table.legal[0]).code, version=table.version)
                counts["acted"] += 1
            except (ServiceError, EngineError):
                counts["refused"] += 1
        return counts


async def deal_tables(url: str, count: int) -> list[int]:
    async with await PostgresStore.open(url) as store:
        service = TableService(store, games=GAMES, clock=time.time)
        ids = []
        for index in range(count):
            table = await service.new_game("penguin", guild_id=1, channel_id=1, players=[OWNER], open_play=True)
            await service.attach_message(table.game_id, 7000 + index, 0)
            ids.append(table.game_id)
        return ids


async def processes(url: str, workers: int, shared: bool) -> dict[str, int]:
    """Run ``workers`` worker processes at once; return their summed counts."""
    common = await deal_tables(url, TABLES)
    runs = []
    for index in range(workers):
        tables = common if shared else await deal_tables(url, TABLES)
        command = [sys.executable, "-m", "bench.store", "worker", url, json.dumps(tables), str(index)]
        runs.append(await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE))
    totals = {"acted": 0, "refused": 0}
    for run in runs:
        out, _ = await run.communicate()
        for key, value in json.loads(out).items():
            totals[key] += value
    return totals


async def copy_rate(url: str) -> tuple[int, float]:
    """Rows per second of ``python -m bot.store copy`` from a SQLite file of finished games."""
    with tempfile.TemporaryDirectory() as folder:
        async with await SqliteStore.open(Path(folder) / "source.db") as source:
            for number in range(COPY_GAMES):
                await fill_one(source, number)
            async with await PostgresStore.open(url) as target:
                started = time.perf_counter()
                copied = await copy(source, target)
                return sum(copied.values()), time.perf_counter() - started


async def fill_one(store: SqliteStore, number: int) -> None:
    """A finished game of ``ACTIONS_PER_GAME`` logged actions and one result."""
    game = await store.create_game(
        NewGame(
            kind="penguin",
            options={},
            guild_id=1,
            channel_id=1,
            players=(number % 50 + 1,),
            open_play=False,
            seed=number,
            deck=None,
            state={"n": 0},
            at=float(number),
        )
    )
    for version in range(ACTIONS_PER_GAME):
        last = version == ACTIONS_PER_GAME - 1
        results = (ResultRecord(number % 50 + 1, version, number % 3 == 0),) if last else ()
        await store.save_action(
            game.id, version=version, seat=0, code="x", state={"n": version}, finished=last, results=results, at=1.0
        )


async def measure() -> None:
    for workers in (1, 2):
        for shared in (True, False):
            async with postgres_database() as url:
                if url is None:
                    return
                counts = await processes(url, workers, shared)
            where = "the same 4 tables" if shared else "4 tables each"
            print(
                f"  {workers} process{'es' if workers > 1 else '  '} on {where:<17} "
                f"{counts['acted'] / SECONDS:7.0f} actions/s   ({counts['refused']} clicks lost a race)"
            )
    async with postgres_database() as url:
        if url is None:
            return
        rows, took = await copy_rate(url)
    print(
        f"  python -m bot.store copy: {rows:,} rows ({COPY_GAMES:,} finished games) in {took:.2f} s, "
        f"{rows / took:,.0f} rows/s"
    )


def main() -> None:
    print(f"PostgreSQL, Penguin moves through the table service for {SECONDS} s, processes on one database:")
    asyncio.run(measure())


if __name__ == "__main__":
    if sys.argv[1:2] == ["worker"]:
        url, tables, seed = sys.argv[2], json.loads(sys.argv[3]), int(sys.argv[4])
        print(json.dumps(asyncio.run(work(url, tables, seed, SECONDS))))
    else:
        main()
