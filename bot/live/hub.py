"""The live races' sockets held by this process, and the views they are sent.

Every saved action is announced by the store to every process with its game and new version
(``Store.listen_changes``: PostgreSQL's ``NOTIFY`` across processes, an in-process notice on SQLite). The hub
hears each notice; when it holds sockets of that game and has not sent them that version yet, it loads the
game once and sends each socket its view (a racer's own, or the spectators' public one). A move made here
hands the hub the table it saved, which is sent without loading the game again. Notices that arrive while a
game's views are being sent are folded into one more pass, so a burst of moves sends the latest position,
never a backlog.

A socket is a row too (``live_sockets``: which process holds it, for whom), written when it joins and
dropped when it closes; the process marks its rows as seen every :data:`SEEN_SECONDS`, and sweeps the rows of
processes that died. A socket silent for :data:`SILENT_SECONDS` (the client pings every 10 s) is closed:
its racer counts as gone, like one who stopped clicking.
"""

import asyncio
import contextlib
import json
import logging
import os
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.core.deadlines import ai_level
from bot.core.errors import ServiceError
from bot.core.service import Table, TableService
from bot.i18n import Words
from bot.live import words as live_words
from bot.live.views import view_message
from bot.store import Store, StoreError
from games.base import Seat

log = logging.getLogger(__name__)

SILENT_SECONDS = 30.0
"""A socket that sent nothing for this long is closed."""
REAP_SECONDS = 5.0
"""How often silent sockets are looked for."""
SEEN_SECONDS = 60.0
"""How often this process marks its socket rows as seen."""
SWEEP_AFTER = 3 * SEEN_SECONDS
"""Socket rows not seen for this long belong to a process that died, and are swept."""
GONE = 4000
"""The close code of a socket closed for silence."""

Send = Callable[[str], Awaitable[None]]
Close = Callable[[int], Awaitable[object]]


def process_name() -> str:
    """This process, as its socket rows name it."""
    return f"{socket.gethostname()}:{os.getpid()}"


@dataclass(eq=False)
class Peer:
    """One open socket of a race: whose, which seat (None: a spectator), in which words."""

    game_id: int
    user_id: int
    seat: Seat | None
    words: Words
    send: Send
    close: Close
    heard: float
    """When it last sent a frame (the hub's clock)."""
    row: int | None = None
    """Its ``live_sockets`` row."""
    closed: bool = field(default=False)


