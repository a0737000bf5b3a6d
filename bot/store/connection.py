"""What the shared queries (:mod:`bot.store.sql`, :mod:`bot.store.tournaments`) need of a backend's connection."""

from collections.abc import Iterable, Sequence
from typing import Any, Protocol


class Connection(Protocol):
    """What the shared queries need of a backend's connection (inside a transaction or not)."""

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        """Run one statement; return how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, parameters: Sequence[Any] = ()) -> list[Sequence[Any]]: ...
