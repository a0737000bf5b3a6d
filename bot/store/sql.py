"""Every query of the store, written once for both backends (ARCHITECTURE.md, STYLE.md 7.6).

SQL here uses ``?`` placeholders and only what SQLite and PostgreSQL share; a backend
(:mod:`bot.store.sqlite`, :mod:`bot.store.postgres`) supplies connections and transactions, turns
the placeholders into its own, and says the two things that differ (:attr:`SqlStore.NULL_SAFE_EQUAL`,
:attr:`SqlStore.RESULT_ORDER`).

- ``save_action`` is the version-checked save: in one transaction it bumps the version
  ``WHERE id = ? AND version = ?``, appends the action row (``seq`` = the new version) and writes the
  snapshot, status and result rows. When the version moved on it rolls back and raises
  :class:`StaleGameError` (the caller decides whether to retry or report; nothing is ever merged).
- ``set_seat`` changes a seat only if it is still as the caller read it (two processes filling one
  lobby seat: one wins, the other gets :class:`StaleGameError`).
- Deadlines are claimed, not deleted, when they fire: ``take_timer`` marks one as being fired by this
  store's :attr:`SqlStore.claimant` until :data:`TIMER_LEASE` seconds from now, and ``done_timer``
  removes it once fired. A process killed in between leaves the claim to lapse, and another process
  fires the deadline; a process restarted under the same claimant (the same shards) takes its
  predecessor's claims back at once with ``release_claims``, as a process stopping gives back its own.
- JSON columns (options, state, settings) go in and come out as mappings. Timestamps are Unix epoch
  seconds (floats) passed in by the caller, so tests control time.
"""

import json
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from types import TracebackType
from typing import Any, Self, TypeVar

from bot.store.connection import Connection
from bot.store.live import LiveQueries
from bot.store.protocol import ChangeListener, RedrawListener
from bot.store.records import (
    ActionRecord,
    DailyAttempt,
    GameRecord,
    NewGame,
    PlayerStats,
    Rating,
    RatingChange,
    ResultRecord,
    ScoreRow,
    SeatRecord,
    StaleGameError,
    StoreError,
    TimerRecord,
    TokenRecord,
    UserLanguage,
    UserSettings,
)
from bot.store.tournaments import TournamentQueries
from bot.store.watcher import Unwatched, Watcher

T = TypeVar("T")

TIMER_LEASE = 60.0
"""Seconds a claimed deadline stays with the process that claimed it before another may fire it."""
DEFAULT_CLAIMANT = "all shards"
HELD_BY = "held for a click"
"""The claimant of a deadline held until a click on its game (:meth:`SqlStore.hold_timer`)."""
HELD_UNTIL = 1e15
"""When a held deadline's claim lapses: never (only :meth:`SqlStore.wake_timers` lets it fire)."""
"""The claimant of a process that runs every shard (the bot's usual single process)."""

GAME_COLUMNS = (
    "id, kind, options, guild_id, channel_id, message_id, status, open_play, seed, deck, version, state, "
    "created_at, updated_at, shown_version, host_id, settings, thread_id, place"
)
SEAT_COLUMNS = "seat, user_id, ai, ready, missed, away, dm_channel_id, dm_message_id"


def _of(table: str, columns: str) -> str:
    return ", ".join(f"{table}.{column}" for column in columns.split(", "))


GAME_WITH_SEATS = (
    f"SELECT {_of('g', GAME_COLUMNS)}, {_of('s', SEAT_COLUMNS)} FROM games AS g "
    "LEFT JOIN seats AS s ON s.game_id = g.id WHERE g.id = ? ORDER BY s.seat"
)
"""A game's row beside each of its seats' (one row, seat columns NULL, for a game without seats)."""
TIMER_COLUMNS = "game_id, kind, due_at, version"


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _seat(row: Sequence[Any]) -> SeatRecord:
    return SeatRecord(
        seat=int(row[0]),
        user_id=None if row[1] is None else int(row[1]),
        ai=bool(row[2]),
        ready=bool(row[3]),
        missed=int(row[4]),
        away=bool(row[5]),
        dm_channel_id=None if row[6] is None else int(row[6]),
        dm_message_id=None if row[7] is None else int(row[7]),
    )


def _timer(row: Sequence[Any]) -> TimerRecord:
    return TimerRecord(int(row[0]), row[1], float(row[2]), None if row[3] is None else int(row[3]))


_DAILY = "day, kind, user_id, game_id, guild_id, channel_id, at"


def _daily(row: Sequence[Any]) -> DailyAttempt:
    return DailyAttempt(
        day=str(row[0]),
        kind=str(row[1]),
        user_id=int(row[2]),
        game_id=int(row[3]),
        guild_id=None if row[4] is None else int(row[4]),
        channel_id=None if row[5] is None else int(row[5]),
        at=float(row[6]),
    )


