"""A tournament's matches dealt as ordinary games (:class:`Matches`): each pairing becomes a game of two, linked
to its pairing once, and after a restart the matches a stopped process left unshown are shown."""

from collections.abc import Callable

from bot.core.play import Play
from bot.core.server_settings import ServerSettings
from bot.core.tables import Table, Tables
from bot.store import PairingRecord, Store, TournamentRecord


class Matches:
    """Deals matches over the store, the tables and play; a turn-based game gets the server's turn timer."""

    def __init__(
        self,
        *,
        store: Store,
        clock: Callable[[], float],
        tables: Tables,
        play: Play,
        server_settings: ServerSettings,
    ) -> None:
        self._store = store
        self._clock = clock
        self._tables = tables
        self._play = play
        self._server_settings = server_settings

    async def deal(self, record: TournamentRecord, pairing: PairingRecord) -> Table | None:
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

    async def undealt(self, record: TournamentRecord) -> tuple[Table, ...]:
        """The running matches a stopped process left unshown, to show now: those whose game was dropped
        (dealt again), and those whose game is still waiting for its message."""
        dealt = []
        for pairing in record.pairings:
            if pairing.outcome is not None or pairing.second_id is None:
                continue
            if pairing.game_id is None:
                table = await self.deal(record, pairing)
                if table is not None:
                    dealt.append(table)
                continue
            waiting = await self._tables.table(pairing.game_id)
            if waiting.status == "dealing":
                dealt.append(waiting)
        return tuple(dealt)
