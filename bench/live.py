"""Peanuts live: a move's time from one racer's socket to the other's, and how many races one process holds.

The real live server (:mod:`bot.live.server`) on a SQLite file, asking the fake of Discord's HTTP
(:mod:`bot.play.discord_http`), with real WebSockets on loopback. The clients run in the same process as the
server (so the figures count their work too).

1. Latency: one race, one racer moving every :data:`GAP` seconds; the time from sending a move to the other
   racer's socket receiving the view that shows it (median, p99). Goal: under 50 ms p99.
2. Capacity: :data:`LEVELS` concurrent races, both racers moving at human speed (one move every 1 to 3 s
   each, the move picked from their own view's legal moves, building moves first) for :data:`SECONDS`
   seconds; the moves a second the process saved, the same latency at that load, how many moves were refused
   (the other racer got there first), and the CPU the process used. Goal: 500 races, p99 under 50 ms. On the
   SQLite file (one connection: every query of every race waits its turn), then on PostgreSQL (a pool), at
   ``PEAPOD_BENCH_POSTGRES`` when a server answers there.

Run with ``.venv/bin/python -m bench.live``. Prints figures; never fails on time.
"""

import asyncio
import json
import random
import resource
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from bench import sized
from bench.postgres import postgres_database
from bot.core.service import TableService
from bot.live.discord_api import DiscordApi
from bot.live.hub import Hub
from bot.live.server import LiveServer
from bot.play.discord_http import FakeDiscord
from bot.store import PostgresStore, SqliteStore, Store
from games import GAMES

APP, SECRET, BOT = 555, "secret", "bot"
MOVES = sized(300, 5)
GAP = 0.03
LEVELS = (50, 200, 500) if sized(1, 0) else (2,)
SECONDS = sized(15, 3)
CONNECTING = 50
"""Sockets connecting at once."""


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _ms(values: list[float]) -> str:
    if not values:
        return "no moves"
    return f"median {statistics.median(values) * 1000:.1f} ms, p99 {_percentile(values, 0.99) * 1000:.1f} ms"


@dataclass
class Racer:
    """One racer's socket: the latest view, and when each version reached it."""

    ws: aiohttp.ClientWebSocketResponse
    seat: int = 0
    view: dict[str, Any] = field(default_factory=dict)
    arrived: dict[int, float] = field(default_factory=dict)
    acks: dict[int, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)
    waiting: list[tuple[int, asyncio.Future[float]]] = field(default_factory=list)
    reading: asyncio.Task[None] | None = None

    async def read(self) -> None:
        async for message in self.ws:
            if message.type is not aiohttp.WSMsgType.TEXT:
                break
            frame = json.loads(message.data)
            if frame["type"] == "view":
                self.view = frame
                now = time.perf_counter()
                self.arrived.setdefault(frame["version"], now)
                still = []
                for version, seen in self.waiting:
                    if version <= frame["version"]:
                        if not seen.done():
                            seen.set_result(now)
                    else:
                        still.append((version, seen))
                self.waiting = still
            elif frame["type"] in ("ack", "refused") and frame.get("id") in self.acks:
                self.acks.pop(frame["id"]).set_result(frame)

    async def move(self, ident: int, code: str) -> dict[str, Any]:
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.acks[ident] = answer
        await self.ws.send_str(json.dumps({"type": "move", "id": ident, "code": code}))
        return await answer

    def pick(self, rng: random.Random) -> str | None:
        legal = self.view.get("legal") or []
        building = [move["code"] for move in legal if str(move.get("to", "")).startswith("b")]
        if building:
            return rng.choice(building)
        own = [move["code"] for move in legal if "to" in move]
        if own and rng.random() < 0.3:
            return rng.choice(own)
        turns = [move["code"] for move in legal if move.get("kind") in ("turn", "recycle")]
        return turns[0] if turns else None


class Bench:
    """The server, the fake, a client session, and the races made so far."""

    def __init__(self, folder: Path, url: str | None = None) -> None:
        self.folder = folder
        self.url = url
        self.races = 0

    async def __aenter__(self) -> "Bench":
        self.store: Store
        if self.url is not None:
            self.store = await PostgresStore.open(self.url, pool_size=20)
        else:
            self.store = await SqliteStore.open(self.folder / "live.db")
        self.fake = FakeDiscord(client_id=APP, client_secret=SECRET, bot_token=BOT)
        await self.fake.start()
        self.session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
        self.service = TableService(self.store, games=GAMES)
        api = DiscordApi(self.session, self.fake.url, client_id=APP, client_secret=SECRET, bot_token=BOT)
        hub = Hub(self.service, self.store, names=api.name_of)
        self.server = LiveServer(self.service, self.store, api, client_id=APP, hub=hub)
        await self.server.start(0, "127.0.0.1")
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.server.stop()
        await self.session.close()
        await self.fake.stop()
        await self.store.close()

    async def race(self) -> tuple[Racer, Racer]:
        """A new race in a channel of its own, launched there, with both racers' sockets joined."""
        self.races += 1
        number = self.races
        first, second, channel = 10_000 + 2 * number, 10_001 + 2 * number, 50_000 + number
        for user_id in (first, second):
            self.fake.person(user_id, f"Racer {user_id}")
        self.fake.instance(f"i-{number}", channel, {first, second})
        table = await self.service.new_game("peanuts", guild_id=1, channel_id=channel, players=[first, second])
        await self.service.attach_message(table.game_id, 900_000 + number, table.version)
        await self.service.launch_live(table.game_id, channel, first)
        racers = []
        for seat, user_id in enumerate((first, second)):
            ws = await self.session.ws_connect(f"http://127.0.0.1:{self.server.port}/api/live")
            token = self.fake.token_for(user_id)
            await ws.send_str(json.dumps({"type": "hello", "access_token": token, "instance_id": f"i-{number}"}))
            racer = Racer(ws, seat)
            racer.reading = asyncio.create_task(racer.read())
            racers.append(racer)
        for racer in racers:
            while not racer.view:
                await asyncio.sleep(0.01)
        return racers[0], racers[1]


