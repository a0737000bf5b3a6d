"""A live race's server over a real store and table service, and a fake of Discord's HTTP (bot.play.discord_http):
Ann (1) and Bob (2) race in channel 20, Cat (3) is in the Activity too, Dan (4) is not."""

import json
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from bot.core.play import Hints
from bot.core.service import TableService
from bot.live.discord_api import DiscordApi
from bot.live.hub import Hub
from bot.live.server import LiveServer
from bot.play.discord_http import FakeDiscord
from bot.store import SqliteStore, Store
from games import GAMES
from games.ai.registry import HINTS

APP = 555
SECRET = "client-secret"
BOT_TOKEN = "bot-token"
CHANNEL = 20
INSTANCE = "i-1"
ANN, BOB, CAT, DAN = 1, 2, 3, 4


class FakeClock:
    """The heartbeat's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def fake():
    fake = FakeDiscord(client_id=APP, client_secret=SECRET, bot_token=BOT_TOKEN)
    for user_id, name in ((ANN, "Ann"), (BOB, "Bob"), (CAT, "Cat"), (DAN, "Dan")):
        fake.person(user_id, name)
    fake.instance(INSTANCE, CHANNEL, {ANN, BOB, CAT}, guild_id=10)
    await fake.start()
    yield fake
    await fake.stop()


@dataclass
class Live:
    """One process's live server: its service, store, hub clock and URL."""

    server: LiveServer
    service: TableService
    store: Store
    clock: FakeClock
    fake: FakeDiscord
    session: aiohttp.ClientSession

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"

    async def race(self, seed: int = 7, players: tuple[int, int] = (ANN, BOB), launch: bool = True) -> int:
        """A Peanuts race shown in channel 20, launched there as Play live does."""
        table = await self.service.new_game("peanuts", guild_id=10, channel_id=CHANNEL, players=players, seed=seed)
        await self.service.attach_message(table.game_id, 900 + table.game_id, table.version)
        if launch:
            await self.service.launch_live(table.game_id, CHANNEL, players[0])
        return table.game_id

    async def connect(self, user_id: int, instance: str = INSTANCE) -> "Socket":
        ws = await self.session.ws_connect(self.url + "/api/live")
        await ws.send_json({"type": "hello", "access_token": self.fake.token_for(user_id), "instance_id": instance})
        return Socket(ws)


class Socket:
    """A client's socket: frames read in order, the views kept apart."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws

    async def frame(self, timeout: float = 5.0) -> dict[str, Any]:
        message = await self.ws.receive(timeout=timeout)
        if message.type is not aiohttp.WSMsgType.TEXT:
            return {"type": "closed", "code": self.ws.close_code}
        frame: dict[str, Any] = json.loads(message.data)
        return frame

    async def until(self, kind: str, **fields: Any) -> dict[str, Any]:
        """The next frame of ``kind`` (with ``fields``), skipping others."""
        while True:
            frame = await self.frame()
            if frame["type"] == kind and all(frame.get(key) == value for key, value in fields.items()):
                return frame
            if frame["type"] == "closed":
                raise AssertionError(f"closed while waiting for {kind}: {frame}")

    async def view_at_least(self, version: int) -> dict[str, Any]:
        while True:
            frame = await self.until("view")
            if frame["version"] >= version:
                return frame

    async def joined(self) -> tuple[dict[str, Any], dict[str, Any]]:
        welcome = await self.frame()
        assert welcome["type"] == "welcome", welcome
        return welcome, await self.until("view")

    async def send(self, **frame: Any) -> None:
        await self.ws.send_json(frame)

    async def close(self) -> None:
        await self.ws.close()


async def live_server(
    store: Store,
    fake: FakeDiscord,
    session: aiohttp.ClientSession,
    clock: FakeClock,
    process: str | None = None,
    hints: Hints = HINTS,
) -> LiveServer:
    """One process's live server over ``store`` (its own table service, given ``hints`` as the bot gives it the
    hint registry), asking the fake."""
    service = TableService(store, games=GAMES, hints=hints)
    api = DiscordApi(session, fake.url, client_id=APP, client_secret=SECRET, bot_token=BOT_TOKEN)
    hub = Hub(service, store, clock=clock, names=api.name_of, process=process)
    server = LiveServer(service, store, api, client_id=APP, hub=hub)
    await server.start(0, "127.0.0.1")
    return server


@pytest.fixture
def hints() -> Hints:
    """The hint registry the live server's table service is given: the bot's own (a test may parametrize it)."""
    return HINTS


@pytest.fixture
async def live(tmp_path, fake, hints):
    store = await SqliteStore.open(tmp_path / "peapod.db")
    clock = FakeClock()
    async with aiohttp.ClientSession() as session:
        server = await live_server(store, fake, session, clock, hints=hints)
        try:
            yield Live(server, server._service, store, clock, fake, session)
        finally:
            await server.stop()
            await store.close()
