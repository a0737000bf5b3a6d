"""One language's words: :class:`Words` translates message ids and formats numbers, dates, durations and cards.

Message ids are the English sentences themselves, whole and with named placeholders
(``words("{name} joined the table.", name=name)``), so English needs no catalog and a missing translation
reads as English. ``pybabel``-style extraction (:mod:`bot.i18n.extract`) finds the calls by their names:
call a Words ``words(...)``, ``words.plural(...)``, ``words.context(...)``, and mark a module-level id with
:func:`bot.i18n.N_`.
"""

import datetime
import re
from collections.abc import Sequence
from functools import cache

from babel.dates import format_date, format_timedelta
from babel.numbers import format_decimal

from bot.i18n.catalog import translations
from bot.i18n.locales import babel_locale, shipped
from bot.words import say
from games.cards import Card, Rank
from games.phrases import Phrase

_FACE_LETTERS = {
    "de": "BDKA",
    "fr": "VDRA",
    "pl": "WDKA",
    "ru": "ВДКТ",
}
"""The letters a language prints on the jack, queen, king and ace, where they are not J Q K A."""
_FACES = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
"""Discord's rule for a command's or an option's name (letters and digits of any script, ``-`` and ``_``)."""
COMMAND_CONTEXT = "command name"
"""The catalog context of a command's or a command group's name."""


def N_(message: str) -> str:
    """Mark ``message`` as a message id to extract (for a constant worded later); returns it unchanged."""
    return message


def _fill(translated: str, english: str, args: dict[str, object]) -> str:
    """``translated`` with its placeholders filled; a translation whose placeholders do not match the id's reads
    as the English instead of failing (the catalog test catches it first)."""
    try:
        return translated.format(**args)
    except (KeyError, IndexError, ValueError, AttributeError):
        return english.format(**args)


class Words:
    """The words of one language (``words.locale``, a shipped Discord locale or the pseudo-locale)."""

    def __init__(self, locale: str) -> None:
        self.locale = locale
        self._catalog = translations(locale)
        self._babel = babel_locale(locale)

    def __repr__(self) -> str:
        return f"Words({self.locale!r})"

    def __call__(self, message: str, /, **args: object) -> str:
        """``message`` (an English id) in this language, its ``{placeholders}`` filled from ``args``."""
        return _fill(self._catalog.gettext(message), message, args)

    def plural(self, singular: str, plural: str, n: int, /, **args: object) -> str:
        """The form of ``singular``/``plural`` this language uses for ``n`` (``ngettext``); ``n`` fills ``{n}``."""
        english = singular if n == 1 else plural
        return _fill(self._catalog.ngettext(singular, plural, n), english, {"n": n, **args})

    def context(self, context: str, message: str, /, **args: object) -> str:
        """``message`` as meant in ``context`` (``pgettext``), for a short id that another use would word
        differently (a command's name, a list's separator)."""
        return _fill(self._catalog.pgettext(context, message), message, args)

    def command(self, *names: str) -> str:
        """A slash command as this language's Discord users see it in their command list (``"/daily peek"``,
        German ``"/tagesspiel peek"``): each name as the tree's translator sends it, else the English."""
        return "/" + " ".join(self.command_name(name) for name in names)

    def command_name(self, name: str) -> str:
        """One command or group name in this language, as :mod:`bot.cogs.translator` gives it to Discord (the
        English where the translation breaks Discord's rule for names)."""
        text = self.context(COMMAND_CONTEXT, name).lower()
        return text if COMMAND_NAME.fullmatch(text) else name

    def number(self, value: float) -> str:
        """``1234.5`` as this language writes it (``"1,234.5"``, ``"1.234,5"``)."""
        return format_decimal(value, locale=self._babel)

    def rating(self, value: float) -> str:
        """A skill rating as this language writes it, the same wherever one is shown (a sign-up, a table, /rating,
        /leaderboard): always one decimal (``"28.9"``, ``"5.0"``, ``"-3.2"``; German ``"28,9"``), never ``"-0.0"``."""
        return format_decimal(round(value, 1) or 0.0, format="#,##0.0", locale=self._babel)

    def date(self, when: datetime.date) -> str:
        """A day as this language writes it (``"Nov 27, 2026"``, ``"27.11.2026"``)."""
        return format_date(when, format="medium", locale=self._babel)

    def duration(self, seconds: float) -> str:
        """A length of time in its largest sensible unit (``"3 minutes"``, ``"3 Minuten"``)."""
        return format_timedelta(datetime.timedelta(seconds=seconds), threshold=1.5, locale=self._babel)

    def rank(self, rank: Rank) -> str:
        """A rank as this language prints it on cards: ``"10"``, ``"7"``, ``"K"`` (German ``"K"``, French
        ``"R"``)."""
        if rank is Rank.TEN:
            return "10"
        letters = _FACE_LETTERS.get(self.locale)
        if letters is not None and rank in _FACES:
            return letters[_FACES.index(rank)]
        return rank.char

    def card(self, card: Card) -> str:
        """A card in text: ``"10♠"``, ``"Q♥"`` (German ``"D♥"``); suits keep their symbols."""
        return self.rank(card.rank) + card.suit.symbol

    def phrase(self, phrase: Phrase, names: Sequence[str | None] = ()) -> str:
        """What an engine said (a :class:`games.phrases.Phrase`), through its template in :mod:`bot.words`; with
        ``names``, each seat it names by number reads as the name given for it."""
        return say(phrase, self, names)


@cache
def words_for(locale: str | None) -> Words:
    """The words for a Discord locale (``"de"``, ``"pt-PT"``, ``"en-GB"``) or None: the shipped language that
    reads it (pt-PT reads pt-BR, es-419 reads es-ES), English for anything else."""
    return _words(shipped(locale))


@cache
def _words(locale: str) -> Words:
    return Words(locale)
