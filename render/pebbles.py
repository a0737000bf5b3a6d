"""The Pebbles and Nuts pictures (RULES.md §3, §7.2): the public table and one player's hand strip.

Discord shows a message's picture about 550 pixels wide and shrinks a wider one to fit
(:data:`render.cards.DISPLAY_WIDTH`), so both pictures are drawn for that width: the table is 640 x 480
(shown at 0.86) and uses compact cards, rank over a small pip with a large pip below, whose rank index
(:data:`INDEX_SIZE`) is still :data:`render.cards.MIN_SHOWN_INDEX` pixels tall once shrunk. The
full-size patience sprites would shrink to unreadable there.

The table, left half: the deal, the draw pile and whose turn it is; the current trick as a cross
of cards around the middle, one place per seat (seat 1 at the bottom, then clockwise, so partners
sit across); the last completed trick below it, its winning card in gold. The last deal's scores
take the trick's place before the first card of a new deal and at the end of a game played out. Right
half: the target and the trumps, the scores per side, then one row per seat: name, dealer, tricks won,
meld points, and the hand as its melded cards face up followed by a back per concealed card.
Seats are numbered discs coloured by side, so the trick, the rows and the scores match up. Every
text, disc number and deck tab digit is at least :data:`TEXT` (what a phone reads), so the last deal's
scores are rows of "melds + cards = total · tricks" under a line saying so.

The hand strip shows one seat's hand in hand order with melded cards tagged, the playable cards
raised with a gold border and the others dimmed. With two decks every face carries a small tab,
blue "1" or red "2" (the colours of the decks' backs), so two K♦ never look alike. Backs never
say which deck they belong to: the view does not know.
"""

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.base import EndReason
from games.cards import Card, Suit
from games.pebbles import PebblesView, Phase
from render import cards
from render.cards import (
    BLACK,
    BLUE,
    BLUE_LIGHT,
    CRIMSON,
    CRIMSON_LIGHT,
    EDGE,
    FAINT,
    FELT,
    FRAME,
    GOLD,
    LABEL,
    RGB,
    SCALE,
    SLOT_FILL,
    SLOT_LINE,
    TEXT_LOCK,
    WHITE,
)
from render.labels import ENGLISH_PEBBLES, DeckStyle, PebblesLabels

WIDTH = 640
HEIGHT = 480
INDEX_SIZE = 22
"""Font size of the rank on table cards: its capitals are 16 pixels tall, 10 once shown at 0.625."""
HAND_INDEX_SIZE = 30

MARGIN = 12
SPLIT = 256
"""Left edge of the right half (scores and seat rows)."""
NAME_LENGTH = 16
SIDE_COLOURS: tuple[RGB, ...] = (BLUE, CRIMSON, FRAME)
DIM_FACE: RGB = (221, 222, 223)
"""A dimmed card's face: a step of the palette's grey-to-white ramp, so it stays one flat colour."""
DIM_BLACK: RGB = EDGE
DIM_RED: RGB = CRIMSON_LIGHT


@dataclass(frozen=True, slots=True)
class CardSize:
    """A compact card: size, rank font, pip sizes (half-heights) and the deck tab's side."""

    width: int
    height: int
    index: int
    pip: float
    big_pip: float
    tab: int


TEXT = cards.least_font(WIDTH)
"""Font size of the table's texts, the seats' numbers and the deck tabs' digits (the deal and the scores are
larger): the least that reads on a phone (:func:`render.cards.least_font`), never shrunk below it to fit."""
SMALL = CardSize(46, 64, INDEX_SIZE, 6, 8, 23)
TRICK = CardSize(60, 84, INDEX_SIZE, 6.5, 15, 23)
LARGE = CardSize(76, 108, HAND_INDEX_SIZE, 9, 20, 21)
"""The tabs of the table's cards hold a digit of :data:`TEXT` (:func:`_draw_tab` draws it at 0.8 of the tab)."""
CHIP = 26
"""Diameter of a seat disc, its number of :data:`TEXT`."""


