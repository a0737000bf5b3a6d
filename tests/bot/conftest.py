"""A real peapod bot on a temporary SQLite file, run by SimCord, with a small server to play in."""

from dataclasses import dataclass, field

import pytest
import simcord.interactions
from simcord import Env
from simcord.actors import MemberActor
from simcord.backend import serializers
from simcord.builders import ChannelHandle

from bot.app import PeapodBot, create_bot
from bot.config import Settings
from bot.store import SqliteStore
from bot.ui.present.edits import Backoff

SEED = 7
"""The seed every new game gets in these tests, unless a test sets ``seed_box``."""
BACKOFF = Backoff(first=10.0, longest=40.0)
"""An owed redraw's first retry waits longer than SimCord settles for (5 s), so a test moves the clock to
it (``advance_time``) instead of waiting for it."""
RECOVERY_PROBE = 10.0
"""Likewise for the probe that watches for the database's return."""


def without_real_waits(bot: PeapodBot) -> PeapodBot:
    """The bot with its retries timed for SimCord's clock (see :data:`BACKOFF`), the jitter fixed."""
    bot.presenter.redraws.edits.backoff = BACKOFF
    bot.presenter.redraws.edits.draw = lambda: 1.0
    bot.service.recovery.every = RECOVERY_PROBE
    return bot


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(_env_file=None, discord_token=None, database_path=tmp_path / "peapod.db", shard_count=1)


@pytest.fixture
def seed_box() -> list[int]:
    """The seed the next game will be dealt with; a test may replace ``seed_box[0]``."""
    return [SEED]


@pytest.fixture
async def store(settings):
    store = await SqliteStore.open(settings.database_path)
    yield store
    await store.close()


@pytest.fixture
def simcord_bot(settings, store, seed_box) -> PeapodBot:
    return without_real_waits(create_bot(settings, store, seed_source=lambda: seed_box[0]))


@dataclass
class Room:
    """The server the tests play in: one channel and three people."""

    env: Env
    channel: ChannelHandle
    alice: MemberActor
    bob: MemberActor
    carol: MemberActor


@pytest.fixture
def room(simcord_env) -> Room:
    guild = simcord_env.create_guild("Card Club")
    channel = guild.create_text_channel("card-room")
    people = [guild.add_member(simcord_env.create_user(name)) for name in ("alice", "bob", "carol")]
    return Room(simcord_env, channel, *people)


@pytest.fixture
def carol_has_closed_dms(room):
    """Carol refuses DMs: Discord answers the bot's DMs to her with 403 / 50007, as for a real user."""
    channel = room.carol.user.dm_channel
    room.env.inject_error(
        "POST",
        f"/channels/{channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )


@dataclass
class Languages:
    """The languages Discord reports, which SimCord fixes at en-US: each person's client locale (by user id),
    and which servers (by name) are community servers, whose preferred locale then counts."""

    users: dict[int, str] = field(default_factory=dict)
    communities: set[str] = field(default_factory=set)


@pytest.fixture
def languages(monkeypatch) -> Languages:
    """Interactions carry each person's locale and their server's (as Discord sends them), and the servers
    named in ``communities`` are community servers; set them before the server is created."""
    chosen = Languages()
    base_payload = simcord.interactions.base_payload
    guild_payload = serializers.guild_create_payload

    def with_locales(backend, *, user_id, guild_id, **options):
        record, payload = base_payload(backend, user_id=user_id, guild_id=guild_id, **options)
        payload["locale"] = chosen.users.get(user_id, "en-US")
        if guild_id is not None:
            payload["guild_locale"] = backend.get_guild(guild_id).preferred_locale
        return record, payload

    def with_community(backend, guild):
        payload = dict(guild_payload(backend, guild))
        if guild.name in chosen.communities:
            payload["features"] = ["COMMUNITY"]
        return payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locales)
    monkeypatch.setattr(serializers, "guild_create_payload", with_community)
    return chosen
