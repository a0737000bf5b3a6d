import pytest

from games.base import Option, resolve_options
from games.cards import DECK, Card, Rank, Suit, cards_text, parse_cards, shuffled, standard_deck
from games.errors import InvalidCardError, InvalidOptionError


def test_every_card_round_trips():
    """Card.parse(card.ident) gives back the same card for both decks."""
    for deck in (0, 1):
        for card in standard_deck(deck):
            assert Card.parse(card.ident) == card
            assert len(card.code) == 2


def test_deck_has_52_distinct_cards():
    """The standard deck holds each rank and suit once."""
    assert len(set(DECK)) == 52


def test_ten_is_t():
    """The ten of spades is 'TS' (people read it as 10♠: the bot's words, bot/words)."""
    card = Card.parse("TS")
    assert (card.rank, card.suit) == (Rank.TEN, Suit.SPADES)
    assert str(card) == card.code == "TS"
    assert repr(card) == "Card.parse('TS')"


@pytest.mark.parametrize("text", ["", "1H", "QX", "10S", "qh", "qh ", "QH0", "QHx", None, 5])
def test_bad_codes_are_refused(text):
    """Bad card codes raise InvalidCardError, which is also a ValueError."""
    with pytest.raises(InvalidCardError):
        Card.parse(text)


def test_parse_cards_and_back():
    """parse_cards reads a space-separated list; cards_text writes it back."""
    cards = parse_cards("QH TS 2C AS1")
    assert cards_text(cards) == "QH TS 2C AS1"
    assert cards[3].deck == 1


def test_shuffle_is_seeded():
    """The same seed always gives the same order."""
    assert shuffled(DECK, 7) == shuffled(DECK, 7)
    assert shuffled(DECK, 7) != shuffled(DECK, 8)


def test_options_defaults_and_refusals():
    """Options fill defaults and refuse unknown keys and bad values."""
    spec = (Option("draw", 1, "cards per turn", (1, 3)), Option("open", False, "anyone may play"))
    assert resolve_options(spec, None) == {"draw": 1, "open": False}
    assert resolve_options(spec, {"draw": 3}) == {"draw": 3, "open": False}
    with pytest.raises(InvalidOptionError):
        resolve_options(spec, {"colour": "red"})
    with pytest.raises(InvalidOptionError):
        resolve_options(spec, {"draw": 2})
    with pytest.raises(InvalidOptionError):
        resolve_options(spec, {"open": 1})
