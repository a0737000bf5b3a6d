"""Whose language each message speaks: a table in a server that added peapod speaks the server's language; a
table anywhere else (the daily deal in a DM, a table in a group DM) the language of whoever started it; a
seat's panel, hand message or ping its player's (see :mod:`bot.ui.language`)."""

import discord

from bot.core.service import Table
from bot.i18n import Words
from bot.ui.language import private_words, public_words, words_of_user
from games.base import Seat


async def table_words(client: discord.Client, table: Table, interaction: discord.Interaction | None = None) -> Words:
    """The words of a table message: in a server that added peapod, the server's; anywhere else (a DM, a group
    DM, a server where peapod is only installed to someone) those of whoever started it (read from
    ``interaction`` when that is them)."""
    if table.guild_id is not None and table.place.member:
        return await public_words(client, table.guild_id)
    starter = table.host_id if table.host_id is not None else table.owner
    if interaction is not None and (starter is None or interaction.user.id == starter):
        return await private_words(interaction)
    if starter is not None:
        return await words_of_user(client, starter)
    return await public_words(client, None)


async def seat_words(client: discord.Client, table: Table, seat: Seat) -> Words:
    """The words of what the bot sends a seat's player on its own (their hand message, a ping)."""
    user_id = table.seats[seat].user_id
    if user_id is None:
        return await public_words(client, table.guild_id)
    return await words_of_user(client, user_id)
