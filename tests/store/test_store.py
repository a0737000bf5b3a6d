"""The store's conformance suite: every test runs on SQLite and on PostgreSQL (tests/store/conftest.py).

Migrations, the version-checked save, seats changed only as they were read, deadlines claimed by one
firer, results and the scoreboard, settings, and redraw notices.
"""

import asyncio
import contextlib

import pytest

from bot.store import (
    DailyAttempt,
    NewGame,
    PostgresStore,
    Rating,
    RatingChange,
    ResultRecord,
    ScoreRow,
    SeatRecord,
    StaleGameError,
    Store,
    TimerRecord,
    TokenRecord,
    UserLanguage,
    UserSettings,
    open_store,
)
from bot.store.migrations import MIGRATIONS, migrations
from bot.store.sql import TIMER_LEASE

TABLES = {"games", "seats", "actions", "results", "timers", "closed_dms", "guild_settings", "user_languages"}


def new_game(*, channel_id: int = 20, kind: str = "count", players: tuple[int, ...] = (100, 200), **extra) -> NewGame:
    """A game row with small made-up values; keyword arguments override fields."""
    fields = {
        "kind": kind,
        "options": {"target": 10},
        "guild_id": 10,
        "channel_id": channel_id,
        "players": players,
        "open_play": False,
        "seed": 42,
        "deck": None,
        "state": {"schema": 1, "game": kind, "total": 0},
        "at": 1000.0,
    }
    fields.update(extra)
    return NewGame(**fields)


def known_migrations(store: Store) -> int:
    return len(migrations(MIGRATIONS / ("postgres" if isinstance(store, PostgresStore) else "sqlite")))


async def tables(store: Store) -> set[str]:
    if isinstance(store, PostgresStore):
        rows = await store._fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    else:
        rows = await store._fetch("SELECT name FROM sqlite_master WHERE type = 'table'")
    return {row[0] for row in rows}


async def test_migrate_from_empty_sets_user_version_and_creates_tables(store):
    """A new database is migrated to the last migration and has every table."""
    assert await store.schema_version() == known_migrations(store)
    assert await tables(store) >= TABLES


async def test_migrating_twice_is_a_no_op(store):
    """Running the migrations again applies nothing and keeps the version."""
    assert await store.migrate() == 0
    assert await store.schema_version() == known_migrations(store)


async def test_save_and_load_round_trip(store):
    """A created game loads back with its seats, options, deck and snapshot."""
    created = await store.create_game(new_game(deck=("AS", "2H", "TD1"), open_play=True, players=(7,)))
    loaded = await store.load_game(created.id)
    assert loaded == created
    assert (loaded.players, loaded.deck, loaded.version) == ((7,), ("AS", "2H", "TD1"), 0)
    assert loaded.options == {"target": 10}
    assert loaded.open_play and not loaded.finished


async def test_missing_game_loads_as_none(store):
    """Loading an unknown id gives None."""
    assert await store.load_game(12345) is None


async def test_save_action_bumps_version_and_appends_log(store):
    """Each save writes the snapshot, bumps the version and appends the action with seq = new version."""
    game = await store.create_game(new_game())
    first = await store.save_action(game.id, version=0, seat=0, code="+1", state={"total": 1}, finished=False, at=1.0)
    second = await store.save_action(game.id, version=1, seat=1, code="+2", state={"total": 3}, finished=False, at=2.0)
    assert (first, second) == (1, 2)
    loaded = await store.load_game(game.id)
    assert (loaded.version, loaded.state, loaded.updated_at) == (2, {"total": 3}, 2.0)
    assert [(a.seq, a.seat, a.code) for a in await store.load_actions(game.id)] == [(1, 0, "+1"), (2, 1, "+2")]


async def test_version_conflict_is_detected_and_rolled_back(store):
    """A save against an old version raises StaleGameError and writes nothing."""
    game = await store.create_game(new_game())
    await store.save_action(game.id, version=0, seat=0, code="+1", state={"total": 1}, finished=False, at=1.0)
    with pytest.raises(StaleGameError):
        await store.save_action(game.id, version=0, seat=0, code="+2", state={"total": 2}, finished=True, at=2.0)
    loaded = await store.load_game(game.id)
    assert (loaded.version, loaded.state, loaded.finished) == (1, {"total": 1}, False)
    assert len(await store.load_actions(game.id)) == 1
    assert await store.results(game.id) == []


