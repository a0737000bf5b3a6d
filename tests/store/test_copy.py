"""``python -m bot.store copy SOURCE TARGET``: SQLite to PostgreSQL and back, every table, counts checked,
a target with games refused (skipped where no PostgreSQL server answers)."""

import asyncio

import pytest

from bot.store import (
    DailyAttempt,
    PostgresStore,
    Rating,
    RatingChange,
    ResultRecord,
    SeatRecord,
    SqliteStore,
    Store,
)
from bot.store.__main__ import main
from bot.store.copy import TABLES, CopyRefusedError, copy, count

from .test_store import new_game
from .test_tournament_store import entrant, new_tournament


async def fill(store: Store) -> list[int]:
    """A few games with everything a bot keeps: seats, logs, results, deadlines, settings, closed DMs."""
    ids = []
    for index in range(3):
        game = await store.create_game(new_game(players=(1 + index, None), seating=True, at=float(index)))
        await store.set_seat(game.id, SeatRecord(seat=1, user_id=None, ai=True), was=game.seats[1])
        await store.deal(game.id, seed=index, state={"n": index}, at=10.0)
        await store.set_message(game.id, 900 + index, version=0, at=11.0)
        await store.save_action(game.id, version=0, seat=0, code="a", state={"n": 1}, finished=False, at=12.0)
        await store.set_timer(game.id, "ai", 99.5, version=1)
        await store.set_token(game.id, 900 + index, f"token {index}", 900.0)
        ids.append(game.id)
    results = (ResultRecord(1, 5, True), ResultRecord(7, 2, False))
    await store.save_action(ids[0], version=1, seat=1, code="b", state={}, finished=True, results=results, at=13.0)
    await store.name_results(ids[0], {1: "Ann"})
    await store.set_guild_setting(10, "turn_seconds", "60.0")
    await store.set_dm_closed(7, True, at=5.0)
    await store.set_dm_channel(7, 70)
    await store.set_user_locale(7, "pt-BR")
    await store.set_user_language(7, "de")
    await store.set_user_deck(7, "four-colour")
    rated = [RatingChange(Rating(1, 25.0, 8.3, 0), 27.0, 8.0), RatingChange(Rating(7, 25.0, 8.3, 0), 23.0, 8.0)]
    await store.rate_game(ids[0], 10, "count", rated, at=13.0)
    assert await store.add_daily(DailyAttempt("2026-11-25", "count", 1, ids[1], 10, 20, 14.0))
    tournament = await store.create_tournament(new_tournament())
    await store.add_entrant(tournament.id, entrant(1))
    await store.add_entrant(tournament.id, entrant(7, 1002.0))
    await store.pair(tournament.id, version=0, round=1, pairings=[(1, 7)], due_at=600.0, at=15.0)
    [match] = (await store.load_tournament(tournament.id)).pairings
    await store.set_pairing_game(match.id, ids[0])
    await store.record_launch(ids[1], 20, 1, at=16.0)
    launch = await store.launched_in(20)
    assert launch is not None
    await store.record_instance("i-1", launch, at=17.0)
    await store.add_socket("i-1", ids[1], 1, process="p", at=18.0)
    return ids


async def same_content(first: Store, second: Store, ids: list[int]) -> None:
    for game_id in ids:
        assert await first.load_game(game_id) == await second.load_game(game_id)
        assert await first.load_actions(game_id) == await second.load_actions(game_id)
        assert await first.table_token(game_id, 900 + ids.index(game_id)) == await second.table_token(
            game_id, 900 + ids.index(game_id)
        )
        assert await first.results(game_id) == await second.results(game_id)
        assert await first.timers(game_id) == await second.timers(game_id)
    assert await second.scoreboard(20, "count") == await first.scoreboard(20, "count")
    assert await second.guild_setting(10, "turn_seconds") == "60.0"
    assert await second.dm_closed(7) and await second.dm_channel(7) == 70
    assert await second.user_language(7) == await first.user_language(7)
    assert await second.user_settings(7) == await first.user_settings(7)
    tournament = await first.load_tournament(1)
    assert tournament is not None and tournament.pairings[0].game_id == ids[0]
    assert await second.load_tournament(1) == tournament
    assert await second.tournament_timers(1) == await first.tournament_timers(1)
    assert await second.ratings(10, "count", [1, 7]) == await first.ratings(10, "count", [1, 7])
    assert await second.rating_history(10, "count", 1) == await first.rating_history(10, "count", 1)
    assert await second.daily_attempt("2026-11-25", "count", 1) == await first.daily_attempt("2026-11-25", "count", 1)
    assert await second.launched_in(20) == await first.launched_in(20)
    assert await second.instance_games("i-1") == await first.instance_games("i-1")


async def test_sqlite_to_postgresql_and_back(tmp_path, postgres_url):
    async with await SqliteStore.open(tmp_path / "a.db") as source:
        ids = await fill(source)
        async with await PostgresStore.open(postgres_url) as target:
            copied = await copy(source, target)
            assert copied == {
                "games": 3,
                "seats": 6,
                "actions": 4,
                "results": 2,
                "timers": 3,
                "closed_dms": 1,
                "dm_channels": 1,
                "guild_settings": 1,
                "user_languages": 1,
                "user_settings": 1,
                "ratings": 2,
                "rating_changes": 2,
                "daily_attempts": 1,
                "tournaments": 1,
                "tournament_entrants": 2,
                "tournament_rounds": 1,
                "tournament_pairings": 1,
                "tournament_timers": 2,
                "table_tokens": 3,
                "live_launches": 1,
                "live_instances": 1,
            }
            assert set(copied) == {table.name for table in TABLES}
            await same_content(source, target, ids)
            new = await target.create_game(new_game())
            assert new.id == max(ids) + 1
            later = await target.create_tournament(new_tournament(channel_id=21))
            assert later.id == 2, "new tournaments get new ids"
            async with await SqliteStore.open(tmp_path / "b.db") as back:
                await copy(target, back)
                await same_content(target, back, ids)


async def test_a_target_that_holds_games_is_refused(tmp_path):
    async with await SqliteStore.open(tmp_path / "a.db") as source, await SqliteStore.open(tmp_path / "b.db") as target:
        await fill(source)
        await target.create_game(new_game())
        with pytest.raises(CopyRefusedError, match="already holds 1 game"):
            await copy(source, target)
        assert await count(target, "games") == 1


def test_the_command_prints_the_counts_and_refuses_twice(tmp_path, capsys):
    async def prepare() -> None:
        async with await SqliteStore.open(tmp_path / "a.db") as source:
            await fill(source)

    asyncio.run(prepare())
    source, target = f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}"
    assert main(["copy", source, target]) == 0
    out = capsys.readouterr()
    assert "games" in out.out and "3 copied" in out.out and "the counts match" in out.out
    assert "[" in out.err  # the progress bar
    assert main(["copy", source, target]) == 1
    assert "already holds 3 games" in capsys.readouterr().err
