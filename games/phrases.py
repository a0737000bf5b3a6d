"""What the engines say, as structured values: a key and its named parts, never a sentence.

An error's reason, an event, a hint's why, an outcome's summary and an action's name leave the
engines as a :class:`Phrase`, e.g. ``Phrase.of("penguin.went_home", card=card)``; the bot words it
in the reader's language (``bot/words``), one template per key. The parts are numbers, codes,
ranks and cards (whose text is a word choice too: ranks are named differently in other languages)
and other phrases, so a phrase stays hashable and comparable in tests.
"""

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TypeAlias

Arg: TypeAlias = Hashable
"""A phrase's part: a number, a code or a name (never words), a rank, a card, another phrase, a tuple of
these, or None; ``bot/words`` words each kind. (Named loosely so that this module imports nothing of the
games: cards raise errors, and errors carry phrases.)"""


@dataclass(frozen=True, slots=True)
class Phrase:
    """A key naming what is said (``"peek.redeals_left"``) and its parts by name, in the order given."""

    key: str
    args: tuple[tuple[str, Arg], ...] = ()

    @classmethod
    def of(cls, key: str, /, **args: Arg) -> "Phrase":
        """``Phrase.of("peek.turned", cards=(card,))``."""
        return cls(key, tuple(args.items()))

    def arg(self, name: str) -> Arg:
        """The part called ``name``. Raises KeyError when the phrase has none."""
        for given, value in self.args:
            if given == name:
                return value
        raise KeyError(name)

    def __str__(self) -> str:
        """The key and its parts, for logs and tracebacks: ``peek.turned(cards=(Card.parse('5H'),))``."""
        parts = ", ".join(f"{name}={value!r}" for name, value in self.args)
        return f"{self.key}({parts})"
