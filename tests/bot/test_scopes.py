"""Whose board a game counts on: a server that added peapod keeps its ratings and leaderboard; a group DM, and a
channel of a server where peapod is only installed to someone, each keep their own (the chat is the scope). A
race counts where it was played and nowhere else; its replay stays its players' own."""

import pytest

from bot.cogs.history import OWN_ONLY
from bot.cogs.ratings import HEADINGS, NONE_RATED
from bot.core.places import Place
from bot.i18n import words_for

from .tables import custom_ids_on, text_of
from .test_anywhere import Chat, button_with, open_panel
from .test_anywhere import simcord_bot as simcord_bot  # the bot that edits as soon as asked, for whole races
from .test_history import replay_of
from .test_peanuts_discord import play
from .test_ratings import race_until

TURNS = 8
"""Stock turns alice plays before bob resigns: more than the moves a rated game needs."""


async def rated_race(chat: Chat, simcord_bot) -> int:
    """Alice challenges bob in ``chat``, turns her stock :data:`TURNS` times, and bob resigns: a rated race."""
    await chat.slash("alice", "peanuts challenge", friend=chat.people["bob"])
    [game_id] = await simcord_bot.service.open_tables(chat.channel.id, chat.people["alice"].id, "peanuts")
    message_id = (await simcord_bot.service.table(game_id)).message_id
    await chat.people["bob"].click(chat.message(message_id), custom_id=button_with(chat.message(message_id), "pv"))
    panel = await open_panel(chat, "alice", message_id)
    for _ in range(TURNS):
        panel = (await play(chat.people["alice"], panel, "t")).response.message
    asked = await chat.slash("bob", "peanuts resign")
    await chat.people["bob"].click(asked.response.message, custom_id=custom_ids_on(asked.response.message)[0])
    assert (await simcord_bot.service.table(game_id)).finished
    return game_id


@pytest.fixture
def group(simcord_env, places, room) -> Chat:
    """A group DM of alice, bob and carol (peapod installed to alice)."""
    channel = places.group(simcord_env, room.alice, room.bob, room.carol)
    return Chat(simcord_env, channel, Place.GROUP_DM, {"alice": room.alice.user, "bob": room.bob.user})


def ranks(board) -> list[str]:
    """The leaderboard's lines that rank someone."""
    return [line for line in text_of(board.response).splitlines() if line.startswith("` ")]


async def test_a_group_dms_race_is_on_its_own_leaderboard_and_not_on_a_servers(room, group, simcord_bot):
    game_id = await rated_race(group, simcord_bot)
    assert (await simcord_bot.service.table(game_id)).scope == group.channel.id
    board = await group.slash("alice", "leaderboard", game="peanuts")
    lines = ranks(board)
    assert len(lines) == 2 and f"<@{room.alice.id}>" in lines[0] and f"<@{room.bob.id}>" in lines[1]
    mine = await group.slash("alice", "rating", game="peanuts")
    assert "1 rated game" in text_of(mine.response)
    assert "has not finished a rated game" not in text_of(mine.response)
    server = await room.carol.slash(room.channel, "leaderboard", game="peanuts")
    assert ranks(server) == [] and "No rated Peanuts games here yet." in text_of(server.response)
    there = await room.alice.slash(room.channel, "rating", game="peanuts")
    assert "no rated games in this server yet" in text_of(there.response)


async def test_a_servers_race_is_on_the_servers_leaderboard_and_not_on_a_group_dms(room, group, simcord_bot):
    game_id = await race_until(room, simcord_bot, turns=TURNS)
    assert (await simcord_bot.service.table(game_id)).scope == room.channel.guild.id
    server = await room.carol.slash(room.channel, "leaderboard", game="peanuts")
    assert len(ranks(server)) == 2
    board = await group.slash("alice", "leaderboard", game="peanuts")
    assert ranks(board) == [] and "No rated Peanuts games here yet." in text_of(board.response)
    mine = await group.slash("alice", "rating", game="peanuts")
    assert "no rated games in this chat yet" in text_of(mine.response)


async def test_where_peapod_is_only_installed_the_channel_keeps_its_board(room, simcord_env, places, simcord_bot):
    """In a server that never added peapod the board is the channel's, as a group DM's is: another channel of
    that server, and the server that added peapod, do not show its race."""
    guild = places.server(simcord_env, "Friends' Server")
    general, other = guild.create_text_channel("general"), guild.create_text_channel("other")
    alice, bob = guild.add_member(room.alice.user), guild.add_member(room.bob.user)
    chat = Chat(simcord_env, general, Place.SERVER_APP, {"alice": alice, "bob": bob})
    game_id = await rated_race(chat, simcord_bot)
    assert (await simcord_bot.service.table(game_id)).scope == general.id
    assert len(ranks(await chat.slash("bob", "leaderboard", game="peanuts"))) == 2
    assert ranks(await alice.slash(other, "leaderboard", game="peanuts")) == []
    assert ranks(await room.carol.slash(room.channel, "leaderboard", game="peanuts")) == []
    elsewhere = await alice.slash(other, "rating", game="peanuts")
    assert "no rated games in this chat yet" in text_of(elsewhere.response)


