"""The Peek table picture (RULES.md §2), pasted together from cached palette sprites.

Layout, top to bottom: a panel (title, the base card and what it means, moves and score, the
result); the four reserves ("reserve 1" … "reserve 4"), fanned downwards with the playable top
card last and whole, beside the stock (a back, or an empty place) and the waste (its top card, or
the three on show with ``three_card``); then the foundations as a grid, one row per foundation
(F1 … F4) and one column per rank (A … K). The osmosis rule (§2.3) reads straight off the grid: a
card may go to a foundation when the place directly above its own, in the same rank column, is
filled. Each grid place is a small card made from the corners of the usual face sprite (its index
and rounded edges), so no second card drawing exists; the base rank's column heading is gold.
While the game runs, every reserve or waste top that can go home now wears a gold border, so the
picture points at the cards the buttons name. Hidden cards (the stock, the covered waste) are never
in the view, so they cannot be drawn: the picture shows their counts.
"""

from PIL import Image

from games.cards import Card, Rank
from games.peek import PeekView, target
from render import cards
from render.cards import CARD_H, CARD_W, FAINT, FELT, GOLD, LABEL, RGB, SLOT_FILL

WIDTH = 952
MARGIN = 40
GAP = 24
TOP = 16
PILE_LABEL_Y = 146
PILES_Y = PILE_LABEL_Y + 22
FAN = 28
"""Vertical step between fanned cards, as in Penguin's columns: rank and pip of each show whole."""
RESERVES = 4
STOCK_SLOT = 5
WASTE_SLOT = 6
GRID_Y = PILES_Y + 3 * FAN + CARD_H + 22
"""Top of the foundations' title (the reserves, four cards deep, end just above it)."""
TILE_W = 50
TILE_H = 30
INDEX_W = 46
"""Width of a face's top-left corner that holds its whole index (rank and pip; "10" is the widest)."""
INDEX_H = 22
EDGE_W = TILE_W - INDEX_W
EDGE_H = TILE_H - INDEX_H
GRID_X = MARGIN + 58
GRID_STEP = 62
ROW_STEP = TILE_H + 12
HEADINGS_Y = GRID_Y + 26
ROWS_Y = HEADINGS_Y + 24
BOTTOM = 20
HEIGHT = ROWS_Y + 3 * ROW_STEP + TILE_H + BOTTOM
PANEL_RIGHT = WIDTH - MARGIN


def slot_x(index: int) -> int:
    """Left edge of reserve ``index`` (0..3), or of the stock (5) and the waste (6)."""
    return MARGIN + index * (CARD_W + GAP)


def rank_x(rank: Rank) -> int:
    """Left edge of ``rank``'s column in the foundation grid."""
    return GRID_X + (rank - 1) * GRID_STEP


def row_y(index: int) -> int:
    """Top of foundation ``index``'s (0..3) row in the grid."""
    return ROWS_Y + index * ROW_STEP


def _rank_name(rank: Rank) -> str:
    return cards.rank_text(rank)


def _mini(sprite: Image.Image) -> Image.Image:
    """A grid place cut from a card-sized sprite: its top-left corner, closed by its other three corners.

    The top-left ``INDEX_W`` x ``INDEX_H`` keeps a face's index; the right edge comes from the sprite's
    top-right corner, the bottom edge from its bottom-left corner, and the bottom-right corner is the
    bottom-left one mirrored (the sprite's own bottom-right holds the upside-down index).
    """
    tile = Image.new("P", (TILE_W, TILE_H))
    tile.putpalette(cards.FLAT_PALETTE)
    tile.paste(sprite.crop((0, 0, INDEX_W, INDEX_H)), (0, 0))
    tile.paste(sprite.crop((CARD_W - EDGE_W, 0, CARD_W, INDEX_H)), (INDEX_W, 0))
    bottom = sprite.crop((0, CARD_H - EDGE_H, INDEX_W, CARD_H))
    tile.paste(bottom, (0, INDEX_H))
    tile.paste(bottom.crop((0, 0, EDGE_W, EDGE_H)).transpose(Image.Transpose.FLIP_LEFT_RIGHT), (INDEX_W, INDEX_H))
    return tile


def _tile(card: Card) -> Image.Image:
    return cards.cached(("peek", "tile", card), lambda: _mini(cards.face(card)))


