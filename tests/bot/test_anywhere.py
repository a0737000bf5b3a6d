"""The patiences, the daily deal and Peanuts where peapod is not a member (a group DM, a DM between two people, a
server that never added it): the table is the command's own answer, moved on by each click; nothing is posted,
no DM sent, and nothing goes out on a token past its 15 minutes."""

import random
import sys
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from simcord import Env
from simcord.builders import ChannelHandle
from simcord.results import to_discord_message

from bot.app import PeapodBot, create_bot
from bot.core.places import TOKEN_MARGIN, Place
from bot.text import readable
from bot.ui.present.requests import EditBudget
from bot.words import card_text
from games.ai.peanuts_ai import GreedyPlayer as PeanutsGreedy
from games.ai.peek_ai import GreedyPlayer
from games.ai.penguin_solver import solve, winnable_seed
from games.ai.triplepeaks_solver import solve as solve_peaks
from games.ai.triplepeaks_solver import winnable_seed as winnable_peaks
from games.peanuts import GAME as PEANUTS
from games.peanuts import public_cards
from games.peek import GAME as PEEK
from games.penguin import GAME as PENGUIN
from games.triplepeaks import GAME as PEAKS

from .conftest import without_real_waits
from .places import bot_calls_to, slash_in
from .tables import button_for, custom_ids_on, game_id_of, pick_id, text_of

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
        if self.place in (Place.GROUP_DM, Place.DM):
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


@pytest.fixture
def simcord_bot(settings, store, seed_box) -> PeapodBot:
    """Whole games edit their table once a move: here the bot edits as soon as asked (SimCord would wait out
    each second between two edits of one message in real time; the budget is tested in test_many_seats)."""
    budget = EditBudget(channel_requests=10_000, channel_window=1.0, message_spacing=0.0)
    return without_real_waits(create_bot(settings, store, seed_source=lambda: seed_box[0], budget=budget))


@pytest.fixture(params=[Place.GROUP_DM, Place.DM, Place.SERVER_APP])
def chat(request, simcord_env, places, room) -> Chat:
    """A group DM of alice, bob and carol; a DM between alice and bob; or a server that never added peapod, where
    alice installed it."""
    if request.param is Place.GROUP_DM:
        channel = places.group(simcord_env, room.alice, room.bob, room.carol)
        people = {"alice": room.alice.user, "bob": room.bob.user}
    elif request.param is Place.DM:
        channel = places.dm(simcord_env, room.alice, room.bob)
        people = {"alice": room.alice.user, "bob": room.bob.user}
    else:
        guild = places.server(simcord_env, "Friends' Server")
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
    guild = places.server(simcord_env, "Strict Server")
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


def button_with(message: discord.Message, prefix: str) -> str:
    return next(cid for cid in custom_ids_on(message) if cid.startswith(f"{prefix}:"))


async def open_panel(chat: Chat, who: str, message_id: int) -> discord.Message:
    """A racer's own controls: the table's My controls button takes the table as its own message (so its token
    edits the table) and sends the racer their private panel."""
    table = chat.message(message_id)
    result = await chat.people[who].click(table, custom_id=button_with(table, "pm"))
    assert not result.ephemeral and result.response.id == message_id
    [panel] = result.followups
    assert panel.ephemeral
    return panel.message


def hidden_cards(state) -> list[str]:
    """The face-down cards of a race (stock, buried peanut cards, covered waste), none with a visible twin (in a
    layout, or on a building pile)."""
    visible = {card for seat in (0, 1) for card in public_cards(state, seat)}
    visible |= {card for pile in state.piles for card in pile}
    hidden = [card for layout in state.players for card in (*layout.stock, *layout.peanut, *layout.waste)]
    return [
        readable(card_text(card))
        for card in hidden
        if card not in visible and not any(card_text(other) == card_text(card) for other in visible)
    ]


async def test_a_peanuts_race_is_played_on_the_challenge_message_each_racer_on_their_own_panel(
    chat, simcord_bot, store
):
    await chat.slash("alice", "peanuts challenge", friend=chat.people["bob"])
    [game_id] = await simcord_bot.service.open_tables(chat.channel.id, chat.people["alice"].id, "peanuts")
    message_id = (await simcord_bot.service.table(game_id)).message_id
    await chat.people["bob"].click(chat.message(message_id), custom_id=button_with(chat.message(message_id), "pv"))
    table = await simcord_bot.service.table(game_id)
    assert table.message_id == message_id and table.thread_id is None, "no thread: the challenge is the board"
    seats = {0: "alice", 1: "bob"}
    panels = {seat: await open_panel(chat, who, message_id) for seat, who in seats.items()}
    player, rng = PeanutsGreedy(), random.Random(3)
    for step in range(400):
        if (await simcord_bot.service.table(game_id)).finished:
            break
        seat = step % 2
        state = PEANUTS.from_dict((await store.load_game(game_id)).state)
        action = player.choose(state, seat, rng)
        if action is None:
            continue
        if not any(cid.endswith(f":{action.code}") for cid in custom_ids_on(panels[seat])):
            panels[seat] = await open_panel(chat, seats[seat], message_id)
        panel = panels[seat]
        custom_id = next(cid for cid in custom_ids_on(panel) if cid.startswith("po:") and cid.endswith(action.code))
        panels[seat] = (await chat.people[seats[seat]].click(panel, custom_id=custom_id)).response.message
        if step % 20 == 0:
            await simcord_bot.presenter.idle()
            state = PEANUTS.from_dict((await store.load_game(game_id)).state)
            shared = text_of(chat.message(message_id))
            assert not [card for card in hidden_cards(state) if card in shared], "no hidden card on the table"
    await chat.env.advance_time(2)
    await simcord_bot.presenter.idle()
    assert (await simcord_bot.service.table(game_id)).finished, "the race ended"
    assert "Game over." in text_of(chat.message(message_id)) or "Resigned" in text_of(chat.message(message_id))
    assert bot_calls_to(chat.env, chat.channel.id) == [] and dms_sent(chat.env) == []


async def test_a_practice_rival_waits_for_a_click_once_the_tables_token_is_spent(chat, simcord_bot, store, monkeypatch):
    levels = sys.modules["bot.cogs.peanuts"].LEVELS  # the module the bot loaded as its extension
    monkeypatch.setitem(levels, "relaxed", (TOKEN_LIFE + 600, "easy"))  # the rival's first move outlasts the token
    await chat.slash("alice", "peanuts practice", level="relaxed")
    [game_id] = await simcord_bot.service.open_tables(chat.channel.id, chat.people["alice"].id, "peanuts")
    table = await simcord_bot.service.table(game_id)
    message_id, token = table.message_id, (await store.table_token(game_id, table.message_id)).token
    for _ in range(4):
        await chat.env.advance_time(TOKEN_LIFE / 2)
    await simcord_bot.presenter.idle()
    waiting = await simcord_bot.service.table(game_id)
    assert waiting.version == table.version and await store.held_timers(game_id) == 1, "the rival waits"
    spent = len([entry for entry in chat.env.http_requests if token in entry.path])
    panel = await open_panel(chat, "alice", message_id)
    assert "This table waited for a click" in text_of(panel)
    await chat.env.advance_time(1)
    await simcord_bot.presenter.idle()
    later = await simcord_bot.service.table(game_id)
    assert later.version == waiting.version + 1 and later.shown_version == later.version, "caught up, shown"
    assert len([entry for entry in chat.env.http_requests if token in entry.path]) == spent, "0 on the spent token"
    assert bot_calls_to(chat.env, chat.channel.id) == [] and dms_sent(chat.env) == []
