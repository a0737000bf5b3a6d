"""What every concern of the table service shares: the :class:`Table` it returns, and :class:`Tables`, the
steps every call makes (find the rules, lock, load and check a game, save an action in one version-checked
transaction).

Each concern (``bot.core.play``, ``lobbies``, ``deadlines``, ...) is given a :class:`Tables` with the rest
of what it uses; ``bot.core.service`` builds them all.
"""

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.core import skill
from bot.core.errors import (
    GameNotFoundError,
    NotInGameError,
    SeatingError,
    StaleActionError,
    UnknownKindError,
    WrongTableError,
)
from bot.core.places import Place
from bot.i18n import N_
from bot.store import (
    ActionRecord,
    GameRecord,
    ResultRecord,
    SeatRecord,
    StaleGameError,
    Store,
)
from games.base import GAME_OVER, Action, Event, Game, Outcome, Seat
from games.cards import parse_cards
from games.errors import CorruptStateError, GameOverError
from games.phrases import Phrase

log = logging.getLogger(__name__)

UNDO_CODE = "undo"
"""How the action log records an undo (it is not a game action)."""
SEAT_CHANGED = N_("Someone changed this seat at the same moment; look at the table again and retry.")
OWN_UNDO = N_("At an open table you may take back only your own last move.")
NOT_STARTED = N_("This table is not dealt yet.")


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
    public: object
    """The public view (the game's own view type; the game's Discord module reads it)."""
    views: dict[Seat, object]
    """Each seat's private view."""
    legal: dict[Seat, tuple[Action, ...]]
    outcome: Outcome | None
    events: tuple[Event, ...]
    can_undo: bool
    turn: Seat | None = None
    """The seat to act in a turn-based game (None: over, not dealt, or every seat may act)."""
    settings: Mapping[str, object] = field(default_factory=dict)
    """How the table is run, apart from the rules (turn timer, the AI's pace, practice)."""
    options: Mapping[str, object] = field(default_factory=dict)
    """The game's resolved options (what a rematch or a new game of the same kind deals with)."""
    started_at: float = 0.0
    """When the table was opened (epoch seconds)."""
    ended_at: float | None = None
    """When the game ended (None while it runs)."""
    host_id: int | None = None
    """Who opened the table (a lobby's host)."""
    last: Action | None = None
    """The action this table is the result of (None when it comes from a load, an undo or a deadline)."""
    thread_id: int | None = None
    """The thread the table is played in (started from its first message in ``channel_id``), or None."""
    place: Place = Place.SERVER
    """Where the table is played: whether peapod is a member there decides how its message is delivered."""

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def scope(self) -> int | None:
        """The server or chat the table's ratings are kept in (:meth:`Place.scope`)."""
        return self.place.scope(self.guild_id, self.channel_id)

    @property
    def in_thread(self) -> bool:
        """Whether the table message is a board inside its thread (not yet back in the channel)."""
        return self.thread_id is not None and self.message_id != self.thread_id

    @property
    def message_channel_id(self) -> int | None:
        """The channel (or thread) that holds the table message."""
        return self.thread_id if self.in_thread else self.channel_id

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


def game_of(games: Mapping[str, Game[Any]], kind: str) -> Game[Any]:
    """The rules of ``kind``. Raises UnknownKindError."""
    game = games.get(kind)
    if game is None:
        raise UnknownKindError(N_("There is no game called “{kind}”."), kind=kind[:40])
    return game


