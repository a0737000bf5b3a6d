"""Peanuts live in ``make play``: the Activity's web app beside the places page, with no Discord and no token.

The real web app (:mod:`bot.live.server`) serves the page in its mock mode (``/api/config`` says
``"mock": true``: the page stands the SDK's ``DiscordSDKMock`` in for Discord) and asks a fake of Discord's
HTTP (:mod:`bot.play.discord_http`) who each player is and where their Activity runs. SimCord answers the
Play live button's launch (:mod:`bot.play.activity`), and the fake then runs any Activity instance the page
makes up where Play live was pressed last, with every player in it. ``?viewer=<name>`` says which player a
tab is: two tabs race, a third watches.
"""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from urllib.parse import quote

from bot.live.server import LiveServer, serve
from bot.play import activity
from bot.play.discord_http import FakeDiscord
from bot.play.room import PLAY_APPLICATION, PLAY_SECRET, PlayRoom

PLAY_BOT_TOKEN = "play-bot-token"


@dataclass
class PlayLive:
    """The Activity's web app of one play session."""

    server: LiveServer
    fake: FakeDiscord

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.port}/"

    def url_for(self, name: str) -> str:
        """The Activity's page as the player ``name`` sees it."""
        return f"{self.url}?viewer={quote(name)}"


@asynccontextmanager
async def play_live(room: PlayRoom, port: int | None = None) -> AsyncIterator[PlayLive]:
    """Serve the Activity on ``port`` (any free one when None) for the room's players until the block ends."""
    if room.store is None:
        raise ValueError("the play room has no store")
    launches = activity.Launches()
    uninstall = activity.install(launches)
    fake = FakeDiscord(
        client_id=PLAY_APPLICATION, client_secret=PLAY_SECRET, bot_token=PLAY_BOT_TOKEN, open_instances=True
    )
    for player in room.players:
        fake.person(player.id, player.name)
    launches.listeners.append(fake.launched)
    await fake.start()
    server: LiveServer | None = None
    try:
        await room.store.listen_redraws(room.bot.presenter.heard)  # a move made live redraws the board
        server = await serve(
            room.bot.service,
            room.store,
            port=port or 0,
            api_url=fake.url,
            client_id=PLAY_APPLICATION,
            client_secret=PLAY_SECRET,
            bot_token=PLAY_BOT_TOKEN,
            mock=True,
            host="127.0.0.1",
        )
        yield PlayLive(server, fake)
    finally:
        if server is not None:
            await server.stop()
        await fake.stop()
        uninstall()