async def test_a_challenge_in_a_group_dm_shows_the_ratings_of_that_chat(room, group, simcord_bot):
    await rated_race(group, simcord_bot)
    bob = await simcord_bot.service.rating(group.channel.id, "peanuts", room.bob.id)
    await group.slash("bob", "peanuts challenge", friend=room.alice.user)
    [game_id] = await simcord_bot.service.open_tables(group.channel.id, room.bob.id, "peanuts")
    shown = text_of(group.message((await simcord_bot.service.table(game_id)).message_id))
    assert f"<@{room.bob.id}> {bob.ordinal:.1f}" in shown and "Ratings here:" in shown


async def test_a_group_dms_board_speaks_the_language_of_whoever_asked(room, group, languages):
    languages.users[room.alice.id] = "de"
    board = await group.slash("alice", "leaderboard", game="peanuts")
    german = words_for("de")
    assert german(HEADINGS["all"], title="Peanuts") in text_of(board.response)
    assert german(NONE_RATED["all"], title="Peanuts") in text_of(board.response)
    stats = await group.slash("bob", "scores", game="peanuts")
    assert "Peanuts scoreboard" in text_of(stats.response), "bob's own language"


async def test_a_group_dms_race_replays_for_its_players_only(room, group, simcord_bot):
    """Replays stay their players' own where peapod is not a member: another person of the group, or anyone
    asking in another chat, is told so; the players replay it from the group as from anywhere."""
    game_id = await rated_race(group, simcord_bot)
    mine = await group.slash("alice", "replay", id=game_id)
    assert "Only you see this replay." in text_of(replay_of(mine))
    assert "Only you see this replay." in text_of(replay_of(await room.bob.slash(room.channel, "replay", id=game_id)))
    group.people["carol"] = room.carol.user
    for refused in (
        await group.slash("carol", "replay", id=game_id),
        await room.carol.slash(room.channel, "replay", id=game_id),
        await room.carol.user.slash("replay", id=game_id),
    ):
        assert refused.ephemeral and refused.response.content == "Only this game's players can replay it."


async def test_outside_servers_history_and_stats_are_the_players_own(room, group, simcord_bot):
    """/history and /stats show a player their own games wherever they ask; outside servers nobody else's (their
    games there were played in chats the asker may not be part of), in a server anyone's there."""
    game_id = await rated_race(group, simcord_bot)
    mine = await group.slash("alice", "history")
    assert f"#{game_id}" in text_of(mine.response) and f"<@{room.bob.id}>" in text_of(mine.response)
    for refused in (
        await group.slash("bob", "history", member=room.alice.user),
        await group.slash("bob", "stats", member=room.alice.user),
        await room.bob.user.slash("history", member=room.alice.user),
    ):
        assert refused.ephemeral and refused.response.content == OWN_ONLY
    stats = await group.slash("bob", "stats", member=room.bob.user)
    assert not stats.ephemeral
    server = await room.bob.slash(room.channel, "history", member=room.alice.user)
    assert "has no finished games here yet" in text_of(server.response)


async def test_the_daily_board_outside_servers_that_added_peapod_speaks_the_askers_language(
    room, group, simcord_env, places, languages
):
    """In a group DM, and in a server where peapod is only installed to someone, the day's board speaks the
    language of whoever asked; in a server that added peapod, the server's (English here) for everyone."""
    languages.users[room.alice.id] = "de"
    german = words_for("de")
    heading = german("Daily deals, {day}", day="").strip()
    in_group = text_of((await group.slash("alice", "daily board", game="penguin")).response)
    assert (
        heading in in_group
        and german("Nobody here has played it yet: {command}.", command="").split(":")[0] in in_group
    )
    guild = places.server(simcord_env, "Friends' Server")
    alice = guild.add_member(room.alice.user)
    elsewhere = await alice.slash(guild.create_text_channel("general"), "daily board", game="penguin")
    assert heading in text_of(elsewhere.response)
    assert "Daily deals" in text_of((await group.slash("bob", "daily board", game="penguin")).response), "bob's own"
    server = text_of((await room.alice.slash(room.channel, "daily board", game="penguin")).response)
    assert "Daily deals" in server and heading not in server


async def test_the_daily_board_of_a_chat_shows_the_attempts_made_in_that_chat_only(room, group, simcord_env, places):
    """Outside servers that added peapod the day's board is the chat's, as its leaderboard is: an attempt made in
    another DM does not show there (strangers' attempts never reach a chat), nor on a server's board."""
    await group.slash("alice", "daily penguin")
    elsewhere = Chat(simcord_env, places.dm(simcord_env, room.bob, room.carol), Place.DM, {"bob": room.bob.user})
    await elsewhere.slash("bob", "daily penguin")
    in_group = text_of((await group.slash("alice", "daily board", game="penguin")).response)
    assert f"<@{room.alice.id}>" in in_group and f"<@{room.bob.id}>" not in in_group
    in_dm = text_of((await elsewhere.slash("bob", "daily board", game="penguin")).response)
    assert f"<@{room.bob.id}>" in in_dm and f"<@{room.alice.id}>" not in in_dm
    server = text_of((await room.carol.slash(room.channel, "daily board", game="penguin")).response)
    assert f"<@{room.alice.id}>" not in server and f"<@{room.bob.id}>" not in server
