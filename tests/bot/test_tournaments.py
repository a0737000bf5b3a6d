"""The tournament concern through the table service (no Discord): sign-ups and what they refuse, rounds
paired and dealt, results recorded as the matches' games end, a round closed by its clock with a no-show,
an arena re-pairing as games end with a pause, withdrawal, and two processes pairing a round once."""

import asyncio

import pytest

from bot.core.service import TableService
from bot.core.tournament import Format, Outcome
from bot.core.tournaments import Progress, TournamentError
from bot.store import PostgresStore, SqliteStore
from bot.words import say
from games import GAMES
from games.leads import LEADS
from tests.bot.test_service import COUNT
from tests.postgres import fresh_database

GUILD, CHANNEL = 1, 2
HOST = 100
PLAYERS = (100, 200, 300, 400, 500, 600, 700, 800)
NOW = 1_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def store():
    store = await SqliteStore.open(":memory:")
    yield store
    await store.close()


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def service(store, clock):
    return TableService(store, games=GAMES, clock=clock, seed_source=lambda: 7, leads=LEADS)


async def signed_up(service, players, form="swiss", kind="pebbles", **options) -> int:
    view = await service.open_tournament(kind, form, guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, **options)
    for player in players:
        await service.join_tournament(view.id, player, f"p{player}")
    return view.id


async def shown(service, progress: Progress) -> None:
    """What the Discord layer does with each match dealt: its message appears, so the game is active."""
    for table in progress.dealt:
        await service.attach_message(table.game_id, 9000 + table.game_id, table.version)


async def running(service, tournament_id):
    view = await service.tournament(tournament_id, GUILD)
    return [p for p in view.current() if p.outcome is None]


async def test_a_swiss_tournament_pairs_each_round_as_the_last_match_ends_and_ends_with_a_podium(service):
    told: list[Progress] = []
    service.listen_tournaments(told.append)
    tournament_id = await signed_up(service, PLAYERS[:5], rounds=2)
    progress = await service.start_tournament(tournament_id, HOST)
    await shown(service, progress)
    assert progress.tournament.record.round == 1 and len(progress.dealt) == 2
    [bye] = [p for p in progress.tournament.current() if p.second_id is None]
    assert bye.outcome == Outcome.BYE.value
    for number in (1, 2):
        matches = await running(service, tournament_id)
        assert len(matches) == 2
        for match in matches:
            await service.resign(match.game_id, match.second_id)
        if number == 1:
            assert told[-1].tournament.record.round == 2 and len(told[-1].dealt) == 2
            assert any("Round 2 has begun" in say(note) for note in told[-1].notes)
        await shown(service, told[-1])
    final = told[-1]
    assert final.tournament.status == "finished" and len(final.podium) == 3
    byes = [p.first_id for p in final.tournament.record.pairings if p.second_id is None]
    assert len(set(byes)) == 2, "a bye at most once per player"
    top = final.tournament.standings[0]
    assert top.points == 2.0 and top.buchholz is not None
    for match in final.tournament.record.pairings:
        if match.game_id is not None:
            assert (await service.table(match.game_id)).finished


async def test_the_round_clock_decides_a_match_nobody_played_and_one_a_player_never_showed_for(service, clock):
    tournament_id = await signed_up(service, PLAYERS[:4], rounds=1, round_minutes=5)
    progress = await service.start_tournament(tournament_id, HOST)
    await shown(service, progress)
    first, second = await running(service, tournament_id)
    table = await service.table(first.game_id)
    mover = table.players[table.turn]
    await service.act(first.game_id, mover, table.legal[table.turn][0].code, version=table.version)
    told: list[Progress] = []
    service.listen_tournaments(told.append)
    clock.now += 5 * 60
    await service.fire_tournaments()
    [closed] = told
    outcomes = {p.id: p.outcome for p in closed.tournament.record.pairings}
    forfeit = Outcome.FIRST_WON_BY_FORFEIT if mover == first.first_id else Outcome.SECOND_WON_BY_FORFEIT
    assert outcomes == {first.id: forfeit.value, second.id: Outcome.DOUBLE_FORFEIT.value}
    notes = [say(note) for note in closed.notes]
    assert any("never showed" in note for note in notes) and any("both lose" in note for note in notes)
    assert {t.game_id for t in closed.stopped} == {first.game_id, second.game_id}
    assert all(t.status == "cancelled" for t in closed.stopped)
    assert closed.tournament.status == "finished"


