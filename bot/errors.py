"""The one place that turns errors into sentences for people.

Errors people cause (an illegal move, not your game, a stale button) are ours: they derive from
``games.errors.EngineError`` or ``bot.core.errors.ServiceError`` and their text is written for
players, so it is shown as it is, ephemerally. Anything else is a bug: it is logged with the
context and answered with an apology; the game is unchanged because states are saved in one
transaction.
"""

import logging

import discord
from discord import app_commands

from bot.core.errors import ServiceError
from bot.ui.custom_ids import BadCustomIdError
from games.errors import EngineError

log = logging.getLogger(__name__)

USER_ERRORS = (EngineError, ServiceError, BadCustomIdError)
APOLOGY = "Sorry, something went wrong on our side; the game is unchanged."


async def reply_ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Answer with a short private sentence, whether or not the interaction was acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def reply_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer ``error``: its own sentence for a user error, an apology (and a log line) otherwise."""
    error = getattr(error, "original", error)
    if isinstance(error, USER_ERRORS):
        text = str(error)
    else:
        data = interaction.data or {}
        log.error(
            "unexpected error (user %s, custom_id %r, command %r)",
            interaction.user.id,
            data.get("custom_id"),
            data.get("name"),
            exc_info=error,
        )
        text = APOLOGY
    try:
        await reply_ephemeral(interaction, text)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id, exc_info=True)


async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """``CommandTree.on_error``: every slash-command error goes through ``reply_error``."""
    await reply_error(interaction, error)