async def _seen(racer: Racer, version: int, timeout: float = 30.0) -> float | None:
    """When ``racer`` got a view of ``version`` or later (None: not within ``timeout``)."""
    times = [at for seen, at in racer.arrived.items() if seen >= version]
    if times:
        return min(times)
    seen: asyncio.Future[float] = asyncio.get_running_loop().create_future()
    racer.waiting.append((version, seen))
    try:
        return await asyncio.wait_for(seen, timeout)
    except TimeoutError:
        return None


async def round_trips(bench: Bench) -> None:
    """How long one database round trip takes on this machine now (a move makes about ten): the yardstick for
    the figures below, since every round trip waits for the store's thread to be scheduled."""
    times = []
    for _ in range(sized(300, 5)):
        started = time.perf_counter()
        await bench.store.schema_version()
        times.append(time.perf_counter() - started)
    print(f"  one SQLite round trip (a read of the schema version): {_ms(times)}")


async def latency(bench: Bench) -> None:
    mover, other = await bench.race()
    rng, times, refused = random.Random(1), [], 0
    for ident in range(MOVES):
        code = mover.pick(rng)
        if code is None:
            break
        sent = time.perf_counter()
        answer = await mover.move(ident, code)
        if answer["type"] != "ack":
            refused += 1
            continue
        seen = await _seen(other, answer["version"])
        if seen is not None:
            times.append(seen - sent)
        await asyncio.sleep(GAP)
    print(f"  one race, {len(times)} moves ({refused} refused): to the other racer {_ms(times)}")


async def capacity(bench: Bench, races: int) -> None:
    pairs: list[tuple[Racer, Racer]] = []
    connecting = asyncio.Semaphore(CONNECTING)

    async def one() -> None:
        async with connecting:
            pairs.append(await bench.race())

    started = time.perf_counter()
    await asyncio.gather(*(one() for _ in range(races)))
    joined = time.perf_counter() - started
    times: list[float] = []
    counts = {"ack": 0, "refused": 0}
    stop = time.perf_counter() + SECONDS

    async def race(mover: Racer, other: Racer, seed: int) -> None:
        rng = random.Random(seed)
        ident = 0
        while True:
            await asyncio.sleep(rng.uniform(1.0, 3.0))
            if time.perf_counter() > stop:
                return
            code = mover.pick(rng)
            if code is None:
                continue
            ident += 1
            sent = time.perf_counter()
            answer = await mover.move(ident, code)
            counts[answer["type"]] = counts.get(answer["type"], 0) + 1
            if answer["type"] == "ack":
                seen = await _seen(other, answer["version"])
                if seen is not None:
                    times.append(seen - sent)

    cpu = time.process_time()
    began = time.perf_counter()
    await asyncio.gather(
        *(race(a, b, 2 * index) for index, (a, b) in enumerate(pairs)),
        *(race(b, a, 2 * index + 1) for index, (a, b) in enumerate(pairs)),
    )
    wall = time.perf_counter() - began
    used = (time.process_time() - cpu) / wall
    print(
        f"  {races} races ({2 * races} sockets joined in {joined:.1f} s): {counts['ack'] / wall:.0f} moves/s saved, "
        f"{counts['refused']} refused; to the other racer {_ms(times)}; CPU {used * 100:.0f}% of one core"
    )
    for a, b in pairs:
        await a.ws.close()
        await b.ws.close()


async def run() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    print("Peanuts live: a move from one racer's socket to the other's (server and clients in one process)")
    with tempfile.TemporaryDirectory(prefix="peapod-bench-live-") as folder:
        async with Bench(Path(folder)) as bench:
            await round_trips(bench)
            await latency(bench)
        print(" on SQLite (one file, one connection):")
        for races in LEVELS:
            with tempfile.TemporaryDirectory(prefix="peapod-bench-live-") as level:
                async with Bench(Path(level)) as bench:
                    await capacity(bench, races)
        print(" on PostgreSQL (a pool of 20 connections):")
        for races in LEVELS:
            async with postgres_database() as url:
                if url is None:
                    break
                async with Bench(Path(tempfile.gettempdir()), url) as bench:
                    await capacity(bench, races)


def main() -> None:
    asyncio.run(run())


if __name__ == "__main__":
    main()
