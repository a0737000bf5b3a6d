"""One bot process's core, driven hard: ``python -m tests.processes.worker URL NAME SEED STEPS LOG``.

It opens the shared PostgreSQL store and a table service (as a bot process does, without Discord) and, for
``STEPS`` steps chosen by ``SEED``, plays moves and undos on the shared open Penguin tables (dealing new ones
as games end), joins the shared lobbies as made-up people, and fires whatever deadlines are due (the
timer-driven Pebbles tables).
Every call the service acknowledged is written to ``LOG`` as one JSON line before the next step, so a
test that kills this process knows exactly what it was promised.
"""

import asyncio
import json
import random
import sys
import time

from bot.core.errors import ServiceError
from bot.core.service import TableService
from bot.store import PostgresStore
from games import GAMES
from games.ai.registry import AI_LEVELS, TIMEOUT_ACTIONS
from games.errors import EngineError

OPEN_TABLES = 8
OWNER = 1
LEASE = 1.0
"""A killed process's claimed deadlines are fired by another after this long (the bot's is a minute)."""


async def run(url: str, name: str, seed: int, steps: int, log_path: str) -> None:
    store = await PostgresStore.open(url, pool_size=4)
    store.timer_lease = LEASE
    service = TableService(store, games=GAMES, levels=AI_LEVELS, timeouts=TIMEOUT_ACTIONS, clock=time.time)
    rng = random.Random(seed)
    lobbies = [int(row[0]) for row in await store._fetch("SELECT id FROM games WHERE status = 'seating'")]
    with open(log_path, "a", buffering=1, encoding="utf-8") as log:

        def promised(**line: object) -> None:
            log.write(json.dumps({"worker": name, **line}) + "\n")
            log.flush()

        tables: list[int] = []
        for step in range(steps):
            if step % 50 == 0:
                tables = await open_tables(service, store, rng)
            roll = rng.random()
            try:
                if roll < 0.05 and lobbies:
                    game_id, user = rng.choice(lobbies), rng.randrange(1000, 1100)
                    table = await service.join(game_id, user)
                    promised(kind="join", game=game_id, user=user)
                elif roll < 0.15 and tables:
                    game_id = rng.choice(tables)
                    table = await service.undo(game_id, OWNER)
                    promised(kind="undo", game=game_id, version=table.version)
                elif tables:
                    game_id = rng.choice(tables)
                    table = await service.table(game_id)
                    if table.legal.get(0):
                        move = rng.choice(table.legal[0])
                        table = await service.act(game_id, OWNER, move.code, version=table.version)
                        promised(kind="act", game=game_id, version=table.version, code=move.code)
            except (ServiceError, EngineError):
                pass  # lost a race (the table moved on, the seat was taken) or nothing to undo: a sentence
            if step % 4 == 0:
                for fired in await service.fire_due():
                    promised(kind="fired", game=fired.table.game_id, version=fired.table.version)
    await store.close()


async def open_tables(service: TableService, store: PostgresStore, rng: random.Random) -> list[int]:
    """The running shared tables; when games have ended, deal new ones so there are always enough."""
    rows = await store._fetch("SELECT id FROM games WHERE open_play = 1 AND status = 'active'")
    tables = [int(row[0]) for row in rows]
    while len(tables) < OPEN_TABLES:
        table = await service.new_game("penguin", guild_id=1, channel_id=1, players=[OWNER], open_play=True)
        await service.attach_message(table.game_id, rng.randrange(10**9), 0)
        tables.append(table.game_id)
    return tables


if __name__ == "__main__":
    url, name, seed, steps, log_path = sys.argv[1:6]
    asyncio.run(run(url, name, int(seed), int(steps), log_path))
