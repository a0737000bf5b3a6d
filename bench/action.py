"""How long one action takes through the table service, on SQLite (a file) and on PostgreSQL.

Plays random legal Penguin actions through ``TableService.act``, timing each call end to end: load the
row, parse the snapshot, apply the action, save snapshot + log line in one version-checked transaction,
build the Table's views. Every tenth action is followed by a timed ``undo`` (a replay of the whole log).
PostgreSQL is the server at ``PEAPOD_BENCH_POSTGRES`` (default: the local one), in a database made for
the run and dropped after it; it is left out, with the reason, where none answers.

Run with ``.venv/bin/python -m bench.action``. Prints figures; never fails on time.
"""

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench import sized
from bench.postgres import postgres_database
from bot.core.service import TableService
from bot.store import PostgresStore, SqliteStore, Store
from games import GAMES
from games.penguin import GAME as PENGUIN

ACTIONS = sized(400, 5)
MAX_ACTIONS_PER_GAME = 150
UNDO_EVERY = 10
SEED = 2024
USER_ID = 1


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def line(name: str, samples: list[float]) -> str:
    ms = [sample * 1000 for sample in samples]
    return (
        f"{name:<28} n={len(ms):<4} median {statistics.median(ms):6.2f} ms   "
        f"p99 {percentile(ms, 0.99):6.2f} ms   max {max(ms):6.2f} ms"
    )


async def measure(store: Store, actions: int = ACTIONS) -> tuple[list[float], list[float], int]:
    """Play ``actions`` random Penguin actions; return act timings, undo timings and games played."""
    rng = random.Random(SEED)
    acts: list[float] = []
    undos: list[float] = []
    games = 0
    service = TableService(store, games=GAMES, seed_source=lambda: rng.randrange(2**31))
    while len(acts) < actions:
        table = await service.new_game(PENGUIN.key, guild_id=1, channel_id=1, players=[USER_ID])
        await service.attach_message(table.game_id, 1000 + games, 0)
        games += 1
        played = 0
        while not table.finished and played < MAX_ACTIONS_PER_GAME and len(acts) < actions:
            code = rng.choice(table.legal[0]).code
            start = time.perf_counter()
            table = await service.act(table.game_id, USER_ID, code, version=table.version)
            acts.append(time.perf_counter() - start)
            played += 1
            if played % UNDO_EVERY == 0 and table.can_undo:
                start = time.perf_counter()
                table = await service.undo(table.game_id, USER_ID, version=table.version)
                undos.append(time.perf_counter() - start)
    return acts, undos, games


async def both() -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with await SqliteStore.open(Path(folder) / "bench.db") as store:
            report("SQLite file (WAL, synchronous=NORMAL)", *await measure(store))
    async with postgres_database() as url:
        if url is None:
            return
        async with await PostgresStore.open(url) as store:
            report("PostgreSQL (asyncpg pool, local server)", *await measure(store))


def report(backend: str, acts: list[float], undos: list[float], games: int) -> None:
    print(f"Table service on {backend}, Penguin, {games} games, random legal actions")
    print("  " + line("act (load, apply, commit)", acts))
    if undos:
        print("  " + line("undo (replay whole log)", undos))


def main() -> None:
    """Print the median and p99 time of one action (and one undo) through the core, on each backend."""
    asyncio.run(both())


if __name__ == "__main__":
    main()
