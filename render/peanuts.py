"""The Peanuts table picture (RULES.md §1, §7.1): both layouts and the shared building piles, from the public view.

Discord shows a message's picture about 550 pixels wide (:data:`render.cards.DISPLAY_WIDTH`); the
picture is 800 pixels wide (shown at 0.69) and uses the compact card sprites of :mod:`render.cards`, whose rank
index is 19 pixels tall: 13 pixels on screen. Every text is at the least size a phone reads (:data:`TEXT`), which
makes the players' panels five lines tall, and the picture as tall as the longest column then needs. Layout, top
to bottom:

- the eight building piles in the middle, numbered 1-8 on a band in the colour of the top card's
  back (blue: deck 0, seat 0; crimson: deck 1, seat 1); empty places show a faint "A". Beside them
  each player's panel: a swatch of their back, their name, score and its breakdown (own cards on
  the piles minus cards left in the peanut pile), "stuck", and the result once the deal is over;
- each player's own piles, seat 0 on the left half and seat 1 on the right: the peanut pile (its
  face-up top over a sliver of the owner's back), the stock (a back with the count), and the
  visible waste cards fanned to the right, top card last;
- each player's seven columns, fanned downwards at a step that shows every rank index whole; the
  longest possible column (K down to A, 13 cards) fits at that step.

Only the public view comes in, so no hidden card can be drawn. Cards in ``playable`` wear a gold
border wherever they lie.
"""

from collections.abc import Collection, Sequence

from PIL import Image, ImageDraw

from games.base import EndReason
from games.cards import Card
from games.peanuts import LayoutView, PeanutsView
from render import cards
from render.cards import (
    COMPACT_BAND,
    COMPACT_H,
    COMPACT_INDEX_BOTTOM,
    COMPACT_W,
    EDGE,
    FAINT,
    FELT,
    GOLD,
    LABEL,
    RGB,
    SCALE,
    SLOT_FILL,
    WHITE,
)
from render.labels import ENGLISH_PEANUTS, DeckStyle, PeanutsLabels

WIDTH = 800
MARGIN = 4
GAP = 4
"""Between neighbouring columns and building piles."""
HALF_W = 7 * COMPACT_W + 6 * GAP
HALF_X = (MARGIN, WIDTH - MARGIN - HALF_W)
"""Left edge of seat 0's and seat 1's half."""
PILES_Y = MARGIN
PILES_X = (WIDTH - 8 * COMPACT_W - 7 * GAP) // 2
PANEL_W = PILES_X - GAP - MARGIN
PANEL_X = (MARGIN, WIDTH - MARGIN - PANEL_W)
"""Left edge of each player's panel, beside the building piles."""
PANEL_PAD = 6
TEXT = cards.least_font(WIDTH)
"""Font size of every text (the indices are larger): the least that reads on a phone
(:func:`render.cards.least_font`); a text too long for its room is cut short, never drawn smaller."""
LINE = TEXT + 2
"""Distance between two lines of a panel."""
PANEL_LINES = 5
PANEL_H = PANEL_LINES * LINE + 8
"""A panel's height: the name, the score and the status word (on a line of its own when they do not fit on one),
and the score's breakdown on up to two lines."""
OWN_Y = PILES_Y + PANEL_H + 6
STOCK_DX = COMPACT_W + 72
"""The stock's offset from the peanut pile, leaving room for the peanut pile's label."""
WASTE_DX = STOCK_DX + COMPACT_W + 36
"""The waste's offset, leaving room for the stock's label."""
WASTE_FAN = 46
"""Horizontal step of the waste fan: each card's rank and pip show."""
SLIVER = 3
"""How far the peanut pile's hidden cards show below and right of its top card."""
LABEL_Y = OWN_Y + COMPACT_H + SLIVER + 2
COLUMNS_Y = LABEL_Y + LINE + 4
FAN = COMPACT_INDEX_BOTTOM
"""Vertical step between fanned column cards: every index shows whole."""
LONGEST_COLUMN = 13
"""A column is always a descending run in alternating colours, so at most K down to A."""
HEIGHT = COLUMNS_Y + (LONGEST_COLUMN - 1) * FAN + COMPACT_H + MARGIN
"""As tall as the longest column needs."""
SWATCH_W, SWATCH_H = 18, 26


def column_x(seat: int, index: int) -> int:
    """Left edge of ``seat``'s column ``index`` (0-based)."""
    return HALF_X[seat] + index * (COMPACT_W + GAP)


def pile_x(index: int) -> int:
    """Left edge of building pile ``index`` (0-based: pile 1 is index 0)."""
    return PILES_X + index * (COMPACT_W + GAP)


def _text(text: str, size: int, colour: RGB = LABEL, bold: bool = False, ground: RGB = FELT) -> Image.Image:
    return cards.text_image(text, size, colour, ground, bold)


