"""The daily deal end to end: /daily <game> deals today's cards (the same in every server) in the player's
DMs, once a day; the finished table gives a result line that names no card; /daily board shows the day's
results and streaks; the deal changes at midnight UTC (the clock is moved, not slept); a server's daily
post; closed DMs get a sentence and no attempt is used up."""

import datetime

import discord

from bot.core.daily import daily_seed, day_of
from bot.words import card_text
from games.cards import DECK
from games.penguin import GAME

from .tables import custom_ids_on, labels_of, text_of


async def wait(room, seconds: float) -> None:
    """Move the clock on by ``seconds`` an hour at a time (the bot's timer wakes every half minute)."""
    while seconds > 0:
        step = min(seconds, 3600.0)
        await room.env.advance_time(step)
        seconds -= step


def dm_tables(actor) -> list[discord.Message]:
    """The table messages in a player's DMs (they carry controls), oldest first."""
    tables = [message for message in actor.user.dm_channel.history() if custom_ids_on(message)]
    return sorted(tables, key=lambda message: message.id)


async def resign_in_dm(actor, table: discord.Message) -> None:
    """Resign a DM table with its button and the confirmation (clicked as the user, in their DMs)."""
    user = actor.user
    asked = await user.click(table, custom_id=next(cid for cid in custom_ids_on(table) if cid.startswith("pr:")))
    question = asked.response.message
    await user.click(question, custom_id=custom_ids_on(question)[0])


async def game_of(bot, message: discord.Message):
    game_id = int(custom_ids_on(message)[0].split(":")[1])
    return game_id, await bot.service.parts.tables.load(game_id)


async def test_todays_deal_is_the_same_everywhere_once_a_day_and_new_at_midnight(room, simcord_bot):
    answer = await room.alice.slash(room.channel, "daily penguin")
    assert answer.ephemeral and "Today's Penguin deal is in your DMs" in answer.response.content
    [table] = dm_tables(room.alice)
    game_id, record = await game_of(simcord_bot, table)
    today = day_of(simcord_bot.service.now())
    assert record.seed == daily_seed("penguin", today) and record.guild_id is None
    other = room.env.create_guild("Other Club")
    elsewhere = other.create_text_channel("cards")
    bob = other.add_member(room.bob.user)
    await bob.slash(elsewhere, "daily penguin")
    [bobs] = dm_tables(room.bob)
    assert (await game_of(simcord_bot, bobs))[1].state == record.state

    again = await room.alice.slash(room.channel, "daily penguin")
    assert again.ephemeral and f"(game #{game_id}) is in your DMs" in again.response.content
    await resign_in_dm(room.alice, dm_tables(room.alice)[0])
    await room.env.advance_time(2)
    finished = dm_tables(room.alice)[0]
    shown = text_of(finished)
    assert f"peapod daily Penguin {today}: not won" in shown and "Replay" in labels_of(finished)
    line = shown.split("```")[1]
    assert not any(card_text(card) in line for card in DECK)
    third = await room.alice.slash(room.channel, "daily penguin")
    assert "You have played today's Penguin deal" in third.response.content and "midnight UTC" in third.response.content

    board = await room.carol.slash(room.channel, "daily board", game="penguin")
    lines = text_of(board.response)
    assert f"<@{room.alice.id}> \u00b7 not won, score" in lines and f"<@{room.bob.id}>" not in lines

    now = datetime.datetime.fromtimestamp(simcord_bot.service.now(), datetime.UTC)
    midnight = datetime.datetime.combine(now.date() + datetime.timedelta(days=1), datetime.time(), datetime.UTC)
    await wait(room, (midnight - now).total_seconds() + 1)
    tomorrow = day_of(simcord_bot.service.now())
    assert tomorrow != today and daily_seed("penguin", tomorrow) != daily_seed("penguin", today)
    answer = await room.alice.slash(room.channel, "daily penguin")
    assert "Today's Penguin deal is in your DMs" in answer.response.content
    newest = dm_tables(room.alice)[-1]
    _, record = await game_of(simcord_bot, newest)
    assert record.seed == daily_seed("penguin", tomorrow)
    assert GAME.from_dict(record.state) == GAME.new_state(None, 1, daily_seed("penguin", tomorrow))
    board = await room.alice.slash(room.channel, "daily board", game="penguin")
    assert "playing now \u00b7 2 days in a row" in text_of(board.response)


async def test_the_daily_post_goes_to_the_chosen_channel_at_midnight(room, simcord_bot):
    refused = await room.bob.slash(room.channel, "daily channel", channel=room.channel)
    assert refused.ephemeral and "manage this server" in refused.response.content
    guild = room.channel.guild
    managers = guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    manager = guild.add_member(room.env.create_user("dora"), roles=[managers])
    chosen = await manager.slash(room.channel, "daily channel", channel=room.channel)
    assert "From tomorrow" in chosen.response.content
    await room.env.advance_time(60)
    assert not any("Daily deals" in text_of(message) for message in room.channel.history())
    await wait(room, 86_400)
    posts = [message for message in room.channel.history() if "Daily deals" in text_of(message)]
    daily_id = next(command["id"] for command in room.env.backend.commands[None].values() if command["name"] == "daily")
    assert len(posts) == 1 and f"</daily penguin:{daily_id}>" in text_of(posts[0])
    await room.env.advance_time(120)
    assert len([message for message in room.channel.history() if "Daily deals" in text_of(message)]) == 1


async def test_closed_dms_get_a_sentence_and_keep_the_attempt(room, simcord_bot, carol_has_closed_dms):
    answer = await room.carol.slash(room.channel, "daily peek")
    assert answer.ephemeral and "can't send you direct messages" in answer.response.content
    assert await simcord_bot.service.daily_board(room.channel.guild.id, "peek") == []
