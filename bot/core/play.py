"""Playing a dealt table: deal a one-player game, act, undo, resign, claim, hints, and which game a
typed command means."""

import asyncio
import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeAlias

from bot.core.errors import (
    DuplicatePlayerError,
    NoHintError,
    NothingToUndoError,
    OpenPlayError,
    SeatingError,
    StaleActionError,
    UndoNotAllowedError,
)
from bot.core.places import Place
from bot.core.tables import (
    OWN_UNDO,
    UNDO_CODE,
    CurrentGame,
    Table,
    Tables,
    acting_seat,
    check_running,
    check_version,
    effective_actions,
    logged_phrase,
    plays_itself,
    rebuild,
    record_seats,
    resigning_seat,
    results_for,
    seat_of_person,
    table_of,
)
from bot.core.timers import Timers
from bot.i18n import N_
from bot.store import GameRecord, NewGame, StaleGameError, Store, TimerRecord
from games.base import CLAIM_CODE, RESIGN_CODE, Action, Event, Game, Hint, Seat
from games.cards import Card
from games.phrases import Phrase

Hints: TypeAlias = Mapping[str, Callable[[Any], Hint | None]]
"""Each game's hint, by game key (``games.ai.registry.HINTS``); a game without one gives no hints."""

CLAIM_AFTER = 120.0
"""Seconds the other players must have been idle before a game can be claimed (RULES §7.1)."""


