"""Deadlines and AI turns: rows in the database, fired once each by the bot's one timer task
(:meth:`Deadlines.fire_due`): lobby expiry, turn timers and their warnings, and AI seats' moves. Every move
sets the deadlines of the position it leaves (:mod:`bot.core.timers`)."""

import asyncio
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeAlias

from bot.core.errors import SeatingError, StaleActionError
from bot.core.lobbies import Lobbies
from bot.core.messages import Messages
from bot.core.places import TOKEN_MARGIN, Place
from bot.core.play import Play
from bot.core.tables import Table, Tables, plays_itself, seat_of_person, seat_phrase, table_of
from bot.core.timers import AI, EXPIRE, TURN, WARN, WARN_BEFORE, Timers
from bot.store import GameRecord, SeatRecord, Store, TimerRecord
from games.ai import Player
from games.base import Action, Event, Game, Seat
from games.phrases import Phrase

MISSED_TURNS = 3
"""Turns in a row the timer plays for a seat before the AI takes the seat over."""
LEVELS = ("easy", "normal", "hard")
"""The AI's levels, weakest first (each game's players by level: ``games.ai.registry.AI_LEVELS``)."""
DEFAULT_LEVEL = "normal"
LEVEL_SETTING = "ai_level"
"""The table setting that holds its AI seats' level (seats the AI takes over included)."""
THINKERS = 256
"""AI players kept between moves (the hard ones remember the tricks they saw), the most recent games'."""

Levels: TypeAlias = Mapping[str, Mapping[str, Callable[[], Player[Any, Any]]]]
Timeouts: TypeAlias = Mapping[str, Callable[[Any, Seat], Action]]
"""Each game's timeout play, by game key (``games.ai.registry.TIMEOUT_ACTIONS``); else the first legal action."""
"""The AI's players by game, then by level: each call makes a fresh player (``games.AI_LEVELS``)."""


def ai_level(settings: Mapping[str, object]) -> str:
    """The level of a table's AI seats."""
    level = settings.get(LEVEL_SETTING, DEFAULT_LEVEL)
    return level if level in LEVELS else DEFAULT_LEVEL


@dataclass(frozen=True, slots=True)
class Decision:
    """How long an AI player took to choose a move (wall-clock seconds, in its worker thread), for the
    metrics the bot keeps (the core imports none)."""

    game: str
    level: str
    seconds: float


@dataclass(frozen=True, slots=True)
class Fired:
    """What a deadline did: the table after it (to redraw), whom to tell privately (seat -> what), and the
    AI's decision when an AI seat moved."""

    table: Table
    ping: dict[Seat, Phrase]
    decided: Decision | None = None