async def test_finishing_writes_results_in_the_same_save(store):
    """A finishing save marks the game finished and writes one result row per player."""
    game = await store.create_game(new_game())
    results = (ResultRecord(100, 7, True), ResultRecord(200, 3, False))
    await store.save_action(game.id, version=0, seat=0, code="+2", state={}, finished=True, results=results, at=5.0)
    assert (await store.load_game(game.id)).finished
    assert await store.results(game.id) == list(results)


async def test_scoreboard_orders_by_wins_then_best_then_games(store):
    """Rows aggregate per user in one channel and kind, ordered by wins, best score, games."""
    plays = [(1, 10, True), (1, 4, False), (2, 30, False), (3, 5, True), (3, 9, False), (3, 2, False)]
    for user_id, score, won in plays:
        game = await store.create_game(new_game(players=(user_id,)))
        await store.save_action(
            game.id,
            version=0,
            seat=0,
            code="x",
            state={},
            finished=True,
            results=(ResultRecord(user_id, score, won),),
            at=1.0,
        )
    other = await store.create_game(new_game(players=(9,), channel_id=21))
    await store.save_action(
        other.id, version=0, seat=0, code="x", state={}, finished=True, results=(ResultRecord(9, 52, True),), at=1.0
    )
    assert await store.scoreboard(20, "count") == [
        ScoreRow(user_id=1, games=2, wins=1, best=10),
        ScoreRow(user_id=3, games=3, wins=1, best=9),
        ScoreRow(user_id=2, games=1, wins=0, best=30),
    ]
    assert await store.scoreboard(20, "count", limit=1) == [ScoreRow(user_id=1, games=2, wins=1, best=10)]
    assert await store.scoreboard(20, "other") == []


async def test_active_games_newest_first_for_seated_or_open(store):
    """Unfinished games of a kind in a channel where the user sits or play is open, newest first."""
    mine = await store.create_game(new_game(players=(1, 2), at=1.0))
    opened = await store.create_game(new_game(players=(3,), open_play=True, at=2.0))
    await store.create_game(new_game(players=(3,), at=3.0))
    await store.create_game(new_game(players=(1,), kind="other", at=4.0))
    await store.create_game(new_game(players=(1,), channel_id=99, at=5.0))
    done = await store.create_game(new_game(players=(1,), at=6.0))
    await store.create_game(new_game(players=(1,), at=8.0))
    for game in (mine, opened, done):
        await store.set_message(game.id, game.id * 10, version=0, at=7.0)
    await store.save_action(done.id, version=0, seat=0, code="x", state={}, finished=True, at=7.0)
    assert await store.active_games(20, 1, "count") == [opened.id, mine.id]


async def test_set_message_reports_missing_games(store):
    """Attaching a message id is stored; an unknown game answers False."""
    game = await store.create_game(new_game())
    assert game.status == "dealing"
    assert await store.set_message(game.id, 555, version=0, at=3.0)
    loaded = await store.load_game(game.id)
    assert (loaded.message_id, loaded.shown_version, loaded.status) == (555, 0, "active")
    assert not await store.set_message(game.id + 1, 555, version=0, at=3.0)


async def test_a_game_keeps_its_place_and_the_freshest_token_of_its_message(store):
    """Where a game is played is stored with it; of two tokens for one message the later-expiring one stays."""
    game = await store.create_game(new_game(place="group_dm"))
    assert game.place == "group_dm" and (await store.create_game(new_game())).place == "server"
    assert await store.table_token(game.id, 555) is None
    await store.set_token(game.id, 555, "second", 200.0)
    await store.set_token(game.id, 555, "first", 100.0)
    await store.set_token(game.id, 556, "other message", 50.0)
    assert await store.table_token(game.id, 555) == TokenRecord(555, "second", 200.0)
    await store.set_token(game.id, 555, "third", 300.0)
    assert (await store.table_token(game.id, 555)).token == "third"


