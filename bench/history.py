"""/leaderboard and /history on a server with 100,000 finished games (SQLite, the default store).

The database is built once: a real finished Peanuts race and a real finished Penguin game are played
through the table service, then copied (with their seats, by plain SQL) into 100,000 finished games of
200 players over a year, every race rated (200 ratings, 100,000 rating changes). Then the service's
``leaderboard`` (all time, this week) and ``history`` (all games, one game) are timed as the commands
call them: median and 95th percentile of repeated calls.

Run with ``.venv/bin/python -m bench.history``. Prints figures; never fails on time.
"""

import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bench import sized
from bot.core.service import TableService
from bot.store import SqliteStore
from games import GAMES

GAMES_IN_SERVER = sized(100_000, 1_000)
PLAYERS = 200
RUNS = sized(40, 3)
GUILD, CHANNEL = 10, 20
YEAR = 365 * 86_400.0
NOW = 1_800_000_000.0


async def templates(path: Path) -> tuple[int, int]:
    """Play one Peanuts race and one Penguin game to their end; their ids."""
    async with await SqliteStore.open(path) as store:
        service = TableService(store, games=GAMES, seed_source=lambda: 5, clock=lambda: NOW)
        race = await service.new_game("peanuts", guild_id=GUILD, channel_id=CHANNEL, players=[1, 2])
        await service.attach_message(race.game_id, 1, race.version)
        for turn in range(6):
            table = await service.table(race.game_id)
            await service.act(race.game_id, turn % 2 + 1, table.legal[turn % 2][0].code)
        await service.resign(race.game_id, 2)
        patience = await service.new_game("penguin", guild_id=GUILD, channel_id=CHANNEL, players=[1])
        await service.attach_message(patience.game_id, 2, patience.version)
        await service.resign(patience.game_id, 1)
        return race.game_id, patience.game_id


def fill(path: Path, race: int, patience: int, games: int) -> None:
    """Copy the two games into ``games`` finished games of :data:`PLAYERS` players, with ratings."""
    rng = random.Random(17)
    db = sqlite3.connect(path)
    columns = "kind, options, guild_id, channel_id, status, open_play, host_id, seed, version, state, settings"
    template = {
        row[0]: row for row in db.execute(f"SELECT id, {columns} FROM games WHERE id IN (?, ?)", (race, patience))
    }
    game_rows, seat_rows, change_rows = [], [], []
    first = race + patience + 1
    for number in range(games):
        game_id = first + number
        ended = NOW - YEAR * (games - number) / games
        source = race if number % 2 else patience
        game_rows.append((game_id, *template[source][1:], ended - 300, ended))
        players = rng.sample(range(1, PLAYERS + 1), 2 if source == race else 1)
        seat_rows += [(game_id, seat, user) for seat, user in enumerate(players)]
        if source == race:
            change_rows += [
                (game_id, user, GUILD, "peanuts", 25.0, 8.3, rng.gauss(25, 3), 6.0, ended) for user in players
            ]
    db.executemany(
        f"INSERT INTO games (id, {columns}, created_at, updated_at) VALUES ({', '.join('?' * 14)})", game_rows
    )
    db.executemany("INSERT INTO seats (game_id, seat, user_id) VALUES (?, ?, ?)", seat_rows)
    db.executemany("INSERT INTO rating_changes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", change_rows)
    db.executemany(
        "INSERT INTO ratings VALUES (?, 'peanuts', ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [
            (GUILD, user, rng.gauss(25, 3), rng.uniform(1, 8), rng.randint(1, 900), NOW)
            for user in range(1, PLAYERS + 1)
        ],
    )
    db.commit()
    db.close()


async def timed(call: Callable[[], Awaitable[Any]]) -> tuple[float, float]:
    """Median and 95th percentile of :data:`RUNS` calls, in milliseconds."""
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        await call()
        times.append(1000 * (time.perf_counter() - start))
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]


async def measure(path: Path) -> None:
    async with await SqliteStore.open(path) as store:
        service = TableService(store, games=GAMES, clock=lambda: NOW)
        rows = {
            "/leaderboard peanuts (all)": lambda: service.leaderboard(GUILD, "peanuts", "all"),
            "/leaderboard peanuts week": lambda: service.leaderboard(GUILD, "peanuts", "week"),
            "/history (a player, every game)": lambda: service.history(GUILD, 7),
            "/history (a player, Penguin)": lambda: service.history(GUILD, 7, "penguin"),
        }
        for name, call in rows.items():
            assert await call(), name
            median, p95 = await timed(call)
            print(f"  {name:<34} median {median:6.1f} ms   p95 {p95:6.1f} ms")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.db"
        race, patience = asyncio.run(templates(path))
        start = time.perf_counter()
        fill(path, race, patience, GAMES_IN_SERVER)
        built = time.perf_counter() - start
        print(f"History and leaderboards: one server, {GAMES_IN_SERVER:,} finished games of {PLAYERS} players (SQLite,")
        print(f"built in {built:.1f} s), {RUNS} calls each:")
        asyncio.run(measure(path))


if __name__ == "__main__":
    main()