def _fitted(text: str, width: int, bold: bool = False, colour: RGB = LABEL) -> Image.Image:
    """``text`` at :data:`TEXT`, cut short with an ellipsis until it is at most ``width`` pixels wide."""
    return cards.fitted_text(text, TEXT, colour, width, bold=bold, least=TEXT)


def _build_swatch(deck: int) -> Image.Image:
    """A tiny card back in the deck's colour, beside a player's name."""
    s = SCALE
    big = Image.new("RGB", (SWATCH_W * s, SWATCH_H * s), FELT)
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle((0, 0, SWATCH_W * s - 1, SWATCH_H * s - 1), radius=3 * s, fill=WHITE, outline=EDGE, width=s)
    inner = (3 * s, 3 * s, (SWATCH_W - 3) * s - 1, (SWATCH_H - 3) * s - 1)
    draw.rounded_rectangle(inner, radius=2 * s, fill=cards.back_colour(deck))
    return cards.to_palette(big.reduce(s))


def _swatch(deck: int) -> Image.Image:
    return cards.cached(("peanuts", "swatch", deck % 2), lambda: _build_swatch(deck))


def _background() -> Image.Image:
    """Felt, a darker line between the two halves, and the empty places: built once."""
    image = Image.new("P", (WIDTH, HEIGHT), cards.index_of(FELT))
    image.putpalette(cards.FLAT_PALETTE)
    middle = (HALF_X[0] + HALF_W + HALF_X[1]) // 2
    image.paste(cards.index_of(SLOT_FILL), (middle - 1, OWN_Y, middle + 1, HEIGHT - MARGIN))
    for index in range(8):
        image.paste(cards.compact_slot("A"), (pile_x(index), PILES_Y))
    return image


def _face(
    card: Card, playable: Collection[Card], style: DeckStyle, ground: str = "felt", show_deck: bool = False
) -> Image.Image:
    return cards.compact_face(card, ground, marked=card in playable, show_deck=show_deck, style=style)


def _card_mask() -> Image.Image:
    """The compact card's rounded shape as a 1-bit mask, for cards laid over other cards sideways."""
    big = Image.new("L", (COMPACT_W * SCALE, COMPACT_H * SCALE), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, COMPACT_W * SCALE - 1, COMPACT_H * SCALE - 1), radius=cards.COMPACT_RADIUS * SCALE, fill=255
    )
    return big.reduce(SCALE).point(lambda value: 255 if value >= 128 else 0).convert("1")