def _dim_ink(card: Card, style: DeckStyle) -> RGB:
    """A dimmed card's ink: grey for black, a light red for red, or the four-colour ink halfway to white."""
    if style is DeckStyle.FOUR_COLOUR and card.suit is not Suit.SPADES:
        return cards.blend(WHITE, cards.suit_colour(card.suit, style), 0.5)
    return DIM_RED if card.is_red else DIM_BLACK


def _draw_card(
    card: Card, size: CardSize, deck_tab: bool, marked: bool, dimmed: bool, style: DeckStyle
) -> Image.Image:
    """A compact face on the felt: rank top-left, a small pip under it, a big pip bottom-right."""
    s = SCALE
    w, h = size.width * s, size.height * s
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    face_colour = DIM_FACE if dimmed else WHITE
    edge, width = (GOLD, 3.0) if marked else (EDGE, 1.25)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=5 * s, fill=face_colour, outline=edge, width=round(width * s))
    ink = _dim_ink(card, style) if dimmed else cards.suit_colour(card.suit, style)
    pad = (5 if marked else 4) * s
    text = cards.rank_text(card.rank)
    spacing = -s if len(text) > 1 else 0
    with TEXT_LOCK:
        face = cards.font(size.index * s, bold=True)
        top = face.getbbox("A")[1]
        x: float = pad
        for char in text:
            left, _, right, _ = face.getbbox(char)
            cards.draw_text(draw, (x - left, pad - top), char, face, ink, s)
            x += right - left + spacing
        cap = face.getbbox("A")[3] - top
    pip_y = pad + cap + 4 * s + size.pip * s
    cards.draw_pip(draw, card.suit, (pad + size.pip * 0.8 * s, pip_y), size.pip * s, ink)
    big = size.big_pip * s
    cards.draw_pip(draw, card.suit, (w - pad - big * 0.8, h - pad - big), big, ink)
    if deck_tab:
        _draw_tab(draw, card.deck, size, h)
    base = Image.new("RGB", (w, h), FELT)
    base.paste(image, (0, 0), image)
    return cards.to_palette(base.reduce(s))


def _draw_tab(draw: ImageDraw.ImageDraw, deck: int, size: CardSize, h: int) -> None:
    """The deck's tab in the bottom-left corner: "1" on blue for deck 0, "2" on red for deck 1."""
    s = SCALE
    side = size.tab * s
    x, y = 3 * s, h - 3 * s - side
    draw.rounded_rectangle((x, y, x + side, y + side), radius=2 * s, fill=cards.back_colour(deck))
    digit = str(deck % 2 + 1)
    with TEXT_LOCK:
        face = cards.font(round(size.tab * 0.8) * s, bold=True)
        left, top, right, bottom = face.getbbox(digit)
        cards.draw_text(draw, (x + (side - left - right) / 2, y + (side - top - bottom) / 2), digit, face, WHITE, s)


def card_sprite(
    card: Card,
    size: CardSize,
    *,
    deck_tab: bool = False,
    marked: bool = False,
    dimmed: bool = False,
    style: DeckStyle = DeckStyle.STANDARD,
) -> Image.Image:
    """A compact face (palette mode, cached): gold-bordered when ``marked``, greyed when ``dimmed``;
    ``deck_tab`` adds the tab telling the two decks apart; ``style`` colours the suit."""
    deck = card.deck % 2 if deck_tab else None
    key = ("pebbles", "face", card.rank, card.suit, deck, size, marked, dimmed, style)
    return cards.cached(key, lambda: _draw_card(card, size, deck_tab, marked, dimmed, style))


