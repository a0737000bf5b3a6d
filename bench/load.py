"""How the bot answers clicks at rising rates: CPU per click, and the time to acknowledge and to redraw.

Many players each have a Peek table; clicks arrive at a fixed rate (10, 30, 60, 90, 120 a second
by default), each one alternately turning a stock card and undoing it, so every click is answered by
redrawing its table (render in a worker thread + edit). The clicks go through the real discord.py machinery on SimCord's
simulated Discord, delivered as a gateway would deliver them: on time, whether or not the bot has
finished the previous ones. SimCord's clock is kept in step with the real one, so the bot sees how
late each interaction is (as it would in Discord, from the interaction's id).

For every rate it prints: the CPU time per click, the median and p99 time from the click to its
acknowledgement (Discord fails an interaction not acknowledged within 3 s) and to its new picture,
how many were acknowledged late, and how many were told the bot is busy.

SimCord's ``Backend`` and ``base_payload`` are used directly to deliver many interactions at once;
they are not SimCord's public API, so this benchmark may need a touch when SimCord changes.

Run with ``.venv/bin/python -m bench.load [rates...]``. Prints figures; never fails on time.
"""

import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord
import simcord
from simcord import interactions as simcord_interactions
from simcord.backend import models, serializers

from bench import bot_settings, buttons, sized, wrap_method
from bot.app import create_bot
from bot.store import SqliteStore

RATES = (10, 30, 60, 90, 120)[: sized(5, 1)]
SECONDS = sized(4, 1)
PLAYERS = sized(120, 4)
DISCORD_LIMIT = 3.0

_dispatched: dict[int, float] = {}
_acked: dict[int, float] = {}
_done: dict[int, float] = {}
_busy: set[int] = set()

P = ParamSpec("P")
R = TypeVar("R")


def _first_answer(
    method: Callable[Concatenate[discord.InteractionResponse, P], Awaitable[R]],
) -> Callable[Concatenate[discord.InteractionResponse, P], Coroutine[Any, Any, R]]:
    async def wrapper(self: discord.InteractionResponse, *args: P.args, **kwargs: P.kwargs) -> R:
        interaction = self._parent
        _acked.setdefault(interaction.id, time.perf_counter())
        if args and isinstance(args[0], str) and "busy" in args[0]:
            _busy.add(interaction.id)
        return await method(self, *args, **kwargs)

    return wrapper


def _picture_sent(
    method: Callable[Concatenate[discord.Interaction, P], Awaitable[R]],
) -> Callable[Concatenate[discord.Interaction, P], Coroutine[Any, Any, R]]:
    async def wrapper(self: discord.Interaction, *args: P.args, **kwargs: P.kwargs) -> R:
        result = await method(self, *args, **kwargs)
        _done.setdefault(self.id, time.perf_counter())
        return result

    return wrapper


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _next_button(stored: models.Message) -> dict[str, Any]:
    """Undo when the table offers it, else the button that turns the stock (as stored by SimCord)."""
    found = buttons(stored.components)
    undo = [button for button in found if button.get("label") == "Undo"]
    return undo[0] if undo else next(button for button in found if str(button.get("label")).startswith("Turn"))


async def _keep_clock(env: simcord.Env, stop: asyncio.Event) -> None:
    """Move SimCord's clock along with the real one, so interaction ids carry real lateness."""
    start_real, start_virtual = time.perf_counter(), env.backend.clock.elapsed
    while not stop.is_set():
        env.backend.clock.elapsed = start_virtual + time.perf_counter() - start_real
        await asyncio.sleep(0.005)


def emit_click(env: simcord.Env, user: simcord.MemberActor, stored: models.Message, custom_id: str) -> int:
    """Deliver a click of ``user`` on the button ``custom_id`` of a stored message, as the gateway would (at once,
    whether or not the bot has finished the previous ones); return the interaction's id."""
    backend = env.backend
    data = {"custom_id": custom_id, "component_type": 2}
    record, payload = simcord_interactions.base_payload(
        backend, type=3, channel_id=stored.channel_id, guild_id=user.guild.id, user_id=user.id, data=data
    )
    payload["message"] = dict(serializers.message_payload(backend, stored))
    record.source_message_id = stored.id
    backend.emit("INTERACTION_CREATE", payload)
    return int(record.id)


