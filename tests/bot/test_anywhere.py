"""The patiences and the daily deal where peapod is not a member (a group DM, a server that never added it):
the table is the command's own answer, moved on by each click; nothing is posted, no DM sent, and nothing
goes out on a token past its 15 minutes."""

import random
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from simcord import Env
from simcord.builders import ChannelHandle
from simcord.results import to_discord_message

from bot.core.places import Place
from bot.ui.present.interactions import TOKEN_MARGIN
from games.ai.peek_ai import GreedyPlayer
from games.ai.penguin_solver import solve, winnable_seed
from games.ai.triplepeaks_solver import solve as solve_peaks
from games.ai.triplepeaks_solver import winnable_seed as winnable_peaks
from games.peek import GAME as PEEK
from games.penguin import GAME as PENGUIN
from games.triplepeaks import GAME as PEAKS

from .places import bot_calls_to, slash_in
from .tables import button_for, game_id_of, pick_id, text_of

TOKEN_LIFE = 15 * 60.0


@dataclass
class Chat:
    """A place to play where peapod is not a member, and how each of its people acts there."""

    env: Env
    channel: ChannelHandle
    place: Place
    people: dict[str, Any]
    """Each person's handle that acts in this chat (a user in a group DM, a member in a server)."""

    async def slash(self, who: str, name: str, **options: Any) -> Any:
        person = self.people[who]
        if self.place is Place.GROUP_DM:
            return await slash_in(person, self.channel, name, **options)
        return await person.slash(self.channel, name, **options)

    def message(self, message_id: int) -> discord.Message:
        return to_discord_message(self.env, self.env.backend.get_message(self.channel.id, message_id))

    async def click(self, who: str, message_id: int, code: str) -> Any:
        message = self.message(message_id)
        return await self.people[who].click(message, custom_id=button_for(message, code))

    async def pick(self, who: str, message_id: int, source: str) -> Any:
        message = self.message(message_id)
        return await self.people[who].select(message, [source], custom_id=pick_id(message))


@pytest.fixture(params=[Place.GROUP_DM, Place.SERVER_APP])
def chat(request, simcord_env, places, room) -> Chat:
    """A group DM of alice, bob and carol; or a server that never added peapod, where alice installed it."""
    if request.param is Place.GROUP_DM:
        channel = places.group(simcord_env, room.alice, room.bob, room.carol)
        people = {"alice": room.alice.user, "bob": room.bob.user}
    else:
        guild = simcord_env.create_guild("Friends' Server")
        places.app_only.add(guild.id)
        channel = guild.create_text_channel("general")
        people = {"alice": guild.add_member(room.alice.user), "bob": guild.add_member(room.bob.user)}
    return Chat(simcord_env, channel, request.param, people)


def dms_sent(env: Env) -> list[str]:
    """The bot's messages to anyone's DMs (REST posts to a DM channel)."""
    dm_ids = set(env.backend.dm_channels.values())
    return [
        entry.path
        for entry in env.http_requests
        if entry.method == "POST" and any(entry.path.startswith(f"/channels/{dm}/") for dm in dm_ids)
    ]


async def deal(chat: Chat, simcord_bot, command: str, **options: Any) -> int:
    """Deal a table as alice; the table is the command's answer. Returns its message id."""
    result = await chat.slash("alice", command, **options)
    table = await simcord_bot.service.table(game_id_of(result.response.message))
    assert table.place is chat.place and table.message_id == result.response.id
    return result.response.id


async def test_penguin_is_played_to_a_win_on_the_commands_own_message(chat, simcord_bot, seed_box):
    seed_box[0] = winnable_seed(0)
    message_id = await deal(chat, simcord_bot, "penguin new")
    for move in solve(PENGUIN.new_state(None, 1, seed_box[0])):
        await chat.pick("alice", message_id, move.source)
        await chat.click("alice", message_id, move.code)
    assert "Won!" in text_of(chat.message(message_id))
    assert bot_calls_to(chat.env, chat.channel.id) == [] and dms_sent(chat.env) == []
    board = await chat.slash("alice", "scores", game="penguin")
    assert "    1     1    52" in text_of(board.response.message)


