"""Lobbies: a table is opened, its seats filled by people (joining, or invited and accepting) or the AI,
then the host starts it. The lobby's message becomes the game's table message."""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from bot.core.errors import DuplicatePlayerError, SeatingError
from bot.core.places import Place
from bot.core.tables import Table, Tables, check_host, is_taken, lobby_table, seat_of_person, table_of
from bot.core.timers import EXPIRE, Timers
from bot.i18n import N_
from bot.store import GameRecord, NewGame, SeatRecord, Store
from games.base import Event
from games.phrases import Phrase

NO_LONGER_SEATING = N_("This table is no longer taking seats.")
LOBBY_SECONDS = 600.0
"""How long a table waits for its seats to fill (``open_table``'s default)."""


class Lobbies:
    """Opening tables, filling their seats, starting, cancelling and rematches: given the store, the clock,
    where deals' seeds come from, the tables, and the timers (a lobby's expiry, a dealt game's first turn)."""

    def __init__(
        self, *, store: Store, clock: Callable[[], float], seeds: Callable[[], int], tables: Tables, timers: Timers
    ) -> None:
        self._store = store
        self._clock = clock
        self._seeds = seeds
        self._tables = tables
        self._timers = timers

    async def open_table(
        self,
        kind: str,
        *,
        guild_id: int | None,
        channel_id: int | None,
        host_id: int,
        seats: int,
        invited: Sequence[int] = (),
        options: Mapping[str, object] | None = None,
        settings: Mapping[str, object] | None = None,
        expires_in: float = LOBBY_SECONDS,
        place: Place = Place.SERVER,
    ) -> Table:
        """Open a lobby for ``seats`` players: the host in seat 0, then the invited people, then empty seats.

        Raises UnknownKindError, DuplicatePlayerError, SeatingError; InvalidOptionError from the engine.
        """
        game = self._tables.game(kind)
        if not game.takes(seats):
            raise SeatingError(
                N_("{title} is played by {low} to {high} players."),
                title=game.title,
                low=game.min_seats,
                high=game.max_seats,
            )
        people = (host_id, *invited)
        if len(set(people)) != len(people):
            raise DuplicatePlayerError()
        if len(people) > seats:
            raise SeatingError(
                N_("A table of {seats} has no room for {players} players."), seats=seats, players=len(people)
            )
        resolved = game.resolve_options(options)
        game.new_state(resolved, seats, 0)
        record = await self._store.create_game(
            NewGame(
                kind=kind,
                options=resolved,
                guild_id=guild_id,
                channel_id=channel_id,
                players=(*people, *([None] * (seats - len(people)))),
                open_play=False,
                seed=0,
                deck=None,
                state={},
                at=self._clock(),
                host_id=host_id,
                seating=True,
                invited=frozenset(range(1, len(people))),
                settings=settings or {},
                place=place.value,
            )
        )
        await self._timers.set_timer(record.id, EXPIRE, self._clock() + expires_in)
        return lobby_table(game, record)

    async def join(self, game_id: int, user_id: int) -> Table:
        """Take the first empty seat. Raises GameNotFoundError, SeatingError."""
        async with self._tables.lock(game_id):
            record = await self._seating(game_id)
            if user_id in record.players:
                raise SeatingError(N_("You already have a seat at this table."))
            empty = next((seat for seat in record.seats if not is_taken(seat)), None)
            if empty is None:
                raise SeatingError(N_("This table is full."))
            await self._tables.sit(game_id, SeatRecord(seat=empty.seat, user_id=user_id), was=empty)
            return lobby_table(self._tables.game(record.kind), await self._tables.load(game_id))

    async def leave(self, game_id: int, user_id: int) -> Table:
        """Give up one's seat in a lobby (the host cancels instead). Raises GameNotFoundError, SeatingError."""
        async with self._tables.lock(game_id):
            record = await self._seating(game_id)
            seat = seat_of_person(record, user_id)
            if user_id == record.host_id:
                raise SeatingError(N_("You opened this table: press Cancel to close it."))
            await self._tables.sit(game_id, SeatRecord(seat=seat, user_id=None), was=record.seats[seat])
            return lobby_table(self._tables.game(record.kind), await self._tables.load(game_id))

    async def add_ai(self, game_id: int, user_id: int) -> Table:
        """The host fills the first empty seat with the AI. Raises GameNotFoundError, SeatingError."""
        async with self._tables.lock(game_id):
            record = await self._seating(game_id)
            check_host(record, user_id, N_("Only the player who opened this table can add AI players."))
            empty = next((seat for seat in record.seats if not is_taken(seat)), None)
            if empty is None:
                raise SeatingError(N_("This table has no empty seat."))
            await self._tables.sit(game_id, SeatRecord(seat=empty.seat, user_id=None, ai=True), was=empty)
            return lobby_table(self._tables.game(record.kind), await self._tables.load(game_id))

    async def accept(self, game_id: int, user_id: int) -> Table:
        """An invited player takes the seat kept for them. Raises GameNotFoundError, SeatingError."""
        async with self._tables.lock(game_id):
            record = await self._seating(game_id)
            seat = record.seats[seat_of_person(record, user_id)]
            if seat.ready:
                raise SeatingError(N_("You are already sitting at this table."))
            await self._tables.sit(game_id, SeatRecord(seat=seat.seat, user_id=user_id), was=seat)
            record = await self._tables.load(game_id)
            if record.settings.get("autostart") and all(seat.ready and is_taken(seat) for seat in record.seats):
                return await self._deal(record)
            return lobby_table(self._tables.game(record.kind), record)

    async def decline(self, game_id: int, user_id: int) -> Table:
        """An invited player says no: the invitation (the whole table) is called off."""
        async with self._tables.lock(game_id):
            record = await self._seating(game_id)
            seat = record.seats[seat_of_person(record, user_id)]
            if seat.ready:
                raise SeatingError(N_("Only an invited player who has not accepted can decline."))
            return await self.close(record, "cancelled", Event(Phrase.of("table.declined")))

    async def cancel(self, game_id: int, user_id: int) -> Table:
        """The host closes a lobby. Raises GameNotFoundError, SeatingError."""
        async with self._tables.lock(game_id):
            record = await self._seating(game_id)
            check_host(record, user_id, N_("Only the player who opened this table can cancel it."))
            return await self.close(record, "cancelled", Event(Phrase.of("table.cancelled")))

    async def start(self, game_id: int, user_id: int) -> Table:
        """The host deals once every seat is taken and every invited player has accepted.

        Raises GameNotFoundError, SeatingError.
        """
        async with self._tables.lock(game_id):
            record = await self._seating(game_id)
            check_host(record, user_id, N_("Only the player who opened this table can start it."))
            empty = [seat.seat + 1 for seat in record.seats if not is_taken(seat)]
            if empty:
                raise SeatingError(
                    N_("Still empty: seat {seats}. Wait, or press Add AI."), seats=", ".join(map(str, empty))
                )
            if not all(seat.ready for seat in record.seats):
                raise SeatingError(N_("Not everyone invited has accepted yet."))
            return await self._deal(record)

    async def rematch(self, game_id: int, user_id: int, *, expires_in: float = LOBBY_SECONDS) -> Table:
        """A player of a finished game opens the same table again: the same seats, options and settings;
        the others are invited (the table starts as soon as they have all accepted).

        Raises GameNotFoundError, NotInGameError, SeatingError.
        """
        record = await self._tables.load(game_id)
        seat_of_person(record, user_id)
        if record.status != "finished":
            raise SeatingError(N_("A rematch is for a finished game."))
        game = self._tables.game(record.kind)
        others = frozenset(seat.seat for seat in record.seats if seat.user_id not in (None, user_id))
        new = await self._store.create_game(
            NewGame(
                kind=record.kind,
                options=record.options,
                guild_id=record.guild_id,
                channel_id=record.channel_id,
                players=record.players,
                open_play=False,
                seed=0,
                deck=None,
                state={},
                at=self._clock(),
                ai_seats=frozenset(seat.seat for seat in record.seats if seat.ai),
                host_id=user_id,
                seating=True,
                invited=others,
                settings={**record.settings, "autostart": True},
                place=record.place,
            )
        )
        await self._timers.set_timer(new.id, EXPIRE, self._clock() + expires_in)
        table = lobby_table(game, new)
        if not others:
            async with self._tables.lock(new.id):
                return await self._deal(new)
        return table

    async def _deal(self, record: GameRecord) -> Table:
        """Deal a full lobby (under its lock): it becomes the game."""
        game = self._tables.game(record.kind)
        seed = self._seeds()
        state = game.new_state(record.options, len(record.seats), seed)
        if not await self._store.deal(record.id, seed=seed, state=game.to_dict(state), at=self._clock()):
            raise SeatingError(NO_LONGER_SEATING)  # started or closed meanwhile (another click, another process)
        await self._store.clear_timers(record.id, EXPIRE)
        record = await self._tables.load(record.id)
        table = table_of(game, record, state, version=0, status="active", events=(), undo_depth=0)
        await self._timers.schedule(game, record, state, record.version)
        return table

    async def _seating(self, game_id: int) -> GameRecord:
        record = await self._tables.load(game_id)
        if record.status != "seating":
            raise SeatingError(NO_LONGER_SEATING)
        return record

    async def close(self, record: GameRecord, status: str, event: Event) -> Table:
        """Close a lobby (``status``: cancelled) and drop its deadlines. Raises SeatingError when it was dealt or
        closed meanwhile."""
        if not await self._store.set_status(record.id, status, was=record.status, at=self._clock()):
            raise SeatingError(NO_LONGER_SEATING)
        await self._store.clear_timers(record.id)
        return replace(lobby_table(self._tables.game(record.kind), await self._tables.load(record.id)), events=(event,))