async def test_count_actions_counts_a_code(store):
    """count_actions gives the log length and how many rows carry a code."""
    game = await store.create_game(new_game())
    for version, code in enumerate(("+1", "undo", "+2")):
        await store.save_action(game.id, version=version, seat=0, code=code, state={}, finished=False, at=1.0)
    assert await store.count_actions(game.id, "undo") == (3, 1)


async def test_cancelled_save_leaves_no_open_transaction(store):
    """A save cancelled mid-flight rolls back, and the next save works."""
    game = await store.create_game(new_game())
    task = asyncio.create_task(
        store.save_action(game.id, version=0, seat=0, code="+1", state={"total": 1}, finished=False, at=1.0)
    )
    await asyncio.sleep(0)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    version = (await store.load_game(game.id)).version
    assert await store.save_action(game.id, version=version, seat=0, code="+2", state={}, finished=False, at=2.0)


async def test_both_backends_number_their_migrations_the_same_way():
    """Migration N has the same number and name on SQLite and PostgreSQL."""
    names = {backend: [path.name for _, path in migrations(MIGRATIONS / backend)] for backend in ("sqlite", "postgres")}
    assert names["sqlite"] == names["postgres"]


async def test_a_deadline_is_claimed_by_one_firer_and_removed_once_fired(store):
    """Two firers race for one due deadline: exactly one claims it; done removes it."""
    game = await store.create_game(new_game())
    await store.set_timer(game.id, "turn", 50.0, version=3)
    assert await store.timers(game.id) == [TimerRecord(game.id, "turn", 50.0, 3)]
    assert await store.next_due() == 50.0
    (due,) = await store.due_timers(60.0)
    claims = await asyncio.gather(*(store.take_timer(due, now=60.0) for _ in range(8)))
    assert claims.count(True) == 1
    assert await store.due_timers(60.0) == []
    assert await store.next_due() == 60.0 + TIMER_LEASE
    await store.done_timer(due)
    assert await store.timers(game.id) == [] and await store.next_due() is None


async def test_a_claim_that_lapses_lets_another_firer_fire(store):
    """A firer that claimed a deadline and died: after the lease another firer claims it again."""
    game = await store.create_game(new_game())
    await store.set_timer(game.id, "ai", 10.0, version=1)
    (due,) = await store.due_timers(10.0)
    assert await store.take_timer(due, now=10.0)
    assert await store.due_timers(10.0 + TIMER_LEASE - 1) == []
    (again,) = await store.due_timers(10.0 + TIMER_LEASE)
    assert await store.take_timer(again, now=10.0 + TIMER_LEASE)


async def test_a_held_deadline_waits_for_its_game_to_be_woken(store):
    """A deadline held for a click is never due, a restart does not free it, and waking its game makes it due."""
    game = await store.create_game(new_game())
    await store.set_timer(game.id, "ai", 10.0, version=1)
    (due,) = await store.due_timers(10.0)
    assert await store.take_timer(due, now=10.0)
    await store.hold_timer(due)
    assert await store.due_timers(10.0 + 100 * TIMER_LEASE) == [] and await store.release_claims() == 0
    assert await store.wake_timers(game.id + 1) == 0 and await store.wake_timers(game.id) == 1
    (woken,) = await store.due_timers(11.0)
    assert woken == due and await store.take_timer(woken, now=11.0)


async def test_a_process_restarted_for_the_same_shards_takes_its_predecessors_claims_at_once(database):
    """A process killed while it fired a deadline leaves its claim; its successor for the same shards gives
    the claim back when it starts, so the deadline is due at once, not after the lease. A process running
    other shards leaves that claim alone."""
    killed = await open_store(database, pool_size=2, claimant="shards 0 of 2")
    game = await killed.create_game(new_game())
    await killed.set_timer(game.id, "ai", 10.0, version=1)
    (due,) = await killed.due_timers(10.0)
    assert await killed.take_timer(due, now=10.0)
    await killed.close()  # dies before done_timer
    neighbour = await open_store(database, pool_size=2, claimant="shards 1 of 2")
    successor = await open_store(database, pool_size=2, claimant="shards 0 of 2")
    try:
        assert await neighbour.release_claims() == 0
        assert await successor.due_timers(11.0) == []
        assert await successor.release_claims() == 1
        (again,) = await successor.due_timers(11.0)
        assert await successor.take_timer(again, now=11.0)
        assert not await neighbour.take_timer(again, now=11.0)
    finally:
        await neighbour.close()
        await successor.close()


