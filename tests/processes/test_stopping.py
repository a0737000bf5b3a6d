"""A clean stop: SIGTERM in the middle of a burst of clicks on sixteen tables, and the bot process (started and
stopped as ``python -m bot`` is) exits 0 within 10 seconds, having saved and drawn every move it
acknowledged and given back every deadline it had claimed."""

import asyncio
import signal

from bot.ops.stopping import STOP_SECONDS
from bot.store import SqliteStore
from tests.processes.acks import acknowledged_moves, clicker, lines, unsaved, until


async def test_sigterm_in_a_burst_of_clicks_exits_0_in_time_with_every_acknowledged_move_saved_and_drawn(tmp_path):
    database, log = tmp_path / "peapod.db", tmp_path / "acks.jsonl"
    child = await clicker(database, log)
    try:
        await until(log, lambda found: len(acknowledged_moves(found)) >= 60)
        loop = asyncio.get_running_loop()
        signalled = loop.time()
        child.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(child.wait(), 3 * STOP_SECONDS)
        took = loop.time() - signalled
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()
    errors = log.with_suffix(".err").read_text(encoding="utf-8")
    assert code == 0, errors
    assert took < STOP_SECONDS, f"{took:.1f} s from SIGTERM to exit"
    found = lines(log)
    assert {"stopped": True} in found, errors
    moves = acknowledged_moves(found)
    assert await unsaved(database, moves) == []
    shows = {line["game"]: line["shows"] for line in found if "shows" in line}
    async with await SqliteStore.open(database) as store:
        saved = {game: (await store.load_game(game)).version for game in shows}
        assert await store.release_claims() == 0, "a claim was left for its lease to lapse"
    assert shows == saved, "a table's message does not show its last saved move"