async def run_rate(
    env: simcord.Env, tables: list[tuple[simcord.MemberActor, tuple[int, int]]], rate: int
) -> dict[str, float]:
    """Deliver ``rate`` clicks a second for :data:`SECONDS` seconds; return the figures."""
    backend = env.backend
    ids: list[int] = []
    cpu_start = time.process_time()
    wall_start = time.perf_counter()
    for index in range(rate * SECONDS):
        due = wall_start + index / rate
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        user, message_id = tables[index % len(tables)]
        stored = backend.get_message(message_id[0], message_id[1])
        click = emit_click(env, user, stored, _next_button(stored)["custom_id"])
        _dispatched[click] = time.perf_counter()
        ids.append(click)
    deadline = time.perf_counter() + 60
    while time.perf_counter() < deadline and not all(i in _done or i in _busy for i in ids):
        await asyncio.sleep(0.05)
    cpu = time.process_time() - cpu_start
    acks = [_acked[i] - _dispatched[i] for i in ids if i in _acked]
    dones = [_done[i] - _dispatched[i] for i in ids if i in _done]
    return {
        "clicks": len(ids),
        "cpu_ms": 1000 * cpu / len(ids),
        "ack_median": 1000 * statistics.median(acks),
        "ack_p99": 1000 * _percentile(acks, 0.99),
        "done_median": 1000 * statistics.median(dones) if dones else float("nan"),
        "done_p99": 1000 * _percentile(dones, 0.99) if dones else float("nan"),
        "late": sum(1 for i in ids if i not in _acked or _acked[i] - _dispatched[i] > DISCORD_LIMIT),
        "busy": sum(1 for i in ids if i in _busy),
    }


async def peek_tables(env: simcord.Env, players: int) -> list[tuple[simcord.MemberActor, discord.Message]]:
    """``players`` people in one channel of a new server, each with a Peek table of their own (its message)."""
    guild = env.create_guild("bench")
    channel = guild.create_text_channel("card-room")
    tables = []
    for number in range(players):
        player = guild.add_member(env.create_user(f"player{number}"))
        await player.slash(channel, "peek new")
        table = channel.last_message
        assert table is not None, "the new table is the channel's last message"
        tables.append((player, table))
    return tables


async def measure(database: Path, rates: tuple[int, ...]) -> list[tuple[int, dict[str, float]]]:
    store = await SqliteStore.open(database)
    bot = create_bot(bot_settings(database), store, seed_source=lambda: 11)
    results = []
    try:
        async with simcord.run(bot, settle_timeout=120) as env:
            tables = [(player, (table.channel.id, table.id)) for player, table in await peek_tables(env, PLAYERS)]
            stop = asyncio.Event()
            clock = asyncio.create_task(_keep_clock(env, stop))
            for rate in rates:
                results.append((rate, await run_rate(env, tables, rate)))
            stop.set()
            await clock
    finally:
        await store.close()
    return results


def main(argv: list[str] | None = None) -> None:
    rates = tuple(int(arg) for arg in (argv or [])) or RATES
    for name in ("defer", "send_message", "edit_message"):
        wrap_method(discord.InteractionResponse, name, _first_answer)
    wrap_method(discord.Interaction, "edit_original_response", _picture_sent)
    with tempfile.TemporaryDirectory() as folder:
        results = asyncio.run(measure(Path(folder) / "load.db", rates))
    print(f"Turn / Undo on {PLAYERS} Peek tables through discord.py on SimCord, {SECONDS} s per rate")
    print("  rate/s  clicks  CPU/click   ack median    ack p99   picture median  picture p99  late>3s  busy")
    for rate, figures in results:
        print(
            f"  {rate:6} {figures['clicks']:7} {figures['cpu_ms']:7.1f} ms {figures['ack_median']:9.1f} ms "
            f"{figures['ack_p99']:8.1f} ms {figures['done_median']:12.1f} ms {figures['done_p99']:9.1f} ms "
            f"{figures['late']:8} {figures['busy']:5}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
