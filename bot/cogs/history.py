"""``/history [member] [game]`` (a player's last finished games here, each with Replay), ``/replay id`` and
``/stats [member]`` (per game: games, wins, best score, and a chart of the latest results).

A replay is private and rebuilt from the game's log at every step (:mod:`bot.ui.replay`); what it may
show is the service's decision (:meth:`bot.core.history.History.replay`).
"""

import asyncio
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PeapodBot
from bot.core.errors import SeatingError
from bot.core.service import Table
from bot.core.tables import seat_phrase
from bot.errors import UnknownControlError
from bot.i18n import ENGLISH, N_, Words
from bot.text import quote
from bot.ui.controls import ReplayButton, button
from bot.ui.deferral import PRIVATE, acknowledge, respond
from bot.ui.kinds import KINDS
from bot.ui.language import answer_words
from bot.ui.layout import FELT, Picture, layout
from bot.ui.present.layouts import ai_name
from games import GAMES
from games.base import EndReason
from render.chart import stats_chart

STATS_NAME = "stats.png"
OWN_ONLY = N_("Outside servers, /history and /stats show your own games only.")
"""Asked about someone else in a DM or group DM: their games outside servers were played in chats the asker may
not be part of, with people the asker may not know, so they stay their own."""


def result_words(table: Table, seat: int, words: Words = ENGLISH) -> str:
    """How the game went for ``seat``: "won", "lost", "a draw", "resigned", with the scores."""
    outcome = table.outcome
    if outcome is None:
        return words("unfinished")
    scores = outcome.scores
    if len(table.seats) == 1:
        if outcome.winners:
            return words("won, score {score}", score=scores[0])
        if outcome.reason is EndReason.RESIGNED:
            return words("resigned, score {score}", score=scores[0])
        return words("not won, score {score}", score=scores[0])
    ordered = words.context("list separator", " to ").join(
        str(score) for score in (scores[seat], *scores[:seat], *scores[seat + 1 :])
    )
    if not outcome.winners:
        return words("a draw, {scores}", scores=ordered)
    if seat in outcome.winners:
        return words("won, {scores}", scores=ordered)
    return words("lost, {scores}", scores=ordered)


def others(table: Table, seat: int, words: Words = ENGLISH) -> str:
    names = [
        ai_name(words, table)
        if other.ai
        else f"<@{other.user_id}>"
        if other.user_id
        else words.phrase(seat_phrase(other.seat))
        for other in table.seats
        if other.seat != seat
    ]
    return " \u00b7 " + words("with {names}", names=", ".join(names)) if names else ""


def history_line(table: Table, user_id: int, words: Words = ENGLISH) -> str:
    seat = table.players.index(user_id)
    when = f"<t:{int(table.ended_at or table.started_at)}:R>"
    result = result_words(table, seat, words)
    return f"**{table.title}** #{table.game_id} \u00b7 {when}{others(table, seat, words)} \u00b7 {result}"


def whose(interaction: discord.Interaction, member: discord.User | discord.Member | None) -> discord.abc.User:
    """Whose games /history or /stats shows: ``member``'s in a server, and only the asker's own outside servers
    (:data:`OWN_ONLY`)."""
    if member is None or member.id == interaction.user.id:
        return interaction.user
    if interaction.guild_id is None:
        raise SeatingError(OWN_ONLY)
    return member


