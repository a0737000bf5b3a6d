"""The Peek table picture (RULES.md §2), pasted together from cached palette sprites.

Made for the width Discord shows a picture at (about 550 pixels), with compact cards. On the left, top
to bottom: a panel (title and result, moves and score, cards a turn and redeals, the base card and
what it means); the four reserves, numbered 1 … 4, fanned downwards with the playable
top card last and whole; the stock (a back, or an empty place) and the waste (its top card, or the
three on show with ``three_card``, fanned to the right). On the right the foundations form a grid,
one column per foundation (F1 … F4) and one row per rank (A … K). The osmosis rule (§2.3) reads
straight off the grid: a card may go to a foundation when the place directly left of its own, in
the same rank row, is filled. Each grid place is a small card made from the top corners of the
usual face sprite (its index and rounded edges), so no second card drawing exists; the base rank's
row heading is gold. While the game runs, every reserve or waste top that can go home now wears a
gold border, so the picture points at the cards the buttons name. Hidden cards (the stock, the
covered waste) are never in the view, so they cannot be drawn: the picture shows their counts.
"""

from PIL import Image

from games.cards import Card, Rank
from games.peek import PeekView, target
from render import cards
from render.cards import COMPACT, FAINT, FELT, GOLD, LABEL, SLOT_FILL
from render.labels import ENGLISH_PEEK, DeckStyle, PeekLabels

LOOK = COMPACT
CARD_W = LOOK.width
CARD_H = LOOK.height
MARGIN = 12
GAP = 8
TOP = 10
RESERVES = 4
PANEL_RIGHT = MARGIN + RESERVES * (CARD_W + GAP) - GAP
PANEL_ROOM = PANEL_RIGHT - MARGIN
"""Right edge of the panel, the reserves and the piles; the grid starts right of it."""
STATUS_Y = TOP + 34
LINE = 22
"""Distance between two lines of the panel's text."""
PARAGRAPH = 4
"""Extra room above the turn's line, the base card's sentence and its rule."""
PANEL_LINES = 9
"""How many lines the panel's texts (status, turn and redeals, the base card and its rule) may take: every shipped
language's fit, broken into lines at the least size a phone reads."""
PILE_LABEL_Y = STATUS_Y + PANEL_LINES * LINE + 3 * PARAGRAPH + 2
"""Top of the reserves' numbers."""
PILES_Y = PILE_LABEL_Y + 26
FAN = 30
"""Vertical step between fanned reserve cards: rank and pip of each show whole."""
STOCK_LABEL_Y = PILES_Y + 3 * FAN + CARD_H + 8
STOCK_Y = STOCK_LABEL_Y + 26
"""Top of the stock and the waste (the reserves, four cards deep, and the labels end above it)."""
WASTE_FAN = 64
"""Horizontal step between the three cards on show in the waste (``three_card``): each whole index shows."""
LABELS_GAP = 16
"""The least room between the stock's label and the waste's, which moves right when the stock's is wider than
its card."""
INDEX_W = 66
"""Width of a face's top-left corner that holds its whole index (rank and pip; "10" is the widest)."""
INDEX_H = 32
"""Height of that corner, descenders (J, Q) included."""
EDGE_W = 4
EDGE_H = 4
TILE_W = INDEX_W + EDGE_W
TILE_H = INDEX_H + EDGE_H
GRID_X = PANEL_RIGHT + 20
"""Left edge of the grid's rank headings."""
TILES_X = GRID_X + 28
COLUMN_STEP = TILE_W + 6
HEADINGS_Y = TOP + 2
ROWS_Y = HEADINGS_Y + 28
ROW_STEP = (STOCK_Y + CARD_H - TILE_H - ROWS_Y) // 12
"""Vertical step between the grid's rows: the grid ends where the stock and the waste do."""
BOTTOM = 12
WIDTH = TILES_X + 3 * COLUMN_STEP + TILE_W + MARGIN
HEIGHT = STOCK_Y + CARD_H + BOTTOM
TEXT = cards.least_font(WIDTH)
"""Font size of every text but the title, the headings and the result (larger): the least that reads on a phone
(:func:`render.cards.least_font`); a text too long for its room takes more lines, never a smaller font."""
HEADING = TEXT + 1
"""Font size (bold) of the reserves' numbers and the grid's headings."""


def slot_x(index: int) -> int:
    """Left edge of reserve ``index`` (0..3); the stock lies under reserve 1 and the waste under reserve 2."""
    return MARGIN + index * (CARD_W + GAP)


STOCK_X = slot_x(0)
WASTE_X = slot_x(1)


def column_x(index: int) -> int:
    """Left edge of foundation ``index``'s (0..3) column in the grid."""
    return TILES_X + index * COLUMN_STEP


