"""The table service: the one API the Discord layer calls (ARCHITECTURE.md "One action, end to end").

It never imports discord and never hands out a raw game state: every call returns a :class:`Table`
built from the engine's views. The only state is in the database; each call loads the game, checks,
applies and saves it in one version-checked transaction.

- Who acts: a user with a seat acts for that seat; in an ``open_play`` game (one-seat tables only)
  anyone in the channel acts, as seat 0. Resigning is for seat holders only (in open play: the owner).
- Concurrency: one ``asyncio.Lock`` per game inside this process; across processes the store's
  ``version = ?`` check. A lost race raises :class:`StaleActionError`, never merges.
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
from dataclasses import dataclass
from typing import Any

from bot.core.errors import (
    DuplicatePlayerError,
    GameNotFoundError,
    NoHintError,
    NothingToUndoError,
    NotInGameError,
    OpenPlayError,
    StaleActionError,
    UndoNotAllowedError,
    UnknownKindError,
)
from bot.store import ActionRecord, GameRecord, NewGame, ResultRecord, ScoreRow, StaleGameError, Store
from games import GAMES
from games.ai import penguin_solver
from games.base import RESIGN_CODE, Event, Game, Outcome, Seat
from games.cards import Card, parse_cards
from games.errors import CorruptStateError, GameOverError

__all__ = ["UNDO_CODE", "ScoreRow", "Table", "TableService", "effective_actions"]

UNDO_CODE = "undo"
"""How the action log records an undo (it is not a game action)."""

GAME_OVER = "This game is over."

HINTS: dict[str, Callable[[Any], Any | None]] = {"penguin": penguin_solver.hint}
"""Games whose hints are fair: every card is face up, so the solver sees nothing the player cannot."""


@dataclass(frozen=True, slots=True)
class Table:
    """What the Discord layer gets after every call: views only, never the raw state."""

    game_id: int
    kind: str
    title: str
    version: int
    finished: bool
    open_play: bool
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    players: tuple[int, ...]
    public: Any
    views: dict[int, Any]
    legal: dict[int, tuple[Any, ...]]
    outcome: Outcome | None
    events: tuple[Event, ...]
    can_undo: bool


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


def _default_seed() -> int:
    return random.SystemRandom().randrange(2**31)


class TableService:
    """Creates games, applies actions, undo and resignations, and answers scoreboard questions."""

    def __init__(
        self,
        store: Store,
        *,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._store = store
        self._seed_source = seed_source or _default_seed
        self._clock = clock
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

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

        Raises:
            UnknownKindError, DuplicatePlayerError, OpenPlayError; InvalidOptionError from the engine
            for bad options, seat count or deck.
        """
        game = _game(kind)
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
                results=_results(seated, outcome) if game.on_scoreboard(resolved) else (),
            )
        )
        return _table(game, record, state, version=0, finished=record.finished, events=(), undo_depth=0)

    async def attach_message(self, game_id: int, message_id: int) -> None:
        """Remember which Discord message shows the game's table. Raises GameNotFoundError."""
        if not await self._store.set_message(game_id, message_id, at=self._clock()):
            raise GameNotFoundError(game_id=game_id)

    async def table(self, game_id: int) -> Table:
        """The game as it stands now (no events). Raises GameNotFoundError."""
        record = await self._load(game_id)
        game = _game(record.kind)
        state = game.from_dict(record.state)
        depth = await self._undo_depth(game, record)
        finished = record.finished
        return _table(game, record, state, version=record.version, finished=finished, events=(), undo_depth=depth)

    async def act(self, game_id: int, user_id: int, code: str, *, version: int | None = None) -> Table:
        """Apply the action ``code`` for the user's seat and save it; ``version`` is the table the user saw.

        Raises:
            GameNotFoundError, NotInGameError, StaleActionError; engine errors unchanged
            (InvalidActionError, GameOverError, NotYourTurnError, IllegalActionError).
        """
        async with self._lock(game_id):
            record = await self._load(game_id)
            game = _game(record.kind)
            action = game.parse_action(code)
            seat = _acting_seat(record, user_id)
            _check_current(record, version)
            state, events = game.apply_action(game.from_dict(record.state), seat, action)
            return await self._save(game, record, state, events, seat=seat, code=action.code, undo_depth=1)

    async def undo(self, game_id: int, user_id: int, *, version: int | None = None) -> Table:
        """Take back the last effective action by replaying the log without it.

        Raises:
            GameNotFoundError, NotInGameError, UndoNotAllowedError, NothingToUndoError, StaleActionError,
            GameOverError.
        """
        async with self._lock(game_id):
            record = await self._load(game_id)
            game = _game(record.kind)
            seat = _acting_seat(record, user_id)
            if not game.allows_undo(record.options):
                raise UndoNotAllowedError(game_id=game_id)
            _check_current(record, version)
            kept = effective_actions(await self._store.load_actions(game_id))
            if not kept:
                raise NothingToUndoError(game_id=game_id)
            undone = kept.pop()
            state = _rebuild(game, record, kept)
            events = (Event(f"Undid {_label(game, state, undone)}."),)
            return await self._save(game, record, state, events, seat=seat, code=UNDO_CODE, undo_depth=len(kept))

    async def resign(self, game_id: int, user_id: int) -> Table:
        """The user gives up their seat's game (in open play only the owner, ``players[0]``, may).

        Raises:
            GameNotFoundError, NotInGameError, GameOverError.
        """
        async with self._lock(game_id):
            record = await self._load(game_id)
            game = _game(record.kind)
            if user_id not in record.players:
                raise NotInGameError(game_id=game_id)
            seat = record.players.index(user_id)
            if record.finished:
                raise GameOverError(GAME_OVER)
            state, events = game.resign(game.from_dict(record.state), seat)
            return await self._save(game, record, state, events, seat=seat, code=RESIGN_CODE, undo_depth=0)

    async def legal_for(self, game_id: int, user_id: int) -> tuple[Any, ...]:
        """The actions the user may take now (empty once over). Raises GameNotFoundError, NotInGameError."""
        record = await self._load(game_id)
        game = _game(record.kind)
        seat = _acting_seat(record, user_id)
        if record.finished:
            return ()
        return game.legal_actions(game.from_dict(record.state), seat)

    async def hint(self, game_id: int, user_id: int) -> Any | None:
        """A move on a winning line from the current position, or None when the solver finds no win.

        The solver runs in a worker thread (up to about a second on a lost position).
        Raises GameNotFoundError, NotInGameError, NoHintError, GameOverError.
        """
        record = await self._load(game_id)
        _acting_seat(record, user_id)
        hinter = HINTS.get(record.kind)
        if hinter is None:
            raise NoHintError()
        if record.finished:
            raise GameOverError(GAME_OVER)
        state = _game(record.kind).from_dict(record.state)
        return await asyncio.to_thread(hinter, state)

    async def active_games(self, channel_id: int, user_id: int, kind: str) -> list[int]:
        """Unfinished games of ``kind`` in the channel the user may play (a seat, or open play); newest first."""
        return await self._store.active_games(channel_id, user_id, kind)

    async def scoreboard(self, channel_id: int, kind: str, *, limit: int = 10) -> list[ScoreRow]:
        """The channel's best players of ``kind``: by wins, then best score, then games played."""
        return await self._store.scoreboard(channel_id, kind, limit=limit)

    async def replay_matches(self, game_id: int) -> bool:
        """Whether seed + action log rebuild exactly the saved snapshot (the bug-report check)."""
        record = await self._load(game_id)
        game = _game(record.kind)
        actions = await self._store.load_actions(game_id)
        rebuilt = _rebuild(game, record, effective_actions(actions))
        return record.version == len(actions) and rebuilt == game.from_dict(record.state)

    def _lock(self, game_id: int) -> asyncio.Lock:
        # A weak dictionary: the lock lives while some call holds or waits for it, so the map never grows.
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    async def _load(self, game_id: int) -> GameRecord:
        record = await self._store.load_game(game_id)
        if record is None:
            raise GameNotFoundError(game_id=game_id)
        return record

    async def _undo_depth(self, game: Game[Any], record: GameRecord) -> int:
        """How many actions undo could take back (only counted when undo is possible at all)."""
        if record.finished or not game.allows_undo(record.options):
            return 0
        total, undos = await self._store.count_actions(record.id, UNDO_CODE)
        return total - 2 * undos

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
    ) -> Table:
        """Save ``state`` as the next version with its log line (and results when it ended); build the Table."""
        outcome = game.outcome(state)
        try:
            version = await self._store.save_action(
                record.id,
                version=record.version,
                seat=seat,
                code=code,
                state=game.to_dict(state),
                finished=outcome is not None,
                results=_results(record.players, outcome) if game.on_scoreboard(record.options) else (),
                at=self._clock(),
            )
        except StaleGameError:
            raise StaleActionError(game_id=record.id) from None
        return _table(
            game, record, state, version=version, finished=outcome is not None, events=events, undo_depth=undo_depth
        )


