"""``/scores`` (the channel's scoreboard) and ``/help``."""

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PeapodBot
from bot.errors import UnknownControlError, quote
from bot.store import ScoreRow
from bot.ui.kinds import KINDS
from bot.ui.present import COLOUR
from games import GAMES

HELP_END = """\
**Everywhere**
`/scores [game]` this channel's scoreboard
`/help` this page

Only the player who dealt a table can move on it, unless it was dealt with `open: True`."""


def help_text() -> str:
    """Each game's paragraph and commands (from its ``bot/ui`` module), then the common commands."""
    parts = [*(kind.help for kind in KINDS.values()), HELP_END]
    coming = [game.title for key, game in sorted(GAMES.items()) if key not in KINDS]
    if coming:
        parts.append("Coming to this bot: " + ", ".join(coming) + ".")
    return "\n\n".join(parts)


def scoreboard_text(rows: list[ScoreRow]) -> str:
    """The board as aligned monospace columns; the best-score column widens for long scores."""
    width = max(5, *(len(str(row.best)) for row in rows))
    lines = [f"`#  games  wins {'best':>{width}}`  player"]
    for rank, row in enumerate(rows, start=1):
        lines.append(f"`{rank:<2} {row.games:>5} {row.wins:>5} {row.best:>{width}}`  <@{row.user_id}>")
    return "\n".join(lines)


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=GAMES[kind].title, value=kind) for kind in KINDS if kind in GAMES]


class General(commands.Cog):
    """Scoreboards and help."""

    def __init__(self, bot: PeapodBot) -> None:
        self.bot = bot

    @app_commands.command(name="scores", description="Show this channel's scoreboard")
    @app_commands.describe(game="Which game's scoreboard (default: Penguin)")
    @app_commands.choices(game=_game_choices())
    async def scores(self, interaction: discord.Interaction, game: str = "penguin") -> None:
        """Show this channel's scoreboard."""
        if game not in KINDS:
            raise UnknownControlError(f"There is no game called “{quote(game)}”.")
        rows = await self.bot.service.scoreboard(interaction.channel_id or 0, game)
        title = f"{GAMES[game].title} scoreboard"
        if not rows:
            text = f"No {GAMES[game].title} games have finished in this channel yet."
        else:
            text = scoreboard_text(rows)
        await interaction.response.send_message(embed=discord.Embed(title=title, description=text, colour=COLOUR))

    @app_commands.command(name="help", description="How to play, and the commands")
    async def help(self, interaction: discord.Interaction) -> None:
        """How to play, and the commands."""
        embed = discord.Embed(title="peapod: card games for this server", description=help_text(), colour=COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: PeapodBot) -> None:
    await bot.add_cog(General(bot))
