"""Walking a view for the cards in it: the check that no hidden card reaches a viewer."""

import dataclasses
from collections.abc import Iterator
from typing import Any

from games.cards import Card


def cards_in(value: Any) -> Iterator[Card]:
    """Every Card object anywhere inside a view (dataclasses, tuples, lists)."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            yield from cards_in(getattr(value, item.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)
