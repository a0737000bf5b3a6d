"""Answers Discord did not take (a token gone stale, a 5xx, a request that timed out), said in a few lines: the first
failure of each cause at WARNING in one line, the next ones counted, and how many failed once answers land again
(the bot's :attr:`~bot.ui.client.Peapod.unanswered`, a :class:`~bot.ops.failures.Intermittent`); each interaction
is named at DEBUG only."""

import logging

import discord

from bot.ops.failures import cause_of
from bot.ui.client import peapod

log = logging.getLogger(__name__)


def answer_failed(interaction: discord.Interaction, error: discord.HTTPException) -> None:
    """An answer (or a deferral) to ``interaction`` did not reach Discord."""
    log.debug("could not answer interaction %s: %s", interaction.id, cause_of(error))
    peapod(interaction).unanswered.failed(cause_of(error))


def answer_landed(interaction: discord.Interaction) -> None:
    """``interaction`` was answered: if answers were failing, the log says they reach Discord again."""
    peapod(interaction).unanswered.passed()
