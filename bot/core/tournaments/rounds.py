"""A tournament's course (:class:`Rounds`): its rounds paired and dealt, closed as their last match ends or
their clock runs out, and its deadlines (the start, a round's clock, an arena's end) fired once each.

- A round is paired once: whoever closes a round pairs the next with a write checked against the
  tournament's version, so two processes racing to close the same round pair it once. Each pairing is dealt
  as a game of two (:mod:`.matches`), which the Discord layer posts in a thread of its own with its players
  pinged.
- A match's result is recorded as its game ends (``Tables.when_ended`` calls :meth:`Rounds.game_ended`), and
  when every match of the round is over the round closes. When the round's clock runs out first, the
  matches still going are decided (:mod:`.referee`).
- A player in a running match elsewhere is dealt their match all the same: it waits for them, and the round's
  clock decides it if they never come.
- An arena has no rounds: it is moved on by :mod:`.arena`.

What happens outside any command (a game's end, a deadline) is told to the listeners given to
:meth:`Rounds.listen`.
"""

import logging
from collections.abc import Callable
from dataclasses import replace

from bot.core.tournament import Format, Outcome, Round, bracket, knockout_round, round_robin, swiss_round
from bot.core.tournaments.arena import Arena
from bot.core.tournaments.matches import Matches
from bot.core.tournaments.records import Records
from bot.core.tournaments.referee import Referee
from bot.core.tournaments.views import (
    ARENA,
    ARENA_OVER,
    ROUND,
    START,
    Listener,
    Progress,
    entrants_of,
    name_in,
    outcome_of,
    results_of,
)
from bot.store import GameRecord, Store, TournamentRecord
from bot.store import TournamentTimer as Timer
from games.base import Outcome as GameOutcome
from games.phrases import Phrase

log = logging.getLogger(__name__)


