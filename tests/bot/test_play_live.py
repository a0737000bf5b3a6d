"""`make play`'s Activity: the live web app in mock mode beside the places page, answered by the fake of
Discord's HTTP; Play live pressed in the page's channel opens the race there for whoever the tab says it is."""

import aiohttp

from bot.play.live import play_live
from bot.play.room import play_room
from tests.live.conftest import Socket

from .tables import custom_ids_on, table_message


async def test_play_live_in_make_play_opens_the_race_for_two_tabs_and_a_watcher(tmp_path):
    async with play_room(tmp_path / "play.db") as room, play_live(room) as live, aiohttp.ClientSession() as client:
        ada, basil, clover = room.players[:3]
        await ada.slash(room.channel, "peanuts challenge", friend=basil.user)
        challenge = room.channel.last_message
        await basil.click(challenge, custom_id=next(c for c in custom_ids_on(challenge) if c.startswith("pv:")))
        game_id = int(custom_ids_on(challenge)[0].split(":")[1])
        board = table_message(room, (await room.bot.service.table(game_id)).message_id)
        await ada.click(board, custom_id=next(c for c in custom_ids_on(board) if c.startswith("pf:")))

        async with client.get(live.url + "api/config") as response:
            assert (await response.json())["mock"] is True
        seats = {}
        for player in (ada, basil, clover):
            async with client.post(live.url + "api/token", json={"code": f"mock:{player.name}"}) as response:
                token = (await response.json())["access_token"]
            ws = await client.ws_connect(live.url + "api/live")
            await ws.send_json({"type": "hello", "access_token": token, "instance_id": "made-up-by-the-mock"})
            welcome, view = await Socket(ws).joined()
            seats[player.name] = welcome["seat"]
            assert welcome["names"] == ["Ada", "Basil"] and view["game"] == game_id
            await ws.close()
        assert seats == {"Ada": 0, "Basil": 1, "Clover": None}
        assert live.url_for("Ada").endswith("/?viewer=Ada")
