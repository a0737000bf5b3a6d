"""How long every table takes to catch up after Discord's and the database's bad moments.

Tables of Pebbles and Nuts, each a person against the AI, each in a channel of its own, are played through
the real discord.py machinery on SimCord: the person presses a card on their hand in their DMs, the AI
answers at its deadline, and the bot redraws the table and the person's hand from outside any click. Two
faults, each on a fresh bot and database:

- **database outage**: the database stops answering just as an AI move is being shown (the redraws then
  fail), and stays away for :data:`OUTAGE` seconds, while the AI moves that fall due meanwhile fail too;
- **flaky Discord**: for :data:`FLAKY_SECONDS` seconds a fifth of Discord's answers are 503 (edits of
  tables and hands, interaction answers, DMs), while everyone plays on.

For each it prints the time from the fault's end until every table message and every hand shows the
database's latest version and no AI move is overdue (goal: under 2 s), and how many were behind at the
fault's end. The times are on SimCord's clock, which the benchmark moves (the bot's own waits: backoff,
edit budget, the database probe); the real seconds each run took are printed beside them.

Then the **overload**, on the wall clock (what is measured is the bot's own work on this machine): :data:`PLAYERS`
players each with a Peek table in one channel click Turn and Undo :data:`RATE` times a second for
:data:`OVERLOAD_SECONDS` seconds, delivered on time whatever the bot's backlog, SimCord's clock following the wall
clock so that it refuses an answer later than Discord's 3 s. It prints how many were told busy, how many were
answered late or not at all (goal 0), the answer p99, the tracebacks logged, and the tables left showing an older
version than the database once every click was answered (goal 0).

``--before`` runs the faults with the behaviour owed redraws replaced: a redraw that fails is dropped, and nothing
is woken when the database answers again (the deadline task waits for its next pass).

Run with ``.venv/bin/python -m bench.resilience [--before] [outage] [flaky] [overload]`` (all three by default).
Prints figures; never fails on time.
"""

import asyncio
import contextlib
import itertools
import logging
import random
import sys
import tempfile
import time
from collections.abc import Awaitable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import simcord
from simcord.actors import MemberActor
from simcord.backend.errors import SetupError
from simcord.backend.models import Message

from bench import bot_settings, custom_ids, sized, stored_state, text
from bench.faults import Outage, flaky_discord
from bench.load import _keep_clock, _next_button, _percentile, emit_click, peek_tables
from bot.app import PeapodBot, create_bot
from bot.core.recovery import Recovery
from bot.errors import BUSY
from bot.store import SqliteStore, StoreUnavailableError
from bot.ui.present.edits import EditQueue
from games import GAMES
from games.ai.pebbles_ai import GreedyPlayer

TABLES = sized(16, 4)
OUTAGE = 10.0
FLAKY_SECONDS = float(sized(30, 3))
FLAKY_SHARE = 0.2
GOAL = 2.0
PLAYERS = sized(200, 4)
"""Overload: this many players, each with a Peek table of their own in one channel, click Turn and Undo ..."""
RATE = sized(90, 10)
"""... this many times a second in all ..."""
OVERLOAD_SECONDS = sized(10, 1)
"""... for this many seconds (more than two cores serve)."""
DISCORD_LIMIT = 3.0
"""Seconds Discord gives an interaction for its first answer."""
GIVE_UP = 60.0
"""Seconds after the fault's end at which a table still behind is counted as left behind."""
STEP = 0.05
"""The simulated clock moves by this much between two looks at the tables."""
SEED = 3
SETTLE = 0.1
"""Seconds SimCord waits on the wall clock for the bot to settle: its waits longer than this (backoff, the edit
budget, the AI's pause, the database probe) run on the simulated clock alone. Work that takes longer on a busy
machine (rendering) is waited for again (:func:`patiently`)."""


@dataclass
class Seat:
    person: MemberActor
    channel_id: int
    game_id: int


@contextmanager
def as_before() -> Iterator[None]:
    """The behaviour before owed redraws: a failed redraw is dropped; the database's return wakes nothing."""
    owe, listen = EditQueue._owe, Recovery.listen
    EditQueue._owe = lambda self, channel, message_id, redraw, cause, now: None  # type: ignore[method-assign]
    Recovery.listen = lambda self, listener: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        EditQueue._owe, Recovery.listen = owe, listen  # type: ignore[method-assign]


