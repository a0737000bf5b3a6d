"""``/daily <game>`` (today's deal of a one-player game, played in your DMs so nobody's deal is spoiled),
``/daily board [game]`` (today's results here, with streaks) and ``/daily channel [channel]`` (a server
manager chooses where the daily post goes at midnight UTC, or turns it off).

One subcommand per one-player game, built from the game registry like the patience commands.
"""

import datetime

import discord
from discord import app_commands

from bot.app import PeapodBot
from bot.core.daily import DailyRow
from bot.core.errors import SeatingError, ServiceError
from bot.core.places import Place
from bot.errors import UnknownControlError
from bot.i18n import N_, Words
from bot.text import quote
from bot.ui.deferral import PRIVATE, acknowledge, respond
from bot.ui.language import answer_words, private_words
from bot.ui.layout import FELT, layout
from bot.ui.places import need_member, place_of, scope_of

DMS_CLOSED = N_(
    "I can't send you direct messages, and the daily deal is played there (so nobody's deal is spoiled): "
    "allow direct messages from this server's members, then try /daily again."
)


def board_line(row: DailyRow, words: Words) -> str:
    """A player's line on the day's board: how it went (no card named) and their streak."""
    table = row.table
    parts = [f"<@{row.attempt.user_id}>"]
    if not table.finished or table.outcome is None:
        parts.append(words("playing now"))
    else:
        score = table.outcome.scores[0]
        moves = getattr(table.public, "moves", None)
        if not table.outcome.winners:
            parts.append(words("not won, score {score}", score=score))
        else:
            parts.append(words("won, score {score}", score=score))
        if moves is not None:
            parts.append(words.plural("{n} move", "{n} moves", moves))
    if row.streak > 1:
        parts.append(words.plural("{n} day in a row", "{n} days in a row", row.streak))
    return " \u00b7 ".join(parts)


def daily_group(bot: PeapodBot) -> app_commands.Group:
    """The /daily command group: a subcommand per one-player game, then board and channel."""
    group = app_commands.Group(name="daily", description="Today's deals: the same cards for everyone, one try a day")
    kinds = bot.service.daily_kinds()

    def deal_command(kind: str) -> app_commands.Command:
        title = bot.service.games[kind].title

        async def deal(interaction: discord.Interaction) -> None:
            await acknowledge(interaction, ephemeral=True, thinking=True)
            place = place_of(interaction)
            if not place.member:
                await deal_here(interaction, place)
                return
            dm = await bot.presenter.hands.dm_channel(interaction.user.id)
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
            words = await private_words(interaction)
            text = words(
                "Today's {title} deal is in your DMs: {link} One attempt a day; good luck!",
                title=title,
                link=message.jump_url,
            )
            await interaction.followup.send(text, ephemeral=True)

        async def deal_here(interaction: discord.Interaction, place: Place) -> None:
            """Where peapod is not a member (it cannot DM): the table is this command's answer, shown to the
            player alone, so nobody's deal is spoiled."""
            table, _attempt = await bot.service.start_daily(
                kind,
                interaction.user.id,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                table_channel_id=interaction.channel_id or 0,
                place=place,
            )
            await bot.presenter.post(interaction, table)

        return app_commands.Command(
            name=kind, description=f"Play today's {title} deal (one attempt a day, in your DMs)", callback=deal
        )

    for kind in kinds:
        group.add_command(deal_command(kind))

    @group.command(
        name="board", description="Today's daily results here, with everyone's streak", extras={PRIVATE: False}
    )
    @app_commands.describe(game="One game (default: every daily game)")
    @app_commands.choices(game=[app_commands.Choice(name=bot.service.games[kind].title, value=kind) for kind in kinds])
    async def board(interaction: discord.Interaction, game: str = "") -> None:
        if game and game not in kinds:
            raise UnknownControlError(N_("There is no daily game called “{game}”."), game=quote(game))
        _, scope = scope_of(interaction)
        words = await answer_words(interaction)
        sections = []
        for kind in [game] if game else kinds:
            rows = await bot.service.daily_board(scope, kind)
            lines = [board_line(row, words) for row in rows] or [
                words("Nobody here has played it yet: {command}.", command=bot.presenter.mentions(words, "daily", kind))
            ]
            sections.append(f"**{bot.service.games[kind].title}**\n" + "\n".join(lines))
        view = layout(
            FELT,
            words("Daily deals, {day}", day=words.date(datetime.date.fromisoformat(bot.service.today()))),
            "\n\n".join(sections),
            footer=words("The same deals for everyone until midnight UTC; your table comes by DM."),
        )
        await respond(interaction, view=view, allowed_mentions=discord.AllowedMentions.none())

    @group.command(name="channel", description="Choose the channel for the daily post (server managers)")
    @app_commands.describe(channel="Where the post goes at midnight UTC (leave out to stop the post)")
    async def channel(interaction: discord.Interaction, channel: discord.TextChannel | None = None) -> None:
        guild_id = need_member(interaction)
        if not interaction.permissions.manage_guild:
            raise SeatingError(N_("Only people who may manage this server can choose the daily post's channel."))
        await bot.service.set_daily_channel(guild_id, channel.id if channel else None)
        words = await private_words(interaction)
        if channel is None:
            text = words("There is no daily post here any more.")
        else:
            text = words(
                "From tomorrow, {channel} gets a post when the new deals come, at midnight UTC.",
                channel=channel.mention,
            )
        await bot.presenter.tell(interaction, text)

    return group


async def setup(bot: PeapodBot) -> None:
    bot.tree.add_command(daily_group(bot))
