"""Which languages peapod speaks, by Discord's locale codes, and how any locale Discord sends maps to one."""

LOCALES = ("en", "de", "fr", "es-ES", "pt-BR", "pl", "ru")
"""The shipped languages, as Discord names them ("en" stands for both en-US and en-GB)."""
PSEUDO = "qps-ploc"
"""The pseudo-locale: accented, lengthened English made from the message ids at load time, never shipped as a
file, so that a test reading it finds every word not taken from the catalog."""
ENGLISH_LOCALE = "en"

_NEAREST = {"en-US": "en", "en-GB": "en", "es-419": "es-ES", "pt-PT": "pt-BR", "pt": "pt-BR", "es": "es-ES"}
"""Discord locales we do not ship, read in the nearest shipped language."""

BABEL_LOCALES = {"en": "en", "de": "de", "fr": "fr", "es-ES": "es_ES", "pt-BR": "pt_BR", "pl": "pl", "ru": "ru"}
"""Babel's name of each shipped locale (for numbers, dates, durations and plural rules); the pseudo-locale
formats as English."""


def shipped(locale: str | None) -> str:
    """The shipped locale (or the pseudo-locale) that reads ``locale``: itself, its nearest neighbour, else English."""
    if locale is None:
        return ENGLISH_LOCALE
    if locale in LOCALES or locale == PSEUDO:
        return locale
    return _NEAREST.get(locale, ENGLISH_LOCALE)


def babel_locale(locale: str) -> str:
    """Babel's locale name for a shipped locale or the pseudo-locale."""
    return BABEL_LOCALES.get(locale, "en")
