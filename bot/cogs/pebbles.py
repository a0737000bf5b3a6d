"""``/pebbles new``, ``/pebbles challenge`` and ``/pebbles resign``: Pebbles and Nuts tables for 2, 3 or 4.

A table starts as a lobby (its message lists the seats, with Join, Add AI, Start and Cancel); the
host starts it once the seats are full, and the same message becomes the table. Everything after
that goes through the table's controls and the players' hand panels (:mod:`bot.ui.pebbles`).
"""

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PeapodBot
from bot.cogs.resigning import ask_to_resign
from bot.core.deadlines import DEFAULT_LEVEL, LEVEL_SETTING, LEVELS
from bot.core.errors import SeatingError, ServiceError
from bot.i18n import N_
from bot.ui.deferral import PRIVATE, acknowledge
from bot.ui.language import private_words
from bot.ui.places import for_servers

KIND = "pebbles"
NO_GAME = N_("You have no Pebbles and Nuts game running in this channel.")


@for_servers
class Pebbles(commands.GroupCog, name="Pebbles and Nuts", group_name=KIND):
    """Pebbles and Nuts, a trick-taking game for 2, 3 or 4."""

    def __init__(self, bot: PeapodBot) -> None:
        self.bot = bot
        self.service = bot.service

    async def _open(
        self,
        interaction: discord.Interaction,
        seats: int,
        invited: list[int],
        options: dict[str, object],
        level: str = DEFAULT_LEVEL,
    ) -> None:
        await acknowledge(interaction)
        self.bot.presenter.remember(interaction.user)
        table = await self.service.open_table(
            KIND,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            seats=seats,
            invited=invited,
            options=options,
            settings={"turn_seconds": await self.service.turn_seconds(interaction.guild_id), LEVEL_SETTING: level},
        )
        await self.bot.presenter.post(interaction, table)
        await self.bot.presenter.seated(interaction, await self.service.table(table.game_id))

    @app_commands.command(
        name="new",
        description="Open a Pebbles and Nuts table here: people join, or add the AI",
        extras={PRIVATE: False},
    )
    @app_commands.describe(
        players="How many play (4 play as partners sitting across; default 2)",
        decks="Two decks: the 4-player partnership game to 130",
        declare="4 players: after your side wins a trick, either partner may declare the meld",
        ai="How well the AI players you add play: easy, normal (default) or hard",
    )
    @app_commands.choices(ai=[app_commands.Choice(name=level, value=level) for level in LEVELS])
    async def new(
        self,
        interaction: discord.Interaction,
        players: app_commands.Range[int, 2, 4] = 2,
        decks: app_commands.Range[int, 1, 2] = 1,
        declare: bool = False,
        ai: str = DEFAULT_LEVEL,
    ) -> None:
        if ai not in LEVELS:
            raise SeatingError(N_("The AI plays easy, normal or hard."))
        if decks == 2 and players != 4:
            raise SeatingError(N_("Two decks are for the 4-player partnership game."))
        if declare and players != 4:
            raise SeatingError(N_("Either partner declaring is a rule for 4 players."))
        options: dict[str, object] = {"decks": decks, "either_partner_declares": declare}
        await self._open(interaction, players, [], options, ai)

    @app_commands.command(
        name="challenge", description="Invite people to a Pebbles and Nuts table", extras={PRIVATE: False}
    )
    @app_commands.describe(first="Who to invite", second="A third player", third="A fourth player (partners)")
    async def challenge(
        self,
        interaction: discord.Interaction,
        first: discord.User,
        second: discord.User | None = None,
        third: discord.User | None = None,
    ) -> None:
        invited = [user for user in (first, second, third) if user is not None]
        if any(user.id == interaction.user.id for user in invited):
            raise SeatingError(N_("You are at the table already: invite other people."))
        if any(user.bot for user in invited):
            raise SeatingError(N_("Bots cannot take a seat; open a table with /pebbles new and press Add AI."))
        if len({user.id for user in invited}) != len(invited):
            raise SeatingError(N_("Invite each person once."))
        for user in invited:
            self.bot.presenter.remember(user)
        await self._open(interaction, 1 + len(invited), [user.id for user in invited], {})

    @app_commands.command(name="timer", description="Set how long a turn lasts at this server's tables")
    @app_commands.describe(seconds="Seconds per turn, 30 to 600 (default 120); for tables opened from now on")
    async def timer(self, interaction: discord.Interaction, seconds: app_commands.Range[int, 30, 600]) -> None:
        if interaction.guild_id is None:
            raise SeatingError(N_("Turn timers are set per server: use this command in a server."))
        if not interaction.permissions.manage_guild:
            raise SeatingError(N_("Only people who may manage this server can set its turn timer."))
        if not 30 <= seconds <= 600:
            raise SeatingError(N_("A turn lasts between 30 and 600 seconds."))
        await self.service.set_turn_seconds(interaction.guild_id, seconds)
        words = await private_words(interaction)
        await self.bot.presenter.tell(
            interaction, words("Turns at new tables here now last {seconds} seconds.", seconds=seconds)
        )

    @app_commands.command(name="resign", description="Give up your Pebbles and Nuts game in this channel")
    async def resign(self, interaction: discord.Interaction) -> None:
        await ask_to_resign(self.bot, interaction, KIND, ServiceError(NO_GAME))


async def setup(bot: PeapodBot) -> None:
    await bot.add_cog(Pebbles(bot))
