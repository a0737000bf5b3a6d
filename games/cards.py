"""Playing cards as small immutable values with two-character codes.

A card code is rank then suit: ``"TS"`` is the ten of spades, never ``"10S"``. Ranks are
``A23456789TJQK`` (patience order, A=1 … K=13) and suits ``CDHS``. Codes are upper case only;
anything else is refused with :class:`InvalidCardError`.

Games with two decks (Peanuts: one per player; two-deck Pebbles and Nuts) give each card a
``deck`` number. The two-character ``code`` stays the same for both copies; ``ident`` adds the
deck digit for deck 1 and up (``"TS"`` for deck 0, ``"TS1"`` for deck 1), and is what
serialised states and action codes use when the deck matters.

Ordering is a game rule, not a card property, so ``Card`` defines no ``<``.
"""

import functools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum

from games.errors import InvalidCardError

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


class Rank(IntEnum):
    """Card rank, Ace low (A=1 … K=13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def char(self) -> str:
        return RANKS[self - 1]


class Suit(IntEnum):
    """Card suit, in code order C, D, H, S."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        return SUITS[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.char]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card; ``deck`` tells two copies of the same card apart."""

    rank: Rank
    suit: Suit
    deck: int = 0

    @property
    def code(self) -> str:
        """Two-character code, e.g. ``"QH"``; the same for every deck."""
        return self.rank.char + self.suit.char

    @property
    def ident(self) -> str:
        """Code plus the deck digit when the deck is not 0 (``"QH"``, ``"QH1"``)."""
        return self.code if self.deck == 0 else f"{self.code}{self.deck}"

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    def __str__(self) -> str:
        return self.ident

    def __repr__(self) -> str:
        return f"Card.parse({self.ident!r})"

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse ``"QH"`` (deck 0) or ``"QH1"`` (deck 1).

        Raises:
            InvalidCardError: the text is not a card code.
        """
        card = _BY_IDENT.get(text) if isinstance(text, str) else None
        if card is None:
            card = _parse_slow(text)
        return card


def _parse_slow(text: object) -> Card:
    if not isinstance(text, str) or len(text) not in (2, 3):
        raise InvalidCardError(f"{text!r} is not a card (use codes like 'QH' or 'TS')")
    rank_char, suit_char, deck_text = text[0], text[1], text[2:]
    if rank_char not in RANKS or suit_char not in SUITS or (deck_text and not deck_text.isdigit()):
        raise InvalidCardError(f"{text!r} is not a card (use codes like 'QH' or 'TS')")
    deck = int(deck_text) if deck_text else 0
    if deck_text == "0":
        raise InvalidCardError(f"{text!r} is not a card: deck 0 is written without a digit")
    return Card(Rank(RANKS.index(rank_char) + 1), Suit(SUITS.index(suit_char)), deck)


@functools.cache
def standard_deck(deck: int = 0) -> tuple[Card, ...]:
    """The 52 cards of one deck in a fixed order (suits C, D, H, S; ranks A to K); made once per deck (every
    saved Peanuts game is checked against it when loaded)."""
    return tuple(Card(rank, suit, deck) for suit in Suit for rank in Rank)


DECK: tuple[Card, ...] = standard_deck()
_BY_IDENT: dict[str, Card] = {card.ident: card for d in range(4) for card in standard_deck(d)}


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse ``"QH TS 2C"`` or an iterable of codes into cards.

    Raises:
        InvalidCardError: one of the codes is not a card.
    """
    items = text.split() if isinstance(text, str) else text
    return tuple(Card.parse(item) for item in items)


def cards_text(cards: Iterable[Card]) -> str:
    """The inverse of :func:`parse_cards`: idents joined by spaces."""
    return " ".join(card.ident for card in cards)


def shuffled(cards: Sequence[Card], seed: int | str) -> tuple[Card, ...]:
    """A copy of ``cards`` shuffled by ``random.Random(seed)``: the only source of chance."""
    order = list(cards)
    random.Random(seed).shuffle(order)
    return tuple(order)
