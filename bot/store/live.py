"""The live race's queries (migration 0017), written once for both backends like the rest of
:mod:`bot.store.sql`, which mixes them in.

A launch (a Play live click) names the race its channel's Activity shows: the latest launch in a channel
wins. An Activity instance is recorded with the race it showed when a socket first joined it. Sockets are
rows only while open: a process adds one per socket, marks its own as seen every minute or so, drops each
when it closes, and sweeps the rows of processes that died (not seen for a while).
"""

from abc import abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.store.connection import Connection
from bot.store.records import LiveLaunch, LiveSocket

SOCKET_COLUMNS = "id, instance_id, game_id, user_id, process, joined_at, seen_at"


def _socket(row: Sequence[Any]) -> LiveSocket:
    return LiveSocket(
        id=int(row[0]),
        instance_id=str(row[1]),
        game_id=int(row[2]),
        user_id=int(row[3]),
        process=str(row[4]),
        joined_at=float(row[5]),
        seen_at=float(row[6]),
    )


class LiveQueries:
    """Launches, Activity instances and open sockets of live races over a backend's connections."""

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[Connection]: ...

    @abstractmethod
    async def _fetch(self, sql: str, parameters: Sequence[Any] = ()) -> list[Sequence[Any]]: ...

    async def record_launch(self, game_id: int, channel_id: int, launched_by: int, *, at: float) -> None:
        """A Play live click launched ``game_id`` in ``channel_id`` (launched again: the later click counts)."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO live_launches (channel_id, game_id, launched_by, at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (channel_id, game_id) DO UPDATE SET launched_by = excluded.launched_by, at = excluded.at",
                (channel_id, game_id, launched_by, at),
            )

    async def launched_in(self, channel_id: int) -> LiveLaunch | None:
        """The race launched last in a channel (its Activity shows that one), or None."""
        rows = await self._fetch(
            "SELECT game_id, channel_id, launched_by, at FROM live_launches WHERE channel_id = ? "
            "ORDER BY at DESC, game_id DESC LIMIT 1",
            (channel_id,),
        )
        if not rows:
            return None
        row = rows[0]
        return LiveLaunch(int(row[0]), int(row[1]), int(row[2]), float(row[3]))

    async def record_instance(self, instance_id: str, launch: LiveLaunch, *, at: float) -> None:
        """The Activity instance ``instance_id`` showed the race of ``launch`` (kept once per instance and race)."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO live_instances (instance_id, game_id, channel_id, launched_by, at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (instance_id, game_id) DO NOTHING",
                (instance_id, launch.game_id, launch.channel_id, launch.launched_by, at),
            )

    async def instance_games(self, instance_id: str) -> list[int]:
        """The races an Activity instance showed, first first."""
        rows = await self._fetch(
            "SELECT game_id FROM live_instances WHERE instance_id = ? ORDER BY at, game_id", (instance_id,)
        )
        return [int(row[0]) for row in rows]

    async def add_socket(self, instance_id: str, game_id: int, user_id: int, *, process: str, at: float) -> int:
        """A socket joined a race on ``process``; returns its row's id."""
        async with self._transaction() as db:
            rows = await db.fetch(
                "INSERT INTO live_sockets (instance_id, game_id, user_id, process, joined_at, seen_at) "
                "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (instance_id, game_id, user_id, process, at, at),
            )
        return int(rows[0][0])

    async def seen_sockets(self, process: str, *, at: float) -> None:
        """Every socket ``process`` holds was heard from by ``at``."""
        async with self._transaction() as db:
            await db.execute("UPDATE live_sockets SET seen_at = ? WHERE process = ?", (at, process))

    async def drop_socket(self, socket_id: int) -> None:
        """A socket closed."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM live_sockets WHERE id = ?", (socket_id,))

    async def live_sockets(self, game_id: int) -> list[LiveSocket]:
        """The sockets open on a race, on every process, oldest first."""
        rows = await self._fetch(f"SELECT {SOCKET_COLUMNS} FROM live_sockets WHERE game_id = ? ORDER BY id", (game_id,))
        return [_socket(row) for row in rows]

    async def sweep_sockets(self, *, before: float) -> int:
        """Drop the sockets not heard from since ``before`` (their process died); returns how many."""
        async with self._transaction() as db:
            return await db.execute("DELETE FROM live_sockets WHERE seen_at < ?", (before,))