def rank_y(rank: Rank) -> int:
    """Top of ``rank``'s row in the foundation grid."""
    return ROWS_Y + (rank - 1) * ROW_STEP


def _rank_name(rank: Rank) -> str:
    return cards.rank_text(rank)


def _mini(sprite: Image.Image) -> Image.Image:
    """A grid place cut from a card-sized sprite: its top-left corner, closed by its top-right corner.

    The top-left ``INDEX_W`` x ``INDEX_H`` keeps a face's index; the right edge comes from the sprite's
    top-right corner, and the bottom edge is the sprite's top edge turned upside down, so the tile has
    four rounded corners whatever the face shows lower down.
    """
    width = sprite.width
    tile = Image.new("P", (TILE_W, TILE_H))
    tile.putpalette(cards.FLAT_PALETTE)
    tile.paste(sprite.crop((0, 0, INDEX_W, INDEX_H)), (0, 0))
    tile.paste(sprite.crop((width - EDGE_W, 0, width, INDEX_H)), (INDEX_W, 0))
    flip = Image.Transpose.FLIP_TOP_BOTTOM
    tile.paste(sprite.crop((0, 0, INDEX_W, EDGE_H)).transpose(flip), (0, INDEX_H))
    tile.paste(sprite.crop((width - EDGE_W, 0, width, EDGE_H)).transpose(flip), (INDEX_W, INDEX_H))
    return tile


def _tile(card: Card, style: DeckStyle) -> Image.Image:
    return cards.cached(("peek", "tile", card, style), lambda: _mini(cards.face(card, look=LOOK, style=style)))


