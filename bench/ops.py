"""What the metrics cost a click: their CPU time beside the click's own, goal under 2 %.

A click's CPU time is measured through real discord.py on SimCord (:mod:`bench.interaction`'s Penguin
clicks; two runs of different lengths, so start-up cancels out). The metrics a click moves are then
timed on their own, as many times as a click moves them: one ``interaction_done``, the store watcher
for every connection the click takes (counted in the run), a redraw queued and done, and the log
context of one game.

Run with ``.venv/bin/python -m bench.ops``. Prints figures; never fails on time.
"""

import asyncio
import tempfile
import time
from pathlib import Path

import discord

from bench import interaction, sized
from bot.ops import logs, metrics
from bot.ops.metrics import StoreMetrics
from bot.store.sql import SqlStore

SHORT, LONG = sized(10, 1), sized(60, 2)
REPEATS = sized(100_000, 100)


def _connections() -> float:
    return metrics.REGISTRY.get_sample_value("peapod_db_pool_wait_seconds_count") or 0.0


def _click_cpu() -> tuple[float, float]:
    """CPU seconds of one click, and the store connections it takes (picks and moves alike)."""
    for name in ("defer", "edit_message", "send_message"):  # measure() reads the first answer's time
        method = getattr(discord.InteractionResponse, name)
        setattr(discord.InteractionResponse, name, interaction._timed(method))
    spent, taken = {}, {}
    SqlStore.watcher = StoreMetrics(1)
    try:
        for moves in (SHORT, SHORT, LONG):  # the first run warms the caches (sprites, fonts) and is not kept
            interaction.MOVES = moves
            with tempfile.TemporaryDirectory() as folder:
                connections, started = _connections(), time.process_time()
                asyncio.run(interaction.measure(Path(folder) / "bench.db"))
                spent[moves], taken[moves] = time.process_time() - started, _connections() - connections
    finally:
        del SqlStore.watcher
    clicks = 2 * (LONG - SHORT)
    return (spent[LONG] - spent[SHORT]) / clicks, (taken[LONG] - taken[SHORT]) / clicks


def _per_call(work, repeats: int = REPEATS) -> float:
    started = time.process_time()
    for _ in range(repeats):
        work()
    return (time.process_time() - started) / repeats


def _metrics_of_one_click(connections: float) -> float:
    """CPU seconds of the metric calls one click makes."""
    watcher = StoreMetrics(1)

    def connection() -> None:
        asked = time.perf_counter()
        watcher.connection_taken(time.perf_counter() - asked)
        watcher.connection_returned()

    def once() -> None:
        metrics.interaction_done("act", "answered", 0.01, 0.05)
        metrics.redraw_queued()
        metrics.redraw_done(0.2)
        with logs.about(shard=0, guild=1, game_id=42, game="penguin"):
            pass

    return _per_call(once) + connections * _per_call(connection)


def main() -> None:
    click, connections = _click_cpu()
    cost = _metrics_of_one_click(connections)
    print("Metrics on one click (Penguin through discord.py on SimCord, SQLite file), CPU time")
    print(f"  one click                                {click * 1000:8.3f} ms  ({connections:.1f} store connections)")
    print(f"  its metrics and log context              {cost * 1e6:8.1f} µs")
    print(f"  share of the click                       {100 * cost / click:8.2f} %   (goal: under 2 %)")


if __name__ == "__main__":
    main()
