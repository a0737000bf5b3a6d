"""Slow interactions acknowledged in time (:class:`Deferral`), clicks and slash commands alike.

Discord fails an interaction not acknowledged within 3 seconds of its creation, but what it asks may wait longer
(a commit waiting on a lock, a database answering late). So each interaction is *armed* as it enters: if it is
still unanswered :data:`DEFER_AFTER` seconds after Discord created it, it is acknowledged with a deferral (a
private or public "thinking…", or for a click a silent update of its message), counted
(``peapod_interactions_deferred``), and its answer then completes it (the followup, or the original response
edited). A deferral says nothing is done: what the answer shows is still shown only once saved.

Whatever answers an interaction first calls :func:`answering`: a deferral not yet sent is called off, and one on
its way is waited for, so the answer knows whether it completes a deferral (:func:`respond`, :func:`acknowledge`
do both for a command's own answer).
"""

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord.utils import MISSING

from bot.ops import metrics
from bot.ui.answers import answer_failed

log = logging.getLogger(__name__)

DEFER_AFTER = 1.5
"""Seconds after Discord created an interaction at which, still unanswered, it is acknowledged with a deferral (well
inside Discord's 3 seconds, with room for the request itself)."""
_KEY = "peapod.deferral"
"""Where an interaction's :class:`Deferral` is kept (``interaction.extras``)."""


class Deferral:
    """Acknowledges ``interaction`` with a deferral if it is still unanswered :data:`DEFER_AFTER` seconds after
    Discord created it: ``ephemeral`` (only its user sees the answer) and, for a click, ``thinking`` (a
    "thinking…" message rather than a silent update of the message clicked). ``kind`` names it in the metric;
    ``acknowledged`` is told when it is sent."""

    def __init__(
        self,
        interaction: discord.Interaction,
        kind: str,
        *,
        ephemeral: bool,
        thinking: bool = False,
        acknowledged: Callable[[], None] = lambda: None,
    ) -> None:
        self._interaction = interaction
        self._kind = kind
        self._ephemeral, self._thinking = ephemeral, thinking
        self._acknowledged = acknowledged
        self._task: asyncio.Task[None] | None = None
        self._sending = False

    def arm(self, late: float) -> None:
        """Start the clock: ``late`` seconds have passed since Discord created the interaction."""
        self._interaction.extras[_KEY] = self
        self._task = asyncio.create_task(self._when_slow(max(0.0, DEFER_AFTER - late)), name="peapod-deferral")

    async def _when_slow(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        if self._interaction.response.is_done():
            return
        self._sending = True
        try:
            await self._interaction.response.defer(ephemeral=self._ephemeral, thinking=self._thinking)
        except discord.HTTPException as error:
            answer_failed(self._interaction, error)
        else:
            self._acknowledged()
            metrics.interaction_deferred(self._kind)

    async def disarm(self) -> None:
        """No deferral from here on (one already on its way is waited for)."""
        task, self._task = self._task, None
        if task is None or task.done():
            return
        if self._sending:
            await task
        else:
            task.cancel()


async def answering(interaction: discord.Interaction) -> None:
    """The interaction is being answered: its deferral, if armed, is called off or waited for."""
    deferral = interaction.extras.get(_KEY)
    if isinstance(deferral, Deferral):
        await deferral.disarm()


async def respond(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    view: Any = MISSING,  # a View or a LayoutView: discord.py types each in an overload of its own
    files: Sequence[discord.File] = MISSING,
    ephemeral: bool = False,
    allowed_mentions: discord.AllowedMentions = MISSING,
) -> None:
    """A command's answer: its response, or the followup that completes its deferral."""
    await answering(interaction)
    if interaction.response.is_done():
        await interaction.followup.send(
            content if content is not None else MISSING,
            view=view,
            files=files,
            ephemeral=ephemeral,
            allowed_mentions=allowed_mentions,
        )
    else:
        await interaction.response.send_message(
            content, view=view, files=files, ephemeral=ephemeral, allowed_mentions=allowed_mentions
        )


async def acknowledge(interaction: discord.Interaction, *, ephemeral: bool = False, thinking: bool = False) -> None:
    """Acknowledge a command ahead of its answer (``defer``), unless its deferral already did."""
    await answering(interaction)
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)


PRIVATE = "private"
"""The key of a slash command's ``extras`` that says whether its answer, and so its deferral, is private: True (the
default, so a slow answer never shows more widely than meant), False for an answer everyone sees (a new table, a
scoreboard), or a function of the interaction that says which."""


def answers_privately(interaction: discord.Interaction) -> bool:
    """Whether the command of ``interaction`` answers privately (see :data:`PRIVATE`)."""
    command = interaction.command
    said = command.extras.get(PRIVATE, True) if command is not None else True
    return bool(said(interaction) if callable(said) else said)
