"""AI seats by level (issue 17): the table's level picks the player, the player is kept between moves, and
its thinking happens in a worker thread without the table's lock, so a move that came meanwhile wins; the
same holds for a turn timer read just before its player moved.

The clock is a value the tests move; the service fires deadlines with ``fire_due``, as the bot's timer does.
"""

import asyncio
import random
import threading

import pytest

from bot.core.service import AI_SECONDS, TableService
from bot.store import SqliteStore
from games import GAMES
from games.ai import pebbles_ai
from games.pebbles import PebblesAction, PebblesState

from .conftest import Room
from .tables import custom_ids_on, table_message, text_of
from .test_lobby import Clock

HOST = 11
CHANNEL = 7


class Recording:
    """A greedy player that notes in ``asked`` who was asked (its level, and itself) before each choice."""

    def __init__(self, level: str, asked: list[tuple[str, "Recording"]]) -> None:
        self.level = level
        self.asked = asked
        self.greedy = pebbles_ai.GreedyPlayer()

    def choose(self, state: PebblesState, seat: int, rng: random.Random) -> PebblesAction:
        self.asked.append((self.level, self))
        return self.greedy.choose(state, seat, rng)


class Slow:
    """A player that, in its worker thread, waits for the test to let it answer."""

    def __init__(self) -> None:
        self.thinking = threading.Event()
        self.answer = threading.Event()

    def choose(self, state: PebblesState, seat: int, rng: random.Random) -> PebblesAction:
        self.thinking.set()
        assert self.answer.wait(10)
        return pebbles_ai.GreedyPlayer().choose(state, seat, rng)


@pytest.fixture
async def store(tmp_path):
    store = await SqliteStore.open(tmp_path / "ai.db")
    yield store
    await store.close()


async def ai_table(service: TableService, **settings: object) -> int:
    """A dealt two-seat Pebbles and Nuts table: the host in seat 1, the AI in seat 2."""
    table = await service.open_table(
        "pebbles", guild_id=1, channel_id=CHANNEL, host_id=HOST, seats=2, settings=settings
    )
    await service.attach_message(table.game_id, 900 + table.game_id, table.version)
    await service.add_ai(table.game_id, HOST)
    await service.start(table.game_id, HOST)
    return table.game_id


async def ai_turn(service: TableService, clock: Clock, game_id: int) -> None:
    """Play the host's turns (first legal action) until the AI is to play."""
    while (table := await service.table(game_id)).public.turn == 0:
        await service.act(game_id, HOST, table.legal[0][0].code, version=table.version)
    clock.now += AI_SECONDS


@pytest.mark.parametrize(("setting", "level"), [("hard", "hard"), ("easy", "easy"), (None, "normal"), ("x", "normal")])
async def test_the_tables_level_picks_the_player_and_keeps_it_between_moves(store, setting, level):
    clock = Clock()
    asked: list[tuple[str, Recording]] = []
    levels = {name: (lambda name=name: Recording(name, asked)) for name in ("easy", "normal", "hard")}
    service = TableService(store, games=GAMES, levels={"pebbles": levels}, seed_source=lambda: 5, clock=clock)
    game_id = await ai_table(service, **({} if setting is None else {"ai_level": setting}))
    for _ in range(3):
        await ai_turn(service, clock, game_id)
        assert len(await service.fire_due()) == 1
    assert {name for name, _ in asked} == {level}
    assert len({id(player) for _, player in asked}) == 1


async def test_the_ai_thinks_without_the_tables_lock_and_a_move_meanwhile_wins(store):
    """While the AI seat thinks, its opponent resigns (which needs the table's lock); the AI's answer, made
    for a position the game has left, is dropped: the game ends resigned, with no AI move after it."""
    clock = Clock()
    slow = Slow()
    levels = {"normal": lambda: slow}
    service = TableService(store, games=GAMES, levels={"pebbles": levels}, seed_source=lambda: 5, clock=clock)
    game_id = await ai_table(service)
    await ai_turn(service, clock, game_id)
    before = await service.table(game_id)
    firing = asyncio.create_task(service.fire_due())
    while not slow.thinking.is_set():
        await asyncio.sleep(0.01)
    resigned = await asyncio.wait_for(service.resign(game_id, HOST), 5)
    assert resigned.finished
    slow.answer.set()
    assert await firing == []
    after = await service.table(game_id)
    assert after.finished and after.version == resigned.version == before.version + 1
    assert await service.next_deadline() is None
    assert await service.replay_matches(game_id)


