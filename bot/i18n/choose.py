"""Which language a reader gets (Discord-free): a user's own, or a server's for what everyone there reads."""

from bot.i18n.locales import ENGLISH_LOCALE


def private_locale(user_setting: str | None, interaction_locale: str | None) -> str:
    """What one user reads: the language they chose with ``/language me``, else their Discord client's
    (the interaction's locale, or the last one they used with peapod), else English."""
    return user_setting or interaction_locale or ENGLISH_LOCALE


def public_locale(server_setting: str | None, guild_locale: str | None, community: bool) -> str:
    """What everyone in a server reads: the language a manager chose with ``/language server``, else the
    server's own language when it is a community server (only those set one on purpose), else English."""
    if server_setting:
        return server_setting
    if community and guild_locale:
        return guild_locale
    return ENGLISH_LOCALE