async def test_a_stopping_process_gives_back_its_claims_and_only_its_own(store):
    """Every claim this process holds goes back at once (another fires it without waiting out the lease);
    claims another process holds stay with it."""
    game = await store.create_game(new_game())
    await store.set_timer(game.id, "ai:0", 10.0)
    await store.set_timer(game.id, "ai:1", 10.0)
    first, second = await store.due_timers(10.0)
    store.claimant = "shards 0 of 2"
    assert await store.take_timer(first, now=10.0)
    store.claimant = "shards 1 of 2"
    assert await store.take_timer(second, now=10.0)
    store.claimant = "shards 0 of 2"
    assert await store.release_claims() == 1
    assert await store.due_timers(10.0) == [first]
    assert await store.release_claims() == 0


async def test_setting_a_deadline_again_replaces_it_and_its_claim(store):
    """A deadline set again while being fired is a new one: done of the old instant leaves it."""
    game = await store.create_game(new_game())
    await store.set_timer(game.id, "ai", 10.0, version=1)
    (due,) = await store.due_timers(10.0)
    assert await store.take_timer(due, now=10.0)
    await store.set_timer(game.id, "ai", 12.0, version=2)
    await store.done_timer(due)
    assert await store.timers(game.id) == [TimerRecord(game.id, "ai", 12.0, 2)]
    assert not await store.take_timer(due, now=12.0)
    await store.clear_timers(game.id, "ai")
    assert await store.timers(game.id) == []


async def test_resetting_deadlines_removes_the_named_kinds_and_sets_the_next_ones_at_once(store):
    """The deadlines of a position give way to the next position's in one transaction: the named kinds go,
    the new ones come (unclaimed), any other kind stays."""
    game = await store.create_game(new_game())
    await store.set_timer(game.id, "turn", 10.0, version=1)
    await store.set_timer(game.id, "warn", 5.0, version=1)
    await store.set_timer(game.id, "expire", 90.0)
    (due,) = await store.due_timers(5.0)
    assert await store.take_timer(due, now=5.0)
    await store.reset_timers(game.id, ("turn", "warn", "ai"), [("ai", 12.0, 2)])
    assert await store.timers(game.id) == [TimerRecord(game.id, "ai", 12.0, 2), TimerRecord(game.id, "expire", 90.0)]
    await store.reset_timers(game.id, ("ai",), [("turn", 20.0, 3), ("warn", 15.0, 3)])
    assert [timer.kind for timer in await store.timers(game.id)] == ["warn", "turn", "expire"]
    assert [timer.kind for timer in await store.due_timers(20.0)] == ["warn", "turn"]


async def test_a_seat_changes_only_as_it_was_read(store):
    """Two people take one empty seat at once: one sits, the other's change is refused."""
    game = await store.create_game(new_game(players=(1, None), seating=True))
    empty = game.seats[1]
    outcomes = await asyncio.gather(
        *(store.set_seat(game.id, SeatRecord(seat=1, user_id=user), was=empty) for user in (2, 3)),
        return_exceptions=True,
    )
    assert sum(isinstance(outcome, StaleGameError) for outcome in outcomes) == 1
    assert (await store.load_game(game.id)).seats[1].user_id in (2, 3)


async def test_deal_and_status_changes_happen_once(store):
    """Dealing a lobby and closing it are each decided once (the second caller is told no)."""
    lobby = await store.create_game(new_game(seating=True))
    assert lobby.status == "seating"
    dealt = await asyncio.gather(*(store.deal(lobby.id, seed=5, state={"x": 1}, at=2.0) for _ in range(2)))
    assert sorted(dealt) == [False, True]
    assert not await store.set_status(lobby.id, "cancelled", was="seating", at=3.0)
    other = await store.create_game(new_game(seating=True))
    assert await store.set_status(other.id, "cancelled", was="seating", at=3.0)
    assert (await store.load_game(other.id)).status == "cancelled"


