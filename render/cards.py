"""Card sprites drawn with Pillow, one shared palette, cached once per process.

Every sprite is drawn four times too large on RGBA, composited on what it will lie on, shrunk with a
box filter (antialiasing) and converted to palette ("P") mode against :data:`PALETTE`, a fixed
palette of colour ramps. A table is then pasted together in "P" mode without blending (at most a
1-bit card-shaped mask, :func:`card_mask`), which keeps a render to a few milliseconds and the PNG
small: the image never leaves palette mode.

Cards come in two looks (:class:`Look`): :data:`CLASSIC` (104 x 146, the default) and :data:`COMPACT`
(76 x 106, with a big index), which keeps a table readable once Discord shrinks it to the width it
shows a message's picture at (:data:`DISPLAY_WIDTH`, :func:`displayed_scale`); the patience tables use
the compact one.

A sprite exists in two *grounds*: ``"felt"`` (its rounded corners blend into the table) and
``"card"`` (for a card fanned over another face-up card, whose white face and side borders show in
its top corners). Suit pips are vector shapes (polygons and ellipses), not font glyphs; ranks and
labels use the DejaVu fonts shipped in ``render/fonts`` (never a system font).

Sprites are built on first use under a lock (:func:`cached`), so renders may run in worker threads.
"""

import io
import math
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

from games.base import EndReason, Outcome
from games.cards import Card, Rank, Suit
from render.labels import DeckStyle, ResultLabels

FONT_DIR = Path(__file__).resolve().parent / "fonts"
SCALE = 4
"""Supersampling factor: sprites are drawn this many times larger, then shrunk."""

RGB = tuple[int, int, int]

FELT: RGB = (29, 104, 66)
SLOT_FILL: RGB = (24, 88, 56)
SLOT_LINE: RGB = (86, 152, 112)
LABEL: RGB = (222, 238, 228)
"""Every text colour on the felt reads at WCAG AA (4.5:1) against it (tests/render/test_colours.py)."""
FAINT: RGB = (176, 224, 192)
GOLD: RGB = (250, 210, 100)
WHITE: RGB = (255, 255, 255)
EDGE: RGB = (118, 122, 128)
BLACK: RGB = (24, 26, 30)
RED: RGB = (206, 32, 44)
CREAM: RGB = (250, 241, 214)
FRAME: RGB = (196, 154, 66)
BLUE: RGB = (38, 78, 168)
BLUE_DARK: RGB = (22, 46, 112)
BLUE_LIGHT: RGB = (98, 138, 214)
CRIMSON: RGB = (164, 30, 42)
CRIMSON_DARK: RGB = (108, 16, 26)
CRIMSON_LIGHT: RGB = (214, 92, 96)
HIGHLIGHT: RGB = (64, 200, 255)
"""The border of what the player is moving and where it may go: a sky blue, far from gold and felt, and
drawn thicker than any other border (a highlight never rests on colour alone, nor on red against green)."""
FOUR_HEARTS: RGB = (200, 40, 0)
FOUR_DIAMONDS: RGB = (64, 16, 224)
FOUR_CLUBS: RGB = (0, 128, 104)
"""The four-colour deck's inks besides black: a vermilion, a violet blue and a blue green, chosen so every
two suits stay apart for the common colour-vision deficiencies (tests/render/test_colours.py) and each reads
on the white face (WCAG AA)."""

_RAMPS: tuple[tuple[RGB, RGB], ...] = (
    (FELT, WHITE),
    (FELT, EDGE),
    (EDGE, WHITE),
    (WHITE, BLACK),
    (WHITE, RED),
    (FELT, LABEL),
    (FELT, FAINT),
    (FELT, GOLD),
    (FELT, SLOT_LINE),
    (FELT, SLOT_FILL),
    (SLOT_FILL, SLOT_LINE),
    (SLOT_FILL, FAINT),
    (SLOT_FILL, GOLD),
    (WHITE, GOLD),
    (WHITE, CREAM),
    (CREAM, FRAME),
    (CREAM, BLACK),
    (CREAM, RED),
    (WHITE, BLUE),
    (BLUE, BLUE_DARK),
    (BLUE, BLUE_LIGHT),
    (WHITE, CRIMSON),
    (CRIMSON, CRIMSON_DARK),
    (CRIMSON, CRIMSON_LIGHT),
    (FELT, HIGHLIGHT),
    (WHITE, HIGHLIGHT),
    (SLOT_FILL, HIGHLIGHT),
    (WHITE, FOUR_HEARTS),
    (WHITE, FOUR_DIAMONDS),
    (WHITE, FOUR_CLUBS),
    (CREAM, FOUR_HEARTS),
    (CREAM, FOUR_DIAMONDS),
    (CREAM, FOUR_CLUBS),
)
_STEPS = 4
"""Blend steps per ramp: 5 antialiasing levels look smooth and keep the PNGs small (bench.render)."""


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (rounded to whole channels)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _build_palette() -> list[RGB]:
    colours: list[RGB] = []
    for start, end in _RAMPS:
        for step in range(_STEPS + 1):
            colour = blend(start, end, step / _STEPS)
            if colour not in colours:
                colours.append(colour)
    assert len(colours) <= 256, len(colours)
    return colours


