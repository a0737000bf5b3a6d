"""``/scores [game]`` (the channel's scoreboards) and ``/help [game]`` (one page per game)."""

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PeapodBot
from bot.errors import UnknownControlError
from bot.i18n import ENGLISH, N_, Words
from bot.store import ScoreRow
from bot.text import quote
from bot.ui.deferral import PRIVATE, respond
from bot.ui.kinds import KINDS
from bot.ui.language import answer_words, private_words
from bot.ui.layout import FELT, layout
from bot.ui.mentions import Mentions
from games import GAMES

HELP_END = N_("""\
**Everywhere**
`/help game:` a game's rules, commands and controls
`/scores [game]` this channel's scoreboards (every game, or one)
`/rating [game] [member]` a skill rating here (this server, or this chat) · `/leaderboard game` the best here
`/history [member] [game]` the last finished games, with Replay · `/replay id` any game, step by step
`/stats [member]` games, wins, best scores and a chart
`/daily penguin|peek|triplepeaks` today's deal, the same for everyone (in your DMs) · `/daily board` today's results
`/tournament new` a tournament here (arena, Swiss, knockout, round robin) · `/tournament list` this server's
`/help` this page

Only the player who dealt a one-player table can move on it, unless it was dealt with `open: True`.
`/language` the language peapod speaks to you, or in this server""")


def help_text(game: str | None = None, words: Words = ENGLISH, mention: Mentions | None = None) -> str:
    """One game's page (its paragraph from its ``KindUI``), or the overview: a line per game, the commands."""
    if game is not None:
        return words(KINDS[game].help)
    lines = [
        f"**{GAMES[key].title}**: {words(kind.blurb)} \u00b7 {(mention or Mentions())(words, key, 'new')}"
        for key, kind in KINDS.items()
    ]
    parts = ["\n".join(lines), words(HELP_END)]
    coming = [game.title for key, game in sorted(GAMES.items()) if key not in KINDS]
    if coming:
        parts.append(words("Coming to this bot: {games}.", games=", ".join(coming)))
    return "\n\n".join(parts)


def scoreboard_text(rows: list[ScoreRow], words: Words = ENGLISH) -> str:
    """The board as aligned monospace columns; the best-score column widens for long scores (the column heads
    are cut to their width in languages with longer words)."""
    width = max(5, *(len(str(row.best)) for row in rows))
    games, wins, best, player = (
        words.context("scoreboard column", "games")[:5],
        words.context("scoreboard column", "wins")[:5],
        words.context("scoreboard column", "best")[:width],
        words.context("scoreboard column", "player"),
    )
    lines = [f"`#  {games:>5} {wins:>5} {best:>{width}}`  {player}"]
    for rank, row in enumerate(rows, start=1):
        player = discord.utils.escape_markdown(row.name) if row.name else f"<@{row.user_id}>"
        lines.append(f"`{rank:<2} {row.games:>5} {row.wins:>5} {row.best:>{width}}`  {player}")
    return "\n".join(lines)


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=GAMES[kind].title, value=kind) for kind in KINDS if kind in GAMES]


class General(commands.Cog):
    """Scoreboards and help."""

    def __init__(self, bot: PeapodBot) -> None:
        self.bot = bot

    @app_commands.command(name="scores", description="Show this channel's scoreboards", extras={PRIVATE: False})
    @app_commands.describe(game="One game's scoreboard (default: every game's)")
    @app_commands.choices(game=_game_choices())
    async def scores(self, interaction: discord.Interaction, game: str = "") -> None:
        """Show this channel's scoreboard for one game, or a short one for every game."""
        if game and game not in KINDS:
            raise UnknownControlError(N_("There is no game called “{game}”."), game=quote(game))
        channel = interaction.channel_id or 0
        words = await answer_words(interaction)
        if game:
            title = GAMES[game].title
            rows = await self.bot.service.scoreboard(channel, game)
            text = (
                scoreboard_text(rows, words)
                if rows
                else words("No {title} games have finished in this channel yet.", title=title)
            )
            off_board = words(KINDS[game].off_board) if KINDS[game].off_board else ""
            view = layout(KINDS[game].colour, words("{title} scoreboard", title=title), text, footer=off_board)
        else:
            boards = []
            for key in KINDS:
                rows = await self.bot.service.scoreboard(channel, key, limit=3)
                note = f"\n-# {words(KINDS[key].off_board)}" if KINDS[key].off_board else ""
                board = scoreboard_text(rows, words) if rows else words("No games yet.")
                boards.append(f"**{GAMES[key].title}**\n{board}{note}")
            view = layout(FELT, words("This channel's scoreboards"), "\n\n".join(boards))
        await respond(interaction, view=view, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="help", description="How to play, and the commands")
    @app_commands.describe(game="One game's rules, commands and controls")
    @app_commands.choices(game=_game_choices())
    async def help(self, interaction: discord.Interaction, game: str = "") -> None:
        """The overview, or one game's page."""
        if game and game not in KINDS:
            raise UnknownControlError(N_("There is no game called “{game}”."), game=quote(game))
        words = await private_words(interaction)
        title = GAMES[game].title if game else words("peapod: card games for this server")
        colour = KINDS[game].colour if game else FELT
        view = layout(colour, title, help_text(game or None, words, self.bot.presenter.mentions))
        await respond(interaction, view=view, ephemeral=True)


async def setup(bot: PeapodBot) -> None:
    await bot.add_cog(General(bot))
