"""Colour-safe pictures: every text colour reads against what it is drawn on (WCAG 2.x AA contrast), the
four-colour deck's suits stay apart for the common colour-vision deficiencies, suits differ by shape as well as
colour, and a highlighted card or place never rests on red against green."""

import itertools

import pytest

from games.cards import Suit
from render import cards, pebbles
from render.cards import (
    BLACK,
    BLUE,
    BLUE_DARK,
    CREAM,
    CRIMSON,
    CRIMSON_DARK,
    EDGE,
    FAINT,
    FELT,
    FRAME,
    GOLD,
    HIGHLIGHT,
    LABEL,
    RGB,
    SLOT_FILL,
    SLOT_LINE,
    WHITE,
)
from render.labels import DeckStyle

NORMAL = 4.5
"""WCAG AA for normal text."""
LARGE = 3.0
"""WCAG AA for large text (24 px, or 18.7 px bold) and for the parts of a picture that are not text (1.4.11)."""

# Each text colour and the ground it is drawn on, with the least contrast WCAG AA asks of it.
TEXTS: list[tuple[str, RGB, RGB, float]] = [
    ("labels on the felt", LABEL, FELT, NORMAL),
    ("faint labels on the felt", FAINT, FELT, NORMAL),
    ("gold words on the felt", GOLD, FELT, NORMAL),
    ("white names and scores on the felt", WHITE, FELT, NORMAL),
    ("an empty place's label", FAINT, SLOT_FILL, NORMAL),
    ("a marked empty place's label", GOLD, SLOT_FILL, NORMAL),
    ("a count on a blue back", BLUE_DARK, WHITE, NORMAL),
    ("a count on a crimson back", CRIMSON_DARK, WHITE, NORMAL),
    ("a deck tab or pile band on blue", WHITE, BLUE, NORMAL),
    ("a deck tab or pile band on crimson", WHITE, CRIMSON, NORMAL),
    ("the dealer's tag", BLACK, WHITE, NORMAL),
    *[(f"a seat's disc on {fill}", pebbles.chip_ink(fill), fill, NORMAL) for fill in pebbles.SIDE_COLOURS],
    *[
        (f"{suit.name.lower()} index, {style.value}", cards.suit_colour(suit, style), WHITE, NORMAL)
        for suit in Suit
        for style in DeckStyle
    ],
    *[
        (f"{suit.name.lower()} court letter, {style.value}", cards.suit_colour(suit, style), CREAM, LARGE)
        for suit in Suit
        for style in DeckStyle
    ],
]


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def luminance(colour: RGB) -> float:
    """WCAG relative luminance."""
    red, green, blue = (_linear(channel) for channel in colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio, 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize(("what", "ink", "ground", "least"), TEXTS, ids=[text[0] for text in TEXTS])
def test_text_reads_against_its_ground(what, ink, ground, least):
    assert contrast(ink, ground) >= least, f"{what}: {contrast(ink, ground):.2f}:1"


# Machado, Oliveira and Fernandes (2009), severity 1: how each deficiency sees linear RGB.
DEFICIENCIES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
APART = 20.0
"""The least CIE76 colour difference (Delta E) of two colours told apart at a glance."""


def _lab(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    red, green, blue = linear
    x = (0.4124 * red + 0.3576 * green + 0.1805 * blue) / 0.95047
    y = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    z = (0.0193 * red + 0.1192 * green + 0.9505 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(colour: RGB, deficiency: str | None) -> tuple[float, float, float]:
    """The colour in CIELAB as a person with ``deficiency`` (None: typical vision) sees it."""
    linear = tuple(_linear(channel) for channel in colour)
    if deficiency is not None:
        matrix = DEFICIENCIES[deficiency]
        linear = tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear, strict=True)))) for row in matrix)
    return _lab(linear)  # type: ignore[arg-type]


def difference(a: RGB, b: RGB, deficiency: str | None) -> float:
    return sum((p - q) ** 2 for p, q in zip(seen(a, deficiency), seen(b, deficiency), strict=True)) ** 0.5


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
def test_the_four_colour_suits_stay_apart(deficiency):
    """Every two suits of the four-colour deck differ by colour for typical vision and each deficiency."""
    inks = {suit: cards.suit_colour(suit, DeckStyle.FOUR_COLOUR) for suit in Suit}
    close = [
        (a.name, b.name, round(difference(inks[a], inks[b], deficiency)))
        for a, b in itertools.combinations(Suit, 2)
        if difference(inks[a], inks[b], deficiency) < APART
    ]
    assert close == []


def test_suits_differ_by_shape_not_only_by_colour():
    """Each suit's pip is its own shape, so even two suits of one colour are told apart."""
    shapes = {repr(cards._suit_shapes(suit)) for suit in Suit}
    assert len(shapes) == len(Suit)


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
def test_a_highlight_is_not_red_against_green(deficiency):
    """The highlight (a sky blue) stands apart from the ordinary border, the felt, an empty place's outline and
    the gold mark for every deficiency, and is drawn thicker than either border."""
    for other in (EDGE, FELT, SLOT_LINE, GOLD, WHITE):
        assert difference(HIGHLIGHT, other, deficiency) >= APART, other
    assert contrast(HIGHLIGHT, FELT) >= LARGE
    assert contrast(GOLD, FELT) >= LARGE
    width = cards._border(marked=False, highlight=True)[1]
    assert width > cards._border(marked=True, highlight=False)[1] > cards._border(marked=False, highlight=False)[1]


def test_the_pebbles_sides_are_apart():
    """The sides' disc colours (blue, crimson, gold) differ for every deficiency, and each disc has its number."""
    for deficiency in [None, *DEFICIENCIES]:
        for a, b in itertools.combinations((BLUE, CRIMSON, FRAME), 2):
            assert difference(a, b, deficiency) >= APART, (a, b, deficiency)
