"""A player's hand in DMs is budgeted like a table: quick plays by everyone redraw each hand at most
once a second, the latest hand last, so discord.py's rate limiter never has to hold an edit back.

Every card played changes every hand message (whose turn, what may be played), and a DM is a
channel with Discord's budget of about five edits per five seconds; the presenter coalesces them.
"""

import itertools
from datetime import datetime

import discord

from bot.text import readable
from bot.words import card_text
from games.ai.pebbles_ai import timeout_action
from games.pebbles import GAME

from .tables import custom_ids_on, labels_of, table_message, text_of


def record_edits(bot, message_id: int) -> list[datetime]:
    """Every edit of the message from now on, at the (simulated) instant Discord stamped it."""
    edits: list[datetime] = []

    async def on_raw_message_edit(payload: discord.RawMessageUpdateEvent) -> None:
        if payload.message_id == message_id:
            edits.append(datetime.fromisoformat(payload.data["edited_timestamp"]))

    bot.add_listener(on_raw_message_edit)
    return edits


def hand_of(actor) -> discord.Message:
    return next(m for m in actor.user.dm_channel.history() if "seat" in text_of(m) and "game #" in text_of(m))


async def test_quick_plays_redraw_each_dm_hand_at_most_once_a_second_latest_last(room, simcord_bot):
    await room.alice.slash(room.channel, "pebbles new", players=2)
    lobby = room.channel.last_message
    game_id = int(custom_ids_on(lobby)[0].split(":")[1])
    await room.bob.click(lobby, custom_id=f"pj:{game_id}:0")
    await room.alice.click(table_message(room, lobby.id), custom_id=f"pg:{game_id}:0")
    await room.env.advance_time(2)
    hands = {room.alice.id: hand_of(room.alice), room.bob.id: hand_of(room.bob)}
    edits = {user_id: record_edits(simcord_bot, hand.id) for user_id, hand in hands.items()}
    plays = 8
    with room.env.time_context():
        for _ in range(plays):
            table = await simcord_bot.service.table(game_id)
            state = GAME.from_dict((await simcord_bot.service.parts.tables.load(game_id)).state)
            action = timeout_action(state, table.turn)
            table = await simcord_bot.service.act(game_id, table.players[table.turn], action.code)
            simcord_bot.presenter.redraw(table)
    await room.env.advance_time(5)
    await simcord_bot.presenter.idle()
    table = await simcord_bot.service.table(game_id)
    for seat, (user_id, stamps) in enumerate(edits.items()):
        gaps = [(later - earlier).total_seconds() for earlier, later in itertools.pairwise(stamps)]
        assert 1 <= len(stamps) < plays and all(gap >= 1 for gap in gaps), stamps
        shown = table_message_in_dm(room, user_id, hands[user_id].id)
        labels = " ".join(labels_of(shown))
        assert all(readable(card_text(card)) in labels for card in table.views[seat].hand)


def table_message_in_dm(room, user_id: int, message_id: int) -> discord.Message:
    actor = room.alice if room.alice.id == user_id else room.bob
    return next(m for m in actor.user.dm_channel.history() if m.id == message_id)
