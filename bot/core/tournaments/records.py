"""A tournament's rows, read and shown (:class:`Records`): every other tournament concern loads and shows a
tournament through it, and it answers the Discord layer's questions (which tournament, whose, where)."""

from collections.abc import Callable

from bot.core.tables import Tables
from bot.core.tournament import Format, bracket, champion, round_robin, standings
from bot.core.tournaments.views import LIST_LIMIT, Progress, TournamentError, TournamentView, entrants_of, results_of
from bot.i18n import N_
from bot.store import Store, TournamentRecord
from games.phrases import Phrase


class Records:
    """Tournaments' rows over the store and the clock: loaded, shown (with the game's title from the tables),
    found, and finished; a deadline set is told to ``on_deadline`` (the scheduler's wake-up)."""

    def __init__(
        self,
        *,
        store: Store,
        clock: Callable[[], float],
        tables: Tables,
        on_deadline: Callable[[float], None] | None,
    ) -> None:
        self._store = store
        self._clock = clock
        self._tables = tables
        self._on_deadline = on_deadline

    async def tournament(self, tournament_id: int, guild_id: int | None) -> TournamentView:
        """A tournament of this server. Raises TournamentError."""
        return self.view(await self.load(tournament_id, guild_id))

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the tournament's message (its sign-up, later its standings)."""
        await self._store.set_tournament_message(tournament_id, message_id)

    async def tournament_here(self, channel_id: int) -> int | None:
        """The tournament signing up or running in a channel, if any."""
        return await self._store.open_tournament_in(channel_id)

    async def tournaments(self, guild_id: int | None) -> list[TournamentView]:
        """A server's running and recent tournaments (running first)."""
        if guild_id is None:
            return []
        views = []
        for tournament_id in await self._store.tournaments_in(guild_id, limit=LIST_LIMIT):
            record = await self._store.load_tournament(tournament_id)
            if record is not None:
                views.append(self.view(record))
        return views

    async def mine(self, guild_id: int | None, user_id: int) -> TournamentView | None:
        """The running (or signing-up) tournament of this server the user is in, if any."""
        for view in await self.tournaments(guild_id):
            if view.status in ("signup", "running") and any(e.user_id == user_id for e in view.record.entrants):
                return view
        return None

    async def load(self, tournament_id: int, guild_id: int | None = None) -> TournamentRecord:
        """A tournament's record (of this server, given one). Raises TournamentError."""
        record = await self._store.load_tournament(tournament_id)
        if record is None or (guild_id is not None and record.guild_id != guild_id):
            raise TournamentError(N_("There is no such tournament in this server."))
        return record

    def view(self, record: TournamentRecord) -> TournamentView:
        format_ = Format(record.format)
        results = results_of(record)
        entrants = entrants_of(record)
        total: int | None = None
        drawn = None
        if format_ is Format.SWISS:
            total = min(record.rounds, max(1, len(entrants) - 1)) if record.status != "signup" else record.rounds
        elif format_ is Format.ROUNDROBIN and record.status != "signup":
            total = len(round_robin(entrants))
        elif format_ is Format.KNOCKOUT and record.status != "signup":
            drawn = bracket(entrants, results)
            total = len(drawn)
        first = record.round_records[0] if record.round_records else None
        arena_end = first.started_at + record.arena_seconds if format_ is Format.ARENA and first is not None else None
        round_row = next((r for r in record.round_records if r.round == record.round), None)
        return TournamentView(
            record=record,
            title=self._tables.game(record.kind).title,
            format=format_,
            standings=standings(format_, entrants, results),
            total_rounds=total,
            bracket=drawn,
            ends_at=arena_end,
            round_due=round_row.due_at if round_row is not None and round_row.closed_at is None else None,
        )

    async def finish(self, record: TournamentRecord, notes: tuple[Phrase, ...]) -> Progress:
        """Finish a running tournament, with its podium: everyone ranked first to third (a shared rank shares
        its place), a knockout's champion first."""
        if not await self._store.set_tournament_status(record.id, "finished", was="running", at=self._clock()):
            return Progress(self.view(await self.load(record.id)), notes=notes)
        view = self.view(await self.load(record.id))
        podium = tuple(s for s in view.standings if s.rank <= 3)
        if view.format is Format.KNOCKOUT:
            winner = champion(entrants_of(view.record), results_of(view.record))
            podium = tuple(sorted(podium, key=lambda s: s.entrant.player != winner))
        return Progress(view, notes=(*notes, Phrase.of("tournament.over")), podium=podium)

    def deadline(self, due_at: float) -> None:
        """A tournament deadline was set for ``due_at``: wake the scheduler."""
        if self._on_deadline is not None:
            self._on_deadline(due_at)
