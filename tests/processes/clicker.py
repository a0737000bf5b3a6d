"""A bot process under a burst of clicks: ``python -m tests.processes.clicker DATABASE LOG``.

It opens its SQLite store as ``python -m bot`` does, stops on SIGTERM as ``python -m bot`` does, and runs
the bot on SimCord with :data:`~tests.processes.burst.TABLES` Peek tables, each clicked again as soon as
its last click was answered, all at once. ``LOG`` gets one JSON line, flushed, for each:

- ``{"ready": [game ids]}`` once the tables are dealt;
- ``{"ack": how, "custom_id": …}`` as each interaction's first response returns from Discord (``defer``,
  ``edit_message``: the click was acknowledged; ``send_message``: it was answered with a sentence);
- ``{"stopped": true}`` once a SIGTERM's stop is done, then ``{"game": id, "shows": version}`` for
  each table (the version its message is drawn for).

The test that starts it kills it (SIGKILL) or stops it (SIGTERM) in the middle, then reads the database.
"""

import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any, TextIO

import discord
import simcord

from bot.__main__ import open_bot_store, stop_on_signals
from bot.app import create_bot
from bot.config import Settings
from bot.ops import logs
from tests.processes import burst

ANSWERS = ("defer", "edit_message", "send_message")
READING = 0.2
"""Seconds a player takes to read a sentence before clicking again."""


def log_acknowledgements(log: TextIO) -> None:
    """Write a line as each interaction's first response returns (the moment its player sees it)."""
    for name in ANSWERS:
        method = getattr(discord.InteractionResponse, name)

        def logged(method: Any = method, name: str = name) -> Any:
            async def answer(self: discord.InteractionResponse, *args: Any, **kwargs: Any) -> Any:
                first = not self.is_done()
                result = await method(self, *args, **kwargs)
                if first:
                    data = self._parent.data or {}
                    write(log, ack=name, custom_id=data.get("custom_id"))
                return result

            return answer

        setattr(discord.InteractionResponse, name, logged())


def write(log: TextIO, **line: object) -> None:
    log.write(json.dumps(line) + "\n")
    log.flush()


async def keep_clicking(env: simcord.Env, bot: Any, table: burst.Table, rng: random.Random) -> None:
    """Click a move on the table, wait for its answer (the table drawn anew, or a sentence: then a moment
    more, as a person reads it), and again, until the bot closes or the table offers no move."""
    while not bot.is_closed():
        moves = burst.move_ids(env, table.channel_id, table.message_id)
        if not moves:
            return
        drawn = burst.shown_version(env, table)
        record = burst.click(env, table, rng.choice(moves))
        while not bot.is_closed() and burst.shown_version(env, table) == drawn:
            if record.ephemeral or record.followup_ids:
                await asyncio.sleep(READING)
                break
            await asyncio.sleep(0.002)


async def run(database: Path, log: TextIO) -> None:
    """Run the bot on SimCord under the burst until it stops; then, as ``python -m bot`` does once the bot
    has stopped, close the database at once (work still running then would fail), and say what each table
    shows."""
    settings = Settings(_env_file=None, discord_token=None, database_path=database, shard_count=1)
    store = await open_bot_store(settings)
    closed = False
    try:
        bot = create_bot(settings, store, seed_source=lambda: 11)
        async with simcord.run(bot, settle_timeout=60) as env:
            stop_on_signals(bot)
            tables = await burst.deal(env)
            write(log, ready=[table.game_id for table in tables])
            rng = random.Random(len(tables))
            await asyncio.gather(*(keep_clicking(env, bot, table, rng) for table in tables))
            while not bot.is_closed():
                await asyncio.sleep(0.01)
            closed = True
            await store.close()
            write(log, stopped=True)
            for table in tables:
                write(log, game=table.game_id, shows=burst.shown_version(env, table))
    finally:
        if not closed:
            await store.close()


if __name__ == "__main__":
    logs.configure("INFO", "text")
    with open(sys.argv[2], "a", encoding="utf-8") as output:
        log_acknowledgements(output)
        asyncio.run(run(Path(sys.argv[1]), output))
