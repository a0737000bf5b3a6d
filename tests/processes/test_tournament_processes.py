"""Two bot processes on one PostgreSQL play a Swiss tournament through, racing to end the same matches and to
close and pair the same rounds (tests/processes/tournament_worker.py): every round is paired exactly once and
every match dealt once. Skipped, with the reason, where no PostgreSQL server answers."""

import asyncio
import collections
import os
import sys
import time
from pathlib import Path

import pytest

from bot.core.service import TableService
from bot.store import PostgresStore
from games import GAMES
from tests.postgres import fresh_database

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = tuple(range(101, 109))


@pytest.fixture
async def database_url():
    async with fresh_database() as url:
        yield url


async def test_two_processes_pair_each_round_of_a_swiss_tournament_once(database_url):
    async with await PostgresStore.open(database_url) as store:
        service = TableService(store, games=GAMES, clock=time.time)
        view = await service.open_tournament("pebbles", "swiss", guild_id=1, channel_id=2, host_id=PLAYERS[0], rounds=3)
        for player in PLAYERS:
            await service.join_tournament(view.id, player, f"p{player}")
        await service.start_tournament(view.id, PLAYERS[0])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.processes.tournament_worker",
            database_url,
            str(view.id),
            str(seed),
            cwd=ROOT,
            env=env,
        )
        for seed in (1, 2)
    ]
    assert [await asyncio.wait_for(worker.wait(), 120) for worker in workers] == [0, 0]
    async with await PostgresStore.open(database_url) as store:
        record = await store.load_tournament(view.id)
        assert record is not None and record.status == "finished" and record.round == 3
        per_round = collections.Counter(pairing.round for pairing in record.pairings)
        assert per_round == {1: 4, 2: 4, 3: 4}, "each round paired once"
        games = [int(row[0]) for row in await store._fetch("SELECT id FROM games WHERE status <> 'cancelled'")]
        assert sorted(games) == sorted(p.game_id for p in record.pairings), "each match dealt once"
        assert all(p.outcome is not None for p in record.pairings)
