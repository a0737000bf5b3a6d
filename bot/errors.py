"""The one place that turns errors into sentences for people, and keeps every text inside Discord's limits.

Errors people cause (an illegal move, not your game, a stale button, a control we do not know)
are ours: they derive from ``games.errors.EngineError``, ``bot.core.errors.ServiceError`` or
:class:`UnknownControlError`, and are answered ephemerally: an engine's refusal (a
``games.errors.PlayerError``) in the words of its phrase (:mod:`bot.words`), the others with their own
text, written for players. Anything else is a bug: it is logged with the context and answered with an apology;
the game is unchanged because states are saved in one transaction.
"""

import logging
from collections.abc import Mapping

import discord
from discord import app_commands

from bot.core.errors import ServiceError, StoreUnavailableError
from bot.text import shorten
from bot.words import say
from games.errors import EngineError, PlayerError

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on our side; the game is unchanged."
UNKNOWN_CONTROL = "That control is not one I recognise; use the buttons on the latest table."
BUSY = "The bot is busy right now; try again in a moment."


class UnknownControlError(ValueError):
    """A custom id or value that is not of our grammar (forged, truncated or from an older bot)."""

    def __init__(self, message: str = UNKNOWN_CONTROL) -> None:
        super().__init__(message)


USER_ERRORS = (EngineError, ServiceError, StoreUnavailableError, UnknownControlError)


async def reply_ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Answer with a short private sentence, whether or not the interaction was acknowledged."""
    text = shorten(text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def text_for(error: BaseException, interaction: discord.Interaction | None = None) -> str:
    """The sentence for ``error``: its own for a user error; an apology (and a log line) otherwise."""
    error = getattr(error, "original", error)
    if isinstance(error, PlayerError):
        return say(error.phrase)
    if isinstance(error, USER_ERRORS):
        return str(error)
    data: Mapping[str, object] = (interaction.data if interaction is not None else None) or {}
    log.error(
        "unexpected error (user %s, custom_id %r, command %r)",
        interaction.user.id if interaction is not None else None,
        shorten(str(data.get("custom_id")), 120),
        data.get("name"),
        exc_info=error,
    )
    return APOLOGY


async def reply_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer ``error`` privately (see :func:`text_for`); never raises."""
    try:
        await reply_ephemeral(interaction, text_for(error, interaction))
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id, exc_info=True)


async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """``CommandTree.on_error``: every slash-command error goes through ``reply_error``."""
    await reply_error(interaction, error)