def _version_on(message: discord.Message | Message | None) -> int:
    """The version a table or hand message was drawn for (its controls carry it), -1 when none shows."""
    if message is None:
        return -1
    versions = [int(parts[2]) for cid in custom_ids(message.components) if len(parts := cid.split(":")) >= 3]
    versions = [version for version in versions if version >= 0]
    return max(versions, default=-1)


def _hand(env: simcord.Env, seat: Seat) -> discord.Message | None:
    channel = seat.person.user.dm_channel
    marker = f"game #{seat.game_id} \u00b7 seat"
    return next((message for message in channel.history() if marker in text(message.components)), None)


async def behind(env: simcord.Env, bot: PeapodBot, store: SqliteStore, seats: list[Seat]) -> int:
    """How many table and hand messages show an older version than the database, and how many deadlines (the
    AI's moves) are overdue."""
    lagging = len(await store.due_timers(bot.service.now()))
    for seat in seats:
        record = await store.load_game(seat.game_id)
        assert record is not None and record.message_id is not None, "every table was dealt"
        table = env.backend.get_message(seat.channel_id, record.message_id)
        lagging += _version_on(table) < record.version
        hand = _version_on(_hand(env, seat))
        lagging += hand < record.version and not (hand == -1 and record.status == "finished")  # no cards left
    return lagging


async def patiently(env: simcord.Env, step: Awaitable[object]) -> None:
    """Run a SimCord step (a click, a slash command), then wait until the bot settles, however long its work
    takes on a busy machine (SimCord gives up after :data:`SETTLE` seconds, its progress kept)."""
    try:
        await step
    except TimeoutError:
        await settle(env)


async def settle(env: simcord.Env) -> None:
    while True:
        try:
            await env.settle()
        except TimeoutError:
            continue
        return


async def advance(env: simcord.Env, seconds: float) -> None:
    """Move the simulated clock by ``seconds``, however long the bot's work on the way takes."""
    target = env.backend.clock.elapsed + seconds
    while env.backend.clock.elapsed < target - 1e-9:
        try:
            await env.advance_time(target - env.backend.clock.elapsed)
        except TimeoutError:
            await settle(env)


async def deal(env: simcord.Env, bot: PeapodBot) -> list[Seat]:
    """One table a channel: a person against the AI."""
    guild = env.create_guild("bench")
    seats = []
    for number in range(TABLES):
        channel = guild.create_text_channel(f"table-{number}")
        person = guild.add_member(env.create_user(f"player{number}"))
        await patiently(env, person.slash(channel, "pebbles new"))
        lobby = channel.last_message
        assert lobby is not None, "the new table's lobby is the channel's last message"
        ids = custom_ids(lobby.components)
        game_id = int(ids[0].split(":")[1])
        await patiently(env, person.click(lobby, custom_id=next(cid for cid in ids if cid.startswith("pi:"))))
        lobby = channel.last_message
        assert lobby is not None, "the lobby is still the channel's last message"
        start = next(cid for cid in custom_ids(lobby.components) if cid.startswith("pg:"))
        await patiently(env, person.click(lobby, custom_id=start))
        seats.append(Seat(person, channel.id, game_id))
    return seats


async def play(env: simcord.Env, bot: PeapodBot, store: SqliteStore, seats: list[Seat], rng: random.Random) -> None:
    """Every person whose turn it is presses a card on their hand (a refused click is fine)."""
    player = GreedyPlayer()
    for seat in seats:
        try:
            table = await bot.service.table(seat.game_id)
        except StoreUnavailableError:
            return  # the database went away meanwhile: nobody can play
        if table.finished or table.turn != 0:
            continue
        try:
            state = await stored_state(store, GAMES["pebbles"], seat.game_id)
        except StoreUnavailableError:
            return
        action = player.choose(state, 0, rng)
        hand = _hand(env, seat)
        wanted = [cid for cid in custom_ids(hand.components) if cid.endswith(f":{action.code}")] if hand else []
        if hand is not None and wanted:
            with contextlib.suppress(SetupError):  # a hand left at an older position: the card cannot be pressed
                await patiently(env, seat.person.user.click(hand, custom_id=wanted[0]))


async def catch_up(env: simcord.Env, bot: PeapodBot, store: SqliteStore, seats: list[Seat]) -> tuple[float | None, int]:
    """Move the clock until no deadline is overdue and every message shows the latest version; the seconds it
    took (None: not within :data:`GIVE_UP`), and how many were behind at the start."""
    at_start = await behind(env, bot, store, seats)
    waited = 0.0
    while await behind(env, bot, store, seats):
        if waited >= GIVE_UP:
            return None, at_start
        await advance(env, STEP)
        waited += STEP
    return waited, at_start


