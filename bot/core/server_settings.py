"""Server settings: how a server runs its tables (today: the turn timer of turn-based games)."""

from bot.core.deadlines import TURN_SECONDS
from bot.core.tables import ServiceCore

TURN_SETTING = "turn_seconds"


class ServerSettings(ServiceCore):
    """A server's own settings."""

    async def turn_seconds(self, guild_id: int | None) -> float:
        """The server's turn timer for turn-based tables (:data:`TURN_SECONDS` unless it set one)."""
        value = await self._store.guild_setting(guild_id, TURN_SETTING) if guild_id is not None else None
        return float(value) if value is not None else TURN_SECONDS

    async def set_turn_seconds(self, guild_id: int, seconds: float) -> None:
        """Set the server's turn timer (it applies to tables opened from now on)."""
        await self._store.set_guild_setting(guild_id, TURN_SETTING, repr(float(seconds)))
