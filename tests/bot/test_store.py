"""The SQLite store: migrations, the version-checked save, results and the scoreboard."""

import asyncio
import contextlib
import sqlite3

import pytest

from bot.store import NewGame, ResultRecord, SchemaTooNewError, ScoreRow, StaleGameError, Store
from bot.store.db import migrations

TABLES = {"games", "seats", "actions", "results"}


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


@pytest.fixture
async def store():
    store = await Store.open(":memory:")
    yield store
    await store.close()


async def tables(store: Store) -> set[str]:
    rows = await store._fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")
    return {row[0] for row in rows}


async def test_migrate_from_empty_sets_user_version_and_creates_tables(store):
    """A new database is migrated to the last migration and has every table."""
    assert await store.schema_version() == len(migrations())
    assert await tables(store) >= TABLES


async def test_migrating_twice_is_a_no_op(store):
    """Running the migrations again applies nothing and keeps the version."""
    assert await store.migrate() == 0
    assert await store.schema_version() == len(migrations())


async def test_reopening_a_file_does_not_migrate_again(tmp_path):
    """A file database keeps its rows and schema version across opens; its parent folder is created."""
    path = tmp_path / "deeper" / "peapod.db"
    async with await Store.open(path) as first:
        game = await first.create_game(new_game())
    async with await Store.open(path) as second:
        assert await second.migrate() == 0
        assert (await second.load_game(game.id)) == game


async def test_file_database_uses_wal(tmp_path):
    """File databases run in WAL mode with foreign keys on."""
    async with await Store.open(tmp_path / "peapod.db") as store:
        assert (await store._fetchall("PRAGMA journal_mode"))[0][0] == "wal"
        assert (await store._fetchall("PRAGMA foreign_keys"))[0][0] == 1


async def test_database_newer_than_code_is_refused(tmp_path):
    """A database migrated by a newer peapod is not touched."""
    path = tmp_path / "peapod.db"
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA user_version = 99")
    with pytest.raises(SchemaTooNewError):
        await Store.open(path)


async def test_failed_migration_rolls_back_everything(tmp_path):
    """A migration that fails half-way leaves no trace: no new table, the same user_version."""
    folder = tmp_path / "migrations"
    folder.mkdir()
    known = len(migrations())
    for number in range(1, known + 1):
        (folder / f"{number:04d}_known.sql").write_text("SELECT 1;\n")
    (folder / f"{known + 1:04d}_bad.sql").write_text("CREATE TABLE second (x INTEGER);\nNOT SQL AT ALL;\n")
    async with await Store.open(tmp_path / "peapod.db") as store:
        before = await tables(store)
        with pytest.raises(sqlite3.OperationalError):
            await store.migrate(folder)
        assert await tables(store) == before
        assert await store.schema_version() == known


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
