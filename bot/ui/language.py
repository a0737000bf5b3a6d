"""The words a Discord reader gets: a clicking user's own (private answers), a server's (public posts), and a
player's when the bot writes to them unasked (a DM hand, a turn ping).

Each asks the store for the settings (``/language``) and the locale the user last used, through the service,
and chooses with :mod:`bot.i18n.choose`.
"""

import discord

from bot.i18n import Words, words_for
from bot.i18n.choose import private_locale, public_locale


def community(guild: discord.Guild) -> bool:
    """Whether ``guild`` is a community server (whose language its owners set on purpose)."""
    return "COMMUNITY" in guild.features


async def private_words(interaction: discord.Interaction) -> Words:
    """The words of the user who clicked or typed: their ``/language me`` choice, else their Discord client's."""
    return words_for(private_locale(None, str(interaction.locale)))


async def public_words(client: discord.Client, guild_id: int | None) -> Words:
    """The words of what everyone in a server reads (a table, a lobby, a scoreboard): the server's
    ``/language server`` choice, else a community server's language, else English (also for a DM table)."""
    guild = client.get_guild(guild_id) if guild_id is not None else None
    if guild is None:
        return words_for(public_locale(None, None, community=False))
    return words_for(public_locale(None, str(guild.preferred_locale), community(guild)))


async def words_of_user(client: discord.Client, user_id: int) -> Words:
    """The words of a player the bot writes to on its own (a DM hand, a turn ping): their ``/language me``
    choice, else the locale they last used with peapod, else English."""
    return words_for(private_locale(None, None))