PALETTE: tuple[RGB, ...] = tuple(_build_palette())
_PALETTE_IMAGE = Image.new("P", (1, 1))
_PALETTE_IMAGE.putpalette([channel for colour in PALETTE for channel in colour])
FLAT_PALETTE: bytes = bytes(channel for colour in PALETTE for channel in colour)


def index_of(colour: RGB) -> int:
    """The palette index of one of the named colours."""
    return PALETTE.index(colour)


def to_palette(image: Image.Image) -> Image.Image:
    """Convert an RGB image to the shared palette (nearest colour, no dithering)."""
    return image.convert("RGB").quantize(palette=_PALETTE_IMAGE, dither=Image.Dither.NONE)


PNG_COMPRESS_LEVEL = 6
"""zlib level for table PNGs, chosen with ``python -m bench.render`` (size against time)."""
FAST_PNG_LEVEL = 3
"""zlib level for the busiest pictures (Peanuts, Pebbles and Nuts): level 6 saves a few KB there but
takes about three times as long to encode, which would miss the 8 ms a picture."""


def png_bytes(image: Image.Image, compress_level: int = PNG_COMPRESS_LEVEL) -> bytes:
    """Encode a palette image as PNG: no optimiser pass (slow), a moderate zlib level."""
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=compress_level)
    return out.getvalue()


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """A DejaVu font from ``render/fonts`` (cached; use it under :data:`TEXT_LOCK`)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


TEXT_LOCK = threading.RLock()
"""FreeType faces are shared objects: text is drawn by one thread at a time."""


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: RGB | int,
    scale: int = 1,
    anchor: str | None = None,
) -> None:
    """Draw ``text`` in ``face``: the one place every word, index and count of every picture is drawn (call it
    under :data:`TEXT_LOCK`). ``scale`` is how many times larger than the final picture ``draw`` is (sprites are
    supersampled :data:`SCALE` times), so the text's final size is ``face.size / scale``; the phone test
    (tests/render/test_phone.py) measures every text here."""
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)


@lru_cache(maxsize=1024)
def text_image(text: str, size: int, colour: RGB, ground: RGB = FELT, bold: bool = False) -> Image.Image:
    """``text`` antialiased on a ``ground``-coloured strip, in palette mode; cached, so never draw on it.

    Coverage is mapped straight to palette indices along the ground-to-colour ramp, so text never
    goes through RGB.
    """
    with TEXT_LOCK:
        face = font(size, bold)
        left, top, right, bottom = (round(edge) for edge in face.getbbox(text))
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
        draw_text(ImageDraw.Draw(mask), (-left, -top), text, face, 255)
    lut = _ramp_lut(ground, colour)
    image = Image.frombytes("P", mask.size, mask.tobytes().translate(lut))
    image.putpalette(FLAT_PALETTE)
    return image


LEAST_TEXT = 0.75
"""How far :func:`fitted_text` shrinks a text's font before cutting it short."""

PHONE_WIDTH = 320
"""The width Discord shows a picture at on a phone, in CSS pixels: a 360-dp screen less the message's gutters
(an estimate: Discord publishes no figure). Discord shrinks a picture to it by width, keeping its shape."""
LEAST_PHONE_ASCENT = 8
"""The least ascent, in phone pixels, of any text a picture draws: the ascent of a font (0.93 em in DejaVu Sans)
is about its size, and 9 px type is about the smallest commonly read on a phone."""
ASCENT = 1901 / 2048
"""DejaVu Sans's ascent (regular and bold alike) as a share of the font size."""


def least_font(width: int) -> int:
    """The smallest font size whose ascent stays :data:`LEAST_PHONE_ASCENT` tall once a picture ``width`` pixels
    wide is shown :data:`PHONE_WIDTH` wide."""
    return math.ceil(LEAST_PHONE_ASCENT * width / PHONE_WIDTH / ASCENT - 1e-9)


@lru_cache(maxsize=1024)
def fitted_text(
    text: str, size: int, colour: RGB, width: int, ground: RGB = FELT, bold: bool = False, least: int = 0
) -> Image.Image:
    """``text`` as :func:`text_image` draws it, at most ``width`` pixels wide: at ``size`` when it fits, else in
    a smaller font (down to :data:`LEAST_TEXT` of ``size``, never below ``least``), else cut short with an
    ellipsis at that size.
    Words of another language, longer than the English, stay in the room the picture gives them.

    Cached like :func:`text_image` (never draw on the result): a text that does not fit is fitted once, not on
    every picture, so a picture in a language of longer words costs what the English one does."""
    image = text_image(text, size, colour, ground, bold)
    least = min(size, max(8, least, math.ceil(size * LEAST_TEXT)))
    while image.width > width and size > least:
        size -= 1
        image = text_image(text, size, colour, ground, bold)
    while image.width > width and len(text) > 1:
        text = text.rstrip("\u2026")[:-1].rstrip()
        image = text_image(text + "\u2026", size, colour, ground, bold)
    return image


def _text_width(text: str, size: int, bold: bool) -> int:
    """How wide :func:`text_image` draws ``text``, measured without drawing it."""
    with TEXT_LOCK:
        left, _, right, _ = font(size, bold).getbbox(text)
    return max(1, round(right) - round(left))


