"""Peanuts live from Discord's side (SimCord): Play live on a race's board launches the Activity (callback
type 12, added to SimCord by bot.play.activity) and records the race there; a move made with the board's
controls reaches the Activity's sockets, and a move made in the Activity redraws the board."""

import asyncio

import aiohttp
import pytest
from pydantic import ValidationError

from bot.app import create_bot
from bot.config import Settings
from bot.live.discord_api import DiscordApi
from bot.live.server import LiveServer
from bot.play import activity
from bot.play.discord_http import FakeDiscord
from bot.ui.present.requests import EditBudget
from games.errors import GameOverError
from tests.live.conftest import Socket

from .conftest import Room, without_real_waits
from .tables import custom_ids_on, table_message
from .test_peanuts_discord import accepted, button_with, open_panel, play

APP = 555


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(
        _env_file=None,
        discord_token=None,
        database_path=tmp_path / "peapod.db",
        shard_count=1,
        discord_client_id=APP,
        discord_client_secret="secret",
        web_port=0,
    )


@pytest.fixture
def simcord_bot(settings, store, seed_box):
    budget = EditBudget(channel_requests=10_000, channel_window=1.0, message_spacing=0.0)
    return without_real_waits(create_bot(settings, store, seed_source=lambda: seed_box[0], budget=budget))


@pytest.fixture
def launches():
    launches = activity.Launches()
    uninstall = activity.install(launches)
    yield launches
    uninstall()


@pytest.fixture
async def fake(room: Room, launches):
    fake = FakeDiscord(client_id=APP, client_secret="secret", bot_token="bot")
    for member in (room.alice, room.bob, room.carol):
        fake.person(member.id, member.name)
    launches.listeners.append(fake.launched)
    await fake.start()
    yield fake
    await fake.stop()


@pytest.fixture
async def live(simcord_bot, store, fake):
    await store.listen_redraws(simcord_bot.presenter.heard)  # as python -m bot does
    async with aiohttp.ClientSession() as session:
        api = DiscordApi(session, fake.url, client_id=APP, client_secret="secret", bot_token="bot")
        server = LiveServer(simcord_bot.service, store, api, client_id=APP)
        await server.start(0, "127.0.0.1")
        server.session = session
        yield server
        await server.stop()


async def redrawn(bot, store, game_id: int, version: int) -> bool:
    """Whether the table message comes to show ``version`` (a redraw is handed over, rendered in a worker
    thread, then sent: real time passes)."""
    for _ in range(50):
        await asyncio.sleep(0.1)
        await bot.presenter.idle()
        if (await store.load_game(game_id)).shown_version == version:
            return True
    return False


async def connect(live: LiveServer, fake: FakeDiscord, user_id: int, instance_id: str) -> Socket:
    ws = await live.session.ws_connect(f"http://127.0.0.1:{live.port}/api/live")
    await ws.send_json({"type": "hello", "access_token": fake.token_for(user_id), "instance_id": instance_id})
    return Socket(ws)


async def test_play_live_launches_the_race_and_moves_reach_both_sides(room, simcord_bot, store, launches, fake, live):
    game_id, board = await accepted(room, simcord_bot)
    result = await room.bob.click(board, custom_id=button_with(board, "pf"))
    assert not result.ephemeral
    [launch] = launches.launched
    assert launch.user_id == room.bob.id and launch.channel_id == board.channel.id
    assert (await store.launched_in(board.channel.id)).game_id == game_id

    fake.launched(activity.Launch(room.alice.id, launch.channel_id, launch.guild_id, launch.instance_id))
    bob = await connect(live, fake, room.bob.id, launch.instance_id)
    welcome, view = await bob.joined()
    assert welcome["seat"] == 1 and welcome["game"] == game_id and welcome["names"][1] == "bob"

    panel = await open_panel(room.alice, room, board.id)
    await play(room.alice, panel, "t")
    assert (await bob.view_at_least(view["version"] + 1))["players"][0]["waste"]["count"] == 3

    await bob.send(type="move", id=1, code="t")
    await bob.until("ack", id=1)
    version = (await simcord_bot.service.table(game_id)).version
    assert await redrawn(simcord_bot, store, game_id, version), "the board was redrawn"
    assert f"pf:{game_id}:" in " ".join(custom_ids_on(table_message(room, board.id)))
    await bob.close()

    # Bob left the Activity: the same race goes on in messages, from his own controls, to its end there.
    await play(room.bob, await open_panel(room.bob, room, board.id), "t")
    assert (await simcord_bot.service.table(game_id)).version == version + 1, "a move from the message controls"
    [thread] = room.channel.threads
    asked = await room.bob.slash(thread, "peanuts resign")
    await room.bob.click(asked.response.message, custom_id=custom_ids_on(asked.response.message)[0])
    await room.env.advance_time(2)
    assert (await simcord_bot.service.table(game_id)).finished, "one game, two views"


async def test_a_finished_race_has_no_play_live_and_its_launch_is_refused(room, simcord_bot, store, launches):
    game_id, board = await accepted(room, simcord_bot)
    assert button_with(board, "pf")
    ended = await simcord_bot.service.resign(game_id, room.alice.id)
    simcord_bot.presenter.redraw(ended)
    assert await redrawn(simcord_bot, store, game_id, ended.version)
    for message in (board, table_message(room, (await simcord_bot.service.table(game_id)).message_id)):
        shown = table_message(room, message.id)
        assert not any(cid.startswith("pf:") for cid in custom_ids_on(shown)), "no Play live on a finished race"
    with pytest.raises(GameOverError):
        await simcord_bot.service.launch_live(game_id, board.channel.id, room.bob.id)
    assert launches.launched == [] and await store.launched_in(board.channel.id) is None


def test_the_activity_is_served_only_with_its_port_and_application(tmp_path):
    """Play live shows only where WEB_PORT serves the Activity; WEB_PORT without the application is refused."""
    plain = Settings(_env_file=None, database_path=tmp_path / "a.db")
    assert not plain.live and plain.discord_api_url == "https://discord.com/api/v10"
    with pytest.raises(ValidationError, match="DISCORD_CLIENT_ID"):
        Settings(_env_file=None, web_port=8080)
    served = Settings(_env_file=None, web_port=8080, discord_client_id=APP, discord_client_secret="s")
    assert served.live


async def test_a_practice_race_is_played_live_and_the_ai_rival_moves_there(
    room, simcord_bot, store, launches, fake, live
):
    await room.alice.slash(room.channel, "peanuts practice", level="quick")
    [game_id] = await simcord_bot.service.open_tables(room.channel.id, room.alice.id, "peanuts")
    board = table_message(room, (await simcord_bot.service.table(game_id)).message_id)
    await room.alice.click(board, custom_id=button_with(board, "pf"))
    [launch] = launches.launched
    alice = await connect(live, fake, room.alice.id, launch.instance_id)
    welcome, view = await alice.joined()
    assert welcome["seat"] == 0 and welcome["names"][1].startswith("AI")
    await room.env.advance_time(6)
    assert (await alice.view_at_least(view["version"] + 1))["seat"] == 0, "the AI's move reached the socket"
    await alice.close()
