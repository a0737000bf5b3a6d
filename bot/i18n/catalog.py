"""The message catalogs: one gettext ``.po`` file per shipped language, read at first use.

Each ``locales/<locale>/LC_MESSAGES/peapod.po`` is read with Babel, compiled into memory and handed to
gettext, so running from a checkout needs no compile step. A message left untranslated (empty, or fuzzy) is
not compiled, and gettext then answers with its id: the English words, never a key.
"""

import gettext
import io
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.i18n.locales import ENGLISH_LOCALE, PSEUDO, babel_locale
from bot.i18n.pseudo import PseudoTranslations

DOMAIN = "peapod"
LOCALE_DIR = Path(__file__).resolve().parent / "locales"
TEMPLATE = Path(__file__).resolve().parent / f"{DOMAIN}.pot"


def po_path(locale: str) -> Path:
    """Where the catalog of ``locale`` lives."""
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(locale: str) -> gettext.NullTranslations:
    """The compiled catalog of a shipped locale; English (the ids themselves) and a locale without a file need
    none, and the pseudo-locale is made from the ids."""
    if locale == PSEUDO:
        return PseudoTranslations()
    path = po_path(locale)
    if locale == ENGLISH_LOCALE or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=babel_locale(locale), domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