async def test_unshown_deals_are_dropped_with_their_rows(store):
    """Deals whose message never appeared are deleted (seats and all); shown ones stay."""
    old = await store.create_game(new_game(at=1.0))
    shown = await store.create_game(new_game(at=1.0))
    await store.set_message(shown.id, 9, version=0, at=2.0)
    young = await store.create_game(new_game(at=50.0))
    assert await store.drop_unshown_deals(before=10.0) == [old.id]
    assert await store.load_game(old.id) is None
    assert await store.load_game(shown.id) is not None and await store.load_game(young.id) is not None


async def test_shown_versions_and_lagging_tables(store):
    """The shown version never moves back; a table showing less than its version is lagging."""
    game = await store.create_game(new_game())
    await store.set_message(game.id, 9, version=0, at=1.0)
    await store.save_action(game.id, version=0, seat=0, code="+1", state={}, finished=False, at=2.0)
    assert await store.lagging_games() == [game.id]
    await store.set_shown(game.id, 1)
    await store.set_shown(game.id, 0)
    assert (await store.load_game(game.id)).shown_version == 1
    assert await store.lagging_games() == []


async def test_a_hand_message_that_lags_makes_its_game_lag(store):
    """A hand message (a seat's DM) records the version it shows, never moving back; a new one shows none yet;
    a game one of whose hands shows less than its version is lagging; a seat without one never is."""
    game = await store.create_game(new_game(players=(1, 2)))
    await store.set_message(game.id, 9, version=0, at=1.0)
    await store.save_action(game.id, version=0, seat=0, code="+1", state={}, finished=False, at=2.0)
    await store.set_shown(game.id, 1)
    await store.set_hand_shown(game.id, 0, 1)  # no hand message: nothing recorded
    assert await store.lagging_games() == []
    await store.set_seat_message(game.id, 0, 30, 31)
    assert await store.lagging_games() == [game.id]
    await store.set_hand_shown(game.id, 0, 1)
    await store.set_hand_shown(game.id, 0, 0)
    assert await store.lagging_games() == []
    await store.save_action(game.id, version=1, seat=1, code="+1", state={}, finished=False, at=3.0)
    await store.set_shown(game.id, 2)
    assert await store.lagging_games() == [game.id]
    await store.set_seat_message(game.id, 0, None, None)
    assert await store.lagging_games() == []


async def test_a_table_moves_into_its_thread_once_and_back_once(store):
    """A race's board moves into a thread once; its commands find it from the thread; at the end its
    message is the thread's first message again, once, and until then the finished game lags."""
    game = await store.create_game(new_game(players=(1, 2)))
    await store.set_message(game.id, 70, version=0, at=1.0)
    assert await store.set_thread(game.id, 70, 71)
    assert not await store.set_thread(game.id, 80, 81)
    loaded = await store.load_game(game.id)
    assert (loaded.thread_id, loaded.message_id) == (70, 71)
    assert await store.active_games(70, 1, "count") == [game.id] == await store.active_games(20, 1, "count")
    assert await store.open_tables(70, 2, "count") == [game.id]
    await store.save_action(game.id, version=0, seat=0, code="x", state={}, finished=True, at=2.0)
    await store.set_shown(game.id, 1)
    assert await store.lagging_games() == [game.id]
    assert await store.leave_thread(game.id, 71)
    assert not await store.leave_thread(game.id, 71)
    assert (await store.load_game(game.id)).message_id == 70
    assert await store.lagging_games() == []


