"""``/rating [game] [member]`` and ``/leaderboard game [period]``: skill ratings, per server.

A rating is shown as people read it: a number that starts at 0 and rises as you win against good
players (OpenSkill's ordinal, rounded), how sure it is, the rated games behind it, and a chart of
it over those games. Fewer than :data:`bot.core.skill.PROVISIONAL_GAMES` games and it is provisional.
"""

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PeapodBot
from bot.core.errors import SeatingError
from bot.core.ratings import PERIODS
from bot.core.skill import PROVISIONAL_GAMES
from bot.errors import UnknownControlError
from bot.store import Rating
from bot.text import quote
from bot.ui.kinds import KINDS
from bot.ui.layout import FELT, layout
from games import GAMES
from render.chart import rating_chart

RATED = [key for key in KINDS if key in GAMES and GAMES[key].rated]
CHART_NAME = "rating.png"
IN_A_SERVER = "Ratings are kept per server: ask in a server's channel."


def describe(rating: Rating) -> str:
    """A rating in words: the number, how sure it is, the games behind it."""
    games = f"{rating.games} rated game{'s' if rating.games != 1 else ''}"
    sure = "provisional, still finding its level" if rating.games < PROVISIONAL_GAMES else f"± {rating.sigma:.1f}"
    return f"**{rating.ordinal:.1f}** ({sure}; {games})"


def _choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=GAMES[key].title, value=key) for key in RATED]


class Ratings(commands.Cog):
    """Skill ratings and the server's leaderboards."""

    def __init__(self, bot: PeapodBot) -> None:
        self.bot = bot

    @app_commands.command(name="rating", description="A player's skill rating in this server")
    @app_commands.describe(game="One game (default: every rated game)", member="Whose rating (default: yours)")
    @app_commands.choices(game=_choices())
    async def rating(
        self, interaction: discord.Interaction, game: str = "", member: discord.Member | None = None
    ) -> None:
        if game and game not in RATED:
            raise UnknownControlError(f"There is no rated game called “{quote(game)}”.")
        if interaction.guild_id is None:
            raise SeatingError(IN_A_SERVER)
        who = member or interaction.user
        self.bot.presenter.remember(who)
        lines: list[str] = []
        files: list[discord.File] = []
        for key in [game] if game else RATED:
            rating = await self.bot.service.rating(interaction.guild_id, key, who.id)
            if rating is None:
                lines.append(f"**{GAMES[key].title}**: no rated games in this server yet.")
                continue
            lines.append(f"**{GAMES[key].title}**: {describe(rating)}")
            if not files:
                history = await self.bot.service.rating_history(interaction.guild_id, key, who.id)
                points = [(mu - 3 * sigma, sigma) for _, mu, sigma in history]
                caption = f"{GAMES[key].title}: {who.display_name}, {len(points)} rated games"
                png = await asyncio.to_thread(rating_chart, points, caption)
                files.append(discord.File(io.BytesIO(png), filename=CHART_NAME))
        if not files:
            lines.append(f"{who.mention} has not finished a rated game here: games between people count.")
        view = layout(
            KINDS[game].colour if game else FELT,
            f"{who.display_name}'s rating",
            "\n".join(lines),
            picture=CHART_NAME if files else None,
            footer="Ratings start at 0 and rise with wins against strong players (OpenSkill).",
        )
        await interaction.response.send_message(view=view, files=files, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="leaderboard", description="The best rated players of a game in this server")
    @app_commands.describe(game="Which game", period="Players who played in the last week, month, or all (default)")
    @app_commands.choices(game=_choices(), period=[app_commands.Choice(name=name, value=name) for name in PERIODS])
    async def leaderboard(self, interaction: discord.Interaction, game: str, period: str = "all") -> None:
        if game not in RATED:
            raise UnknownControlError(f"There is no rated game called “{quote(game)}”.")
        if period not in PERIODS:
            raise UnknownControlError("The period is week, month or all.")
        if interaction.guild_id is None:
            raise SeatingError(IN_A_SERVER)
        top = await self.bot.service.leaderboard(interaction.guild_id, game, period)
        lines = [
            f"`{place:>2}` <@{rating.user_id}> {describe(rating)}" for place, rating in enumerate(top, start=1)
        ] or [f"No rated {GAMES[game].title} games here {'' if period == 'all' else f'in the last {period} '}yet."]
        heading = f"{GAMES[game].title} leaderboard" + ("" if period == "all" else f", this {period}")
        view = layout(KINDS[game].colour, heading, "\n".join(lines), footer="Games between people count; not practice.")
        await interaction.response.send_message(view=view, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: PeapodBot) -> None:
    await bot.add_cog(Ratings(bot))