class Rounds:
    """Moves tournaments on over the store and the clock: their rows read through ``records``, matches dealt
    by ``matches``, decided by ``referee`` when the clock runs out, and an arena's course run by ``arena``."""

    def __init__(
        self,
        *,
        store: Store,
        clock: Callable[[], float],
        records: Records,
        matches: Matches,
        referee: Referee,
        arena: Arena,
    ) -> None:
        self._store = store
        self._clock = clock
        self._records = records
        self._matches = matches
        self._referee = referee
        self._arena = arena
        self._listeners: list[Listener] = []

    def listen(self, listener: Listener) -> None:
        """Tell ``listener`` of what happens outside any command: a match's end, a deadline."""
        self._listeners.append(listener)

    def _tell(self, progress: Progress | None) -> None:
        if progress is None:
            return
        for listener in self._listeners:
            listener(progress)

    async def game_ended(self, record: GameRecord, outcome: GameOutcome) -> None:
        """A game has ended (``Tables``' listener): if it was a tournament match, record its result and move
        the tournament on; what that did goes to the listeners."""
        found = await self._store.pairing_of_game(record.id)
        if found is None:
            return
        tournament_id, pairing_id = found
        if not await self._store.end_pairing(pairing_id, outcome_of(outcome).value, note=None, at=self._clock()):
            return
        self._tell(await self.advance(tournament_id))

    async def fire_due(self) -> None:
        """Fire every tournament deadline due (a start, a round's clock, an arena's end), each once."""
        now = self._clock()
        for timer in await self._store.due_tournament_timers(now):
            if not await self._store.take_tournament_timer(timer, now=now):
                continue
            try:
                self._tell(await self._fire(timer))
            except Exception:
                log.exception("tournament %s: its %s deadline failed", timer.tournament_id, timer.kind)
            await self._store.done_tournament_timer(timer)

    async def resume(self) -> list[Progress]:
        """At start: move on every running tournament a stopped process left halfway (a round closed and not
        yet paired), and deal the matches whose game never appeared."""
        running = await self._store.running_tournaments()
        return [await self.advance(tournament_id, heal=True) for tournament_id in running]

    async def _fire(self, timer: Timer) -> Progress | None:
        record = await self._store.load_tournament(timer.tournament_id)
        if record is None:
            return None
        if timer.kind == START and record.status == "signup":
            if len(record.entrants) < 2:
                if await self._store.set_tournament_status(record.id, "cancelled", was="signup", at=self._clock()):
                    note = Phrase.of("tournament.called_off")
                    return Progress(self._records.view(await self._records.load(record.id)), notes=(note,))
                return None
            return await self.begin(record)
        if timer.kind == ROUND and record.status == "running":
            return await self._time_up(record)
        if timer.kind == ARENA and record.status == "running":
            return await self.advance(record.id, notes=(ARENA_OVER,))
        return None

    async def begin(self, record: TournamentRecord) -> Progress | None:
        """Pair and deal the first round (an arena: everyone); None when another writer started it."""
        if Format(record.format) is Format.ARENA:
            return await self._arena.begin(record)
        first = self._next_round(record)
        if first is None:
            return None
        return await self._pair_round(record, 1, first, notes=(Phrase.of("tournament.round_begun", number=1),))

    async def advance(self, tournament_id: int, *, notes: tuple[Phrase, ...] = (), heal: bool = False) -> Progress:
        """Move the tournament on as far as it goes now: close a round whose matches are all over, pair the
        next (or finish it); an arena pairs its free players, and finishes once its time is up and its last
        game is over. With ``heal`` (at start), matches whose game never appeared are dealt again."""
        record = await self._records.load(tournament_id)
        if record.status != "running":
            return Progress(self._records.view(record), notes=notes)
        if record.format == Format.ARENA.value:
            return await self._arena.advance(record, notes, heal)
        current = [p for p in record.pairings if p.round == record.round]
        round_row = next((r for r in record.round_records if r.round == record.round), None)
        if round_row is None or any(p.outcome is None for p in current):
            undealt = await self._matches.undealt(record) if heal else ()
            return Progress(self._records.view(record), undealt, notes=notes)
        if round_row.closed_at is None and await self._store.close_round(record.id, record.round, at=self._clock()):
            notes = (*notes, Phrase.of("tournament.round_over", number=record.round))
            record = await self._records.load(tournament_id)
        elif round_row.closed_at is None:
            return Progress(self._records.view(record), notes=notes)
        following = self._next_round(record)
        if following is None or not following.pairings:
            return await self._records.finish(record, notes)
        number = record.round + 1
        begun = Phrase.of("tournament.round_begun", number=number)
        paired = await self._pair_round(record, number, following, notes=(*notes, begun))
        if paired is not None:
            return paired
        return Progress(self._records.view(await self._records.load(tournament_id)), notes=notes)

    def _next_round(self, record: TournamentRecord) -> Round | None:
        """The round after the current one (None: the tournament is over)."""
        format_ = Format(record.format)
        results = results_of(record)
        if format_ is Format.SWISS:
            if record.round >= min(record.rounds, max(1, len(record.entrants) - 1)):
                return None
            return swiss_round(entrants_of(record, active=True), results)
        if format_ is Format.ROUNDROBIN:
            rounds = round_robin(entrants_of(record))
            return rounds[record.round] if record.round < len(rounds) else None
        index, round_ = knockout_round(entrants_of(record), results)
        return None if index >= len(bracket(entrants_of(record), results)) else round_

    async def _pair_round(
        self, record: TournamentRecord, number: int, round_: Round, *, notes: tuple[Phrase, ...]
    ) -> Progress | None:
        withdrawn = {e.user_id for e in record.entrants if e.withdrawn}
        pairs: list[tuple[int, int | None]] = [(p.first, p.second) for p in round_.pairings]
        pairs += [(player, None) for player in round_.byes]
        due = self._clock() + record.round_seconds
        if not await self._store.pair(
            record.id, version=record.version, round=number, pairings=pairs, due_at=due, at=self._clock()
        ):
            return None
        self._records.deadline(due)
        record = await self._records.load(record.id)
        dealt = []
        for pairing in record.pairings:
            if pairing.round != number or pairing.second_id is None:
                continue
            gone = [player for player in (pairing.first_id, pairing.second_id) if player in withdrawn]
            if gone:
                outcome = (
                    Outcome.DOUBLE_FORFEIT
                    if len(gone) == 2
                    else Outcome.SECOND_WON_BY_FORFEIT
                    if gone[0] == pairing.first_id
                    else Outcome.FIRST_WON_BY_FORFEIT
                )
                await self._store.end_pairing(pairing.id, outcome.value, note="withdrawn", at=self._clock())
                continue
            table = await self._matches.deal(record, pairing)
            if table is not None:
                dealt.append(table)
        byes = [name_in(record, p.first_id) for p in record.pairings if p.round == number and p.second_id is None]
        if byes:
            notes = (*notes, Phrase.of("tournament.bye", players=tuple(byes)))
        progress = await self.advance(record.id, notes=notes)
        return replace(progress, dealt=(*dealt, *progress.dealt))

    async def _time_up(self, record: TournamentRecord) -> Progress:
        """The round's clock ran out: decide each match still going, stop its game, close the round."""
        notes, stopped = await self._referee.time_up(record)
        time_up = Phrase.of("tournament.round_time_up", number=record.round)
        progress = await self.advance(record.id, notes=(time_up, *notes))
        return replace(progress, stopped=(*stopped, *progress.stopped))
