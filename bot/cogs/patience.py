"""The one-player games' slash commands: ``/<game> new [variant] [open]``, ``/<game> move``, ``/<game> resign``.

Every patience gets the same three commands, so they are built by :func:`patience_cog` from a
:class:`Patience` entry rather than written once per game. Adding a patience to Discord takes an
entry in :data:`PATIENCES`, its controls in ``bot/ui/<kind>.py`` and its picture in
``render/<kind>.py``.
"""

from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PeapodBot
from bot.cogs.tables import Tables
from bot.core.errors import ServiceError
from bot.ui.table import table_content, table_embed, table_file, table_view
from games import GAMES


@dataclass(frozen=True)
class Patience:
    """A one-player game as Discord offers it."""

    kind: str
    blurb: str
    """The command group's description, e.g. "Penguin, a patience with a beak and flippers"."""
    variants: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Named option sets for ``/<kind> new variant:``; the first is the default."""


OPEN_HELP = "Let anyone in this channel play this table with you (default: only you)"

PATIENCES = (
    Patience("penguin", "Penguin, a patience with a beak and flippers"),
    Patience("peek", "Peek, an open Osmosis patience", variants={"one card": {}, "three cards": {"three_card": True}}),
    Patience(
        "triplepeaks",
        "Triple Peaks: clear three peaks of cards, one rank up or down at a time",
        variants={
            "standard": {},
            "multiplier": {"multiplier": True},
            "progressive": {"progressive": True},
            "practice": {"practice": True},
        },
    ),
)


def patience_cog(patience: Patience) -> type[commands.GroupCog]:
    """Build the cog with ``/<kind> new``, ``move`` and ``resign`` for one patience."""
    kind = patience.kind
    title = GAMES[kind].title
    no_game = f"You have no {title} game running in this channel; start one with /{kind} new."
    variant_choices = [app_commands.Choice(name=name, value=name) for name in patience.variants]

    class PatienceCog(commands.GroupCog, name=title, group_name=kind, group_description=patience.blurb):
        def __init__(self, bot: PeapodBot) -> None:
            self.bot = bot
            self.service = bot.service

        async def _current_game(self, interaction: discord.Interaction) -> int:
            games = await self.service.active_games(interaction.channel_id or 0, interaction.user.id, kind)
            if not games:
                raise ServiceError(no_game)
            return games[0]

        async def _redraw(self, table: Any) -> None:
            tables: Tables = self.bot.get_cog(Tables.__cog_name__)  # type: ignore[assignment]
            await tables.redraw(table)

        async def _deal(self, interaction: discord.Interaction, open: bool, options: dict[str, Any] | None) -> None:
            table = await self.service.new_game(
                kind,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                players=[interaction.user.id],
                options=options,
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

        if patience.variants:

            @app_commands.command(name="new", description=f"Deal a new {title} table in this channel")
            @app_commands.describe(variant=f"Which rules (default: {variant_choices[0].name})", open=OPEN_HELP)
            @app_commands.choices(variant=variant_choices)
            async def new(self, interaction: discord.Interaction, variant: str = "", open: bool = False) -> None:
                default = variant_choices[0].value
                await self._deal(interaction, open, patience.variants[variant or default])

        else:

            @app_commands.command(name="new", description=f"Deal a new {title} table in this channel")
            @app_commands.describe(open=OPEN_HELP)
            async def new(self, interaction: discord.Interaction, open: bool = False) -> None:
                await self._deal(interaction, open, None)

        @app_commands.command(name="move", description=f"Make a move in your {title} game by typing it")
        @app_commands.describe(move="Start typing a card or a place; the list shows the legal moves")
        async def move(self, interaction: discord.Interaction, move: str) -> None:
            game_id = await self._current_game(interaction)
            table = await self.service.act(game_id, interaction.user.id, move)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self._redraw(table)
            await interaction.followup.send(" ".join(event.text for event in table.events) or "Done.", ephemeral=True)

        @move.autocomplete("move")
        async def move_autocomplete(
            self, interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            games = await self.service.active_games(interaction.channel_id or 0, interaction.user.id, kind)
            if not games:
                return []
            legal = await self.service.legal_for(games[0], interaction.user.id)
            wanted = current.strip().lower()
            return [
                app_commands.Choice(name=action.label[:100], value=action.code)
                for action in legal
                if wanted in action.label.lower() or wanted in action.code.lower()
            ][:25]

        @app_commands.command(name="resign", description=f"Give up your current {title} game in this channel")
        async def resign(self, interaction: discord.Interaction) -> None:
            game_id = await self._current_game(interaction)
            table = await self.service.resign(game_id, interaction.user.id)
            await interaction.response.send_message(f"You resigned game #{game_id}.", ephemeral=True)
            await self._redraw(table)

    return PatienceCog


async def setup(bot: PeapodBot) -> None:
    for patience in PATIENCES:
        await bot.add_cog(patience_cog(patience)(bot))
