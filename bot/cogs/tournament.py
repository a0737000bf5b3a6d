"""``/tournament new``, ``/tournament standings [id]``, ``/tournament list`` and ``/tournament leave [id]``.

A tournament opens a sign-up message in its channel (Join, Leave, and for its host Start now and Cancel);
one tournament at a time per channel. An arena's players pause and come back with the Pause and Return
buttons on the tournament's message.
"""

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PeapodBot
from bot.core.tournaments import SEATS, TournamentError, TournamentView
from bot.i18n import ENGLISH, N_, Words
from bot.ui.deferral import PRIVATE, respond
from bot.ui.kinds import KINDS
from bot.ui.language import private_words
from bot.ui.layout import FELT, layout
from bot.ui.places import for_servers
from bot.ui.present.layouts import FORMAT_NAMES, tournament_heading
from games import GAMES

PLAYED = [key for key in KINDS if key in GAMES and GAMES[key].takes(SEATS)]
"""The games a tournament is offered for: those two can play (what the core accepts, ``tournament_kinds``)."""
LIST_LINE = {
    "signup": N_("signing up"),
    "running": N_("running"),
    "finished": N_("finished"),
    "cancelled": N_("cancelled"),
}


def list_line(view: TournamentView, words: Words = ENGLISH) -> str:
    """One tournament in ``/tournament list``: its id, game and format, where, and how it stands."""
    record = view.record
    players = words.plural("{n} player", "{n} players", len(record.entrants))
    if view.status == "finished" and view.standings:
        first = [f"<@{line.entrant.player}>" for line in view.standings if line.rank == 1]
        winner = words.context("list separator", ", ").join(first)
        players = words("{players}, won by {winner}", players=players, winner=winner)
    channel = f"<#{record.channel_id}>"
    return words(
        "**#{id}** {title} {format} in {channel}: {status}, {players}",
        id=view.id,
        title=view.title,
        format=words(FORMAT_NAMES[view.format]).lower(),
        channel=channel,
        status=words(LIST_LINE[view.status]),
        players=players,
    )


@for_servers
class Tournament(commands.GroupCog, name="Tournament", group_name="tournament"):
    """Tournaments for the whole server: arena, Swiss, knockout and round robin."""

    def __init__(self, bot: PeapodBot) -> None:
        self.bot = bot
        self.service = bot.service

    @app_commands.command(name="new", description="Open a tournament in this channel", extras={PRIVATE: False})
    @app_commands.describe(
        game="The game played (a game for two players)",
        format="arena (re-paired as games end), swiss, knockout or roundrobin",
        rounds="Swiss only: how many rounds (3 unless set)",
        round_minutes="Minutes each round lasts (20 unless set)",
        minutes="Arena only: how long the arena lasts (30 unless set)",
        starts="Minutes from now until it starts (10 unless set; the host may start it sooner)",
        max_players="The most players who may join (64 unless set)",
    )
    @app_commands.choices(
        game=[app_commands.Choice(name=GAMES[key].title, value=key) for key in PLAYED],
        format=[app_commands.Choice(name=name, value=name) for name in ("arena", "swiss", "knockout", "roundrobin")],
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        format: str,
        rounds: int | None = None,
        round_minutes: float | None = None,
        minutes: float | None = None,
        starts: float = 10.0,
        max_players: int | None = None,
    ) -> None:
        view = await self.service.open_tournament(
            game,
            format,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            rounds=rounds,
            round_minutes=round_minutes,
            minutes=minutes,
            starts_in_minutes=starts,
            max_players=max_players,
        )
        await self.bot.presenter.tournaments.post(interaction, view)

    async def _which(self, interaction: discord.Interaction, tournament_id: int | None) -> TournamentView:
        """The tournament named, else the one of this channel, else the one the user is in."""
        if tournament_id is not None:
            return await self.service.tournament(tournament_id, interaction.guild_id)
        here = await self.service.tournament_here(interaction.channel_id or 0)
        if here is not None:
            return await self.service.tournament(here, interaction.guild_id)
        mine = await self.service.my_tournament(interaction.guild_id, interaction.user.id)
        if mine is None:
            raise TournamentError(N_("There is no tournament here: name one by its number (see /tournament list)."))
        return mine

    @app_commands.command(
        name="standings", description="A tournament's standings (or bracket)", extras={PRIVATE: False}
    )
    @app_commands.describe(id="The tournament's number (this channel's unless given)")
    async def standings(self, interaction: discord.Interaction, id: int | None = None) -> None:
        view = await self._which(interaction, id)
        await self.bot.presenter.tournaments.show_standings(interaction, view)

    @app_commands.command(name="list", description="This server's running and recent tournaments")
    async def list(self, interaction: discord.Interaction) -> None:
        words = await private_words(interaction)
        views = await self.service.tournaments(interaction.guild_id)
        body = "\n".join(list_line(view, words) for view in views) or words(
            "No tournaments here yet: open one with /tournament new."
        )
        await respond(interaction, view=layout(FELT, words("Tournaments"), body), ephemeral=True)

    @app_commands.command(name="leave", description="Leave a tournament (once it runs, what is left is lost)")
    @app_commands.describe(id="The tournament's number (this channel's, or the one you are in, unless given)")
    async def leave(self, interaction: discord.Interaction, id: int | None = None) -> None:
        view = await self._which(interaction, id)
        progress = await self.service.leave_tournament(view.id, interaction.user.id)
        words = await private_words(interaction)
        text = words("You have left {tournament}.", tournament=tournament_heading(words, progress.tournament))
        await respond(interaction, text, ephemeral=True)
        await self.bot.presenter.tournaments.show(progress)


async def setup(bot: PeapodBot) -> None:
    await bot.add_cog(Tournament(bot))
