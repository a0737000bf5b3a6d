"""Deadlines and AI turns: rows in the database, fired once each by the bot's one timer task
(:meth:`Deadlines.fire_due`): lobby expiry, turn timers and their warnings, and AI seats' moves."""

import asyncio
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.core.errors import SeatingError, StaleActionError
from bot.core.tables import ServiceCore, Table, plays_itself, seat_name, seat_of_person, table_of
from bot.store import GameRecord, SeatRecord, TimerRecord
from games.base import Event, Game, Seat

TURN_SECONDS = 120.0
"""A seat's turn timer when the table sets none."""
WARN_BEFORE = 30.0
"""How long before a turn runs out its player is warned."""
AI_SECONDS = 1.5
"""How long an AI seat of a turn-based game waits before it plays (so people can follow)."""
MISSED_TURNS = 3
"""Turns in a row the timer plays for a seat before the AI takes the seat over."""
LEVELS = ("easy", "normal", "hard")
"""The AI's levels, weakest first (each game's players by level: ``games.ai.registry.AI_LEVELS``)."""
DEFAULT_LEVEL = "normal"
LEVEL_SETTING = "ai_level"
"""The table setting that holds its AI seats' level (seats the AI takes over included)."""
THINKERS = 256
"""AI players kept between moves (the hard ones remember the tricks they saw), the most recent games'."""
EXPIRE = "expire"
TURN = "turn"
WARN = "warn"
AI = "ai"


def ai_level(settings: Mapping[str, Any]) -> str:
    """The level of a table's AI seats."""
    level = settings.get(LEVEL_SETTING, DEFAULT_LEVEL)
    return level if level in LEVELS else DEFAULT_LEVEL


@dataclass(frozen=True, slots=True)
class Fired:
    """What a deadline did: the table after it (to redraw), and whom to tell privately (seat -> sentence)."""

    table: Table
    ping: dict[Seat, str]


