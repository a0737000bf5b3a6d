"""Deciding a match its game did not end (:class:`Referee`): when the round's clock runs out, and when a player
withdraws.

When the round's clock runs out first, each match still going is decided: a player who never moved
themselves (a turn timer's plays for them do not count) loses by forfeit (both, if neither did), otherwise the
one ahead wins (:data:`games.leads.LEADS`, the game's own measure), level is a draw. A player who withdraws
loses their running match by forfeit. Either way the game is stopped (cancelled: it counts for no rating).
"""

from collections.abc import Callable

from bot.core.tables import Table, Tables
from bot.core.tournament import Outcome, unfinished_outcome
from bot.core.tournaments.views import Leads, name_in
from bot.store import PairingRecord, Store, TournamentRecord
from games.phrases import Phrase


class Referee:
    """Decides unfinished matches over the store and the tables, by the leads of each game."""

    def __init__(self, *, store: Store, clock: Callable[[], float], tables: Tables, leads: Leads) -> None:
        self._store = store
        self._clock = clock
        self._tables = tables
        self._leads = leads

    async def time_up(self, record: TournamentRecord) -> tuple[list[Phrase], list[Table]]:
        """The round's clock ran out: decide each of its matches still going and stop its game; what to say of
        each decision, and the tables stopped."""
        notes: list[Phrase] = []
        stopped: list[Table] = []
        for pairing in record.pairings:
            if pairing.round != record.round or pairing.outcome is not None or pairing.second_id is None:
                continue
            outcome, why = await self.decide(record, pairing)
            first, second = name_in(record, pairing.first_id), name_in(record, pairing.second_id)
            if await self._store.end_pairing(pairing.id, outcome.value, note=why.key, at=self._clock()):
                notes.append(Phrase.of("tournament.decided", first=first, second=second, why=why))
                table = await self.stop(pairing.game_id)
                if table is not None:
                    stopped.append(table)
        return notes, stopped

    async def withdrawn(self, record: TournamentRecord, user_id: int) -> list[Table]:
        """``user_id`` withdrew: their running match is lost by forfeit and its game stopped; the tables
        stopped."""
        stopped = []
        for pairing in record.pairings:
            if pairing.outcome is None and user_id in (pairing.first_id, pairing.second_id):
                forfeit = Outcome.SECOND_WON_BY_FORFEIT if user_id == pairing.first_id else Outcome.FIRST_WON_BY_FORFEIT
                if await self._store.end_pairing(pairing.id, forfeit.value, note="withdrawn", at=self._clock()):
                    table = await self.stop(pairing.game_id)
                    if table is not None:
                        stopped.append(table)
        return stopped

    async def decide(self, record: TournamentRecord, pairing: PairingRecord) -> tuple[Outcome, Phrase]:
        """How a match still going at the round's end is decided, and the phrase that says why (its key is
        what the pairing's row keeps)."""
        first, second = name_in(record, pairing.first_id), name_in(record, pairing.second_id)
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

    async def stop(self, game_id: int | None) -> Table | None:
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
