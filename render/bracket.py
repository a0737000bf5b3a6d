"""A knockout bracket as a picture: one column per round, left to right, each match a box of two names
joined by lines to the match its winner goes on to.

Made for the width Discord shows a picture at (:data:`render.cards.DISPLAY_WIDTH`): 550 wide, whatever
the number of rounds (names are cut short with an ellipsis when the columns get narrow), 13-pixel names.
A match's winner is in bold white and its loser faint; the final's winner is in gold. The picture is
handed plain strings: an empty side is whatever the bot chooses to write there ("bye", "—", or "" for a
player not known yet). With 64 players the six columns leave a name about eight letters; a bot may hand
over only the rounds from some round on (they still halve down to the final), which widens the rest.
"""

from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.cards import FAINT, FAST_PNG_LEVEL, GOLD, SLOT_FILL, SLOT_LINE, WHITE, index_of, png_bytes
from render.standings import MARGIN, WIDTH, canvas, fitted, put_text, put_title, title_lines, title_room

NAME = 15
LINE = 21
"""Height of one name in a box."""
SPACING = 10
"""Room between two boxes of the first round."""
LINK = 14
"""Room between a round's boxes and the next round's, where the lines run."""
PAD = 6
"""Room between a box's edge and its names."""
HEADINGS_ROOM = 26


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """Two sides (names as shown) and which of them went on: 0 the top, 1 the bottom, None not yet (or
    nobody)."""

    top: str
    bottom: str
    winner: int | None = None


@dataclass(frozen=True, slots=True)
class BracketPicture:
    """What the picture shows: ``rounds[r]`` has half as many matches as ``rounds[r - 1]``, match ``i`` of
    it fed by matches ``2i`` and ``2i + 1`` of the round before; ``headings`` name the rounds."""

    title: str
    headings: tuple[str, ...]
    rounds: tuple[tuple[BracketMatch, ...], ...]
    subtitle: str = ""
    """A line under the title, or none."""

    def __post_init__(self) -> None:
        sizes = [len(matches) for matches in self.rounds]
        if not sizes or sizes != [2 ** (len(sizes) - 1 - r) for r in range(len(sizes))]:
            raise ValueError(f"each round has half the matches of the one before, down to one: {sizes}")
        if len(self.headings) != len(self.rounds):
            raise ValueError("one heading per round")


def render_bracket(picture: BracketPicture) -> bytes:
    """PNG bytes of ``picture``."""
    first = len(picture.rounds[0])
    box = 2 * LINE
    lines = title_lines(picture.title, picture.subtitle)
    top = MARGIN + title_room(lines) + HEADINGS_ROOM
    image = canvas(top + first * (box + SPACING) + MARGIN // 2)
    draw = ImageDraw.Draw(image)
    column = (WIDTH - 2 * MARGIN + LINK) / len(picture.rounds)
    width = column - LINK
    put_title(image, lines)
    centres = [top + index * (box + SPACING) + box / 2 for index in range(first)]
    for number, (heading, matches) in enumerate(zip(picture.headings, picture.rounds)):
        left = MARGIN + number * column
        put_text(image, fitted(heading, NAME, width), (left, top - HEADINGS_ROOM // 2), NAME, FAINT)
        if number:
            fed_by, centres = centres, [(centres[2 * i] + centres[2 * i + 1]) / 2 for i in range(len(matches))]
            _links(draw, left - LINK, left, fed_by, centres)
        final = number == len(picture.rounds) - 1
        for match, centre in zip(matches, centres):
            _box(image, draw, match, left, centre, width, final)
    return png_bytes(image, FAST_PNG_LEVEL)


def _links(draw: ImageDraw.ImageDraw, start: float, end: float, fed_by: list[float], centres: list[float]) -> None:
    """The lines from the previous round's boxes (centred at ``fed_by``, ending at ``start``), two by two,
    into this round's (centred at ``centres``, starting at ``end``)."""
    line = index_of(SLOT_LINE)
    middle = round((start + end) / 2)
    for index, centre in enumerate(centres):
        upper, lower = round(fed_by[2 * index]), round(fed_by[2 * index + 1])
        draw.line([(round(start), upper), (middle, upper), (middle, lower), (round(start), lower)], fill=line)
        draw.line([(middle, round(centre)), (round(end), round(centre))], fill=line)


def _box(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    match: BracketMatch,
    left: float,
    centre: float,
    width: float,
    final: bool,
) -> None:
    top = round(centre - LINE)
    draw.rectangle(
        [round(left), top, round(left + width), top + 2 * LINE], fill=index_of(SLOT_FILL), outline=index_of(SLOT_LINE)
    )
    draw.line([(round(left), top + LINE), (round(left + width), top + LINE)], fill=index_of(SLOT_LINE))
    for side, name in enumerate((match.top, match.bottom)):
        won = match.winner == side
        colour = (GOLD if final else WHITE) if won else FAINT if match.winner is not None else WHITE
        text = fitted(name, NAME, width - 2 * PAD, bold=won)
        put_text(image, text, (left + PAD, top + LINE * side + LINE / 2), NAME, colour, SLOT_FILL, bold=won)