class Deadlines(ServiceCore):
    """Setting and firing deadlines, and the moves they make (timeouts, AI seats)."""

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
            try:
                result = await self._fire(timer)
            except (StaleActionError, SeatingError):
                result = None  # a click changed the game first; its own deadlines are set
            await self._store.done_timer(timer)
            if result is not None:
                fired.append(result)
        return fired

    async def come_back(self, game_id: int, user_id: int) -> Table:
        """A player whose seat the AI took over plays it again. Raises GameNotFoundError, NotInGameError."""
        async with self._lock(game_id):
            record = await self._load(game_id)
            seat = record.seats[seat_of_person(record, user_id)]
            await self._sit(game_id, SeatRecord(seat=seat.seat, user_id=user_id), was=seat)
            record = await self._load(game_id)
            game = self._game(record.kind)
            state = game.from_dict(record.state)
            await self._schedule(game, record, state, record.version)
            back = (Event(f"{seat_name(seat.seat)} is back."),)
            return table_of(
                game, record, state, version=record.version, status=record.status, events=back, undo_depth=0
            )

    async def _fire(self, timer: TimerRecord) -> Fired | None:
        record = await self._store.load_game(timer.game_id)
        if record is None:
            return None
        game = self._game(record.kind)
        if timer.kind == EXPIRE:
            if record.status != "seating":
                return None
            table = await self._close(record, "cancelled", Event("Nobody started this table in time, so it closed."))
            return Fired(table, {})
        if record.status != "active":
            return None
        if not game.simultaneous and timer.version is not None and timer.version != record.version:
            # Set for a position the game has left (its firer was stopped after the move): set this one's.
            await self._schedule(game, record, game.from_dict(record.state), record.version)
            return None
        if timer.kind == WARN:
            state = game.from_dict(record.state)
            seat = game.current_seat(state)
            if seat is None:
                return None
            table = table_of(game, record, state, version=record.version, status=record.status, events=(), undo_depth=0)
            return Fired(table, {seat: f"Your turn runs out in {WARN_BEFORE:.0f} seconds."})
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
        async with self._lock(game_id):
            record = await self._load(game_id)
            state = game.from_dict(record.state)
            seat = game.current_seat(state)
            if record.status != "active" or seat is None or timer.version not in (None, record.version):
                return None
            timeout = self._timeouts.get(record.kind)
            action = timeout(state, seat) if timeout is not None else game.legal_actions(state, seat)[0]
            table = await self._apply(game, record, seat, action, scheduled=False)
            missed = record.seats[seat].missed + 1
            away = missed >= MISSED_TURNS
            await self._sit(game_id, replace(record.seats[seat], missed=missed, away=away), was=record.seats[seat])
            record = await self._load(game_id)
            await self._schedule(game, record, game.from_dict(record.state), record.version)
            note = f"Time ran out: I played {action.label} for {seat_name(seat)}."
            if away:
                note += f" The AI plays {seat_name(seat)} until its player presses I'm back."
            return Fired(replace(table, events=(*table.events, Event(note)), seats=record.seats), {seat: note})

    async def _ai_moves(self, game: Game[Any], timer: TimerRecord) -> Fired | None:
        """An AI seat (or a seat the AI took over) plays one action.

        It decides in a worker thread, without the table's lock (a hard player may think for a while),
        from the position it was set for; the move is then applied only if it still fits: in a turn-based
        game the position must be the same, in a race the move still legal.
        """
        record = await self._load(timer.game_id)
        state = game.from_dict(record.state)
        seat = int(timer.kind.split(":")[1]) if ":" in timer.kind else game.current_seat(state)
        if record.status != "active" or seat is None or not plays_itself(record.seats[seat]):
            return None
        player = self._thinker(record)
        rng = random.Random(f"{record.seed}:{record.version}:{seat}")
        action = await asyncio.to_thread(player.choose, state, seat, rng) if player is not None else None
        async with self._lock(timer.game_id):
            latest = await self._load(timer.game_id)
            if latest.version != record.version:
                if not game.simultaneous or latest.status != "active" or not plays_itself(latest.seats[seat]):
                    return None  # whatever moved the game set its own deadlines
                record, state = latest, game.from_dict(latest.state)
                if action not in game.legal_actions(state, seat):
                    action = None
            if action is None:
                await self._schedule(game, record, state, record.version, firing=timer)
                return None
            table = await self._apply(game, record, seat, action, firing=timer)
            return Fired(table, {})

    def _thinker(self, record: GameRecord) -> Any | None:
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

    async def _schedule(
        self, game: Game[Any], record: GameRecord, state: Any, version: int, *, firing: TimerRecord | None = None
    ) -> None:
        """Set the game's turn, warning and AI deadlines for the position it is in now (at ``version``).

        In a game whose seats act at once, an AI seat's deadline is its pace: a move of another seat
        leaves it as it is, and it is set again when it fires (``firing``).
        """
        now = self._clock()
        if game.outcome(state) is not None:
            await self._store.clear_timers(record.id)
            return
        if game.simultaneous:
            pace = float(record.settings.get("ai_seconds", AI_SECONDS))
            for seat in record.seats:
                kind = f"{AI}:{seat.seat}"
                pending = any(t.kind == kind for t in await self._store.timers(record.id))
                if plays_itself(seat) and (not pending or (firing is not None and firing.kind == kind)):
                    await self._set_timer(record.id, kind, now + pace)
            return
        seat = game.current_seat(state)
        timers: list[tuple[str, float, int | None]] = []
        if seat is not None and plays_itself(record.seats[seat]):
            timers.append((AI, now + float(record.settings.get("ai_seconds", AI_SECONDS)), version))
        elif seat is not None and "turn_seconds" in record.settings:
            turn = float(record.settings["turn_seconds"])
            timers.append((TURN, now + turn, version))
            if turn > 2 * WARN_BEFORE:
                timers.append((WARN, now + turn - WARN_BEFORE, version))
        await self._reset_timers(record.id, (TURN, WARN, AI), timers)

    async def _set_timer(self, game_id: int, kind: str, due_at: float, *, version: int | None = None) -> None:
        await self._reset_timers(game_id, (), [(kind, due_at, version)])

    async def _reset_timers(
        self, game_id: int, kinds: tuple[str, ...], timers: list[tuple[str, float, int | None]]
    ) -> None:
        """Replace the game's deadlines of ``kinds`` with ``timers`` (one transaction), and tell whoever fires
        them of the soonest (the bot's timer task may be asleep until later)."""
        await self._store.reset_timers(game_id, kinds, timers)
        if self._on_deadline is not None and timers:
            self._on_deadline(min(due_at for _, due_at, _ in timers))