def _game(kind: str) -> Game[Any]:
    game = GAMES.get(kind)
    if game is None:
        raise UnknownKindError(f"There is no game called {kind!r}.")
    return game


def _results(players: Sequence[int], outcome: Outcome | None) -> tuple[ResultRecord, ...]:
    """One result per seat once the game is over: the seat's score, and whether it is among the winners."""
    if outcome is None:
        return ()
    return tuple(
        ResultRecord(user_id=user_id, score=outcome.scores[seat], won=seat in outcome.winners)
        for seat, user_id in enumerate(players)
    )


def _acting_seat(record: GameRecord, user_id: int) -> Seat:
    """The seat the user acts for: their own, or seat 0 of an open-play table."""
    if user_id in record.players:
        return record.players.index(user_id)
    if record.open_play:
        return 0
    raise NotInGameError(game_id=record.id)


def _check_current(record: GameRecord, version: int | None) -> None:
    """Refuse actions on a finished game, or on a table that moved on since ``version`` was drawn."""
    if record.finished:
        raise GameOverError(GAME_OVER)
    if version is not None and version != record.version:
        raise StaleActionError(game_id=record.id)


def _rebuild(game: Game[Any], record: GameRecord, actions: Sequence[ActionRecord]) -> Any:
    """Replay the seed and ``actions`` from a fresh deal."""
    deck = parse_cards(record.deck) if record.deck is not None else None
    codes = [(action.seat, action.code) for action in actions]
    return game.replay(record.options, len(record.players), record.seed, codes, deck)


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
    finished: bool,
    events: tuple[Event, ...],
    undo_depth: int,
) -> Table:
    seats = range(len(record.players))
    outcome = game.outcome(state)
    return Table(
        game_id=record.id,
        kind=record.kind,
        title=game.title,
        version=version,
        finished=finished,
        open_play=record.open_play,
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        message_id=record.message_id,
        players=record.players,
        public=game.view_for(state, None),
        views={seat: game.view_for(state, seat) for seat in seats},
        legal={seat: () if outcome is not None else game.legal_actions(state, seat) for seat in seats},
        outcome=outcome,
        events=events,
        can_undo=not finished and undo_depth > 0 and game.allows_undo(record.options),
    )
