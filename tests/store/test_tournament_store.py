"""The tournament tables (migration 0011) on both backends: sign-ups that refuse a second entry, a full
list or a started tournament; a round paired once however many writers race; a result, a round's close
and a deadline each taken once; a match's game found from its pairing."""

import asyncio

from bot.store import EntrantRecord, NewTournament, open_store
from tests.store.test_store import new_game


def new_tournament(**extra) -> NewTournament:
    fields = {
        "guild_id": 10,
        "channel_id": 20,
        "host_id": 100,
        "kind": "pebbles",
        "format": "swiss",
        "rounds": 3,
        "round_seconds": 600.0,
        "arena_seconds": 0.0,
        "starts_at": 2000.0,
        "max_players": 3,
        "at": 1000.0,
    }
    fields.update(extra)
    return NewTournament(**fields)


def entrant(user_id: int, at: float = 1001.0) -> EntrantRecord:
    return EntrantRecord(user_id=user_id, name=f"p{user_id}", rating=25.0 - user_id / 100, joined_at=at)


async def test_a_signup_takes_each_player_once_up_to_its_size_and_only_before_it_starts(store):
    tournament = await store.create_tournament(new_tournament())
    assert tournament.status == "signup" and tournament.round == 0 and tournament.entrants == ()
    assert await store.add_entrant(tournament.id, entrant(100))
    assert not await store.add_entrant(tournament.id, entrant(100))
    assert await store.add_entrant(tournament.id, entrant(200, 1002.0))
    assert await store.add_entrant(tournament.id, entrant(300, 1003.0))
    assert not await store.add_entrant(tournament.id, entrant(400)), "three is the most"
    assert await store.remove_entrant(tournament.id, 300)
    assert not await store.remove_entrant(tournament.id, 300)
    loaded = await store.load_tournament(tournament.id)
    assert [e.user_id for e in loaded.entrants] == [100, 200]
    assert await store.pair(tournament.id, version=0, round=1, pairings=[(100, 200)], due_at=2600.0, at=2000.0)
    assert not await store.add_entrant(tournament.id, entrant(300)), "it has started"
    assert not await store.remove_entrant(tournament.id, 100)
    assert await store.set_entrant(tournament.id, 100, withdrawn=True, paused=False)
    loaded = await store.load_tournament(tournament.id)
    assert loaded.entrants[0].withdrawn and loaded.status == "running" and loaded.round == 1
    assert await store.open_tournament_in(20) == tournament.id and await store.open_tournament_in(21) is None


async def test_a_round_is_paired_once_its_results_and_close_recorded_once(store):
    tournament = await store.create_tournament(new_tournament(max_players=8))
    pairings = [(100, 200), (300, None)]
    assert await store.pair(tournament.id, version=0, round=1, pairings=pairings, due_at=2600.0, at=2000.0)
    assert not await store.pair(tournament.id, version=0, round=1, pairings=pairings, due_at=2600.0, at=2000.0)
    loaded = await store.load_tournament(tournament.id)
    assert loaded.version == 1 and [(p.first_id, p.second_id, p.outcome) for p in loaded.pairings] == [
        (100, 200, None),
        (300, None, "bye"),
    ]
    assert [t.kind for t in await store.tournament_timers(tournament.id)] == ["start", "round"]
    match = loaded.pairings[0]
    game = await store.create_game(new_game())
    assert await store.set_pairing_game(match.id, game.id) and not await store.set_pairing_game(match.id, game.id)
    assert await store.pairing_of_game(game.id) == (tournament.id, match.id)
    assert await store.pairing_of_game(game.id + 1) is None
    assert not await store.acted(game.id, 100)
    await store.save_action(game.id, version=0, seat=1, code="x", state={}, finished=False, at=2050.0, user_id=None)
    await store.save_action(game.id, version=1, seat=0, code="y", state={}, finished=False, at=2060.0, user_id=100)
    assert await store.acted(game.id, 100) and not await store.acted(game.id, 200), "a timer's play is nobody's"
    assert await store.end_pairing(match.id, "1-0", note=None, at=2100.0)
    assert not await store.end_pairing(match.id, "0-1", note=None, at=2100.0)
    assert await store.close_round(tournament.id, 1, at=2100.0)
    assert not await store.close_round(tournament.id, 1, at=2100.0)
    assert [t.kind for t in await store.tournament_timers(tournament.id)] == ["start"]
    loaded = await store.load_tournament(tournament.id)
    assert loaded.pairings[0].outcome == "1-0" and loaded.round_records[0].closed_at == 2100.0
    assert await store.set_tournament_status(tournament.id, "finished", was="running", at=2200.0)
    assert not await store.set_tournament_status(tournament.id, "finished", was="running", at=2200.0)
    assert await store.tournament_timers(tournament.id) == []
    assert await store.tournaments_in(10, limit=5) == [tournament.id] and await store.tournaments_in(11, limit=5) == []


async def test_two_processes_racing_to_pair_the_next_round_pair_it_once(database):
    first = await open_store(database)
    second = await open_store(database)
    try:
        tournament = await first.create_tournament(new_tournament(max_players=8))
        raced = await asyncio.gather(
            *(
                store.pair(tournament.id, version=0, round=1, pairings=[(100 + n, 200 + n)], due_at=None, at=2000.0)
                for n, store in enumerate((first, second, first, second))
            )
        )
        assert sorted(raced) == [False, False, False, True]
        assert len((await second.load_tournament(tournament.id)).pairings) == 1
    finally:
        await first.close()
        await second.close()


async def test_a_tournament_deadline_is_fired_by_one_process_and_wakes_the_timer_task(store):
    tournament = await store.create_tournament(new_tournament(starts_at=1500.0))
    assert await store.next_due() == 1500.0
    assert await store.due_tournament_timers(1499.0) == []
    [due] = await store.due_tournament_timers(1500.0)
    assert due.kind == "start" and due.tournament_id == tournament.id
    assert await store.take_tournament_timer(due, now=1500.0)
    assert not await store.take_tournament_timer(due, now=1500.0)
    assert await store.due_tournament_timers(1500.0) == []
    assert await store.release_claims() == 1
    assert await store.take_tournament_timer(due, now=1500.0)
    await store.done_tournament_timer(due)
    assert await store.next_due() is None


async def test_a_deal_dropped_before_its_message_leaves_its_pairing_to_be_dealt_again(store):
    tournament = await store.create_tournament(new_tournament())
    await store.pair(tournament.id, version=0, round=1, pairings=[(100, 200)], due_at=None, at=2000.0)
    [match] = (await store.load_tournament(tournament.id)).pairings
    game = await store.create_game(new_game(at=1000.0))
    await store.set_pairing_game(match.id, game.id)
    assert await store.drop_unshown_deals(before=3000.0) == [game.id]
    assert (await store.load_tournament(tournament.id)).pairings[0].game_id is None
