"""The pieces every game's describer uses: a picture's description (its alt text) says in words what a sighted
player learns from the picture, in the order they would look at it, worded by the reader's :class:`Words`.

Each game's describer lives beside its layout (``describe`` in :mod:`bot.ui.penguin` and the others) and reads
the same view the picture is drawn from: a shared table's description is made from ``table.public`` alone, so
it cannot name a hidden card; a hand's from that seat's own view. Cards are named as the buttons name them
(``"7♥"``, ``"10♤"``, German ``"D♥"``): what a screen-reader user hears in the description is what they then
find on the buttons, a screen reader speaks the suit symbols in its own language, and the compact names leave
room for a whole table inside Discord's 1,024 characters.
"""

from collections.abc import Iterable, Sequence

from bot.core.service import Table
from bot.i18n import Words
from bot.ui.layout import DESCRIPTION_LIMIT
from games.base import Outcome
from games.cards import Card


def listed(words: Words, parts: Iterable[str]) -> str:
    """``parts`` joined as this language lists things ("a, b, c")."""
    return words.context("list separator", ", ").join(parts)


def cards(words: Words, shown: Iterable[Card]) -> str:
    """Cards in a row, each as the buttons name it ("7♥ 10♤ K♦"), or "none"."""
    named = [words.card(card) for card in shown]
    return " ".join(named) if named else words("none")


def ended(words: Words, outcome: Outcome | None) -> str:
    """How the game ended ("" while it runs)."""
    if outcome is None:
        return ""
    if outcome.summary is None:
        return words("Game over.")
    return words("Game over: {summary}", summary=words.phrase(outcome.summary))


def happened(words: Words, table: Table) -> str:
    """What just happened, as everyone was told it ("" when nothing was)."""
    summary = table.outcome.summary if table.outcome else None
    said = " ".join(words.phrase(event.phrase) for event in table.public_events() if event.phrase != summary)
    return words("Just now: {events}", events=said) if said else ""


def upwards(words: Words) -> str:
    """The line before a table's piles: how they are read."""
    return words("Piles read bottom to top.")


def lines(*parts: str) -> str:
    """The description's lines, empty ones left out."""
    return "\n".join(part for part in parts if part)


def fitted(*variants: Sequence[str]) -> str:
    """The first variant (a sequence of lines, the fullest first) that fits Discord's limit, else the last one
    (cut when sent)."""
    for variant in variants:
        text = lines(*variant)
        if len(text) <= DESCRIPTION_LIMIT:
            return text
    return lines(*variants[-1])
