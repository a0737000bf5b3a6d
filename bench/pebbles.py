"""How long one played card of Pebbles and Nuts takes: through the core, and through the bot with its DM edit.

Two players play whole games. Each card is played as a person does, by pressing it on their hand
message in their DMs (SimCord's simulated Discord, real discord.py); the bot answers by editing
that DM in place (hand picture re-rendered) and redraws the table. It prints the click's round
trip (until the DM shows the new hand), and, on a separate database, the same cards played
straight through ``TableService.act`` (load, apply, save, views).

Run with ``.venv/bin/python -m bench.pebbles``. Prints figures; never fails on time.
"""

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

import simcord

from bench import bot_settings, custom_ids, sized, stored_state, text
from bot.app import create_bot
from bot.core.service import TableService
from bot.store import SqliteStore
from bot.ui.present.requests import EditBudget
from games import GAMES
from games.ai.pebbles_ai import GreedyPlayer

CARDS = sized(120, 3)
SEED = 5


def _line(name: str, samples: list[float]) -> str:
    ms = sorted(sample * 1000 for sample in samples)
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    return f"  {name:<46} n={len(ms):<4} median {statistics.median(ms):7.2f} ms   p99 {p99:7.2f} ms"


async def through_the_bot(database: Path) -> list[float]:
    store = await SqliteStore.open(database)
    budget = EditBudget(channel_requests=10_000, channel_window=1.0, message_spacing=0.0)
    bot = create_bot(bot_settings(database), store, seed_source=lambda: SEED, budget=budget)
    player, rng = GreedyPlayer(), random.Random(SEED)
    samples: list[float] = []
    try:
        async with simcord.run(bot, settle_timeout=60) as env:
            guild = env.create_guild("bench")
            channel = guild.create_text_channel("card-room")
            people = [guild.add_member(env.create_user(name)) for name in ("ada", "basil")]
            while len(samples) < CARDS:
                await people[0].slash(channel, "pebbles new")
                lobby = channel.last_message
                assert lobby is not None, "the new table's lobby is the channel's last message"
                ids = custom_ids(lobby.components)
                await people[1].click(lobby, custom_id=next(cid for cid in ids if cid.startswith("pj:")))
                game_id = int(ids[0].split(":")[1])
                await people[0].click(lobby, custom_id=f"pg:{game_id}:0")
                table = await bot.service.table(game_id)
                while not table.finished and len(samples) < CARDS:
                    seat = table.turn
                    assert seat is not None, "Pebbles and Nuts has a seat to play until it is over"
                    state = await stored_state(store, GAMES["pebbles"], game_id)
                    action = player.choose(state, seat, rng)
                    person = people[table.players.index(table.players[seat])]
                    hand = next(
                        m
                        for m in person.user.dm_channel.history()
                        if f"game #{game_id} \u00b7 seat" in text(m.components)
                    )
                    custom_id = next(cid for cid in custom_ids(hand.components) if cid.endswith(f":{action.code}"))
                    start = time.perf_counter()
                    await person.user.click(hand, custom_id=custom_id)
                    samples.append(time.perf_counter() - start)
                    table = await bot.service.table(game_id)
    finally:
        await store.close()
    return samples


async def through_the_core(database: Path) -> list[float]:
    player, rng = GreedyPlayer(), random.Random(SEED)
    samples: list[float] = []
    async with await SqliteStore.open(database) as store:
        service = TableService(store, games=GAMES, seed_source=lambda: SEED)
        while len(samples) < CARDS:
            table = await service.new_game("pebbles", guild_id=1, channel_id=1, players=[1, 2])
            await service.attach_message(table.game_id, table.game_id, 0)
            while not table.finished and len(samples) < CARDS:
                seat = table.turn
                assert seat is not None, "Pebbles and Nuts has a seat to play until it is over"
                state = await stored_state(store, GAMES["pebbles"], table.game_id)
                action = player.choose(state, seat, rng)
                user_id = table.players[seat]
                assert user_id is not None, "both seats are people"
                start = time.perf_counter()
                table = await service.act(table.game_id, user_id, action.code)
                samples.append(time.perf_counter() - start)
    return samples


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        core = asyncio.run(through_the_core(Path(folder) / "core.db"))
        bot = asyncio.run(through_the_bot(Path(folder) / "bot.db"))
    print("Pebbles and Nuts, one played card (2 players, SQLite file)")
    print(_line("core: TableService.act", core))
    print(_line("bot: click on the DM hand until it is edited", bot))


if __name__ == "__main__":
    main()