class History(commands.Cog):
    """Past games and their replays."""

    def __init__(self, bot: PeapodBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="history", description="The last finished games of a player here, with replays", extras={PRIVATE: False}
    )
    @app_commands.describe(member="Whose games (default: yours)", game="One game only")
    @app_commands.choices(game=[app_commands.Choice(name=GAMES[key].title, value=key) for key in KINDS])
    async def history(
        self, interaction: discord.Interaction, member: discord.User | None = None, game: str = ""
    ) -> None:
        if game and game not in KINDS:
            raise UnknownControlError(N_("There is no game called “{game}”."), game=quote(game))
        who = whose(interaction, member)
        words = await answer_words(interaction)
        tables = await self.bot.service.history(interaction.guild_id, who.id, game or None)
        name, title = who.display_name, GAMES[game].title if game else ""
        if tables:
            text = "\n".join(history_line(table, who.id, words) for table in tables)
        elif interaction.guild_id is None:
            text = (
                words("{who} has no finished {title} games outside servers yet.", who=who.mention, title=title)
                if game
                else words("{who} has no finished games outside servers yet.", who=who.mention)
            )
        else:
            text = (
                words("{who} has no finished {title} games here yet.", who=who.mention, title=title)
                if game
                else words("{who} has no finished games here yet.", who=who.mention)
            )
        controls: list[Any] = [
            button(ReplayButton, table, words("Replay #{game}", game=table.game_id)) for table in tables
        ]
        heading = (
            words("{name}'s last {title} games", name=name, title=title)
            if game
            else words("{name}'s last games", name=name)
        )
        view = layout(
            KINDS[game].colour if game else FELT,
            heading,
            text,
            controls=controls,
            footer=words("Replay opens a private step-by-step view of a game."),
        )
        await respond(interaction, view=view, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(
        name="stats", description="A player's games, wins and best scores here, with a chart", extras={PRIVATE: False}
    )
    @app_commands.describe(member="Whose stats (default: yours)")
    async def stats(self, interaction: discord.Interaction, member: discord.User | None = None) -> None:
        who = whose(interaction, member)
        words = await answer_words(interaction)
        heading = words("{name}'s stats", name=who.display_name)
        stats = [row for row in await self.bot.service.stats(interaction.guild_id, who.id) if row.kind in GAMES]
        if not stats:
            text = words("{who} has no finished games on the scoreboards here yet.", who=who.mention)
            await respond(
                interaction, view=layout(FELT, heading, text), allowed_mentions=discord.AllowedMentions.none()
            )
            return
        await acknowledge(interaction)
        lines = [
            f"{GAMES[row.kind].title}: "
            + ", ".join(
                (
                    words.plural("{n} game", "{n} games", row.games),
                    words.plural("{n} win", "{n} wins", row.wins),
                    words("best {score}", score=row.best),
                )
            )
            for row in stats
        ]
        latest = max(len(row.recent) for row in stats)
        caption = words.plural(
            "{name}: the latest result a game", "{name}: the latest {n} results a game", latest, name=who.display_name
        )
        png = await asyncio.to_thread(
            stats_chart, [(line, row.recent) for line, row in zip(lines, stats, strict=True)], caption
        )
        won = words("won")
        described = [caption] + [
            words(
                "{game}; latest results, oldest first: {results}",
                game=line,
                results=" ".join(f"{score} {won}" if win else str(score) for score, win in row.recent),
            )
            for line, row in zip(lines, stats, strict=True)
        ]
        shown = Picture(STATS_NAME, "\n".join(described))
        view = layout(
            FELT,
            heading,
            "\n".join(f"**{line.replace(':', '**:', 1)}" for line in lines),
            picture=shown,
            footer=words("Games on the scoreboards (not practice). Gold bars are wins."),
        )
        await interaction.followup.send(
            view=view,
            file=shown.file(png),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="replay", description="Replay a game step by step, privately")
    @app_commands.rename(game_id="id")
    @app_commands.describe(game_id="The game's number (shown under its table, and in /history)")
    async def replay(self, interaction: discord.Interaction, game_id: app_commands.Range[int, 1, 10**12]) -> None:
        if not 1 <= game_id <= 10**12:
            raise UnknownControlError(N_("A game's number is a whole number, like 42."))
        step = await self.bot.service.replay(game_id, interaction.user.id, 0, guild_id=interaction.guild_id)
        await acknowledge(interaction, ephemeral=True, thinking=True)
        await self.bot.presenter.show_replay(interaction, step)


async def setup(bot: PeapodBot) -> None:
    await bot.add_cog(History(bot))
