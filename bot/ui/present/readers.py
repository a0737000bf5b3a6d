"""Whose language each message speaks: a table in a server speaks the server's language; a table in a DM (the
daily deal) its player's; a seat's panel, hand message or ping its player's (see :mod:`bot.ui.language`)."""

import discord

from bot.core.service import Table
from bot.i18n import Words
from bot.ui.language import private_words, public_words, words_of_user
from games.base import Seat


async def table_words(client: discord.Client, table: Table, interaction: discord.Interaction | None = None) -> Words:
    """The words of a table message: its server's; in a DM, those of the one who clicked (``interaction``),
    else of its owner."""
    if table.guild_id is not None:
        return await public_words(client, table.guild_id)
    if interaction is not None:
        return await private_words(interaction)
    if table.owner is not None:
        return await words_of_user(client, table.owner)
    return await public_words(client, None)


async def seat_words(client: discord.Client, table: Table, seat: Seat) -> Words:
    """The words of what the bot sends a seat's player on its own (their hand message, a ping)."""
    user_id = table.seats[seat].user_id
    if user_id is None:
        return await public_words(client, table.guild_id)
    return await words_of_user(client, user_id)