def _draw_back(size: CardSize) -> Image.Image:
    s = SCALE
    w, h = size.width * s, size.height * s
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=5 * s, fill=WHITE, outline=EDGE, width=round(1.25 * s))
    inset = 4 * s
    draw.rounded_rectangle((inset, inset, w - inset, h - inset), radius=3 * s, fill=BLUE)
    inner = 8 * s
    draw.rounded_rectangle((inner, inner, w - inner, h - inner), radius=2 * s, outline=BLUE_LIGHT, width=s)
    base = Image.new("RGB", (w, h), FELT)
    base.paste(image, (0, 0), image)
    return cards.to_palette(base.reduce(s))


def back_sprite(size: CardSize) -> Image.Image:
    """A concealed card: one blue back whatever its deck (the public view does not know it)."""
    return cards.cached(("pebbles", "back", size), lambda: _draw_back(size))


def _draw_chip(number: int, fill: RGB, ring: bool) -> Image.Image:
    s = SCALE
    d = CHIP * s
    image = Image.new("RGB", (d, d), FELT)
    draw = ImageDraw.Draw(image)
    if ring:
        draw.ellipse((0, 0, d - 1, d - 1), fill=GOLD)
        draw.ellipse((3 * s, 3 * s, d - 1 - 3 * s, d - 1 - 3 * s), fill=fill)
    else:
        draw.ellipse((0, 0, d - 1, d - 1), fill=fill, outline=WHITE, width=s)
    text = str(number)
    with TEXT_LOCK:
        face = cards.font(TEXT * s, bold=True)
        left, top, right, bottom = face.getbbox(text)
        cards.draw_text(draw, ((d - left - right) / 2, (d - top - bottom) / 2), text, face, chip_ink(fill), s)
    return cards.to_palette(image.reduce(s))


def chip_ink(fill: RGB) -> RGB:
    """A disc's number: white on the blue and crimson sides, black on the light gold one (WCAG AA either way)."""
    return BLACK if fill == FRAME else WHITE


def chip(view: PebblesView, seat: int, ring: bool = False) -> Image.Image:
    """Seat ``seat``'s disc: its number on its side's colour, with a gold ring when ``ring``."""
    fill = SIDE_COLOURS[view.sides[seat]]
    return cards.cached(("pebbles", "chip", seat, fill, ring), lambda: _draw_chip(seat + 1, fill, ring))


def _dealer_tag(letter: str) -> Image.Image:
    """A white tag with ``letter`` ("D") beside the dealer's name."""

    def build() -> Image.Image:
        s = SCALE
        w, h = 26 * s, 24 * s
        image = Image.new("RGB", (w, h), FELT)
        draw = ImageDraw.Draw(image)
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=4 * s, fill=WHITE)
        with TEXT_LOCK:
            face = cards.font(TEXT * s, bold=True)
            left, top, right, bottom = face.getbbox(letter)
            cards.draw_text(draw, ((w - left - right) / 2, (h - top - bottom) / 2), letter, face, BLACK, s)
        return cards.to_palette(image.reduce(s))

    return cards.cached(("pebbles", "dealer", letter), build)


def _slot(size: CardSize, marked: bool) -> Image.Image:
    """An empty place in the trick; gold for the seat to play."""

    def build() -> Image.Image:
        s = SCALE
        w, h = size.width * s, size.height * s
        image = Image.new("RGB", (w, h), FELT)
        draw = ImageDraw.Draw(image)
        line = GOLD if marked else SLOT_LINE
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=5 * s, fill=SLOT_FILL, outline=line, width=2 * s)
        return cards.to_palette(image.reduce(s))

    return cards.cached(("pebbles", "slot", size, marked), build)


def _text(text: str, size: int, colour: RGB = LABEL, bold: bool = False) -> Image.Image:
    return cards.text_image(text, size, colour, bold=bold)


def _fitted(
    text: str, size: int, width: int, colour: RGB = LABEL, bold: bool = False, least: int = 0
) -> Image.Image:
    return cards.fitted_text(text, size, colour, width, bold=bold, least=least)


LEFT_ROOM = SPLIT - 2 * MARGIN
"""The width of the left half's texts."""
RIGHT_ROOM = WIDTH - MARGIN - SPLIT - 4
"""The width of the right half's texts."""
INFO_GIVES = 120
"""How much of a seat row's line its tricks and meld points leave to the disc and the name, at least."""


