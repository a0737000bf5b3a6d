"""The words a Discord reader gets: a clicking user's own (private answers), a server's (public posts), and a
player's when the bot writes to them unasked (a DM hand, a turn ping).

Each reads the choices made with ``/language`` and the locale the user last used with peapod (kept by
:meth:`remember`, called for every interaction) through the table service, and chooses with
:mod:`bot.i18n.choose`.
"""

import discord

from bot.core.service import TableService
from bot.i18n import Words, words_for
from bot.i18n.choose import private_locale, public_locale
from bot.ui.client import peapod_client
from bot.ui.places import place_of


def community(guild: discord.Guild) -> bool:
    """Whether ``guild`` is a community server (whose language its owners set on purpose)."""
    return "COMMUNITY" in guild.features


def _service(client: discord.Client) -> TableService:
    return peapod_client(client).service


async def remember(interaction: discord.Interaction) -> None:
    """Keep the locale the user's client sent (a write only when it changed), for the messages the bot sends
    them unasked."""
    await _service(interaction.client).remember_locale(interaction.user.id, interaction.locale.value)


async def private_words(interaction: discord.Interaction) -> Words:
    """The words of the user who clicked or typed: their ``/language me`` choice, else their Discord client's."""
    chosen = (await _service(interaction.client).user_language(interaction.user.id)).chosen
    return words_for(private_locale(chosen, interaction.locale.value))


async def public_words(client: discord.Client, guild_id: int | None) -> Words:
    """The words of what everyone in a server reads (a table, a lobby, a scoreboard): the server's
    ``/language server`` choice, else a community server's language, else English (also for a DM table)."""
    chosen = await _service(client).server_language(guild_id)
    guild = client.get_guild(guild_id) if guild_id is not None else None
    if guild is None:
        return words_for(public_locale(chosen, None, community=False))
    return words_for(public_locale(chosen, guild.preferred_locale.value, community(guild)))


async def answer_words(interaction: discord.Interaction) -> Words:
    """The words of a command's answer everyone in the chat reads (a board, a rating): in a server that added
    peapod, the server's; anywhere else (a DM, a group DM, a server where peapod is only installed to
    someone), those of whoever asked, as a table there speaks its starter's."""
    if interaction.guild_id is not None and place_of(interaction).member:
        return await public_words(interaction.client, interaction.guild_id)
    return await private_words(interaction)


async def words_of_user(client: discord.Client, user_id: int) -> Words:
    """The words of a player the bot writes to on its own (a DM hand, a turn ping): their ``/language me``
    choice, else the locale they last used with peapod, else English."""
    language = await _service(client).user_language(user_id)
    return words_for(private_locale(language.chosen, language.locale))