class Play:
    """Dealing, acting on and ending games (the click path of ARCHITECTURE.md "One action, end to end"):
    given the store, the clock, where new deals' seeds come from, the tables, and the timers (every move
    sets the deadlines of the position it leaves)."""

    def __init__(
        self,
        *,
        store: Store,
        clock: Callable[[], float],
        seeds: Callable[[], int],
        tables: Tables,
        timers: Timers,
        hints: Hints,
    ) -> None:
        self._store = store
        self._clock = clock
        self._seeds = seeds
        self._tables = tables
        self._timers = timers
        self._hints = hints

    async def new_game(
        self,
        kind: str,
        *,
        guild_id: int | None,
        channel_id: int | None,
        players: Sequence[int],
        options: Mapping[str, object] | None = None,
        open_play: bool = False,
        deck: Sequence[Card] | None = None,
        seed: int | None = None,
        settings: Mapping[str, object] | None = None,
        place: Place = Place.SERVER,
    ) -> Table:
        """Deal a new game for ``players`` (one Discord user id per seat, in seat order) and save it; with
        ``seed``, that deal (the daily deal) rather than a fresh one.

        The game is ``dealing`` until :meth:`~bot.core.messages.Messages.attach_message` records its table
        message.

        Raises:
            UnknownKindError, DuplicatePlayerError, OpenPlayError; InvalidOptionError from the engine
            for bad options, seat count or deck.
        """
        game = self._tables.game(kind)
        seated = tuple(int(user_id) for user_id in players)
        if len(set(seated)) != len(seated):
            raise DuplicatePlayerError()
        if open_play and len(seated) != 1:
            raise OpenPlayError()
        resolved = game.resolve_options(options)
        seed = self._seeds() if seed is None else seed
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
                results=results_for(record_seats(seated), outcome) if game.on_scoreboard(resolved) else (),
                host_id=seated[0] if seated else None,
                settings=settings or {},
                place=place.value,
            )
        )
        return table_of(game, record, state, version=0, status=record.status, events=(), undo_depth=0)

    async def seat_of(self, game_id: int, user_id: int) -> Seat:
        """The seat the user acts for. Raises GameNotFoundError, NotInGameError."""
        return acting_seat(await self._tables.load(game_id), user_id)

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
        async with self._tables.lock(game_id):
            record = await self._tables.load(game_id, message_id)
            game = self._tables.game(record.kind)
            action = game.parse_action(code)
            seat = acting_seat(record, user_id)
            check_running(record)
            if not game.simultaneous:
                check_version(record, version)
            try:
                return await self.apply(game, record, seat, action, user_id=user_id)
            except StaleActionError:
                if not game.simultaneous:
                    raise
            # Another process saved first: the action carries its own expectations, so try it once more.
            record = await self._tables.load(game_id)
            check_running(record)
            return await self.apply(game, record, seat, action, user_id=user_id)

    async def undo(
        self, game_id: int, user_id: int, *, version: int | None = None, message_id: int | None = None
    ) -> Table:
        """Take back the last effective action by replaying the log without it.

        Raises:
            GameNotFoundError, WrongTableError, NotInGameError, UndoNotAllowedError, NothingToUndoError,
            StaleActionError, GameOverError.
        """
        async with self._tables.lock(game_id):
            record = await self._tables.load(game_id, message_id)
            game = self._tables.game(record.kind)
            seat = acting_seat(record, user_id)
            if not game.allows_undo(record.options):
                raise UndoNotAllowedError(game_id=game_id)
            check_running(record)
            check_version(record, version)
            kept = effective_actions(await self._store.load_actions(game_id))
            if not kept:
                raise NothingToUndoError(game_id=game_id)
            if record.open_play and user_id != record.players[0] and kept[-1].user_id != user_id:
                raise UndoNotAllowedError(OWN_UNDO, game_id=game_id)
            undone = kept.pop()
            state = rebuild(game, record, kept)
            events = (Event(Phrase.of("table.undid", action=logged_phrase(game, state, undone))),)
            return await self._tables.save(
                game, record, state, events, seat=seat, code=UNDO_CODE, undo_depth=len(kept), user_id=user_id
            )

    async def check_resign(self, game_id: int, user_id: int) -> Seat:
        """The seat that would resign, before asking the user to confirm.

        Raises GameNotFoundError, NotInGameError, GameOverError.
        """
        record = await self._tables.load(game_id)
        return resigning_seat(record, user_id)

    async def resign(self, game_id: int, user_id: int) -> Table:
        """The user gives up their seat's game (in open play only the owner, ``players[0]``, may).

        Raises:
            GameNotFoundError, NotInGameError, GameOverError.
        """
        async with self._tables.lock(game_id):
            record = await self._tables.load(game_id)
            game = self._tables.game(record.kind)
            seat = resigning_seat(record, user_id)
            state, events = game.resign(game.from_dict(record.state), seat)
            return await self._tables.save(
                game, record, state, events, seat=seat, code=RESIGN_CODE, undo_depth=0, user_id=user_id
            )

    async def legal_for(self, game_id: int, user_id: int) -> tuple[Action, ...]:
        """The actions the user may take now (empty once over). Raises GameNotFoundError, NotInGameError."""
        record = await self._tables.load(game_id)
        game = self._tables.game(record.kind)
        seat = acting_seat(record, user_id)
        if record.status != "active":
            return ()
        return game.legal_actions(game.from_dict(record.state), seat)

    def offers_hints(self, kind: str) -> bool:
        """Whether a game of ``kind`` gives hints (its key is in the hint registry): a front end shows a hint
        control only where one can help."""
        return kind in self._hints

    async def hint(self, game_id: int, user_id: int) -> Hint | None:
        """A good move from the current position and why (Penguin: on a winning line; None when the solver
        finds no win; Peek and Triple Peaks: the hard AI's move from the player's view).

        The search runs in a worker thread (up to about a second on a lost Penguin position).
        Raises GameNotFoundError, NotInGameError, NoHintError, GameOverError.
        """
        record = await self._tables.load(game_id)
        acting_seat(record, user_id)
        game = self._tables.game(record.kind)
        hint = self._hints.get(record.kind)
        if hint is None:
            raise NoHintError()
        check_running(record)
        state = game.from_dict(record.state)
        return await asyncio.to_thread(hint, state)

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

    async def replay_matches(self, game_id: int) -> bool:
        """Whether seed + action log rebuild exactly the saved snapshot (the bug-report check)."""
        record = await self._tables.load(game_id)
        game = self._tables.game(record.kind)
        actions = await self._store.load_actions(game_id)
        rebuilt = rebuild(game, record, effective_actions(actions))
        return record.version == len(actions) and rebuilt == game.from_dict(record.state)

    async def claim(self, game_id: int, user_id: int) -> Table:
        """End the game as it stands because every other player has been idle for :data:`CLAIM_AFTER` seconds.

        Raises GameNotFoundError, NotInGameError, GameOverError, SeatingError; InvalidActionError from
        an engine that cannot be claimed.
        """
        async with self._tables.lock(game_id):
            record = await self._tables.load(game_id)
            seat = seat_of_person(record, user_id)
            check_running(record)
            game = self._tables.game(record.kind)
            for other in record.seats:
                if other.seat != seat and not other.ai:
                    last = await self._store.last_action_at(game_id, other.seat)
                    idle = self._clock() - (last if last is not None else record.updated_at)
                    if idle < CLAIM_AFTER:
                        wait = round(CLAIM_AFTER - idle)
                        raise SeatingError(
                            N_("You can claim once the others have been idle 2 minutes ({wait} s to go)."), wait=wait
                        )
            state, events = game.claim(game.from_dict(record.state), seat)
            return await self._tables.save(
                game, record, state, events, seat=seat, code=CLAIM_CODE, undo_depth=0, user_id=user_id
            )

    async def apply(
        self,
        game: Game[Any],
        record: GameRecord,
        seat: Seat,
        action: Any,
        *,
        scheduled: bool = True,
        user_id: int | None = None,
        firing: TimerRecord | None = None,
    ) -> Table:
        """Apply and save ``action``; then (unless the caller will) set the deadlines of the new position.

        An action the game says may search (Peanuts' stall check, a second or two) is applied in a worker
        thread, where it cannot hold up other tables' clicks; the rest (nearly every move) are applied here,
        which costs less than handing them to a thread.
        """
        before = self._tables.state(game, record)
        if game.may_search(action):
            state, events = await asyncio.to_thread(game.apply_action, before, seat, action)
        else:
            state, events = game.apply_action(before, seat, action)
        table = await self._tables.save(
            game, record, state, events, seat=seat, code=action.code, undo_depth=1, user_id=user_id
        )
        table = replace(table, last=action)
        if scheduled and (record.settings or any(plays_itself(s) for s in record.seats)):
            await self._timers.schedule(game, record, state, table.version, firing=firing)
        if record.seats[seat].missed and not record.seats[seat].ai and scheduled:
            with contextlib.suppress(StaleGameError):  # the seat changed meanwhile: its count is theirs
                await self._store.set_seat(record.id, replace(record.seats[seat], missed=0), was=record.seats[seat])
        return table
