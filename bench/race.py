"""A simulated Peanuts race: board edits per second, and how fast a click shows on the player's panel.

Two players race for :data:`SECONDS` seconds at :data:`MOVES_PER_SECOND` moves a second between them
(a new race starts when one ends): each click is a press of the greedy player's choice on that
player's private panel (or *Turn* when the panel no longer offers it), delivered through the real
discord.py machinery on SimCord the way a gateway delivers it, on time, whether or not the bot has
finished the last one, with Discord's edit budget in force and SimCord's clock following the real one.
It prints how many times the board was edited in each second (the goal is at most one), and the time
from a click to its answer on the player's own panel.

Uses SimCord's internals like :mod:`bench.load`. Run with ``.venv/bin/python -m bench.race``.
Prints figures; never fails on time.
"""

import asyncio
import collections
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import discord
import simcord
from simcord import interactions as simcord_interactions
from simcord.backend import serializers

from bench.load import _keep_clock
from bot.app import create_bot
from bot.config import Settings
from bot.store import Store
from games.ai.peanuts_ai import GreedyPlayer
from games.peanuts import GAME

SECONDS = 60
MOVES_PER_SECOND = 10

_sent: dict[int, float] = {}
_answered: dict[int, float] = {}


def _answer_timed(method: Any) -> Any:
    async def wrapper(self: discord.InteractionResponse, *args: Any, **kwargs: Any) -> Any:
        result = await method(self, *args, **kwargs)
        _answered.setdefault(self._parent.id, time.perf_counter())
        return result

    return wrapper


def _ids(components: list[dict[str, Any]]) -> list[str]:
    return [child["custom_id"] for row in components for child in row["components"] if child.get("custom_id")]


async def _new_race(env: simcord.Env, channel: Any, people: list[Any], bot: Any) -> tuple[int, int, dict[int, Any]]:
    """Challenge, accept, and open both panels; return the game, its board and the panels (stored)."""
    await people[0].slash(channel, "peanuts challenge", friend=people[1].user)
    message = channel.last_message
    stored = env.backend.get_message(channel.id, message.id)
    await people[1].click(message, custom_id=next(c for c in _ids(stored.components) if c.startswith("pv:")))
    panels = {}
    for seat in (0, 1):
        board = next(m for m in channel.history() if m.id == message.id)
        stored = env.backend.get_message(channel.id, message.id)
        opened = await people[seat].click(
            board, custom_id=next(c for c in _ids(stored.components) if c.startswith("pm:"))
        )
        panels[seat] = env.backend.get_message(opened.response.message.channel.id, opened.response.message.id)
    game_id = int(_ids(env.backend.get_message(channel.id, message.id).components)[0].split(":")[1])
    return game_id, message.id, panels


async def race(database: Path) -> tuple[list[float], collections.Counter[int], int]:
    store = await Store.open(database)
    bot = create_bot(Settings(_env_file=None, database_path=database), store, seed_source=lambda: 11)
    boards: set[int] = set()
    edits: list[float] = []

    async def on_raw_message_edit(payload: discord.RawMessageUpdateEvent) -> None:
        if payload.message_id in boards:
            edits.append(time.perf_counter())

    bot.add_listener(on_raw_message_edit)
    player, rng, sent = GreedyPlayer(), random.Random(11), []
    try:
        async with simcord.run(bot, settle_timeout=120) as env:
            guild = env.create_guild("bench")
            channel = guild.create_text_channel("card-room")
            people = [guild.add_member(env.create_user(name)) for name in ("ada", "basil")]
            stop = asyncio.Event()
            clock = asyncio.create_task(_keep_clock(env, stop))
            began = time.perf_counter()
            index = 0
            while time.perf_counter() - began < SECONDS:
                game_id, board_id, panels = await _new_race(env, channel, people, bot)
                boards.add(board_id)
                while time.perf_counter() - began < SECONDS and not (await bot.service.table(game_id)).finished:
                    await asyncio.sleep(max(0.0, began + index / MOVES_PER_SECOND - time.perf_counter()))
                    index += 1
                    seat = index % 2
                    state = GAME.from_dict((await store.load_game(game_id)).state)
                    action = player.choose(state, seat, rng)
                    panel = env.backend.get_message(panels[seat].channel_id, panels[seat].id)
                    ids = _ids(panel.components)
                    wanted = [c for c in ids if action is not None and c.endswith(f":{action.code}")]
                    wanted = wanted or [c for c in ids if c.startswith("po:") and c.endswith(":t")]
                    if not wanted:
                        continue
                    data = {"custom_id": wanted[0], "component_type": 2}
                    record, payload = simcord_interactions.base_payload(
                        env.backend,
                        type=3,
                        channel_id=channel.id,
                        guild_id=guild.id,
                        user_id=people[seat].id,
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
    per_second = collections.Counter(int(edit - edits[0]) for edit in edits) if edits else collections.Counter()
    return answers, per_second, len(sent)


def main() -> None:
    discord.InteractionResponse.edit_message = _answer_timed(discord.InteractionResponse.edit_message)
    with tempfile.TemporaryDirectory() as folder:
        answers, per_second, clicks = asyncio.run(race(Path(folder) / "race.db"))
    ms = sorted(answer * 1000 for answer in answers)
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    print(f"Peanuts race, {SECONDS} s at {MOVES_PER_SECOND} clicks/s on the panels: {clicks} clicks")
    print(f"  click to own panel update     median {statistics.median(ms):7.2f} ms   p99 {p99:7.2f} ms")
    seconds = max(per_second) + 1 if per_second else 0
    counts = [per_second.get(second, 0) for second in range(seconds)]
    print(f"  board edits per second        most {max(counts, default=0)}, mean {statistics.mean(counts or [0]):.2f}")


if __name__ == "__main__":
    main()
