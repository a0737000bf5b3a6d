"""``/peanuts challenge @friend``, ``/peanuts practice`` and ``/peanuts resign``, and the Apps menu's **Challenge to
Peanuts** on a person (the challenge, with its default options).

A challenge is a table of two whose second seat is kept for the friend; it expires after five
minutes, and starts the moment the friend accepts (the challenge message becomes the board). A
practice race seats the AI, which plays at the chosen pace and level; practice games stay off the scoreboard.
"""

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PeapodBot
from bot.cogs.resigning import ask_to_resign
from bot.core.deadlines import LEVEL_SETTING
from bot.core.errors import SeatingError, ServiceError
from bot.i18n import N_
from bot.ui.deferral import PRIVATE, acknowledge
from bot.ui.places import need_in_chat, place_of

KIND = "peanuts"
CHALLENGE_SECONDS = 300.0
LEVELS = {"relaxed": (4.0, "easy"), "steady": (2.5, "normal"), "quick": (1.5, "hard")}
"""The AI rival by level: seconds between its moves (its thinking comes on top) and how it plays (the
relaxed one misses plays a person would miss, the quick one tries each move out in deals it imagines)."""
NO_GAME = N_("You have no Peanuts game running in this channel.")
MENU = "Challenge to Peanuts"
"""The Apps menu's entry on a person (a context menu's name: at most 32 characters)."""


class Peanuts(commands.GroupCog, name="Peanuts", group_name=KIND):
    """Peanuts, two-player racing double solitaire."""

    def __init__(self, bot: PeapodBot) -> None:
        self.bot = bot
        self.service = bot.service
        self.menu = app_commands.ContextMenu(name=MENU, callback=self.challenge_from_menu)

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.menu)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.menu.name, type=self.menu.type)

    async def _race_with(self, interaction: discord.Interaction, other: int) -> bool:
        """Whether the user already has a challenge or a race with ``other`` in this channel."""
        for game_id in await self.service.open_tables(interaction.channel_id or 0, interaction.user.id, KIND):
            if other in (await self.service.table(game_id)).players:
                return True
        return False

    @app_commands.command(
        name="challenge", description="Challenge someone to a race of Peanuts", extras={PRIVATE: False}
    )
    @app_commands.describe(
        friend="Who to race (or the bot itself, for practice)",
        rescue="When both are stuck, turn the waste under the stock once and play on (Nerts rescue)",
        mode="race: both play at once (default); turns: take turns, for slow connections",
    )
    @app_commands.choices(
        mode=[app_commands.Choice(name="race", value="race"), app_commands.Choice(name="turns", value="turns")]
    )
    async def challenge(
        self, interaction: discord.Interaction, friend: discord.User, rescue: bool = False, mode: str = "race"
    ) -> None:
        if mode not in ("race", "turns"):
            raise SeatingError(N_("The mode is race or turns."))
        await self._challenge(interaction, friend, {"nerts_rescue": rescue, "turns": mode == "turns"})

    async def challenge_from_menu(
        self, interaction: discord.Interaction, friend: discord.Member | discord.User
    ) -> None:
        """The Apps menu on a person: ``/peanuts challenge`` them."""
        await self._challenge(interaction, friend, {"nerts_rescue": False, "turns": False})

    async def _challenge(
        self, interaction: discord.Interaction, friend: discord.Member | discord.User, options: dict[str, bool]
    ) -> None:
        if self.bot.user is not None and friend.id == self.bot.user.id:
            await self._practice(interaction, "steady", options)
            return
        if friend.id == interaction.user.id:
            raise SeatingError(N_("You cannot race yourself: challenge a friend, or try /peanuts practice."))
        if friend.bot:
            raise SeatingError(N_("Bots cannot play Peanuts; race me instead with /peanuts practice."))
        place = place_of(interaction)
        if place.member and interaction.guild is not None and not isinstance(friend, discord.Member):
            try:
                await interaction.guild.fetch_member(friend.id)
            except discord.NotFound:
                raise SeatingError(N_("You can only challenge someone in this server.")) from None
        need_in_chat(interaction, [friend])
        if await self._race_with(interaction, friend.id):
            raise SeatingError(N_("You already have a challenge or a race with them here."))
        await acknowledge(interaction)
        self.bot.presenter.remember(interaction.user)
        self.bot.presenter.remember(friend)
        table = await self.service.open_table(
            KIND,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            seats=2,
            invited=[friend.id],
            options=options,
            settings={"autostart": True},
            expires_in=CHALLENGE_SECONDS,
            place=place,
        )
        await self.bot.presenter.post(interaction, table)

    @app_commands.command(
        name="practice", description="Race the bot at Peanuts (off the scoreboard)", extras={PRIVATE: False}
    )
    @app_commands.describe(level="How fast and well the AI plays: relaxed, steady (default) or quick")
    @app_commands.choices(level=[app_commands.Choice(name=name, value=name) for name in LEVELS])
    async def practice(self, interaction: discord.Interaction, level: str = "steady") -> None:
        await self._practice(interaction, level, {})

    async def _practice(self, interaction: discord.Interaction, level: str, options: dict[str, bool]) -> None:
        if level not in LEVELS:
            raise SeatingError(N_("The level is relaxed, steady or quick."))
        await acknowledge(interaction)
        self.bot.presenter.remember(interaction.user)
        pace, skill = LEVELS[level]
        table = await self.service.open_table(
            KIND,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            seats=2,
            options=options,
            settings={"ai_seconds": pace, LEVEL_SETTING: skill, "practice": True},
            place=place_of(interaction),
        )
        await self.service.add_ai(table.game_id, interaction.user.id)
        table = await self.service.start(table.game_id, interaction.user.id)
        await self.bot.presenter.post(interaction, table)

    @app_commands.command(name="resign", description="Give up your Peanuts game in this channel")
    async def resign(self, interaction: discord.Interaction) -> None:
        await ask_to_resign(self.bot, interaction, KIND, ServiceError(NO_GAME))


async def setup(bot: PeapodBot) -> None:
    await bot.add_cog(Peanuts(bot))
