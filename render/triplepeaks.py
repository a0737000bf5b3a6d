"""The Triple Peaks table picture (RULES.md §5), pasted together from the shared card sprites.

Made for the width Discord shows a picture at (about 550 pixels), with compact cards. Top to bottom: the
title and the scoring note, the score line and the result; the three peaks on their shared base
row, drawn as Aisleriot lays them out (each card over the two cards of the row above that it
covers, :data:`games.triplepeaks.COVERED_BY`, whose indices show above it); then the stock (a back
with the count) and the waste, whose current run is fanned left to right with its top card last.
Played slots are bare felt; face-down cards are backs. A face-up card that may go on the waste now
wears a gold border, so the card a button names is easy to find (that is public: the waste top is
in view).

The base row's ten cards are :data:`PITCH` pixels apart, so neighbours overlap a little; every card
is pasted through a card-shaped mask so that its rounded corners never cut into the card beneath.
"""

from PIL import Image

from games.triplepeaks import TriplePeaksView, adjacent
from render import cards
from render.cards import COMPACT, FAINT, FELT, LABEL, RGB
from render.labels import ENGLISH_TRIPLEPEAKS, DeckStyle, TriplePeaksLabels

LOOK = COMPACT
CARD_W = LOOK.width
CARD_H = LOOK.height
PITCH = 68
"""Horizontal distance between neighbouring cards of a row: the ten base cards span the width."""
MARGIN = 12
WIDTH = 2 * MARGIN + 9 * PITCH + CARD_W
TOP = 10
STATUS_Y = TOP + 36
NOTE_Y = STATUS_Y + 28
"""Where the scoring note stands, under the score line, until the result badge (right of the title) ends the game."""
TABLEAU_Y = NOTE_Y + 30
ROW_STEP = 44
"""Vertical distance between the rows: a covered card shows its index and a little more."""
PILES_LABEL_GAP = 4
PILES_Y = TABLEAU_Y + 3 * ROW_STEP + CARD_H + 14
LABEL_Y = PILES_Y + CARD_H + PILES_LABEL_GAP
HEIGHT = LABEL_Y + 30
WASTE_X = MARGIN + CARD_W + 24
WASTE_ROOM = WIDTH - MARGIN - WASTE_X
LABELS_GAP = 16
"""The least room between the stock's label and the waste's, which moves right when the stock's is wider than
its card."""
FAN = 64
"""Step between the cards of the waste run: each card's whole index shows."""
MIN_FAN = 18
BADGE_SIZE = 24
"""Font size of the result badge, right of the title."""
TEXT = cards.least_font(WIDTH)
"""Font size of the status line, the scoring note and the piles' labels: the least that reads on a phone
(:func:`render.cards.least_font`), and never shrunk below it to fit."""


def _row_positions() -> tuple[tuple[int, int], ...]:
    """Top-left corner of each of the 28 slots (tips, then rows B, C and D, as the engine numbers them)."""
    half = PITCH // 2
    xy: list[tuple[int, int]] = []
    for tip in range(3):
        xy.append((MARGIN + 3 * half + 3 * tip * PITCH, TABLEAU_Y))
    for j in range(6):
        peak, side = divmod(j, 2)
        xy.append((MARGIN + PITCH + (3 * peak + side) * PITCH, TABLEAU_Y + ROW_STEP))
    for j in range(9):
        xy.append((MARGIN + half + j * PITCH, TABLEAU_Y + 2 * ROW_STEP))
    for j in range(10):
        xy.append((MARGIN + j * PITCH, TABLEAU_Y + 3 * ROW_STEP))
    return tuple(xy)


SLOT_XY: tuple[tuple[int, int], ...] = _row_positions()
"""``SLOT_XY[slot]``: where the card of ``slot`` is drawn."""