def _empty_tile(rank: Rank) -> Image.Image:
    """An empty grid place: a small dark outline with the rank in faint letters."""

    def build() -> Image.Image:
        tile = _mini(cards.slot(look=LOOK))
        text = cards.text_image(_rank_name(rank), TEXT, FAINT, ground=SLOT_FILL)
        tile.paste(text, ((TILE_W - text.width) // 2, (TILE_H - text.height) // 2))
        return tile

    return cards.cached(("peek", "empty tile", rank), build)


def _background(title: str, foundation: str) -> Image.Image:
    """Felt with the fixed labels: the title, the reserves' numbers, the grid's headings (built once per words)."""
    image = Image.new("P", (WIDTH, HEIGHT), cards.index_of(FELT))
    image.putpalette(cards.FLAT_PALETTE)
    image.paste(cards.fitted_text(title, 24, LABEL, PANEL_ROOM // 2, bold=True, least=TEXT), (MARGIN, TOP))
    for index in range(RESERVES):
        number = cards.text_image(str(index + 1), HEADING, LABEL, bold=True)
        image.paste(number, (slot_x(index) + (CARD_W - number.width) // 2, PILE_LABEL_Y))
    for index in range(4):
        label = cards.fitted_text(foundation.format(n=index + 1), HEADING, LABEL, TILE_W, bold=True, least=TEXT)
        image.paste(label, (column_x(index) + (TILE_W - label.width) // 2, HEADINGS_Y))
    return image


def _redeals_text(view: PeekView, words: PeekLabels) -> str:
    if view.redeals_left is None:
        return words.unlimited
    return words.redeals(view.redeals_left)


def _turn_lines(view: PeekView, words: PeekLabels) -> tuple[str, ...]:
    """Cards a turn and the redeals left: one line when both fit, else each on its own lines."""
    per_turn = words.three_cards if view.three_card else words.one_card
    redeals = _redeals_text(view, words)
    both = f"{per_turn}  \u00b7  {redeals}"
    if cards.text_image(both, TEXT, FAINT).width <= PANEL_ROOM:
        return (both,)
    return cards.wrap(per_turn, TEXT, PANEL_ROOM) + cards.wrap(redeals, TEXT, PANEL_ROOM)


def _draw_panel(image: Image.Image, view: PeekView, words: PeekLabels) -> None:
    """Moves and score, the turn and redeals, the base card and the rule it sets (§2.3), the result.

    Each text is broken into lines where it is too long for the panel; past :data:`PANEL_LINES` lines (never in a
    shipped language) the last is cut short."""
    status = words.status.format(moves=view.moves, score=view.score)
    base = view.base
    name = _rank_name(base.rank)
    starts = words.starts_vowel if name in ("A", "8") else words.starts
    rule = " ".join((words.base.format(card=cards.card_text(base), suit=base.suit.symbol), starts.format(rank=name)))
    texts = (
        (cards.wrap(status, TEXT, PANEL_ROOM, bold=True), LABEL, True),
        (_turn_lines(view, words), FAINT, False),
        (cards.wrap(rule, TEXT, PANEL_ROOM), LABEL, False),
        (cards.wrap(" ".join(words.rule), TEXT, PANEL_ROOM), FAINT, False),
    )
    lines = [(line, colour, bold, part) for part, (wrapped, colour, bold) in enumerate(texts) for line in wrapped]
    for number, (text, colour, bold, part) in enumerate(lines[:PANEL_LINES]):
        if number == PANEL_LINES - 1 and len(lines) > PANEL_LINES:
            text += " " + lines[number + 1][0]
        line = cards.fitted_text(text, TEXT, colour, PANEL_ROOM, bold=bold, least=TEXT)
        image.paste(line, (MARGIN, STATUS_Y + number * LINE + part * PARAGRAPH))
    cards.paste_result(image, view.outcome, PANEL_RIGHT, TOP + 2, words.result, size=22)


def _goes_home(view: PeekView, card: Card) -> bool:
    """Whether ``card``, a reserve or waste top, can be played now (§2.3)."""
    return view.outcome is None and target(view.foundations, card) is not None


def _face(view: PeekView, pile: tuple[Card, ...], depth: int, ground: str, style: DeckStyle) -> Image.Image:
    """Card ``depth`` of ``pile``; the pile's top card wears gold if it can go home."""
    card = pile[depth]
    marked = depth == len(pile) - 1 and _goes_home(view, card)
    return cards.face(card, ground, marked, look=LOOK, style=style)


def _draw_reserve(image: Image.Image, view: PeekView, pile: tuple[Card, ...], x: int, style: DeckStyle) -> None:
    """A reserve fanned downwards, bottom card first; an empty place if none is left."""
    if not pile:
        image.paste(cards.slot(look=LOOK), (x, PILES_Y))
        return
    for depth in range(len(pile)):
        image.paste(_face(view, pile, depth, "felt" if depth == 0 else "card", style), (x, PILES_Y + depth * FAN))


def _may_redeal(view: PeekView) -> bool:
    return view.stock_count == 0 and view.waste_count > 0 and view.redeals_left != 0


def _draw_piles(image: Image.Image, view: PeekView, words: PeekLabels) -> None:
    for index, pile in enumerate(view.reserves):
        _draw_reserve(image, view, pile, slot_x(index), words.deck)
    stock = cards.fitted_text(words.stock.format(n=view.stock_count), TEXT, LABEL, PANEL_ROOM // 2, least=TEXT)
    image.paste(stock, (STOCK_X, STOCK_LABEL_Y))
    waste_x = max(WASTE_X, STOCK_X + stock.width + LABELS_GAP)
    waste = cards.fitted_text(words.waste.format(n=view.waste_count), TEXT, LABEL, PANEL_RIGHT - waste_x, least=TEXT)
    image.paste(waste, (waste_x, STOCK_LABEL_Y))
    if view.stock_count:
        image.paste(cards.back(0, look=LOOK), (STOCK_X, STOCK_Y))
    else:
        image.paste(cards.slot("\u21bb" if _may_redeal(view) else "", look=LOOK), (STOCK_X, STOCK_Y))
    if not view.waste:
        image.paste(cards.slot(look=LOOK), (WASTE_X, STOCK_Y))
    for depth in range(len(view.waste)):
        sprite = _face(view, view.waste, depth, "felt", words.deck)
        image.paste(sprite, (WASTE_X + depth * WASTE_FAN, STOCK_Y), cards.card_mask(LOOK))


def _draw_grid(image: Image.Image, view: PeekView, style: DeckStyle) -> None:
    """Rank headings (the base rank's in gold), then each foundation's ranks in their rows."""
    for rank in Rank:
        colour = GOLD if rank == view.base.rank else FAINT
        heading = cards.text_image(_rank_name(rank), HEADING, colour, bold=True)
        image.paste(heading, (GRID_X + (24 - heading.width) // 2, rank_y(rank) + (TILE_H - heading.height) // 2))
    for index, pile in enumerate(view.foundations):
        held = {card.rank: card for card in pile}
        x = column_x(index)
        for rank in Rank:
            card = held.get(rank)
            image.paste(_empty_tile(rank) if card is None else _tile(card, style), (x, rank_y(rank)))


def picture(view: PeekView, *, labels: PeekLabels = ENGLISH_PEEK) -> Image.Image:
    """The table as a palette image (a fresh copy: the caller may keep or change it)."""
    fixed = (labels.title, labels.foundation)
    image = cards.cached(("peek", "background", fixed), lambda: _background(*fixed)).copy()
    _draw_panel(image, view, labels)
    _draw_piles(image, view, labels)
    _draw_grid(image, view, labels.deck)
    return image


def render(view: PeekView, *, labels: PeekLabels = ENGLISH_PEEK) -> bytes:
    """The table as PNG bytes (palette mode, deterministic for a given view); ``labels`` are the words drawn
    (English by default)."""
    return cards.png_bytes(picture(view, labels=labels))
