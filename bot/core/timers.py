"""Setting deadlines: the rows the bot's one timer task fires (:mod:`bot.core.deadlines`), kept here apart
from firing them because every concern that moves a game (play, lobbies, the deadlines themselves) sets
the deadlines of the position it leaves the game in."""

from collections.abc import Callable
from typing import Any

from bot.core.tables import plays_itself
from bot.store import GameRecord, Store, TimerRecord
from games.base import Game

TURN_SECONDS = 120.0
"""A seat's turn timer when the table sets none."""
WARN_BEFORE = 30.0
"""How long before a turn runs out its player is warned."""
AI_SECONDS = 1.5
"""How long an AI seat of a turn-based game waits before it plays (so people can follow)."""
EXPIRE = "expire"
TURN = "turn"
WARN = "warn"
AI = "ai"


class Timers:
    """A game's deadlines, over the store and the clock; ``on_deadline`` hears of each new soonest one."""

    def __init__(
        self, *, store: Store, clock: Callable[[], float], on_deadline: Callable[[float], None] | None = None
    ) -> None:
        self._store = store
        self._clock = clock
        self._on_deadline = on_deadline

    async def schedule(
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
            for place in record.seats:
                kind = f"{AI}:{place.seat}"
                pending = any(t.kind == kind for t in await self._store.timers(record.id))
                if plays_itself(place) and (not pending or (firing is not None and firing.kind == kind)):
                    await self.set_timer(record.id, kind, now + pace)
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

    def due_now(self) -> None:
        """Deadlines became due at once (a game's held deadlines were woken): tell whoever fires them."""
        if self._on_deadline is not None:
            self._on_deadline(self._clock())

    async def set_timer(self, game_id: int, kind: str, due_at: float, *, version: int | None = None) -> None:
        await self._reset_timers(game_id, (), [(kind, due_at, version)])

    async def _reset_timers(
        self, game_id: int, kinds: tuple[str, ...], timers: list[tuple[str, float, int | None]]
    ) -> None:
        """Replace the game's deadlines of ``kinds`` with ``timers`` (one transaction), and tell whoever fires
        them of the soonest (the bot's timer task may be asleep until later)."""
        await self._store.reset_timers(game_id, kinds, timers)
        if self._on_deadline is not None and timers:
            self._on_deadline(min(due_at for _, due_at, _ in timers))
