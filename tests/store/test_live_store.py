"""The live race's rows (migration 0017) on both backends: launches, Activity instances, open sockets, and
the change notice every saved action sends to every process."""

import asyncio

import pytest

from bot.store import LiveLaunch, LiveSocket, PostgresStore, SqliteStore, StaleGameError, open_store

from .test_store import new_game


async def test_the_race_launched_last_in_a_channel_is_the_one_its_activity_shows(store):
    first = await store.create_game(new_game())
    second = await store.create_game(new_game())
    assert await store.launched_in(20) is None
    await store.record_launch(first.id, 20, 100, at=1.0)
    await store.record_launch(second.id, 20, 200, at=2.0)
    await store.record_launch(first.id, 21, 100, at=3.0)
    assert await store.launched_in(20) == LiveLaunch(second.id, 20, 200, 2.0)
    await store.record_launch(first.id, 20, 200, at=4.0)
    assert await store.launched_in(20) == LiveLaunch(first.id, 20, 200, 4.0), "launched again: the later click counts"


async def test_an_instance_is_recorded_once_with_each_race_it_showed(store):
    first = await store.create_game(new_game())
    second = await store.create_game(new_game())
    launch = LiveLaunch(first.id, 20, 100, 1.0)
    await store.record_instance("i-1", launch, at=5.0)
    await store.record_instance("i-1", launch, at=6.0)
    await store.record_instance("i-1", LiveLaunch(second.id, 20, 200, 7.0), at=8.0)
    assert await store.instance_games("i-1") == [first.id, second.id]
    assert await store.instance_games("i-2") == []


async def test_sockets_are_rows_while_open_and_a_dead_process_is_swept(store):
    game = await store.create_game(new_game())
    one = await store.add_socket("i-1", game.id, 100, process="a", at=10.0)
    two = await store.add_socket("i-1", game.id, 200, process="b", at=11.0)
    assert await store.live_sockets(game.id) == [
        LiveSocket(one, "i-1", game.id, 100, "a", 10.0, 10.0),
        LiveSocket(two, "i-1", game.id, 200, "b", 11.0, 11.0),
    ]
    await store.seen_sockets("a", at=70.0)
    assert await store.sweep_sockets(before=60.0) == 1, "process b was not heard from"
    assert [socket.seen_at for socket in await store.live_sockets(game.id)] == [70.0]
    await store.drop_socket(one)
    assert await store.live_sockets(game.id) == []


async def test_every_saved_action_is_announced_once_and_a_refused_one_never(database):
    first = await open_store(database)
    second = await open_store(database) if isinstance(first, PostgresStore) else first
    heard: list[tuple[str, int]] = []
    everyone = asyncio.Event()

    def listener(name: str):
        async def hear(game_id: int, version: int) -> None:
            heard.append((name, game_id, version))
            if len(heard) == (2 if second is not first else 1):
                everyone.set()

        return hear

    try:
        await first.listen_changes(listener("first"))
        if second is not first:
            await second.listen_changes(listener("second"))
        game = await first.create_game(new_game())
        await first.save_action(game.id, version=0, seat=0, code="+1", state={}, finished=False, at=1.0)
        await asyncio.wait_for(everyone.wait(), 5)
        with pytest.raises(StaleGameError):
            await first.save_action(game.id, version=0, seat=0, code="+2", state={}, finished=False, at=2.0)
        await asyncio.sleep(0.2)
        names = {"first", "second"} if second is not first else {"first"}
        assert sorted(heard) == sorted((name, game.id, 1) for name in names)
    finally:
        if second is not first:
            await second.close()
        await first.close()


async def test_sqlite_tells_its_own_listeners(tmp_path):
    async with await SqliteStore.open(tmp_path / "one.db") as store:
        heard: list[tuple[int, int]] = []

        async def hear(game_id: int, version: int) -> None:
            heard.append((game_id, version))

        await store.listen_changes(hear)
        game = await store.create_game(new_game())
        await store.save_action(game.id, version=0, seat=0, code="+1", state={}, finished=True, at=1.0)
        await asyncio.sleep(0)
        assert heard == [(game.id, 1)]