class Hub:
    """The sockets this process holds, by game; sends them their views after every saved action."""

    def __init__(
        self,
        service: TableService,
        store: Store,
        *,
        clock: Callable[[], float] = time.monotonic,
        process: str | None = None,
        names: Callable[[int], Awaitable[str | None]] | None = None,
    ) -> None:
        self._service = service
        self._store = store
        self.clock = clock
        """The heartbeat's clock (monotonic seconds; tests move it)."""
        self.process = process or process_name()
        self._names_of = names
        self._peers: dict[int, set[Peer]] = {}
        self._names: dict[int, str] = {}
        self._wanted: dict[int, int] = {}
        """The latest version each game is known to have reached (its notices')."""
        self._sent: dict[int, int] = {}
        """The version each game's sockets here were last sent."""
        self._fresh: dict[int, Table] = {}
        """A game's table as a move made here saved it: sent without loading the game again."""
        self._moving: dict[int, int] = {}
        """Moves being made here, by game: their notices wait for the table the move saved."""
        self._joining: set[int] = set()
        """Games a socket just joined: sent the position as the database has it, whatever was sent before."""
        self._sending: dict[int, asyncio.Task[None]] = {}
        self._keeping: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Hear the store's change notices and start the heartbeat's watch."""
        await self._store.listen_changes(self.changed)
        self._keeping = asyncio.create_task(self._keep(), name="peapod-live-heartbeat")

    async def stop(self) -> None:
        """Close every socket (code 1001: the server goes away) and stop the watch."""
        if self._keeping is not None:
            self._keeping.cancel()
            await asyncio.gather(self._keeping, return_exceptions=True)
        for peer in [peer for peers in self._peers.values() for peer in peers]:
            await self.leave(peer)
            with contextlib.suppress(Exception):
                await peer.close(1001)
        await asyncio.gather(*self._sending.values(), return_exceptions=True)

    async def idle(self) -> None:
        """Wait until every view asked for has been sent (tests)."""
        while self._sending:
            await asyncio.gather(*self._sending.values(), return_exceptions=True)

    def peers(self, game_id: int) -> set[Peer]:
        return set(self._peers.get(game_id, ()))

    @property
    def count(self) -> int:
        """How many sockets this process holds."""
        return sum(len(peers) for peers in self._peers.values())

    def known(self, user_id: int, name: str) -> None:
        """A person's name, as Discord gave it (a socket's hello)."""
        self._names[user_id] = name

    async def join(self, peer: Peer, instance_id: str) -> None:
        """A socket joined its race: held here, sent the position as the database has it (its first view, in order
        with the ones every change sends), and written as a row."""
        self._peers.setdefault(peer.game_id, set()).add(peer)
        self.joined(peer.game_id)
        peer.row = await self._store.add_socket(
            instance_id, peer.game_id, peer.user_id, process=self.process, at=self._service.now()
        )

    async def leave(self, peer: Peer) -> None:
        """A socket closed (or was closed): no longer held, its row dropped."""
        if peer.closed:
            return
        peer.closed = True
        peers = self._peers.get(peer.game_id)
        if peers is not None:
            peers.discard(peer)
            if not peers:
                del self._peers[peer.game_id]
                for known in (self._wanted, self._sent, self._fresh):
                    known.pop(peer.game_id, None)
        if peer.row is not None:
            with contextlib.suppress(StoreError):
                await self._store.drop_socket(peer.row)

    async def names(self, table: Table, words: Words) -> list[str]:
        """A name per seat: the player's Discord name, the AI with its level, or "Player n"."""
        names = []
        for seat, record in enumerate(table.seats):
            if record.ai:
                names.append(words(live_words.AI_NAMES.get(ai_level(table.settings), live_words.AI_NAMES["normal"])))
                continue
            user_id = record.user_id
            if user_id is not None and user_id not in self._names and self._names_of is not None:
                found = await self._names_of(user_id)
                if found is not None:
                    self._names[user_id] = found
            name = self._names.get(user_id) if user_id is not None else None
            names.append(name if name is not None else words(live_words.PLAYER, number=seat + 1))
        return names

    async def view(self, table: Table, peer: Peer) -> dict[str, Any]:
        """The view frame of ``table`` for one socket."""
        return view_message(table, peer.seat, peer.words, await self.names(table, peer.words), self._service.now())

    async def changed(self, game_id: int, version: int) -> None:
        """A change notice (an action saved ``game_id`` at ``version``, on any process): send the game's sockets
        here their views, unless they were sent that version already."""
        if game_id not in self._peers:
            return
        self._wanted[game_id] = max(self._wanted.get(game_id, -1), version)
        if not self._moving.get(game_id):
            self._wake(game_id)

    def moving(self, game_id: int) -> None:
        """A move is being made here: the notices meanwhile wait for it (:meth:`moved` or :meth:`not_moved`)."""
        self._moving[game_id] = self._moving.get(game_id, 0) + 1

    def moved(self, table: Table) -> None:
        """The move made here saved ``table``: its views go out from it, without loading the game again (its change
        notice then finds that version sent)."""
        fresh = self._fresh.get(table.game_id)
        if table.game_id in self._peers and (fresh is None or fresh.version < table.version):
            self._fresh[table.game_id] = table
        self._wanted[table.game_id] = max(self._wanted.get(table.game_id, -1), table.version)
        self.not_moved(table.game_id)

    def not_moved(self, game_id: int) -> None:
        """The move made here is over (saved or refused): what was noticed meanwhile is sent."""
        left = self._moving.get(game_id, 1) - 1
        if left > 0:
            self._moving[game_id] = left
        else:
            self._moving.pop(game_id, None)
        if game_id in self._peers:
            self._wake(game_id)

    def joined(self, game_id: int) -> None:
        """A socket joined: every socket of the game is sent the position as the database has it."""
        self._joining.add(game_id)
        self._wake(game_id)

    def _wake(self, game_id: int) -> None:
        if game_id not in self._sending:
            self._sending[game_id] = asyncio.create_task(self._send_views(game_id), name="peapod-live-views")

    async def _next_table(self, game_id: int) -> Table | None:
        """The table to send next (None: nothing newer than what was sent)."""
        joining = game_id in self._joining
        wanted, sent = self._wanted.get(game_id, -1), self._sent.get(game_id, -1)
        if not joining and wanted <= sent:
            return None
        self._joining.discard(game_id)
        fresh = self._fresh.pop(game_id, None)
        if fresh is not None and fresh.version >= wanted and not joining:
            return fresh
        try:
            return await self._service.table(game_id)
        except (ServiceError, StoreError):
            log.warning("could not load live race %s to send its views", game_id, exc_info=True)
            return None

    async def _send_views(self, game_id: int) -> None:
        try:
            while (table := await self._next_table(game_id)) is not None:
                peers = self.peers(game_id)
                if not peers:
                    return
                self._sent[game_id] = max(self._sent.get(game_id, -1), table.version)
                frames: dict[tuple[Seat | None, str], str] = {}
                for peer in peers:
                    key = (peer.seat, peer.words.locale)
                    if key not in frames:
                        frames[key] = json.dumps(await self.view(table, peer), separators=(",", ":"))
                await asyncio.gather(*(self._send(peer, frames[(peer.seat, peer.words.locale)]) for peer in peers))
        finally:
            del self._sending[game_id]

    async def _send(self, peer: Peer, frame: str) -> None:
        try:
            await peer.send(frame)
        except Exception:
            log.debug("could not send a view to a live socket of game %s", peer.game_id, exc_info=True)

    def heard(self, peer: Peer) -> None:
        """A socket sent a frame (a ping, a move): it is still there."""
        peer.heard = self.clock()

    async def reap(self) -> int:
        """Close every socket silent for :data:`SILENT_SECONDS`; returns how many."""
        now = self.clock()
        silent = [peer for peers in self._peers.values() for peer in peers if now - peer.heard > SILENT_SECONDS]
        for peer in silent:
            await self.leave(peer)
            with contextlib.suppress(Exception):
                await peer.close(GONE)
        return len(silent)

    async def _keep(self) -> None:
        seen = self.clock()
        while True:
            await asyncio.sleep(REAP_SECONDS)
            try:
                await self.reap()
                if self.clock() - seen >= SEEN_SECONDS:
                    seen = self.clock()
                    now = self._service.now()
                    await self._store.seen_sockets(self.process, at=now)
                    await self._store.sweep_sockets(before=now - SWEEP_AFTER)
            except StoreError:
                log.warning("could not mark this process's live sockets as seen", exc_info=True)