async def test_peek_and_triple_peaks_are_played_to_their_end_there(chat, simcord_bot, seed_box):
    seed_box[0] = winnable_peaks(0)
    message_id = await deal(chat, simcord_bot, "triplepeaks new")
    for action in solve_peaks(PEAKS.new_state(None, 1, seed_box[0])):
        await chat.click("alice", message_id, action.code)
    assert "Won!" in text_of(chat.message(message_id))
    seed_box[0] = 3
    message_id = await deal(chat, simcord_bot, "peek new")
    state, rng = PEEK.new_state(None, 1, 3), random.Random(0)
    while PEEK.outcome(state) is None:
        action = GreedyPlayer().choose(state, 0, rng)
        await chat.click("alice", message_id, action.code)
        state = PEEK.apply_action(state, 0, action).state
    table = await simcord_bot.service.table(game_id_of(chat.message(message_id)))
    assert table.finished and table.public == PEEK.view_for(state, None)
    assert bot_calls_to(chat.env, chat.channel.id) == [] and dms_sent(chat.env) == []


async def test_someone_else_in_the_chat_cannot_play_alices_table(chat, simcord_bot):
    message_id = await deal(chat, simcord_bot, "peek new")
    refused = await chat.click("bob", message_id, "!resign?")
    assert refused.ephemeral and "not" in refused.response.content.lower()
    assert not (await simcord_bot.service.table(game_id_of(chat.message(message_id)))).finished


async def test_the_daily_deal_is_shown_to_its_player_alone_and_played_to_its_end(chat, simcord_bot):
    answer = await chat.slash("alice", "daily peek")
    assert answer.ephemeral and dms_sent(chat.env) == []
    stored = chat.env.backend.get_message(chat.channel.id, answer.response.id)
    assert stored.visible_to(chat.people["alice"].id) and not stored.visible_to(chat.people["bob"].id)
    message_id = answer.response.id
    asked = await chat.click("alice", message_id, "!resign?")
    await chat.people["alice"].click(asked.response.message, label="Yes, resign")
    await simcord_bot.presenter.idle()
    assert "Resigned" in text_of(chat.message(message_id)), "redrawn through the command's token"
    table = await simcord_bot.service.table(game_id_of(answer.response.message))
    assert table.finished and table.place is chat.place and table.guild_id is None
    assert bot_calls_to(chat.env, chat.channel.id) == [] and dms_sent(chat.env) == []


async def test_a_typed_move_redraws_through_the_fresh_token_and_nothing_goes_out_on_a_spent_one(
    chat, simcord_bot, seed_box, store
):
    seed_box[0] = winnable_seed(0)
    message_id = await deal(chat, simcord_bot, "penguin new")
    game_id = game_id_of(chat.message(message_id))
    moves = solve(PENGUIN.new_state(None, 1, seed_box[0]))
    await chat.slash("alice", "penguin move", move=moves[0].code)
    await simcord_bot.presenter.idle()
    assert (await simcord_bot.service.table(game_id)).shown_version == 1
    kept = await store.table_token(game_id, message_id)
    await chat.env.advance_time(TOKEN_LIFE - TOKEN_MARGIN + 1)
    before = len(chat.env.http_requests)
    await chat.slash("alice", "penguin move", move=moves[1].code)
    await simcord_bot.presenter.idle()
    sent = [entry.path for entry in chat.env.http_requests[before:]]
    assert not [path for path in sent if kept.token in path], "nothing on a spent token"
    table = await simcord_bot.service.table(game_id)
    assert table.version == 2 and table.shown_version == 1, "the table waits for a click"
    await chat.pick("alice", message_id, moves[2].source)
    assert (await simcord_bot.service.table(game_id)).shown_version == 2, "a click on it catches it up"
    await chat.pick("alice", message_id, moves[2].source)
    await chat.click("alice", message_id, moves[2].code)
    await chat.slash("alice", "penguin move", move=moves[3].code)
    await simcord_bot.presenter.idle()
    assert (await simcord_bot.service.table(game_id)).shown_version == 4, "the click's token is the fresh one"
    assert bot_calls_to(chat.env, chat.channel.id) == []


async def test_where_use_external_apps_is_off_the_table_is_alices_alone_and_says_so(room, simcord_env, places):
    guild = simcord_env.create_guild("Strict Server")
    places.app_only.add(guild.id)
    closed = discord.PermissionOverwrite(use_external_apps=False)
    channel = guild.create_text_channel("general", overwrites={guild.default_role: closed})
    alice = guild.add_member(room.alice.user)
    answer = await alice.slash(channel, "peek new")
    assert answer.ephemeral
    message_id = answer.response.id
    assert "Only you can see this table" in text_of(answer.response.message)
    chat = Chat(simcord_env, channel, Place.SERVER_APP, {"alice": alice})
    await chat.click("alice", message_id, "draw")
    assert "Only you can see this table" in text_of(chat.message(message_id))
    assert bot_calls_to(simcord_env, channel.id) == []
