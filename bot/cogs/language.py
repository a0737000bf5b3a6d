"""``/language me:<language|automatic>`` (the language peapod speaks to you) and ``/language
server:<language|automatic>`` (what everyone in this server reads; managers only). Without either, it says
which languages are in use."""

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PeapodBot
from bot.errors import UnknownControlError
from bot.i18n import LOCALES, N_, NAMES, Words, words_for
from bot.i18n.choose import private_locale
from bot.text import quote
from bot.ui.deferral import respond
from bot.ui.language import private_words, public_words
from bot.ui.places import need_member

AUTOMATIC = "automatic"
"""The choice that gives the decision back to Discord (the user's app, the server's language)."""


def name_of(words: Words) -> str:
    """The name of the language of ``words`` in that language (the pseudo-locale by its code)."""
    return NAMES.get(words.locale, words.locale)


def parse_language(typed: str, words: Words) -> str | None:
    """The locale ``typed`` names (a code like ``de`` or ``pt-BR``, or a language's own name), None for
    automatic. Raises UnknownControlError for anything else."""
    wanted = typed.strip().casefold()
    if wanted in (AUTOMATIC, words("automatic").casefold()):
        return None
    for locale in LOCALES:
        if wanted in (locale.casefold(), NAMES[locale].casefold()):
            return locale
    raise UnknownControlError(
        N_("peapod does not speak “{typed}”; choose one of: {languages}."),
        typed=quote(typed),
        languages=", ".join(NAMES.values()),
    )


async def suggest(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete: automatic, then the shipped languages whose name or code starts with what was typed."""
    words = words_for(interaction.locale.value)
    options = [(words("automatic"), AUTOMATIC)] + [(NAMES[locale], locale) for locale in LOCALES]
    start = current.strip().casefold()
    return [
        app_commands.Choice(name=name, value=value)
        for name, value in options
        if name.casefold().startswith(start) or value.casefold().startswith(start)
    ]


class Language(commands.Cog):
    """The reader's and the server's language."""

    def __init__(self, bot: PeapodBot) -> None:
        self.bot = bot

    @app_commands.command(name="language", description="Choose the language peapod speaks to you, or in this server")
    @app_commands.describe(
        me="Your language (automatic: your Discord app's)",
        server="This server's language for tables and posts (automatic: the server's own)",
    )
    @app_commands.autocomplete(me=suggest, server=suggest)
    async def language(self, interaction: discord.Interaction, me: str = "", server: str = "") -> None:
        """Set either language (both checked before anything changes), then say what is in use."""
        words = await private_words(interaction)
        mine = parse_language(me, words) if me else None
        theirs = parse_language(server, words) if server else None
        if server:
            need_member(interaction)
            if not interaction.permissions.manage_guild:
                raise UnknownControlError(N_("Only people who may manage this server can choose its language."))
        service = self.bot.service
        lines = []
        if me:
            await service.choose_language(interaction.user.id, mine)
            words = words_for(private_locale(mine, interaction.locale.value))
            lines.append(
                words("peapod speaks {language} to you.", language=name_of(words))
                if mine
                else words("peapod speaks your Discord app's language to you: {language}.", language=name_of(words))
            )
        if server and interaction.guild_id is not None:
            await service.choose_server_language(interaction.guild_id, theirs)
            public = await public_words(self.bot, interaction.guild_id)
            lines.append(
                words("This server's tables and posts are in {language}.", language=name_of(public))
                if theirs
                else words(
                    "This server's tables and posts follow its own language: {language}.", language=name_of(public)
                )
            )
        if not lines:
            lines.append(words("peapod speaks {language} to you.", language=name_of(words)))
            if interaction.guild_id is not None:
                public = await public_words(self.bot, interaction.guild_id)
                lines.append(words("This server's tables and posts are in {language}.", language=name_of(public)))
        await respond(interaction, "\n".join(lines), ephemeral=True)


async def setup(bot: PeapodBot) -> None:
    await bot.add_cog(Language(bot))