async def database_outage(database: Path) -> tuple[float | None, int, float]:
    store = await SqliteStore.open(database)
    bot = create_bot(bot_settings(database), store, seed_source=itertools.count(SEED).__next__)
    outage, rng = Outage(store), random.Random(SEED)
    try:
        async with simcord.run(bot, settle_timeout=SETTLE) as env:
            seats = await deal(env, bot)
            for _ in range(4):
                await play(env, bot, store, seats, rng)
                await advance(env, 2.0)
            shown = bot.presenter.fired

            async def outage_begins(fired: Any) -> None:
                outage.down = True
                bot.presenter.fired = shown  # type: ignore[method-assign]
                await shown(fired)

            bot.presenter.fired = outage_begins  # type: ignore[method-assign]
            started = time.perf_counter()
            while not outage.down:  # people play on until an AI move is being shown: the outage begins there
                await play(env, bot, store, seats, rng)
                await advance(env, 0.25)
            await advance(env, OUTAGE)  # the AI moves that fall due meanwhile fail
            outage.down = False
            seconds, lagging = await catch_up(env, bot, store, seats)
            return seconds, lagging, time.perf_counter() - started
    finally:
        await store.close()


async def discord_flaky(database: Path) -> tuple[float | None, int, float]:
    store = await SqliteStore.open(database)
    bot = create_bot(bot_settings(database), store, seed_source=itertools.count(SEED).__next__)
    rng = random.Random(SEED)
    try:
        async with simcord.run(bot, settle_timeout=SETTLE) as env:
            seats = await deal(env, bot)
            started = time.perf_counter()
            with flaky_discord(FLAKY_SHARE, random.Random(SEED)):
                elapsed = 0.0
                while elapsed < FLAKY_SECONDS:
                    await play(env, bot, store, seats, rng)
                    await advance(env, 1.0)
                    elapsed += 1.0
            seconds, lagging = await catch_up(env, bot, store, seats)
            return seconds, lagging, time.perf_counter() - started
    finally:
        await store.close()


@dataclass
class Overload:
    """The overload's figures: every time is on the wall clock (the bot's own work is what is measured)."""

    clicks: int
    busy: int
    late: int
    """Clicks with no answer Discord took within :data:`DISCORD_LIMIT` (SimCord refuses a later one)."""
    p99: float
    """Seconds from a click to its first answer Discord took, 99th percentile of those answered."""
    tracebacks: int
    stale: int
    """Tables whose message showed an older version than the database once every click was answered."""
    caught_up: float | None
    """Seconds from then until every table showed its latest version (None: not within :data:`GIVE_UP`)."""
    real: float


class _Answers(logging.Handler):
    """When each interaction's first answer reached Discord (wall clock), which said busy, and how many log
    records carried a traceback."""

    def __init__(self) -> None:
        super().__init__()
        self.at: dict[int, float] = {}
        self.busy: set[int] = set()
        self.tracebacks = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.tracebacks += record.exc_info is not None

    @contextmanager
    def recording(self) -> Iterator[None]:
        names = ("defer", "send_message", "edit_message")
        originals = {name: getattr(discord.InteractionResponse, name) for name in names}
        for name, method in originals.items():
            setattr(discord.InteractionResponse, name, self._timed(method))
        logging.getLogger().addHandler(self)
        try:
            yield
        finally:
            logging.getLogger().removeHandler(self)
            for name, method in originals.items():
                setattr(discord.InteractionResponse, name, method)

    def _timed(self, method: Any) -> Any:
        async def answered(response: discord.InteractionResponse, *args: Any, **kwargs: Any) -> Any:
            result = await method(response, *args, **kwargs)
            interaction = response._parent
            self.at.setdefault(interaction.id, time.perf_counter())
            if (args[0] if args else kwargs.get("content")) == BUSY:
                self.busy.add(interaction.id)
            return result

        return answered


async def _stale(env: simcord.Env, store: SqliteStore, tables: list[tuple[MemberActor, Message, int]]) -> int:
    """How many table messages show an older version than the database."""
    stale = 0
    for _user, message, game_id in tables:
        record = await store.load_game(game_id)
        assert record is not None, "every table was dealt"
        stale += _version_on(env.backend.get_message(message.channel_id, message.id)) < record.version
    return stale


