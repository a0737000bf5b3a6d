"""A tournament's standings as a picture: a title (and a subtitle), a line of headings, then one row per entrant.

Made for the width Discord shows a picture at (:data:`render.cards.DISPLAY_WIDTH`): 550 wide on the felt,
text 14 pixels tall, rows striped so the eye can follow one across. The picture is handed plain strings
(the bot words and formats everything, in the reader's language): the first column is the rank, the
second the name (cut short with an ellipsis when it does not fit), the others figures, right-aligned,
the first of them (the points) in bold. A row may be lit (its name and figures in gold), e.g. for an
arena player on a streak. The title (bold) and the subtitle are each broken at spaces onto a second line when
they do not fit the width (:func:`title_lines`), so a longer language's title is read whole.

Drawn as the tables are, in the shared palette: cached text strips (:func:`render.cards.text_image`)
pasted on the felt, so 64 rows take a few milliseconds.
"""

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from render.cards import (
    FAINT,
    FAST_PNG_LEVEL,
    FELT,
    FLAT_PALETTE,
    GOLD,
    RGB,
    SLOT_FILL,
    TEXT_LOCK,
    WHITE,
    font,
    index_of,
    png_bytes,
    text_image,
)

WIDTH = 550
MARGIN = 16
ROW = 24
"""Height of one row."""
TEXT = 15
TITLE = 17
GAP = 14
"""Room between two columns."""
TITLE_ROOM = 30
"""Room of a one-line title above the headings; each further line of the title adds a :data:`TITLE_LINE`."""
TITLE_LINE = 22
"""Height of one line of the title."""
TITLE_LINES = 2
"""The most lines the title, and the subtitle, are broken onto (past them the last line is cut short)."""
HEADINGS_ROOM = 24


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One entrant's line: rank, name, then the figures (as many as there are headings after the name)."""

    cells: tuple[str, ...]
    lit: bool = False


@dataclass(frozen=True, slots=True)
class StandingsTable:
    """What the picture shows: ``headings`` name the columns of every row's ``cells``."""

    title: str
    headings: tuple[str, ...]
    rows: tuple[StandingsRow, ...]
    subtitle: str = ""
    """A line under the title (what the standings are: after which round, final), or none."""

    def __post_init__(self) -> None:
        if len(self.headings) < 2 or any(len(row.cells) != len(self.headings) for row in self.rows):
            raise ValueError("every row needs a rank, a name and one cell per figure heading")


@lru_cache(maxsize=4096)
def _metrics(text: str, size: int, bold: bool) -> tuple[float, int, int]:
    """How wide ``text`` is drawn, and where its ink starts from the ``"lm"`` anchor (left, top); cached,
    as measuring is most of a picture's time."""
    with TEXT_LOCK:
        face = font(size, bold)
        left, top, _, _ = face.getbbox(text, anchor="lm")
        return face.getlength(text), int(left), int(top)


def text_width(text: str, size: int, bold: bool = False) -> float:
    """How wide ``text`` is drawn, in pixels."""
    return _metrics(text, size, bold)[0]


def fitted(text: str, size: int, room: float, bold: bool = False) -> str:
    """``text``, cut short with an ellipsis so that it fits ``room`` pixels."""
    if text_width(text, size, bold) <= room:
        return text
    with TEXT_LOCK:
        face = font(size, bold)
        while text and face.getlength(text + "…") > room:
            text = text[:-1]
    return text.rstrip() + "…"


def wrapped(text: str, size: int, room: float, bold: bool = False, most: int = TITLE_LINES) -> tuple[str, ...]:
    """``text`` broken at spaces onto lines at most ``room`` pixels wide, at most ``most`` of them: what is left
    over goes on the last line, which is then cut short (as is a word too long for a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and (len(lines) == most or text_width(joined, size, bold) <= room):
            lines[-1] = joined
        else:
            lines.append(word)
    return tuple(fitted(line, size, room, bold) for line in lines)


@dataclass(frozen=True, slots=True)
class TitleLine:
    """One line of a picture's title as it is drawn."""

    text: str
    size: int
    bold: bool