async def test_ratings_are_per_server_written_once_and_only_as_read(store):
    """A game's rating changes land once, all together; another server's ratings are its own; a change
    over a rating that moved since it was read is refused whole."""
    first = await store.create_game(new_game(players=(1, 2)))
    second = await store.create_game(new_game(players=(1, 2)))
    fresh = [Rating(1, 25.0, 8.3, 0), Rating(2, 25.0, 8.3, 0)]
    won = [RatingChange(fresh[0], 27.0, 8.0), RatingChange(fresh[1], 23.0, 8.0)]
    assert await store.rate_game(first.id, 10, "count", won, at=1.0)
    assert not await store.rate_game(first.id, 10, "count", won, at=1.5)
    with pytest.raises(StaleGameError):
        await store.rate_game(second.id, 10, "count", won, at=2.0)
    assert await store.rating_history(10, "count", 1) == [(1.0, 27.0, 8.0)]
    assert await store.rate_game(second.id, 11, "count", won, at=2.0)
    assert (await store.ratings(10, "count", [1, 2, 3]))[1] == Rating(1, 27.0, 8.0, 1)
    assert [r.user_id for r in await store.leaderboard(10, "count", since=None, limit=10)] == [1, 2]
    assert await store.leaderboard(10, "count", since=1.5, limit=10) == []
    assert await store.leaderboard(12, "count", since=None, limit=10) == []
    again = [RatingChange(Rating(1, 27.0, 8.0, 1), 28.0, 7.5), RatingChange(Rating(2, 23.0, 8.0, 1), 22.0, 7.5)]
    third = await store.create_game(new_game(players=(1, 2)))
    assert await store.rate_game(third.id, 10, "count", again, at=3.0)
    assert (await store.ratings(10, "count", [2]))[2].games == 2


async def test_settings_closed_dms_and_seat_messages(store):
    """Server settings by key, closed DMs, DM channels, and a seat's hand message round-trip."""
    assert await store.guild_setting(10, "turn_seconds") is None
    await store.set_guild_setting(10, "turn_seconds", "60.0")
    await store.set_guild_setting(10, "turn_seconds", "90.0")
    assert await store.guild_setting(10, "turn_seconds") == "90.0"
    assert not await store.dm_closed(5)
    await store.set_dm_closed(5, True, at=1.0)
    await store.set_dm_closed(5, True, at=2.0)
    assert await store.dm_closed(5)
    await store.set_dm_closed(5, False, at=3.0)
    assert not await store.dm_closed(5)
    assert await store.dm_channel(5) is None
    await store.set_dm_channel(5, 2**62 + 3)
    await store.set_dm_channel(5, 2**62 + 5)
    assert await store.dm_channel(5) == 2**62 + 5
    game = await store.create_game(new_game())
    big = 2**62 + 7
    await store.set_seat_message(game.id, 1, big, big + 1)
    seat = (await store.load_game(game.id)).seats[1]
    assert (seat.dm_channel_id, seat.dm_message_id) == (big, big + 1)


async def test_a_users_locale_and_chosen_language(store):
    """The locale a user's client last sent and the language they chose are kept apart; either may change alone."""
    assert await store.user_language(5) == UserLanguage(None, None)
    await store.set_user_locale(5, "de")
    await store.set_user_language(5, "fr")
    await store.set_user_locale(5, "pt-BR")
    assert await store.user_language(5) == UserLanguage(locale="pt-BR", chosen="fr")
    await store.set_user_language(5, None)
    assert await store.user_language(5) == UserLanguage(locale="pt-BR", chosen=None)
    await store.set_user_language(6, "pl")
    assert await store.user_language(6) == UserLanguage(locale=None, chosen="pl")


async def test_a_users_settings_round_trip(store):
    """/settings: the defaults until chosen (standard deck, pictures on); deck and pictures change alone."""
    assert await store.user_settings(5) == UserSettings(deck="standard", pictures=True)
    await store.set_user_deck(5, "four-colour")
    assert await store.user_settings(5) == UserSettings(deck="four-colour", pictures=True)
    await store.set_user_pictures(5, False)
    await store.set_user_deck(6, "four-colour")
    assert await store.user_settings(5) == UserSettings(deck="four-colour", pictures=False)
    await store.set_user_deck(5, "standard")
    assert await store.user_settings(5) == UserSettings(deck="standard", pictures=False)
    await store.set_user_pictures(7, False)
    assert await store.user_settings(7) == UserSettings(deck="standard", pictures=False)
    assert await store.user_settings(6) == UserSettings(deck="four-colour", pictures=True)


