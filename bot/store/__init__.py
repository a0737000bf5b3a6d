"""Persistence for the table service: one SQLite database through aiosqlite (see ``bot.store.db``).

The store knows rows, JSON and versions, never game rules or Discord.
"""

from bot.store.db import Store
from bot.store.records import (
    ActionRecord,
    GameRecord,
    NewGame,
    ResultRecord,
    SchemaTooNewError,
    ScoreRow,
    SeatRecord,
    StaleGameError,
    StoreError,
    TimerRecord,
)

__all__ = [
    "ActionRecord",
    "GameRecord",
    "NewGame",
    "ResultRecord",
    "SchemaTooNewError",
    "ScoreRow",
    "SeatRecord",
    "StaleGameError",
    "Store",
    "StoreError",
    "TimerRecord",
]
