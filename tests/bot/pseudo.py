"""Reading a text worded in the pseudo-locale: every word the catalog gave is accented and bracketed, so any
plain English word left in it did not come from the catalog."""

import re

from games import GAMES

PEOPLE = ("alice", "bob", "carol")
"""The names of the people in the tests' servers."""
TITLES = sorted((game.title for game in GAMES.values()), key=len, reverse=True)
NOT_WORDS = re.compile(
    r"<[@#][!&]?\d+>|<t:\d+:\w>|https?://\S+|attachment://\S+|`[^`]*`"
    r"|\d+ (?:seconds?|minutes?|hours?|days?)\b"  # a duration: Babel words the pseudo-locale's as English
)
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


def english_in(text: str) -> list[str]:
    """The plain English words of ``text``: two or more ASCII letters left once mentions, timestamps, links,
    code spans, durations, game titles and the players' names are taken out."""
    text = NOT_WORDS.sub(" ", text)
    for name in (*TITLES, *PEOPLE):
        text = text.replace(name, " ")
    return ENGLISH_WORD.findall(text)