class Tables:
    """The steps every concern shares, over the store, the games and the clock: a game's rules by kind,
    one lock per game in this process, loading a game's row (and the :class:`Table` it shows now),
    changing a seat that is still as it was read, and saving an action as the next version."""

    def __init__(self, *, store: Store, games: Mapping[str, Game[Any]], clock: Callable[[], float]) -> None:
        self._store = store
        self._games = games
        self._clock = clock
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._ended: list[Callable[[GameRecord, Outcome], Awaitable[None]]] = []

    def when_ended(self, listener: Callable[[GameRecord, Outcome], Awaitable[None]]) -> None:
        """Call ``listener`` with every game that ends here (its record as it was before the last action, and
        its outcome), after it is saved and rated: the tournaments learn of their matches' ends this way."""
        self._ended.append(listener)

    @property
    def games(self) -> Mapping[str, Game[Any]]:
        """The games this service deals, by key."""
        return self._games

    def game(self, kind: str) -> Game[Any]:
        """The rules of ``kind``. Raises UnknownKindError."""
        return game_of(self._games, kind)

    def lock(self, game_id: int) -> asyncio.Lock:
        """The game's lock in this process (it orders this process's calls; the store's version check is the
        guarantee)."""
        # A weak dictionary: the lock lives while some call holds or waits for it, so the map never grows.
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    async def load(self, game_id: int, message_id: int | None = None) -> GameRecord:
        """The game's row; with ``message_id``, only if that message is the game's table.

        Raises GameNotFoundError, WrongTableError.
        """
        record = await self._store.load_game(game_id)
        if record is None:
            raise GameNotFoundError(game_id=game_id)
        if message_id is not None and record.message_id != message_id:
            raise WrongTableError(game_id=game_id)
        return record

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
        record = await self.load(game_id, message_id)
        if user_id is not None:
            acting_seat(record, user_id)
        check_version(record, version)
        game = self.game(record.kind)
        if record.status in ("seating", "cancelled"):
            return lobby_table(game, record)
        state = game.from_dict(record.state)
        depth = await self.undo_depth(game, record)
        return table_of(game, record, state, version=record.version, status=record.status, events=(), undo_depth=depth)

    async def undo_depth(self, game: Game[Any], record: GameRecord) -> int:
        """How many actions undo could take back (only counted when undo is possible at all)."""
        if record.status != "active" or not game.allows_undo(record.options):
            return 0
        total, undos = await self._store.count_actions(record.id, UNDO_CODE)
        return total - 2 * undos

    async def sit(self, game_id: int, seat: SeatRecord, *, was: SeatRecord) -> None:
        """Change a seat that is still as ``was`` shows it. Raises SeatingError when someone changed it first."""
        try:
            await self._store.set_seat(game_id, seat, was=was)
        except StaleGameError:
            raise SeatingError(SEAT_CHANGED) from None

    async def save(
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
        Raises StaleActionError when another writer saved first.
        """
        outcome = game.outcome(state)
        at = self._clock()
        try:
            version = await self._store.save_action(
                record.id,
                version=record.version,
                seat=seat,
                code=code,
                state=game.to_dict(state),
                finished=outcome is not None,
                results=results_for(record.seats, outcome) if counts_on_scoreboard(game, record) else (),
                at=at,
                user_id=user_id,
            )
        except StaleGameError:
            raise StaleActionError(game_id=record.id) from None
        if outcome is not None:
            try:
                await skill.rate(self._store, game, record, outcome, counted=counts_on_scoreboard(game, record), at=at)
            except Exception:
                log.exception("could not rate game %s", record.id)
            for listener in self._ended:
                try:
                    await listener(record, outcome)
                except Exception:
                    log.exception("a listener failed on the end of game %s", record.id)
        status = "finished" if outcome is not None else "active"
        table = table_of(game, record, state, version=version, status=status, events=events, undo_depth=undo_depth)
        return replace(table, ended_at=at) if outcome is not None else table


def counts_on_scoreboard(game: Game[Any], record: GameRecord) -> bool:
    """Whether the game's results count on the scoreboards (not practice tables, not off-board options)."""
    return game.on_scoreboard(record.options) and not record.settings.get("practice")


def is_taken(seat: SeatRecord) -> bool:
    """Whether someone (a person or the AI) sits in the seat."""
    return seat.user_id is not None or seat.ai


def plays_itself(seat: SeatRecord) -> bool:
    """Whether the bot plays this seat: an AI seat, or one the AI took over."""
    return seat.ai or seat.away


def seat_phrase(seat: Seat) -> Phrase:
    """A seat as a phrase's part: "Seat 1" once worded."""
    return Phrase.of("seat.name", number=seat + 1)


def seat_of_person(record: GameRecord, user_id: int) -> Seat:
    if user_id not in record.players:
        raise NotInGameError(game_id=record.id)
    return record.players.index(user_id)


def check_host(record: GameRecord, user_id: int, refusal: str) -> None:
    """Refuse (with the message id ``refusal``) anyone but the player who opened the table."""
    if user_id != record.host_id:
        raise SeatingError(refusal)


def lobby_table(game: Game[Any], record: GameRecord) -> Table:
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
        thread_id=record.thread_id,
        place=Place(record.place),
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


def results_for(seats: Sequence[SeatRecord], outcome: Outcome | None) -> tuple[ResultRecord, ...]:
    """One result per seated person once the game is over: the seat's score, and whether it won."""
    if outcome is None:
        return ()
    return tuple(
        ResultRecord(user_id=seat.user_id, score=outcome.scores[seat.seat], won=seat.seat in outcome.winners)
        for seat in seats
        if seat.user_id is not None
    )


def acting_seat(record: GameRecord, user_id: int) -> Seat:
    """The seat the user acts for: their own, or seat 0 of an open-play table."""
    if user_id in record.players:
        return record.players.index(user_id)
    if record.open_play:
        return 0
    raise NotInGameError(game_id=record.id)


def resigning_seat(record: GameRecord, user_id: int) -> Seat:
    """The user's own seat in a running game (a guest at an open table has none to give up)."""
    if user_id not in record.players:
        raise NotInGameError(game_id=record.id)
    check_running(record)
    return record.players.index(user_id)


def check_running(record: GameRecord) -> None:
    """Refuse actions on a finished game, or on a deal whose table is not shown yet."""
    if record.status == "finished":
        raise GameOverError(GAME_OVER)
    if record.status != "active":
        raise GameNotFoundError(NOT_STARTED, game_id=record.id)


def check_version(record: GameRecord, version: int | None) -> None:
    """Refuse a control drawn for an older table than the one saved."""
    if version is not None and version != record.version:
        raise StaleActionError(game_id=record.id)


def rebuild(game: Game[Any], record: GameRecord, actions: Sequence[ActionRecord]) -> Any:
    """Replay the seed and ``actions`` from a fresh deal."""
    deck = parse_cards(record.deck) if record.deck is not None else None
    codes = [(action.seat, action.code) for action in actions]
    return game.replay(record.options, len(record.seats), record.seed, codes, deck)


def logged_phrase(game: Game[Any], state: Any, action: ActionRecord) -> Phrase:
    """What a logged action is called, as it was offered in ``state`` (legal actions carry the readable card)."""
    parsed = game.parse_action(action.code)
    offered: Action = next((legal for legal in game.legal_actions(state, action.seat) if legal == parsed), parsed)
    return offered.phrase


def table_of(
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
        thread_id=record.thread_id,
        place=Place(record.place),
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
        ended_at=record.updated_at if record.status == "finished" else None,
        host_id=record.host_id,
    )
