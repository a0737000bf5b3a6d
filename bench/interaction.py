"""How fast the bot answers clicks, measured through real discord.py on SimCord's simulated Discord.

Plays Penguin games by clicks, as a person does: pick a card in the menu (answered by editing the
message's controls), then press where it goes (acknowledged with a defer, then the table is
rendered off the event loop and the message edited). For every interaction it records

- *ack*: from discord.py dispatching the interaction to the bot's first response call (what
  Discord's 3-second limit is about);
- *done*: the whole round trip seen by the clicking person, until the message is edited.

Run with ``.venv/bin/python -m bench.interaction``. Prints figures; never fails on time.
"""

import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord
import simcord

from bench import bot_settings, custom_ids, sized, wrap_method
from bot.app import create_bot
from bot.store import SqliteStore
from games.penguin import Move

MOVES = sized(120, 2)
SEED = 11

_marks: dict[str, float] = {}
"""When the last interaction was dispatched to the bot, and when the bot first answered it."""

P = ParamSpec("P")
R = TypeVar("R")


def _timed(
    method: Callable[Concatenate[discord.InteractionResponse, P], Awaitable[R]],
) -> Callable[Concatenate[discord.InteractionResponse, P], Coroutine[Any, Any, R]]:
    """Wrap an InteractionResponse method so the first answer to the current interaction is timed."""

    async def wrapper(self: discord.InteractionResponse, *args: P.args, **kwargs: P.kwargs) -> R:
        _marks.setdefault("acked", time.perf_counter())
        return await method(self, *args, **kwargs)

    return wrapper


def _ack_time() -> float:
    return _marks["acked"] - _marks["dispatched"]


def _last_message(channel: simcord.ChannelHandle) -> discord.Message:
    """The table: the channel's newest message, which the bot has just sent or edited."""
    message = channel.last_message
    assert message is not None, "the bot has answered in the channel"
    return message


def _custom_ids(message: discord.Message) -> list[str]:
    return custom_ids(message.components)


def _line(name: str, samples: list[float]) -> str:
    ms = sorted(sample * 1000 for sample in samples)
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    return f"  {name:<34} n={len(ms):<4} median {statistics.median(ms):7.2f} ms   p99 {p99:7.2f} ms"


async def measure(database: Path) -> tuple[list[float], list[float], list[float], list[float]]:
    """Return ack and round-trip times for menu picks and for moves."""
    store = await SqliteStore.open(database)
    seeds = iter(range(SEED, SEED + 1000))
    bot = create_bot(bot_settings(database), store, seed_source=lambda: next(seeds))

    async def on_interaction(interaction: discord.Interaction) -> None:
        _marks.clear()
        _marks["dispatched"] = time.perf_counter()

    bot.add_listener(on_interaction, "on_interaction")
    pick_ack, pick_done, move_ack, move_done = [], [], [], []
    try:
        async with simcord.run(bot, settle_timeout=30) as env:
            guild = env.create_guild("bench")
            channel = guild.create_text_channel("card-room")
            player = guild.add_member(env.create_user("bench"))
            played = 0
            while played < MOVES:
                await player.slash(channel, "penguin new")
                message = _last_message(channel)
                game_id = (await bot.service.active_games(channel.id, player.id, "penguin"))[0]
                while played < MOVES:
                    table = await bot.service.table(game_id)
                    moves = [action for action in table.legal[0] if isinstance(action, Move)]
                    if table.finished or not moves:
                        break
                    move = moves[played % len(moves)]
                    pick = next(cid for cid in _custom_ids(message) if cid.startswith("pk:"))
                    start = time.perf_counter()
                    await player.select(message, [move.source], custom_id=pick)
                    pick_done.append(time.perf_counter() - start)
                    pick_ack.append(_ack_time())
                    message = _last_message(channel)
                    target = next(
                        cid for cid in _custom_ids(message) if cid.startswith("pa:") and cid.endswith(f":{move.code}")
                    )
                    start = time.perf_counter()
                    await player.click(message, custom_id=target)
                    move_done.append(time.perf_counter() - start)
                    move_ack.append(_ack_time())
                    message = _last_message(channel)
                    played += 1
    finally:
        await store.close()
    return pick_ack, pick_done, move_ack, move_done


def main() -> None:
    """Print ack and round-trip figures for picks and moves."""
    for name in ("defer", "edit_message", "send_message"):
        wrap_method(discord.InteractionResponse, name, _timed)
    with tempfile.TemporaryDirectory() as folder:
        pick_ack, pick_done, move_ack, move_done = asyncio.run(measure(Path(folder) / "bench.db"))
    print("Clicks through discord.py on SimCord, Penguin, SQLite file; ack = dispatch to first response")
    print(_line("pick a card: ack", pick_ack))
    print(_line("pick a card: round trip", pick_done))
    print(_line("move: ack (defer)", move_ack))
    print(_line("move: round trip (render + edit)", move_done))


if __name__ == "__main__":
    main()