@lru_cache(maxsize=256)
def wrap(text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """``text`` broken at its spaces into lines at most ``width`` pixels wide at ``size`` (a single word wider than
    ``width`` stays a line of its own)."""
    words = text.split(" ")
    lines: list[str] = []
    line = words[0]
    for word in words[1:]:
        longer = f"{line} {word}" if line else word
        if _text_width(longer, size, bold) <= width:
            line = longer
        else:
            lines.append(line.rstrip())
            line = word
    lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=256)
def wrapped_text(
    text: str, size: int, colour: RGB, width: int, ground: RGB = FELT, bold: bool = False
) -> tuple[Image.Image, ...]:
    """``text`` broken into lines at most ``width`` pixels wide (:func:`wrap`), each drawn as :func:`text_image`
    does, all at ``size`` (never shrunk); a single word wider than ``width`` is cut short with an ellipsis.

    A sentence that a phone could not read shrunk into one line is given a second one instead. Cached like
    :func:`text_image` (never draw on the results)."""
    lines = wrap(text, size, width, bold)
    return tuple(fitted_text(line, size, colour, width, ground, bold, least=size) for line in lines)


@cache
def _ramp_lut(ground: RGB, colour: RGB) -> bytes:
    """Coverage 0..255 -> palette index of the nearest blend of ``ground`` and ``colour``."""
    strip = Image.new("RGB", (256, 1))
    strip.putdata([blend(ground, colour, value / 255) for value in range(256)])
    return to_palette(strip).tobytes()


Point = tuple[float, float]
Circle = tuple[float, float, float]
"""Centre x, centre y and radius."""


def _tangent_point(circle: Point, radius: float, point: Point, side: int) -> Point:
    """Where a line from ``point`` touches the circle; ``side`` (+1 or -1) picks one of the two tangents."""
    dx, dy = circle[0] - point[0], circle[1] - point[1]
    distance = math.hypot(dx, dy)
    angle = math.atan2(dy, dx) + side * math.asin(radius / distance)
    reach = math.sqrt(distance * distance - radius * radius)
    return point[0] + reach * math.cos(angle), point[1] + reach * math.sin(angle)


def _lobes(top: float, tip: Point) -> tuple[list[Circle], list[Point]]:
    """Two round lobes centred at height ``top`` and the polygon joining them to ``tip`` (heart, spade)."""
    radius = 0.5
    left, right = (-0.48, top), (0.48, top)
    side = -1 if tip[1] > top else 1
    outer_left = _tangent_point(left, radius, tip, side)
    outer_right = _tangent_point(right, radius, tip, -side)
    return [(*left, radius), (*right, radius)], [outer_left, tip, outer_right, (0.0, top)]


def _suit_shapes(suit: Suit) -> tuple[list[Circle], list[list[Point]]]:
    """Circles and polygons making up a suit pip in a unit box (x and y in -1..1, y down)."""
    stem = [(0.0, 0.25), (-0.14, 0.72), (-0.42, 1.0), (0.42, 1.0), (0.14, 0.72)]
    if suit is Suit.DIAMONDS:
        return [], [[(0.0, -1.0), (0.74, 0.0), (0.0, 1.0), (-0.74, 0.0)]]
    if suit is Suit.HEARTS:
        circles, polygon = _lobes(-0.42, (0.0, 0.98))
        return circles, [polygon]
    if suit is Suit.SPADES:
        circles, polygon = _lobes(0.2, (0.0, -1.0))
        return circles, [polygon, stem]
    circles = [(0.0, -0.5, 0.43), (-0.5, 0.14, 0.43), (0.5, 0.14, 0.43), (0.0, 0.05, 0.28)]
    return circles, [stem]


def draw_pip(
    draw: ImageDraw.ImageDraw, suit: Suit, centre: tuple[float, float], half: float, fill: RGB, flip: bool = False
) -> None:
    """Draw a suit pip of half-height ``half`` centred at ``centre`` (upside down when ``flip``)."""
    sign = -1 if flip else 1
    cx, cy = centre
    circles, polygons = _suit_shapes(suit)
    for x, y, r in circles:
        px, py = cx + sign * x * half, cy + sign * y * half
        draw.ellipse((px - r * half, py - r * half, px + r * half, py + r * half), fill=fill)
    for polygon in polygons:
        draw.polygon([(cx + sign * x * half, cy + sign * y * half) for x, y in polygon], fill=fill)


_FOUR_COLOURS: dict[Suit, RGB] = {
    Suit.CLUBS: FOUR_CLUBS,
    Suit.DIAMONDS: FOUR_DIAMONDS,
    Suit.HEARTS: FOUR_HEARTS,
    Suit.SPADES: BLACK,
}


def suit_colour(suit: Suit, style: DeckStyle = DeckStyle.STANDARD) -> RGB:
    """A suit's ink: red or black, or one colour a suit in the four-colour deck."""
    if style is DeckStyle.FOUR_COLOUR:
        return _FOUR_COLOURS[suit]
    return RED if suit.is_red else BLACK


def rank_text(rank: Rank) -> str:
    """The rank as printed: "10" for the ten, the code letter otherwise."""
    return "10" if rank is Rank.TEN else rank.char


