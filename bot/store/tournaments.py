"""The tournament queries (migration 0011), written once for both backends like the rest of
:mod:`bot.store.sql`, which mixes them in.

What must happen once is decided here: ``pair`` writes a round's pairings (or an arena's new ones) only if
the tournament is still at the version the caller read, so two processes closing the same round pair the
next one once; ``end_pairing`` records a match's result once; ``close_round`` closes a round once; a
tournament's deadlines are claimed by one firer (``take_tournament_timer``) as games' are.
"""

from abc import abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.store.connection import Connection
from bot.store.records import (
    EntrantRecord,
    NewTournament,
    PairingRecord,
    RoundRecord,
    TournamentRecord,
    TournamentTimer,
)

TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, message_id, host_id, kind, format, rounds, round_seconds, arena_seconds, "
    "starts_at, max_players, status, round, version, created_at, updated_at"
)
PAIRING_COLUMNS = "id, round, first_id, second_id, game_id, outcome, note, paired_at, ended_at"


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _optional_float(value: Any) -> float | None:
    return None if value is None else float(value)


def _pairing(row: Sequence[Any]) -> PairingRecord:
    return PairingRecord(
        id=int(row[0]),
        round=int(row[1]),
        first_id=int(row[2]),
        second_id=_optional_int(row[3]),
        game_id=_optional_int(row[4]),
        outcome=row[5],
        note=row[6],
        paired_at=float(row[7]),
        ended_at=_optional_float(row[8]),
    )


