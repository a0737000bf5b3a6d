"""The Penguin table picture (RULES.md §4), pasted together from cached palette sprites.

Layout, top to bottom: a panel (title, beak, moves and score, the result) beside the four
foundations in suit order C D H S; the flipper's seven cells ("cell 1" … "cell 7"); the seven
columns ("column 1" … "column 7"), fanned downwards so that each card's rank and suit stay
readable. Long columns fan tighter so the picture keeps one size; only a column too long even for
the tightest fan (never seen in play) makes it taller. The beak card wears a gold border wherever
it lies; its suit's foundation, empty until the beak goes home, is outlined in gold.
"""

from PIL import Image

from games.cards import Card, Rank, Suit
from games.penguin import PenguinView
from render import cards
from render.cards import CARD_H, CARD_W, FAINT, FELT, LABEL, RGB

WIDTH = 952
HEIGHT = 984
MARGIN = 40
GAP = 24
TOP = 16
CELL_LABEL_Y = TOP + CARD_H + 10
CELLS_Y = CELL_LABEL_Y + 22
COLUMN_LABEL_Y = CELLS_Y + CARD_H + 10
COLUMNS_Y = COLUMN_LABEL_Y + 22
BOTTOM = 18
FAN = 28
"""Vertical step between fanned cards: the rank and the small pip of each show in full."""
MIN_FAN = 23
"""The tightest step that still shows each rank whole; longer columns make the picture taller."""
FAN_ROOM = HEIGHT - BOTTOM - COLUMNS_Y - CARD_H
"""Height the fan of one column may use below its first card at the usual size (17 cards at full step)."""
PANEL_RIGHT = MARGIN + 3 * CARD_W + 2 * GAP


def slot_x(index: int) -> int:
    """Left edge of column, cell or top-row place ``index`` (0-based)."""
    return MARGIN + index * (CARD_W + GAP)


def fan_step(length: int) -> int:
    """The vertical step for a column of ``length`` cards: full, or tighter so the column fits."""
    if length <= 1:
        return FAN
    return max(MIN_FAN, min(FAN, FAN_ROOM // (length - 1)))


def picture_height(view: PenguinView) -> int:
    """:data:`HEIGHT`, or more when a column is too long to fit even at :data:`MIN_FAN` (never in practice)."""
    longest = max(len(column) for column in view.columns)
    fan = (longest - 1) * fan_step(longest) if longest > 1 else 0
    return max(HEIGHT, COLUMNS_Y + fan + CARD_H + BOTTOM)


def _rank_name(rank: int) -> str:
    return cards.rank_text(Rank(rank))


def _last_rank(beak: Card) -> int:
    """The rank just below the beak's (n = 12), the only one an empty column takes."""
    return (beak.rank - 2) % 13 + 1


def _background(height: int) -> Image.Image:
    """Felt with the fixed labels: built once per height."""
    image = Image.new("P", (WIDTH, height), cards.index_of(FELT))
    image.putpalette(cards.FLAT_PALETTE)
    for index in range(7):
        for text, y in ((f"cell {index + 1}", CELL_LABEL_Y), (f"column {index + 1}", COLUMN_LABEL_Y)):
            label = cards.text_image(text, 14, LABEL)
            image.paste(label, (slot_x(index) + (CARD_W - label.width) // 2, y))
    title = cards.text_image("Penguin", 30, LABEL, bold=True)
    image.paste(title, (MARGIN, TOP + 4))
    return image


def _paste_text(image: Image.Image, text: str, xy: tuple[int, int], size: int, colour: RGB = LABEL) -> None:
    image.paste(cards.text_image(text, size, colour), xy)


def _draw_panel(image: Image.Image, view: PenguinView) -> None:
    """The beak and what it means (§4.2), the status line, and the result once the game is over."""
    beak = view.beak
    first, last = _rank_name(beak.rank), _rank_name(_last_rank(beak))
    _paste_text(image, f"Beak {beak.label}: foundations build {first} up to {last}", (MARGIN, TOP + 50), 15)
    _paste_text(image, "Columns build down in suit", (MARGIN, TOP + 70), 15, FAINT)
    _paste_text(image, f"An empty column takes only a {last}", (MARGIN, TOP + 90), 15, FAINT)
    status = f"Moves {view.moves}   \u00b7   Score {view.score}/52"
    image.paste(cards.text_image(status, 17, LABEL, bold=True), (MARGIN, TOP + 120))
    cards.paste_result(image, view.outcome, PANEL_RIGHT, TOP + 8, lost="No moves left")


def _card(card: Card, beak: Card, ground: str = "felt") -> Image.Image:
    return cards.face(card, ground, marked=card == beak)


def _draw_foundations(image: Image.Image, view: PenguinView) -> None:
    for suit in Suit:
        pile = view.foundations[suit]
        xy = (slot_x(3 + suit), TOP)
        if pile:
            image.paste(_card(pile[-1], view.beak), xy)
        else:
            marked = suit == view.beak.suit
            label = f"beak {_rank_name(view.beak.rank)}" if marked else _rank_name(view.beak.rank)
            image.paste(cards.slot(label, suit, marked), xy)


def _draw_cells(image: Image.Image, view: PenguinView) -> None:
    for index, card in enumerate(view.cells):
        xy = (slot_x(index), CELLS_Y)
        image.paste(cards.slot() if card is None else _card(card, view.beak), xy)


def _draw_columns(image: Image.Image, view: PenguinView) -> None:
    last = _rank_name(_last_rank(view.beak))
    for index, column in enumerate(view.columns):
        x = slot_x(index)
        if not column:
            image.paste(cards.slot(last), (x, COLUMNS_Y))
            continue
        step = fan_step(len(column))
        for depth, card in enumerate(column):
            image.paste(_card(card, view.beak, "felt" if depth == 0 else "card"), (x, COLUMNS_Y + depth * step))


def picture(view: PenguinView) -> Image.Image:
    """The table as a palette image (a fresh copy: the caller may keep or change it)."""
    height = picture_height(view)
    image = cards.cached(("penguin", "background", height), lambda: _background(height)).copy()
    _draw_panel(image, view)
    _draw_foundations(image, view)
    _draw_cells(image, view)
    _draw_columns(image, view)
    return image


def render(view: PenguinView) -> bytes:
    """The table as PNG bytes (palette mode, deterministic for a given view)."""
    return cards.png_bytes(picture(view))
