"""Several bot processes on one PostgreSQL (ARCHITECTURE.md "Past one process"), for real: worker processes
(tests/processes/worker.py) play thousands of interleaved moves and undos on shared tables, join shared
lobbies and fire the deadlines that drive AI tables, while one of them is killed with SIGKILL mid-stream
and another takes its place. Afterwards: no acknowledged action is lost, none was applied twice, every
deadline fired once (each timer-driven position moved once), and every game's seed and log replay to its
saved state. Skipped, with the reason, where no PostgreSQL server answers."""

import asyncio
import collections
import json
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from bot.core.service import TableService, effective_actions
from bot.store import PostgresStore
from games import GAMES
from games.ai.registry import AI_LEVELS, TIMEOUT_ACTIONS
from tests.postgres import fresh_database

ROOT = Path(__file__).resolve().parents[2]
LOBBIES = 4
TIMED_TABLES = 3
STEPS = 1600
OWNER = 1


@pytest.fixture
async def database_url():
    async with fresh_database() as url:
        yield url


async def prepare(url: str) -> dict[str, list[int]]:
    """Lobbies for four, and Pebbles tables of one absent person and the AI, driven by deadlines alone (turn
    timers, then the AI's pace). The workers deal the shared open Penguin tables themselves."""
    async with await PostgresStore.open(url) as store:
        service = TableService(store, games=GAMES, levels=AI_LEVELS, timeouts=TIMEOUT_ACTIONS, clock=time.time)
        games: dict[str, list[int]] = {"lobbies": [], "timed": []}
        for _ in range(LOBBIES):
            table = await service.open_table("pebbles", guild_id=1, channel_id=2, host_id=OWNER, seats=4)
            games["lobbies"].append(table.game_id)
        for index in range(TIMED_TABLES):
            settings = {"turn_seconds": 0.2, "ai_seconds": 0.02}
            table = await service.open_table(
                "pebbles", guild_id=1, channel_id=3 + index, host_id=2 + index, seats=2, settings=settings
            )
            await service.add_ai(table.game_id, 2 + index)
            await service.start(table.game_id, 2 + index)
            await service.attach_message(table.game_id, 6000 + index, 0)
            games["timed"].append(table.game_id)
        return games


def start(url: str, name: str, seed: int, log: Path) -> asyncio.subprocess.Process:
    command = [sys.executable, "-m", "tests.processes.worker", url, name, str(seed), str(STEPS), str(log)]
    return asyncio.create_subprocess_exec(*command, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})


async def test_processes_killed_mid_stream_lose_nothing_and_double_nothing(database_url, tmp_path):
    games = await prepare(database_url)
    log = tmp_path / "promised.jsonl"
    first = await start(database_url, "a", 1, log)
    second = await start(database_url, "b", 2, log)
    while not log.exists() or sum(1 for line in log.read_text().splitlines() if '"worker": "b"' in line) < 150:
        await asyncio.sleep(0.05)
    second.send_signal(signal.SIGKILL)
    await second.wait()
    third = await start(database_url, "c", 3, log)
    assert await asyncio.wait_for(first.wait(), 300) == 0
    assert await asyncio.wait_for(third.wait(), 300) == 0
    promised = [json.loads(line) for line in log.read_text().splitlines() if line.endswith("}")]
    kinds = collections.Counter(line["kind"] for line in promised)
    assert kinds["act"] + kinds["undo"] >= 2000 and kinds["fired"] >= 50, kinds

    async with await PostgresStore.open(database_url) as store:
        service = TableService(store, games=GAMES, levels=AI_LEVELS, timeouts=TIMEOUT_ACTIONS, clock=time.time)
        dealt = [int(row[0]) for row in await store._fetch("SELECT id FROM games WHERE open_play = 1")]
        for game_id in dealt + games["timed"]:
            assert await service.replay_matches(game_id), f"game {game_id} does not replay to its saved state"
        versions: dict[tuple[int, int], str] = {}
        for line in promised:
            if line["kind"] in ("act", "undo"):
                key = (line["game"], line["version"])
                assert key not in versions, f"version {key} was promised twice"
                versions[key] = line.get("code", "undo")
        for (game_id, version), code in versions.items():
            logged = await store.load_actions(game_id)
            assert logged[version - 1].code == code, f"promised {code} at {game_id}/{version} but the log differs"
        for game_id in games["lobbies"]:
            seated = [seat.user_id for seat in (await store.load_game(game_id)).seats if seat.user_id != OWNER]
            joined = {line["user"] for line in promised if line["kind"] == "join" and line["game"] == game_id}
            assert set(seated) - {None} == joined and len([u for u in seated if u is not None]) == len(joined)
        for game_id in games["timed"]:
            record = await store.load_game(game_id)
            actions = effective_actions(await store.load_actions(game_id))
            assert record.version == len(actions) > 0, "a deadline-driven table moved once per position"
            assert all(action.user_id is None for action in actions), "only deadlines moved these tables"
            if record.status == "active":
                assert await store.timers(game_id), f"game {game_id} was left without a deadline"
