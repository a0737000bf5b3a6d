"""Lobbies and deadlines in the table service: seats, invitations, the start, expiry, AI seats and turn timers.

The clock is a value the tests move; deadlines are rows in the database, fired once each by
``fire_due`` (the bot's timer task calls it), so a restart loses none of them.
"""

import pytest

from bot.core.errors import DuplicatePlayerError, NotInGameError, SeatingError
from bot.core.service import AI_SECONDS, LOBBY_SECONDS, MISSED_TURNS, TableService
from bot.store import SqliteStore
from bot.words import say
from games import GAMES
from games.ai import pebbles_ai

HOST, BOB, CAROL, DAN = 11, 22, 33, 44
CHANNEL = 7


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def store(tmp_path):
    store = await SqliteStore.open(tmp_path / "lobby.db")
    yield store
    await store.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(store, clock) -> TableService:
    return TableService(
        store,
        games=GAMES,
        levels={"pebbles": pebbles_ai.LEVELS},
        timeouts={"pebbles": pebbles_ai.timeout_action},
        seed_source=lambda: 5,
        clock=clock,
    )


async def lobby(service: TableService, seats: int = 2, **kwargs) -> int:
    table = await service.open_table("pebbles", guild_id=1, channel_id=CHANNEL, host_id=HOST, seats=seats, **kwargs)
    await service.attach_message(table.game_id, 900 + table.game_id, table.version)
    return table.game_id


async def test_seats_fill_and_the_host_starts(service):
    game_id = await lobby(service, seats=3)
    table = await service.join(game_id, BOB)
    assert table.status == "seating" and table.players == (HOST, BOB, None)
    with pytest.raises(SeatingError, match="already have a seat"):
        await service.join(game_id, BOB)
    with pytest.raises(SeatingError, match="Still empty: seat 3"):
        await service.start(game_id, HOST)
    await service.join(game_id, CAROL)
    with pytest.raises(SeatingError, match="full"):
        await service.join(game_id, DAN)
    with pytest.raises(SeatingError, match="Only the player who opened"):
        await service.start(game_id, BOB)
    table = await service.start(game_id, HOST)
    assert table.status == "active" and table.public.seats == 3 and table.views[1].hand
    with pytest.raises(SeatingError, match="no longer taking seats"):
        await service.join(game_id, DAN)


async def test_leaving_and_the_host_cannot_leave(service):
    game_id = await lobby(service)
    await service.join(game_id, BOB)
    assert (await service.leave(game_id, BOB)).players == (HOST, None)
    with pytest.raises(SeatingError, match="press Cancel"):
        await service.leave(game_id, HOST)
    with pytest.raises(NotInGameError):
        await service.leave(game_id, CAROL)
    assert (await service.cancel(game_id, HOST)).status == "cancelled"


async def test_invitations_are_accepted_or_declined(service):
    game_id = await lobby(service, seats=3, invited=[BOB, CAROL])
    with pytest.raises(SeatingError, match="accepted"):
        await service.start(game_id, HOST)
    await service.accept(game_id, BOB)
    with pytest.raises(SeatingError, match="already sitting"):
        await service.accept(game_id, BOB)
    table = await service.decline(game_id, CAROL)
    assert table.status == "cancelled" and "declined" in say(table.events[0].phrase)
    with pytest.raises(DuplicatePlayerError):
        await service.open_table("pebbles", guild_id=1, channel_id=CHANNEL, host_id=HOST, seats=2, invited=[HOST])


async def test_an_unfilled_lobby_expires_once(service, clock):
    await lobby(service)
    clock.now += LOBBY_SECONDS - 1
    assert await service.fire_due() == []
    clock.now += 2
    fired = await service.fire_due()
    assert [f.table.status for f in fired] == ["cancelled"] and "in time" in say(fired[0].table.events[0].phrase)
    assert await service.fire_due() == [] and await service.next_deadline() is None


async def test_an_ai_seat_plays_after_its_pause(service, clock):
    game_id = await lobby(service)
    await service.add_ai(game_id, HOST)
    table = await service.start(game_id, HOST)
    played = 0
    while not table.finished and played < 40:
        seat = table.public.turn
        if seat == 1:
            assert await service.fire_due() == []
            clock.now += AI_SECONDS
            fired = await service.fire_due()
            assert len(fired) == 1
            table = fired[0].table
        else:
            action = table.legal[0][0]
            table = await service.act(game_id, HOST, action.code, version=table.version)
        played += 1
    assert played == 40 or table.finished
    assert await service.replay_matches(game_id)


async def test_turn_timer_plays_for_the_absent_then_the_ai_takes_over(service, store, clock):
    game_id = await lobby(service, settings={"turn_seconds": 90})
    await service.join(game_id, BOB)
    table = await service.start(game_id, HOST)
    seat = table.public.turn
    user = (HOST, BOB)[seat]
    for missed in range(1, MISSED_TURNS + 1):
        while (table := await service.table(game_id)).public.turn != seat:
            other = table.public.turn
            table = await service.act(game_id, (HOST, BOB)[other], table.legal[other][0].code)
        clock.now += 61
        warned = await service.fire_due()
        assert warned and {seat: say(note) for seat, note in warned[0].ping.items()} == {
            seat: "Your turn runs out in 30 seconds."
        }
        clock.now += 30
        state = GAMES["pebbles"].from_dict((await store.load_game(game_id)).state)
        fired = await service.fire_due()
        note = f"Time ran out: I played {say(pebbles_ai.timeout_action(state, seat).phrase)} for Seat {seat + 1}."
        assert len(fired) == 1 and say(fired[0].table.events[-1].phrase).startswith(note)
        assert fired[0].table.seats[seat].missed == missed
    assert fired[0].table.seats[seat].away and "until its player presses" in say(fired[0].ping[seat])
    while (table := await service.table(game_id)).public.turn != seat and not table.finished:
        other = table.public.turn
        table = await service.act(game_id, (HOST, BOB)[other], table.legal[other][0].code)
    if not table.finished:
        clock.now += AI_SECONDS
        assert len(await service.fire_due()) == 1
    back = await service.come_back(game_id, user)
    assert not back.seats[seat].away and back.seats[seat].missed == 0
    with pytest.raises(NotInGameError):
        await service.come_back(game_id, CAROL)
    assert await service.replay_matches(game_id)


async def test_deadlines_survive_a_restart(tmp_path, clock):
    path = tmp_path / "restart.db"
    async with await SqliteStore.open(path) as store:
        service = TableService(store, games=GAMES, seed_source=lambda: 5, clock=clock)
        game_id = await lobby(service)
    clock.now += LOBBY_SECONDS + 1
    async with await SqliteStore.open(path) as store:
        service = TableService(store, games=GAMES, seed_source=lambda: 5, clock=clock)
        fired = await service.fire_due()
        assert [f.table.game_id for f in fired] == [game_id]
