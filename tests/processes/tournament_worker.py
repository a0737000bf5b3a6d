"""One bot process's tournament work, without Discord:
``python -m tests.processes.tournament_worker URL TOURNAMENT SEED``.

Over the shared PostgreSQL store it does what every bot process does to a running tournament, as fast as it
can: shows the matches dealt (their message appears), ends the matches it finds running (a player resigns),
moves the tournament on as a process starting up would, and fires its deadlines; until the tournament is
over (a process that starts after the others finished it has nothing to do). Several such processes race on the
same rounds.
"""

import asyncio
import random
import sys
import time

from bot.core.errors import ServiceError
from bot.core.service import TableService
from bot.store import PostgresStore
from games import GAMES
from games.errors import EngineError


async def run(url: str, tournament_id: int, seed: int) -> None:
    store = await PostgresStore.open(url, pool_size=4)
    service = TableService(store, games=GAMES, clock=time.time)
    rng = random.Random(seed)
    try:
        for _ in range(2000):
            record = await store.load_tournament(tournament_id)
            assert record is not None
            if record.status == "finished":
                return
            running = [p for p in record.pairings if p.outcome is None and p.game_id is not None]
            for pairing in rng.sample(running, len(running)):
                assert pairing.game_id is not None and pairing.second_id is not None
                try:
                    table = await service.table(pairing.game_id)
                    if table.status == "dealing":
                        await service.attach_message(pairing.game_id, 7000 + pairing.game_id, table.version)
                    await service.resign(pairing.game_id, rng.choice((pairing.first_id, pairing.second_id)))
                except (ServiceError, EngineError):
                    pass  # the other process got there first
            if rng.random() < 0.5:
                await service.resume_tournaments()
            await service.fire_tournaments()
        raise AssertionError(f"tournament {tournament_id} did not finish")
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(run(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
