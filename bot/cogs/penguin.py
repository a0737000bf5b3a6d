"""``/penguin``: deal a table, move by typing, resign."""

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PeapodBot
from bot.cogs.tables import Tables
from bot.core.errors import ServiceError
from bot.ui.table import table_content, table_embed, table_file, table_view

KIND = "penguin"
NO_GAME = "You have no Penguin game running in this channel; start one with /penguin new."


class Penguin(
    commands.GroupCog, group_name="penguin", group_description="Penguin, a patience with a beak and flippers"
):
    """The Penguin slash commands."""

    def __init__(self, bot: PeapodBot) -> None:
        self.bot = bot
        self.service = bot.service

    async def _current_game(self, interaction: discord.Interaction) -> int:
        games = await self.service.active_games(interaction.channel_id or 0, interaction.user.id, KIND)
        if not games:
            raise ServiceError(NO_GAME)
        return games[0]

    @app_commands.command(name="new", description="Deal a new Penguin table in this channel")
    @app_commands.describe(open="Let anyone in this channel play this table with you (default: only you)")
    async def new(self, interaction: discord.Interaction, open: bool = False) -> None:
        """Deal a new Penguin table in this channel."""
        table = await self.service.new_game(
            KIND,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            players=[interaction.user.id],
            open_play=open,
        )
        await interaction.response.defer()
        file = await table_file(table)
        message = await interaction.followup.send(
            table_content(table),
            embed=table_embed(table),
            file=file,
            view=table_view(table),
            allowed_mentions=discord.AllowedMentions.none(),
            wait=True,
        )
        await self.service.attach_message(table.game_id, message.id)

    @app_commands.command(name="move", description="Make a move in your Penguin game by typing it")
    @app_commands.describe(move="Start typing a card or a place; the list shows the legal moves")
    async def move(self, interaction: discord.Interaction, move: str) -> None:
        """Make a move in your Penguin game by typing it."""
        game_id = await self._current_game(interaction)
        table = await self.service.act(game_id, interaction.user.id, move)
        await interaction.response.defer(ephemeral=True, thinking=True)
        tables: Tables = self.bot.get_cog(Tables.__cog_name__)  # type: ignore[assignment]
        await tables.redraw(table)
        await interaction.followup.send(" ".join(event.text for event in table.events) or "Done.", ephemeral=True)

    @move.autocomplete("move")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        games = await self.service.active_games(interaction.channel_id or 0, interaction.user.id, KIND)
        if not games:
            return []
        legal = await self.service.legal_for(games[0], interaction.user.id)
        wanted = current.strip().lower()
        return [
            app_commands.Choice(name=action.label[:100], value=action.code)
            for action in legal
            if wanted in action.label.lower() or wanted in action.code.lower()
        ][:25]

    @app_commands.command(name="resign", description="Give up your current Penguin game in this channel")
    async def resign(self, interaction: discord.Interaction) -> None:
        """Give up your current Penguin game in this channel."""
        game_id = await self._current_game(interaction)
        table = await self.service.resign(game_id, interaction.user.id)
        await interaction.response.send_message(f"You resigned game #{game_id}.", ephemeral=True)
        tables: Tables = self.bot.get_cog(Tables.__cog_name__)  # type: ignore[assignment]
        await tables.redraw(table)


async def setup(bot: PeapodBot) -> None:
    await bot.add_cog(Penguin(bot))
