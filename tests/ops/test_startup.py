"""A bot process starting: its store is watched by the metrics and its predecessor's deadline claims are back."""

from bot.__main__ import open_bot_store
from bot.config import Settings
from bot.ops import metrics
from bot.store import DEFAULT_CLAIMANT, SqliteStore
from tests.store.test_store import new_game


def connections_taken() -> float:
    return metrics.REGISTRY.get_sample_value("peapod_db_pool_wait_seconds_count") or 0.0


def test_the_claimant_is_the_shards_a_process_runs():
    assert Settings(_env_file=None).claimant == DEFAULT_CLAIMANT
    split = Settings(_env_file=None, shard_count=4, shard_ids="2,3", database_url="postgresql://h/db")
    assert split.claimant == "shards 2,3 of 4"


async def test_a_restarted_bot_fires_at_once_what_its_killed_predecessor_had_claimed(tmp_path):
    settings = Settings(_env_file=None, database_path=tmp_path / "peapod.db")
    killed = await SqliteStore.open(settings.database_path)
    killed.claimant = settings.claimant
    game = await killed.create_game(new_game())
    await killed.set_timer(game.id, "ai", 10.0, version=1)
    (due,) = await killed.due_timers(10.0)
    assert await killed.take_timer(due, now=10.0)
    await killed.close()
    taken = connections_taken()
    store = await open_bot_store(settings)
    try:
        assert await store.due_timers(11.0) == [due]
        assert connections_taken() > taken
        assert metrics.POOL_SIZE._value.get() == 1
    finally:
        await store.close()
