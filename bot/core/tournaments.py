"""Tournaments for a whole server (issue #26): the sign-up, the rounds, each match an ordinary game, the
standings and the podium; the pairing and the standings themselves are the pure functions of
:mod:`bot.core.tournament`, given the entrants and results this concern keeps in the database.

- A tournament opens a sign-up in a channel (one at a time per channel: a second is refused), starts at its
  start time (a database deadline) or when its host starts it, and is cancelled when fewer than two joined.
- A round is paired once: whoever closes a round pairs the next with a write checked against the
  tournament's version, so two processes racing to close the same round pair it once. Each pairing is dealt
  as a game of two (Peanuts: the real-time race; Pebbles: a table with the server's turn timer), which the
  Discord layer posts in a thread of its own with its players pinged.
- The core learns when a match's game ends from :class:`~bot.core.tables.Tables` (``Tables.when_ended``,
  wired in :func:`bot.core.service.compose`): the result is recorded at once, and when every match of the
  round is over the round closes. When the round's clock runs out first, each match still going is decided:
  a player who never moved themselves (a turn timer's plays for them do not count) loses by forfeit (both,
  if neither did), otherwise the one ahead wins (:data:`games.leads.LEADS`: in Peanuts, fewer cards left),
  level is a draw; the game is stopped (cancelled: it counts for no rating) and the decision said.
- A player in a running match elsewhere is dealt their match all the same: it waits for them, and the round's
  clock decides it by the rule above if they never come.
- Arena: for its minutes, players who come free (at the start, when their game ends, back from a pause) are
  paired at once; when the time is up nobody is paired again, and games still going count when they end.
- A player who withdraws loses what is left by forfeit (their running match, and in a round robin or
  knockout the matches still to come); what they played stands.

Everything the Discord layer shows comes back as :class:`Progress`; what happens outside any command (a
game's end, a deadline) is also told to the listeners given to :meth:`Tournaments.listen`.
"""

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

from bot.core.errors import ServiceError
from bot.core.play import Play
from bot.core.ratings import Ratings
from bot.core.server_settings import ServerSettings
from bot.core.tables import Table, Tables
from bot.core.tournament import (
    Bracket,
    Entrant,
    Format,
    Outcome,
    Result,
    Round,
    Standing,
    arena_pairings,
    bracket,
    champion,
    knockout_round,
    round_robin,
    standings,
    swiss_round,
    unfinished_outcome,
)
from bot.i18n import N_
from bot.store import EntrantRecord, GameRecord, NewTournament, PairingRecord, Store, TournamentRecord
from bot.store import TournamentTimer as Timer
from games.base import Outcome as GameOutcome
from games.phrases import Phrase

log = logging.getLogger(__name__)

Leads: TypeAlias = Mapping[str, Callable[[Any], float]]
"""How far the first seat is ahead in an unfinished game, by game key (``games.leads.LEADS``)."""
Listener: TypeAlias = Callable[["Progress"], None]

KINDS = ("peanuts", "pebbles")
"""The games a tournament plays: two-player games."""
START = "start"
ROUND = "round"
ARENA = "arena"
SWISS_ROUNDS = 3
ROUND_MINUTES = 20.0
ARENA_MINUTES = 30.0
MAX_PLAYERS = 64
LIST_LIMIT = 10
ARENA_OVER = Phrase.of("tournament.arena_over")


class TournamentError(ServiceError):
    """A tournament refused a join, a leave, a start or a command; the message says why."""

    message = N_("That cannot be done in this tournament.")


@dataclass(frozen=True, slots=True)
class TournamentView:
    """A tournament as the Discord layer shows it: its record, the standings, and a knockout's bracket."""

    record: TournamentRecord
    title: str
    format: Format
    standings: tuple[Standing, ...]
    total_rounds: int | None
    """Rounds it will play (None: an arena, or not known before the start)."""
    bracket: Bracket | None = None
    ends_at: float | None = None
    """When an arena's time is up."""
    round_due: float | None = None
    """When the current round's clock runs out."""

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def status(self) -> str:
        return self.record.status

    def current(self) -> tuple[PairingRecord, ...]:
        """The matches of the round being played (an arena: every match still going)."""
        if self.format is Format.ARENA:
            return tuple(p for p in self.record.pairings if p.outcome is None)
        return tuple(p for p in self.record.pairings if p.round == self.record.round)

    def name_of(self, user_id: int | None) -> str:
        return next((e.name for e in self.record.entrants if e.user_id == user_id), "nobody")


