"""The Penguin table picture (RULES.md §4), pasted together from cached palette sprites.

Made for the width Discord shows a picture at (about 550 pixels), with compact cards: the flipper's
seven cells (numbered 1 … 7 while empty) run along the top, and under them the seven columns, numbered
1 … 7, fan downwards so that each card's rank and suit stay readable. Right of the cells sit the
four foundations, two by two in suit order C D H S, and under them a panel: the title, moves and
score, the beak and what it means, and the result. The picture is as tall as its longest column
needs and no taller: columns fan at :data:`FAN` until the picture reaches :data:`MAX_HEIGHT` (4:3),
then tighter, down to :data:`MIN_FAN`; only a longer column still (18 cards, rare) makes it taller.
The beak card wears a gold border wherever it lies; its suit's foundation, empty until the beak
goes home, is outlined in gold.

:func:`render` may also show what the player is doing: the card or tail being moved (``picked``,
an action's source such as ``"c3"``, ``"c3:4"`` or ``"k2"``) and where it may go (``targets``,
action destinations such as ``"f"``, ``"k"`` or ``"c5"``) get a thick blue border
(:data:`render.cards.HIGHLIGHT`).
"""

import re
from collections.abc import Collection
from dataclasses import dataclass, field

from PIL import Image

from games.cards import Card, Rank, Suit
from games.penguin import ROWS, PenguinView
from render import cards
from render.cards import COMPACT, FAINT, FELT, LABEL
from render.labels import ENGLISH_PENGUIN, DeckStyle, PenguinLabels

LOOK = COMPACT
CARD_W = LOOK.width
CARD_H = LOOK.height
MARGIN = 12
GAP = 8
"""Horizontal gap between neighbouring cells, columns and foundations."""
TOP = MARGIN
NUMBER_Y = TOP + CARD_H + 2
"""Top of the column numbers, between the cells and the columns."""
COLUMNS_Y = NUMBER_Y + 26
BOTTOM = MARGIN
PANEL_X = MARGIN + 7 * (CARD_W + GAP) + 8
"""Left edge of the foundations and the panel under them."""
WIDTH = PANEL_X + 2 * CARD_W + GAP + MARGIN
PANEL_RIGHT = WIDTH - MARGIN
PANEL_Y = TOP + 2 * CARD_H + GAP + 14
"""Top of the panel's text, under the foundations."""
PANEL_ROOM = PANEL_RIGHT - PANEL_X
TEXT = cards.least_font(WIDTH)
"""Font size of the panel's texts and the column numbers: the least that reads on a phone
(:func:`render.cards.least_font`); a text too long for the panel takes more lines, never a smaller font."""
LINE = TEXT + 5
"""Distance between two lines of the panel."""
RESULT_SIZE = TEXT
PARAGRAPH = 5
"""Extra room above each of the panel's last two texts (what the beak means) and above the result."""
TEXTS_Y = PANEL_Y + 36
"""Top of the panel's first text, under the title."""
MIN_HEIGHT = TEXTS_Y + 9 * LINE + 3 * PARAGRAPH + BOTTOM
"""Height of a table with short columns: the panel's English text fits (seven lines, two of them for what the beak
means) and the room for a two-line result."""
MAX_HEIGHT = WIDTH * 3 // 4
"""The tallest picture at the full fan: a 4:3 picture fills Discord's box."""
FAN = 32
"""Vertical step between fanned cards: the rank and the small pip of each show in full, with room."""
MIN_FAN = 28
"""The tightest step that still shows each rank whole; longer columns make the picture taller."""
HEIGHT = max(MIN_HEIGHT, COLUMNS_Y + (ROWS - 1) * FAN + CARD_H + BOTTOM)
"""The height of a fresh deal (seven cards a column)."""


def slot_x(index: int) -> int:
    """Left edge of column or cell ``index`` (0-based)."""
    return MARGIN + index * (CARD_W + GAP)


def foundation_xy(suit: Suit) -> tuple[int, int]:
    """Top-left corner of ``suit``'s foundation: clubs and diamonds above, hearts and spades below."""
    row, column = divmod(int(suit), 2)
    return PANEL_X + column * (CARD_W + GAP), TOP + row * (CARD_H + GAP)