async def test_results_names_records_and_last_actions(store):
    """Names kept with results, a player's results newest first, and when a seat last acted."""
    game = await store.create_game(new_game(players=(1, 2)))
    await store.save_action(game.id, version=0, seat=1, code="a", state={}, finished=False, at=5.0)
    results = (ResultRecord(1, 4, False), ResultRecord(2, 9, True))
    await store.save_action(game.id, version=1, seat=0, code="b", state={}, finished=True, results=results, at=7.0)
    await store.name_results(game.id, {2: "Bea"})
    assert await store.scoreboard(20, "count", limit=1) == [ScoreRow(2, 1, 1, 9, "Bea")]
    assert await store.player_results(20, "count", 2) == [(game.id, 9, True)]
    assert await store.last_action_at(game.id) == 7.0
    assert await store.last_action_at(game.id, 1) == 5.0
    assert await store.last_action_at(game.id, 3) is None
    assert await store.results(game.id) == list(results)


async def test_open_tables_are_lobbies_and_games_with_a_seat(store):
    """A user's lobbies and running games of a kind in a channel, newest first."""
    lobby = await store.create_game(new_game(players=(1, None), seating=True, at=1.0))
    game = await store.create_game(new_game(players=(1,), at=2.0))
    await store.set_message(game.id, 1, version=0, at=3.0)
    await store.create_game(new_game(players=(2,), at=4.0))
    assert await store.open_tables(20, 1, "count") == [game.id, lobby.id]


async def test_a_redraw_notice_reaches_the_listeners(store):
    """notify_redraw hands the game id to every listener on the database."""
    heard: asyncio.Queue[int] = asyncio.Queue()

    async def listener(game_id: int) -> None:
        await heard.put(game_id)

    await store.listen_redraws(listener)
    await store.notify_redraw(42)
    assert await asyncio.wait_for(heard.get(), 5) == 42


async def test_a_tournament_redraw_notice_reaches_its_own_listeners(store):
    """notify_tournament_redraw hands the tournament id to the tournament listeners only, not to the games'."""
    games: asyncio.Queue[int] = asyncio.Queue()
    tournaments: asyncio.Queue[int] = asyncio.Queue()

    async def game_listener(game_id: int) -> None:
        await games.put(game_id)

    async def tournament_listener(tournament_id: int) -> None:
        await tournaments.put(tournament_id)

    await store.listen_redraws(game_listener)
    await store.listen_tournament_redraws(tournament_listener)
    await store.notify_tournament_redraw(7)
    await store.notify_redraw(42)
    assert await asyncio.wait_for(tournaments.get(), 5) == 7
    assert await asyncio.wait_for(games.get(), 5) == 42
    assert games.empty() and tournaments.empty()


async def finished(store: Store, *, players: tuple[int, ...], at: float, kind: str = "count", guild_id=10):
    """A game played to its end (one action), its first player winning on the scoreboard."""
    game = await store.create_game(new_game(players=players, kind=kind, guild_id=guild_id))
    await store.set_message(game.id, 900 + game.id, version=0, at=at)
    results = tuple(ResultRecord(user, 10 * (seat + 1), seat == 0) for seat, user in enumerate(players))
    await store.save_action(game.id, version=0, seat=0, code="a", state={}, finished=True, results=results, at=at)
    return game.id