@dataclass(frozen=True, slots=True)
class Progress:
    """What a tournament call or event did: the tournament now, the matches just dealt (to post, each in a
    thread with its players pinged), the matches the clock stopped (to redraw), and what to announce."""

    tournament: TournamentView
    dealt: tuple[Table, ...] = ()
    stopped: tuple[Table, ...] = ()
    notes: tuple[Phrase, ...] = ()
    """What to announce, as phrases (``bot.words`` words them in the server's language)."""
    podium: tuple[Standing, ...] = ()
    """Set when the tournament has just finished: the first three."""


def outcome_of(result: GameOutcome) -> Outcome:
    """A finished game's result from the first seat's side."""
    if not result.winners:
        return Outcome.DRAW
    return Outcome.FIRST_WON if 0 in result.winners else Outcome.SECOND_WON


def results_of(record: TournamentRecord) -> list[Result]:
    """The results so far, in the order the matches ended (byes when they were given)."""
    ended = [p for p in record.pairings if p.outcome is not None]
    ended.sort(key=lambda p: (p.ended_at if p.ended_at is not None else p.paired_at, p.id))
    return [Result(p.first_id, p.second_id, Outcome(p.outcome)) for p in ended if p.outcome is not None]


def entrants_of(record: TournamentRecord, *, active: bool = False) -> list[Entrant]:
    return [Entrant(e.user_id, e.name, e.rating) for e in record.entrants if not (active and e.withdrawn)]


