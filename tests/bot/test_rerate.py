"""The rating recomputation tool: every rating rebuilt from the finished games comes out as it was, and
the tool runs from the command line on a database file."""

import asyncio

from bot.core.places import Place
from bot.core.rerate import main, rerate
from bot.core.service import TableService
from bot.store import SqliteStore
from games import GAMES

from .test_service import Clock

GUILD, CHANNEL = 10, 20
GROUP, ELSEWHERE, ELSEWHERE_CHANNEL = 30, 40, 50
"""A group DM; a server that never added peapod, and its channel."""
ANN, BEN, CAT = 1, 2, 3


async def race(
    service: TableService,
    first: int,
    second: int,
    loser: int,
    where: tuple[Place, int | None, int] = (Place.SERVER, GUILD, CHANNEL),
) -> None:
    """A Peanuts race between two people (``where``: the place, server and channel): each acts three times,
    then ``loser`` resigns (rated: 7 moves)."""
    place, guild_id, channel_id = where
    table = await service.new_game(
        "peanuts", guild_id=guild_id, channel_id=channel_id, players=[first, second], place=place
    )
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


async def test_rerating_keeps_each_chats_ratings_in_that_chat(tmp_path):
    """Races in a group DM and in a server that never added peapod are rated in their chat, and rated there
    again (a game outside servers is rerated too)."""
    async with await SqliteStore.open(tmp_path / "rated.db") as store:
        service = TableService(store, games=GAMES, seed_source=lambda: 7, clock=Clock())
        await race(service, ANN, BEN, BEN, (Place.GROUP_DM, None, GROUP))
        await race(service, ANN, BEN, ANN, (Place.SERVER_APP, ELSEWHERE, ELSEWHERE_CHANNEL))
        group = await store.ratings(GROUP, "peanuts", [ANN, BEN])
        channel = await store.ratings(ELSEWHERE_CHANNEL, "peanuts", [ANN, BEN])
        assert group[ANN].ordinal > group[BEN].ordinal and channel[BEN].ordinal > channel[ANN].ordinal
        assert await store.ratings(ELSEWHERE, "peanuts", [ANN, BEN]) == {}
        assert await rerate(store, GAMES) == 2
        assert await store.ratings(GROUP, "peanuts", [ANN, BEN]) == group
        assert await store.ratings(ELSEWHERE_CHANNEL, "peanuts", [ANN, BEN]) == channel
