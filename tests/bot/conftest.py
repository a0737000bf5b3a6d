"""A real peapod bot on a temporary SQLite file, run by SimCord, with a small server to play in."""

from dataclasses import dataclass

import pytest
from simcord import Env
from simcord.actors import MemberActor
from simcord.builders import ChannelHandle

from bot.app import PeapodBot, create_bot
from bot.config import Settings
from bot.store import SqliteStore

SEED = 7
"""The seed every new game gets in these tests, unless a test sets ``seed_box``."""


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
    return create_bot(settings, store, seed_source=lambda: seed_box[0])


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
