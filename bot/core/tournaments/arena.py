"""The arena's course (:class:`Arena`): for its minutes, players who come free (at the start, when their game
ends, back from a pause) are paired at once; when the time is up nobody is paired again, and games still going
count when they end. The pairing itself is :func:`bot.core.tournament.arena_pairings`."""

from collections.abc import Callable

from bot.core.tournament import Format, arena_pairings
from bot.core.tournaments.matches import Matches
from bot.core.tournaments.records import Records
from bot.core.tournaments.views import ARENA, Progress, TournamentError, entrants_of, results_of
from bot.i18n import N_
from bot.store import Store, TournamentRecord
from games.phrases import Phrase


class Arena:
    """Arenas over the store and the clock, their rows read through ``records``, their games dealt by
    ``matches``."""

    def __init__(self, *, store: Store, clock: Callable[[], float], records: Records, matches: Matches) -> None:
        self._store = store
        self._clock = clock
        self._records = records
        self._matches = matches

    async def begin(self, record: TournamentRecord) -> Progress | None:
        """Set the arena's end and pair everyone; None when another writer started it."""
        ends_at = self._clock() + record.arena_seconds
        await self._store.set_tournament_timer(record.id, ARENA, ends_at)
        self._records.deadline(ends_at)
        return await self._pair(record, notes=(Phrase.of("tournament.arena_begun"),))

    async def pause(self, tournament_id: int, user_id: int, paused: bool) -> Progress:
        """An arena player pauses (no new pairing) or comes back (paired at once if someone is free).
        Raises TournamentError."""
        record = await self._records.load(tournament_id)
        entrant = next((e for e in record.entrants if e.user_id == user_id), None)
        if entrant is None:
            raise TournamentError(N_("You are not in this tournament."))
        if record.format != Format.ARENA.value:
            raise TournamentError(N_("Only an arena has pauses: the other formats pair by rounds."))
        if record.status == "finished" or record.status == "cancelled":
            raise TournamentError(N_("This tournament is over."))
        if entrant.withdrawn:
            raise TournamentError(N_("You have withdrawn from this tournament."))
        if entrant.paused == paused:
            raise TournamentError(N_("You are paused already.") if paused else N_("You are not paused."))
        await self._store.set_entrant(tournament_id, user_id, withdrawn=False, paused=paused)
        was_running = record.status == "running"
        record = await self._records.load(tournament_id)
        if paused or not was_running or record.status != "running":
            return Progress(self._records.view(record))
        return await self.advance(record, (), heal=False)

    async def advance(self, record: TournamentRecord, notes: tuple[Phrase, ...], heal: bool) -> Progress:
        """Move a running arena on: pair its free players, or finish it once its time is up and its last game
        is over. With ``heal`` (at start), matches whose game never appeared are dealt again."""
        ends_at = self._records.view(record).ends_at
        if ends_at is not None and self._clock() >= ends_at:
            if all(p.outcome is not None for p in record.pairings):
                return await self._records.finish(record, notes)
            return Progress(self._records.view(record), notes=notes)
        paired = await self._pair(record, notes=notes)
        if paired is not None:
            return paired
        return Progress(self._records.view(record), await self._matches.undealt(record) if heal else (), notes=notes)

    async def _pair(self, record: TournamentRecord, *, notes: tuple[Phrase, ...] = ()) -> Progress | None:
        """Pair the arena's free players (not playing, not paused, not withdrawn), longest free first."""
        busy = {p for match in record.pairings if match.outcome is None for p in (match.first_id, match.second_id)}
        free_since: dict[int, float] = {}
        for entrant in record.entrants:
            if entrant.withdrawn or entrant.paused or entrant.user_id in busy:
                continue
            ended = [p.ended_at or p.paired_at for p in record.pairings if entrant.user_id in (p.first_id, p.second_id)]
            free_since[entrant.user_id] = max(ended, default=entrant.joined_at)
        free = sorted(free_since, key=lambda player: (free_since[player], player))
        pairings = arena_pairings(entrants_of(record), results_of(record), free)
        if not pairings:
            return None
        pairs: list[tuple[int, int | None]] = [(p.first, p.second) for p in pairings]
        if not await self._store.pair(
            record.id, version=record.version, round=1, pairings=pairs, due_at=None, at=self._clock()
        ):
            return None
        known = {p.id for p in record.pairings}
        record = await self._records.load(record.id)
        dealt = [await self._matches.deal(record, p) for p in record.pairings if p.id not in known]
        return Progress(self._records.view(record), tuple(table for table in dealt if table is not None), notes=notes)
