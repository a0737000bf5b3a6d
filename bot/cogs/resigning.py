"""``/<game> resign`` for every game: find the player's running game here, and ask before resigning it."""

import discord

from bot.app import PeapodBot
from bot.core.errors import ServiceError
from bot.ui.controls import ConfirmResignButton, button
from bot.ui.deferral import respond
from bot.ui.language import private_words


async def ask_to_resign(bot: PeapodBot, interaction: discord.Interaction, kind: str, no_game: ServiceError) -> None:
    """Ask privately "Resign game #N?" about the player's own game here; a resignation counts as a loss. Without
    one, refuse with ``no_game``."""
    current = await bot.service.current_game(interaction.channel_id or 0, interaction.user.id, kind)
    if current is None or not current.own:
        raise no_game
    await bot.service.check_resign(current.game_id, interaction.user.id)
    table = await bot.service.table(current.game_id)
    words = await private_words(interaction)
    view = discord.ui.View(timeout=None)
    view.add_item(button(ConfirmResignButton, table, words("Yes, resign"), style=discord.ButtonStyle.danger))
    text = words("Resign game #{game}? It counts as a loss.", game=current.game_id)
    await respond(interaction, text, view=view, ephemeral=True)
