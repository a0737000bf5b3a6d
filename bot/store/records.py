"""The small typed records the store returns instead of rows, and the store's errors."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


class StoreError(Exception):
    """Base class of the errors the store raises on purpose."""


class StaleGameError(StoreError):
    """A save lost the race: the game's version is no longer the one the caller loaded."""

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(f"Game {game_id} is no longer at version {version}.")
        self.game_id = game_id
        self.version = version


class SchemaTooNewError(StoreError):
    """The database was migrated by a newer peapod than this one."""


@dataclass(frozen=True, slots=True)
class ResultRecord:
    """How one seat's player finished a game."""

    user_id: int
    score: int
    won: bool


@dataclass(frozen=True, slots=True)
class NewGame:
    """Everything needed to create a game row and its seats."""

    kind: str
    options: Mapping[str, Any]
    guild_id: int | None
    channel_id: int | None
    players: tuple[int, ...]
    open_play: bool
    seed: int
    deck: tuple[str, ...] | None
    state: Mapping[str, Any]
    at: float
    finished: bool = False
    results: tuple[ResultRecord, ...] = ()


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game as stored: its settings, seats, status, version and latest snapshot."""

    id: int
    kind: str
    options: Mapping[str, Any]
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    finished: bool
    open_play: bool
    seed: int
    deck: tuple[str, ...] | None
    version: int
    state: Mapping[str, Any]
    created_at: float
    updated_at: float
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One line of a game's append-only action log."""

    seq: int
    seat: int
    code: str
    at: float


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One player's line on a channel's scoreboard for one game kind."""

    user_id: int
    games: int
    wins: int
    best: int
