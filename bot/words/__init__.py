"""The words of everything the engines and the table say: a :class:`games.phrases.Phrase` becomes a sentence.

Each phrase key has one English template with named placeholders (``"{card} went to the foundation."``),
a whole sentence or name, never a fragment to glue to another: these templates are the message ids of
the catalogs that will word the other languages. A template that depends on a number is a
:class:`Plural` (as ``ngettext``); one that depends on the article a rank takes in English is an
:class:`Article`; a list is a :class:`Join` of its worded items. The parts of a phrase are worded
before they fill the template: a card as ``"10♠"``, a rank as ``"10"``, cards as ``"5♠, 6♥"``, a
nested phrase by its own template.
"""

from bot.words import common, peanuts, pebbles, peek, penguin, table, triplepeaks
from bot.words.templates import Article, Join, Plural, Template
from games.cards import Card, Rank
from games.phrases import Arg, Phrase

TEMPLATES: dict[str, Template] = {
    key: template
    for module in (common, table, peek, penguin, triplepeaks, pebbles, peanuts)
    for key, template in module.TEMPLATES.items()
}
"""Every key's English template; each module words the keys of its own prefix, so none is worded twice."""

RANK_NAMES = {Rank.TEN: "10"}
"""Ranks whose name is not their code letter."""
_VOWEL_RANKS = (Rank.ACE, Rank.EIGHT)
"""The ranks whose English name starts with a vowel sound ("an A", "an 8")."""


def rank_text(rank: Rank) -> str:
    """``"A"``, ``"7"``, ``"10"``, ``"K"``."""
    return RANK_NAMES.get(rank, rank.char)


def card_text(card: Card) -> str:
    """A card for people: ``"10♠"``, ``"Q♥"`` (the same for both decks' copies)."""
    return rank_text(card.rank) + card.suit.symbol


def say(phrase: Phrase) -> str:
    """The English sentence for ``phrase``. Raises KeyError for a key without a template (a bug)."""
    template = TEMPLATES[phrase.key]
    if isinstance(template, Join):
        items = phrase.arg(template.by)
        assert isinstance(items, tuple)
        return template.separator.join(str(word(item)) for item in items)
    args = {name: word(value) for name, value in phrase.args}
    if isinstance(template, Plural):
        count = phrase.arg(template.by)
        assert isinstance(count, int)
        template = template.one if count == 1 else template.other
    elif isinstance(template, Article):
        rank = phrase.arg(template.by)
        assert isinstance(rank, Rank)
        template = template.an if rank in _VOWEL_RANKS else template.a
    return template.format(**args)


def word(value: Arg) -> object:
    """A phrase's part as it fills a template: a phrase or a card worded, cards and numbers listed with commas."""
    if isinstance(value, Phrase):
        return say(value)
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, Rank):
        return rank_text(value)
    if isinstance(value, tuple):
        return ", ".join(str(word(item)) for item in value)
    return value