def _paste_over(image: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """Paste a card sprite so its corners leave whatever lies beneath alone."""
    image.paste(sprite, xy, cards.cached(("peanuts", "mask"), _card_mask))


def _draw_piles(image: Image.Image, view: PeanutsView, playable: Collection[Card], style: DeckStyle) -> None:
    """Each pile's top card with its pile number on the band in its back's colour."""
    for index, pile in enumerate(view.piles):
        top = pile[-1]
        x = pile_x(index)
        image.paste(_face(top, playable, style, show_deck=True), (x, PILES_Y))
        number = _text(str(index + 1), TEXT, WHITE, bold=True, ground=cards.back_colour(top.deck))
        band_y = PILES_Y + COMPACT_H - COMPACT_BAND
        image.paste(number, (x + (COMPACT_W - number.width) // 2, band_y + (COMPACT_BAND - number.height) // 2))


def _breakdown(view: PeanutsView, seat: int, words: PeanutsLabels) -> tuple[str, ...]:
    """The score as the rules count it (§1.6): own cards on the piles minus cards left in the peanut pile; on two
    lines, the second starting at the minus sign, when it does not fit the panel on one."""
    played = sum(1 for pile in view.piles for card in pile if card.deck == seat)
    text = words.breakdown.format(played=played, left=view.players[seat].peanut_count)
    first, minus, rest = text.partition(" \u2212 ")
    if not minus or _text(text, TEXT, FAINT).width <= PANEL_W - 2 * PANEL_PAD:
        return (text,)
    return first, minus.lstrip() + rest


def _status(view: PeanutsView, seat: int, words: PeanutsLabels) -> tuple[str, RGB] | None:
    """The word beside a player's name: the result once the deal is over ("Wins!", "Resigned",
    "Draw"), else "stuck" while the player says so."""
    outcome = view.outcome
    if outcome is None:
        return (words.stuck, GOLD) if view.players[seat].stuck else None
    if seat in outcome.winners:
        return words.wins, GOLD
    if not outcome.winners:
        return words.draw, LABEL
    if outcome.reason is EndReason.RESIGNED:
        return words.resigned, LABEL
    return None


def _build_frame() -> Image.Image:
    """A gold frame the size of a panel: the winner's panel is the result badge."""
    s = SCALE
    big = Image.new("RGB", (PANEL_W * s, PANEL_H * s), FELT)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, PANEL_W * s - 1, PANEL_H * s - 1), radius=6 * s, outline=GOLD, width=2 * s
    )
    return cards.to_palette(big.reduce(s))


def _draw_panel(image: Image.Image, view: PeanutsView, seat: int, name: str, words: PeanutsLabels) -> None:
    """Swatch and name; the score and the status word beside it, or under it when both do not fit on one line (not
    bold when it does not fit so); the score's breakdown. The winner's panel has a gold frame."""
    if view.outcome is not None and seat in view.outcome.winners:
        image.paste(cards.cached(("peanuts", "frame"), _build_frame), (PANEL_X[seat], PILES_Y))
    x, y = PANEL_X[seat] + PANEL_PAD, PILES_Y + 5
    room = PANEL_W - 2 * PANEL_PAD
    image.paste(_swatch(seat), (x, y))
    image.paste(_fitted(name, room - SWATCH_W - 6, bold=True), (x + SWATCH_W + 6, y + 2))
    y += LINE + 2
    score = _fitted(words.score.format(n=str(view.scores[seat]).replace("-", "\u2212")), room, bold=True)
    image.paste(score, (x, y))
    status = _status(view, seat, words)
    if status is not None:
        word = _text(status[0], TEXT, status[1], bold=True)
        if score.width + 10 + word.width <= room:
            image.paste(word, (x + score.width + 10, y))
        else:
            y += LINE
            bold = word.width <= room
            image.paste(_fitted(status[0], room, bold=bold, colour=status[1]), (x, y))
    for text in _breakdown(view, seat, words):
        y += LINE
        image.paste(_fitted(text, room, colour=FAINT), (x, y))


def _draw_own_piles(
    image: Image.Image, layout: LayoutView, seat: int, playable: Collection[Card], words: PeanutsLabels
) -> None:
    """Peanut pile over a sliver of the owner's back, stock with its count, waste fan; a label under each."""
    x = HALF_X[seat]
    if layout.peanut_top is None:
        image.paste(cards.compact_slot(), (x, OWN_Y))
    else:
        if layout.peanut_count > 1:
            image.paste(cards.compact_back(seat), (x + SLIVER, OWN_Y + SLIVER))
        _paste_over(image, _face(layout.peanut_top, playable, words.deck), (x, OWN_Y))
    if layout.stock_count:
        image.paste(cards.compact_back(seat, label=str(layout.stock_count)), (x + STOCK_DX, OWN_Y))
    else:
        image.paste(cards.compact_slot("0"), (x + STOCK_DX, OWN_Y))
    if not layout.waste:
        image.paste(cards.compact_slot(), (x + WASTE_DX, OWN_Y))
    for index, card in enumerate(layout.waste):
        _paste_over(image, _face(card, playable, words.deck), (x + WASTE_DX + index * WASTE_FAN, OWN_Y))
    image.paste(_fitted(words.peanut.format(n=layout.peanut_count), STOCK_DX - 4, bold=True), (x, LABEL_Y))
    image.paste(_fitted(words.stock, WASTE_DX - STOCK_DX - 4), (x + STOCK_DX, LABEL_Y))
    image.paste(_fitted(words.waste.format(n=layout.waste_count), HALF_W - WASTE_DX), (x + WASTE_DX, LABEL_Y))


def _draw_columns(
    image: Image.Image, layout: LayoutView, seat: int, playable: Collection[Card], style: DeckStyle
) -> None:
    for index, column in enumerate(layout.tableau):
        x = column_x(seat, index)
        if not column:
            image.paste(cards.compact_slot(), (x, COLUMNS_Y))
        for depth, card in enumerate(column):
            image.paste(_face(card, playable, style, "felt" if depth == 0 else "card"), (x, COLUMNS_Y + depth * FAN))


def picture(
    view: PeanutsView,
    *,
    names: Sequence[str] | None = None,
    playable: Collection[Card] = (),
    labels: PeanutsLabels = ENGLISH_PEANUTS,
) -> Image.Image:
    """The table as a palette image (a fresh copy: the caller may keep or change it)."""
    names = names or [labels.player.format(n=seat + 1) for seat in range(len(view.players))]
    image = cards.cached(("peanuts", "background"), _background).copy()
    _draw_piles(image, view, playable, labels.deck)
    for seat, layout in enumerate(view.players):
        _draw_panel(image, view, seat, names[seat], labels)
        _draw_own_piles(image, layout, seat, playable, labels)
        _draw_columns(image, layout, seat, playable, labels.deck)
    return image


def render_table(
    view: PeanutsView,
    *,
    names: Sequence[str] | None = None,
    playable: Collection[Card] = (),
    labels: PeanutsLabels = ENGLISH_PEANUTS,
) -> bytes:
    """The public table as PNG bytes (palette mode, deterministic for given arguments).

    ``names`` are the players' names by seat ("Player 1", "Player 2" without them); cards in
    ``playable`` wear a gold border; ``labels`` are the words drawn (English by default).
    """
    return cards.png_bytes(picture(view, names=names, playable=playable, labels=labels), cards.FAST_PNG_LEVEL)
