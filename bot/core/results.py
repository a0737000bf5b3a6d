"""Results and scores: scoreboards, a player's record, and who helped at an open table."""

from collections.abc import Mapping

from bot.core.tables import Tables, effective_actions
from bot.store import PlayerStats, ScoreRow, Store

RECENT = 40
"""Latest results a player's stats chart draws, per game."""


class Results:
    """What finished games left behind: given the store, and the tables (to load a game)."""

    def __init__(self, *, store: Store, tables: Tables) -> None:
        self._store = store
        self._tables = tables

    async def scoreboard(self, channel_id: int, kind: str, *, limit: int = 10) -> list[ScoreRow]:
        """The channel's best players of ``kind``: by wins, then best score, then games played."""
        return await self._store.scoreboard(channel_id, kind, limit=limit)

    async def stats(self, guild_id: int | None, user_id: int) -> list[PlayerStats]:
        """A player's games, wins, best score and latest results per game in a server (scoreboard games)."""
        return await self._store.player_stats(guild_id, user_id, recent=RECENT)

    async def helpers(self, game_id: int) -> dict[int, int]:
        """At an open table: how many moves each person other than its owner made (and kept)."""
        record = await self._tables.load(game_id)
        owner = record.players[0]
        counts: dict[int, int] = {}
        for action in effective_actions(await self._store.load_actions(game_id)):
            if action.user_id is not None and action.user_id != owner:
                counts[action.user_id] = counts.get(action.user_id, 0) + 1
        return counts

    async def name_results(self, game_id: int, names: Mapping[int, str]) -> None:
        """Keep the players' names with a finished game's results, for the scoreboards."""
        await self._store.name_results(game_id, names)

    async def record_of(self, channel_id: int, kind: str, user_id: int, game_id: int) -> tuple[int | None, int]:
        """A player's best score in this channel before ``game_id`` (None: no earlier game), and their
        streak of wins that ``game_id`` ends (0 when it was not won): what the end of that game says,
        however much later its table is redrawn."""
        results = await self._store.player_results(channel_id, kind, user_id)
        ids = [other for other, _, _ in results]
        if game_id in ids:
            results = results[ids.index(game_id) :]
        earlier = [score for other, score, _ in results if other != game_id]
        streak = 0
        for _, _, won in results:
            if not won:
                break
            streak += 1
        return (max(earlier) if earlier else None), streak