async def overload(database: Path) -> Overload:
    """:data:`PLAYERS` players click Turn and Undo on their Peek tables :data:`RATE` times a second for
    :data:`OVERLOAD_SECONDS` seconds, delivered on time whatever the bot's backlog; SimCord's clock follows the
    wall clock, so it refuses an answer later than Discord would."""
    store = await SqliteStore.open(database)
    bot = create_bot(bot_settings(database), store, seed_source=lambda: SEED)
    answers = _Answers()
    try:
        async with simcord.run(bot, settle_timeout=120) as env:
            tables = []
            for player, dealt in await peek_tables(env, PLAYERS):
                stored = env.backend.get_message(dealt.channel.id, dealt.id)
                tables.append((player, stored, int(custom_ids(stored.components)[0].split(":")[1])))
            stop = asyncio.Event()
            clock = asyncio.create_task(_keep_clock(env, stop))
            dispatched: dict[int, float] = {}
            started = time.perf_counter()
            with answers.recording():
                for index in range(RATE * OVERLOAD_SECONDS):
                    await asyncio.sleep(max(0.0, started + index / RATE - time.perf_counter()))
                    player, message, _game_id = tables[index % len(tables)]
                    stored = env.backend.get_message(message.channel_id, message.id)
                    click = emit_click(env, player, stored, _next_button(stored)["custom_id"])
                    dispatched[click] = time.perf_counter()
                last = time.perf_counter()
                while len(bot.in_flight) or time.perf_counter() < last + DISCORD_LIMIT:
                    await asyncio.sleep(0.05)
                waited = time.perf_counter()
                stale = await _stale(env, store, tables)
                caught_up = 0.0 if not stale else None
                while caught_up is None and time.perf_counter() < waited + GIVE_UP:
                    await asyncio.sleep(STEP)
                    if not await _stale(env, store, tables):
                        caught_up = time.perf_counter() - waited
            stop.set()
            await clock
            times = [answers.at[click] - at for click, at in dispatched.items() if click in answers.at]
            return Overload(
                clicks=len(dispatched),
                busy=len(answers.busy),
                late=sum(
                    1
                    for click in dispatched
                    if click not in answers.at or answers.at[click] - dispatched[click] > DISCORD_LIMIT
                ),
                p99=_percentile(times, 0.99) if times else float("nan"),
                tracebacks=answers.tracebacks,
                stale=stale,
                caught_up=caught_up,
                real=time.perf_counter() - started,
            )
    finally:
        await store.close()


def _line(name: str, figures: tuple[float | None, int, float]) -> str:
    seconds, lagging, real = figures
    took = f"{seconds:5.2f} s after" if seconds is not None else f"not {GIVE_UP:g} s after"
    return f"  {name:<28} {lagging:3} messages/AI moves behind at its end; all caught up {took} ({real:.1f} s real)"


def main(argv: list[str] | None = None) -> None:
    args = argv or []
    before = "--before" in args
    chosen = [arg for arg in args if not arg.startswith("--")] or ["outage", "flaky", "overload"]
    with tempfile.TemporaryDirectory() as folder, as_before() if before else contextlib.nullcontext():
        how = "as before owed redraws" if before else "owed redraws"
        if "outage" in chosen or "flaky" in chosen:
            print(f"Catching up after a fault: {TABLES} Pebbles tables (a person and the AI), {how}; goal < {GOAL:g} s")
            print("  (times on SimCord's simulated clock; the real seconds each run took in brackets)")
        if "outage" in chosen:
            print(_line(f"database gone {OUTAGE:g} s", asyncio.run(database_outage(Path(folder) / "outage.db"))))
        if "flaky" in chosen:
            flaky = asyncio.run(discord_flaky(Path(folder) / "flaky.db"))
            print(_line(f"Discord {FLAKY_SHARE:.0%} 503 for {FLAKY_SECONDS:g} s", flaky))
        if "overload" in chosen:
            busy = asyncio.run(overload(Path(folder) / "overload.db"))
            print(
                f"Overload, on the wall clock: {PLAYERS} players on Peek tables in one channel, {RATE} clicks/s for "
                f"{OVERLOAD_SECONDS} s; goal 0 late, 0 stale"
            )
            print(
                f"  {busy.clicks} clicks: {busy.busy} told busy, {busy.late} answered late or not at all, answer p99 "
                f"{1000 * busy.p99:.0f} ms, {busy.tracebacks} tracebacks logged"
            )
            caught = f"{busy.caught_up:.2f} s later" if busy.caught_up is not None else f"not within {GIVE_UP:g} s"
            print(f"  {busy.stale} tables stale once every click was answered; all on their latest state {caught}")
            print(f"  ({busy.real:.1f} s real)")


if __name__ == "__main__":
    main(sys.argv[1:])