async def test_a_restart_while_the_ai_is_to_play_resumes_its_turn_once(tmp_path):
    """The AI's turn is a row: a new process (a new service on the same file) fires it, exactly once."""
    clock = Clock()
    path = tmp_path / "restart.db"
    async with await SqliteStore.open(path) as store:
        service = TableService(store, games=GAMES, levels={"pebbles": pebbles_ai.LEVELS}, clock=clock)
        game_id = await ai_table(service, ai_level="hard")
        await ai_turn(service, clock, game_id)
        version = (await service.table(game_id)).version
    async with await SqliteStore.open(path) as store:
        service = TableService(store, games=GAMES, levels={"pebbles": pebbles_ai.LEVELS}, clock=clock)
        fired = await service.fire_due()
        assert len(fired) == 1 and fired[0].table.version == version + 1
        assert await service.fire_due() == []
        assert await service.replay_matches(game_id)


async def test_a_level_chosen_with_the_command_names_the_ai_seats(room: Room, simcord_bot):
    """/pebbles new ai:hard: Add AI seats the hard AI, and the lobby and the table say "AI (hard)"."""
    await room.alice.slash(room.channel, "pebbles new", ai="hard")
    message = room.channel.last_message
    add = next(cid for cid in custom_ids_on(message) if cid.startswith("pi:"))
    await room.alice.click(message, custom_id=add)
    message = table_message(room, message.id)
    assert "Seat 2: AI (hard)" in text_of(message)
    game_id = int(add.split(":")[1])
    assert (await simcord_bot.service.table(game_id)).settings["ai_level"] == "hard"
    result = await room.alice.slash(room.channel, "peanuts practice", level="quick")
    assert not result.ephemeral
    races = await simcord_bot.service.open_tables(room.channel.id, room.alice.id, "peanuts")
    assert (await simcord_bot.service.table(races[0])).settings["ai_level"] == "hard"


class PausingStore(SqliteStore):
    """A store whose next ``load_game``, once ``pause`` is set, tells ``reached`` and returns only when the
    test sets ``pause``: its caller then holds a record that a move made meanwhile has left behind."""

    pause: asyncio.Event | None = None
    reached: asyncio.Event | None = None

    async def load_game(self, game_id: int):  # type: ignore[no-untyped-def]
        record = await super().load_game(game_id)
        pause, reached = self.pause, self.reached
        if pause is not None and reached is not None:
            self.pause = None
            reached.set()
            await pause.wait()
        return record


async def test_a_move_made_as_the_turn_timer_fires_is_not_followed_by_a_timeout_of_the_next_seat(tmp_path):
    """The turn timer is read as its player moves at the last instant: the firer, which read the position
    before the move, waits for the table's lock and then finds a new position; it plays nothing for the next
    seat (the move set the next position's deadlines)."""
    clock = Clock()
    async with await PausingStore.open(tmp_path / "race.db") as store:
        service = TableService(store, games=GAMES, levels={"pebbles": pebbles_ai.LEVELS}, clock=clock)
        game_id = await ai_table(service, turn_seconds=30)
        while (table := await service.table(game_id)).public.turn != 0:
            clock.now += AI_SECONDS
            assert len(await service.fire_due()) == 1
        clock.now += 31
        pause = store.pause = asyncio.Event()
        reached = store.reached = asyncio.Event()
        firing = asyncio.create_task(service.fire_due())
        await asyncio.wait_for(reached.wait(), 5)
        moved = await service.act(game_id, HOST, table.legal[0][0].code, version=table.version)
        pause.set()
        assert await firing == []
        after = await service.table(game_id)
        assert after.version == moved.version == table.version + 1
        assert after.seats[0].missed == 0
        assert {timer.version for timer in await store.timers(game_id)} == {moved.version}
