"""Acknowledged means saved: a bot process killed (SIGKILL) at a random moment of a burst of clicks on
sixteen tables has saved every move whose click it acknowledged (tests/processes/clicker.py logs each
acknowledgement, flushed, as Discord receives it)."""

import asyncio
import random
import signal

from tests.processes.acks import acknowledged_moves, clicker, lines, unsaved, until

KILLS = 4
"""Processes killed, each at its own random moment."""


async def test_a_process_killed_in_a_burst_of_clicks_saved_every_move_it_acknowledged(tmp_path):
    rng = random.Random(24)
    checked = 0
    for kill in range(KILLS):
        database, log = tmp_path / f"peapod-{kill}.db", tmp_path / f"acks-{kill}.jsonl"
        child = await clicker(database, log)
        try:
            wanted = rng.randrange(20, 200)
            await until(log, lambda found, wanted=wanted: len(acknowledged_moves(found)) >= wanted)
            await asyncio.sleep(rng.uniform(0.0, 0.2))  # a random moment, between any two steps of a click
        finally:
            child.send_signal(signal.SIGKILL)
            await child.wait()
        moves = acknowledged_moves(lines(log))
        assert await unsaved(database, moves) == []
        checked += len(moves)
    assert checked >= 20 * KILLS
