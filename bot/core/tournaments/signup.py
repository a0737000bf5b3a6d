"""A tournament's sign-up (:class:`SignUp`): opening one, joining, leaving (or withdrawing once it runs), and its
host starting or cancelling it.

- A tournament opens a sign-up in a channel (one at a time per channel: a second is refused) for a game two
  play (any game whose seats allow two: the games declare it), starts at its start time (a deadline, fired by
  :mod:`.rounds`) or when its host starts it, and is cancelled when fewer than two joined.
- A player who withdraws loses what is left by forfeit (their running match, and in a round robin or
  knockout the matches still to come); what they played stands.
"""

from collections.abc import Callable
from dataclasses import replace

from bot.core.ratings import Ratings
from bot.core.tables import Tables
from bot.core.tournament import Format
from bot.core.tournaments.records import Records
from bot.core.tournaments.referee import Referee
from bot.core.tournaments.rounds import Rounds
from bot.core.tournaments.views import (
    ARENA_MINUTES,
    MAX_PLAYERS,
    ROUND_MINUTES,
    SEATS,
    SWISS_ROUNDS,
    Progress,
    TournamentError,
    TournamentView,
)
from bot.i18n import N_
from bot.store import EntrantRecord, NewTournament, Store
from games.phrases import Phrase


class SignUp:
    """Sign-ups over the store and the clock: the games come from the tables, a player's seed from the
    ratings; a start goes to ``rounds``, a withdrawal's forfeit to ``referee``."""

    def __init__(
        self,
        *,
        store: Store,
        clock: Callable[[], float],
        tables: Tables,
        ratings: Ratings,
        records: Records,
        referee: Referee,
        rounds: Rounds,
    ) -> None:
        self._store = store
        self._clock = clock
        self._tables = tables
        self._ratings = ratings
        self._records = records
        self._referee = referee
        self._rounds = rounds

    def kinds(self) -> list[str]:
        """The games a tournament may play: those two can play (each match is a game of two)."""
        return [key for key, game in self._tables.games.items() if game.takes(SEATS)]

    async def open_tournament(
        self,
        kind: str,
        form: str,
        *,
        guild_id: int | None,
        channel_id: int | None,
        host_id: int,
        rounds: int | None = None,
        round_minutes: float | None = None,
        minutes: float | None = None,
        starts_in_minutes: float = 10.0,
        max_players: int | None = None,
    ) -> TournamentView:
        """Open a sign-up in a channel. Raises TournamentError."""
        if guild_id is None or channel_id is None:
            raise TournamentError(N_("Tournaments are for servers: open one in a server's channel."))
        if kind not in self.kinds():
            raise TournamentError(N_("A tournament plays a game for two players."))
        try:
            format_ = Format(form)
        except ValueError:
            raise TournamentError(N_("The format is arena, swiss, knockout or roundrobin.")) from None
        if rounds is not None and format_ is not Format.SWISS:
            raise TournamentError(N_("Only a Swiss tournament is given its number of rounds."))
        if minutes is not None and format_ is not Format.ARENA:
            raise TournamentError(N_("Only an arena is given its minutes; the other formats have rounds."))
        if rounds is not None and not 1 <= rounds <= 20:
            raise TournamentError(N_("A Swiss tournament plays 1 to 20 rounds."))
        for value, refusal in (
            (round_minutes, N_("A round lasts 1 minute to 24 hours.")),
            (minutes, N_("An arena lasts 1 minute to 24 hours.")),
        ):
            if value is not None and not 1 <= value <= 24 * 60:
                raise TournamentError(refusal)
        if not 0 <= starts_in_minutes <= 7 * 24 * 60:
            raise TournamentError(N_("A tournament starts within a week."))
        if max_players is not None and not 2 <= max_players <= MAX_PLAYERS:
            raise TournamentError(N_("A tournament takes 2 to {most} players."), most=MAX_PLAYERS)
        if await self._store.open_tournament_in(channel_id) is not None:
            raise TournamentError(N_("This channel already has a tournament: one at a time per channel."))
        now = self._clock()
        record = await self._store.create_tournament(
            NewTournament(
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                kind=kind,
                format=format_.value,
                rounds=(rounds or SWISS_ROUNDS) if format_ is Format.SWISS else 0,
                round_seconds=60.0 * (round_minutes or ROUND_MINUTES),
                arena_seconds=60.0 * (minutes or ARENA_MINUTES) if format_ is Format.ARENA else 0.0,
                starts_at=now + 60.0 * starts_in_minutes,
                max_players=max_players or MAX_PLAYERS,
                at=now,
            )
        )
        self._records.deadline(record.starts_at)
        return self._records.view(record)

    async def join(self, tournament_id: int, user_id: int, name: str) -> Progress:
        """Sign up. Raises TournamentError."""
        record = await self._records.load(tournament_id)
        if any(e.user_id == user_id for e in record.entrants):
            raise TournamentError(N_("You are already in this tournament."))
        if record.status != "signup":
            raise TournamentError(N_("This tournament has started: the sign-up is closed."))
        if len(record.entrants) >= record.max_players:
            raise TournamentError(N_("This tournament is full ({most} players)."), most=record.max_players)
        rating = await self._ratings.rating(record.guild_id, record.kind, user_id)
        entrant = EntrantRecord(user_id, name, rating.ordinal if rating is not None else 0.0, self._clock())
        if not await self._store.add_entrant(tournament_id, entrant):
            raise TournamentError(N_("The sign-up changed meanwhile (it filled up or started); look again."))
        return Progress(self._records.view(await self._records.load(tournament_id)))

    async def leave(self, tournament_id: int, user_id: int) -> Progress:
        """Leave the sign-up, or withdraw from a running tournament: a running match and (round robin,
        knockout) the matches still to come are lost by forfeit; what was played stands. Raises
        TournamentError."""
        record = await self._records.load(tournament_id)
        entrant = next((e for e in record.entrants if e.user_id == user_id), None)
        if entrant is None:
            raise TournamentError(N_("You are not in this tournament."))
        if record.status == "signup":
            if not await self._store.remove_entrant(tournament_id, user_id):
                raise TournamentError(N_("This tournament has just started: use /tournament leave to withdraw."))
            return Progress(self._records.view(await self._records.load(tournament_id)))
        if record.status != "running":
            raise TournamentError(N_("This tournament is over: the results stand."))
        if entrant.withdrawn:
            raise TournamentError(N_("You have already withdrawn from this tournament."))
        await self._store.set_entrant(tournament_id, user_id, withdrawn=True, paused=entrant.paused)
        stopped = await self._referee.withdrawn(record, user_id)
        withdrew = Phrase.of("tournament.withdrew", name=entrant.name)
        progress = await self._rounds.advance(tournament_id, notes=(withdrew,))
        return replace(progress, stopped=(*stopped, *progress.stopped))

    async def start(self, tournament_id: int, user_id: int) -> Progress:
        """The host starts now. Raises TournamentError."""
        record = await self._records.load(tournament_id)
        if user_id != record.host_id:
            raise TournamentError(N_("Only the host who opened the tournament can start it."))
        if record.status != "signup":
            if record.status == "running":
                raise TournamentError(N_("This tournament has already started."))
            raise TournamentError(N_("This tournament is over."))
        if len(record.entrants) < 2:
            raise TournamentError(N_("A tournament needs at least two players: wait for more to join."))
        progress = await self._rounds.begin(record)
        if progress is None:
            raise TournamentError(N_("This tournament has just started."))
        return progress

    async def cancel(self, tournament_id: int, user_id: int) -> Progress:
        """The host calls off a sign-up. Raises TournamentError."""
        record = await self._records.load(tournament_id)
        if user_id != record.host_id:
            raise TournamentError(N_("Only the host who opened the tournament can cancel it."))
        if record.status != "signup":
            raise TournamentError(N_("A tournament can only be cancelled before it starts."))
        if not await self._store.set_tournament_status(tournament_id, "cancelled", was="signup", at=self._clock()):
            raise TournamentError(N_("This tournament has just started."))
        view = self._records.view(await self._records.load(tournament_id))
        return Progress(view, notes=(Phrase.of("tournament.cancelled"),))
