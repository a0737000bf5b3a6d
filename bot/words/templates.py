"""The kinds of English template a phrase key has."""

from typing import NamedTuple, Protocol, TypeAlias

from games.cards import Card, Rank


class Plural(NamedTuple):
    """One template for a count of one, another for every other count (``ngettext``); ``by`` names the count."""

    one: str
    other: str
    by: str = "count"


class Article(NamedTuple):
    """One template for a rank read with "a", another for one read with "an"; ``by`` names the rank."""

    a: str
    an: str
    by: str = "rank"


class Join(NamedTuple):
    """A list: the worded items of the part ``by``, joined by ``separator``."""

    separator: str
    by: str = "items"


Template: TypeAlias = str | Plural | Article | Join


class Wording(Protocol):
    """One language's words as :func:`bot.words.say` uses them (:class:`bot.i18n.Words`)."""

    def __call__(self, message: str, /, **args: object) -> str: ...

    def plural(self, singular: str, plural: str, n: int, /, **args: object) -> str: ...

    def context(self, context: str, message: str, /, **args: object) -> str: ...

    def rank(self, rank: Rank) -> str: ...

    def card(self, card: Card) -> str: ...