class TournamentQueries:
    """Tournaments, entrants, rounds, pairings and tournament deadlines over a backend's connections."""

    claimant: str
    timer_lease: float

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[Connection]: ...

    @abstractmethod
    async def _fetch(self, sql: str, parameters: Sequence[Any] = ()) -> list[Sequence[Any]]: ...

    async def create_tournament(self, new: NewTournament) -> TournamentRecord:
        """Open a tournament's sign-up and set its start deadline; return it."""
        async with self._transaction() as db:
            rows = await db.fetch(
                "INSERT INTO tournaments (guild_id, channel_id, host_id, kind, format, rounds, round_seconds, "
                "arena_seconds, starts_at, max_players, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    new.guild_id,
                    new.channel_id,
                    new.host_id,
                    new.kind,
                    new.format,
                    new.rounds,
                    new.round_seconds,
                    new.arena_seconds,
                    new.starts_at,
                    new.max_players,
                    new.at,
                    new.at,
                ),
            )
            tournament_id = int(rows[0][0])
            await db.execute(
                "INSERT INTO tournament_timers (tournament_id, kind, due_at) VALUES (?, 'start', ?)",
                (tournament_id, new.starts_at),
            )
        record = await self.load_tournament(tournament_id)
        if record is None:
            raise RuntimeError(f"Tournament {tournament_id} vanished right after it was created.")
        return record

    async def load_tournament(self, tournament_id: int) -> TournamentRecord | None:
        """The tournament with this id, its entrants, rounds and pairings; or None."""
        rows = await self._fetch(f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,))
        if not rows:
            return None
        entrants = await self._fetch(
            "SELECT user_id, name, rating, joined_at, withdrawn, paused FROM tournament_entrants "
            "WHERE tournament_id = ? ORDER BY joined_at, user_id",
            (tournament_id,),
        )
        rounds = await self._fetch(
            "SELECT round, started_at, due_at, closed_at FROM tournament_rounds WHERE tournament_id = ? ORDER BY round",
            (tournament_id,),
        )
        pairings = await self._fetch(
            f"SELECT {PAIRING_COLUMNS} FROM tournament_pairings WHERE tournament_id = ? ORDER BY id", (tournament_id,)
        )
        row = rows[0]
        return TournamentRecord(
            id=int(row[0]),
            guild_id=int(row[1]),
            channel_id=int(row[2]),
            message_id=_optional_int(row[3]),
            host_id=int(row[4]),
            kind=str(row[5]),
            format=str(row[6]),
            rounds=int(row[7]),
            round_seconds=float(row[8]),
            arena_seconds=float(row[9]),
            starts_at=float(row[10]),
            max_players=int(row[11]),
            status=str(row[12]),
            round=int(row[13]),
            version=int(row[14]),
            created_at=float(row[15]),
            updated_at=float(row[16]),
            entrants=tuple(
                EntrantRecord(int(e[0]), str(e[1]), float(e[2]), float(e[3]), bool(e[4]), bool(e[5])) for e in entrants
            ),
            round_records=tuple(
                RoundRecord(int(r[0]), float(r[1]), _optional_float(r[2]), _optional_float(r[3])) for r in rounds
            ),
            pairings=tuple(_pairing(p) for p in pairings),
        )

    async def tournaments_in(self, guild_id: int, *, limit: int) -> list[int]:
        """A server's tournaments, running and signing up first, then the most recent; ids."""
        rows = await self._fetch(
            "SELECT id FROM tournaments WHERE guild_id = ? "
            "ORDER BY CASE WHEN status IN ('signup', 'running') THEN 0 ELSE 1 END, updated_at DESC, id DESC LIMIT ?",
            (guild_id, limit),
        )
        return [int(row[0]) for row in rows]

    async def running_tournaments(self) -> list[int]:
        """Every running tournament (at start, each is moved on as far as it goes)."""
        rows = await self._fetch("SELECT id FROM tournaments WHERE status = 'running' ORDER BY id")
        return [int(row[0]) for row in rows]

    async def open_tournament_in(self, channel_id: int) -> int | None:
        """The tournament signing up or running in a channel, if any."""
        rows = await self._fetch(
            "SELECT id FROM tournaments WHERE channel_id = ? AND status IN ('signup', 'running') ORDER BY id LIMIT 1",
            (channel_id,),
        )
        return int(rows[0][0]) if rows else None

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        async with self._transaction() as db:
            await db.execute("UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id))

    async def add_entrant(self, tournament_id: int, entrant: EntrantRecord) -> bool:
        """Enter a player while the sign-up is open and has room; False when they could not be added (already
        in, full, or no longer signing up)."""
        async with self._transaction() as db:
            changed = await db.execute(
                "INSERT INTO tournament_entrants (tournament_id, user_id, name, rating, joined_at) "
                "SELECT t.id, ?, ?, ?, ? FROM tournaments AS t WHERE t.id = ? AND t.status = 'signup' "
                "AND (SELECT COUNT(*) FROM tournament_entrants AS e WHERE e.tournament_id = t.id) < t.max_players "
                "ON CONFLICT (tournament_id, user_id) DO NOTHING",
                (entrant.user_id, entrant.name, entrant.rating, entrant.joined_at, tournament_id),
            )
        return changed == 1

    async def remove_entrant(self, tournament_id: int, user_id: int) -> bool:
        """Take a player off a sign-up still open; False when they were not on it (or it has started)."""
        async with self._transaction() as db:
            changed = await db.execute(
                "DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ? AND EXISTS "
                "(SELECT 1 FROM tournaments AS t WHERE t.id = ? AND t.status = 'signup')",
                (tournament_id, user_id, tournament_id),
            )
        return changed == 1

    async def set_entrant(self, tournament_id: int, user_id: int, *, withdrawn: bool, paused: bool) -> bool:
        """Mark an entrant withdrawn or paused; False when they are not an entrant."""
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE tournament_entrants SET withdrawn = ?, paused = ? WHERE tournament_id = ? AND user_id = ?",
                (int(withdrawn), int(paused), tournament_id, user_id),
            )
        return changed == 1

    async def set_tournament_status(self, tournament_id: int, status: str, *, was: str, at: float) -> bool:
        """Move a tournament from ``was`` to ``status`` (bumping its version); False if it was not at ``was``."""
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE tournaments SET status = ?, version = version + 1, updated_at = ? WHERE id = ? AND status = ?",
                (status, at, tournament_id, was),
            )
            if changed == 1 and status in ("finished", "cancelled"):
                await db.execute("DELETE FROM tournament_timers WHERE tournament_id = ?", (tournament_id,))
        return changed == 1

    async def pair(
        self,
        tournament_id: int,
        *,
        version: int,
        round: int,
        pairings: Sequence[tuple[int, int | None]],
        due_at: float | None,
        at: float,
    ) -> bool:
        """Write ``pairings`` ((first, second) each; second None for a bye, recorded as won) for ``round`` if the
        tournament is still at ``version``; the tournament is then running that round, and a new round gets
        its row and its clock (``due_at``). False (nothing written) when another writer paired first."""
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE tournaments SET version = version + 1, round = ?, status = 'running', updated_at = ? "
                "WHERE id = ? AND version = ? AND status IN ('signup', 'running')",
                (round, at, tournament_id, version),
            )
            if changed != 1:
                return False
            await db.execute(
                "INSERT INTO tournament_rounds (tournament_id, round, started_at, due_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (tournament_id, round) DO NOTHING",
                (tournament_id, round, at, due_at),
            )
            await db.executemany(
                "INSERT INTO tournament_pairings (tournament_id, round, first_id, second_id, outcome, paired_at, "
                "ended_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (tournament_id, round, first, second, None if second is not None else "bye", at, None)
                    for first, second in pairings
                ],
            )
            if due_at is not None:
                await db.execute(
                    "INSERT INTO tournament_timers (tournament_id, kind, due_at) VALUES (?, 'round', ?) "
                    "ON CONFLICT (tournament_id, kind) DO UPDATE SET due_at = excluded.due_at, claimed_until = NULL, "
                    "claimed_by = NULL",
                    (tournament_id, due_at),
                )
        return True

    async def set_pairing_game(self, pairing_id: int, game_id: int) -> bool:
        """Link a pairing to the game dealt for it, once; False when it has one already."""
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE tournament_pairings SET game_id = ? WHERE id = ? AND game_id IS NULL", (game_id, pairing_id)
            )
        return changed == 1

    async def pairing_of_game(self, game_id: int) -> tuple[int, int] | None:
        """(tournament id, pairing id) of a tournament match's game, or None for any other game."""
        rows = await self._fetch("SELECT tournament_id, id FROM tournament_pairings WHERE game_id = ?", (game_id,))
        return (int(rows[0][0]), int(rows[0][1])) if rows else None

    async def acted(self, game_id: int, user_id: int) -> bool:
        """Whether ``user_id`` made any move in the game themselves (a timer's or the AI's plays for their seat
        do not count): whether they showed up for a tournament match."""
        return bool(
            await self._fetch("SELECT 1 FROM actions WHERE game_id = ? AND user_id = ? LIMIT 1", (game_id, user_id))
        )

    async def end_pairing(self, pairing_id: int, outcome: str, *, note: str | None, at: float) -> bool:
        """Record a match's result, once: False when it had one already."""
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE tournament_pairings SET outcome = ?, note = ?, ended_at = ? WHERE id = ? AND outcome IS NULL",
                (outcome, note, at, pairing_id),
            )
        return changed == 1

    async def close_round(self, tournament_id: int, round: int, *, at: float) -> bool:
        """Close a round, once (its clock is dropped): False when it was closed already."""
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE tournament_rounds SET closed_at = ? WHERE tournament_id = ? AND round = ? "
                "AND closed_at IS NULL",
                (at, tournament_id, round),
            )
            if changed == 1:
                await db.execute(
                    "DELETE FROM tournament_timers WHERE tournament_id = ? AND kind = 'round'", (tournament_id,)
                )
        return changed == 1

    async def set_tournament_timer(self, tournament_id: int, kind: str, due_at: float) -> None:
        """Set (or move) a tournament's ``kind`` deadline (unclaimed)."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO tournament_timers (tournament_id, kind, due_at) VALUES (?, ?, ?) "
                "ON CONFLICT (tournament_id, kind) DO UPDATE SET due_at = excluded.due_at, claimed_until = NULL, "
                "claimed_by = NULL",
                (tournament_id, kind, due_at),
            )

    async def tournament_timers(self, tournament_id: int) -> list[TournamentTimer]:
        """A tournament's deadlines, soonest first."""
        rows = await self._fetch(
            "SELECT tournament_id, kind, due_at FROM tournament_timers WHERE tournament_id = ? ORDER BY due_at, kind",
            (tournament_id,),
        )
        return [TournamentTimer(int(r[0]), str(r[1]), float(r[2])) for r in rows]

    async def due_tournament_timers(self, now: float) -> list[TournamentTimer]:
        """Every tournament deadline at or before ``now`` that no process is firing, soonest first."""
        rows = await self._fetch(
            "SELECT tournament_id, kind, due_at FROM tournament_timers WHERE due_at <= ? "
            "AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY due_at, tournament_id, kind",
            (now, now),
        )
        return [TournamentTimer(int(r[0]), str(r[1]), float(r[2])) for r in rows]

    async def take_tournament_timer(self, timer: TournamentTimer, *, now: float) -> bool:
        """Claim a tournament deadline still set for that instant that nobody fires; True: the caller fires it,
        then calls :meth:`done_tournament_timer`."""
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE tournament_timers SET claimed_until = ?, claimed_by = ? WHERE tournament_id = ? AND kind = ? "
                "AND due_at = ? AND (claimed_until IS NULL OR claimed_until <= ?)",
                (now + self.timer_lease, self.claimant, timer.tournament_id, timer.kind, timer.due_at, now),
            )
        return changed == 1

    async def done_tournament_timer(self, timer: TournamentTimer) -> None:
        """Remove a fired tournament deadline (unless firing it set the same kind again for another instant)."""
        async with self._transaction() as db:
            await db.execute(
                "DELETE FROM tournament_timers WHERE tournament_id = ? AND kind = ? AND due_at = ?",
                (timer.tournament_id, timer.kind, timer.due_at),
            )
