"""`make play`: a race and a daily deal played to their end where the page can show them.

The bot plays a race in its thread and deals the daily deal into a DM, as on Discord; the places page
(its HTTP API, as the browser calls it) moves the one Preview there, and the Preview's snapshot (the
projection the page renders) shows what the viewing player sees.
"""

import asyncio
import json
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import aiohttp
import pytest
from simcord.backend.errors import SetupError

from bot.play.hub import TOKEN_HEADER, Hub
from bot.play.room import BOT_NAME, CHANNEL, PLAYERS, PlayRoom, play_room
from bot.play.stage import CHANNEL_PLACE, DM_PLACE, Stage
from games.ai.peanuts_ai import GreedyPlayer
from games.peanuts import GAME

from .tables import custom_ids_on, table_message, text_of
from .test_daily import dm_tables, resign_in_dm
from .test_peanuts_discord import button_with, open_panel, play


@asynccontextmanager
async def session(tmp_path, now=lambda: 0.0) -> AsyncIterator[tuple[PlayRoom, Stage, Hub, "Browser"]]:
    """The launcher's world, its real clock read from ``now`` (SimCord's contexts are entered in the test
    itself, not in a fixture)."""
    async with play_room(tmp_path / "play.db") as room:
        stage = Stage(room, now=now)
        try:
            async with Hub(room, stage) as hub, aiohttp.ClientSession() as client:
                yield room, stage, hub, Browser(client, hub)
        finally:
            await stage.close()


class Browser:
    """The places page's two calls, made as its script makes them."""

    def __init__(self, session: aiohttp.ClientSession, hub: Hub) -> None:
        self._session = session
        self._base = f"http://127.0.0.1:{hub.port}"
        self._headers = {TOKEN_HEADER: hub.url.split("#", 1)[1]}

    async def places(self, viewer: str) -> dict[str, dict]:
        async with self._session.get(f"{self._base}/api/places", params={"viewer": viewer}, headers=self._headers) as r:
            assert r.status == 200, await r.text()
            return {place["label"]: place for place in (await r.json())["places"]}

    async def open(self, viewer: str, label: str) -> str:
        key = (await self.places(viewer))[label]["key"]
        async with self._session.post(
            f"{self._base}/api/show", json={"viewer": viewer, "place": key}, headers=self._headers
        ) as r:
            assert r.status == 200, await r.text()
            return (await r.json())["url"]


async def seen(stage: Stage) -> dict:
    """What the page shows its viewer now: the messages of the place, by id."""
    assert stage.preview is not None
    return (await stage.preview.snapshot())["messages"]


def texts(messages: dict) -> str:
    return json.dumps(messages, ensure_ascii=False)


async def test_the_server_has_its_channel_players_commands_and_the_bot_called_peapod(tmp_path):
    async with session(tmp_path) as (room, stage, _, _):
        assert room.channel.name == CHANNEL and [player.name for player in room.players] == list(PLAYERS)
        commands = set(room.players[0].available_commands(room.channel))
        assert {"peanuts challenge", "daily penguin", "history", "help"} <= commands
        await room.players[1].slash(room.channel, "penguin new")
        await stage.show(room.players[1], CHANNEL_PLACE)
        [table] = [message for message in (await seen(stage)).values() if message["author"]["bot"]]
        assert table["author"]["name"] == BOT_NAME and "Penguin" in texts({"t": table})


