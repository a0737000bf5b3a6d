"""``/<game> resign`` for every game: find the player's running game here, and ask before resigning it."""

import discord

from bot.app import PeapodBot
from bot.core.errors import ServiceError
from bot.ui.controls import ConfirmResignButton, button


async def ask_to_resign(bot: PeapodBot, interaction: discord.Interaction, kind: str, no_game: str) -> None:
    """Ask privately "Resign game #N?" with a confirming button; a resignation counts as a loss."""
    games = await bot.service.active_games(interaction.channel_id or 0, interaction.user.id, kind)
    if not games:
        raise ServiceError(no_game)
    await bot.service.check_resign(games[0], interaction.user.id)
    table = await bot.service.table(games[0])
    view = discord.ui.View(timeout=None)
    view.add_item(button(ConfirmResignButton, table, "Yes, resign", style=discord.ButtonStyle.danger))
    await interaction.response.send_message(f"Resign game #{games[0]}? It counts as a loss.", view=view, ephemeral=True)
