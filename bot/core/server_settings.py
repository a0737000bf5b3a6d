"""Server settings: how a server runs its tables (today: the turn timer of turn-based games)."""

from bot.core.timers import TURN_SECONDS
from bot.store import Store

TURN_SETTING = "turn_seconds"


class ServerSettings:
    """A server's own settings, over the store."""

    def __init__(self, *, store: Store) -> None:
        self._store = store

    async def turn_seconds(self, guild_id: int | None) -> float:
        """The server's turn timer for turn-based tables (:data:`TURN_SECONDS` unless it set one)."""
        value = await self._store.guild_setting(guild_id, TURN_SETTING) if guild_id is not None else None
        return float(value) if value is not None else TURN_SECONDS

    async def set_turn_seconds(self, guild_id: int, seconds: float) -> None:
        """Set the server's turn timer (it applies to tables opened from now on)."""
        await self._store.set_guild_setting(guild_id, TURN_SETTING, repr(float(seconds)))