async def test_history_stats_daily_and_rerating_queries(store):
    """A player's finished games newest first, per server; their stats; daily attempts once per day;
    the games to rerate in the order they ended, after every rating is forgotten."""
    first = await finished(store, players=(1, 2), at=5.0)
    second = await finished(store, players=(2, 1), at=3.0, kind="other")
    elsewhere = await finished(store, players=(1,), at=4.0, guild_id=11)
    running = await store.create_game(new_game(players=(1, 2)))
    assert await store.finished_games(10, 1, None, limit=10) == [second, first]
    assert await store.finished_games(10, 1, "count", limit=10) == [first]
    assert await store.finished_games(10, 1, None, before=second, limit=10) == [first]
    assert await store.finished_games(11, 1, None, limit=10) == [elsewhere]
    assert await store.finished_games(None, 1, None, limit=10) == []
    assert running.id not in await store.finished_games(10, 2, None, limit=10)
    stats = {row.kind: row for row in await store.player_stats(10, 1, recent=5)}
    assert (stats["count"].games, stats["count"].wins, stats["count"].best) == (1, 1, 10)
    assert stats["other"].recent == ((20, False),)
    assert await store.finished_in_order(["count", "other"]) == [second, elsewhere, first]

    attempt = DailyAttempt("2026-11-25", "count", 1, first, 10, 20, 1.0)
    assert await store.add_daily(attempt)
    assert not await store.add_daily(DailyAttempt("2026-11-25", "count", 1, second, 10, 20, 2.0))
    assert await store.daily_attempt("2026-11-25", "count", 1) == attempt
    assert await store.daily_attempts(10, "2026-11-25", "count", limit=5) == [attempt]
    assert await store.daily_attempts(11, "2026-11-25", "count", limit=5) == []
    assert await store.daily_attempts(20, "2026-11-25", "count", limit=5) == [attempt], "a chat's board: its channel"
    assert await store.daily_attempts(21, "2026-11-25", "count", limit=5) == []
    await store.add_daily(DailyAttempt("2026-11-24", "count", 1, second, None, None, 0.5))
    assert await store.daily_days(1, "count", until="2026-11-25", limit=10) == ["2026-11-25", "2026-11-24"]
    await store.drop_daily(attempt)
    assert await store.daily_attempt("2026-11-25", "count", 1) is None

    await store.set_guild_setting(11, "daily_channel", "77")
    assert await store.guilds_with_setting("daily_channel") == [(11, "77")]
    fresh = [Rating(1, 25.0, 8.3, 0), Rating(2, 25.0, 8.3, 0)]
    await store.rate_game(
        first, 10, "count", [RatingChange(fresh[0], 27.0, 8.0), RatingChange(fresh[1], 23.0, 8.0)], at=1.0
    )
    await store.clear_ratings()
    assert await store.ratings(10, "count", [1, 2]) == {} and await store.rating_history(10, "count", 1) == []


class Recording:
    """A store watcher that remembers what it was told."""

    def __init__(self) -> None:
        self.in_use = 0
        self.most_in_use = 0
        self.taken = 0
        self.errors: list[str] = []
        self.claimed: list[tuple[str, float, float]] = []

    def connection_taken(self, waited: float) -> None:
        assert waited >= 0
        self.taken += 1
        self.in_use += 1
        self.most_in_use = max(self.most_in_use, self.in_use)

    def connection_returned(self) -> None:
        self.in_use -= 1

    def failed(self, error) -> None:
        self.errors.append(type(error).__name__)

    def deadline_claimed(self, kind: str, due_at: float, now: float) -> None:
        self.claimed.append((kind, due_at, now))


async def test_the_watcher_hears_of_every_connection_taken_and_given_back_and_of_errors(store):
    """Reads and writes each take a connection and give it back, even when they raise; a lost race is
    reported as the error it is."""
    store.watcher = watcher = Recording()
    game = await store.create_game(new_game())
    await store.save_action(game.id, version=0, seat=0, code="+1", state={"total": 1}, finished=False, at=1.0)
    await asyncio.gather(*(store.load_game(game.id) for _ in range(3)))
    with pytest.raises(StaleGameError):
        await store.save_action(game.id, version=0, seat=1, code="+2", state={"total": 3}, finished=False, at=2.0)
    assert watcher.taken >= 6 and watcher.in_use == 0 and watcher.most_in_use >= 1
    assert watcher.errors == ["StaleGameError"]


async def test_the_watcher_hears_of_each_deadline_claimed_once(store):
    """Only the claim that wins is told (it is when the deadline fires), with how late it is."""
    store.watcher = watcher = Recording()
    game = await store.create_game(new_game())
    await store.set_timer(game.id, "ai:1", 50.0, version=1)
    (due,) = await store.due_timers(53.0)
    await asyncio.gather(*(store.take_timer(due, now=53.0) for _ in range(4)))
    assert watcher.claimed == [("ai:1", 50.0, 53.0)]


async def test_running_games_are_counted_by_game(store):
    """Only games being played count; dealing, seating and finished ones do not."""
    assert await store.running_games() == {}
    for kind in ("count", "count", "other", "other"):
        game = await store.create_game(new_game(kind=kind))
        await store.set_message(game.id, 500 + game.id, version=0, at=1.0)
    await store.create_game(new_game(kind="other", seating=True))
    await store.create_game(new_game(kind="other"))
    await store.save_action(game.id, version=0, seat=0, code="+9", state={"total": 9}, finished=True, at=2.0)
    assert await store.running_games() == {"count": 2, "other": 1}
