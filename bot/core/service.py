"""The table service: the one API the Discord layer calls (ARCHITECTURE.md "One action, end to end").

It never imports discord and never hands out a raw game state: every call returns a :class:`Table`
built from the engine's views. The only state is in the database; each call loads the game, checks,
applies and saves it in one version-checked transaction. The games it serves are given to it
(``TableService(store, games=GAMES)``); what it must know of a game, the game declares
(``Game.simultaneous``, ``Game.has_hints``), so no game is named here.

- Lifecycle: a new game is ``dealing`` until its table message exists (:meth:`attach_message`), and
  only then ``active``; nothing acts on a deal nobody can see, and :meth:`drop_unshown_deals` removes
  deals whose message never appeared. The version each table message shows is kept
  (:meth:`mark_shown`), so tables whose message lags the database can be found and redrawn
  (:meth:`lagging_tables`).
- Who acts: answered once, by :meth:`seat_of`: a user with a seat acts for that seat; in an
  ``open_play`` game (one-seat tables only) anyone in the channel acts, as seat 0. Resigning is for
  seat holders only (in open play: the owner).
- Staleness: for turn-based and one-seat games a click carries the table version it was drawn for,
  and an older one is refused (:class:`StaleActionError`). Games whose seats act at once check the
  action code's own expectations instead (a Peanuts move names the top card it expects), so the
  version is ignored and a save that lost the race to another writer is retried once.
- Concurrency: one ``asyncio.Lock`` per game inside this process; across processes the store's
  ``version = ?`` check. A lost race is retried (simultaneous games) or refused, never merged.
- Undo (games whose ``allows_undo`` says so): an ``"undo"`` row is appended to the action log and the
  state is rebuilt by replaying the seed and the effective log (each undo pops the action before it).
- Replay: seed + action log rebuild the snapshot exactly (:meth:`TableService.replay_matches`).
- Errors: :mod:`bot.core.errors` for the service's refusals; engine errors (``games.errors``) pass
  through unchanged and the saved game is untouched.
"""

import asyncio
import random
import time
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.core.errors import (
    DuplicatePlayerError,
    GameNotFoundError,
    NoHintError,
    NothingToUndoError,
    NotInGameError,
    OpenPlayError,
    SeatingError,
    StaleActionError,
    UndoNotAllowedError,
    UnknownKindError,
    WrongTableError,
)
from bot.store import (
    ActionRecord,
    GameRecord,
    NewGame,
    ResultRecord,
    ScoreRow,
    SeatRecord,
    StaleGameError,
    Store,
    TimerRecord,
)
from games.base import CLAIM_CODE, RESIGN_CODE, Action, Event, Game, Outcome, Seat
from games.cards import Card, parse_cards
from games.errors import CorruptStateError, GameOverError

__all__ = ["UNDO_CODE", "ScoreRow", "Table", "TableService", "effective_actions"]

UNDO_CODE = "undo"
"""How the action log records an undo (it is not a game action)."""

GAME_OVER = "This game is over."
OWN_UNDO = "At an open table you may take back only your own last move."
NOT_STARTED = "This table is not dealt yet."

UNSHOWN_DEAL_GRACE = 60.0
"""Seconds a ``dealing`` game may wait for its table message before it counts as never shown."""

LOBBY_SECONDS = 600.0
"""How long a table waits for its seats to fill (``open_table``'s default)."""
TURN_SECONDS = 120.0
"""A seat's turn timer when the table sets none."""
WARN_BEFORE = 30.0
"""How long before a turn runs out its player is warned."""
AI_SECONDS = 1.5
"""How long an AI seat of a turn-based game waits before it plays (so people can follow)."""
TURN_SETTING = "turn_seconds"
CLAIM_AFTER = 120.0
"""Seconds the other players must have been idle before a game can be claimed (RULES §7.1)."""
MISSED_TURNS = 3
"""Turns in a row the timer plays for a seat before the AI takes the seat over."""

EXPIRE = "expire"
TURN = "turn"
WARN = "warn"
AI = "ai"


@dataclass(frozen=True, slots=True)
class Table:
    """What the Discord layer gets after every call: views only, never the raw state.

    ``legal`` and ``outcome`` are asked of the engine once per call and travel here, so no layer
    above asks again.
    """

    game_id: int
    kind: str
    title: str
    version: int
    status: str
    open_play: bool
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    shown_version: int | None
    seats: tuple[SeatRecord, ...]
    public: Any
    views: dict[Seat, Any]
    legal: dict[Seat, tuple[Action, ...]]
    outcome: Outcome | None
    events: tuple[Event, ...]
    can_undo: bool
    turn: Seat | None = None
    """The seat to act in a turn-based game (None: over, not dealt, or every seat may act)."""
    settings: Mapping[str, Any] = field(default_factory=dict)
    """How the table is run, apart from the rules (turn timer, the AI's pace, practice)."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """The game's resolved options (what a rematch or a new game of the same kind deals with)."""
    started_at: float = 0.0
    """When the table was opened (epoch seconds)."""
    host_id: int | None = None
    """Who opened the table (a lobby's host)."""
    last: Action | None = None
    """The action this table is the result of (None when it comes from a load, an undo or a deadline)."""

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def players(self) -> tuple[int | None, ...]:
        """The user id in each seat (None for an empty or AI seat)."""
        return tuple(seat.user_id for seat in self.seats)

    @property
    def owner(self) -> int | None:
        """Who dealt the table: the first seat's player."""
        return self.seats[0].user_id if self.seats else None

    def public_events(self) -> tuple[Event, ...]:
        """The events everyone may read."""
        return tuple(event for event in self.events if event.seats is None)

    def events_for(self, seat: Seat) -> tuple[Event, ...]:
        """The events only ``seat`` (among others, perhaps) was told privately."""
        return tuple(event for event in self.events if event.seats is not None and seat in event.seats)


