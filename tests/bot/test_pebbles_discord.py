"""Pebbles and Nuts in Discord, end to end: lobbies, hands in DMs, AI seats, timers, privacy (SimCord)."""

import discord
import pytest

from bot.app import create_bot
from bot.core.service import Table
from bot.ui.present import EditBudget
from games.pebbles import Declare, Pass, Play

from .conftest import Room
from .tables import custom_ids_on, private_text, table_message


@pytest.fixture
def simcord_bot(settings, store, seed_box):
    """Whole games make hundreds of edits: here the bot edits as soon as asked (the budget itself is
    tested with the two-seat double in test_many_seats)."""
    budget = EditBudget(channel_edits=10_000, channel_window=1.0, message_spacing=0.0)
    return create_bot(settings, store, seed_source=lambda: seed_box[0], budget=budget)


def lobby_button(message: discord.Message, prefix: str) -> str:
    return next(cid for cid in custom_ids_on(message) if cid.startswith(f"{prefix}:"))


async def open_table(room: Room, **options) -> discord.Message:
    await room.alice.slash(room.channel, "pebbles new", **options)
    return room.channel.last_message


async def click(actor, room: Room, message_id: int, prefix: str):
    message = table_message(room, message_id)
    return await actor.click(message, custom_id=lobby_button(message, prefix))


def dm_messages(actor) -> list[discord.Message]:
    return list(actor.user.dm_channel.history())


def hand_message(actor) -> discord.Message:
    """The player's hand message: the DM the bot keeps editing (it carries the card buttons)."""
    return next(message for message in dm_messages(actor) if "seat" in message.content and "game #" in message.content)


def choose(table: Table, seat: int):
    """What the player does: a meld if one is offered, else the first legal card."""
    legal = table.legal[seat]
    return next((action for action in legal if isinstance(action, Declare)), None) or next(
        action for action in legal if isinstance(action, Play | Pass)
    )


async def play_turn(room: Room, bot, game_id: int, people: dict[int, object]) -> Table:
    """The seat to play clicks its choice on its DM hand message."""
    table = await bot.service.table(game_id)
    seat = table.turn
    actor = people[table.players[seat]]
    action = choose(table, seat)
    message = hand_message(actor)
    custom_id = next(cid for cid in custom_ids_on(message) if cid.endswith(f":{action.code}"))
    result = await actor.user.click(message, custom_id=custom_id)
    assert result.acknowledged
    return await bot.service.table(game_id)


async def test_two_players_sit_down_and_play_a_deal_from_their_dms(room, simcord_bot):
    message = await open_table(room)
    assert "Seat 2: empty" in message.embeds[0].description
    result = await click(room.bob, room, message.id, "pj")
    assert "Seat 2: <@" in table_message(room, message.id).embeds[0].description
    result = await click(room.bob, room, message.id, "pg")
    assert "Only the player who opened" in private_text(result)
    await click(room.alice, room, message.id, "pg")
    started = table_message(room, message.id)
    assert started.embeds[0].image.url == "attachment://table.png"
    game_id = int(custom_ids_on(started)[0].split(":")[1])
    people = {room.alice.id: room.alice, room.bob.id: room.bob}
    table = await simcord_bot.service.table(game_id)
    deal = table.public.deal_no
    for _ in range(12):
        table = await play_turn(room, simcord_bot, game_id, people)
    assert table.version >= 12 and table.public.deal_no == deal
    await room.env.advance_time(2)
    for actor in (room.alice, room.bob):
        hand = hand_message(actor)
        assert "Pebbles and Nuts" in hand.content and hand.attachments


async def test_a_whole_two_player_game(room, simcord_bot):
    message = await open_table(room)
    await click(room.bob, room, message.id, "pj")
    await click(room.alice, room, message.id, "pg")
    game_id = int(custom_ids_on(table_message(room, message.id))[0].split(":")[1])
    people = {room.alice.id: room.alice, room.bob.id: room.bob}
    table = await simcord_bot.service.table(game_id)
    clicks = 0
    while not table.finished:
        table = await play_turn(room, simcord_bot, game_id, people)
        clicks += 1
    print("clicks", clicks)
    assert table.outcome.winners
