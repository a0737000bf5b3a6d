"""Simulated Peanuts races: board edits per second, and how fast a click shows on the player's panel.

One race, then three in one channel. Each race is played on a board in a thread of its own (a
thread is a channel to Discord, with its own edit budget), so three races no longer share one
channel's five edits per five seconds. Pairs of players race
for :data:`SECONDS` seconds at :data:`MOVES_PER_SECOND` clicks a second in all (a new race starts
when one ends): each click is a press of the greedy player's choice on that
player's private panel (or *Turn* when the panel no longer offers it), delivered through the real
discord.py machinery on SimCord the way a gateway delivers it, on time, whether or not the bot has
finished the last one, with Discord's edit budget in force and SimCord's clock following the real one.
It prints how many times a board was edited in each second (the goal: at most one, and about one
while its race runs), all the boards together, and the time from a click to its answer on the
player's own panel.

Uses SimCord's internals like :mod:`bench.load`. Run with ``.venv/bin/python -m bench.race``.
Prints figures; never fails on time.
"""

import asyncio
import collections
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord
import simcord
from simcord import interactions as simcord_interactions
from simcord.backend import models, serializers

from bench import bot_settings, custom_ids, sized, stored_state, wrap_method
from bench.load import _keep_clock
from bot.app import PeapodBot, create_bot
from bot.store import SqliteStore
from games.ai.peanuts_ai import GreedyPlayer
from games.peanuts import GAME

SECONDS = sized(60, 2)
MOVES_PER_SECOND = 10

_sent: dict[int, float] = {}
_answered: dict[int, float] = {}

P = ParamSpec("P")
R = TypeVar("R")


def _answer_timed(
    method: Callable[Concatenate[discord.InteractionResponse, P], Awaitable[R]],
) -> Callable[Concatenate[discord.InteractionResponse, P], Coroutine[Any, Any, R]]:
    async def wrapper(self: discord.InteractionResponse, *args: P.args, **kwargs: P.kwargs) -> R:
        result = await method(self, *args, **kwargs)
        _answered.setdefault(self._parent.id, time.perf_counter())
        return result

    return wrapper


async def _new_race(
    env: simcord.Env, channel: simcord.ChannelHandle, people: list[simcord.MemberActor], bot: PeapodBot
) -> tuple[int, int, int, dict[int, models.Message]]:
    """Challenge, accept, and open both panels; return the game, the thread its board is in, the board
    and the panels (stored)."""
    await people[0].slash(channel, "peanuts challenge", friend=people[1].user)
    message = channel.last_message
    assert message is not None, "the challenge is the channel's last message"
    stored = env.backend.get_message(channel.id, message.id)
    game_id = int(custom_ids(stored.components)[0].split(":")[1])
    await people[1].click(message, custom_id=next(c for c in custom_ids(stored.components) if c.startswith("pv:")))
    table = await bot.service.table(game_id)
    board_id = table.message_id
    assert board_id is not None, "an accepted challenge has its board"
    thread = next(thread for thread in channel.threads if thread.id == table.message_channel_id)
    panels = {}
    for seat in (0, 1):
        board = next(m for m in thread.history() if m.id == board_id)
        stored = env.backend.get_message(thread.id, board_id)
        opened = await people[seat].click(
            board, custom_id=next(c for c in custom_ids(stored.components) if c.startswith("pm:"))
        )
        panel = opened.response
        assert panel is not None, "the panel is the answer to the click"
        panels[seat] = env.backend.get_message(panel.channel_id, panel.id)
    return game_id, thread.id, board_id, panels


