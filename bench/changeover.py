"""A round's changeover under Discord's rate limits: 64 entrants, a Swiss tournament of Peanuts and of Pebbles.

The bot runs on SimCord behind :class:`bench.limits.DiscordLimits` (the global limit, a bucket per route and
channel; a request over a limit is answered 429 and sent again later, as discord.py does). The host starts
the tournament (round 1 is dealt), every match but one ends by resignation, and the last one's resignation
closes the round: the standings are redrawn and round 2 is dealt. For the start and for that changeover it
prints the time until every board is shown in its thread, the requests of the first second and of the whole
changeover by route, and the 429s (goal: 0).

Times are SimCord's simulated clock, which moves while the bot waits (its own pacing, a 429's retry): the time
Discord's limits and the bot's pacing take, not the machine's speed. Run with ``.venv/bin/python -m bench.changeover``.
"""

import asyncio
import sys
import tempfile
import time
from pathlib import Path

import simcord

from bench import bot_settings, custom_ids, sized
from bench.limits import DiscordLimits
from bench.tournament import sign_up
from bot.app import create_bot
from bot.store import SqliteStore

ENTRANTS = sized(64, 8)


async def drained(env: simcord.Env, bot) -> None:
    """Move time until the bot has sent everything it was asked to."""
    with env.time_context():
        idle = asyncio.create_task(bot.presenter.idle())
    while not idle.done():
        await env.advance_time(0.5)
    await idle


async def boards_shown(bot, limits: DiscordLimits, tournament_id: int, guild_id: int, start: float) -> float:
    """The seconds from ``start`` until the board of every match of the tournament's current round was posted
    in its thread (each match's first post there)."""
    view = await bot.service.tournament(tournament_id, guild_id)
    tables = [await bot.service.table(p.game_id) for p in view.current() if p.game_id is not None]
    assert tables and all(table.in_thread for table in tables), "every match is played in its thread"
    threads = {table.message_channel_id for table in tables}
    firsts: dict[int | None, float] = {}
    for sent in limits.sent:
        if sent.at >= start and sent.channel_id in threads and sent.route == "POST /channels/{channel_id}/messages":
            firsts.setdefault(sent.channel_id, sent.at)
    assert len(firsts) == len(threads), "every board was posted"
    return max(firsts.values()) - start


async def resign(people: list[simcord.MemberActor], user_id: int, channel, game: str) -> None:
    """A player resigns their match as a person does: the command, then the button that confirms it."""
    actor = next(person for person in people if person.id == user_id)
    asked = await actor.slash(channel, f"{game} resign")
    assert asked.response is not None, "resigning asks first"
    question = asked.response.message
    await actor.click(question, custom_id=custom_ids(question.components)[0])


def report(name: str, limits: DiscordLimits, start: float, shown: float) -> None:
    first = limits.since(start, 1.0)
    whole = limits.since(start)
    last = max((sent.at for sent in limits.sent), default=start) - start
    print(
        f"  {name}: every board shown after {shown:.1f} s, everything sent after {last:.1f} s; "
        f"{limits.refusals} x 429 ({limits.refused['global']} global)"
    )
    print(f"    first second: {sum(first.values())} requests; busiest second: {limits.busiest_second(start)}")
    for route, count in sorted(whole.items(), key=lambda item: -item[1]):
        print(f"    {count:5} {route:55} ({first.get(route, 0)} in the first second)")


async def changeover(database: Path, game: str) -> None:
    store = await SqliteStore.open(database)
    bot = create_bot(bot_settings(database), store, seed_source=lambda: 26)
    try:
        async with simcord.run(bot, settle_timeout=600) as env:
            limits = DiscordLimits(lambda: env.backend.clock.elapsed)
            limits.install(bot)
            signed = await sign_up(env, game, ENTRANTS, rounds=2)
            guild, channel, people, message = signed.guild, signed.channel, signed.people, signed.message
            tournament_id, begin = signed.tournament_id, signed.start
            await drained(env, bot)
            print(f"{ENTRANTS} entrants, a Swiss tournament of {game}, through Discord's limits (simulated time):")
            start, wall = env.backend.clock.elapsed, time.perf_counter()
            await people[0].click(message, custom_id=begin)
            await drained(env, bot)
            shown = await boards_shown(bot, limits, tournament_id, guild.id, start)
            report(f"round 1 dealt ({time.perf_counter() - wall:.0f} s on this machine)", limits, start, shown)
            view = await bot.service.tournament(tournament_id, guild.id)
            seconds = [p.second_id for p in view.current() if p.second_id is not None and p.outcome is None]
            for second in seconds[:-1]:
                await resign(people, second, channel, game)
            await drained(env, bot)
            limits.refused.clear()
            start, wall = env.backend.clock.elapsed, time.perf_counter()
            await resign(people, seconds[-1], channel, game)
            await drained(env, bot)
            shown = await boards_shown(bot, limits, tournament_id, guild.id, start)
            report(f"changeover to round 2 ({time.perf_counter() - wall:.0f} s on this machine)", limits, start, shown)
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> None:
    games = tuple(argv if argv is not None else sys.argv[1:]) or ("peanuts", "pebbles")
    for game in games:
        with tempfile.TemporaryDirectory() as folder:
            asyncio.run(changeover(Path(folder) / "changeover.db", game))


if __name__ == "__main__":
    main()