def waste_step(length: int) -> int:
    """The horizontal step for a waste run of ``length`` cards: full, or tighter so the run fits."""
    if length <= 1:
        return FAN
    return max(MIN_FAN, min(FAN, (WASTE_ROOM - CARD_W) // (length - 1)))


def _paste_card(image: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    image.paste(sprite, xy, cards.card_mask(LOOK))


def _text(text: str, size: int, colour: RGB = LABEL, bold: bool = False) -> Image.Image:
    return cards.text_image(text, size, colour, bold=bold)


def _title(title: str) -> Image.Image:
    return cards.fitted_text(title, 24, LABEL, (WIDTH - 2 * MARGIN) // 2, bold=True, least=TEXT)


def _background(title: str) -> Image.Image:
    """Felt with the title: built once per title."""
    image = Image.new("P", (WIDTH, HEIGHT), cards.index_of(FELT))
    image.putpalette(cards.FLAT_PALETTE)
    image.paste(_title(title), (MARGIN, TOP))
    return image


def _status(view: TriplePeaksView, words: TriplePeaksLabels) -> str:
    parts = [
        words.score.format(n=view.score),
        words.moves.format(n=view.moves),
        words.peaks.format(n=view.peaks_cleared),
    ]
    if view.progressive:
        parts.append(words.round.format(n=view.round))
    return "  \u00b7  ".join(parts)


def _rules_note(view: TriplePeaksView, words: TriplePeaksLabels) -> str:
    """The scoring in a few words, beside the title."""
    return words.multiplier if view.multiplier else words.plain


def _draw_header(image: Image.Image, view: TriplePeaksView, words: TriplePeaksLabels) -> None:
    """The result beside the title once the game is over; the score line under them, and under it the scoring
    note while the game goes on."""
    if view.outcome is None:
        note = cards.fitted_text(_rules_note(view, words), TEXT, FAINT, WIDTH - 2 * MARGIN, least=TEXT)
        image.paste(note, (MARGIN, NOTE_Y))
    cards.paste_result(image, view.outcome, WIDTH - MARGIN, TOP + 2, words.result, size=BADGE_SIZE)
    status = cards.fitted_text(_status(view, words), TEXT, LABEL, WIDTH - 2 * MARGIN, bold=True, least=TEXT)
    image.paste(status, (MARGIN, STATUS_Y))


def _playable(view: TriplePeaksView) -> set[int]:
    """The face-up slots whose card goes on the waste top now (none once the game is over)."""
    if view.outcome is not None:
        return set()
    top = view.waste[-1]
    return {slot for slot, card in enumerate(view.tableau) if card is not None and adjacent(card, top)}


def _draw_tableau(image: Image.Image, view: TriplePeaksView, style: DeckStyle) -> None:
    """Row by row, top row first, so each card lies over the cards it covers."""
    playable = _playable(view)
    for slot, xy in enumerate(SLOT_XY):
        card = view.tableau[slot]
        if card is not None:
            _paste_card(image, cards.face(card, marked=slot in playable, look=LOOK, style=style), xy)
        elif view.face_down[slot]:
            _paste_card(image, cards.back(0, look=LOOK), xy)


def _draw_piles(image: Image.Image, view: TriplePeaksView, words: TriplePeaksLabels) -> None:
    """The stock, the waste run fanned with its top card last, and their labels."""
    image.paste(cards.back(0, look=LOOK) if view.stock else cards.slot(look=LOOK), (MARGIN, PILES_Y))
    stock = cards.fitted_text(words.stock.format(n=view.stock), TEXT, LABEL, WASTE_ROOM // 2, least=TEXT)
    image.paste(stock, (MARGIN, LABEL_Y))
    step = waste_step(len(view.waste))
    for index, card in enumerate(view.waste):
        _paste_card(image, cards.face(card, look=LOOK, style=words.deck), (WASTE_X + index * step, PILES_Y))
    details = [words.run.format(n=view.run)] if view.run else []
    if view.outcome is None:
        details.append(words.next_card.format(n=view.next_points))
    waste = words.waste + " \u00b7 " + ", ".join(details) if details else words.waste
    if view.set_aside:
        waste += "  \u00b7  " + words.set_aside(view.set_aside)
    waste_x = max(WASTE_X, MARGIN + stock.width + LABELS_GAP)
    image.paste(cards.fitted_text(waste, TEXT, LABEL, WIDTH - MARGIN - waste_x, least=TEXT), (waste_x, LABEL_Y))


def picture(view: TriplePeaksView, *, labels: TriplePeaksLabels = ENGLISH_TRIPLEPEAKS) -> Image.Image:
    """The table as a palette image (a fresh copy: the caller may keep or change it)."""
    title = labels.title
    image = cards.cached(("triplepeaks", "background", title), lambda: _background(title)).copy()
    _draw_header(image, view, labels)
    _draw_tableau(image, view, labels.deck)
    _draw_piles(image, view, labels)
    return image


def render(view: TriplePeaksView, *, labels: TriplePeaksLabels = ENGLISH_TRIPLEPEAKS) -> bytes:
    """The table as PNG bytes (palette mode, deterministic for a given view); ``labels`` are the words drawn
    (English by default)."""
    return cards.png_bytes(picture(view, labels=labels))
