"""``/daily <game>`` (today's deal of a one-player game, played in your DMs so nobody's deal is spoiled),
``/daily board [game]`` (today's results here, with streaks) and ``/daily channel [channel]`` (a server
manager chooses where the daily post goes at midnight UTC, or turns it off).

One subcommand per one-player game, built from the game registry like the patience commands.
"""

import discord
from discord import app_commands

from bot.app import PeapodBot
from bot.core.daily import DailyRow
from bot.core.errors import SeatingError, ServiceError
from bot.errors import UnknownControlError
from bot.text import quote
from bot.ui.layout import FELT, layout

DMS_CLOSED = (
    "I can't send you direct messages, and the daily deal is played there (so nobody's deal is spoiled): "
    "allow direct messages from this server's members, then try /daily again."
)


def board_line(row: DailyRow) -> str:
    """A player's line on the day's board: how it went (no card named) and their streak."""
    table = row.table
    player = f"<@{row.attempt.user_id}>"
    days = f" \u00b7 {row.streak} day{'' if row.streak == 1 else 's'} in a row" if row.streak > 1 else ""
    if not table.finished or table.outcome is None:
        return f"{player} \u00b7 playing now{days}"
    verdict = "won" if table.outcome.winners else "not won"
    moves = getattr(table.public, "moves", None)
    made = f", {moves} move{'' if moves == 1 else 's'}" if moves is not None else ""
    return f"{player} \u00b7 {verdict}, score {table.outcome.scores[0]}{made}{days}"


def daily_group(bot: PeapodBot) -> app_commands.Group:
    """The /daily command group: a subcommand per one-player game, then board and channel."""
    group = app_commands.Group(name="daily", description="Today's deals: the same cards for everyone, one try a day")
    kinds = bot.service.daily_kinds()

    def deal_command(kind: str) -> app_commands.Command:
        title = bot.service.games[kind].title

        async def deal(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            dm = interaction.user.dm_channel or await interaction.user.create_dm()
            table, attempt = await bot.service.start_daily(
                kind,
                interaction.user.id,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                table_channel_id=dm.id,
            )
            try:
                message = await bot.presenter.publish(table)
            except discord.Forbidden:
                await bot.service.forget_daily(attempt)
                raise ServiceError(DMS_CLOSED) from None
            text = f"Today's {title} deal is in your DMs: {message.jump_url} One attempt a day; good luck!"
            await interaction.followup.send(text, ephemeral=True)

        return app_commands.Command(
            name=kind, description=f"Play today's {title} deal (one attempt a day, in your DMs)", callback=deal
        )

    for kind in kinds:
        group.add_command(deal_command(kind))

    @group.command(name="board", description="Today's daily results here, with everyone's streak")
    @app_commands.describe(game="One game (default: every daily game)")
    @app_commands.choices(game=[app_commands.Choice(name=bot.service.games[kind].title, value=kind) for kind in kinds])
    async def board(interaction: discord.Interaction, game: str = "") -> None:
        if game and game not in kinds:
            raise UnknownControlError(f"There is no daily game called “{quote(game)}”.")
        sections = []
        for kind in [game] if game else kinds:
            rows = await bot.service.daily_board(interaction.guild_id, kind)
            lines = [board_line(row) for row in rows] or [f"Nobody here has played it yet: `/daily {kind}`."]
            sections.append(f"**{bot.service.games[kind].title}**\n" + "\n".join(lines))
        view = layout(
            FELT,
            f"Daily deals, {bot.service.today()}",
            "\n\n".join(sections),
            footer="The same deals for everyone until midnight UTC; your table comes by DM.",
        )
        await interaction.response.send_message(view=view, allowed_mentions=discord.AllowedMentions.none())

    @group.command(name="channel", description="Choose the channel for the daily post (server managers)")
    @app_commands.describe(channel="Where the post goes at midnight UTC (leave out to stop the post)")
    async def channel(interaction: discord.Interaction, channel: discord.TextChannel | None = None) -> None:
        if interaction.guild_id is None:
            raise SeatingError("The daily post is set per server: use this command in a server.")
        if not interaction.permissions.manage_guild:
            raise SeatingError("Only people who may manage this server can choose the daily post's channel.")
        await bot.service.set_daily_channel(interaction.guild_id, channel.id if channel else None)
        if channel is None:
            text = "There is no daily post here any more."
        else:
            text = f"From tomorrow, {channel.mention} gets a post when the new deals come, at midnight UTC."
        await bot.presenter.tell(interaction, text)

    return group


async def setup(bot: PeapodBot) -> None:
    bot.tree.add_command(daily_group(bot))