def title_lines(title: str, subtitle: str = "") -> tuple[TitleLine, ...]:
    """The lines a picture's title takes: the title in bold, then the subtitle, each broken to fit the width."""
    room = WIDTH - 2 * MARGIN
    return (
        *(TitleLine(line, TITLE, True) for line in wrapped(title, TITLE, room, bold=True)),
        *(TitleLine(line, TEXT, False) for line in wrapped(subtitle, TEXT, room)),
    )


def title_room(lines: tuple[TitleLine, ...]) -> int:
    """The height the title's ``lines`` take above what the picture shows under them."""
    return TITLE_ROOM + TITLE_LINE * max(0, len(lines) - 1)


def put_text(
    image: Image.Image,
    text: str,
    at: tuple[float, float],
    size: int,
    colour: RGB,
    ground: RGB = FELT,
    bold: bool = False,
    right: bool = False,
) -> None:
    """Paste ``text`` on the palette ``image``: ``at`` is where its line starts (or ends, when ``right``) and
    the middle of its line's height, as Pillow's ``"lm"`` / ``"rm"`` anchors place text."""
    if not text:
        return
    length, left, top = _metrics(text, size, bold)
    x = at[0] - length if right else at[0]
    image.paste(text_image(text, size, colour, ground, bold), (round(x + left), round(at[1] + top)))


def canvas(height: int) -> Image.Image:
    """An empty felt picture :data:`WIDTH` wide in the shared palette."""
    image = Image.new("P", (WIDTH, height), index_of(FELT))
    image.putpalette(FLAT_PALETTE)
    return image


def put_title(image: Image.Image, lines: tuple[TitleLine, ...]) -> None:
    """The picture's title (:func:`title_lines`), top left."""
    for index, line in enumerate(lines):
        put_text(image, line.text, (MARGIN, MARGIN + 10 + TITLE_LINE * index), line.size, WHITE, bold=line.bold)


def render_standings(table: StandingsTable) -> bytes:
    """PNG bytes of ``table`` (any number of rows, at least a rank and a name column)."""
    lines = title_lines(table.title, table.subtitle)
    head = MARGIN + title_room(lines)
    image = canvas(head + HEADINGS_ROOM + ROW * max(1, len(table.rows)) + MARGIN // 2)
    put_title(image, lines)
    widths = [
        max([text_width(heading, TEXT), *(text_width(row.cells[column], TEXT, column == 2) for row in table.rows)])
        for column, heading in enumerate(table.headings)
    ]
    name_left = MARGIN + widths[0] + GAP
    name_room = WIDTH - MARGIN - name_left - sum(width + GAP for width in widths[2:])
    rights = [MARGIN + widths[0], name_left + name_room]
    for width in widths[2:]:
        rights.append(rights[-1] + GAP + width)
    middle = head + HEADINGS_ROOM // 2
    put_text(image, table.headings[0], (rights[0], middle), TEXT, FAINT, right=True)
    put_text(image, fitted(table.headings[1], TEXT, name_room), (name_left, middle), TEXT, FAINT)
    for right, heading in zip(rights[2:], table.headings[2:]):
        put_text(image, heading, (right, middle), TEXT, FAINT, right=True)
    for index, row in enumerate(table.rows):
        top = head + HEADINGS_ROOM + ROW * index
        ground = SLOT_FILL if index % 2 == 0 else FELT
        if ground == SLOT_FILL:
            image.paste(index_of(SLOT_FILL), (MARGIN // 2, top, WIDTH - MARGIN // 2, top + ROW))
        middle = top + ROW // 2
        colour = GOLD if row.lit else WHITE
        put_text(image, row.cells[0], (rights[0], middle), TEXT, FAINT, ground, right=True)
        put_text(image, fitted(row.cells[1], TEXT, name_room), (name_left, middle), TEXT, colour, ground)
        for column, (right, cell) in enumerate(zip(rights[2:], row.cells[2:])):
            put_text(image, cell, (right, middle), TEXT, colour, ground, bold=column == 0, right=True)
    return png_bytes(image, FAST_PNG_LEVEL)
