"""The kinds of English template a phrase key has."""

from typing import NamedTuple, TypeAlias


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