def _short(name: str) -> str:
    return name if len(name) <= NAME_LENGTH else name[: NAME_LENGTH - 1] + "\u2026"


def seat_names(
    view: PebblesView, names: Sequence[str] | None, words: PebblesLabels = ENGLISH_PEBBLES
) -> tuple[str, ...]:
    """Display names (at most :data:`NAME_LENGTH` characters), "Player 1" … where none is given."""
    given = list(names or ())
    return tuple(
        _short(given[seat]) if seat < len(given) else words.player.format(n=seat + 1) for seat in range(view.seats)
    )


# Where each seat's card lies in the trick, as (column, row) in card steps: seat 1 at the bottom, then clockwise.
_TRICK_PLACES: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((1, 2), (1, 0)),
    3: ((1, 2), (0, 0.5), (2, 0.5)),
    4: ((1, 2), (0, 1), (1, 0), (2, 1)),
}
DRAW_PILE_Y = 38
STATUS_Y = 62
TRICK_STEP_X = TRICK.width + 14
TRICK_STEP_Y = 44
TRICK_X = (SPLIT - 2 * TRICK_STEP_X - TRICK.width) // 2
TRICK_Y = STATUS_Y + CHIP + CHIP + 10
"""Top of the trick's top place: under the status line and the top place's disc."""
LAST_LABEL_Y = TRICK_Y + 2 * TRICK_STEP_Y + TRICK.height + CHIP + 8
LAST_Y = LAST_LABEL_Y + 24
SCORES_Y = 10
ROWS_Y = 70
ROW_GAP = 4
"""Between a seat row's cards and the next row's disc."""
LINE = TEXT + 5
"""Distance between two lines of text."""


def trick_xy(seats: int, seat: int) -> tuple[int, int]:
    """Top-left corner of ``seat``'s card in the current trick."""
    column, row = _TRICK_PLACES[seats][seat]
    return TRICK_X + round(column * TRICK_STEP_X), TRICK_Y + round(row * TRICK_STEP_Y)


def _chip_xy(seats: int, seat: int) -> tuple[int, int]:
    """Where a seat's disc goes beside its trick place: below the bottom card, above the others."""
    x, y = trick_xy(seats, seat)
    _, row = _TRICK_PLACES[seats][seat]
    centre_x = x + (TRICK.width - CHIP) // 2
    if row == 2:
        return centre_x, y + TRICK.height + 4
    return centre_x, y - CHIP - 4


def _deck_tab(view: PebblesView) -> bool:
    return view.decks > 1


def _status(view: PebblesView, words: PebblesLabels) -> tuple[tuple[int, ...], str, RGB]:
    """Who is to act and what they may do, or how the game ended: the seats' discs and a few words."""
    outcome = view.outcome
    if outcome is not None:
        many = len(outcome.winners) > 1
        if outcome.reason is EndReason.RESIGNED:
            return outcome.winners, words.win_resignation if many else words.wins_resignation, LABEL
        return outcome.winners, words.win_game if many else words.wins_game, GOLD
    assert view.turn is not None
    if view.phase is Phase.PARTNER:
        return (view.turn,), words.may_declare, GOLD
    if view.may_declare:
        return (view.turn,), words.may_meld, GOLD
    return (view.turn,), words.plays if view.trick else words.leads, GOLD


