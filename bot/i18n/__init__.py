"""Every player in their own language: the message catalogs and the words of one language.

``words_for(locale)`` gives the :class:`Words` of a Discord locale; ``words("Whole sentence with {name}.",
name=...)`` translates an English message id from the ``peapod`` gettext catalog
(``locales/<locale>/LC_MESSAGES/peapod.po``), falling back to English. Discord-free: the core may word
things with it too. Which language a reader gets is :mod:`bot.i18n.choose`.
"""

from bot.i18n.locales import LOCALES, PSEUDO
from bot.i18n.words import N_, Words, words_for

ENGLISH = words_for("en")
"""English: the message ids themselves."""

__all__ = ["ENGLISH", "LOCALES", "N_", "PSEUDO", "Words", "words_for"]