async def race(database: Path, races: int) -> tuple[list[float], dict[int, list[float]], int]:
    """``races`` races at once in one channel, each with its own pair of players; clicks take turns
    among them at :data:`MOVES_PER_SECOND` in all. Returns answer times, board edit times and clicks."""
    store = await SqliteStore.open(database)
    bot = create_bot(bot_settings(database), store, seed_source=lambda: 11)
    edits: dict[int, list[float]] = collections.defaultdict(list)

    async def on_raw_message_edit(payload: discord.RawMessageUpdateEvent) -> None:
        if payload.message_id in games_by_board:
            edits[payload.message_id].append(time.perf_counter())

    bot.add_listener(on_raw_message_edit)
    player, rng = GreedyPlayer(), random.Random(11)
    sent: list[int] = []
    games_by_board: dict[int, int] = {}
    try:
        async with simcord.run(bot, settle_timeout=120) as env:
            guild = env.create_guild("bench")
            channel = guild.create_text_channel("card-room")
            pairs = [[guild.add_member(env.create_user(f"p{r}{seat}")) for seat in (0, 1)] for r in range(races)]
            tables: list[tuple[int, int, dict[int, models.Message]]] = []
            for people in pairs:
                game_id, thread_id, board_id, panels = await _new_race(env, channel, people, bot)
                games_by_board[board_id] = game_id
                tables.append((game_id, thread_id, panels))
            stop = asyncio.Event()
            clock = asyncio.create_task(_keep_clock(env, stop))
            began = time.perf_counter()
            index = 0
            while time.perf_counter() - began < SECONDS:
                await asyncio.sleep(max(0.0, began + index / MOVES_PER_SECOND - time.perf_counter()))
                number, seat = index % races, index // races % 2
                index += 1
                game_id, thread_id, panels = tables[number]
                if (await bot.service.table(game_id)).finished:
                    game_id, thread_id, board_id, panels = await _new_race(env, channel, pairs[number], bot)
                    games_by_board[board_id] = game_id
                    tables[number] = (game_id, thread_id, panels)
                state = await stored_state(store, GAME, game_id)
                action = player.choose(state, seat, rng)
                panel = env.backend.get_message(panels[seat].channel_id, panels[seat].id)
                ids = custom_ids(panel.components)
                wanted = [c for c in ids if action is not None and c.endswith(f":{action.code}")]
                wanted = wanted or [c for c in ids if c.startswith("po:") and c.endswith(":t")]
                if not wanted:
                    continue
                data = {"custom_id": wanted[0], "component_type": 2}
                record, payload = simcord_interactions.base_payload(
                    env.backend,
                    type=3,
                    channel_id=thread_id,
                    guild_id=guild.id,
                    user_id=pairs[number][seat].id,
                    data=data,
                )
                payload["message"] = dict(serializers.message_payload(env.backend, panel))
                record.source_message_id = panel.id
                _sent[record.id] = time.perf_counter()
                sent.append(record.id)
                env.backend.emit("INTERACTION_CREATE", payload)
            deadline = time.perf_counter() + 30
            while time.perf_counter() < deadline and not all(i in _answered for i in sent):
                await asyncio.sleep(0.05)
            stop.set()
            await clock
    finally:
        await store.close()
    answers = [_answered[i] - _sent[i] for i in sent if i in _answered]
    return answers, edits, len(sent)


def _per_second(times: list[float], start: float, seconds: int) -> list[int]:
    counts = collections.Counter(int(t - start) for t in times)
    return [counts.get(second, 0) for second in range(seconds)]


def main() -> None:
    wrap_method(discord.InteractionResponse, "edit_message", _answer_timed)
    for races in (1, 3):
        _sent.clear()
        _answered.clear()
        with tempfile.TemporaryDirectory() as folder:
            answers, edits, clicks = asyncio.run(race(Path(folder) / "race.db", races))
        ms = sorted(answer * 1000 for answer in answers)
        p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
        start = min((t for times in edits.values() for t in times), default=0.0)
        boards = [_per_second(times, start, SECONDS) for times in edits.values() if times]
        together = [sum(counts) for counts in zip(*boards)] if boards else []
        lives = [b[next(i for i, n in enumerate(b) if n) : max(i for i, n in enumerate(b) if n) + 1] for b in boards]
        steady = sum(map(sum, lives)) / max(1, sum(map(len, lives)))
        print(f"Peanuts: {races} race(s) in one channel, {SECONDS} s, {MOVES_PER_SECOND} clicks/s: {clicks} clicks")
        print(f"  click to own panel update     median {statistics.median(ms):7.2f} ms   p99 {p99:7.2f} ms")
        print(
            f"  edits per second: a board at most {max((max(b) for b in boards), default=0)}, "
            f"{steady:.2f} a second on average while its race runs; "
            f"all boards together at most {max(together, default=0)}"
        )


if __name__ == "__main__":
    main()
