"""Acknowledged means saved: a bot process killed (SIGKILL) at a random moment of a burst of clicks on
sixteen tables has saved every move whose click it acknowledged (tests/processes/clicker.py logs each
acknowledgement, flushed, as Discord receives it)."""

import asyncio
import json
import os
import random
import signal
import sys
from pathlib import Path

from bot.store import SqliteStore
from tests.processes.burst import MOVE

ROOT = Path(__file__).resolve().parents[2]
KILLS = 4
"""Processes killed, each at its own random moment."""


def clicker(database: Path, log: Path) -> asyncio.subprocess.Process:
    command = [sys.executable, "-m", "tests.processes.clicker", str(database), str(log)]
    return asyncio.create_subprocess_exec(
        *command,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )


def lines(log: Path) -> list[dict]:
    """The complete lines of the log (a process killed mid-line leaves a partial last one)."""
    text = log.read_text(encoding="utf-8") if log.exists() else ""
    return [json.loads(line) for line in text.splitlines() if line.endswith("}")]


async def until(log: Path, done, timeout: float = 120.0) -> list[dict]:
    """Poll the child's log (real time: it is another process) until ``done(lines)``."""
    loop = asyncio.get_running_loop()
    ends = loop.time() + timeout
    while not done(found := lines(log)):
        assert loop.time() < ends, f"the child's log stopped at {len(found)} lines"
        await asyncio.sleep(0.02)
    return found


def acknowledged_moves(found: list[dict]) -> list[tuple[int, int, str]]:
    """(game, version it was drawn for, move) of every click acknowledged without a sentence."""
    moves = []
    for line in found:
        if line.get("ack") in ("defer", "edit_message") and (match := MOVE.fullmatch(line.get("custom_id") or "")):
            moves.append((int(match["game"]), int(match["version"]), match["code"]))
    return moves


async def unsaved(database: Path, moves: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The moves not in their game's action log at the version after the one they were drawn for."""
    async with await SqliteStore.open(database) as store:
        logs = {game: {(action.seq, action.code) for action in await store.load_actions(game)} for game, _, _ in moves}
    return [(game, version, code) for game, version, code in moves if (version + 1, code) not in logs[game]]


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