class SqlStore(TournamentQueries, LiveQueries, ABC):
    """The store's queries over a backend's connections (with the tournaments' and the live races':
    :mod:`bot.store.tournaments`, :mod:`bot.store.live`);
    subclasses open, migrate and connect."""

    NULL_SAFE_EQUAL = "IS"
    """How the backend compares two values that may be NULL."""
    SHARED = False
    """Whether other processes may write to the same database (their deadlines wake no timer here)."""
    RESULT_ORDER = "rowid"
    """The column that keeps result rows in the order they were written."""
    timer_lease = TIMER_LEASE
    """Seconds a claimed deadline stays with its firer (tests that kill firers shorten it)."""
    claimant = DEFAULT_CLAIMANT
    """Who this store's claims name: one process at a time (the shards it runs), the same across restarts."""
    watcher: Watcher = Unwatched()
    """Told of the connections this store takes and the errors it raises (the bot's metrics)."""

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[Connection]:
        """One write transaction: committed when the block ends, rolled back on any error."""

    @abstractmethod
    def _reading(self) -> AbstractAsyncContextManager[Connection]:
        """A connection for reads that must see one consistent database."""

    @abstractmethod
    def _statement(self) -> AbstractAsyncContextManager[Connection]:
        """A connection for one statement, which sees one consistent database by itself (no transaction around
        it: on PostgreSQL, one round trip instead of three)."""

    @abstractmethod
    async def close(self) -> None: ...

    @contextmanager
    def _counting_failures(self) -> Iterator[None]:
        """Tell the watcher of any store error raised inside the block."""
        try:
            yield
        except StoreError as error:
            self.watcher.failed(error)
            raise

    @asynccontextmanager
    async def _taking(self, taking: AbstractAsyncContextManager[T]) -> AsyncIterator[T]:
        """Hold a connection (or the one connection's lock) through ``taking``, telling the watcher how long it
        waited for it and when it is given back."""
        asked = time.perf_counter()
        async with taking as held:
            self.watcher.connection_taken(time.perf_counter() - asked)
            try:
                yield held
            finally:
                self.watcher.connection_returned()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.close()

    async def _fetch(self, sql: str, parameters: Sequence[Any] = ()) -> list[Sequence[Any]]:
        async with self._statement() as db:
            return await db.fetch(sql, parameters)

    async def create_game(self, new: NewGame) -> GameRecord:
        """Insert a game (version 0, ``dealing`` unless the deal already ended it) with its seats; return it."""
        deck = " ".join(new.deck) if new.deck is not None else None
        async with self._transaction() as db:
            rows = await db.fetch(
                "INSERT INTO games (kind, options, guild_id, channel_id, status, open_play, host_id, seed, deck, "
                "version, state, created_at, updated_at, settings, place) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?) RETURNING id",
                (
                    new.kind,
                    _json(dict(new.options)),
                    new.guild_id,
                    new.channel_id,
                    "finished" if new.finished else "seating" if new.seating else "dealing",
                    int(new.open_play),
                    new.host_id,
                    new.seed,
                    deck,
                    _json(new.state),
                    new.at,
                    new.at,
                    _json(dict(new.settings)),
                    new.place,
                ),
            )
            game_id = int(rows[0][0])
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, ai, ready) VALUES (?, ?, ?, ?, ?)",
                [
                    (game_id, seat, user_id, int(seat in new.ai_seats), int(seat not in new.invited))
                    for seat, user_id in enumerate(new.players)
                ],
            )
            if new.finished:
                await self._insert_results(db, game_id, new.results, new.at)
        record = await self.load_game(game_id)
        if record is None:
            raise RuntimeError(f"Game {game_id} vanished right after it was created.")
        return record

    async def load_game(self, game_id: int) -> GameRecord | None:
        """The game with this id, or None (its row and its seats' in one statement: every click reads it)."""
        rows = await self._fetch(GAME_WITH_SEATS, (game_id,))
        if not rows:
            return None
        row, seated = rows[0], len(GAME_COLUMNS.split(", "))
        return GameRecord(
            id=int(row[0]),
            kind=row[1],
            options=json.loads(row[2]),
            guild_id=None if row[3] is None else int(row[3]),
            channel_id=None if row[4] is None else int(row[4]),
            message_id=None if row[5] is None else int(row[5]),
            status=row[6],
            open_play=bool(row[7]),
            seed=int(row[8]),
            deck=tuple(row[9].split()) if row[9] is not None else None,
            version=int(row[10]),
            state=json.loads(row[11]),
            created_at=float(row[12]),
            updated_at=float(row[13]),
            shown_version=None if row[14] is None else int(row[14]),
            host_id=None if row[15] is None else int(row[15]),
            settings=json.loads(row[16]),
            thread_id=None if row[17] is None else int(row[17]),
            place=str(row[18]),
            seats=tuple(_seat(seat[seated:]) for seat in rows if seat[seated] is not None),
        )

    async def load_actions(self, game_id: int) -> list[ActionRecord]:
        """A game's whole action log, oldest first."""
        rows = await self._fetch(
            "SELECT seq, seat, code, at, user_id FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [
            ActionRecord(int(r[0]), int(r[1]), r[2], float(r[3]), None if r[4] is None else int(r[4])) for r in rows
        ]

    async def count_actions(self, game_id: int, code: str) -> tuple[int, int]:
        """How many actions a game has logged, and how many of them have ``code``."""
        rows = await self._fetch(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN code = ? THEN 1 ELSE 0 END), 0) FROM actions WHERE game_id = ?",
            (code, game_id),
        )
        return int(rows[0][0]), int(rows[0][1])

    async def save_action(
        self,
        game_id: int,
        *,
        version: int,
        seat: int,
        code: str,
        state: Mapping[str, Any],
        finished: bool,
        results: Sequence[ResultRecord] = (),
        at: float,
        user_id: int | None = None,
    ) -> int:
        """Log one action and its resulting snapshot if the game is still at ``version``; return the new version.

        When ``finished``, the game is marked finished and ``results`` written, in the same transaction.

        Raises:
            StaleGameError: the game is no longer at ``version`` (or does not exist); nothing was written.
        """
        new_version = version + 1
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE games SET state = ?, status = ?, version = ?, updated_at = ? WHERE id = ? AND version = ?",
                (_json(state), "finished" if finished else "active", new_version, at, game_id, version),
            )
            if changed != 1:
                raise StaleGameError(game_id, version)
            await db.execute(
                "INSERT INTO actions (game_id, seq, seat, code, at, user_id) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, new_version, seat, code, at, user_id),
            )
            if finished:
                await self._insert_results(db, game_id, results, at)
            await self._announce_change(db, game_id, new_version)
        self._changed(game_id, new_version)
        return new_version

    async def _announce_change(self, db: Connection, game_id: int, version: int) -> None:
        """Inside a save's transaction: tell the other processes the game changed (sent at commit, if any)."""

    def _changed(self, game_id: int, version: int) -> None:
        """After a save's commit: tell this process's change listeners, where no database notice reaches them."""

    @staticmethod
    async def _insert_results(db: Connection, game_id: int, results: Sequence[ResultRecord], at: float) -> None:
        """Result rows, copying guild, channel and kind from the game (inside the caller's transaction)."""
        await db.executemany(
            "INSERT INTO results (game_id, guild_id, channel_id, user_id, kind, score, won, finished_at) "
            "SELECT id, guild_id, channel_id, CAST(? AS BIGINT), kind, CAST(? AS INTEGER), CAST(? AS INTEGER), "
            "CAST(? AS DOUBLE PRECISION) FROM games WHERE id = ?",
            [(result.user_id, result.score, int(result.won), at, game_id) for result in results],
        )

    async def set_message(self, game_id: int, message_id: int, *, version: int, at: float) -> bool:
        """Remember the table message of a game and the version it shows; a ``dealing`` game becomes ``active``.

        Returns False when there is no such game.
        """
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE games SET message_id = ?, shown_version = ?, updated_at = ?, "
                "status = CASE status WHEN 'dealing' THEN 'active' ELSE status END WHERE id = ?",
                (message_id, version, at, game_id),
            )
        return changed == 1

    async def set_thread(self, game_id: int, thread_id: int, message_id: int) -> bool:
        """Move a game's table into ``thread_id`` (its board ``message_id`` there), once: False when the
        game already has a thread."""
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE games SET thread_id = ?, message_id = ? WHERE id = ? AND thread_id IS NULL",
                (thread_id, message_id, game_id),
            )
        return changed == 1

    async def leave_thread(self, game_id: int, board_id: int) -> bool:
        """The game's message is its thread's first message again (the board ``board_id`` is done);
        False when it already was."""
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE games SET message_id = thread_id WHERE id = ? AND message_id = ? AND thread_id IS NOT NULL",
                (game_id, board_id),
            )
        return changed == 1

    async def set_token(self, game_id: int, message_id: int, token: str, expires_at: float) -> None:
        """Keep the token that may edit a game's message ``message_id`` until ``expires_at``, unless the one kept
        lasts longer (clicks may be handled out of order)."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO table_tokens (game_id, message_id, token, expires_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id, message_id) DO UPDATE SET token = excluded.token, "
                "expires_at = excluded.expires_at WHERE excluded.expires_at > table_tokens.expires_at",
                (game_id, message_id, token, expires_at),
            )

    async def table_token(self, game_id: int, message_id: int) -> TokenRecord | None:
        """The token kept for a game's message (expired or not), or None."""
        rows = await self._fetch(
            "SELECT message_id, token, expires_at FROM table_tokens WHERE game_id = ? AND message_id = ?",
            (game_id, message_id),
        )
        return TokenRecord(int(rows[0][0]), str(rows[0][1]), float(rows[0][2])) if rows else None

    async def set_shown(self, game_id: int, version: int) -> None:
        """The table message now shows ``version`` (never moves back: redraws may finish out of order)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET shown_version = ? WHERE id = ? AND (shown_version IS NULL OR shown_version < ?)",
                (version, game_id, version),
            )

    async def lagging_games(self) -> list[int]:
        """Games whose table message, or a seat's hand message, shows an older version than the database (a
        redraw was lost), and finished games whose result has not yet left their thread for the channel."""
        rows = await self._fetch(
            "SELECT id FROM games WHERE message_id IS NOT NULL AND status IN ('active', 'finished') "
            "AND (shown_version < version OR (status = 'finished' AND thread_id IS NOT NULL "
            "AND message_id <> thread_id) OR EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id "
            "AND seats.dm_message_id IS NOT NULL AND seats.shown_version < games.version)) ORDER BY id"
        )
        return [int(row[0]) for row in rows]

    async def running_games(self) -> dict[str, int]:
        """How many games of each kind are being played now (every process's)."""
        rows = await self._fetch("SELECT kind, COUNT(*) FROM games WHERE status = 'active' GROUP BY kind")
        return {str(row[0]): int(row[1]) for row in rows}

    async def drop_unshown_deals(self, *, before: float) -> list[int]:
        """Delete games still ``dealing`` (their table message never appeared) created before ``before``."""
        async with self._transaction() as db:
            rows = await db.fetch(
                "DELETE FROM games WHERE status = 'dealing' AND created_at < ? RETURNING id", (before,)
            )
        return sorted(int(row[0]) for row in rows)

    async def set_timer(self, game_id: int, kind: str, due_at: float, *, version: int | None = None) -> None:
        """Set (or move) the game's ``kind`` deadline, for the position at ``version`` (unclaimed)."""
        await self.reset_timers(game_id, (), [(kind, due_at, version)])

    async def reset_timers(
        self, game_id: int, kinds: Sequence[str], timers: Sequence[tuple[str, float, int | None]]
    ) -> None:
        """Remove the game's deadlines of ``kinds`` and set ``timers`` ((kind, due_at, version) each) in one
        transaction: a process stopped halfway leaves the old deadlines, never a game without any."""
        async with self._transaction() as db:
            if kinds:
                await db.executemany(
                    "DELETE FROM timers WHERE game_id = ? AND kind = ?", [(game_id, kind) for kind in kinds]
                )
            if timers:
                await db.executemany(
                    "INSERT INTO timers (game_id, kind, due_at, version, claimed_until) VALUES (?, ?, ?, ?, NULL) "
                    "ON CONFLICT (game_id, kind) DO UPDATE SET due_at = excluded.due_at, version = excluded.version, "
                    "claimed_until = NULL, claimed_by = NULL",
                    [(game_id, kind, due_at, version) for kind, due_at, version in timers],
                )

    async def clear_timers(self, game_id: int, *kinds: str) -> None:
        """Remove the game's deadlines of these kinds (all of them when none is named)."""
        async with self._transaction() as db:
            if kinds:
                await db.executemany(
                    "DELETE FROM timers WHERE game_id = ? AND kind = ?", [(game_id, kind) for kind in kinds]
                )
            else:
                await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))

    async def timers(self, game_id: int) -> list[TimerRecord]:
        """The game's deadlines, soonest first."""
        rows = await self._fetch(
            f"SELECT {TIMER_COLUMNS} FROM timers WHERE game_id = ? ORDER BY due_at, kind", (game_id,)
        )
        return [_timer(row) for row in rows]

    async def due_timers(self, now: float) -> list[TimerRecord]:
        """Every deadline at or before ``now`` that no process is firing, soonest first."""
        rows = await self._fetch(
            f"SELECT {TIMER_COLUMNS} FROM timers WHERE due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?) "
            "ORDER BY due_at, game_id, kind",
            (now, now),
        )
        return [_timer(row) for row in rows]

    async def next_due(self) -> float | None:
        """When the soonest deadline falls, a game's or a tournament's (a claimed one: when its claim lapses), or
        None when there is none."""
        soonest = (
            "MIN(CASE WHEN claimed_until IS NOT NULL AND claimed_until > due_at THEN claimed_until ELSE due_at END)"
        )
        rows = await self._fetch(
            f"SELECT MIN(due) FROM (SELECT {soonest} AS due FROM timers "
            f"UNION ALL SELECT {soonest} AS due FROM tournament_timers) AS deadlines"
        )
        return None if rows[0][0] is None else float(rows[0][0])

    async def take_timer(self, timer: TimerRecord, *, now: float) -> bool:
        """Claim ``timer`` if it is still set for that instant and nobody fires it; True means the caller fires
        it, then calls :meth:`done_timer`. A claim lapses :attr:`timer_lease` seconds after ``now``."""
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE timers SET claimed_until = ?, claimed_by = ? WHERE game_id = ? AND kind = ? AND due_at = ? "
                "AND (claimed_until IS NULL OR claimed_until <= ?)",
                (now + self.timer_lease, self.claimant, timer.game_id, timer.kind, timer.due_at, now),
            )
        if changed == 1:
            self.watcher.deadline_claimed(timer.kind, timer.due_at, now)
        return changed == 1

    async def release_claims(self) -> int:
        """Give back every deadline claimed under this store's :attr:`claimant`, so that they are due again at
        once; return how many. A process calls it when it starts (its predecessor for the same shards may
        have been killed mid-fire) and when it stops (another process then fires them without waiting)."""
        async with self._transaction() as db:
            games = await db.execute(
                "UPDATE timers SET claimed_until = NULL, claimed_by = NULL WHERE claimed_by = ?", (self.claimant,)
            )
            return games + await db.execute(
                "UPDATE tournament_timers SET claimed_until = NULL, claimed_by = NULL WHERE claimed_by = ?",
                (self.claimant,),
            )

    async def hold_timer(self, timer: TimerRecord) -> None:
        """Keep a claimed deadline from firing until :meth:`wake_timers` (its game waits for a click)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE timers SET claimed_until = ?, claimed_by = ? WHERE game_id = ? AND kind = ? AND due_at = ?",
                (HELD_UNTIL, HELD_BY, timer.game_id, timer.kind, timer.due_at),
            )

    async def held_timers(self, game_id: int) -> int:
        """How many of a game's deadlines are held for a click."""
        rows = await self._fetch("SELECT COUNT(*) FROM timers WHERE game_id = ? AND claimed_by = ?", (game_id, HELD_BY))
        return int(rows[0][0])

    async def wake_timers(self, game_id: int) -> int:
        """Let a game's held deadlines fire (they are due at once); return how many there were."""
        async with self._transaction() as db:
            return await db.execute(
                "UPDATE timers SET claimed_until = NULL, claimed_by = NULL WHERE game_id = ? AND claimed_by = ?",
                (game_id, HELD_BY),
            )

    async def done_timer(self, timer: TimerRecord) -> None:
        """Remove a fired deadline (unless firing it set the same kind again for another instant)."""
        async with self._transaction() as db:
            await db.execute(
                "DELETE FROM timers WHERE game_id = ? AND kind = ? AND due_at = ?",
                (timer.game_id, timer.kind, timer.due_at),
            )

    async def set_seat(self, game_id: int, seat: SeatRecord, *, was: SeatRecord) -> None:
        """Sit ``seat.user_id`` (or the AI, or nobody) in a seat, with its ready, away and missed marks, if the
        seat is still as ``was`` shows it.

        Raises:
            StaleGameError: someone changed the seat meanwhile (another click, another process).
        """
        same = self.NULL_SAFE_EQUAL
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE seats SET user_id = ?, ai = ?, ready = ?, away = ?, missed = ? WHERE game_id = ? AND seat = ? "
                f"AND user_id {same} ? AND ai = ? AND ready = ? AND away = ? AND missed = ?",
                (
                    seat.user_id,
                    int(seat.ai),
                    int(seat.ready),
                    int(seat.away),
                    seat.missed,
                    game_id,
                    seat.seat,
                    was.user_id,
                    int(was.ai),
                    int(was.ready),
                    int(was.away),
                    was.missed,
                ),
            )
        if changed != 1:
            raise StaleGameError(game_id, -1)

    async def set_seat_message(self, game_id: int, seat: int, channel_id: int | None, message_id: int | None) -> None:
        """Remember the seat's private message (its hand in a DM), or forget it."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE seats SET dm_channel_id = ?, dm_message_id = ?, shown_version = ? "
                "WHERE game_id = ? AND seat = ?",
                (channel_id, message_id, None if message_id is None else -1, game_id, seat),
            )

    async def set_hand_shown(self, game_id: int, seat: int, version: int) -> None:
        """The seat's hand message now shows ``version`` (never moves back)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE seats SET shown_version = ? WHERE game_id = ? AND seat = ? AND dm_message_id IS NOT NULL "
                "AND (shown_version IS NULL OR shown_version < ?)",
                (version, game_id, seat, version),
            )

    async def deal(self, game_id: int, *, seed: int, state: Mapping[str, Any], at: float) -> bool:
        """Deal a lobby: it becomes ``active`` with its first snapshot. False if it was not seating."""
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE games SET status = 'active', seed = ?, state = ?, updated_at = ? "
                "WHERE id = ? AND status = 'seating'",
                (seed, _json(state), at, game_id),
            )
        return changed == 1

    async def set_status(self, game_id: int, status: str, *, was: str, at: float) -> bool:
        """Move a game from status ``was`` to ``status``; False if it was not at ``was``."""
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status = ?", (status, at, game_id, was)
            )
        return changed == 1

    async def set_dm_closed(self, user_id: int, closed: bool, *, at: float) -> None:
        """Remember that Discord refused (or accepted again) a DM to this user."""
        async with self._transaction() as db:
            if closed:
                await db.execute(
                    "INSERT INTO closed_dms (user_id, at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET at = ?",
                    (user_id, at, at),
                )
            else:
                await db.execute("DELETE FROM closed_dms WHERE user_id = ?", (user_id,))

    async def dm_closed(self, user_id: int) -> bool:
        """Whether DMs to this user were refused (and not accepted since)."""
        return bool(await self._fetch("SELECT 1 FROM closed_dms WHERE user_id = ?", (user_id,)))

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        """Remember the user's DM channel with the bot (its id never changes)."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
                (user_id, channel_id),
            )

    async def dm_channel(self, user_id: int) -> int | None:
        """The user's DM channel with the bot, if it was ever opened."""
        rows = await self._fetch("SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,))
        return int(rows[0][0]) if rows else None

    async def user_language(self, user_id: int) -> UserLanguage:
        """The locale a user last used with peapod and the language they chose (None for either if never)."""
        rows = await self._fetch("SELECT locale, chosen FROM user_languages WHERE user_id = ?", (user_id,))
        return UserLanguage(locale=rows[0][0], chosen=rows[0][1]) if rows else UserLanguage(None, None)

    async def set_user_locale(self, user_id: int, locale: str) -> None:
        """Remember the Discord locale a user's client last sent."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO user_languages (user_id, locale) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
                (user_id, locale),
            )

    async def set_user_language(self, user_id: int, chosen: str | None) -> None:
        """Remember the language a user chose with ``/language`` (None: back to their Discord client's)."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO user_languages (user_id, chosen) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET chosen = excluded.chosen",
                (user_id, chosen),
            )

    async def user_settings(self, user_id: int) -> UserSettings:
        """A person's ``/settings`` choices (the defaults if they never chose)."""
        rows = await self._fetch("SELECT deck, pictures FROM user_settings WHERE user_id = ?", (user_id,))
        return UserSettings(deck=rows[0][0], pictures=bool(rows[0][1])) if rows else UserSettings()

    async def set_user_deck(self, user_id: int, deck: str) -> None:
        """Remember the deck a person chose for their pictures (``"standard"`` or ``"four-colour"``)."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, deck) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET deck = excluded.deck",
                (user_id, deck),
            )

    async def set_user_pictures(self, user_id: int, pictures: bool) -> None:
        """Remember whether a person's private views are pictures (True) or text."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, pictures) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET pictures = excluded.pictures",
                (user_id, int(pictures)),
            )

    async def last_action_at(self, game_id: int, seat: int | None = None) -> float | None:
        """When the game's last action was logged (by ``seat``, if given)."""
        if seat is None:
            rows = await self._fetch("SELECT MAX(at) FROM actions WHERE game_id = ?", (game_id,))
        else:
            rows = await self._fetch("SELECT MAX(at) FROM actions WHERE game_id = ? AND seat = ?", (game_id, seat))
        return None if rows[0][0] is None else float(rows[0][0])

    async def open_tables(self, channel_id: int, user_id: int, kind: str) -> list[int]:
        """Lobbies and running games of ``kind`` in a channel (or its race thread) where the user has a seat;
        newest first."""
        rows = await self._fetch(
            "SELECT g.id FROM games AS g WHERE (g.channel_id = ? OR g.thread_id = ?) AND g.kind = ? "
            "AND g.status IN ('seating', 'active') "
            "AND EXISTS (SELECT 1 FROM seats AS s WHERE s.game_id = g.id AND s.user_id = ?) "
            "ORDER BY g.created_at DESC, g.id DESC",
            (channel_id, channel_id, kind, user_id),
        )
        return [int(row[0]) for row in rows]

    async def guild_setting(self, guild_id: int, key: str) -> str | None:
        """A server's setting, or None when it has not set it."""
        rows = await self._fetch("SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))
        return rows[0][0] if rows else None

    async def set_guild_setting(self, guild_id: int, key: str, value: str) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                (guild_id, key, value),
            )

    async def guilds_with_setting(self, key: str) -> list[tuple[int, str]]:
        """(server, value) of every server that has set ``key``."""
        rows = await self._fetch("SELECT guild_id, value FROM guild_settings WHERE key = ? ORDER BY guild_id", (key,))
        return [(int(row[0]), str(row[1])) for row in rows]

    async def results(self, game_id: int) -> list[ResultRecord]:
        """The result rows of a finished game, by user id."""
        rows = await self._fetch(
            f"SELECT user_id, score, won FROM results WHERE game_id = ? ORDER BY {self.RESULT_ORDER}", (game_id,)
        )
        return [ResultRecord(user_id=int(r[0]), score=int(r[1]), won=bool(r[2])) for r in rows]

    async def active_games(self, channel_id: int, user_id: int, kind: str) -> list[int]:
        """Unfinished games of ``kind`` in a channel (or its race thread) where the user has a seat or play is
        open; newest first."""
        rows = await self._fetch(
            "SELECT g.id FROM games AS g WHERE (g.channel_id = ? OR g.thread_id = ?) AND g.kind = ? "
            "AND g.status = 'active' "
            "AND (g.open_play = 1 OR EXISTS (SELECT 1 FROM seats AS s WHERE s.game_id = g.id AND s.user_id = ?)) "
            "ORDER BY g.created_at DESC, g.id DESC",
            (channel_id, channel_id, kind, user_id),
        )
        return [int(row[0]) for row in rows]

    async def scoreboard(self, channel_id: int, kind: str, *, limit: int = 10) -> list[ScoreRow]:
        """Per player in a channel, for one kind: games, wins, best score; by wins, best, games (all desc)."""
        rows = await self._fetch(
            "SELECT r.user_id, COUNT(*) AS games, SUM(r.won) AS wins, MAX(r.score) AS best, "
            "(SELECT n.name FROM results AS n WHERE n.user_id = r.user_id AND n.name IS NOT NULL "
            "ORDER BY n.finished_at DESC LIMIT 1) FROM results AS r "
            "WHERE r.channel_id = ? AND r.kind = ? GROUP BY r.user_id "
            "ORDER BY wins DESC, best DESC, games DESC, r.user_id ASC LIMIT ?",
            (channel_id, kind, limit),
        )
        return [ScoreRow(int(r[0]), int(r[1]), int(r[2]), int(r[3]), r[4]) for r in rows]

    async def ratings(self, scope_id: int, kind: str, user_ids: Sequence[int]) -> dict[int, Rating]:
        """The current ratings of these players in a scope for one game (players never rated are left out).

        A scope is the server that added peapod, or elsewhere the chat itself (:meth:`bot.core.places.Place.scope`);
        the ``guild_id`` columns of ``ratings`` and ``rating_changes`` hold it (servers' and channels' ids are
        snowflakes, never equal).
        """
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self._fetch(
            f"SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND kind = ? AND user_id IN ({marks})",
            (scope_id, kind, *user_ids),
        )
        return {int(r[0]): Rating(int(r[0]), float(r[1]), float(r[2]), int(r[3])) for r in rows}

    async def rate_game(
        self, game_id: int, scope_id: int, kind: str, changes: Sequence[RatingChange], *, at: float
    ) -> bool:
        """Apply one game's rating changes, once: False when the game was rated already.

        Each rating changes only if it is still as read (``change.before.games``), all or nothing.

        Raises:
            StaleGameError: a player's rating changed since it was read (another game ended); nothing was written.
        """
        async with self._transaction() as db:
            if await db.fetch("SELECT 1 FROM rating_changes WHERE game_id = ?", (game_id,)):
                return False
            for change in changes:
                before = change.before
                if before.games == 0:
                    changed = await db.execute(
                        "INSERT INTO ratings (guild_id, kind, user_id, mu, sigma, games, updated_at) "
                        "VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (guild_id, kind, user_id) DO NOTHING",
                        (scope_id, kind, before.user_id, change.mu, change.sigma, at),
                    )
                else:
                    changed = await db.execute(
                        "UPDATE ratings SET mu = ?, sigma = ?, games = games + 1, updated_at = ? "
                        "WHERE guild_id = ? AND kind = ? AND user_id = ? AND games = ?",
                        (change.mu, change.sigma, at, scope_id, kind, before.user_id, before.games),
                    )
                if changed != 1:
                    raise StaleGameError(game_id, before.games)
                await db.execute(
                    "INSERT INTO rating_changes (game_id, user_id, guild_id, kind, mu_before, sigma_before, mu, sigma, "
                    "at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, before.user_id, scope_id, kind, before.mu, before.sigma, change.mu, change.sigma, at),
                )
        return True

    async def clear_ratings(self) -> None:
        """Forget every rating and rating change (before they are rebuilt from the finished games)."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM rating_changes")
            await db.execute("DELETE FROM ratings")

    async def finished_in_order(self, kinds: Sequence[str]) -> list[int]:
        """The ids of every finished game of these kinds, in the order they ended."""
        if not kinds:
            return []
        marks = ", ".join("?" for _ in kinds)
        rows = await self._fetch(
            f"SELECT id FROM games WHERE status = 'finished' AND kind IN ({marks}) ORDER BY updated_at, id",
            tuple(kinds),
        )
        return [int(row[0]) for row in rows]

    async def leaderboard(self, scope_id: int, kind: str, *, since: float | None, limit: int) -> list[Rating]:
        """A scope's best rated players of one game, by ordinal; with ``since``, those who played a rated
        game since then."""
        recent = ""
        params: tuple[Any, ...] = (scope_id, kind)
        if since is not None:
            recent = (
                " AND EXISTS (SELECT 1 FROM rating_changes AS c WHERE c.guild_id = r.guild_id AND c.kind = r.kind "
                "AND c.user_id = r.user_id AND c.at >= ?)"
            )
            params += (since,)
        rows = await self._fetch(
            f"SELECT r.user_id, r.mu, r.sigma, r.games FROM ratings AS r WHERE r.guild_id = ? AND r.kind = ?{recent} "
            "ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, r.user_id ASC LIMIT ?",
            (*params, limit),
        )
        return [Rating(int(r[0]), float(r[1]), float(r[2]), int(r[3])) for r in rows]

    async def rating_history(self, scope_id: int, kind: str, user_id: int) -> list[tuple[float, float, float]]:
        """A player's rating after each of their rated games, oldest first: (when, mu, sigma)."""
        rows = await self._fetch(
            "SELECT at, mu, sigma FROM rating_changes WHERE guild_id = ? AND kind = ? AND user_id = ? "
            "ORDER BY at, game_id",
            (scope_id, kind, user_id),
        )
        return [(float(r[0]), float(r[1]), float(r[2])) for r in rows]

    async def name_results(self, game_id: int, names: Mapping[int, str]) -> None:
        """Keep the players' names with a finished game's results (the scoreboard shows them)."""
        async with self._transaction() as db:
            await db.executemany(
                "UPDATE results SET name = ? WHERE game_id = ? AND user_id = ?",
                [(name, game_id, user_id) for user_id, name in names.items()],
            )

    async def player_results(self, channel_id: int, kind: str, user_id: int) -> list[tuple[int, int, bool]]:
        """A player's finished games of ``kind`` in a channel, newest first: (game id, score, won)."""
        rows = await self._fetch(
            "SELECT game_id, score, won FROM results WHERE channel_id = ? AND kind = ? AND user_id = ? "
            f"ORDER BY finished_at DESC, {self.RESULT_ORDER} DESC",
            (channel_id, kind, user_id),
        )
        return [(int(r[0]), int(r[1]), bool(r[2])) for r in rows]

    async def player_stats(self, guild_id: int | None, user_id: int, *, recent: int) -> list[PlayerStats]:
        """A player's results in a server (None: outside servers), per game, with the ``recent`` latest."""
        same = self.NULL_SAFE_EQUAL
        totals = await self._fetch(
            f"SELECT kind, COUNT(*), SUM(won), MAX(score) FROM results WHERE guild_id {same} ? AND user_id = ? "
            "GROUP BY kind ORDER BY kind",
            (guild_id, user_id),
        )
        stats = []
        for kind, games, wins, best in totals:
            rows = await self._fetch(
                f"SELECT score, won FROM results WHERE guild_id {same} ? AND user_id = ? AND kind = ? "
                f"ORDER BY finished_at DESC, {self.RESULT_ORDER} DESC LIMIT ?",
                (guild_id, user_id, kind, recent),
            )
            latest = tuple((int(score), bool(won)) for score, won in reversed(rows))
            stats.append(PlayerStats(str(kind), int(games), int(wins), int(best), latest))
        return stats

    async def finished_games(
        self, guild_id: int | None, user_id: int, kind: str | None, *, before: int | None = None, limit: int
    ) -> list[int]:
        """The ids of a player's finished games in a server (None: outside servers), newest first; with
        ``kind``, of that game only; with ``before``, older than that game."""
        same = self.NULL_SAFE_EQUAL
        sql = (
            "SELECT g.id FROM seats AS s JOIN games AS g ON g.id = s.game_id "
            f"WHERE s.user_id = ? AND g.status = 'finished' AND g.guild_id {same} ?"
        )
        params: list[Any] = [user_id, guild_id]
        if kind is not None:
            sql += " AND g.kind = ?"
            params.append(kind)
        if before is not None:
            sql += " AND s.game_id < ?"
            params.append(before)
        rows = await self._fetch(sql + " ORDER BY s.game_id DESC LIMIT ?", (*params, limit))
        return [int(row[0]) for row in rows]

    async def add_daily(self, attempt: DailyAttempt) -> bool:
        """Record a daily attempt; False when the player already has one at that game that day."""
        async with self._transaction() as db:
            changed = await db.execute(
                "INSERT INTO daily_attempts (day, kind, user_id, game_id, guild_id, channel_id, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (day, kind, user_id) DO NOTHING",
                (
                    attempt.day,
                    attempt.kind,
                    attempt.user_id,
                    attempt.game_id,
                    attempt.guild_id,
                    attempt.channel_id,
                    attempt.at,
                ),
            )
        return changed == 1

    async def drop_daily(self, attempt: DailyAttempt) -> None:
        """Forget an attempt whose table could not be shown (the player may try again)."""
        async with self._transaction() as db:
            await db.execute(
                "DELETE FROM daily_attempts WHERE day = ? AND kind = ? AND user_id = ? AND game_id = ?",
                (attempt.day, attempt.kind, attempt.user_id, attempt.game_id),
            )

    async def daily_attempt(self, day: str, kind: str, user_id: int) -> DailyAttempt | None:
        rows = await self._fetch(
            f"SELECT {_DAILY} FROM daily_attempts WHERE day = ? AND kind = ? AND user_id = ?", (day, kind, user_id)
        )
        return _daily(rows[0]) if rows else None

    async def daily_attempts(self, scope: int, day: str, kind: str, *, limit: int) -> list[DailyAttempt]:
        """The day's attempts at a game asked for in a scope (:meth:`bot.core.places.Place.scope`: a server's id
        takes every attempt asked for in that server, a chat's id those asked for in that chat), earliest first."""
        rows = await self._fetch(
            f"SELECT {_DAILY} FROM daily_attempts WHERE (guild_id = ? OR channel_id = ?) AND day = ? AND kind = ? "
            "ORDER BY at LIMIT ?",
            (scope, scope, day, kind, limit),
        )
        return [_daily(row) for row in rows]

    async def daily_days(self, user_id: int, kind: str, *, until: str, limit: int) -> list[str]:
        """The days (newest first, ``until`` and before) a player made an attempt at a game's daily deal."""
        rows = await self._fetch(
            "SELECT day FROM daily_attempts WHERE user_id = ? AND kind = ? AND day <= ? ORDER BY day DESC LIMIT ?",
            (user_id, kind, until, limit),
        )
        return [str(row[0]) for row in rows]

    @abstractmethod
    async def notify_redraw(self, game_id: int) -> None:
        """Ask every process listening on this database to redraw what it owns of the game."""

    @abstractmethod
    async def listen_redraws(self, listener: RedrawListener) -> None:
        """Call ``listener`` with the game id of every :meth:`notify_redraw` on this database."""

    @abstractmethod
    async def notify_tournament_redraw(self, tournament_id: int) -> None:
        """Ask every process listening on this database to redraw the tournament's message if it owns it."""

    @abstractmethod
    async def listen_tournament_redraws(self, listener: RedrawListener) -> None:
        """Call ``listener`` with the tournament id of every :meth:`notify_tournament_redraw` on this database."""

    @abstractmethod
    async def listen_changes(self, listener: ChangeListener) -> None:
        """Call ``listener`` with the game id and new version of every action saved on this database, by any
        process."""