def card_text(card: Card) -> str:
    """A card as a picture's caption writes it: its printed rank and suit symbol, ``"10♠"``."""
    return rank_text(card.rank) + card.suit.symbol


@dataclass(frozen=True)
class Look:
    """The geometry of a card design, in picture pixels (sprites are drawn :data:`SCALE` times larger).

    The middle of a face (its pips, the ace's big pip, the court panel) is laid out as on a 104 x 146
    classic card and then mapped into :attr:`body`, so both looks share one drawing.
    """

    width: int
    height: int
    radius: int
    index_font: int
    """Font size of the rank in the top-left corner (bold)."""
    index_xy: tuple[int, int]
    """Where the rank's ink starts: left edge and top of the capitals."""
    index_pip: tuple[float, float]
    """Half-height and centre height of the small suit pip right of the rank."""
    corner: tuple[int, int]
    """Size of the index's box, which holds the rank (descenders too) and its pip."""
    mirrored: bool
    """Whether the index is repeated upside down in the bottom-right corner."""
    body: tuple[float, float, float, float]
    """Left, top, right and bottom of the box the classic 104 x 146 middle is mapped into."""
    deck_dot: tuple[int, int, int]
    """Centre and radius of the dot telling the decks apart (``show_deck``), clear of the index."""
    label_fonts: tuple[int, int]
    """Font sizes of an empty place's label: under a faint suit pip, and alone."""

    @property
    def body_scale(self) -> float:
        """How much smaller than on the classic card the pips and the court panel are drawn."""
        left, top, right, bottom = self.body
        return min((right - left) / 104, (bottom - top) / 146)


CLASSIC = Look(
    width=104,
    height=146,
    radius=8,
    index_font=19,
    index_xy=(5, 4),
    index_pip=(7, 12),
    corner=(44, 26),
    mirrored=True,
    body=(0, 0, 104, 146),
    deck_dot=(93, 12, 5),
    label_fonts=(15, 24),
)
"""The full-size card with pips, court panels and an index in two corners (104 x 146)."""

COMPACT = Look(
    width=76,
    height=106,
    radius=6,
    index_font=32,
    index_xy=(4, 4),
    index_pip=(8.5, 16),
    corner=(74, 36),
    mirrored=False,
    body=(0, 8, 76, 128),
    deck_dot=(70, 100, 4),
    label_fonts=(22, 24),
)
"""A smaller card with a big top-left index only, for pictures Discord shows shrunk (:data:`DISPLAY_WIDTH`).

The index's capitals are 23 pixels tall, 30 % of the card's width, so a table a few cards wide stays
readable at half size; the middle keeps the pips, smaller and lower.
"""

DISPLAY_WIDTH = 550
"""The width every picture is designed for: Discord (desktop) shows a Components V2 media gallery's
single image across the message, about 550 to 600 pixels wide, shrunk to fit and never enlarged.
(An embed fitted its image into about 400 x 300, which the pictures were first drawn for.)"""
MIN_SHOWN_INDEX = 12
"""The least height, in displayed pixels, of a card's rank index at :data:`DISPLAY_WIDTH`."""


def displayed_scale(size: tuple[int, int]) -> float:
    """How much Discord shrinks a picture of ``size`` (width, height) to :data:`DISPLAY_WIDTH`."""
    return min(DISPLAY_WIDTH / size[0], 1.0)


CARD_W = CLASSIC.width
CARD_H = CLASSIC.height
RADIUS = CLASSIC.radius


def index_height(look: Look = CLASSIC) -> int:
    """How tall the rank's capitals in the corner index are, in picture pixels (from the font's glyphs)."""
    with TEXT_LOCK:
        face = font(look.index_font * SCALE, bold=True)
        heights = [face.getbbox(rank_text(rank))[3] - face.getbbox(rank_text(rank))[1] for rank in Rank]
    return round(min(heights)) // SCALE


# Pip positions for 2..10 as (column, row): column 0/1/2 = left/middle/right, row 0..1 top to bottom.
_PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((1, 0), (1, 1)),
    3: ((1, 0), (1, 0.5), (1, 1)),
    4: ((0, 0), (2, 0), (0, 1), (2, 1)),
    5: ((0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)),
    6: ((0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    7: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    8: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)),
    9: ((0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3), (0, 1), (2, 1)),
    10: ((0, 0), (2, 0), (1, 1 / 6), (0, 1 / 3), (2, 1 / 3), (0, 2 / 3), (2, 2 / 3), (1, 5 / 6), (0, 1), (2, 1)),
}


def _body_point(look: Look, x: float, y: float) -> Point:
    """Where a point of the classic 104 x 146 middle lands on ``look``'s card, in drawing pixels."""
    left, top, right, bottom = look.body
    return (left + x * (right - left) / 104) * SCALE, (top + y * (bottom - top) / 146) * SCALE


def _card_outline(draw: ImageDraw.ImageDraw, look: Look, fill: RGB, edge: RGB, width: float) -> None:
    s = SCALE
    draw.rounded_rectangle(
        (0, 0, look.width * s - 1, look.height * s - 1),
        radius=look.radius * s,
        fill=fill,
        outline=edge,
        width=round(width * s),
    )


