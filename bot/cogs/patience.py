"""The one-player games' slash commands: ``/<game> new [variant] [open]``, ``/<game> move``, ``/<game> resign``.

Every one-seat game in :data:`bot.ui.kinds.KINDS` gets the same three commands, built by
:func:`patience_cog` from its entry rather than written once per game.
"""

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PeapodBot
from bot.cogs.resigning import ask_to_resign
from bot.core.errors import ServiceError
from bot.core.places import UNSHARED_SETTING
from bot.core.service import CurrentGame
from bot.errors import UnknownControlError
from bot.i18n import N_
from bot.text import quote, readable
from bot.ui.controls import ConfirmResignButton, button
from bot.ui.deferral import PRIVATE, acknowledge, respond
from bot.ui.kind import KindUI
from bot.ui.language import private_words
from bot.ui.places import message_link, place_of, unshared

OPEN_HELP = "Let anyone in this channel play this table with you (default: only you)"
MAX_MOVE = 60
"""Action codes are short; anything longer is not a move."""


def patience_cog(kind: KindUI, title: str) -> type[commands.GroupCog]:
    """Build the cog with ``/<kind> new``, ``move`` and ``resign`` for one patience."""
    key = kind.key
    no_game = N_("You have no {title} game running in this channel; start one with /{key} new.")
    variant_choices = [app_commands.Choice(name=name, value=name) for name in kind.variants]

    class PatienceCog(commands.GroupCog, name=title, group_name=key, group_description=kind.blurb):
        def __init__(self, bot: PeapodBot) -> None:
            self.bot = bot
            self.service = bot.service

        async def _current_game(self, interaction: discord.Interaction) -> CurrentGame:
            current = await self.service.current_game(interaction.channel_id or 0, interaction.user.id, key)
            if current is None:
                raise ServiceError(no_game, title=title, key=key)
            return current

        async def _deal(self, interaction: discord.Interaction, open: bool, options: dict[str, Any] | None) -> None:
            for game_id in await self.service.active_games(interaction.channel_id or 0, interaction.user.id, key):
                table = await self.service.table(game_id)
                if table.owner == interaction.user.id:
                    await self._already_playing(interaction, table)
                    return
            alone = unshared(interaction)
            await acknowledge(interaction, ephemeral=alone)
            table = await self.service.new_game(
                key,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                players=[interaction.user.id],
                options=options,
                open_play=open,
                place=place_of(interaction),
                settings={UNSHARED_SETTING: True} if alone else None,
            )
            await self.bot.presenter.post(interaction, table)

        if variant_choices:

            @app_commands.command(
                name="new", description=f"Deal a new {title} table in this channel", extras={PRIVATE: unshared}
            )
            @app_commands.describe(variant=f"Which rules (default: {variant_choices[0].name})", open=OPEN_HELP)
            @app_commands.choices(variant=variant_choices)
            async def new(self, interaction: discord.Interaction, variant: str = "", open: bool = False) -> None:
                chosen = kind.variants.get(variant or variant_choices[0].value)
                if chosen is None:
                    raise UnknownControlError(
                        N_("There is no {title} variant called “{variant}”."), title=title, variant=quote(variant)
                    )
                await self._deal(interaction, open, dict(chosen))

        else:

            @app_commands.command(
                name="new", description=f"Deal a new {title} table in this channel", extras={PRIVATE: unshared}
            )
            @app_commands.describe(open=OPEN_HELP)
            async def new(self, interaction: discord.Interaction, open: bool = False) -> None:
                await self._deal(interaction, open, None)

        @app_commands.command(name="move", description=f"Make a move in your {title} game by typing it")
        @app_commands.describe(move="Start typing a card or a place; the list shows the legal moves")
        async def move(self, interaction: discord.Interaction, move: str) -> None:
            if len(move) > MAX_MOVE:
                raise UnknownControlError(
                    N_("“{move}” is not a move; start typing and pick one from the list."), move=quote(move)
                )
            current = await self._current_game(interaction)
            table = await self.service.act(current.game_id, interaction.user.id, move.strip())
            self.bot.presenter.redraw(table)
            if current.own:
                await self.bot.presenter.done(interaction)
            else:
                words, owner = await private_words(interaction), f"<@{table.owner}>"
                text = words(
                    "You have no {title} game of your own here, so that move went to {owner}'s open table "
                    "(game #{game}).",
                    title=title,
                    owner=owner,
                    game=table.game_id,
                )
                await self.bot.presenter.tell(interaction, text)

        @move.autocomplete("move")
        async def move_autocomplete(
            self, interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            game = await self.service.current_game(interaction.channel_id or 0, interaction.user.id, key)
            if game is None:
                return []
            legal = await self.service.legal_for(game.game_id, interaction.user.id)
            wanted = current.strip().lower()[:MAX_MOVE]
            words = await private_words(interaction)
            named = [(words.phrase(action.phrase), action.code) for action in legal]
            return [
                app_commands.Choice(name=readable(name)[:100], value=code)
                for name, code in named
                if wanted in name.lower() or wanted in code.lower()
            ][:25]

        async def _already_playing(self, interaction: discord.Interaction, table: Any) -> None:
            """One game of a kind per player per channel: go back to it, or resign it first."""
            link = message_link(table)
            words = await private_words(interaction)
            view = discord.ui.View(timeout=None)
            view.add_item(discord.ui.Button(label=words("Go to it"), url=link))
            view.add_item(button(ConfirmResignButton, table, words("Resign it"), style=discord.ButtonStyle.danger))
            text = words(
                "You already have a {title} game here (game #{game}). Go back to it, or resign it and then deal a new "
                "one with /{key} new.",
                title=title,
                game=table.game_id,
                key=key,
            )
            await respond(interaction, text, view=view, ephemeral=True)

        @app_commands.command(name="resign", description=f"Give up your current {title} game in this channel")
        async def resign(self, interaction: discord.Interaction) -> None:
            await ask_to_resign(self.bot, interaction, key, ServiceError(no_game, title=title, key=key))

    return PatienceCog


async def setup(bot: PeapodBot) -> None:
    for kind in bot.kinds.values():
        game = bot.service.games[kind.key]
        if game.max_seats == 1:
            await bot.add_cog(patience_cog(kind, game.title)(bot))
