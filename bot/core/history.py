"""History and replays: a player's last finished games, and any game step by step from its log.

A replay rebuilds the game from its seed and its effective action log (undos applied), so nothing
beyond what every game keeps is stored. What a replay shows follows the table's own rule of who
sees what: while a game runs its replay is for its players only, each seeing the public table and
their own seat's private view; once it is over, everyone in its server sees the table and every seat's
view. A game played anywhere else (a DM, a group DM, peapod's own DM, a server where peapod is only
installed to someone) stays its players' own.
"""

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.core.errors import GameNotFoundError, NotPlayedError, ReplayHiddenError, ReplayPrivateError
from bot.core.places import Place
from bot.core.tables import Table, Tables, effective_actions, logged_phrase, rebuild, seat_phrase, table_of
from bot.store import ActionRecord, GameRecord, Store
from games.base import CLAIM_CODE, RESIGN_CODE, Game, Seat
from games.phrases import Phrase

HISTORY_LENGTH = 10
"""Games a history lists."""


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One step of a replay: the table after ``step`` of ``steps`` actions (0: the deal), the move that
    led there in words, and the seats whose private views the viewer may see (their own, or all once over)."""

    table: Table
    step: int
    steps: int
    move: Phrase
    shown: tuple[Seat, ...]


def move_phrase(game: Game[Any], state: Any, action: ActionRecord) -> Phrase:
    """What a logged action did: "Seat 2: K♥.", "Seat 1 resigned." once worded."""
    if action.code == RESIGN_CODE:
        return Phrase.of("replay.resigned", seat=seat_phrase(action.seat))
    if action.code == CLAIM_CODE:
        return Phrase.of("replay.claimed", seat=seat_phrase(action.seat))
    return Phrase.of("replay.moved", seat=seat_phrase(action.seat), action=logged_phrase(game, state, action))


def position_after(game: Game[Any], record: GameRecord, actions: Sequence[ActionRecord]) -> tuple[Any, Phrase]:
    """The state after ``actions`` from the deal, and the last of them ("The deal." for none).
    A replay can be long (and a Peanuts move searches), so callers run this in a worker thread."""
    if not actions:
        return rebuild(game, record, ()), Phrase.of("replay.deal")
    before = rebuild(game, record, actions[:-1])
    last = actions[-1]
    return game.replay_step(before, last.seat, last.code), move_phrase(game, before, last)


class History:
    """Finished games by player, and replays: given the store, and the tables (to load a game)."""

    def __init__(self, *, store: Store, tables: Tables) -> None:
        self._store = store
        self._tables = tables

    async def history(
        self, guild_id: int | None, user_id: int, kind: str | None = None, *, limit: int = HISTORY_LENGTH
    ) -> list[Table]:
        """A player's last finished games in a server (or outside servers), newest first, as final tables."""
        tables = []
        for game_id in await self._store.finished_games(guild_id, user_id, kind, limit=limit):
            record = await self._tables.load(game_id)
            game = self._tables.game(record.kind)
            state = game.from_dict(record.state)
            tables.append(
                table_of(game, record, state, version=record.version, status=record.status, events=(), undo_depth=0)
            )
        return tables

    async def replay(
        self, game_id: int, user_id: int, step: int | None = None, *, guild_id: int | None = None
    ) -> ReplayStep:
        """The game after ``step`` of its effective actions (None or past the end: the last), as ``user_id``
        may see it when asking in ``guild_id`` (a game of another server is only for its players, and so is a
        game played anywhere but a server that added peapod: a DM, a group DM, or a server where peapod is only
        installed to someone, whose other people never chose to have peapod's games there).
        Raises GameNotFoundError, NotPlayedError, ReplayHiddenError, ReplayPrivateError."""
        record = await self._tables.load(game_id)
        game = self._tables.game(record.kind)
        seated = tuple(seat.seat for seat in record.seats if seat.user_id == user_id)
        if not seated and Place(record.place) is not Place.SERVER:
            raise ReplayPrivateError(game_id=game_id)
        if not seated and record.guild_id != guild_id:
            raise GameNotFoundError(game_id=game_id)
        over = record.status == "finished"
        if not over and record.status != "active":
            raise NotPlayedError(game_id=game_id)
        if not over and not seated:
            raise ReplayHiddenError(game_id=game_id)
        actions = effective_actions(await self._store.load_actions(game_id))
        last = len(actions)
        step = last if step is None else max(0, min(step, last))
        state, move = await asyncio.to_thread(position_after, game, record, actions[:step])
        status = "finished" if game.outcome(state) is not None else "active"
        table = table_of(game, record, state, version=step, status=status, events=(), undo_depth=0)
        shown = tuple(range(len(record.seats))) if over else seated
        return ReplayStep(table=table, step=step, steps=last, move=move, shown=shown)
