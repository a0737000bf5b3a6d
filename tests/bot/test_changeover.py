"""A round's changeover stays inside Discord's rate limits: a Swiss tournament of eight through a SimCord whose
HTTP layer answers like Discord (:mod:`bench.limits`: 50 requests a second, 5 per 5 seconds per route and
channel, 429 beyond), on the simulated clock. The bot's own budget (:mod:`bot.ui.present.requests`) keeps every
request inside: no 429, no user looked up to DM them, each DM channel opened once, and every match's board
shown before any hand goes out by DM."""

import asyncio

import discord

from bench.limits import DiscordLimits, Sent
from bot.ui import custom_ids

from .conftest import Room
from .tables import custom_ids_on, resign_by_command

NAMES = ("dave", "erin", "frank", "grace", "heidi")


async def drained(room: Room, bot) -> None:
    """Move the simulated clock until the bot has sent everything it was asked to."""
    with room.env.time_context():
        idle = asyncio.create_task(bot.presenter.idle())
    while not idle.done():
        await room.env.advance_time(0.5)
    await idle


def button(message: discord.Message, prefix: str) -> str:
    return next(cid for cid in custom_ids_on(message) if cid.startswith(f"{prefix}:"))


def posts_in(sent: list[Sent], channels: set[int]) -> list[float]:
    return [s.at for s in sent if s.route == "POST /channels/{channel_id}/messages" and s.channel_id in channels]


async def test_a_round_is_dealt_and_changed_over_within_discords_limits(room, simcord_bot):
    bot = simcord_bot
    guild = room.channel.guild
    people = [room.alice, room.bob, room.carol, *(guild.add_member(room.env.create_user(name)) for name in NAMES)]
    limits = DiscordLimits(lambda: room.env.backend.clock.elapsed)
    limits.install(bot)
    await room.alice.slash(room.channel, "tournament new", game="pebbles", format="swiss", rounds=2)
    signup = room.channel.last_message
    for person in people:
        await person.click(signup, custom_id=button(signup, custom_ids.TOURNAMENT_JOIN))
    tournament_id = int(button(signup, custom_ids.TOURNAMENT_JOIN).split(":")[1])
    dms = {person.user.dm_channel.id for person in people}

    for round_number in (1, 2):
        start = room.env.backend.clock.elapsed
        if round_number == 1:
            await room.alice.click(signup, custom_id=button(signup, custom_ids.TOURNAMENT_START))
        else:
            view = await bot.service.tournament(tournament_id, guild.id)
            for match in view.current():
                await resign_by_command(next(p for p in people if p.id == match.second_id), room, "pebbles")
        await drained(room, bot)
        view = await bot.service.tournament(tournament_id, guild.id)
        assert view.record.round == round_number
        sent = [s for s in limits.sent if s.at >= start]
        routes = {s.route for s in sent}
        assert limits.refusals == 0, limits.refusals_at
        assert "GET /users/{user_id}" not in routes, "no user is looked up to DM them"
        opened = [s for s in sent if s.route == "POST /users/@me/channels"]
        assert len(opened) == (8 if round_number == 1 else 0), "each DM channel is opened once, then remembered"
        boards = {thread.id for thread in room.channel.threads}
        dealt = [await bot.service.table(p.game_id) for p in view.current() if p.game_id is not None]
        assert all(table.in_thread for table in dealt)
        last_board = max(posts_in(sent, boards))
        hands = posts_in(sent, dms)
        assert len(hands) >= 8 and last_board <= min(hands), "every board is shown before any hand is sent"
