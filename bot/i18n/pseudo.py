"""The pseudo-locale's words: every message id accented, lengthened by about a third and bracketed, its
placeholders (``{card}``, ``{count:,}``) left as they are, so that a text or picture still showing plain English
shows a word that did not come from the catalog, and a layout too tight for longer languages shows itself."""

import gettext
import string

_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "ąƀçđêƒğĥïĵķłɱñöƥɋŕšţüṽŵẋÿžÅƁÇĐÊƑĞĤÏĴĶŁṀÑÖƤɊŔŠŢÜṼŴẊŸŽ",
)
_VOWELS = frozenset("aeiouAEIOU")


def pseudo(message: str) -> str:
    """``"Pick a card to move"`` -> ``"[Ƥïïçķ ąą çąŕđ ţöö ɱööṽê]"``: the literal text accented and its vowels
    doubled, every replacement field kept as written."""
    parts = []
    for literal, field, spec, conversion in string.Formatter().parse(message):
        literal = literal.replace("{", "{{").replace("}", "}}")
        parts.append("".join(c + c if c in _VOWELS else c for c in literal).translate(_ACCENTS))
        if field is not None:
            parts.append("{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return "[" + "".join(parts) + "]"


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-locale's catalog: every message, translated or not, comes back pseudo-worded."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