def _draw_index(image: Image.Image, card: Card, look: Look, style: DeckStyle) -> None:
    """Rank and a small pip side by side in the top-left corner (and turned round bottom-right on
    classic cards): side by side, they stay visible when cards are fanned over the strip below them.
    """
    s = SCALE
    corner = Image.new("RGBA", (look.corner[0] * s, look.corner[1] * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(corner)
    colour = suit_colour(card.suit, style)
    x, y = look.index_xy[0] * s, look.index_xy[1] * s
    spacing = -s if card.rank == Rank.TEN else s
    """The two digits of "10" sit closer together so the index stays narrow."""
    with TEXT_LOCK:
        face = font(look.index_font * s, bold=True)
        for char in rank_text(card.rank):
            left, top, right, _ = (round(edge) for edge in face.getbbox(char))
            draw_text(draw, (x - left, y - top), char, face, colour, SCALE)
            x += right - left + spacing
    half, centre_y = look.index_pip
    draw_pip(draw, card.suit, (x + half * s, centre_y * s), half * s, colour)
    image.alpha_composite(corner, (0, 0))
    if look.mirrored:
        image.alpha_composite(corner.rotate(180), (look.width * s - corner.width, look.height * s - corner.height))


def _draw_centre(draw: ImageDraw.ImageDraw, card: Card, look: Look, style: DeckStyle) -> None:
    s = SCALE
    scale = look.body_scale
    colour = suit_colour(card.suit, style)
    if card.rank == Rank.ACE:
        draw_pip(draw, card.suit, _body_point(look, 52, 73), 24 * s * scale, colour)
        return
    if card.rank >= Rank.JACK:
        _draw_court(draw, card, look, colour)
        return
    half = (10 if card.rank <= Rank.SIX else 8.5) * s * scale
    for column, row in _PIP_LAYOUTS[int(card.rank)]:
        draw_pip(draw, card.suit, _body_point(look, (29, 52, 75)[column], 42 + row * 62), half, colour, flip=row > 0.5)


def _draw_court(draw: ImageDraw.ImageDraw, card: Card, look: Look, colour: RGB) -> None:
    """Jack, queen and king: a framed panel with a big letter over a pip (no pictures)."""
    s = SCALE
    scale = look.body_scale
    box = (*_body_point(look, 22, 30), *_body_point(look, 82, 116))
    draw.rounded_rectangle(box, radius=5 * s * scale, fill=CREAM, outline=FRAME, width=round(2 * s * scale))
    letter = card.rank.char
    centre_x, letter_y = _body_point(look, 52, 40)
    with TEXT_LOCK:
        face = font(round(40 * scale) * s, bold=True)
        left, top, right, _ = face.getbbox(letter)
        draw_text(draw, (centre_x - (left + right) / 2, letter_y - top), letter, face, colour, SCALE)
    draw_pip(draw, card.suit, _body_point(look, 52, 96), 11 * s * scale, colour)


def back_colour(deck: int) -> RGB:
    """The colour of a deck's backs: blue for even decks (deck 0), red for odd ones."""
    return BLUE if deck % 2 == 0 else CRIMSON


def _border(marked: bool, highlight: bool) -> tuple[RGB, float]:
    """A card's border colour and width: blue when highlighted, else gold when marked, else grey."""
    if highlight:
        return HIGHLIGHT, 4
    return (GOLD, 3.5) if marked else (EDGE, 1.25)


def _face(
    card: Card, marked: bool, show_deck: bool, look: Look, highlight: bool, style: DeckStyle
) -> Image.Image:
    s = SCALE
    image = Image.new("RGBA", (look.width * s, look.height * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    _card_outline(draw, look, WHITE, *_border(marked, highlight))
    _draw_index(image, card, look, style)
    draw = ImageDraw.Draw(image)
    _draw_centre(draw, card, look, style)
    if show_deck:
        x, y, r = (value * s for value in look.deck_dot)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=back_colour(card.deck))
    return image


def _back(deck: int, look: Look) -> Image.Image:
    """Blue back for deck 0, red for deck 1 (two-deck games tell the decks apart by their backs)."""
    s = SCALE
    k = look.width / 104
    width, height = look.width * s, look.height * s
    fill = back_colour(deck)
    dark, light = (BLUE_DARK, BLUE_LIGHT) if fill == BLUE else (CRIMSON_DARK, CRIMSON_LIGHT)
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    _card_outline(draw, look, WHITE, EDGE, 1.25)
    inset = 6 * s * k
    inner = (inset, inset, width - inset, height - inset)
    draw.rounded_rectangle(inner, radius=4 * s * k, fill=fill)
    pattern = Image.new("RGBA", image.size, (0, 0, 0, 0))
    lines = ImageDraw.Draw(pattern)
    for offset in range(-height, width + height, round(12 * s * k)):
        lines.line((offset, 0, offset + height, height), fill=light, width=s)
        lines.line((offset, height, offset + height, 0), fill=light, width=s)
    inside = Image.new("L", image.size, 0)
    ImageDraw.Draw(inside).rounded_rectangle(inner, radius=4 * s * k, fill=255)
    image.paste(pattern, (0, 0), ImageChops.multiply(pattern.getchannel("A"), inside))
    cx, cy = width / 2, height / 2
    draw.rounded_rectangle(inner, radius=4 * s * k, outline=dark, width=round(2 * s * k))
    for radius, colour in ((17 * s * k, dark), (14 * s * k, WHITE)):
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)
    draw_pip(draw, Suit.SPADES if deck % 2 == 0 else Suit.HEARTS, (cx, cy), 9 * s * k, fill)
    return image


SLOT_LABEL_PAD = 4
"""The least room, in final pixels, between an empty place's label and its sides together."""


def _ink_width(face: ImageFont.FreeTypeFont, text: str) -> float:
    left, _, right, _ = face.getbbox(text)
    return right - left


def _fitting_face(text: str, size: int, width: int) -> ImageFont.FreeTypeFont:
    """The bold font (supersampled) of ``size``, or smaller until ``text`` is at most ``width`` final pixels wide,
    so a longer word in another language shrinks instead of running off its place."""
    face = font(size * SCALE, bold=True)
    while size > 8 and _ink_width(face, text) > width * SCALE:
        size -= 1
        face = font(size * SCALE, bold=True)
    return face


def _slot(label: str, suit: Suit | None, marked: bool, look: Look, highlight: bool = False) -> Image.Image:
    """An empty place: dark outline on the felt, optionally a faint suit and a short label."""
    s = SCALE
    k = look.width / 104
    line = HIGHLIGHT if highlight else GOLD if marked else SLOT_LINE
    image = Image.new("RGBA", (look.width * s, look.height * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    _card_outline(draw, look, SLOT_FILL, line, 4 if highlight else 2)
    if suit is not None:
        draw_pip(draw, suit, (look.width * s / 2, 62 * s * k), 20 * s * k, FAINT)
    if label:
        with TEXT_LOCK:
            face = _fitting_face(label, look.label_fonts[0 if suit is not None else 1], look.width - SLOT_LABEL_PAD)
            left, top, right, bottom = face.getbbox(label)
            x = look.width * s / 2 - (left + right) / 2
            y = (112 * k if suit is not None else look.height / 2) * s - (top + bottom) / 2
            draw_text(draw, (x, y), label, face, GOLD if marked else FAINT, SCALE)
    return image


def _ground(ground: str, look: Look) -> Image.Image:
    """What lies under a sprite: bare felt, or the face of a card this one is fanned over."""
    s = SCALE
    width, height = look.width * s, look.height * s
    image = Image.new("RGB", (width, height), FELT)
    if ground == "card":
        draw = ImageDraw.Draw(image)
        draw.rectangle((0, 0, width - 1, height // 2), fill=WHITE)
        edge = round(1.25 * s)
        draw.rectangle((0, 0, edge - 1, height // 2), fill=EDGE)
        draw.rectangle((width - edge, 0, width - 1, height // 2), fill=EDGE)
    return image


def _finish(image: Image.Image, ground: str, look: Look) -> Image.Image:
    base = _ground(ground, look)
    base.paste(image, (0, 0), image)
    return to_palette(base.reduce(SCALE))


_CACHE: dict[tuple, Image.Image] = {}
_LOCK = threading.RLock()


def cached(key: tuple, build: Callable[[], Image.Image]) -> Image.Image:
    """The image stored under ``key``, built once (under a lock) on first use."""
    image = _CACHE.get(key)
    if image is None:
        with _LOCK:
            image = _CACHE.get(key)
            if image is None:
                image = build()
                _CACHE[key] = image
    return image


def clear_caches() -> None:
    """Forget every sprite and text image (for cold-start measurements and thread-safety tests)."""
    with _LOCK:
        _CACHE.clear()
        text_image.cache_clear()
        fitted_text.cache_clear()
        wrap.cache_clear()
        wrapped_text.cache_clear()


def face(
    card: Card,
    ground: str = "felt",
    marked: bool = False,
    show_deck: bool = False,
    look: Look = CLASSIC,
    highlight: bool = False,
    style: DeckStyle = DeckStyle.STANDARD,
) -> Image.Image:
    """A face-up card sprite (palette mode), ``look.width`` x ``look.height``, its suit in ``style``'s colour.

    ``marked`` draws a gold border (Penguin's beak). ``show_deck`` adds a dot in the colour of the
    card's back (top-right on classic cards, bottom-right on compact ones), so two decks can be told
    apart on shared piles; without it both decks' faces are the same. ``highlight`` draws a thick
    :data:`HIGHLIGHT` border instead (a card being moved, or where it may go).
    """
    deck = card.deck % 2 if show_deck else None
    key = ("face", card.rank, card.suit, deck, ground, marked, look, highlight, style)
    return cached(key, lambda: _finish(_face(card, marked, show_deck, look, highlight, style), ground, look))


def back(deck: int = 0, ground: str = "felt", look: Look = CLASSIC) -> Image.Image:
    """A face-down card: blue for deck 0, red for deck 1."""
    return cached(("back", deck % 2, ground, look), lambda: _finish(_back(deck, look), ground, look))


def slot(
    label: str = "", suit: Suit | None = None, marked: bool = False, look: Look = CLASSIC, highlight: bool = False
) -> Image.Image:
    """An empty pile on the felt, with an optional faint suit pip and label (gold when ``marked``);
    ``highlight`` draws a thick :data:`HIGHLIGHT` outline (where a card being moved may go)."""
    key = ("slot", label, suit, marked, look, highlight)
    return cached(key, lambda: _finish(_slot(label, suit, marked, look, highlight), "felt", look))


def card_mask(look: Look = CLASSIC) -> Image.Image:
    """The card's rounded shape as a 1-bit mask (cached): pasting a sprite through it leaves the
    ground at its corners alone, so a card may lie across another one's face."""

    def build() -> Image.Image:
        s = SCALE
        big = Image.new("L", (look.width * s, look.height * s), 0)
        ImageDraw.Draw(big).rounded_rectangle(
            (0, 0, look.width * s - 1, look.height * s - 1), radius=look.radius * s, fill=255
        )
        return big.reduce(s).point(lambda value: 255 if value >= 128 else 0).convert("1")

    return cached(("mask", look), build)


def result_badge(outcome: Outcome | None, words: ResultLabels) -> tuple[str, RGB] | None:
    """A finished solitaire's result and its colour: "Won!" in gold, else "Resigned" or how this game is lost
    (e.g. "No moves left"); None while the game goes on."""
    if outcome is None:
        return None
    if outcome.winners:
        return words.won, GOLD
    if outcome.reason is EndReason.RESIGNED:
        return words.resigned, LABEL
    return words.lost, LABEL


def result_lines(text: str, colour: RGB, size: int, room: int | None) -> tuple[Image.Image, ...]:
    """A result badge's text in bold ``size``: one line, or broken into lines ``room`` pixels wide when given."""
    if room is None:
        return (text_image(text, size, colour, bold=True),)
    return wrapped_text(text, size, colour, room, bold=True)


def paste_result(
    image: Image.Image,
    outcome: Outcome | None,
    right: int,
    top: int,
    words: ResultLabels,
    size: int = 26,
    room: int | None = None,
) -> None:
    """Once a game is over, its result badge (:func:`result_badge`, bold, ``size`` pixels) with its right edge at
    ``right``; with ``room``, a badge wider than that is broken into lines, each right-aligned."""
    badge = result_badge(outcome, words)
    if badge is None:
        return
    for line, text in enumerate(result_lines(*badge, size, room)):
        image.paste(text, (right - text.width, top + line * (size + 6)))


COMPACT_W = 52
COMPACT_H = 72
COMPACT_RADIUS = 5
COMPACT_INDEX_TOP = 2
"""Where the ink of a compact card's rank starts, from the card's top edge."""
COMPACT_INDEX_SIZE = 26
"""Font size of a compact card's rank: its capitals are 19 pixels tall."""
COMPACT_INDEX_BOTTOM = 28
"""The tightest fan step for compact cards: the index ink (the tails of Q and J included) ends a row above it."""
COMPACT_BAND = 20
"""Height of the band in the back's colour at the foot of a compact face drawn with ``show_deck``."""


def _compact_box(draw: ImageDraw.ImageDraw, fill: RGB | None, outline: RGB, width: float) -> None:
    """The whole compact card's rounded rectangle (``width`` in final pixels)."""
    s = SCALE
    box = (0, 0, COMPACT_W * s - 1, COMPACT_H * s - 1)
    draw.rounded_rectangle(box, radius=COMPACT_RADIUS * s, fill=fill, outline=outline, width=round(width * s))


def _centred_text(draw: ImageDraw.ImageDraw, text: str, size: int, centre: Point, fill: RGB) -> None:
    """Bold ``text`` of font ``size`` (final pixels) with its ink centred on ``centre`` (supersampled)."""
    with TEXT_LOCK:
        face = font(size * SCALE, bold=True)
        left, top, right, bottom = face.getbbox(text)
        draw_text(draw, (centre[0] - (left + right) / 2, centre[1] - (top + bottom) / 2), text, face, fill, SCALE)


def _compact_index(draw: ImageDraw.ImageDraw, card: Card, colour: RGB) -> None:
    """A big rank and a pip beside it, in the top strip that stays visible when compact cards are fanned.

    Characters are placed by their ink, half a pixel apart, so "10" and a pip fit the narrow card.
    """
    s = SCALE
    x = 4 * s
    with TEXT_LOCK:
        face = font(COMPACT_INDEX_SIZE * s, bold=True)
        cap_top = face.getbbox("K")[1]
        for char in rank_text(card.rank):
            ink_left, _, ink_right, _ = face.getmask(char).getbbox()
            origin = (x - ink_left - face.getbbox(char)[0], COMPACT_INDEX_TOP * s - cap_top)
            draw_text(draw, origin, char, face, colour, SCALE)
            x += ink_right - ink_left + s // 2
    draw_pip(draw, card.suit, (x + 8 * s, (COMPACT_INDEX_TOP + 9.5) * s), 7.5 * s, colour)


def _compact_face(card: Card, marked: bool, show_deck: bool, style: DeckStyle) -> Image.Image:
    s = SCALE
    image = Image.new("RGBA", (COMPACT_W * s, COMPACT_H * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if show_deck:
        _compact_box(draw, back_colour(card.deck), EDGE, 1.25)
        body = (0, 0, COMPACT_W * s - 1, (COMPACT_H - COMPACT_BAND) * s)
        draw.rounded_rectangle(body, radius=COMPACT_RADIUS * s, fill=WHITE, corners=(True, True, False, False))
        _compact_box(draw, None, EDGE, 1.25)
        centre, half = (COMPACT_H - COMPACT_BAND + COMPACT_INDEX_BOTTOM) / 2, 9
    else:
        _compact_box(draw, WHITE, EDGE, 1.25)
        centre, half = (COMPACT_H + COMPACT_INDEX_BOTTOM) / 2, 13
    colour = suit_colour(card.suit, style)
    _compact_index(draw, card, colour)
    draw_pip(draw, card.suit, (COMPACT_W * s / 2, centre * s), half * s, colour)
    if marked:
        _compact_box(draw, None, GOLD, 3.5)
    return image


def _compact_back(deck: int, label: str) -> Image.Image:
    """A compact back: ``label`` (a count) in its centre disc, or the deck's pip without one."""
    s = SCALE
    fill = back_colour(deck)
    dark, light = (BLUE_DARK, BLUE_LIGHT) if fill == BLUE else (CRIMSON_DARK, CRIMSON_LIGHT)
    image = Image.new("RGBA", (COMPACT_W * s, COMPACT_H * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    _compact_box(draw, WHITE, EDGE, 1.25)
    inset = 4 * s
    inner = (inset, inset, COMPACT_W * s - inset, COMPACT_H * s - inset)
    draw.rounded_rectangle(inner, radius=3 * s, fill=fill)
    pattern = Image.new("RGBA", image.size, (0, 0, 0, 0))
    lines = ImageDraw.Draw(pattern)
    for offset in range(-COMPACT_H * s, COMPACT_W * s, 9 * s):
        lines.line((offset, 0, offset + COMPACT_H * s, COMPACT_H * s), fill=light, width=s)
    inside = Image.new("L", image.size, 0)
    ImageDraw.Draw(inside).rounded_rectangle(inner, radius=3 * s, fill=255)
    image.paste(pattern, (0, 0), ImageChops.multiply(pattern.getchannel("A"), inside))
    draw.rounded_rectangle(inner, radius=3 * s, outline=dark, width=s)
    cx, cy, r = COMPACT_W * s / 2, COMPACT_H * s / 2, 17 * s
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=dark, width=s)
    if label:
        _centred_text(draw, label, 22, (cx, cy), dark)
    else:
        draw_pip(draw, Suit.SPADES if deck % 2 == 0 else Suit.HEARTS, (cx, cy), 9 * s, fill)
    return image


def _compact_slot(label: str) -> Image.Image:
    s = SCALE
    image = Image.new("RGBA", (COMPACT_W * s, COMPACT_H * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    _compact_box(draw, SLOT_FILL, SLOT_LINE, 1.5)
    if label:
        _centred_text(draw, label, 22, (COMPACT_W * s / 2, COMPACT_H * s / 2), FAINT)
    return image


def _compact_ground(ground: str) -> Image.Image:
    """What lies under a compact sprite: bare felt, or the face of a compact card it is fanned over."""
    s = SCALE
    image = Image.new("RGB", (COMPACT_W * s, COMPACT_H * s), FELT)
    if ground == "card":
        draw = ImageDraw.Draw(image)
        draw.rectangle((0, 0, COMPACT_W * s - 1, COMPACT_H * s // 2), fill=WHITE)
        edge = round(1.25 * s)
        draw.rectangle((0, 0, edge - 1, COMPACT_H * s // 2), fill=EDGE)
        draw.rectangle((COMPACT_W * s - edge, 0, COMPACT_W * s - 1, COMPACT_H * s // 2), fill=EDGE)
    return image


def _compact_finish(image: Image.Image, ground: str) -> Image.Image:
    base = _compact_ground(ground)
    base.paste(image, (0, 0), image)
    return to_palette(base.reduce(SCALE))


def compact_face(
    card: Card,
    ground: str = "felt",
    marked: bool = False,
    show_deck: bool = False,
    style: DeckStyle = DeckStyle.STANDARD,
) -> Image.Image:
    """A small face-up card (:data:`COMPACT_W` x :data:`COMPACT_H`) for crowded tables, in palette mode.

    A big rank and pip fill the top strip (no ink below :data:`COMPACT_INDEX_BOTTOM`, so a fan of that
    step shows every index whole) and a big pip the rest. ``marked`` draws a thick gold border;
    ``show_deck`` paints the foot of the card in its back's colour (:data:`COMPACT_BAND` high), so the
    two decks' cards are told apart on shared piles. ``ground`` is "felt" or "card" as for :func:`face`; ``style``
    colours the suit.
    """
    deck = card.deck % 2 if show_deck else None
    key = ("compact", card.rank, card.suit, deck, ground, marked, style)
    return cached(key, lambda: _compact_finish(_compact_face(card, marked, show_deck, style), ground))


def compact_back(deck: int = 0, ground: str = "felt", label: str = "") -> Image.Image:
    """A small face-down card, blue for deck 0 and red for deck 1, with ``label`` (e.g. a count) in its centre."""
    key = ("compact back", deck % 2, ground, label)
    return cached(key, lambda: _compact_finish(_compact_back(deck, label), ground))


def compact_slot(label: str = "") -> Image.Image:
    """An empty place the size of a compact card, with an optional faint label."""
    return cached(("compact slot", label), lambda: _compact_finish(_compact_slot(label), "felt"))
