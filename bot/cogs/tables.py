"""Every click and selection on a table message, and the flow that redraws the table.

A click is validated by the core first (a refusal is answered privately and changes nothing),
then acknowledged, then the table is rendered off the event loop and the message edited.
"""

import logging

import discord
from discord.ext import commands

from bot.app import PeapodBot
from bot.core.service import Table
from bot.errors import reply_ephemeral
from bot.ui import custom_ids
from bot.ui.components import GameButton
from bot.ui.table import table_content, table_embed, table_file, table_view

log = logging.getLogger(__name__)


class Tables(commands.Cog):
    """Handles the components of every table message."""

    def __init__(self, bot: PeapodBot) -> None:
        self.bot = bot
        self.service = bot.service

    async def on_button(self, interaction: discord.Interaction, body: str) -> None:
        """A button: a game action, or a table command (undo, resign)."""
        cid = custom_ids.parse_body(body)
        user_id = interaction.user.id
        if cid.code == "!undo":
            table = await self.service.undo(cid.game_id, user_id, version=cid.version)
        elif cid.code == "!hint":
            await self._hint(interaction, cid)
            return
        elif cid.code == "!resign?":
            await self._confirm_resign(interaction, cid)
            return
        elif cid.code == "!resign":
            table = await self.service.resign(cid.game_id, user_id)
            await interaction.response.edit_message(content="You resigned.", view=None)
            await self.redraw(table)
            return
        elif cid.is_command:
            raise custom_ids.BadCustomIdError()
        else:
            table = await self.service.act(cid.game_id, user_id, cid.code, version=cid.version)
        await self._update_here(interaction, table)

    async def on_select(self, interaction: discord.Interaction, body: str, values: list[str]) -> None:
        """A select: ``pick`` shows the moves of a card, ``to`` plays the chosen move."""
        cid = custom_ids.parse_body(body)
        if not values:
            raise custom_ids.BadCustomIdError()
        if cid.code == "to":
            table = await self.service.act(cid.game_id, interaction.user.id, values[0], version=cid.version)
            await self._update_here(interaction, table)
        elif cid.code == "pick":
            table = await self.service.table(cid.game_id)
            await self.service.legal_for(cid.game_id, interaction.user.id)
            if table.version != cid.version:
                await reply_ephemeral(interaction, "The table has changed since you opened that menu; try again.")
                return
            await interaction.response.edit_message(view=table_view(table, picked=values[0]))
        else:
            raise custom_ids.BadCustomIdError()

    async def _hint(self, interaction: discord.Interaction, cid: custom_ids.ComponentId) -> None:
        """A private hint: validated first, then acknowledged, because the search can take a second."""
        await self.service.legal_for(cid.game_id, interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        action = await self.service.hint(cid.game_id, interaction.user.id)
        if action is None:
            text = "I found no winning line from here; the game may be lost. *Undo* can take moves back."
        else:
            text = f"Try **{action.label}**: it is on a winning line."
        await interaction.followup.send(text, ephemeral=True)

    async def _confirm_resign(self, interaction: discord.Interaction, cid: custom_ids.ComponentId) -> None:
        await self.service.legal_for(cid.game_id, interaction.user.id)
        view = discord.ui.View(timeout=None)
        confirm_id = custom_ids.button_id(cid.game_id, cid.version, "!resign")
        view.add_item(GameButton(confirm_id, "Yes, resign", style=discord.ButtonStyle.danger))
        await interaction.response.send_message("Resign this game? It counts as a loss.", view=view, ephemeral=True)

    async def _update_here(self, interaction: discord.Interaction, table: Table) -> None:
        """Redraw the table the clicked component sits on (acknowledged first)."""
        await interaction.response.defer()
        file = await table_file(table)
        await interaction.edit_original_response(
            content=table_content(table), embed=table_embed(table), attachments=[file], view=table_view(table)
        )

    async def redraw(self, table: Table, note: str = "") -> None:
        """Edit a game's table message from outside it (slash commands, confirmations)."""
        if table.channel_id is None or table.message_id is None:
            return
        file = await table_file(table)
        message = self.bot.get_partial_messageable(table.channel_id).get_partial_message(table.message_id)
        try:
            await message.edit(
                content=table_content(table), embed=table_embed(table, note), attachments=[file], view=table_view(table)
            )
        except discord.NotFound:
            log.warning("table message of game %s is gone", table.game_id)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer clicks on components that none of our templates claims (old or forged ids)."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if not custom_ids.is_ours(custom_id):
            await reply_ephemeral(interaction, custom_ids.UNKNOWN_CONTROL)


async def setup(bot: PeapodBot) -> None:
    await bot.add_cog(Tables(bot))
