"""Two bot processes on one PostgreSQL: a racer's socket on each; every move reaches the other process's
socket over the store's change notices (NOTIFY), whichever process the move was made on."""

import aiohttp

from bot.store import PostgresStore
from tests.postgres import fresh_database

from .conftest import ANN, BOB, CAT, FakeClock, Live, live_server


async def test_sockets_on_two_processes_see_each_others_moves(fake):
    async with fresh_database() as url, aiohttp.ClientSession() as session:
        first, second = await PostgresStore.open(url, pool_size=3), await PostgresStore.open(url, pool_size=3)
        servers = [
            await live_server(store, fake, session, FakeClock(), process=name)
            for store, name in ((first, "a:1"), (second, "b:1"))
        ]
        try:
            one = Live(servers[0], servers[0]._service, first, FakeClock(), fake, session)
            two = Live(servers[1], servers[1]._service, second, FakeClock(), fake, session)
            game_id = await one.race()
            ann, bob, cat = await one.connect(ANN), await two.connect(BOB), await two.connect(CAT)
            (_, view), _, _ = await ann.joined(), await bob.joined(), await cat.joined()
            await ann.send(type="move", id=1, code="t")
            await ann.until("ack", id=1)
            assert (await bob.view_at_least(view["version"] + 1))["players"][0]["waste"]["count"] == 3
            assert (await cat.view_at_least(view["version"] + 1))["seat"] is None
            await bob.send(type="move", id=2, code="t")
            await bob.until("ack", id=2)
            assert (await ann.view_at_least(view["version"] + 2))["players"][1]["waste"]["count"] == 3
            sockets = await first.live_sockets(game_id)
            assert sorted(socket.user_id for socket in sockets) == [ANN, BOB, CAT]
            assert {socket.user_id: socket.process for socket in sockets} == {ANN: "a:1", BOB: "b:1", CAT: "b:1"}
        finally:
            for server in servers:
                await server.stop()
            await first.close()
            await second.close()
