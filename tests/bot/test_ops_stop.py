"""A clean stop on SimCord: the bot's stop in the middle of a burst of clicks lets every click in flight
finish (its move saved and its table drawn), tells the clicks that arrive meanwhile that peapod is
restarting, gives back the deadline it was firing, and closes the gateway; readiness says no from the
first moment."""

import asyncio

from bot.app import discord_clock
from bot.ops.bot_checks import serve
from bot.ops.stopping import RESTARTING
from games import GAMES
from tests.processes import burst

from .tables import private_text
from .test_ops_scrape import scrape

TABLES = 6


async def until(condition, turns: int = 10_000) -> None:
    """Let the event loop run (no time passes) until ``condition()``."""
    for _ in range(turns):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("the bot never got there")


def click_a_move(env, table: burst.Table):
    return burst.click(env, table, burst.move_ids(env, table.channel_id, table.message_id)[0])


def said(env, record) -> str:
    """The private sentence an interaction was answered with."""
    return env.backend.get_message(record.channel_id, record.message_id).content


async def test_a_stop_mid_burst_finishes_the_clicks_in_flight_turns_new_ones_away_and_gives_back_claims(
    simcord_env, simcord_bot, store
):
    env, bot = simcord_env, simcord_bot
    tables = await burst.deal(env, TABLES)
    now = discord_clock()
    await store.set_timer(tables[0].game_id, "warn", now)
    (claimed,) = await store.timers(tables[0].game_id)
    assert await store.take_timer(claimed, now=now), "this process fires it when the stop comes"
    server = await serve(bot, store, GAMES, 0, host="127.0.0.1", in_flight=bot.in_flight)
    try:
        clicks = [click_a_move(env, table) for table in tables]
        await until(lambda: len(bot.in_flight) == TABLES)
        stopping = asyncio.create_task(bot.stop())
        await until(lambda: bot.in_flight.stopping)
        assert await scrape(server.port, "/readyz") == (503, "not ready: stopping\n")
        late = [click_a_move(env, table) for table in tables]
        command = await tables[0].player.slash(tables[0].channel, "peek new")
        await stopping
    finally:
        await server.stop()
    assert bot.is_closed()
    for table, click in zip(tables, clicks):
        assert click.responded and not click.ephemeral
        saved = await store.load_game(table.game_id)
        assert saved.version == 1 and burst.shown_version(env, table) == 1, "saved and drawn"
    assert all(click.ephemeral and said(env, click) == RESTARTING for click in late)
    assert private_text(command) == RESTARTING
    assert claimed in await store.due_timers(now), "given back: due at once, not after the lease"