@dataclass(frozen=True, slots=True)
class CurrentGame:
    """The game a typed command acts on, and whether the user has a seat in it (else it is an open table)."""

    game_id: int
    own: bool


def effective_actions(actions: Iterable[ActionRecord]) -> list[ActionRecord]:
    """The action log with every undo applied (an undo row removes the action before it).

    Raises:
        CorruptStateError: an undo row with nothing left to undo.
    """
    stack: list[ActionRecord] = []
    for action in actions:
        if action.code != UNDO_CODE:
            stack.append(action)
        elif stack:
            stack.pop()
        else:
            raise CorruptStateError(f"Action {action.seq} undoes nothing.")
    return stack


@dataclass(frozen=True, slots=True)
class Fired:
    """What a deadline did: the table after it (to redraw), and whom to tell privately (seat -> sentence)."""

    table: Table
    ping: dict[Seat, str]


def _default_seed() -> int:
    return random.SystemRandom().randrange(2**31)


class TableService:
    """Creates games, applies actions, undo and resignations, and answers scoreboard questions."""

    def __init__(
        self,
        store: Store,
        *,
        games: Mapping[str, Game[Any]],
        players: Mapping[str, Any] | None = None,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
        on_deadline: Callable[[float], None] | None = None,
    ) -> None:
        self._store = store
        self._games = games
        self._players = players or {}
        self._on_deadline = on_deadline
        self._seed_source = seed_source or _default_seed
        self._clock = clock
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    @property
    def games(self) -> Mapping[str, Game[Any]]:
        """The games this service deals, by key."""
        return self._games

    def now(self) -> float:
        """The service's clock (epoch seconds); tests move it."""
        return self._clock()

    async def new_game(
        self,
        kind: str,
        *,
        guild_id: int | None,
        channel_id: int | None,
        players: Sequence[int],
        options: Mapping[str, Any] | None = None,
        open_play: bool = False,
        deck: Sequence[Card] | None = None,
    ) -> Table:
        """Deal a new game for ``players`` (one Discord user id per seat, in seat order) and save it.

        The game is ``dealing`` until :meth:`attach_message` records its table message.

        Raises:
            UnknownKindError, DuplicatePlayerError, OpenPlayError; InvalidOptionError from the engine
            for bad options, seat count or deck.
        """
        game = self._game(kind)
        seated = tuple(int(user_id) for user_id in players)
        if len(set(seated)) != len(seated):
            raise DuplicatePlayerError()
        if open_play and len(seated) != 1:
            raise OpenPlayError()
        resolved = game.resolve_options(options)
        seed = self._seed_source()
        state = game.new_state(resolved, len(seated), seed, deck)
        outcome = game.outcome(state)
        record = await self._store.create_game(
            NewGame(
                kind=kind,
                options=resolved,
                guild_id=guild_id,
                channel_id=channel_id,
                players=seated,
                open_play=open_play,
                seed=seed,
                deck=tuple(card.ident for card in deck) if deck is not None else None,
                state=game.to_dict(state),
                at=self._clock(),
                finished=outcome is not None,
                results=_results(record_seats(seated), outcome) if game.on_scoreboard(resolved) else (),
                host_id=seated[0] if seated else None,
            )
        )
        return _table(game, record, state, version=0, status=record.status, events=(), undo_depth=0)

    async def attach_message(self, game_id: int, message_id: int, version: int) -> None:
        """Record the table message (showing ``version``); a ``dealing`` game becomes ``active``.

        Raises GameNotFoundError.
        """
        if not await self._store.set_message(game_id, message_id, version=version, at=self._clock()):
            raise GameNotFoundError(game_id=game_id)

    async def mark_shown(self, game_id: int, version: int) -> None:
        """The table message now shows ``version``."""
        await self._store.set_shown(game_id, version)

    async def lagging_tables(self) -> list[Table]:
        """Every table whose message shows an older version than the database (a redraw was lost)."""
        return [await self.table(game_id) for game_id in await self._store.lagging_games()]

    async def drop_unshown_deals(self, *, grace: float = UNSHOWN_DEAL_GRACE) -> list[int]:
        """Remove deals whose table message never appeared within ``grace`` seconds; return their ids."""
        return await self._store.drop_unshown_deals(before=self._clock() - grace)

    async def table(
        self,
        game_id: int,
        *,
        version: int | None = None,
        user_id: int | None = None,
        message_id: int | None = None,
    ) -> Table:
        """The game as it stands now (no events).

        With ``user_id``, only for someone who may act in it; with ``message_id``, only when that is
        the game's table message; with ``version``, only when the game is still at that version.

        Raises:
            GameNotFoundError, NotInGameError, WrongTableError, StaleActionError.
        """
        record = await self._load(game_id, message_id)
        if user_id is not None:
            _acting_seat(record, user_id)
        _check_version(record, version)
        game = self._game(record.kind)
        if record.status in ("seating", "cancelled"):
            return _lobby_table(game, record)
        state = game.from_dict(record.state)
        depth = await self._undo_depth(game, record)
        return _table(game, record, state, version=record.version, status=record.status, events=(), undo_depth=depth)

    async def check_table_message(self, game_id: int, message_id: int | None) -> None:
        """That ``message_id`` is the game's table message. Raises GameNotFoundError, WrongTableError."""
        record = await self._load(game_id)
        if message_id is None or record.message_id != message_id:
            raise WrongTableError(game_id=game_id)

    async def is_hand_message(self, game_id: int, user_id: int, message_id: int) -> bool:
        """Whether ``message_id`` is the hand message (a DM) of the user's seat in the game."""
        record = await self._load(game_id)
        return any(seat.user_id == user_id and seat.dm_message_id == message_id for seat in record.seats)

    async def seat_of(self, game_id: int, user_id: int) -> Seat:
        """The seat the user acts for. Raises GameNotFoundError, NotInGameError."""
        return _acting_seat(await self._load(game_id), user_id)

    async def act(
        self, game_id: int, user_id: int, code: str, *, version: int | None = None, message_id: int | None = None
    ) -> Table:
        """Apply the action ``code`` for the user's seat and save it.

        ``version`` is the table the user saw; ``message_id`` the message the control sat on, which
        must be the game's table message.

        Raises:
            GameNotFoundError, WrongTableError, NotInGameError, StaleActionError; engine errors
            unchanged (InvalidActionError, GameOverError, NotYourTurnError, IllegalActionError).
        """
        async with self._lock(game_id):
            record = await self._load(game_id, message_id)
            game = self._game(record.kind)
            action = game.parse_action(code)
            seat = _acting_seat(record, user_id)
            _check_running(record)
            if not game.simultaneous:
                _check_version(record, version)
            try:
                return await self._apply(game, record, seat, action, user_id=user_id)
            except StaleActionError:
                if not game.simultaneous:
                    raise
            # Another process saved first: the action carries its own expectations, so try it once more.
            record = await self._load(game_id)
            _check_running(record)
            return await self._apply(game, record, seat, action, user_id=user_id)

    async def undo(
        self, game_id: int, user_id: int, *, version: int | None = None, message_id: int | None = None
    ) -> Table:
        """Take back the last effective action by replaying the log without it.

        Raises:
            GameNotFoundError, WrongTableError, NotInGameError, UndoNotAllowedError, NothingToUndoError,
            StaleActionError, GameOverError.
        """
        async with self._lock(game_id):
            record = await self._load(game_id, message_id)
            game = self._game(record.kind)
            seat = _acting_seat(record, user_id)
            if not game.allows_undo(record.options):
                raise UndoNotAllowedError(game_id=game_id)
            _check_running(record)
            _check_version(record, version)
            kept = effective_actions(await self._store.load_actions(game_id))
            if not kept:
                raise NothingToUndoError(game_id=game_id)
            if record.open_play and user_id != record.players[0] and kept[-1].user_id != user_id:
                raise UndoNotAllowedError(OWN_UNDO, game_id=game_id)
            undone = kept.pop()
            state = _rebuild(game, record, kept)
            events = (Event(f"Undid {_label(game, state, undone)}."),)
            return await self._save(
                game, record, state, events, seat=seat, code=UNDO_CODE, undo_depth=len(kept), user_id=user_id
            )

    async def check_resign(self, game_id: int, user_id: int) -> Seat:
        """The seat that would resign, before asking the user to confirm.

        Raises GameNotFoundError, NotInGameError, GameOverError.
        """
        record = await self._load(game_id)
        return _resigning_seat(record, user_id)

    async def resign(self, game_id: int, user_id: int) -> Table:
        """The user gives up their seat's game (in open play only the owner, ``players[0]``, may).

        Raises:
            GameNotFoundError, NotInGameError, GameOverError.
        """
        async with self._lock(game_id):
            record = await self._load(game_id)
            game = self._game(record.kind)
            seat = _resigning_seat(record, user_id)
            state, events = game.resign(game.from_dict(record.state), seat)
            return await self._save(
                game, record, state, events, seat=seat, code=RESIGN_CODE, undo_depth=0, user_id=user_id
            )

    async def legal_for(self, game_id: int, user_id: int) -> tuple[Action, ...]:
        """The actions the user may take now (empty once over). Raises GameNotFoundError, NotInGameError."""
        record = await self._load(game_id)
        game = self._game(record.kind)
        seat = _acting_seat(record, user_id)
        if record.status != "active":
            return ()
        return game.legal_actions(game.from_dict(record.state), seat)

    async def hint(self, game_id: int, user_id: int) -> Action | None:
        """A move on a winning line from the current position, or None when the solver finds no win.

        The solver runs in a worker thread (up to about a second on a lost position).
        Raises GameNotFoundError, NotInGameError, NoHintError, GameOverError.
        """
        record = await self._load(game_id)
        _acting_seat(record, user_id)
        game = self._game(record.kind)
        if not game.has_hints:
            raise NoHintError()
        _check_running(record)
        state = game.from_dict(record.state)
        return await asyncio.to_thread(game.hint, state)

    async def active_games(self, channel_id: int, user_id: int, kind: str) -> list[int]:
        """Unfinished games of ``kind`` in the channel the user may play: their own (a seat) newest first,
        then other people's open tables, newest first."""
        games = await self._store.active_games(channel_id, user_id, kind)
        own = set(await self._store.open_tables(channel_id, user_id, kind))
        return sorted(games, key=lambda game_id: game_id not in own)

    async def current_game(self, channel_id: int, user_id: int, kind: str) -> CurrentGame | None:
        """The game a typed command acts on: the user's own newest game here, else the newest open table."""
        games = await self._store.active_games(channel_id, user_id, kind)
        own = await self._store.open_tables(channel_id, user_id, kind)
        mine = [game_id for game_id in games if game_id in own]
        if mine:
            return CurrentGame(mine[0], own=True)
        return CurrentGame(games[0], own=False) if games else None

    async def scoreboard(self, channel_id: int, kind: str, *, limit: int = 10) -> list[ScoreRow]:
        """The channel's best players of ``kind``: by wins, then best score, then games played."""
        return await self._store.scoreboard(channel_id, kind, limit=limit)

    async def replay_matches(self, game_id: int) -> bool:
        """Whether seed + action log rebuild exactly the saved snapshot (the bug-report check)."""
        record = await self._load(game_id)
        game = self._game(record.kind)
        actions = await self._store.load_actions(game_id)
        rebuilt = _rebuild(game, record, effective_actions(actions))
        return record.version == len(actions) and rebuilt == game.from_dict(record.state)

    # Lobbies: a table is opened, its seats filled by people (joining, or invited and accepting) or the AI,
    # then the host starts it. The lobby's message becomes the game's table message.

    async def open_table(
        self,
        kind: str,
        *,
        guild_id: int | None,
        channel_id: int | None,
        host_id: int,
        seats: int,
        invited: Sequence[int] = (),
        options: Mapping[str, Any] | None = None,
        settings: Mapping[str, Any] | None = None,
        expires_in: float = LOBBY_SECONDS,
    ) -> Table:
        """Open a lobby for ``seats`` players: the host in seat 0, then the invited people, then empty seats.

        Raises UnknownKindError, DuplicatePlayerError, SeatingError; InvalidOptionError from the engine.
        """
        game = self._game(kind)
        if not game.min_seats <= seats <= game.max_seats:
            raise SeatingError(f"{game.title} is played by {game.min_seats} to {game.max_seats} players.")
        people = (host_id, *invited)
        if len(set(people)) != len(people):
            raise DuplicatePlayerError()
        if len(people) > seats:
            raise SeatingError(f"A table of {seats} has no room for {len(people)} players.")
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
            )
        )
        await self._set_timer(record.id, EXPIRE, self._clock() + expires_in)
        return _lobby_table(game, record)

    async def join(self, game_id: int, user_id: int) -> Table:
        """Take the first empty seat. Raises GameNotFoundError, SeatingError."""
        async with self._lock(game_id):
            record = await self._seating(game_id)
            if user_id in record.players:
                raise SeatingError("You already have a seat at this table.")
            empty = next((seat for seat in record.seats if not _taken(seat)), None)
            if empty is None:
                raise SeatingError("This table is full.")
            await self._store.set_seat(game_id, SeatRecord(seat=empty.seat, user_id=user_id))
            return _lobby_table(self._game(record.kind), await self._load(game_id))

    async def leave(self, game_id: int, user_id: int) -> Table:
        """Give up one's seat in a lobby (the host cancels instead). Raises GameNotFoundError, SeatingError."""
        async with self._lock(game_id):
            record = await self._seating(game_id)
            seat = _seat_of_person(record, user_id)
            if user_id == record.host_id:
                raise SeatingError("You opened this table: press Cancel to close it.")
            await self._store.set_seat(game_id, SeatRecord(seat=seat, user_id=None))
            return _lobby_table(self._game(record.kind), await self._load(game_id))

    async def add_ai(self, game_id: int, user_id: int) -> Table:
        """The host fills the first empty seat with the AI. Raises GameNotFoundError, SeatingError."""
        async with self._lock(game_id):
            record = await self._seating(game_id)
            _check_host(record, user_id, "add AI players")
            empty = next((seat for seat in record.seats if not _taken(seat)), None)
            if empty is None:
                raise SeatingError("This table has no empty seat.")
            await self._store.set_seat(game_id, SeatRecord(seat=empty.seat, user_id=None, ai=True))
            return _lobby_table(self._game(record.kind), await self._load(game_id))

    async def accept(self, game_id: int, user_id: int) -> Table:
        """An invited player takes the seat kept for them. Raises GameNotFoundError, SeatingError."""
        async with self._lock(game_id):
            record = await self._seating(game_id)
            seat = record.seats[_seat_of_person(record, user_id)]
            if seat.ready:
                raise SeatingError("You are already sitting at this table.")
            await self._store.set_seat(game_id, SeatRecord(seat=seat.seat, user_id=user_id))
            record = await self._load(game_id)
            if record.settings.get("autostart") and all(seat.ready and _taken(seat) for seat in record.seats):
                return await self._deal(record)
            return _lobby_table(self._game(record.kind), record)

    async def decline(self, game_id: int, user_id: int) -> Table:
        """An invited player says no: the invitation (the whole table) is called off."""
        async with self._lock(game_id):
            record = await self._seating(game_id)
            seat = record.seats[_seat_of_person(record, user_id)]
            if seat.ready:
                raise SeatingError("Only an invited player who has not accepted can decline.")
            return await self._close(record, "cancelled", Event("The invitation was declined."))

    async def cancel(self, game_id: int, user_id: int) -> Table:
        """The host closes a lobby. Raises GameNotFoundError, SeatingError."""
        async with self._lock(game_id):
            record = await self._seating(game_id)
            _check_host(record, user_id, "cancel it")
            return await self._close(record, "cancelled", Event("The table was cancelled."))

    async def start(self, game_id: int, user_id: int) -> Table:
        """The host deals once every seat is taken and every invited player has accepted.

        Raises GameNotFoundError, SeatingError.
        """
        async with self._lock(game_id):
            record = await self._seating(game_id)
            _check_host(record, user_id, "start it")
            empty = [seat.seat + 1 for seat in record.seats if not _taken(seat)]
            if empty:
                raise SeatingError(f"Seat{'s' if len(empty) > 1 else ''} {_and(empty)} still empty: wait, or Add AI.")
            if not all(seat.ready for seat in record.seats):
                raise SeatingError("Not everyone invited has accepted yet.")
            return await self._deal(record)

    async def claim(self, game_id: int, user_id: int) -> Table:
        """End the game as it stands because every other player has been idle for :data:`CLAIM_AFTER` seconds.

        Raises GameNotFoundError, NotInGameError, GameOverError, SeatingError; InvalidActionError from
        an engine that cannot be claimed.
        """
        async with self._lock(game_id):
            record = await self._load(game_id)
            seat = _seat_of_person(record, user_id)
            _check_running(record)
            game = self._game(record.kind)
            for other in record.seats:
                if other.seat != seat and not other.ai:
                    last = await self._store.last_action_at(game_id, other.seat)
                    idle = self._clock() - (last if last is not None else record.updated_at)
                    if idle < CLAIM_AFTER:
                        wait = round(CLAIM_AFTER - idle)
                        raise SeatingError(f"You can claim once the others have been idle 2 minutes ({wait} s to go).")
            state, events = game.claim(game.from_dict(record.state), seat)
            return await self._save(
                game, record, state, events, seat=seat, code=CLAIM_CODE, undo_depth=0, user_id=user_id
            )

    async def rematch(self, game_id: int, user_id: int, *, expires_in: float = LOBBY_SECONDS) -> Table:
        """A player of a finished game opens the same table again: the same seats, options and settings;
        the others are invited (the table starts as soon as they have all accepted).

        Raises GameNotFoundError, NotInGameError, SeatingError.
        """
        record = await self._load(game_id)
        _seat_of_person(record, user_id)
        if record.status != "finished":
            raise SeatingError("A rematch is for a finished game.")
        game = self._game(record.kind)
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
            )
        )
        await self._set_timer(new.id, EXPIRE, self._clock() + expires_in)
        table = _lobby_table(game, new)
        if not others:
            async with self._lock(new.id):
                return await self._deal(new)
        return table

    async def _deal(self, record: GameRecord) -> Table:
        """Deal a full lobby (under its lock): it becomes the game."""
        game = self._game(record.kind)
        seed = self._seed_source()
        state = game.new_state(record.options, len(record.seats), seed)
        await self._store.deal(record.id, seed=seed, state=game.to_dict(state), at=self._clock())
        await self._store.clear_timers(record.id, EXPIRE)
        record = await self._load(record.id)
        table = _table(game, record, state, version=0, status="active", events=(), undo_depth=0)
        await self._schedule(game, record, state)
        return table

    async def turn_seconds(self, guild_id: int | None) -> float:
        """The server's turn timer for turn-based tables (:data:`TURN_SECONDS` unless it set one)."""
        value = await self._store.guild_setting(guild_id, TURN_SETTING) if guild_id is not None else None
        return float(value) if value is not None else TURN_SECONDS

    async def set_turn_seconds(self, guild_id: int, seconds: float) -> None:
        """Set the server's turn timer (it applies to tables opened from now on)."""
        await self._store.set_guild_setting(guild_id, TURN_SETTING, repr(float(seconds)))

    async def helpers(self, game_id: int) -> dict[int, int]:
        """At an open table: how many moves each person other than its owner made (and kept)."""
        record = await self._load(game_id)
        owner = record.players[0]
        counts: dict[int, int] = {}
        for action in effective_actions(await self._store.load_actions(game_id)):
            if action.user_id is not None and action.user_id != owner:
                counts[action.user_id] = counts.get(action.user_id, 0) + 1
        return counts

    async def name_results(self, game_id: int, names: Mapping[int, str]) -> None:
        """Keep the players' names with a finished game's results, for the scoreboards."""
        await self._store.name_results(game_id, names)

    async def record_of(self, channel_id: int, kind: str, user_id: int, game_id: int) -> tuple[int | None, int]:
        """A player's best score before ``game_id`` in this channel (None: no earlier game), and their
        current streak of wins (``game_id`` included)."""
        results = await self._store.player_results(channel_id, kind, user_id)
        earlier = [score for other, score, _ in results if other != game_id]
        streak = 0
        for _, _, won in results:
            if not won:
                break
            streak += 1
        return (max(earlier) if earlier else None), streak

    async def set_seat_message(self, game_id: int, seat: Seat, channel_id: int | None, message_id: int | None) -> None:
        """Remember (or forget) the seat's private message, its hand in a DM."""
        await self._store.set_seat_message(game_id, seat, channel_id, message_id)

    async def set_dm_closed(self, user_id: int, closed: bool) -> None:
        """Remember that the user's DMs are closed to the bot (or open again)."""
        await self._store.set_dm_closed(user_id, closed, at=self._clock())

    async def dm_closed(self, user_id: int) -> bool:
        return await self._store.dm_closed(user_id)

    async def open_tables(self, channel_id: int, user_id: int, kind: str) -> list[int]:
        """Lobbies and running games of ``kind`` in the channel where the user has a seat; newest first."""
        return await self._store.open_tables(channel_id, user_id, kind)

    # Deadlines: rows in the database, fired once each by the bot's one timer task (:meth:`fire_due`).

    async def next_deadline(self) -> float | None:
        """When the soonest deadline falls (epoch seconds), or None."""
        return await self._store.next_due()

    async def fire_due(self) -> list[Fired]:
        """Fire every deadline that is due, each exactly once; return what they changed."""
        fired = []
        for timer in await self._store.due_timers(self._clock()):
            if await self._store.take_timer(timer):
                result = await self._fire(timer)
                if result is not None:
                    fired.append(result)
        return fired

    async def come_back(self, game_id: int, user_id: int) -> Table:
        """A player whose seat the AI took over plays it again. Raises GameNotFoundError, NotInGameError."""
        async with self._lock(game_id):
            record = await self._load(game_id)
            seat = record.seats[_seat_of_person(record, user_id)]
            await self._store.set_seat(game_id, SeatRecord(seat=seat.seat, user_id=user_id))
            record = await self._load(game_id)
            game = self._game(record.kind)
            state = game.from_dict(record.state)
            await self._schedule(game, record, state)
            back = (Event(f"{_seat_name(seat.seat)} is back."),)
            return _table(game, record, state, version=record.version, status=record.status, events=back, undo_depth=0)

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
        if timer.kind == WARN:
            state = game.from_dict(record.state)
            seat = game.current_seat(state)
            if seat is None:
                return None
            table = _table(game, record, state, version=record.version, status=record.status, events=(), undo_depth=0)
            return Fired(table, {seat: f"Your turn runs out in {WARN_BEFORE:.0f} seconds."})
        if timer.kind == TURN:
            return await self._time_out(game, timer.game_id)
        if timer.kind.startswith(AI):
            return await self._ai_moves(game, timer)
        return None

    async def _time_out(self, game: Game[Any], game_id: int) -> Fired | None:
        """The seat to play ran out of time: the game's timeout play is made for it (RULES §7.2)."""
        async with self._lock(game_id):
            record = await self._load(game_id)
            state = game.from_dict(record.state)
            seat = game.current_seat(state)
            if record.status != "active" or seat is None:
                return None
            action = game.timeout_action(state, seat)
            table = await self._apply(game, record, seat, action, scheduled=False)
            missed = record.seats[seat].missed + 1
            away = missed >= MISSED_TURNS
            await self._store.set_seat(game_id, replace(record.seats[seat], missed=missed, away=away))
            record = await self._load(game_id)
            await self._schedule(game, record, game.from_dict(record.state))
            note = f"Time ran out: I played {action.label} for {_seat_name(seat)}."
            if away:
                note += f" The AI plays {_seat_name(seat)} until its player presses I'm back."
            return Fired(replace(table, events=(*table.events, Event(note)), seats=record.seats), {seat: note})

    async def _ai_moves(self, game: Game[Any], timer: TimerRecord) -> Fired | None:
        """An AI seat (or a seat the AI took over) plays one action."""
        async with self._lock(timer.game_id):
            record = await self._load(timer.game_id)
            state = game.from_dict(record.state)
            seat = int(timer.kind.split(":")[1]) if ":" in timer.kind else game.current_seat(state)
            if record.status != "active" or seat is None or not _plays_itself(record.seats[seat]):
                return None
            player = self._players.get(record.kind)
            rng = random.Random(f"{record.seed}:{record.version}:{seat}")
            action = player.choose(state, seat, rng) if player is not None else None
            if action is None:
                await self._schedule(game, record, state)
                return None
            table = await self._apply(game, record, seat, action)
            return Fired(table, {})

    async def _schedule(self, game: Game[Any], record: GameRecord, state: Any) -> None:
        """Set the game's turn, warning and AI deadlines for the position it is in now."""
        now = self._clock()
        if game.outcome(state) is not None:
            await self._store.clear_timers(record.id)
            return
        if game.simultaneous:
            pace = float(record.settings.get("ai_seconds", AI_SECONDS))
            for seat in record.seats:
                kind = f"{AI}:{seat.seat}"
                if _plays_itself(seat) and not any(t.kind == kind for t in await self._store.timers(record.id)):
                    await self._set_timer(record.id, kind, now + pace)
            return
        await self._store.clear_timers(record.id, TURN, WARN, AI)
        seat = game.current_seat(state)
        if seat is None:
            return
        if _plays_itself(record.seats[seat]):
            await self._set_timer(record.id, AI, now + float(record.settings.get("ai_seconds", AI_SECONDS)))
        elif "turn_seconds" in record.settings:
            turn = float(record.settings["turn_seconds"])
            await self._set_timer(record.id, TURN, now + turn)
            if turn > 2 * WARN_BEFORE:
                await self._set_timer(record.id, WARN, now + turn - WARN_BEFORE)

    async def _seating(self, game_id: int) -> GameRecord:
        record = await self._load(game_id)
        if record.status != "seating":
            raise SeatingError("This table is no longer taking seats.")
        return record

    async def _close(self, record: GameRecord, status: str, event: Event) -> Table:
        await self._store.set_status(record.id, status, was=record.status, at=self._clock())
        await self._store.clear_timers(record.id)
        return replace(_lobby_table(self._game(record.kind), await self._load(record.id)), events=(event,))

    async def _set_timer(self, game_id: int, kind: str, due_at: float) -> None:
        """Set a deadline, and tell whoever fires them (the bot's timer task may be asleep until later)."""
        await self._store.set_timer(game_id, kind, due_at)
        if self._on_deadline is not None:
            self._on_deadline(due_at)

    def _game(self, kind: str) -> Game[Any]:
        game = self._games.get(kind)
        if game is None:
            raise UnknownKindError(f"There is no game called {kind[:40]!r}.")
        return game

    def _lock(self, game_id: int) -> asyncio.Lock:
        # A weak dictionary: the lock lives while some call holds or waits for it, so the map never grows.
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    async def _load(self, game_id: int, message_id: int | None = None) -> GameRecord:
        """The game's row; with ``message_id``, only if that message is the game's table."""
        record = await self._store.load_game(game_id)
        if record is None:
            raise GameNotFoundError(game_id=game_id)
        if message_id is not None and record.message_id != message_id:
            raise WrongTableError(game_id=game_id)
        return record

    async def _undo_depth(self, game: Game[Any], record: GameRecord) -> int:
        """How many actions undo could take back (only counted when undo is possible at all)."""
        if record.status != "active" or not game.allows_undo(record.options):
            return 0
        total, undos = await self._store.count_actions(record.id, UNDO_CODE)
        return total - 2 * undos

    async def _apply(
        self,
        game: Game[Any],
        record: GameRecord,
        seat: Seat,
        action: Any,
        *,
        scheduled: bool = True,
        user_id: int | None = None,
    ) -> Table:
        """Apply and save ``action``; then (unless the caller will) set the deadlines of the new position.

        A game whose seats act at once may search (Peanuts' stall check) for a second or two, so its
        actions are applied in a worker thread, where they cannot hold up other tables' clicks.
        """
        before = game.from_dict(record.state)
        if game.simultaneous:
            state, events = await asyncio.to_thread(game.apply_action, before, seat, action)
        else:
            state, events = game.apply_action(before, seat, action)
        table = await self._save(
            game, record, state, events, seat=seat, code=action.code, undo_depth=1, user_id=user_id
        )
        table = replace(table, last=action)
        if scheduled and (record.settings or any(_plays_itself(s) for s in record.seats)):
            await self._schedule(game, record, state)
        if record.seats[seat].missed and not record.seats[seat].ai and scheduled:
            await self._store.set_seat(record.id, replace(record.seats[seat], missed=0))
        return table

    async def _save(
        self,
        game: Game[Any],
        record: GameRecord,
        state: Any,
        events: tuple[Event, ...],
        *,
        seat: Seat,
        code: str,
        undo_depth: int,
        user_id: int | None = None,
    ) -> Table:
        """Save ``state`` as the next version with its log line (and results when it ended); build the Table.

        ``user_id`` is who made the action (None when the bot made it: a timer, an AI seat).
        """
        outcome = game.outcome(state)
        try:
            version = await self._store.save_action(
                record.id,
                version=record.version,
                seat=seat,
                code=code,
                state=game.to_dict(state),
                finished=outcome is not None,
                results=_results(record.seats, outcome) if _on_scoreboard(game, record) else (),
                at=self._clock(),
                user_id=user_id,
            )
        except StaleGameError:
            raise StaleActionError(game_id=record.id) from None
        status = "finished" if outcome is not None else "active"
        return _table(game, record, state, version=version, status=status, events=events, undo_depth=undo_depth)