async def test_bad_input_changes_nothing(service, clock):
    tournament_id = await signed_up(service, PLAYERS[:1], max_players=2)
    with pytest.raises(TournamentError, match="already in"):
        await service.join_tournament(tournament_id, PLAYERS[0], "again")
    with pytest.raises(TournamentError, match="at least two"):
        await service.start_tournament(tournament_id, HOST)
    await service.join_tournament(tournament_id, PLAYERS[1], "p2")
    with pytest.raises(TournamentError, match="full"):
        await service.join_tournament(tournament_id, PLAYERS[2], "p3")
    with pytest.raises(TournamentError, match="Only the host"):
        await service.start_tournament(tournament_id, PLAYERS[1])
    with pytest.raises(TournamentError, match="Only the host"):
        await service.cancel_tournament(tournament_id, PLAYERS[1])
    with pytest.raises(TournamentError, match="no such tournament"):
        await service.tournament(tournament_id, GUILD + 1)
    with pytest.raises(TournamentError, match="one at a time"):
        await service.open_tournament("peanuts", "arena", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST)
    with pytest.raises(TournamentError, match="a game for two players"):
        await service.open_tournament("penguin", "swiss", guild_id=GUILD, channel_id=CHANNEL + 1, host_id=HOST)
    view = await service.tournament(tournament_id, GUILD)
    assert [e.user_id for e in view.record.entrants] == list(PLAYERS[:2]) and view.status == "signup"
    progress = await service.start_tournament(tournament_id, HOST)
    with pytest.raises(TournamentError, match="started"):
        await service.join_tournament(tournament_id, PLAYERS[2], "late")
    [match] = progress.tournament.current()
    await service.attach_message(match.game_id, 1, 0)
    await service.resign(match.game_id, match.first_id)
    with pytest.raises(TournamentError, match="over"):
        await service.leave_tournament(tournament_id, PLAYERS[0])


async def test_a_game_two_can_play_enters_tournaments_without_a_change_to_the_core(store, clock):
    """The games a tournament plays are those whose seats allow two: a new one (Count, one or two seats, known
    only to this test) is offered and played; a one-player game is not."""
    service = TableService(store, games={**GAMES, "count": COUNT}, clock=clock, seed_source=lambda: 7)
    assert service.tournament_kinds() == ["peanuts", "pebbles", "count"]
    with pytest.raises(TournamentError, match="a game for two players"):
        await service.open_tournament("peek", "swiss", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST)
    tournament_id = await signed_up(service, PLAYERS[:2], kind="count", rounds=1)
    progress = await service.start_tournament(tournament_id, HOST)
    [table] = progress.dealt
    assert table.kind == "count" and set(table.players) == set(PLAYERS[:2])
    await shown(service, progress)
    await service.resign(table.game_id, table.players[1])
    view = await service.tournament(tournament_id, GUILD)
    assert view.status == "finished" and view.title == "Count"
    assert view.standings[0].entrant.player == table.players[0]


async def test_a_start_time_with_one_player_calls_the_tournament_off(service, clock):
    await signed_up(service, PLAYERS[:1], starts_in_minutes=1)
    told: list[Progress] = []
    service.listen_tournaments(told.append)
    clock.now += 60
    await service.fire_tournaments()
    assert told[0].tournament.status == "cancelled" and "called off" in say(told[0].notes[0])


async def test_an_arena_pairs_players_again_as_their_games_end_and_counts_games_ending_after_time(service, clock):
    told: list[Progress] = []
    service.listen_tournaments(told.append)
    tournament_id = await signed_up(service, PLAYERS[:4], form="arena", kind="peanuts", minutes=10)
    progress = await service.start_tournament(tournament_id, HOST)
    await shown(service, progress)
    first, second = await running(service, tournament_id)
    await service.resign(first.game_id, first.second_id)
    assert not told or not told[-1].dealt, "the two just free never meet again at once"
    await service.pause_tournament(tournament_id, first.first_id, True)
    await service.resign(second.game_id, second.second_id)
    [again] = told[-1].dealt
    assert set(again.players) == {first.second_id, second.first_id} or set(again.players) == {
        first.second_id,
        second.second_id,
    }
    await shown(service, told[-1])
    back = await service.pause_tournament(tournament_id, first.first_id, False)
    await shown(service, back)
    assert len(back.dealt) == 1 and first.first_id in back.dealt[0].players
    clock.now += 10 * 60
    await service.fire_tournaments()
    assert told[-1].tournament.status == "running" and not told[-1].dealt
    for match in await running(service, tournament_id):
        await service.resign(match.game_id, match.first_id)
    assert told[-1].tournament.status == "finished" and told[-1].tournament.format is Format.ARENA
    assert sum(s.games for s in told[-1].tournament.standings) == 2 * 4


