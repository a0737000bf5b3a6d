"""``/rating [game] [member]`` and ``/leaderboard game [period]``: skill ratings, per scope: the server that
added peapod, and anywhere else the chat itself (a DM, a group DM, a channel of a server where peapod is only
installed to someone; :meth:`bot.core.places.Place.scope` says why). A group DM has its own leaderboard.

A rating is shown as people read it: a number that starts at 0 and rises as you win against good
players (OpenSkill's ordinal, rounded), how sure it is, the rated games behind it, and a chart of
it over those games. Fewer than :data:`bot.core.skill.PROVISIONAL_GAMES` games and it is provisional.
"""

import asyncio
from collections.abc import Sequence

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PeapodBot
from bot.core.places import Place
from bot.core.ratings import PERIODS
from bot.core.skill import PROVISIONAL_GAMES
from bot.errors import UnknownControlError
from bot.i18n import ENGLISH, N_, Words
from bot.store import Rating
from bot.text import quote
from bot.ui.deferral import PRIVATE, respond
from bot.ui.kinds import KINDS
from bot.ui.language import answer_words
from bot.ui.layout import FELT, Picture, layout
from bot.ui.places import scope_of
from games import GAMES
from render.chart import rating_chart

RATED = [key for key in KINDS if key in GAMES and GAMES[key].rated]
CHART_NAME = "rating.png"
NOT_RATED_HERE = {
    True: N_("no rated games in this server yet."),
    False: N_("no rated games in this chat yet."),
}
"""A game without a rating, in a server that added peapod (its scope) or in a chat (anywhere else)."""
NONE_RATED = {
    "week": N_("No rated {title} games here in the last week yet."),
    "month": N_("No rated {title} games here in the last month yet."),
    "all": N_("No rated {title} games here yet."),
}
HEADINGS = {
    "week": N_("{title} leaderboard, this week"),
    "month": N_("{title} leaderboard, this month"),
    "all": N_("{title} leaderboard"),
}


def describe(rating: Rating, words: Words = ENGLISH) -> str:
    """A rating in words: the number, how sure it is, the games behind it."""
    value = words.rating(rating.ordinal)
    if rating.games < PROVISIONAL_GAMES:
        return words.plural(
            "**{rating}** (provisional, still finding its level; {n} rated game)",
            "**{rating}** (provisional, still finding its level; {n} rated games)",
            rating.games,
            rating=value,
        )
    return words.plural(
        "**{rating}** (± {spread}; {n} rated game)",
        "**{rating}** (± {spread}; {n} rated games)",
        rating.games,
        rating=value,
        spread=words.rating(rating.sigma),
    )


def chart_description(words: Words, caption: str, ratings: Sequence[float]) -> str:
    """The rating chart in words: its caption, then the rating after the first and the latest game, and the
    highest and lowest on the way."""
    return words(
        "{caption}. Rating {first} after the first game, {last} now; highest {high}, lowest {low}.",
        caption=caption,
        first=words.rating(ratings[0]),
        last=words.rating(ratings[-1]),
        high=words.rating(max(ratings)),
        low=words.rating(min(ratings)),
    )


def _choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=GAMES[key].title, value=key) for key in RATED]


class Ratings(commands.Cog):
    """Skill ratings and the leaderboards of a server or a chat."""

    def __init__(self, bot: PeapodBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="rating",
        description="A player's skill rating here (in this server, or this chat)",
        extras={PRIVATE: False},
    )
    @app_commands.describe(game="One game (default: every rated game)", member="Whose rating (default: yours)")
    @app_commands.choices(game=_choices())
    async def rating(
        self, interaction: discord.Interaction, game: str = "", member: discord.User | None = None
    ) -> None:
        if game and game not in RATED:
            raise UnknownControlError(N_("There is no rated game called “{game}”."), game=quote(game))
        place, scope = scope_of(interaction)
        who = member or interaction.user
        words = await answer_words(interaction)
        self.bot.presenter.remember(who)
        lines: list[str] = []
        files: list[discord.File] = []
        chart: Picture | None = None
        for key in [game] if game else RATED:
            rating = await self.bot.service.rating(scope, key, who.id)
            if rating is None:
                lines.append(f"**{GAMES[key].title}**: " + words(NOT_RATED_HERE[place is Place.SERVER]))
                continue
            lines.append(f"**{GAMES[key].title}**: {describe(rating, words)}")
            if not files:
                history = await self.bot.service.rating_history(scope, key, who.id)
                points = [(mu - 3 * sigma, sigma) for _, mu, sigma in history]
                caption = words.plural(
                    "{title}: {name}, {n} rated game",
                    "{title}: {name}, {n} rated games",
                    len(points),
                    title=GAMES[key].title,
                    name=who.display_name,
                )
                png = await asyncio.to_thread(rating_chart, points, caption)
                chart = Picture(CHART_NAME, chart_description(words, caption, [value for value, _ in points]))
                files.append(chart.file(png))
        if not files:
            lines.append(
                words("{who} has not finished a rated game here: games between people count.", who=who.mention)
            )
        view = layout(
            KINDS[game].colour if game else FELT,
            words("{name}'s rating", name=who.display_name),
            "\n".join(lines),
            picture=chart,
            footer=words("Ratings start at 0 and rise with wins against strong players (OpenSkill)."),
        )
        await respond(interaction, view=view, files=files, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(
        name="leaderboard",
        description="The best rated players of a game here (in this server, or this chat)",
        extras={PRIVATE: False},
    )
    @app_commands.describe(game="Which game", period="Players who played in the last week, month, or all (default)")
    @app_commands.choices(game=_choices(), period=[app_commands.Choice(name=name, value=name) for name in PERIODS])
    async def leaderboard(self, interaction: discord.Interaction, game: str, period: str = "all") -> None:
        if game not in RATED:
            raise UnknownControlError(N_("There is no rated game called “{game}”."), game=quote(game))
        if period not in PERIODS:
            raise UnknownControlError(N_("The period is week, month or all."))
        _, scope = scope_of(interaction)
        words = await answer_words(interaction)
        title = GAMES[game].title
        top = await self.bot.service.leaderboard(scope, game, period)
        lines = [
            f"`{place:>2}` <@{rating.user_id}> {describe(rating, words)}" for place, rating in enumerate(top, start=1)
        ] or [words(NONE_RATED[period], title=title)]
        heading = words(HEADINGS[period], title=title)
        footer = words("Games between people count; not practice.")
        view = layout(KINDS[game].colour, heading, "\n".join(lines), footer=footer)
        await respond(interaction, view=view, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: PeapodBot) -> None:
    await bot.add_cog(Ratings(bot))
