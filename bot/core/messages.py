"""Message bookkeeping: which message shows each table and at which version, the players' hand
messages in DMs, and whose DMs are closed. A game is ``dealing`` until its table message exists."""

from collections.abc import Callable

from bot.core.errors import GameNotFoundError, WrongTableError
from bot.core.tables import Table, Tables
from bot.store import Store
from games.base import Seat

UNSHOWN_DEAL_GRACE = 60.0
"""Seconds a ``dealing`` game may wait for its table message before it counts as never shown."""


class Messages:
    """Where tables and hands are shown: given the store, the clock, and the tables (to load a game)."""

    def __init__(self, *, store: Store, clock: Callable[[], float], tables: Tables) -> None:
        self._store = store
        self._clock = clock
        self._tables = tables

    async def attach_message(self, game_id: int, message_id: int, version: int) -> None:
        """Record the table message (showing ``version``); a ``dealing`` game becomes ``active``.

        Raises GameNotFoundError.
        """
        if not await self._store.set_message(game_id, message_id, version=version, at=self._clock()):
            raise GameNotFoundError(game_id=game_id)

    async def move_to_thread(self, game_id: int, thread_id: int, board_id: int) -> bool:
        """The table is played on ``board_id`` in the thread ``thread_id`` from now on; False when the
        game has a thread already (another process, or an earlier try, opened one)."""
        return await self._store.set_thread(game_id, thread_id, board_id)

    async def leave_thread(self, game_id: int, board_id: int) -> bool:
        """The game is over: its message is the thread's first message in the channel again; False
        when that happened already."""
        return await self._store.leave_thread(game_id, board_id)

    async def mark_shown(self, game_id: int, version: int) -> None:
        """The table message now shows ``version``."""
        await self._store.set_shown(game_id, version)

    async def mark_hand_shown(self, game_id: int, seat: Seat, version: int) -> None:
        """The seat's hand message (its DM) now shows ``version``."""
        await self._store.set_hand_shown(game_id, seat, version)

    async def lagging_tables(self) -> list[Table]:
        """Every table whose message, or a hand message of whose seats, shows an older version than the
        database (a redraw was lost)."""
        return [await self._tables.table(game_id) for game_id in await self._store.lagging_games()]

    async def drop_unshown_deals(self, *, grace: float = UNSHOWN_DEAL_GRACE) -> list[int]:
        """Remove deals whose table message never appeared within ``grace`` seconds; return their ids."""
        return await self._store.drop_unshown_deals(before=self._clock() - grace)

    async def check_table_message(self, game_id: int, message_id: int | None) -> None:
        """That ``message_id`` is the game's table message. Raises GameNotFoundError, WrongTableError."""
        record = await self._tables.load(game_id)
        if message_id is None or record.message_id != message_id:
            raise WrongTableError(game_id=game_id)

    async def is_hand_message(self, game_id: int, user_id: int, message_id: int) -> bool:
        """Whether ``message_id`` is the hand message (a DM) of the user's seat in the game."""
        record = await self._tables.load(game_id)
        return any(seat.user_id == user_id and seat.dm_message_id == message_id for seat in record.seats)

    async def set_seat_message(self, game_id: int, seat: Seat, channel_id: int | None, message_id: int | None) -> None:
        """Remember (or forget) the seat's private message, its hand in a DM."""
        await self._store.set_seat_message(game_id, seat, channel_id, message_id)

    async def set_dm_closed(self, user_id: int, closed: bool) -> None:
        """Remember that the user's DMs are closed to the bot (or open again)."""
        await self._store.set_dm_closed(user_id, closed, at=self._clock())

    async def dm_closed(self, user_id: int) -> bool:
        return await self._store.dm_closed(user_id)

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        """Remember the user's DM channel with the bot: later DMs go straight to it."""
        await self._store.set_dm_channel(user_id, channel_id)

    async def dm_channel(self, user_id: int) -> int | None:
        """The user's DM channel with the bot, if it was ever opened."""
        return await self._store.dm_channel(user_id)

    async def open_tables(self, channel_id: int, user_id: int, kind: str) -> list[int]:
        """Lobbies and running games of ``kind`` in the channel where the user has a seat; newest first."""
        return await self._store.open_tables(channel_id, user_id, kind)

    async def hand_over(self, game_id: int) -> None:
        """Ask every bot process on this database to redraw what it owns of the game (its messages'
        channels belong to one process each)."""
        await self._store.notify_redraw(game_id)

    async def hand_over_tournament(self, tournament_id: int) -> None:
        """Ask every bot process on this database to redraw the tournament's message (the one that owns its
        channel does)."""
        await self._store.notify_tournament_redraw(tournament_id)