class Tournaments:
    """Tournaments over the store and the clock: the tables and play (dealing matches, stopping those the clock
    decides), the ratings (seeds), the server settings (the turn timer), and the leads that decide a match
    still going at the end of its round."""

    def __init__(
        self,
        *,
        store: Store,
        clock: Callable[[], float],
        tables: Tables,
        play: Play,
        ratings: Ratings,
        server_settings: ServerSettings,
        leads: Leads,
        on_deadline: Callable[[float], None] | None,
    ) -> None:
        self._store = store
        self._clock = clock
        self._tables = tables
        self._play = play
        self._ratings = ratings
        self._server_settings = server_settings
        self._leads = leads
        self._on_deadline = on_deadline
        self._listeners: list[Listener] = []

    def listen(self, listener: Listener) -> None:
        """Tell ``listener`` of what happens outside any command: a match's end, a deadline."""
        self._listeners.append(listener)

    def _tell(self, progress: Progress | None) -> None:
        if progress is None:
            return
        for listener in self._listeners:
            listener(progress)

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
        if kind not in KINDS:
            raise TournamentError(N_("A tournament plays Peanuts or Pebbles."))
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
        self._deadline(record.starts_at)
        return self._view(record)

    async def tournament(self, tournament_id: int, guild_id: int | None) -> TournamentView:
        """A tournament of this server. Raises TournamentError."""
        return self._view(await self._load(tournament_id, guild_id))

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
                views.append(self._view(record))
        return views

    async def mine(self, guild_id: int | None, user_id: int) -> TournamentView | None:
        """The running (or signing-up) tournament of this server the user is in, if any."""
        for view in await self.tournaments(guild_id):
            if view.status in ("signup", "running") and any(e.user_id == user_id for e in view.record.entrants):
                return view
        return None

    async def join(self, tournament_id: int, user_id: int, name: str) -> Progress:
        """Sign up. Raises TournamentError."""
        record = await self._load(tournament_id)
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
        return Progress(self._view(await self._load(tournament_id)))

    async def leave(self, tournament_id: int, user_id: int) -> Progress:
        """Leave the sign-up, or withdraw from a running tournament: a running match and (round robin,
        knockout) the matches still to come are lost by forfeit; what was played stands. Raises
        TournamentError."""
        record = await self._load(tournament_id)
        entrant = next((e for e in record.entrants if e.user_id == user_id), None)
        if entrant is None:
            raise TournamentError(N_("You are not in this tournament."))
        if record.status == "signup":
            if not await self._store.remove_entrant(tournament_id, user_id):
                raise TournamentError(N_("This tournament has just started: use /tournament leave to withdraw."))
            return Progress(self._view(await self._load(tournament_id)))
        if record.status != "running":
            raise TournamentError(N_("This tournament is over: the results stand."))
        if entrant.withdrawn:
            raise TournamentError(N_("You have already withdrawn from this tournament."))
        await self._store.set_entrant(tournament_id, user_id, withdrawn=True, paused=entrant.paused)
        stopped = []
        for pairing in record.pairings:
            if pairing.outcome is None and user_id in (pairing.first_id, pairing.second_id):
                forfeit = Outcome.SECOND_WON_BY_FORFEIT if user_id == pairing.first_id else Outcome.FIRST_WON_BY_FORFEIT
                if await self._store.end_pairing(pairing.id, forfeit.value, note="withdrawn", at=self._clock()):
                    table = await self._stop(pairing.game_id)
                    if table is not None:
                        stopped.append(table)
        progress = await self._advance(tournament_id, notes=(Phrase.of("tournament.withdrew", name=entrant.name),))
        return Progress(
            progress.tournament, progress.dealt, (*stopped, *progress.stopped), progress.notes, progress.podium
        )

    async def pause(self, tournament_id: int, user_id: int, paused: bool) -> Progress:
        """An arena player pauses (no new pairing) or comes back (paired at once if someone is free).
        Raises TournamentError."""
        record = await self._load(tournament_id)
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
        if paused or record.status != "running":
            return Progress(self._view(await self._load(tournament_id)))
        return await self._advance(tournament_id)

    async def start(self, tournament_id: int, user_id: int) -> Progress:
        """The host starts now. Raises TournamentError."""
        record = await self._load(tournament_id)
        if user_id != record.host_id:
            raise TournamentError(N_("Only the host who opened the tournament can start it."))
        if record.status != "signup":
            if record.status == "running":
                raise TournamentError(N_("This tournament has already started."))
            raise TournamentError(N_("This tournament is over."))
        if len(record.entrants) < 2:
            raise TournamentError(N_("A tournament needs at least two players: wait for more to join."))
        progress = await self._begin(record)
        if progress is None:
            raise TournamentError(N_("This tournament has just started."))
        return progress

    async def cancel(self, tournament_id: int, user_id: int) -> Progress:
        """The host calls off a sign-up. Raises TournamentError."""
        record = await self._load(tournament_id)
        if user_id != record.host_id:
            raise TournamentError(N_("Only the host who opened the tournament can cancel it."))
        if record.status != "signup":
            raise TournamentError(N_("A tournament can only be cancelled before it starts."))
        if not await self._store.set_tournament_status(tournament_id, "cancelled", was="signup", at=self._clock()):
            raise TournamentError(N_("This tournament has just started."))
        return Progress(self._view(await self._load(tournament_id)), notes=(Phrase.of("tournament.cancelled"),))

    async def game_ended(self, record: GameRecord, outcome: GameOutcome) -> None:
        """A game has ended (``Tables``' listener): if it was a tournament match, record its result and move
        the tournament on; what that did goes to the listeners."""
        found = await self._store.pairing_of_game(record.id)
        if found is None:
            return
        tournament_id, pairing_id = found
        if not await self._store.end_pairing(pairing_id, outcome_of(outcome).value, note=None, at=self._clock()):
            return
        self._tell(await self._advance(tournament_id))

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
        return [await self._advance(tournament_id, heal=True) for tournament_id in running]

    async def _fire(self, timer: Timer) -> Progress | None:
        record = await self._store.load_tournament(timer.tournament_id)
        if record is None:
            return None
        if timer.kind == START and record.status == "signup":
            if len(record.entrants) < 2:
                if await self._store.set_tournament_status(record.id, "cancelled", was="signup", at=self._clock()):
                    note = Phrase.of("tournament.called_off")
                    return Progress(self._view(await self._load(record.id)), notes=(note,))
                return None
            return await self._begin(record)
        if timer.kind == ROUND and record.status == "running":
            return await self._clock_out(record)
        if timer.kind == ARENA and record.status == "running":
            return await self._advance(record.id, notes=(ARENA_OVER,))
        return None

    async def _begin(self, record: TournamentRecord) -> Progress | None:
        """Pair and deal the first round (an arena: everyone); None when another writer started it."""
        format_ = Format(record.format)
        now = self._clock()
        if format_ is Format.ARENA:
            await self._store.set_tournament_timer(record.id, ARENA, now + record.arena_seconds)
            self._deadline(now + record.arena_seconds)
            return await self._pair_arena(record, notes=(Phrase.of("tournament.arena_begun"),))
        first = self._next_round(record)
        if first is None:
            return None
        return await self._pair_round(record, 1, first, notes=(Phrase.of("tournament.round_begun", number=1),))

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
        self._deadline(due)
        record = await self._load(record.id)
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
            table = await self._deal(record, pairing)
            if table is not None:
                dealt.append(table)
        byes = [self._name(record, p.first_id) for p in record.pairings if p.round == number and p.second_id is None]
        if byes:
            notes = (*notes, Phrase.of("tournament.bye", players=tuple(byes)))
        progress = await self._advance(record.id, notes=notes)
        return Progress(
            progress.tournament, (*dealt, *progress.dealt), progress.stopped, progress.notes, progress.podium
        )

    async def _pair_arena(self, record: TournamentRecord, *, notes: tuple[Phrase, ...] = ()) -> Progress | None:
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
        record = await self._load(record.id)
        dealt = [await self._deal(record, p) for p in record.pairings if p.id not in known]
        return Progress(self._view(record), tuple(table for table in dealt if table is not None), notes=notes)

    async def _deal(self, record: TournamentRecord, pairing: PairingRecord) -> Table | None:
        """Deal a match's game (``dealing`` until the Discord layer posts it) and link it to its pairing; None
        when another process dealt it first (this deal is dropped)."""
        assert pairing.second_id is not None
        settings: dict[str, object] = {"tournament": record.id}
        if not self._tables.game(record.kind).simultaneous:
            settings["turn_seconds"] = await self._server_settings.turn_seconds(record.guild_id)
        table = await self._play.new_game(
            record.kind,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            players=(pairing.first_id, pairing.second_id),
            settings=settings,
        )
        if not await self._store.set_pairing_game(pairing.id, table.game_id):
            await self._store.set_status(table.game_id, "cancelled", was="dealing", at=self._clock())
            return None
        return table

    async def _advance(self, tournament_id: int, *, notes: tuple[Phrase, ...] = (), heal: bool = False) -> Progress:
        """Move the tournament on as far as it goes now: close a round whose matches are all over, pair the
        next (or finish it); an arena pairs its free players, and finishes once its time is up and its last
        game is over. With ``heal`` (at start), matches whose game never appeared are dealt again."""
        record = await self._load(tournament_id)
        if record.status != "running":
            return Progress(self._view(record), notes=notes)
        if record.format == Format.ARENA.value:
            return await self._advance_arena(record, notes, heal)
        current = [p for p in record.pairings if p.round == record.round]
        round_row = next((r for r in record.round_records if r.round == record.round), None)
        if round_row is None or any(p.outcome is None for p in current):
            return Progress(self._view(record), await self._undealt(record) if heal else (), notes=notes)
        if round_row.closed_at is None and await self._store.close_round(record.id, record.round, at=self._clock()):
            notes = (*notes, Phrase.of("tournament.round_over", number=record.round))
            record = await self._load(tournament_id)
        elif round_row.closed_at is None:
            return Progress(self._view(record), notes=notes)
        following = self._next_round(record)
        if following is None or not following.pairings:
            return await self._finish(record, notes)
        number = record.round + 1
        begun = Phrase.of("tournament.round_begun", number=number)
        paired = await self._pair_round(record, number, following, notes=(*notes, begun))
        return paired if paired is not None else Progress(self._view(await self._load(tournament_id)), notes=notes)

    async def _advance_arena(self, record: TournamentRecord, notes: tuple[Phrase, ...], heal: bool) -> Progress:
        ends_at = self._view(record).ends_at
        if ends_at is not None and self._clock() >= ends_at:
            if all(p.outcome is not None for p in record.pairings):
                return await self._finish(record, notes)
            return Progress(self._view(record), notes=notes)
        paired = await self._pair_arena(record, notes=notes)
        if paired is not None:
            return paired
        return Progress(self._view(record), await self._undealt(record) if heal else (), notes=notes)

    async def _undealt(self, record: TournamentRecord) -> tuple[Table, ...]:
        """The running matches a stopped process left unshown, to show now: those whose game was dropped
        (dealt again), and those whose game is still waiting for its message."""
        dealt = []
        for pairing in record.pairings:
            if pairing.outcome is not None or pairing.second_id is None:
                continue
            if pairing.game_id is None:
                table = await self._deal(record, pairing)
                if table is not None:
                    dealt.append(table)
                continue
            waiting = await self._tables.table(pairing.game_id)
            if waiting.status == "dealing":
                dealt.append(waiting)
        return tuple(dealt)

    async def _finish(self, record: TournamentRecord, notes: tuple[Phrase, ...]) -> Progress:
        if not await self._store.set_tournament_status(record.id, "finished", was="running", at=self._clock()):
            return Progress(self._view(await self._load(record.id)), notes=notes)
        view = self._view(await self._load(record.id))
        podium = tuple(s for s in view.standings if s.rank <= 3)
        if view.format is Format.KNOCKOUT:
            winner = champion(entrants_of(view.record), results_of(view.record))
            podium = tuple(sorted(view.standings, key=lambda s: s.entrant.player != winner))[:3]
        return Progress(view, notes=(*notes, Phrase.of("tournament.over")), podium=podium)

    async def _clock_out(self, record: TournamentRecord) -> Progress:
        """The round's clock ran out: decide each match still going, stop its game, close the round."""
        notes: list[Phrase] = []
        stopped: list[Table] = []
        for pairing in record.pairings:
            if pairing.round != record.round or pairing.outcome is not None or pairing.second_id is None:
                continue
            outcome, why = await self._decide(record, pairing)
            first, second = self._name(record, pairing.first_id), self._name(record, pairing.second_id)
            if await self._store.end_pairing(pairing.id, outcome.value, note=why.key, at=self._clock()):
                notes.append(Phrase.of("tournament.decided", first=first, second=second, why=why))
                table = await self._stop(pairing.game_id)
                if table is not None:
                    stopped.append(table)
        time_up = Phrase.of("tournament.round_time_up", number=record.round)
        progress = await self._advance(record.id, notes=(time_up, *notes))
        return Progress(
            progress.tournament, progress.dealt, (*stopped, *progress.stopped), progress.notes, progress.podium
        )

    async def _decide(self, record: TournamentRecord, pairing: PairingRecord) -> tuple[Outcome, Phrase]:
        """How a match still going at the round's end is decided, and the phrase that says why (its key is
        what the pairing's row keeps)."""
        first, second = self._name(record, pairing.first_id), self._name(record, pairing.second_id)
        if pairing.game_id is None:
            return Outcome.DOUBLE_FORFEIT, Phrase.of("tournament.why.never_dealt")
        game_record = await self._store.load_game(pairing.game_id)
        if game_record is None:
            return Outcome.DOUBLE_FORFEIT, Phrase.of("tournament.why.never_dealt")
        showed = [
            user_id is not None and await self._store.acted(game_record.id, user_id) for user_id in game_record.players
        ]
        lead_of = self._leads.get(record.kind)
        state = self._tables.game(record.kind).from_dict(game_record.state) if game_record.state else None
        lead = lead_of(state) if lead_of is not None and state is not None else 0.0
        outcome = unfinished_outcome(showed[0], showed[1], lead)
        why = {
            Outcome.DOUBLE_FORFEIT: Phrase.of("tournament.why.neither_showed"),
            Outcome.FIRST_WON_BY_FORFEIT: Phrase.of("tournament.why.no_show", player=second),
            Outcome.SECOND_WON_BY_FORFEIT: Phrase.of("tournament.why.no_show", player=first),
            Outcome.FIRST_WON: Phrase.of("tournament.why.ahead", player=first),
            Outcome.SECOND_WON: Phrase.of("tournament.why.ahead", player=second),
            Outcome.DRAW: Phrase.of("tournament.why.level"),
        }[outcome]
        return outcome, why

    async def _stop(self, game_id: int | None) -> Table | None:
        """Stop a match's game the tournament has decided (it is cancelled: it counts for no rating)."""
        if game_id is None:
            return None
        async with self._tables.lock(game_id):
            record = await self._store.load_game(game_id)
            if record is None or record.status not in ("active", "dealing"):
                return None
            if not await self._store.set_status(game_id, "cancelled", was=record.status, at=self._clock()):
                return None
            await self._store.clear_timers(game_id)
        return await self._tables.table(game_id)

    async def _load(self, tournament_id: int, guild_id: int | None = None) -> TournamentRecord:
        record = await self._store.load_tournament(tournament_id)
        if record is None or (guild_id is not None and record.guild_id != guild_id):
            raise TournamentError(N_("There is no such tournament in this server."))
        return record

    def _view(self, record: TournamentRecord) -> TournamentView:
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

    @staticmethod
    def _name(record: TournamentRecord, user_id: int | None) -> str:
        return next((e.name for e in record.entrants if e.user_id == user_id), "nobody")

    def _deadline(self, due_at: float) -> None:
        if self._on_deadline is not None:
            self._on_deadline(due_at)