class Deadlines:
    """Firing deadlines, and the moves they make (timeouts, AI seats): given the store and the clock, the
    tables, the timers it sets again, the play path its moves take, the lobbies it closes when they expire,
    and the AI's players by level."""

    def __init__(
        self,
        *,
        store: Store,
        clock: Callable[[], float],
        tables: Tables,
        timers: Timers,
        play: Play,
        lobbies: Lobbies,
        levels: Levels,
        timeouts: Timeouts,
        messages: Messages,
    ) -> None:
        self._store = store
        self._messages = messages
        self._clock = clock
        self._tables = tables
        self._timers = timers
        self._play = play
        self._lobbies = lobbies
        self._levels = levels
        self._timeouts = timeouts
        self._thinkers: OrderedDict[tuple[int, str], Player[Any, Any]] = OrderedDict()

    async def next_deadline(self) -> float | None:
        """When the soonest deadline falls (epoch seconds), or None."""
        return await self._store.next_due()

    async def fire_due(self) -> list[Fired]:
        """Fire every deadline that is due, each exactly once; return what they changed."""
        fired = []
        now = self._clock()
        for timer in await self._store.due_timers(now):
            if not await self._store.take_timer(timer, now=now):
                continue  # another process fires it
            if await self._waits(timer.game_id):
                await self._store.hold_timer(timer)
                continue
            try:
                result = await self._fire(timer)
            except (StaleActionError, SeatingError):
                result = None  # a click changed the game first; its own deadlines are set
            await self._store.done_timer(timer)
            if result is not None:
                fired.append(result)
        return fired

    async def _waits(self, game_id: int) -> bool:
        """Whether a game must wait for a click before its deadlines fire: it is played where peapod is not a
        member, and no interaction token could show what they do (the next click wakes them:
        :meth:`wake`)."""
        record = await self._store.load_game(game_id)
        if record is None or Place(record.place).member or record.message_id is None:
            return False
        return await self._messages.fresh_token(game_id, record.message_id, margin=TOKEN_MARGIN) is None

    async def waiting(self, game_id: int) -> bool:
        """Whether the game's deadlines wait for a click (see :meth:`wake`)."""
        return await self._store.held_timers(game_id) > 0

    async def wake(self, game_id: int) -> bool:
        """A click brought a fresh token to a game: its held deadlines are due at once, in the order they fell;
        True when there were any (the game waited)."""
        if await self._store.wake_timers(game_id) == 0:
            return False
        self._timers.due_now()
        return True

    async def come_back(self, game_id: int, user_id: int) -> Table:
        """A player whose seat the AI took over plays it again. Raises GameNotFoundError, NotInGameError."""
        async with self._tables.lock(game_id):
            record = await self._tables.load(game_id)
            seat = record.seats[seat_of_person(record, user_id)]
            await self._tables.sit(game_id, SeatRecord(seat=seat.seat, user_id=user_id), was=seat)
            record = await self._tables.load(game_id)
            game = self._tables.game(record.kind)
            state = game.from_dict(record.state)
            await self._timers.schedule(game, record, state, record.version)
            back = (Event(Phrase.of("table.back", seat=seat_phrase(seat.seat))),)
            return table_of(
                game, record, state, version=record.version, status=record.status, events=back, undo_depth=0
            )

    async def _fire(self, timer: TimerRecord) -> Fired | None:
        record = await self._store.load_game(timer.game_id)
        if record is None:
            return None
        game = self._tables.game(record.kind)
        if timer.kind == EXPIRE:
            if record.status != "seating":
                return None
            closed = Event(Phrase.of("table.expired"))
            table = await self._lobbies.close(record, "cancelled", closed)
            return Fired(table, {})
        if record.status != "active":
            return None
        if not game.simultaneous and timer.version is not None and timer.version != record.version:
            # Set for a position the game has left (its firer was stopped after the move): set this one's.
            await self._timers.schedule(game, record, game.from_dict(record.state), record.version)
            return None
        if timer.kind == WARN:
            state = game.from_dict(record.state)
            seat = game.current_seat(state)
            if seat is None:
                return None
            table = table_of(game, record, state, version=record.version, status=record.status, events=(), undo_depth=0)
            return Fired(table, {seat: Phrase.of("table.turn_runs_out", seconds=round(WARN_BEFORE))})
        if timer.kind == TURN:
            return await self._time_out(game, timer)
        if timer.kind.startswith(AI):
            return await self._ai_moves(game, timer)
        return None

    async def _time_out(self, game: Game[Any], timer: TimerRecord) -> Fired | None:
        """The seat to play ran out of time: the game's timeout play is made for it (RULES §7.2; the service's
        ``timeouts``, else the first legal action), unless a move made while the timer was being read took the
        game past the position the timer was set for."""
        game_id = timer.game_id
        async with self._tables.lock(game_id):
            record = await self._tables.load(game_id)
            state = game.from_dict(record.state)
            seat = game.current_seat(state)
            if record.status != "active" or seat is None or timer.version not in (None, record.version):
                return None
            timeout = self._timeouts.get(record.kind)
            action = timeout(state, seat) if timeout is not None else game.legal_actions(state, seat)[0]
            table = await self._play.apply(game, record, seat, action, scheduled=False)
            missed = record.seats[seat].missed + 1
            away = missed >= MISSED_TURNS
            was = record.seats[seat]
            await self._tables.sit(game_id, replace(was, missed=missed, away=away), was=was)
            record = await self._tables.load(game_id)
            await self._timers.schedule(game, record, game.from_dict(record.state), record.version)
            key = "table.timed_out.away" if away else "table.timed_out"
            note = Phrase.of(key, action=action.phrase, seat=seat_phrase(seat))
            return Fired(replace(table, events=(*table.events, Event(note)), seats=record.seats), {seat: note})

    async def _ai_moves(self, game: Game[Any], timer: TimerRecord) -> Fired | None:
        """An AI seat (or a seat the AI took over) plays one action.

        It decides in a worker thread, without the table's lock (a hard player may think for a while),
        from the position it was set for; the move is then applied only if it still fits: in a turn-based
        game the position must be the same, in a race the move still legal.
        """
        record = await self._tables.load(timer.game_id)
        state = game.from_dict(record.state)
        seat = int(timer.kind.split(":")[1]) if ":" in timer.kind else game.current_seat(state)
        if record.status != "active" or seat is None or not plays_itself(record.seats[seat]):
            return None
        player = self._thinker(record)
        rng = random.Random(f"{record.seed}:{record.version}:{seat}")
        thinking = time.perf_counter()
        action = await asyncio.to_thread(player.choose, state, seat, rng) if player is not None else None
        decided = Decision(record.kind, ai_level(record.settings), time.perf_counter() - thinking)
        async with self._tables.lock(timer.game_id):
            latest = await self._tables.load(timer.game_id)
            if latest.version != record.version:
                if not game.simultaneous or latest.status != "active" or not plays_itself(latest.seats[seat]):
                    return None  # whatever moved the game set its own deadlines
                record, state = latest, game.from_dict(latest.state)
                if action not in game.legal_actions(state, seat):
                    action = None
            if action is None:
                await self._timers.schedule(game, record, state, record.version, firing=timer)
                return None
            table = await self._play.apply(game, record, seat, action, firing=timer)
            return Fired(table, {}, decided)

    def _thinker(self, record: GameRecord) -> Player[Any, Any] | None:
        """The AI player of a game at its table's level (None for a game without one), kept between moves."""
        levels = self._levels.get(record.kind)
        if levels is None:
            return None
        key = (record.id, ai_level(record.settings))
        player = self._thinkers.pop(key, None) or levels[key[1]]()
        self._thinkers[key] = player
        while len(self._thinkers) > THINKERS:
            self._thinkers.popitem(last=False)
        return player