def fan_step(length: int) -> int:
    """The vertical step for a column of ``length`` cards: full, or tighter so the picture stays 4:3."""
    if length <= 1:
        return FAN
    room = MAX_HEIGHT - BOTTOM - COLUMNS_Y - CARD_H
    return max(MIN_FAN, min(FAN, room // (length - 1)))


def picture_height(view: PenguinView, words: PenguinLabels = ENGLISH_PENGUIN) -> int:
    """As tall as the longest column needs, but never shorter than :data:`MIN_HEIGHT`, nor than the panel's text in
    ``words``' language (which keeps room for the longest result, so the picture does not grow when the game ends)."""
    longest = max(len(column) for column in view.columns)
    fan = (longest - 1) * fan_step(longest) if longest > 1 else 0
    results = (words.result.won, words.result.resigned, words.result.lost)
    result = max(len(cards.result_lines(text, LABEL, RESULT_SIZE, PANEL_ROOM)) for text in results)
    panel = _result_y(_panel(view, words)) + result * LINE
    return max(MIN_HEIGHT, COLUMNS_Y + fan + CARD_H + BOTTOM, panel + BOTTOM)


_SOURCE = re.compile(r"([ck])([1-7])(?::([1-9][0-9]?))?")
_TARGET = re.compile(r"f|k|([ck])([1-7])")


@dataclass
class _Lit:
    """Which places wear the blue border: how many top cards of each column, which cells and foundations."""

    columns: dict[int, int] = field(default_factory=dict)
    cells: set[int] = field(default_factory=set)
    foundations: set[Suit] = field(default_factory=set)


def _highlight(view: PenguinView, picked: str | None, targets: Collection[str]) -> _Lit:
    """The places named by ``picked`` (a source: ``"c3"``, ``"c3:4"``, ``"k2"``) and ``targets``
    (destinations: ``"f"`` the picked card's foundation, ``"k"`` the lowest empty cell, ``"k2"``,
    ``"c5"``) on this table. A well-formed code naming no card here (an empty cell, a tail longer
    than its column, so ``"f"`` too) lights nothing: a picture is never refused for a stale pick.

    Raises:
        ValueError: a code that is not a Penguin source or destination.
    """
    lit = _Lit()
    card = None
    if picked is not None:
        match = _SOURCE.fullmatch(picked)
        if match is None:
            raise ValueError(f"Not a Penguin source: {picked!r}.")
        kind, number, count = match.group(1), int(match.group(2)) - 1, int(match.group(3) or 1)
        if kind == "c" and len(view.columns[number]) >= count:
            lit.columns[number] = count
            card = view.columns[number][-count]
        elif kind == "k" and count == 1 and view.cells[number] is not None:
            lit.cells.add(number)
            card = view.cells[number]
    for target in targets:
        match = _TARGET.fullmatch(target)
        if match is None:
            raise ValueError(f"Not a Penguin destination: {target!r}.")
        if target == "f":
            if card is not None:
                lit.foundations.add(card.suit)
        elif target == "k":
            if None in view.cells:
                lit.cells.add(view.cells.index(None))
        elif match.group(1) == "k":
            lit.cells.add(int(match.group(2)) - 1)
        else:
            number = int(match.group(2)) - 1
            lit.columns[number] = max(1, lit.columns.get(number, 0))
    return lit


def _rank_name(rank: int) -> str:
    return cards.rank_text(Rank(rank))


def _last_rank(beak: Card) -> int:
    """The rank just below the beak's (n = 12), the only one an empty column takes."""
    return (beak.rank - 2) % 13 + 1


def _background(height: int, title: str) -> Image.Image:
    """Felt with the fixed labels (the column numbers and the title): built once per height and title."""
    image = Image.new("P", (WIDTH, height), cards.index_of(FELT))
    image.putpalette(cards.FLAT_PALETTE)
    for index in range(7):
        number = cards.text_image(str(index + 1), TEXT, LABEL, bold=True)
        image.paste(number, (slot_x(index) + (CARD_W - number.width) // 2, NUMBER_Y + 4))
    image.paste(cards.fitted_text(title, 24, LABEL, PANEL_ROOM, bold=True, least=TEXT), (PANEL_X, PANEL_Y))
    return image


def _panel(view: PenguinView, words: PenguinLabels) -> tuple[tuple[Image.Image, ...], ...]:
    """The panel's texts, each as its lines: moves, score and the beak in bold, then what the beak means (§4.2)."""
    beak = view.beak
    first, last = _rank_name(beak.rank), _rank_name(_last_rank(beak))
    return tuple(
        cards.wrapped_text(text, TEXT, colour, PANEL_ROOM, bold=bold)
        for text, colour, bold in (
            (words.moves.format(n=view.moves), LABEL, True),
            (words.score.format(n=view.score), LABEL, True),
            (words.beak.format(card=cards.card_text(beak)), LABEL, True),
            (words.builds.format(first=first, last=last), FAINT, False),
            (words.empty_column.format(rank=last), FAINT, False),
        )
    )


def _result_y(texts: tuple[tuple[Image.Image, ...], ...]) -> int:
    """Top of the result badge, under the panel's ``texts``."""
    return TEXTS_Y + sum(len(lines) for lines in texts) * LINE + 3 * PARAGRAPH


def _draw_panel(image: Image.Image, view: PenguinView, words: PenguinLabels) -> None:
    """Moves and score, the beak and what it means (§4.2), and the result once the game is over."""
    texts = _panel(view, words)
    y = TEXTS_Y
    for number, lines in enumerate(texts):
        if number >= 3:
            y += PARAGRAPH
        for line in lines:
            image.paste(line, (PANEL_X, y))
            y += LINE
    cards.paste_result(image, view.outcome, PANEL_RIGHT, _result_y(texts), words.result, RESULT_SIZE, PANEL_ROOM)


def _card(card: Card, beak: Card, style: DeckStyle, ground: str = "felt", lit: bool = False) -> Image.Image:
    return cards.face(card, ground, marked=card == beak, look=LOOK, highlight=lit, style=style)


def _draw_foundations(image: Image.Image, view: PenguinView, lit: _Lit, style: DeckStyle) -> None:
    for suit in Suit:
        pile = view.foundations[suit]
        xy = foundation_xy(suit)
        if pile:
            image.paste(_card(pile[-1], view.beak, style, lit=suit in lit.foundations), xy)
        else:
            marked = suit == view.beak.suit
            label = _rank_name(view.beak.rank)
            image.paste(cards.slot(label, suit, marked, look=LOOK, highlight=suit in lit.foundations), xy)


def _draw_cells(image: Image.Image, view: PenguinView, lit: _Lit, style: DeckStyle) -> None:
    """The flipper's cells: a card, or an empty place showing the cell's number."""
    for index, card in enumerate(view.cells):
        xy = (slot_x(index), TOP)
        on = index in lit.cells
        if card is None:
            image.paste(cards.slot(str(index + 1), look=LOOK, highlight=on), xy)
        else:
            image.paste(_card(card, view.beak, style, lit=on), xy)


def _draw_columns(image: Image.Image, view: PenguinView, lit: _Lit, style: DeckStyle) -> None:
    last = _rank_name(_last_rank(view.beak))
    for index, column in enumerate(view.columns):
        x = slot_x(index)
        if not column:
            image.paste(cards.slot(last, look=LOOK, highlight=index in lit.columns), (x, COLUMNS_Y))
            continue
        step = fan_step(len(column))
        first_lit = len(column) - lit.columns.get(index, 0)
        for depth, card in enumerate(column):
            sprite = _card(card, view.beak, style, "felt" if depth == 0 else "card", lit=depth >= first_lit)
            image.paste(sprite, (x, COLUMNS_Y + depth * step))


def picture(
    view: PenguinView,
    *,
    picked: str | None = None,
    targets: Collection[str] = (),
    labels: PenguinLabels = ENGLISH_PENGUIN,
) -> Image.Image:
    """The table as a palette image (a fresh copy: the caller may keep or change it).

    ``picked`` and ``targets`` outline the card or tail being moved and where it may go (see :func:`render`).
    """
    lit = _highlight(view, picked, targets)
    height = picture_height(view, labels)
    title = labels.title
    image = cards.cached(("penguin", "background", height, title), lambda: _background(height, title)).copy()
    _draw_panel(image, view, labels)
    _draw_foundations(image, view, lit, labels.deck)
    _draw_cells(image, view, lit, labels.deck)
    _draw_columns(image, view, lit, labels.deck)
    return image


def render(
    view: PenguinView,
    *,
    picked: str | None = None,
    targets: Collection[str] = (),
    labels: PenguinLabels = ENGLISH_PENGUIN,
) -> bytes:
    """The table as PNG bytes (palette mode, deterministic for a given view and highlight).

    Without ``picked`` and ``targets`` nothing is highlighted; with them, the card or tail being
    moved (an action's source, e.g. ``"c3:4"``) and its destinations (e.g. ``"f"``, ``"k"``, ``"c5"``)
    wear a thick blue border. ``labels`` are the words drawn (English by default).
    """
    return cards.png_bytes(picture(view, picked=picked, targets=targets, labels=labels))
