"""The rating recomputation tool: every rating rebuilt from the finished games comes out as it was, and
the tool runs from the command line on a database file."""

import asyncio

from bot.core.rerate import main, rerate
from bot.core.service import TableService
from bot.store import SqliteStore
from games import GAMES

from .test_service import Clock

GUILD, CHANNEL = 10, 20
ANN, BEN, CAT = 1, 2, 3


async def race(service: TableService, first: int, second: int, loser: int) -> None:
    """A Peanuts race between two people: each acts three times, then ``loser`` resigns (rated: 7 moves)."""
    table = await service.new_game("peanuts", guild_id=GUILD, channel_id=CHANNEL, players=[first, second])
    await service.attach_message(table.game_id, 900 + table.game_id, table.version)
    for turn in range(6):
        user = (first, second)[turn % 2]
        table = await service.table(table.game_id)
        await service.act(table.game_id, user, table.legal[turn % 2][0].code)
    assert (await service.resign(table.game_id, loser)).finished


async def test_rerating_rebuilds_the_same_ratings(tmp_path):
    path = tmp_path / "rated.db"
    async with await SqliteStore.open(path) as store:
        service = TableService(store, games=GAMES, seed_source=lambda: 7, clock=Clock())
        await race(service, ANN, BEN, BEN)
        await race(service, BEN, CAT, BEN)
        await race(service, ANN, CAT, ANN)
        before = await store.ratings(GUILD, "peanuts", [ANN, BEN, CAT])
        history = await store.rating_history(GUILD, "peanuts", ANN)
        assert len(before) == 3 and len(history) == 2
        assert await rerate(store, GAMES) == 3
        assert await store.ratings(GUILD, "peanuts", [ANN, BEN, CAT]) == before
        assert await store.rating_history(GUILD, "peanuts", ANN) == history
    assert await asyncio.to_thread(main, [f"sqlite:///{path}"]) == 0
    async with await SqliteStore.open(path) as store:
        assert await store.ratings(GUILD, "peanuts", [ANN, BEN, CAT]) == before
