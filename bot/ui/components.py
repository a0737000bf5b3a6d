"""The bot's only interactive components: stateless dynamic buttons and selects.

Their custom ids (grammar in :mod:`bot.ui.custom_ids`) carry everything needed to act, so they
work after a restart. ``from_custom_id`` never fails: a malformed id is parsed, and refused with
a sentence, inside the callback, because an exception in ``from_custom_id`` would leave the
interaction unanswered. The callbacks hand over to the ``Tables`` cog.
"""

import re
from typing import Any

import discord
from discord import ui

from bot.errors import reply_error
from bot.ui import custom_ids

TABLES_COG = "Tables"


async def _dispatch(interaction: discord.Interaction, body: str, values: list[str] | None) -> None:
    """Hand a click (``values is None``) or a selection to the Tables cog; answer any error."""
    try:
        cog: Any = interaction.client.get_cog(TABLES_COG)  # type: ignore[attr-defined]
        if values is None:
            await cog.on_button(interaction, body)
        else:
            await cog.on_select(interaction, body, values)
    except Exception as error:  # noqa: BLE001 - the single translation point decides what to show
        await reply_error(interaction, error)


class GameButton(ui.DynamicItem[ui.Button[Any]], template=custom_ids.BUTTON_TEMPLATE):
    """A button that plays an action or a table command."""

    def __init__(
        self,
        custom_id: str,
        label: str,
        *,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        emoji: str | None = None,
    ) -> None:
        super().__init__(ui.Button(custom_id=custom_id, label=label[:80], style=style, row=row, emoji=emoji))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Button[Any], match: re.Match[str]
    ) -> "GameButton":
        return cls(item.custom_id or "", item.label or "", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, self._body(), None)

    def _body(self) -> str:
        return (self.item.custom_id or "").split(":", 1)[-1]


class GameSelect(ui.DynamicItem[ui.Select[Any]], template=custom_ids.SELECT_TEMPLATE):
    """A select menu that chooses a card or a move on a table."""

    def __init__(
        self,
        custom_id: str,
        options: list[discord.SelectOption],
        *,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(ui.Select(custom_id=custom_id, options=options[:25], placeholder=placeholder, row=row))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Select[Any], match: re.Match[str]
    ) -> "GameSelect":
        options = list(item.options) or [discord.SelectOption(label="-")]
        return cls(item.custom_id or "", options, placeholder=item.placeholder)

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        values = [str(value) for value in data.get("values", [])]
        await _dispatch(interaction, (self.item.custom_id or "").split(":", 1)[-1], values)


DYNAMIC_ITEMS = (GameButton, GameSelect)