async def test_a_withdrawn_player_loses_the_rest_by_forfeit(service):
    tournament_id = await signed_up(service, PLAYERS[:4], form="roundrobin")
    progress = await service.start_tournament(tournament_id, HOST)
    await shown(service, progress)
    assert progress.tournament.total_rounds == 3
    quitter = PLAYERS[3]
    left = await service.leave_tournament(tournament_id, quitter)
    assert left.stopped and left.stopped[0].status == "cancelled"
    for _ in range(3):
        matches = await running(service, tournament_id)
        view = await service.tournament(tournament_id, GUILD)
        if view.status == "finished":
            break
        for match in matches:
            await service.attach_message(match.game_id, 1, 0)
            await service.resign(match.game_id, match.second_id)
    view = await service.tournament(tournament_id, GUILD)
    assert view.status == "finished"
    lost = [p for p in view.record.pairings if quitter in (p.first_id, p.second_id)]
    assert len(lost) == 3 and all("forfeit" in Outcome(p.outcome).name.lower() for p in lost)


async def test_a_knockout_gives_byes_to_the_top_seeds_and_crowns_a_champion(service):
    tournament_id = await signed_up(service, PLAYERS[:6], form="knockout")
    progress = await service.start_tournament(tournament_id, HOST)
    await shown(service, progress)
    assert len(progress.dealt) == 2 and len(progress.tournament.bracket or ()) == 3
    while (view := await service.tournament(tournament_id, GUILD)).status == "running":
        for match in await running(service, tournament_id):
            await service.attach_message(match.game_id, 1, 0)
            await service.resign(match.game_id, match.second_id)
    assert view.status == "finished"


@pytest.fixture
async def postgres_url():
    async with fresh_database() as url:
        yield url


@pytest.mark.parametrize("closed", [False, True], ids=["closing it", "a closed round left unpaired"])
async def test_two_processes_moving_on_the_same_round_pair_the_next_once(postgres_url, closed):
    """Both race to close the round whose last result is in (one closes it, and pairs); or the round was
    closed by a process that stopped before pairing, and both race to pair the next (one version wins)."""
    stores = [await PostgresStore.open(postgres_url) for _ in range(2)]
    try:
        services = [TableService(store, games=GAMES, clock=lambda: NOW, leads=LEADS) for store in stores]
        tournament_id = await signed_up(services[0], PLAYERS[:4], rounds=2)
        progress = await services[0].start_tournament(tournament_id, HOST)
        for match in progress.tournament.current():
            await stores[0].end_pairing(match.id, Outcome.FIRST_WON.value, note=None, at=NOW)
        if closed:
            assert await stores[0].close_round(tournament_id, 1, at=NOW)
        moved = await asyncio.gather(*(service.resume_tournaments() for service in services for _ in range(2)))
        view = await services[1].tournament(tournament_id, GUILD)
        second = {p.game_id for p in view.record.pairings if p.round == 2}
        assert view.record.round == 2 and len(second) == 2 and None not in second
        assert {table.game_id for done in moved for progress in done for table in progress.dealt} == second
        games = await stores[0]._fetch("SELECT COUNT(*) FROM games WHERE status <> 'cancelled'")
        assert games[0][0] == 4, "two games a round, each dealt once"
    finally:
        for store in stores:
            await store.close()


async def test_at_start_matches_left_unshown_are_shown_and_dropped_ones_dealt_again(service, clock):
    tournament_id = await signed_up(service, PLAYERS[:4], rounds=1)
    started = await service.start_tournament(tournament_id, HOST)
    dealt = sorted(table.game_id for table in started.dealt)
    [resumed] = await service.resume_tournaments()
    assert sorted(table.game_id for table in resumed.dealt) == dealt, "still waiting for their message"
    clock.now += 61
    assert sorted(await service.drop_unshown_deals()) == dealt
    [again] = await service.resume_tournaments()
    assert len(again.dealt) == 2 and all(table.started_at == clock.now for table in again.dealt), "dealt anew"
    view = await service.tournament(tournament_id, GUILD)
    assert sorted(p.game_id for p in view.current()) == sorted(table.game_id for table in again.dealt)
