"""Which language each reader chose: a user's ``/language me`` choice and the Discord locale they last used
(for what the bot sends them unasked), and a server's ``/language server`` choice."""

from bot.store import Store, UserLanguage

LANGUAGE_SETTING = "language"
"""The server setting holding the language a manager chose ("" once set back to automatic)."""


class Languages:
    """The readers' language settings, over the store."""

    def __init__(self, *, store: Store) -> None:
        self._store = store
        self._seen: dict[int, str] = {}
        """The locale each user's client last sent to this process, so that only a change is written."""

    async def user_language(self, user_id: int) -> UserLanguage:
        """The locale a user last used with peapod and the language they chose."""
        return await self._store.user_language(user_id)

    async def remember_locale(self, user_id: int, locale: str) -> None:
        """Keep the locale a user's client sent (written only when it differs from the last one seen)."""
        if self._seen.get(user_id) == locale:
            return
        await self._store.set_user_locale(user_id, locale)
        self._seen[user_id] = locale

    async def choose_language(self, user_id: int, locale: str | None) -> None:
        """A user's ``/language me`` choice (None: their Discord client's again)."""
        await self._store.set_user_language(user_id, locale)

    async def server_language(self, guild_id: int | None) -> str | None:
        """The language a server's managers chose, or None (then its own Discord language decides)."""
        if guild_id is None:
            return None
        return await self._store.guild_setting(guild_id, LANGUAGE_SETTING) or None

    async def choose_server_language(self, guild_id: int, locale: str | None) -> None:
        """A server's ``/language server`` choice (None: automatic again)."""
        await self._store.set_guild_setting(guild_id, LANGUAGE_SETTING, locale or "")
