"""Running it like a service: what the metrics cost a click, and how long a clean stop takes under load.

**Metrics**: their CPU time beside the click's own, goal under 2 %.

A click's CPU time is measured through real discord.py on SimCord (:mod:`bench.interaction`'s Penguin
clicks; two runs of different lengths, so start-up cancels out). The metrics a click moves are then
timed on their own, as many times as a click moves them: its timing and one ``interaction_done``, the
store watcher for every connection the click takes (counted in the run), a redraw queued and done, and
the log context of one game.

**Stopping**: a bot process under a burst of clicks on 16 tables (tests/processes/clicker.py: the bot on
SimCord, stopped on SIGTERM as ``python -m bot`` is) is sent SIGTERM once it has acknowledged
:data:`LOAD` clicks; the time from the signal to the process's exit is its clean stop (goal: under 10 s,
which is when ``docker stop`` kills).

Run with ``.venv/bin/python -m bench.ops``. Prints figures; never fails on time.
"""

import asyncio
import signal
import statistics
import tempfile
import time
from pathlib import Path

import discord

from bench import interaction, sized
from bot.ops import logs, metrics
from bot.ops.interactions import Timing
from bot.ops.metrics import StoreMetrics
from bot.ops.stopping import STOP_SECONDS
from bot.store.sql import SqlStore
from tests.processes.acks import acknowledged_moves, clicker, until

SHORT, LONG = sized(10, 1), sized(60, 2)
REPEATS = sized(100_000, 100)
STOPS = sized(5, 1)
LOAD = sized(100, 5)
"""Clicks a process has acknowledged before it is sent SIGTERM."""


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
        timing = Timing(0.0)
        timing.acknowledge()
        metrics.interaction_done("act", "answered", timing.acknowledged, timing.since())
        metrics.redraw_queued()
        metrics.redraw_done(0.2)
        with logs.about(shard=0, guild=1, game_id=42, game="penguin"):
            pass

    return _per_call(once) + connections * _per_call(connection)


async def _stop_under_load(folder: Path, number: int) -> tuple[float, int]:
    """Seconds from SIGTERM to exit of a bot process under a burst of clicks, and its exit status."""
    log = folder / f"acks-{number}.jsonl"
    child = await clicker(folder / f"peapod-{number}.db", log)
    try:
        await until(log, lambda found: len(acknowledged_moves(found)) >= LOAD)
        signalled = time.perf_counter()
        child.send_signal(signal.SIGTERM)
        code = await child.wait()
        return time.perf_counter() - signalled, code
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()


def _stops() -> list[tuple[float, int]]:
    with tempfile.TemporaryDirectory() as folder:
        return [asyncio.run(_stop_under_load(Path(folder), number)) for number in range(STOPS)]


def main() -> None:
    click, connections = _click_cpu()
    cost = _metrics_of_one_click(connections)
    print("Metrics on one click (Penguin through discord.py on SimCord, SQLite file), CPU time")
    print(f"  one click                                {click * 1000:8.3f} ms  ({connections:.1f} store connections)")
    print(f"  its metrics and log context              {cost * 1e6:8.1f} µs")
    print(f"  share of the click                       {100 * cost / click:8.2f} %   (goal: under 2 %)")
    stops = _stops()
    seconds = [took for took, _ in stops]
    print(f"SIGTERM to exit, a bot under a burst of clicks on 16 tables ({len(stops)} stops, {LOAD} clicks in)")
    print(f"  median                                   {statistics.median(seconds) * 1000:8.0f} ms")
    print(f"  slowest                                  {max(seconds) * 1000:8.0f} ms  (goal: under {STOP_SECONDS:g} s)")
    print(f"  exit statuses                            {sorted({code for _, code in stops})}")


if __name__ == "__main__":
    main()
