"""The words of everything the engines and the table say: a :class:`games.phrases.Phrase` becomes a sentence.

Each phrase key has one English template with named placeholders (``"{card} went to the foundation."``),
a whole sentence or name, never a fragment to glue to another: these templates are the message ids of
the catalogs that will word the other languages. A template that depends on a number is a
:class:`Plural` (as ``ngettext``); one that depends on the article a rank takes in English is an
:class:`Article`; a list is a :class:`Join` of its worded items. The parts of a phrase are worded
before they fill the template: a card as ``"10♠"``, a rank as ``"10"``, cards as ``"5♠, 6♥"``, a
nested phrase by its own template.

Worded for one reader, each template is a message id of the catalogs (:mod:`bot.i18n`): ``say(phrase, words)``
translates it through that language's :class:`Wording` (a :class:`bot.i18n.Words`); without one it reads in
English, the ids themselves. An :class:`Article`'s two forms are two ids (translated alike by a language
without "a"/"an"); a :class:`Join`'s separator is an id in the context ``"list separator"``.
"""

from collections.abc import Sequence

from bot.words import common, peanuts, pebbles, peek, penguin, table, tournament, triplepeaks
from bot.words.templates import Article, Join, Plural, Template, Wording
from games.cards import Card, Rank
from games.phrases import Arg, Phrase

TEMPLATES: dict[str, Template] = {
    key: template
    for module in (common, table, tournament, peek, penguin, triplepeaks, pebbles, peanuts)
    for key, template in module.TEMPLATES.items()
}
"""Every key's English template; each module words the keys of its own prefix, so none is worded twice."""

SEAT_KEYS = frozenset({"seat.name", "peanuts.player"})
"""The phrases that name a seat by its number (``number``, from 1): where the reader knows who sits there, the
seat's name stands in for them."""
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


def say(phrase: Phrase, words: Wording | None = None, names: Sequence[str | None] = ()) -> str:
    """The sentence for ``phrase`` in the language of ``words`` (English without); with ``names``, a seat named by
    its number (:data:`SEAT_KEYS`) reads as the name given for it ("<@42> played 7♥", not "Seat 1 played 7♥").
    Raises KeyError for a key without a template (a bug)."""
    template = TEMPLATES[phrase.key]
    if isinstance(template, Join):
        items = phrase.arg(template.by)
        assert isinstance(items, tuple)
        separator = words.context("list separator", template.separator) if words else template.separator
        return separator.join(str(word(item, words, names)) for item in items)
    args = {name: word(value, words, names) for name, value in phrase.args}
    if isinstance(template, Plural):
        count = phrase.arg(template.by)
        assert isinstance(count, int)
        if words:
            return words.plural(template.one, template.other, count, **args)
        template = template.one if count == 1 else template.other
    elif isinstance(template, Article):
        rank = phrase.arg(template.by)
        assert isinstance(rank, Rank)
        template = template.an if rank in _VOWEL_RANKS else template.a
    return words(template, **args) if words else template.format(**args)


def word(value: Arg, words: Wording | None = None, names: Sequence[str | None] = ()) -> object:
    """A phrase's part as it fills a template: a phrase or a card worded, cards and numbers listed with commas; a
    seat by the name ``names`` gives it, where it gives one."""
    if isinstance(value, Phrase):
        if value.key in SEAT_KEYS:
            number = value.arg("number")
            if isinstance(number, int) and 0 < number <= len(names) and names[number - 1] is not None:
                return names[number - 1]
        return say(value, words, names)
    if isinstance(value, Card):
        return words.card(value) if words else card_text(value)
    if isinstance(value, Rank):
        return words.rank(value) if words else rank_text(value)
    if isinstance(value, tuple):
        separator = words.context("list separator", ", ") if words else ", "
        return separator.join(str(word(item, words, names)) for item in value)
    return value
