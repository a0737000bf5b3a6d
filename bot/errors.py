"""The one place that turns errors into sentences for people, and keeps every text inside Discord's limits.

Errors people cause (an illegal move, not your game, a stale button, a control we do not know)
are ours: they derive from ``games.errors.EngineError``, ``bot.core.errors.ServiceError`` or
:class:`UnknownControlError`, and are answered ephemerally: an engine's refusal (a
``games.errors.PlayerError``) in the words of its phrase (:mod:`bot.words`), the others with their own
message id and parts, in the clicking user's language (:func:`bot.ui.language.private_words`). Anything
else is a bug: it is logged with the context and answered with an apology;
the game is unchanged because states are saved in one transaction.
"""

import logging
from collections.abc import Mapping

import discord
from discord import app_commands

from bot.core.errors import ServiceError, StoreUnavailableError
from bot.i18n import ENGLISH, N_, Words, words_for
from bot.store import StoreError
from bot.text import shorten
from bot.ui.answers import answer_failed
from bot.ui.deferral import answering
from bot.ui.language import private_words
from games.errors import EngineError, PlayerError

log = logging.getLogger(__name__)

APOLOGY = N_("Sorry, something went wrong on our side; the game is unchanged.")
UNKNOWN_CONTROL = N_("That control is not one I recognise; use the buttons on the latest table.")
BUSY = N_("The bot is busy right now; try again in a moment.")
STORE_DOWN = N_("The game database is not answering right now; nothing was changed. Try again in a moment.")


class UnknownControlError(ValueError):
    """A custom id or value that is not of our grammar (forged, truncated or from an older bot); its message
    is an English message id with named placeholders filled from ``parts``."""

    def __init__(self, message: str = UNKNOWN_CONTROL, **parts: object) -> None:
        super().__init__(message.format(**parts))
        self.message_id = message
        self.parts = parts


USER_ERRORS = (EngineError, ServiceError, StoreUnavailableError, UnknownControlError)


async def reply_ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Answer with a short private sentence, whether or not the interaction was acknowledged."""
    text = shorten(text)
    await answering(interaction)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def words_of(interaction: discord.Interaction) -> Words:
    """The clicking user's words, or their Discord client's when the database does not answer."""
    try:
        return await private_words(interaction)
    except StoreError:
        return words_for(interaction.locale.value)


def text_for(error: BaseException, interaction: discord.Interaction | None = None, words: Words = ENGLISH) -> str:
    """The sentence for ``error`` in the language of ``words``: its own for a user error; an apology (and a log
    line) otherwise."""
    error = getattr(error, "original", error)
    if isinstance(error, PlayerError):
        return words.phrase(error.phrase)
    if isinstance(error, ServiceError | UnknownControlError):
        return words(error.message_id, **error.parts)
    if isinstance(error, StoreUnavailableError):
        return words(STORE_DOWN)
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
    return words(APOLOGY)


async def reply_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer ``error`` privately (see :func:`text_for`); never raises."""
    try:
        await reply_ephemeral(interaction, text_for(error, interaction, await words_of(interaction)))
    except discord.HTTPException as error:
        answer_failed(interaction, error)


async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """``CommandTree.on_error``: every slash-command error goes through ``reply_error``."""
    await reply_error(interaction, error)
