"""Reading the fields of a stored snapshot, the shape check every game's ``from_dict`` shares.

A :class:`Reader` wraps the mapping a ``to_dict`` wrote (after JSON) and returns each field as the
value the state holds: an int, a flag, a seat, a card, a tuple of cards, piles of cards. Anything of
the wrong shape or type is refused with :class:`CorruptStateError` naming the game and the field,
e.g. ``"Peek snapshot: stock is not a list of cards."``. What the values mean together (every card
once, foundations in order) is each game's own ``_check_state``.

Methods named after a shape take a key of the snapshot; the ``*_of`` methods check a value already
taken out of it (an entry of a nested list), named by ``what`` in the message.
"""

from collections.abc import Mapping
from enum import Enum
from typing import Any, TypeVar

from games.cards import Card
from games.errors import CorruptStateError, InvalidCardError

EnumT = TypeVar("EnumT", bound=Enum)
_MISSING = object()


class Reader:
    """Typed reads from one snapshot; ``title`` is the game's title, which starts every message."""

    def __init__(self, data: Mapping[str, Any], title: str) -> None:
        self.data = data
        self.title = title

    def error(self, message: str) -> CorruptStateError:
        """A CorruptStateError reading "<title> snapshot: <message>"."""
        return CorruptStateError(f"{self.title} snapshot: {message}")

    def field(self, key: str) -> Any:
        """The raw value stored under ``key``. Raises CorruptStateError when it is missing."""
        value = self.data.get(key, _MISSING)
        if value is _MISSING:
            raise self.error(f"{key} is missing.")
        return value

    def number(self, key: str, lowest: int | None = None, highest: int | None = None) -> int:
        """An int (a bool is not one), within ``lowest..highest`` when given."""
        return self.number_of(self.field(key), key, lowest, highest)

    def flag(self, key: str) -> bool:
        """A bool."""
        value = self.field(key)
        if type(value) is not bool:
            raise self.error(f"{key} is not true or false.")
        return value

    def seat(self, key: str, seats: int) -> int:
        """A seat number ``0..seats-1``."""
        return self.number_of(self.field(key), key, 0, seats - 1)

    def seat_or_none(self, key: str, seats: int) -> int | None:
        """A seat number ``0..seats-1``, or None (no seat)."""
        value = self.field(key)
        return None if value is None else self.number_of(value, key, 0, seats - 1)

    def enum(self, key: str, kind: type[EnumT]) -> EnumT:
        """A member of ``kind``, stored as its value."""
        value = self.field(key)
        for member in kind:
            if type(value) is type(member.value) and value == member.value:
                return member
        raise self.error(f"{key} is not one of {', '.join(repr(member.value) for member in kind)}.")

    def card(self, key: str) -> Card:
        """One card, stored as its ident (``"QH"``, ``"QH1"``)."""
        return self.card_of(self.field(key), key)

    def cards(self, key: str, length: int | None = None, *, holes: bool = False) -> tuple[Any, ...]:
        """A list of cards (exactly ``length`` of them when given); with ``holes`` an entry may be None."""
        return self.cards_of(self.field(key), key, length, holes=holes)

    def piles(self, key: str, count: int | None = None) -> tuple[tuple[Card, ...], ...]:
        """A list of ``count`` lists of cards (any number of lists when ``count`` is None)."""
        return tuple(self.cards_of(pile, f"a pile of {key}") for pile in self.entries_of(self.field(key), key, count))

    def numbers(self, key: str, length: int) -> tuple[int, ...]:
        """A list of exactly ``length`` ints."""
        return self.numbers_of(self.field(key), key, length)

    def entries(self, key: str, length: int | None = None) -> list[Any]:
        """A list of raw entries (exactly ``length`` when given), for the caller to read with the ``*_of`` methods."""
        return self.entries_of(self.field(key), key, length)

    def number_of(self, value: Any, what: str, lowest: int | None = None, highest: int | None = None) -> int:
        if type(value) is not int:
            raise self.error(f"{what} is not a whole number.")
        if (lowest is not None and value < lowest) or (highest is not None and value > highest):
            low = "" if lowest is None else f"at least {lowest}"
            high = "" if highest is None else f"at most {highest}"
            raise self.error(f"{what} must be {' and '.join(part for part in (low, high) if part)}, not {value}.")
        return value

    def card_of(self, value: Any, what: str) -> Card:
        if not isinstance(value, str):
            raise self.error(f"{what} holds {value!r}, not a card.")
        try:
            return Card.parse(value)
        except InvalidCardError as error:
            raise self.error(f"{what} holds a bad card: {error}") from error

    def cards_of(self, value: Any, what: str, length: int | None = None, *, holes: bool = False) -> tuple[Any, ...]:
        items = self.entries_of(value, what, length)
        return tuple(None if holes and item is None else self.card_of(item, what) for item in items)

    def numbers_of(self, value: Any, what: str, length: int) -> tuple[int, ...]:
        return tuple(self.number_of(item, what) for item in self.entries_of(value, what, length))

    def entries_of(self, value: Any, what: str, length: int | None = None) -> list[Any]:
        if not isinstance(value, list):
            raise self.error(f"{what} is not a list.")
        if length is not None and len(value) != length:
            raise self.error(f"{what} must have {length} entries, not {len(value)}.")
        return value
