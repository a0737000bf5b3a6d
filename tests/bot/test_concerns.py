"""The table service's concerns built one at a time, each from only what its ``__init__`` names (a store, a
clock, the games, the shared tables and timers), without the rest of the service."""

import pytest

from bot.core.errors import UnknownKindError
from bot.core.lobbies import LOBBY_SECONDS, Lobbies
from bot.core.ratings import Ratings
from bot.core.results import Results
from bot.core.skill import new_rating
from bot.core.tables import Tables
from bot.core.timers import EXPIRE, Timers
from bot.store import NewGame, RatingChange, SqliteStore
from games import GAMES
from games.penguin import GAME as PENGUIN

GUILD, CHANNEL = 1, 2
ALICE, BOB, CAROL = 101, 202, 303
NOW = 1_000_000.0
DAY = 86_400.0


@pytest.fixture
async def store():
    store = await SqliteStore.open(":memory:")
    yield store
    await store.close()


async def a_game(store, players: tuple[int, ...], *, at: float = NOW, open_play: bool = False) -> int:
    """A dealt Penguin game saved straight into the store (no concern deals it)."""
    options = PENGUIN.resolve_options(None)
    state = PENGUIN.new_state(options, 1, 3)
    new = NewGame(
        kind="penguin",
        options=options,
        guild_id=GUILD,
        channel_id=CHANNEL,
        players=players,
        open_play=open_play,
        seed=3,
        deck=None,
        state=PENGUIN.to_dict(state),
        at=at,
    )
    return (await store.create_game(new)).id


async def test_ratings_alone_rank_by_the_clock_they_are_given(store):
    """Ratings over a store, the games and a clock: a week's leaderboard is the week before that clock."""
    for user_id, mu, ago in ((ALICE, 30.0, 2 * DAY), (BOB, 35.0, 20 * DAY)):
        game_id = await a_game(store, (user_id,))
        await store.rate_game(game_id, GUILD, "peanuts", [RatingChange(new_rating(user_id), mu, 5.0)], at=NOW - ago)
    ratings = Ratings(store=store, games=GAMES, clock=lambda: NOW)
    assert [rating.user_id for rating in await ratings.leaderboard(GUILD, "peanuts", "week")] == [ALICE]
    assert [rating.user_id for rating in await ratings.leaderboard(GUILD, "peanuts", "month")] == [BOB, ALICE]
    later = Ratings(store=store, games=GAMES, clock=lambda: NOW + 30 * DAY)
    assert await later.leaderboard(GUILD, "peanuts", "week") == []
    assert ratings.is_rated_kind("peanuts") and not ratings.is_rated_kind("penguin")
    with pytest.raises(UnknownKindError):
        ratings.is_rated_kind("chess")


async def test_results_alone_count_the_helpers_of_an_open_table(store):
    """Results over a store and the tables: who other than the owner moved at an open table, and how often."""
    game_id = await a_game(store, (ALICE,), open_play=True)
    record = await store.load_game(game_id)
    assert record is not None
    for version, user_id in enumerate((ALICE, BOB, CAROL, BOB)):
        await store.save_action(
            game_id, version=version, seat=0, code="d", state=record.state, finished=False, at=NOW, user_id=user_id
        )
    results = Results(store=store, tables=Tables(store=store, games=GAMES, clock=lambda: NOW))
    assert await results.helpers(game_id) == {BOB: 2, CAROL: 1}


async def test_lobbies_alone_set_a_new_table_to_expire(store):
    """Lobbies over a store, the tables and the timers: an opened table waits for its seats until a deadline,
    which the timers announce to whoever fires deadlines."""
    heard: list[float] = []
    tables = Tables(store=store, games=GAMES, clock=lambda: NOW)
    timers = Timers(store=store, clock=lambda: NOW, on_deadline=heard.append)
    lobbies = Lobbies(store=store, clock=lambda: NOW, seeds=lambda: 5, tables=tables, timers=timers)
    table = await lobbies.open_table("pebbles", guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, seats=2)
    assert (table.status, table.players) == ("seating", (ALICE, None))
    assert heard == [NOW + LOBBY_SECONDS]
    [timer] = await store.timers(table.game_id)
    assert (timer.kind, timer.due_at) == (EXPIRE, NOW + LOBBY_SECONDS)
