"""``/pebbles new``, ``/pebbles challenge`` and ``/pebbles resign``, and the Apps menu's **Play Pebbles and Nuts
with** on a person: Pebbles and Nuts tables for 2, 3 or 4.

A table starts as a lobby (its message lists the seats, with Join, Add AI, Start and Cancel); the
host starts it once the seats are full, and the same message becomes the table. Everything after
that goes through the table's controls and the players' hand panels (:mod:`bot.ui.pebbles`).
Where peapod is not a member (a DM, a group DM, a server where it is only installed to someone) the lobby is
the command's own answer, and each player's hand is their own **Show my hand** panel (see
:mod:`bot.ui.present.interactions`).
"""

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PeapodBot
from bot.cogs.resigning import ask_to_resign
from bot.core.deadlines import DEFAULT_LEVEL, LEVEL_SETTING, LEVELS
from bot.core.errors import SeatingError, ServiceError
from bot.core.places import UNSHARED_SETTING
from bot.i18n import N_
from bot.ui.deferral import PRIVATE, acknowledge
from bot.ui.language import private_words
from bot.ui.places import need_in_chat, need_member, place_of, unshared

KIND = "pebbles"
NO_GAME = N_("You have no Pebbles and Nuts game running in this channel.")
MENU = "Play Pebbles and Nuts with"
"""The Apps menu's entry on a person (a context menu's name: at most 32 characters)."""
UNSEEN_INVITE = N_(
    "This server does not let apps installed to people show their answers to others, so nobody you invite here "
    "could see the table: invite them in a DM or group DM, or play the AI here with /pebbles new."
)


class Pebbles(commands.GroupCog, name="Pebbles and Nuts", group_name=KIND):
    """Pebbles and Nuts, a trick-taking game for 2, 3 or 4."""

    def __init__(self, bot: PeapodBot) -> None:
        self.bot = bot
        self.service = bot.service
        self.menu = app_commands.ContextMenu(name=MENU, callback=self.play_with)

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.menu)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.menu.name, type=self.menu.type)

    async def _open(
        self,
        interaction: discord.Interaction,
        seats: int,
        invited: list[int],
        options: dict[str, object],
        level: str = DEFAULT_LEVEL,
    ) -> None:
        alone = unshared(interaction)
        if alone and invited:
            raise SeatingError(UNSEEN_INVITE)
        await acknowledge(interaction, ephemeral=alone)
        self.bot.presenter.remember(interaction.user)
        settings: dict[str, object] = {
            "turn_seconds": await self.service.turn_seconds(interaction.guild_id),
            LEVEL_SETTING: level,
        }
        if alone:
            settings[UNSHARED_SETTING] = True
        table = await self.service.open_table(
            KIND,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            seats=seats,
            invited=invited,
            options=options,
            settings=settings,
            place=place_of(interaction),
        )
        await self.bot.presenter.post(interaction, table)
        await self.bot.presenter.seated(interaction, await self.service.table(table.game_id))

    @app_commands.command(
        name="new",
        description="Open a Pebbles and Nuts table here: people join, or add the AI",
        extras={PRIVATE: unshared},
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
        name="challenge", description="Invite people to a Pebbles and Nuts table", extras={PRIVATE: unshared}
    )
    @app_commands.describe(first="Who to invite", second="A third player", third="A fourth player (partners)")
    async def challenge(
        self,
        interaction: discord.Interaction,
        first: discord.User,
        second: discord.User | None = None,
        third: discord.User | None = None,
    ) -> None:
        await self._invite(interaction, [user for user in (first, second, third) if user is not None])

    async def play_with(self, interaction: discord.Interaction, person: discord.Member | discord.User) -> None:
        """The Apps menu on a person: a table for the two of you, which starts once they accept."""
        await self._invite(interaction, [person])

    async def _invite(self, interaction: discord.Interaction, invited: list[discord.Member | discord.User]) -> None:
        """A table for the user and ``invited``, who are asked to accept."""
        if any(user.id == interaction.user.id for user in invited):
            raise SeatingError(N_("You are at the table already: invite other people."))
        if any(user.bot for user in invited):
            raise SeatingError(N_("Bots cannot take a seat; open a table with /pebbles new and press Add AI."))
        if len({user.id for user in invited}) != len(invited):
            raise SeatingError(N_("Invite each person once."))
        need_in_chat(interaction, invited)
        for user in invited:
            self.bot.presenter.remember(user)
        await self._open(interaction, 1 + len(invited), [user.id for user in invited], {})

    @app_commands.command(name="timer", description="Set how long a turn lasts at this server's tables")
    @app_commands.describe(seconds="Seconds per turn, 30 to 600 (default 120); for tables opened from now on")
    async def timer(self, interaction: discord.Interaction, seconds: app_commands.Range[int, 30, 600]) -> None:
        guild_id = need_member(interaction)
        if not interaction.permissions.manage_guild:
            raise SeatingError(N_("Only people who may manage this server can set its turn timer."))
        if not 30 <= seconds <= 600:
            raise SeatingError(N_("A turn lasts between 30 and 600 seconds."))
        await self.service.set_turn_seconds(guild_id, seconds)
        words = await private_words(interaction)
        await self.bot.presenter.tell(
            interaction, words("Turns at new tables here now last {seconds} seconds.", seconds=seconds)
        )

    @app_commands.command(name="resign", description="Give up your Pebbles and Nuts game in this channel")
    async def resign(self, interaction: discord.Interaction) -> None:
        await ask_to_resign(self.bot, interaction, KIND, ServiceError(NO_GAME))


async def setup(bot: PeapodBot) -> None:
    await bot.add_cog(Pebbles(bot))
