"""``/settings deck:<standard|four-colour> pictures:<on|off>``: a person's own choices for what peapod shows them,
the same in every server and in DMs. Without options, it says what they are."""

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PeapodBot
from bot.i18n import Words
from bot.store import UserSettings
from bot.ui.deferral import respond
from bot.ui.language import private_words

ON = "on"
OFF = "off"


def settings_lines(words: Words, settings: UserSettings) -> str:
    """What a person chose, one setting a line."""
    return "\n".join(
        (
            words("Your cards are drawn in four colours: spades black, hearts red, diamonds blue, clubs green.")
            if settings.deck == "four-colour"
            else words("Your cards are drawn in the standard deck: red and black."),
            words("Your hands and private views are shown as pictures.")
            if settings.pictures
            else words("Your hands and private views are shown as text."),
        )
    )


class Settings(commands.Cog):
    """A person's own settings."""

    def __init__(self, bot: PeapodBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="settings", description="Your own settings: the deck your cards are drawn in, pictures or text"
    )
    @app_commands.describe(
        deck="Four colours: spades black, hearts red, diamonds blue, clubs green",
        pictures="Off: your hands and private views as text instead of pictures",
    )
    @app_commands.choices(
        deck=[
            app_commands.Choice(name="standard", value="standard"),
            app_commands.Choice(name="four-colour", value="four-colour"),
        ],
        pictures=[app_commands.Choice(name="on", value=ON), app_commands.Choice(name="off", value=OFF)],
    )
    async def settings(self, interaction: discord.Interaction, deck: str = "", pictures: str = "") -> None:
        """Store what was chosen, then say every setting as it now is (ephemerally, in the reader's words)."""
        service = self.bot.service
        user_id = interaction.user.id
        if deck:
            await service.choose_deck(user_id, deck)
        if pictures:
            await service.choose_pictures(user_id, pictures == ON)
        words = await private_words(interaction)
        lines = settings_lines(words, await service.user_settings(user_id))
        await respond(interaction, lines, ephemeral=True)


async def setup(bot: PeapodBot) -> None:
    await bot.add_cog(Settings(bot))
