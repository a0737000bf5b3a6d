"""The simulated Discord ``make play`` runs: the real bot in SimCord; a server that added it, with one channel
and four players; a group DM of three of them; and a server that never added peapod, where each player
installed it to themselves (:mod:`bot.play.places`)."""

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import discord
import simcord
from simcord.actors import MemberActor
from simcord.builders import ChannelHandle

from bot.app import PeapodBot, create_bot
from bot.config import Settings
from bot.play.places import ChatPlaces, installed
from bot.store import SqliteStore, Store
from bot.ui.present.requests import EditBudget

log = logging.getLogger("peapod.play")

BOT_NAME = "peapod"
PLAYERS = ("Ada", "Basil", "Clover", "Dot")
CHANNEL = "card-room"
GROUP_PLAYERS = PLAYERS[:3]
"""The people of the group DM (peapod is never a member of a group DM)."""
ELSEWHERE_SERVER = "Friends"
ELSEWHERE_CHANNEL = "games"
"""The server that never added peapod, and its channel, where every player installed peapod to themselves."""
PREVIEW_LOCALE = "en-US"
PREVIEW_LOCALES = frozenset(locale.value for locale in discord.Locale)
"""The locales the page itself can be shown in (Discord's; the pseudo-locale's page is shown in English)."""
PLAY_APPLICATION = 1_000_000_000_000_000_001
"""The application id play mode's Activity uses (its fake of Discord's HTTP answers for it)."""
PLAY_SECRET = "play-client-secret"
SETTLE_TIMEOUT = 30.0
"""Seconds SimCord waits for the bot to finish an action; generous, so a slow render never times out."""
PLAY_BUDGET = EditBudget(channel_requests=10_000, channel_window=1.0, message_spacing=0.0)
"""SimCord has no rate limits, and a click waits until the bot has settled: with Discord's edit budget
each move of a race would hold the page for the second between two edits of its board. The same
coalescing code runs, it just never has to wait."""


@dataclass
class PlayRoom:
    """The simulated Discord: the running Env, the bot, the players and where they play."""

    env: simcord.Env
    bot: PeapodBot
    channel: ChannelHandle
    """The channel of the server that added peapod."""
    players: list[MemberActor]
    """Everyone, as members of the server that added peapod."""
    group: ChannelHandle
    """The group DM of :data:`GROUP_PLAYERS`."""
    elsewhere: ChannelHandle
    """The channel of the server that never added peapod."""
    elsewhere_players: list[MemberActor]
    """Everyone, as members of that server (in the order of ``players``)."""
    locale: str = PREVIEW_LOCALE
    """The Discord locale the page is shown in."""
    store: Store | None = None
    """The bot's store (the Activity's web app serves from it too)."""

    def in_group(self, player: MemberActor) -> bool:
        return player.name in GROUP_PLAYERS

    def elsewhere_player(self, player: MemberActor) -> MemberActor:
        """``player`` as a member of the server that never added peapod."""
        return self.elsewhere_players[self.players.index(player)]

    def player(self, name: str) -> MemberActor:
        """The player called ``name``; ValueError for anyone else."""
        for player in self.players:
            if player.name == name:
                return player
        raise ValueError(f"no player called {name!r}")


@asynccontextmanager
async def play_room(database: Path, locale: str | None = None) -> AsyncIterator[PlayRoom]:
    """Start the real bot on ``database`` inside SimCord, with a server, a channel and four players, a group DM of
    three of them, and a server where peapod is only installed to them.

    With a ``locale`` (``"de"``, or the pseudo-locale), the players and the server read peapod in that
    language: their ``/language`` choices are set, as SimCord's clicks all come from an en-US client.

    The bot account is renamed to peapod the way a bot renames itself on Discord (``ClientUser.edit``),
    so the page names it as the real bot is named.
    """
    store = await SqliteStore.open(database)
    try:
        settings = Settings(
            _env_file=None,
            database_path=database,
            shard_count=1,
            discord_client_id=PLAY_APPLICATION,
            discord_client_secret=PLAY_SECRET,
            web_port=0,
        )
        bot = create_bot(settings, store, budget=PLAY_BUDGET)
        with installed(ChatPlaces()) as chats:
            async with simcord.run(bot, check_errors=False, settle_timeout=SETTLE_TIMEOUT) as env:
                assert bot.user is not None
                await bot.user.edit(username=BOT_NAME)
                guild = env.create_guild(BOT_NAME)
                channel = guild.create_text_channel(CHANNEL)
                players = [guild.add_member(env.create_user(name)) for name in PLAYERS]
                group = chats.group(env, *(player.user for player in players if player.name in GROUP_PLAYERS))
                friends = chats.server(env, ELSEWHERE_SERVER)
                elsewhere = friends.create_text_channel(ELSEWHERE_CHANNEL)
                elsewhere_players = [friends.add_member(player.user) for player in players]
                await env.settle()
                if locale is not None:
                    for player in players:
                        await bot.service.choose_language(player.id, locale)
                    await bot.service.choose_server_language(guild.id, locale)
                shown = locale if locale in PREVIEW_LOCALES else PREVIEW_LOCALE
                yield PlayRoom(env, bot, channel, players, group, elsewhere, elsewhere_players, shown, store)
                for error in env.errors:
                    log.error("the bot raised during play", exc_info=error)
    finally:
        await store.close()