async def test_a_challenge_is_raced_to_its_end_in_its_thread_and_its_result_shows_in_the_channel(tmp_path):
    async with session(tmp_path) as (room, stage, _, browser):
        ada, basil = room.players[:2]
        await ada.slash(room.channel, "peanuts challenge", friend=basil.user)
        challenge = room.channel.last_message
        game_id = int(custom_ids_on(challenge)[0].split(":")[1])
        await basil.click(challenge, custom_id=button_with(challenge, "pv"))
        [thread] = room.channel.threads
        label = f"Thread: {thread.name}"
        assert label in await browser.places("Basil")

        await browser.open("Ada", label)
        board_id = (await room.bot.service.table(game_id)).message_id
        assert board_id in {int(key) for key in await seen(stage)} and "My controls" in texts(await seen(stage))
        panels = {0: await open_panel(ada, room, board_id), 1: await open_panel(basil, room, board_id)}
        shown = await seen(stage)
        assert str(panels[0].id) in shown and str(panels[1].id) not in shown, "Ada sees her panel, not Basil's"
        await browser.open("Basil", label)
        shown = await seen(stage)
        assert str(panels[1].id) in shown and str(panels[0].id) not in shown, "and Basil his"

        actors, player, rng = {0: ada, 1: basil}, GreedyPlayer(), random.Random(3)
        for step in range(400):
            if (await room.bot.service.table(game_id)).finished:
                break
            seat = step % 2
            state = GAME.from_dict((await room.bot.service._store.load_game(game_id)).state)
            action = player.choose(state, seat, rng)
            if action is None:
                continue
            if not any(cid.endswith(f":{action.code}") for cid in custom_ids_on(panels[seat])):
                panels[seat] = await open_panel(actors[seat], room, board_id)
            panels[seat] = (await play(actors[seat], panels[seat], action.code)).response.message
        assert (await room.bot.service.table(game_id)).finished, "the race ended"
        assert "Game over." in texts(await seen(stage)), "the thread's board shows the end"

        await browser.open("Ada", f"#{CHANNEL}")
        result = (await seen(stage))[str(challenge.id)]
        assert "Game over." in texts({"r": result}) and "Rematch" in texts({"r": result})
        assert "Game over." in text_of(table_message(room, challenge.id))


async def test_a_daily_deal_is_played_to_its_end_in_the_players_direct_messages(tmp_path):
    async with session(tmp_path) as (room, stage, _, browser):
        ada = room.players[0]
        assert (await browser.places("Ada"))["Ada's direct messages"]["messages"] == 0
        answer = await ada.slash(room.channel, "daily peek")
        assert "in your DMs" in answer.response.content
        assert (await browser.places("Ada"))["Ada's direct messages"]["messages"] == 1

        await browser.open("Ada", "Ada's direct messages")
        [table] = dm_tables(ada)
        assert str(table.id) in await seen(stage) and "Peek" in texts(await seen(stage))
        await resign_in_dm(ada, table)
        shown = texts(await seen(stage))
        assert "peapod daily Peek" in shown and "Replay" in shown, "the finished deal and its share line"


async def test_the_clock_lets_the_practice_rival_move_and_the_page_shows_it(tmp_path):
    moments = [0.0]
    async with session(tmp_path, lambda: moments[0]) as (room, stage, _, _):
        ada = room.players[0]
        await stage.show(ada, CHANNEL_PLACE)
        await ada.slash(room.channel, "peanuts practice")
        before = texts(await seen(stage))
        moments[0] = 30.0
        await stage.clock.step()
        assert stage.preview is not None and stage.preview._python is not None
        assert texts(stage.preview._python.snapshot["messages"]) != before, "republished without a Refresh"
        assert "AI" in texts(await seen(stage))


async def test_a_click_in_the_page_waits_while_the_clock_moves(tmp_path):
    async with session(tmp_path) as (room, stage, _, _):
        preview = await stage.show(room.players[0], DM_PLACE)
        async with stage.clock.lock:
            action = asyncio.create_task(preview._action("no-such-page", {}))
            for _ in range(5):
                await asyncio.sleep(0)
            assert not action.done()
        with pytest.raises(SetupError):
            await action


async def test_the_places_page_answers_only_its_own_link(tmp_path):
    async with session(tmp_path) as (_, _, hub, _):
        base = f"http://127.0.0.1:{hub.port}"
        async with aiohttp.ClientSession() as client:
            async with client.get(f"{base}/") as index:
                assert index.status == 200 and BOT_NAME in await index.text()
            async with client.get(f"{base}/api/places", params={"viewer": "Ada"}) as places:
                assert places.status == 401
            async with client.get(f"{base}/", headers={"Host": "example.com"}) as foreign:
                assert foreign.status == 403