def _draw_header(image: Image.Image, view: PebblesView, labels: PebblesLabels) -> None:
    """The deal, the draw pile, and the status line (discs and words)."""
    deal = _fitted(labels.deal.format(n=view.deal_no + 1), 20, LEFT_ROOM, bold=True, least=TEXT)
    image.paste(deal, (MARGIN, 10))
    image.paste(_fitted(labels.draw_pile.format(n=view.pile_size), TEXT, LEFT_ROOM, least=TEXT), (MARGIN, DRAW_PILE_Y))
    seats, words, colour = _status(view, labels)
    x = MARGIN
    for seat in seats:
        image.paste(chip(view, seat), (x, STATUS_Y))
        x += CHIP + 2
    text = _fitted(words, TEXT, SPLIT - x - 8, colour, bold=True, least=TEXT)
    image.paste(text, (x + 4, STATUS_Y + (CHIP - text.height) // 2))


def _shows_summary(view: PebblesView) -> bool:
    """The last deal's scores replace the trick before the first card of a new deal, and at the game's end
    (not after a resignation, which leaves the running deal on the table)."""
    if not view.history:
        return False
    if view.outcome is not None and view.outcome.reason is EndReason.COMPLETED:
        return True
    return not view.trick and not view.last_trick


def _draw_trick(image: Image.Image, view: PebblesView, style: DeckStyle) -> None:
    """The cross: each seat's card or empty place with its disc; the seat to play has a gold place and ring."""
    played = dict(view.trick)
    playing = view.turn if view.outcome is None and view.phase is Phase.PLAY else None
    for seat in range(view.seats):
        xy = trick_xy(view.seats, seat)
        card = played.get(seat)
        if card is None:
            image.paste(_slot(TRICK, seat == playing), xy)
        else:
            image.paste(card_sprite(card, TRICK, deck_tab=_deck_tab(view), style=style), xy)
        image.paste(chip(view, seat, ring=seat == view.turn and view.outcome is None), _chip_xy(view.seats, seat))


def _draw_last_trick(image: Image.Image, view: PebblesView, names: Sequence[str], words: PebblesLabels) -> None:
    if not view.last_trick:
        return
    image.paste(_fitted(words.last_trick, TEXT, LEFT_ROOM, bold=True, least=TEXT), (MARGIN, LAST_LABEL_Y))
    x = MARGIN
    for seat, card in view.last_trick:
        sprite = card_sprite(card, SMALL, deck_tab=_deck_tab(view), marked=seat == view.last_winner, style=words.deck)
        image.paste(sprite, (x, LAST_Y))
        image.paste(chip(view, seat), (x + (SMALL.width - CHIP) // 2, LAST_Y + SMALL.height + 4))
        x += SMALL.width + 8
    if view.last_winner is not None:
        label = _fitted(words.won_by.format(name=names[view.last_winner]), TEXT, LEFT_ROOM, FAINT, least=TEXT)
        image.paste(label, (MARGIN, LAST_Y + SMALL.height + CHIP + 8))


SUMMARY_Y = STATUS_Y + CHIP + 12
"""Top of the last deal's scores, where the trick lies otherwise."""
SUMMARY_COLUMNS = (74, 130, 190, LEFT_ROOM)
"""Right edges of a seat's meld points, card points, total and tricks in the last deal's scores."""
SUMMARY_SIGNS = ((86, "+"), (142, "="), (202, "\u00b7"))
"""Centres of the signs between them: meld points + card points = total · tricks."""
SUMMARY_HEADER_LINES = 2


def _summary_header(words: PebblesLabels) -> tuple[Image.Image, ...]:
    """What the columns of the last deal's scores are, as the rows read: "melds + cards = total · tricks", broken
    into at most :data:`SUMMARY_HEADER_LINES` lines (the last cut short when more would be needed)."""
    text = f"{words.melds_heading} + {words.cards_heading} = {words.total_heading} \u00b7 {words.tricks_heading}"
    lines = cards.wrap(text, TEXT, LEFT_ROOM)
    if len(lines) > SUMMARY_HEADER_LINES:
        lines = (*lines[: SUMMARY_HEADER_LINES - 1], " ".join(lines[SUMMARY_HEADER_LINES - 1 :]))
    return tuple(_fitted(line, TEXT, LEFT_ROOM, FAINT, least=TEXT) for line in lines)


def _draw_summary(image: Image.Image, view: PebblesView, words: PebblesLabels) -> None:
    """The last finished deal per seat: meld points + card points = their sum · tricks won, under a line saying so."""
    score = view.history[-1]
    deal = len(view.history)
    image.paste(_fitted(words.deal_scored.format(n=deal), TEXT, LEFT_ROOM, bold=True, least=TEXT), (MARGIN, SUMMARY_Y))
    y = SUMMARY_Y + LINE + 2
    for line in _summary_header(words):
        image.paste(line, (MARGIN, y))
        y += LINE
    for seat in range(view.seats):
        row_y = y + 6 + seat * (CHIP + 6)
        image.paste(chip(view, seat), (MARGIN, row_y))
        values = (score.melds[seat], score.cards[seat], score.melds[seat] + score.cards[seat], score.tricks[seat])
        for column, value in zip(SUMMARY_COLUMNS, values, strict=True):
            text = _text(f"{value}".replace("-", "\u2212"), TEXT, LABEL, bold=column == SUMMARY_COLUMNS[2])
            image.paste(text, (MARGIN + column - text.width, row_y + (CHIP - text.height) // 2))
        for centre, sign in SUMMARY_SIGNS:
            mark = _text(sign, TEXT, FAINT)
            image.paste(mark, (MARGIN + centre - mark.width // 2, row_y + (CHIP - mark.height) // 2))


def _draw_scores(image: Image.Image, view: PebblesView, words: PebblesLabels) -> None:
    """The target and the trumps, then each side's discs and running score."""
    x = SPLIT + 4
    target = _fitted(words.scores.format(n=view.target), TEXT, RIGHT_ROOM, FAINT, least=TEXT)
    image.paste(target, (x, SCORES_Y + 2))
    trumps = _fitted(words.trumps, TEXT, RIGHT_ROOM - target.width - 16, FAINT, least=TEXT)
    image.paste(trumps, (WIDTH - MARGIN - trumps.width, SCORES_Y + 2))
    y = SCORES_Y + 26
    for side, score in enumerate(view.scores):
        for seat in range(view.seats):
            if view.sides[seat] == side:
                image.paste(chip(view, seat), (x, y))
                x += CHIP + 2
        value = _text(f"{score}".replace("-", "\u2212"), 24, WHITE, bold=True)
        image.paste(value, (x + 4, y + (CHIP - value.height) // 2))
        x += value.width + 28


def row_size(view: PebblesView) -> CardSize:
    """The cards in the seat rows: as big as the trick's for 2 or 3 seats, small for 4 (rows are lower)."""
    return TRICK if view.seats < 4 else SMALL


def row_step(view: PebblesView) -> int:
    """Vertical distance between two seat rows."""
    return CHIP + 8 + row_size(view).height + ROW_GAP


def _fitted_name(name: str, room: int, colour: RGB) -> Image.Image:
    """The name in bold, shortened with "…" until it fits in ``room`` pixels."""
    text = name
    image = _text(text, TEXT, colour, bold=True)
    while image.width > room and len(text) > 1:
        text = text.rstrip("\u2026")[:-1] + "\u2026"
        image = _text(text, TEXT, colour, bold=True)
    return image


def _draw_hand_row(image: Image.Image, view: PebblesView, seat: int, x: int, y: int, words: PebblesLabels) -> None:
    """A seat's hand: melded cards face up, then a back per concealed card, closer together when crowded."""
    size = row_size(view)
    count = view.hand_sizes[seat]
    if not count:
        image.paste(_fitted(words.no_cards, TEXT, RIGHT_ROOM, FAINT, least=TEXT), (x, y + 18))
        return
    room = WIDTH - MARGIN - x
    step = size.width + 4 if count == 1 else min(size.width + 4, (room - size.width) // (count - 1))
    melded = view.melded[seat]
    mask = _mask(size)
    for index in range(count):
        if index < len(melded):
            sprite = card_sprite(melded[index], size, deck_tab=_deck_tab(view), style=words.deck)
        else:
            sprite = back_sprite(size)
        image.paste(sprite, (x + index * step, y), mask)


def _draw_rows(image: Image.Image, view: PebblesView, names: Sequence[str], words: PebblesLabels) -> None:
    """One row per seat: disc, name, dealer tag, tricks won and meld points; then the hand."""
    step = row_step(view)
    for seat in range(view.seats):
        y = ROWS_Y + seat * step
        x = SPLIT + 4
        turn = seat == view.turn and view.outcome is None
        image.paste(chip(view, seat, ring=turn), (x, y))
        tricks = view.tricks_won[seat]
        info = words.tricks(tricks)
        if view.meld_points[seat]:
            info += " \u00b7 " + words.melds.format(n=view.meld_points[seat])
        label = _fitted(info, TEXT, RIGHT_ROOM - INFO_GIVES, least=TEXT)
        image.paste(label, (WIDTH - MARGIN - label.width, y + (CHIP - label.height) // 2))
        name_x = x + CHIP + 8
        dealer = _dealer_tag(words.dealer)
        room = WIDTH - MARGIN - label.width - 10 - name_x - (dealer.width + 8 if seat == view.dealer else 0)
        name = _fitted_name(names[seat], room, GOLD if turn else WHITE)
        image.paste(name, (name_x, y + (CHIP - name.height) // 2))
        if seat == view.dealer:
            image.paste(dealer, (name_x + name.width + 8, y + (CHIP - dealer.height) // 2))
        _draw_hand_row(image, view, seat, x, y + CHIP + 8, words)


def _draw_legend(image: Image.Image, view: PebblesView, legend: Sequence[str]) -> None:
    """The rules in brief, each broken into lines where long, where the rows leave room for all (two players)."""
    top = ROWS_Y + view.seats * row_step(view) + 8
    lines = [line for text in legend for line in cards.wrapped_text(text, TEXT, FAINT, RIGHT_ROOM)]
    if top + len(lines) * LINE > HEIGHT - MARGIN:
        return
    for index, line in enumerate(lines):
        image.paste(line, (SPLIT + 4, top + index * LINE))


def _card_mask(size: CardSize) -> Image.Image:
    """The compact card's rounded shape as a 1-bit mask, so an overlapping card never cuts the one beneath."""
    big = Image.new("L", (size.width * SCALE, size.height * SCALE), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, size.width * SCALE - 1, size.height * SCALE - 1), radius=5 * SCALE, fill=255
    )
    return big.reduce(SCALE).point(lambda value: 255 if value >= 128 else 0).convert("1")


def _mask(size: CardSize) -> Image.Image:
    return cards.cached(("pebbles", "mask", size), lambda: _card_mask(size))


def _background() -> Image.Image:
    image = Image.new("P", (WIDTH, HEIGHT), cards.index_of(FELT))
    image.putpalette(cards.FLAT_PALETTE)
    return image


def table_picture(
    view: PebblesView, names: Sequence[str] | None = None, labels: PebblesLabels = ENGLISH_PEBBLES
) -> Image.Image:
    """The public table as a palette image (a fresh copy)."""
    shown = seat_names(view, names, labels)
    image = cards.cached(("pebbles", "background"), _background).copy()
    _draw_header(image, view, labels)
    if _shows_summary(view):
        _draw_summary(image, view, labels)
    else:
        _draw_trick(image, view, labels.deck)
    _draw_last_trick(image, view, shown, labels)
    _draw_scores(image, view, labels)
    _draw_rows(image, view, shown, labels)
    _draw_legend(image, view, labels.legend)
    return image


def _png(image: Image.Image) -> bytes:
    return cards.png_bytes(image, cards.FAST_PNG_LEVEL)


def render_table(
    view: PebblesView, names: Sequence[str] | None = None, labels: PebblesLabels = ENGLISH_PEBBLES
) -> bytes:
    """The public table (the view for viewer None) as PNG bytes; ``names`` are the seats' display names,
    ``labels`` the words drawn (English by default)."""
    return _png(table_picture(view, names, labels))


HAND_GAP = 8
HAND_MAX = 7
HAND_WIDTH = 2 * MARGIN + HAND_MAX * LARGE.width + (HAND_MAX - 1) * HAND_GAP
HAND_HEIGHT = 220
HAND_TEXT = cards.least_font(HAND_WIDTH)
"""Font size of the hand's note and its cards' tags: the least that reads on a phone (:func:`render.cards.least_font`),
never shrunk below it to fit."""
TAG_LINE = 20
"""Height of one of a card's tags, stacked under it ("melded", then "new")."""
HAND_TOP = 44
RAISE = 12
"""How far a playable card stands above the others."""
TAGS_Y = HAND_TOP + RAISE + LARGE.height + 4
"""Top of the first tag under a card."""


def hand_picture(
    view: PebblesView, *, playable: Collection[Card] = (), labels: PebblesLabels = ENGLISH_PEBBLES
) -> Image.Image:
    """One seat's hand (from that seat's view) as a palette image: see :func:`render_hand`."""
    image = cards.cached(("pebbles", "hand background"), _hand_background).copy()
    hand = view.hand
    melded = set(view.melded[view.viewer]) if view.viewer is not None else set()
    note = _fitted(labels.trumps, HAND_TEXT, HAND_WIDTH // 3, FAINT, least=HAND_TEXT)
    room = HAND_WIDTH - 2 * MARGIN - note.width - 12
    title = _fitted(labels.your_hand(len(hand)), HAND_TEXT + 1, room, bold=True, least=HAND_TEXT)
    image.paste(title, (MARGIN, 10))
    image.paste(note, (HAND_WIDTH - MARGIN - note.width, 13))
    if not hand:
        empty = _fitted(labels.hand_empty, HAND_TEXT + 1, HAND_WIDTH - 2 * MARGIN, FAINT, least=HAND_TEXT)
        image.paste(empty, (MARGIN, HAND_TOP + RAISE + 40))
        return image
    chosen = set(playable)
    width = len(hand) * LARGE.width + (len(hand) - 1) * HAND_GAP
    x = (HAND_WIDTH - width) // 2
    for card in hand:
        lit = card in chosen
        dimmed = bool(chosen) and not lit
        sprite = card_sprite(card, LARGE, deck_tab=view.decks > 1, marked=lit, dimmed=dimmed, style=labels.deck)
        y = HAND_TOP + (0 if lit else RAISE)
        image.paste(sprite, (x, y))
        tags = []
        if card in melded:
            tags.append(labels.melded)
        if card == view.drawn:
            tags.append(labels.new)
        for line, word in enumerate(tags):
            colour = GOLD if word == labels.new else FAINT
            tag = _fitted(word, HAND_TEXT, LARGE.width + HAND_GAP, colour, least=HAND_TEXT)
            image.paste(tag, (x + (LARGE.width - tag.width) // 2, TAGS_Y + line * TAG_LINE))
        x += LARGE.width + HAND_GAP
    return image


def _hand_background() -> Image.Image:
    image = Image.new("P", (HAND_WIDTH, HAND_HEIGHT), cards.index_of(FELT))
    image.putpalette(cards.FLAT_PALETTE)
    return image


def render_hand(
    view: PebblesView, *, playable: Collection[Card] = (), labels: PebblesLabels = ENGLISH_PEBBLES
) -> bytes:
    """One seat's private hand strip (the view for that seat) as PNG bytes.

    Cards in hand order (suit, then trick strength); melded ones tagged. When ``playable`` is not
    empty those cards stand raised with a gold border and the others are dimmed. ``labels`` are the words
    drawn (English by default).
    """
    return _png(hand_picture(view, playable=playable, labels=labels))


def displayed_scale(width: int, height: int) -> float:
    """How much Discord shrinks a picture of this size (never enlarges it): :func:`render.cards.displayed_scale`."""
    return cards.displayed_scale((width, height))
