"""How long one action takes through the table service with SQLite on disk.

Plays a few hundred random legal Penguin actions through ``TableService.act`` against a temporary
database file (WAL, ``synchronous=NORMAL``), timing each call end to end: load the row, parse the
snapshot, apply the action, save snapshot + log line in one version-checked transaction, build the
Table's views. Every tenth action is followed by a timed ``undo`` (a replay of the whole log).

Run with ``.venv/bin/python -m bench.action``. Prints figures; never fails on time.
"""

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.core.service import TableService
from bot.store import SqliteStore
from games.penguin import GAME as PENGUIN

ACTIONS = 400
MAX_ACTIONS_PER_GAME = 150
UNDO_EVERY = 10
SEED = 2024
USER_ID = 1


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _line(name: str, samples: list[float]) -> str:
    ms = [sample * 1000 for sample in samples]
    return (
        f"{name:<28} n={len(ms):<4} median {statistics.median(ms):6.2f} ms   "
        f"p99 {_percentile(ms, 0.99):6.2f} ms   max {max(ms):6.2f} ms"
    )


async def measure(folder: Path, actions: int = ACTIONS) -> tuple[list[float], list[float], int]:
    """Play ``actions`` random Penguin actions; return act timings, undo timings and games played."""
    rng = random.Random(SEED)
    acts: list[float] = []
    undos: list[float] = []
    games = 0
    async with await SqliteStore.open(folder / "bench.db") as store:
        service = TableService(store, seed_source=lambda: rng.randrange(2**31))
        while len(acts) < actions:
            table = await service.new_game(PENGUIN.key, guild_id=1, channel_id=1, players=[USER_ID])
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


def main() -> None:
    """Print the median and p99 time of one action (and one undo) through the core, SQLite on disk."""
    with tempfile.TemporaryDirectory() as folder:
        acts, undos, games = asyncio.run(measure(Path(folder)))
    print(f"Table service, SQLite file (WAL, synchronous=NORMAL), Penguin, {games} games, random legal actions")
    print(_line("act (load, apply, commit)", acts))
    if undos:
        print(_line("undo (replay whole log)", undos))


if __name__ == "__main__":
    main()