def _on_scoreboard(game: Game[Any], record: GameRecord) -> bool:
    """Whether the game's results count on the scoreboards (not practice tables, not off-board options)."""
    return game.on_scoreboard(record.options) and not record.settings.get("practice")


def _taken(seat: SeatRecord) -> bool:
    """Whether someone (a person or the AI) sits in the seat."""
    return seat.user_id is not None or seat.ai


def _plays_itself(seat: SeatRecord) -> bool:
    """Whether the bot plays this seat: an AI seat, or one the AI took over."""
    return seat.ai or seat.away


def _seat_name(seat: Seat) -> str:
    return f"Seat {seat + 1}"


def _and(numbers: Sequence[int]) -> str:
    words = [str(number) for number in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _seat_of_person(record: GameRecord, user_id: int) -> Seat:
    if user_id not in record.players:
        raise NotInGameError(game_id=record.id)
    return record.players.index(user_id)


def _check_host(record: GameRecord, user_id: int, what: str) -> None:
    if user_id != record.host_id:
        raise SeatingError(f"Only the player who opened this table can {what}.")


def _lobby_table(game: Game[Any], record: GameRecord) -> Table:
    """A table that is not dealt (a lobby, or one closed before its deal): seats, no views."""
    return Table(
        game_id=record.id,
        kind=record.kind,
        title=game.title,
        version=record.version,
        status=record.status,
        open_play=False,
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        message_id=record.message_id,
        shown_version=record.shown_version,
        seats=record.seats,
        public=None,
        views={},
        legal={},
        outcome=None,
        events=(),
        can_undo=False,
        settings=record.settings,
        options=record.options,
        started_at=record.created_at,
        host_id=record.host_id,
    )


def record_seats(players: Sequence[int]) -> tuple[SeatRecord, ...]:
    """Seats for a list of user ids, in order."""
    return tuple(SeatRecord(seat=seat, user_id=user_id) for seat, user_id in enumerate(players))


def _results(seats: Sequence[SeatRecord], outcome: Outcome | None) -> tuple[ResultRecord, ...]:
    """One result per seated person once the game is over: the seat's score, and whether it won."""
    if outcome is None:
        return ()
    return tuple(
        ResultRecord(user_id=seat.user_id, score=outcome.scores[seat.seat], won=seat.seat in outcome.winners)
        for seat in seats
        if seat.user_id is not None
    )


def _acting_seat(record: GameRecord, user_id: int) -> Seat:
    """The seat the user acts for: their own, or seat 0 of an open-play table."""
    if user_id in record.players:
        return record.players.index(user_id)
    if record.open_play:
        return 0
    raise NotInGameError(game_id=record.id)


def _resigning_seat(record: GameRecord, user_id: int) -> Seat:
    """The user's own seat in a running game (a guest at an open table has none to give up)."""
    if user_id not in record.players:
        raise NotInGameError(game_id=record.id)
    _check_running(record)
    return record.players.index(user_id)


def _check_running(record: GameRecord) -> None:
    """Refuse actions on a finished game, or on a deal whose table is not shown yet."""
    if record.status == "finished":
        raise GameOverError(GAME_OVER)
    if record.status != "active":
        raise GameNotFoundError(NOT_STARTED, game_id=record.id)


def _check_version(record: GameRecord, version: int | None) -> None:
    """Refuse a control drawn for an older table than the one saved."""
    if version is not None and version != record.version:
        raise StaleActionError(game_id=record.id)


def _rebuild(game: Game[Any], record: GameRecord, actions: Sequence[ActionRecord]) -> Any:
    """Replay the seed and ``actions`` from a fresh deal."""
    deck = parse_cards(record.deck) if record.deck is not None else None
    codes = [(action.seat, action.code) for action in actions]
    return game.replay(record.options, len(record.seats), record.seed, codes, deck)


def _label(game: Game[Any], state: Any, action: ActionRecord) -> str:
    """The label of a logged action as it was offered in ``state`` (legal actions carry the readable card)."""
    parsed = game.parse_action(action.code)
    offered = next((legal for legal in game.legal_actions(state, action.seat) if legal == parsed), parsed)
    return offered.label


def _table(
    game: Game[Any],
    record: GameRecord,
    state: Any,
    *,
    version: int,
    status: str,
    events: tuple[Event, ...],
    undo_depth: int,
) -> Table:
    seats = range(len(record.seats))
    outcome = game.outcome(state)
    return Table(
        game_id=record.id,
        kind=record.kind,
        title=game.title,
        version=version,
        status=status,
        open_play=record.open_play,
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        message_id=record.message_id,
        shown_version=record.shown_version,
        seats=record.seats,
        public=game.view_for(state, None),
        views={seat: game.view_for(state, seat) for seat in seats},
        legal={seat: () if outcome is not None else game.legal_actions(state, seat) for seat in seats},
        outcome=outcome,
        events=events,
        can_undo=status == "active" and undo_depth > 0 and game.allows_undo(record.options),
        turn=None if outcome is not None else game.current_seat(state),
        settings=record.settings,
        options=record.options,
        started_at=record.created_at,
        host_id=record.host_id,
    )
