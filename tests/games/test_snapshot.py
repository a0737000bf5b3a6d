"""The shared snapshot reader: each read returns the state's value or refuses with the game's title and the field."""

from enum import Enum

import pytest

from games.cards import Card, parse_cards
from games.errors import CorruptStateError
from games.snapshot import Reader


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


DATA = {
    "moves": 3,
    "on": True,
    "seat": 1,
    "nobody": None,
    "colour": "blue",
    "beak": "5S",
    "row": ["QH", "TS1"],
    "slots": ["QH", None],
    "piles": [["AS"], [], ["2C", "3C"]],
    "scores": [5, -10],
    "nested": [[1, 2], [3]],
}


def reader(**changes: object) -> Reader:
    return Reader({**DATA, **changes}, "Peek")


def test_reads_return_the_values_a_state_holds():
    read = reader()
    assert read.number("moves") == 3 and read.number("moves", 0, 3) == 3
    assert read.flag("on") is True
    assert read.seat("seat", 2) == 1 and read.seat_or_none("nobody", 2) is None and read.seat_or_none("seat", 2) == 1
    assert read.enum("colour", Colour) is Colour.BLUE
    assert read.card("beak") == Card.parse("5S")
    assert read.cards("row") == parse_cards("QH TS1") and read.cards("row", 2) == parse_cards("QH TS1")
    assert read.cards("slots", 2, holes=True) == (Card.parse("QH"), None)
    assert read.piles("piles") == ((Card.parse("AS"),), (), parse_cards("2C 3C"))
    assert read.piles("piles", 3) == read.piles("piles")
    assert read.numbers("scores", 2) == (5, -10)
    assert [read.numbers_of(entry, "a score", len(entry)) for entry in read.entries("nested", 2)] == [(1, 2), (3,)]


@pytest.mark.parametrize(
    "read, message",
    [
        (lambda r: r.number("missing"), "missing is missing"),
        (lambda r: r.number("on"), "on is not a whole number"),
        (lambda r: r.number("moves", 4), "moves must be at least 4, not 3"),
        (lambda r: r.number("moves", 0, 2), "moves must be at least 0 and at most 2, not 3"),
        (lambda r: r.flag("moves"), "moves is not true or false"),
        (lambda r: r.seat("seat", 1), "seat must be at least 0 and at most 0, not 1"),
        (lambda r: r.seat("nobody", 2), "nobody is not a whole number"),
        (lambda r: r.enum("beak", Colour), "beak is not one of 'red', 'blue'"),
        (lambda r: r.card("moves"), "moves holds 3, not a card"),
        (lambda r: r.card("colour"), "colour holds a bad card"),
        (lambda r: r.cards("beak"), "beak is not a list"),
        (lambda r: r.cards("row", 3), "row must have 3 entries, not 2"),
        (lambda r: r.cards("slots"), "slots holds None, not a card"),
        (lambda r: r.piles("row"), "a pile of row is not a list"),
        (lambda r: r.piles("piles", 2), "piles must have 2 entries, not 3"),
        (lambda r: r.numbers("scores", 3), "scores must have 3 entries"),
        (lambda r: r.numbers("row", 2), "row is not a whole number"),
    ],
)
def test_bad_fields_are_refused_with_the_game_and_the_field(read, message):
    with pytest.raises(CorruptStateError, match=r"^Peek snapshot: ") as error:
        read(reader())
    assert message in str(error.value)