def _empty_tile(rank: Rank) -> Image.Image:
    """An empty grid place: a small dark outline with the rank in faint letters."""

    def build() -> Image.Image:
        tile = _mini(cards.slot())
        text = cards.text_image(_rank_name(rank), 13, FAINT, ground=SLOT_FILL)
        tile.paste(text, ((TILE_W - text.width) // 2, (TILE_H - text.height) // 2))
        return tile

    return cards.cached(("peek", "empty tile", rank), build)


def _background() -> Image.Image:
    """Felt with the fixed labels: the title, the reserves' names, the grid's headings (built once)."""
    image = Image.new("P", (WIDTH, HEIGHT), cards.index_of(FELT))
    image.putpalette(cards.FLAT_PALETTE)
    image.paste(cards.text_image("Peek", 30, LABEL, bold=True), (MARGIN, TOP + 4))
    for index in range(RESERVES):
        _paste_centred(image, f"reserve {index + 1}", slot_x(index), PILE_LABEL_Y)
    image.paste(cards.text_image("foundations", 17, LABEL, bold=True), (MARGIN, GRID_Y))
    for index in range(4):
        label = cards.text_image(f"F{index + 1}", 17, LABEL, bold=True)
        image.paste(label, (MARGIN + 4, row_y(index) + (TILE_H - label.height) // 2))
    return image


def _paste_centred(image: Image.Image, text: str, x: int, y: int, colour: RGB = LABEL) -> None:
    """``text`` centred over a card-wide place whose left edge is ``x``."""
    label = cards.text_image(text, 14, colour)
    image.paste(label, (x + (CARD_W - label.width) // 2, y))


def _draw_panel(image: Image.Image, view: PeekView) -> None:
    """The base card and the rule it sets (§2.3), the status line, and the result once the game is over."""
    base = view.base
    name = _rank_name(base.rank)
    article = "an" if name in ("A", "8") else "a"
    first = (
        f"Base {base.label}: foundation 1 takes every {base.label[-1]}; "
        f"foundations 2\u20134 each start with {article} {name}"
    )
    image.paste(cards.text_image(first, 15, LABEL), (MARGIN, TOP + 50))
    rule = "A card goes home when its rank is already in the foundation above"
    image.paste(cards.text_image(rule, 15, FAINT), (MARGIN, TOP + 70))
    status = f"Moves {view.moves}   \u00b7   Score {view.score}/52"
    image.paste(cards.text_image(status, 17, LABEL, bold=True), (MARGIN, TOP + 96))
    cards.paste_result(image, view.outcome, PANEL_RIGHT, TOP + 8, lost="Game over")


def _goes_home(view: PeekView, card: Card) -> bool:
    """Whether ``card``, a reserve or waste top, can be played now (§2.3)."""
    return view.outcome is None and target(view.foundations, card) is not None


def _draw_fan(image: Image.Image, view: PeekView, pile: tuple[Card, ...], x: int) -> None:
    """A pile fanned downwards, bottom card first, its top in gold if it can go home; an empty place if none."""
    if not pile:
        image.paste(cards.slot(), (x, PILES_Y))
        return
    for depth, card in enumerate(pile):
        marked = depth == len(pile) - 1 and _goes_home(view, card)
        image.paste(cards.face(card, "felt" if depth == 0 else "card", marked), (x, PILES_Y + depth * FAN))


def _may_redeal(view: PeekView) -> bool:
    return view.stock_count == 0 and view.waste_count > 0 and view.redeals_left != 0


def _redeals_text(view: PeekView) -> str:
    if view.redeals_left is None:
        return "unlimited redeals"
    return f"{view.redeals_left} redeal{'' if view.redeals_left == 1 else 's'} left"


def _draw_piles(image: Image.Image, view: PeekView) -> None:
    for index, pile in enumerate(view.reserves):
        _draw_fan(image, view, pile, slot_x(index))
    stock_x, waste_x = slot_x(STOCK_SLOT), slot_x(WASTE_SLOT)
    _paste_centred(image, f"stock: {view.stock_count}", stock_x, PILE_LABEL_Y)
    _paste_centred(image, f"waste: {view.waste_count}", waste_x, PILE_LABEL_Y)
    if view.stock_count:
        image.paste(cards.back(0), (stock_x, PILES_Y))
    else:
        image.paste(cards.slot("\u21bb" if _may_redeal(view) else ""), (stock_x, PILES_Y))
    per_turn = "3 cards a turn" if view.three_card else "1 card a turn"
    _paste_centred(image, per_turn, stock_x, PILES_Y + CARD_H + 8, FAINT)
    _paste_centred(image, _redeals_text(view), stock_x, PILES_Y + CARD_H + 28, FAINT)
    _draw_fan(image, view, view.waste, waste_x)


def _draw_grid(image: Image.Image, view: PeekView) -> None:
    """Rank headings (the base rank's in gold), then each foundation's ranks in their columns."""
    for rank in Rank:
        colour = GOLD if rank == view.base.rank else FAINT
        heading = cards.text_image(_rank_name(rank), 15, colour, bold=True)
        image.paste(heading, (rank_x(rank) + (TILE_W - heading.width) // 2, HEADINGS_Y))
    for index, pile in enumerate(view.foundations):
        held = {card.rank: card for card in pile}
        y = row_y(index)
        for rank in Rank:
            card = held.get(rank)
            tile = _empty_tile(rank) if card is None else _tile(card)
            image.paste(tile, (rank_x(rank), y))


def picture(view: PeekView) -> Image.Image:
    """The table as a palette image (a fresh copy: the caller may keep or change it)."""
    image = cards.cached(("peek", "background"), _background).copy()
    _draw_panel(image, view)
    _draw_piles(image, view)
    _draw_grid(image, view)
    return image


def render(view: PeekView) -> bytes:
    """The table as PNG bytes (palette mode, deterministic for a given view)."""
    return cards.png_bytes(picture(view))
