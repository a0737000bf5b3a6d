"""The test side of tests/processes/clicker.py: start it, read its log of acknowledgements, and find the
acknowledged moves in the database it leaves."""

import asyncio
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

from bot.store import SqliteStore
from tests.processes.burst import MOVE

ROOT = Path(__file__).resolve().parents[2]


async def clicker(database: Path, log: Path) -> asyncio.subprocess.Process:
    """Start the clicker on ``database``, logging to ``log`` (its own log lines go beside it, ``*.err``)."""
    command = [sys.executable, "-m", "tests.processes.clicker", str(database), str(log)]
    with log.with_suffix(".err").open("wb") as errors:
        return await asyncio.create_subprocess_exec(
            *command, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=errors, stderr=errors
        )


def lines(log: Path) -> list[dict]:
    """The complete lines of the log (a process killed mid-line leaves a partial last one)."""
    text = log.read_text(encoding="utf-8") if log.exists() else ""
    return [json.loads(line) for line in text.splitlines() if line.endswith("}")]


async def until(log: Path, done: Callable[[list[dict]], bool], timeout: float = 120.0) -> list[dict]:
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
