"""Ratings: a player's skill rating per scope and game, the scope's leaderboard, a rating's history.

A scope is the server that added peapod, or elsewhere the chat itself (:meth:`bot.core.places.Place.scope`).

Ratings are written once, when a rated game ends (:mod:`bot.core.skill`); these calls only read.
"""

from collections.abc import Callable, Mapping
from typing import Any

from bot.core.tables import game_of
from bot.store import Rating, Store
from games.base import Game

PERIODS = {"week": 7 * 86_400.0, "month": 30 * 86_400.0, "all": None}
"""A leaderboard's periods: the players who played a rated game in the last week or month, or everyone."""


class Ratings:
    """What the ratings say: given the store, the games (which are rated) and the clock (a leaderboard's period)."""

    def __init__(self, *, store: Store, games: Mapping[str, Game[Any]], clock: Callable[[], float]) -> None:
        self._store = store
        self._games = games
        self._clock = clock

    async def rating(self, scope_id: int, kind: str, user_id: int) -> Rating | None:
        """A player's rating in a scope for one game, or None before their first rated game there."""
        return (await self._store.ratings(scope_id, kind, [user_id])).get(user_id)

    async def ratings(self, scope_id: int, kind: str, user_ids: list[int]) -> dict[int, Rating]:
        return await self._store.ratings(scope_id, kind, user_ids)

    def is_rated_kind(self, kind: str) -> bool:
        """Whether games of ``kind`` between people are rated."""
        return game_of(self._games, kind).rated

    async def leaderboard(self, scope_id: int, kind: str, period: str = "all", *, limit: int = 10) -> list[Rating]:
        """The scope's best rated players of ``kind`` (``period``: week, month or all)."""
        span = PERIODS[period]
        since = None if span is None else self._clock() - span
        return await self._store.leaderboard(scope_id, kind, since=since, limit=limit)

    async def rating_history(self, scope_id: int, kind: str, user_id: int) -> list[tuple[float, float, float]]:
        """(when, mu, sigma) after each of the player's rated games, oldest first."""
        return await self._store.rating_history(scope_id, kind, user_id)
