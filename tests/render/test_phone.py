"""Every picture stays legible on a phone: rendered, then shown :data:`render.cards.PHONE_WIDTH` (320) pixels wide,
no text it draws (a card's index, a label, a count, a name) is smaller than :data:`render.cards.LEAST_PHONE_ASCENT`.

The width: Discord shows a message's picture across the message and shrinks it by width, keeping its shape, never
enlarging it. On a 360-dp phone (the most common Android width) the message column leaves about 320 CSS pixels for
it; Discord publishes no figure, so this is an estimate, and a generous one for smaller phones.

The measure: a text's *ascent on the phone*, its font's ascent (the height above the baseline FreeType gives its
tallest letters: 0.93 em in DejaVu Sans, see :data:`render.cards.ASCENT`) times the font size it is drawn at in
picture pixels, times 320 / the picture's width. It depends on the font size alone, not on which letters a text
happens to hold (``"won"`` and ``"Won"`` are judged alike), and it is close to the CSS font size a reader would
see. WCAG sets no least size in pixels; type of about 9 px is the smallest commonly held readable on a phone
(much printed guidance gives 9 pt as the floor for fine print, and phone platforms ask 11 to 12 for body text), and
9 px of DejaVu Sans has an ascent of 8.4 px: hence 8 px. Its capitals are then 6.3 px tall, its lower case 4.7.

How it is measured: every text of every picture is drawn through :func:`render.cards.draw_text` (the text strips
of :func:`render.cards.text_image`, the indices and labels drawn into supersampled sprites, the charts), which this
test wraps to record each text's font size in picture pixels. Sprites and text strips are cached, so the caches are
emptied first and every text a batch of pictures needs is drawn while it is recorded.
"""

import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

import pytest
from PIL import Image, ImageDraw, ImageFont

import render
from bot.i18n import ENGLISH, PSEUDO, words_for
from bot.ui.picture_words import peanuts_labels, pebbles_labels, peek_labels, penguin_labels, triplepeaks_labels
from render import bracket, cards, chart, peanuts, pebbles, peek, penguin, standings, triplepeaks
from render.demo import bracket_picture, standings_table
from render.labels import DeckStyle
from tests.render.scenes import views


@dataclass(frozen=True)
class Drawn:
    """One text as drawn: its characters and its font size in picture pixels."""

    text: str
    size: float


def _phone_ascent(size: float, width: int) -> float:
    """How tall a text's ascent is once its picture, ``width`` pixels wide, is shown on a phone."""
    return size * cards.ASCENT * cards.PHONE_WIDTH / width


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """Every text drawn while the test runs, with empty caches at its start."""
    record: list[Drawn] = []
    draw_text = cards.draw_text

    def recording(
        draw: ImageDraw.ImageDraw,
        xy: tuple[float, float],
        text: str,
        face: ImageFont.FreeTypeFont,
        fill: cards.RGB | int,
        scale: int = 1,
        anchor: str | None = None,
    ) -> None:
        record.append(Drawn(text, face.size / scale))
        draw_text(draw, xy, text, face, fill, scale, anchor)

    monkeypatch.setattr(cards, "draw_text", recording)
    cards.clear_caches()
    yield record
    cards.clear_caches()


def _widths(pictures: Iterable[bytes]) -> set[int]:
    return {Image.open(io.BytesIO(png)).width for png in pictures}


def _check(drawn: list[Drawn], make: Iterable[Callable[[], bytes]]) -> None:
    """Render every picture of ``make`` (all of one width) and check every text they drew reads on a phone."""
    widths = _widths(picture() for picture in make)
    assert len(widths) == 1, widths
    width = widths.pop()
    assert drawn, "no text was recorded: a picture draws text without cards.draw_text"
    small = sorted({(round(_phone_ascent(text.size, width), 2), text.text) for text in drawn})[:5]
    assert _phone_ascent(min(text.size for text in drawn), width) >= cards.LEAST_PHONE_ASCENT, small


def test_least_font_is_the_least_size_that_reads():
    for width in (550, 640, 712, 800):
        size = cards.least_font(width)
        assert _phone_ascent(size, width) >= cards.LEAST_PHONE_ASCENT > _phone_ascent(size - 1, width)


def test_every_text_goes_through_the_recorder(drawn):
    """The wrapper sees the indices and labels drawn into sprites as well as the text strips."""
    cards.slot("waste")
    cards.face(views("triplepeaks")[0].waste[-1], look=cards.COMPACT)
    cards.text_image("stock", 20, cards.LABEL)
    assert {text.text for text in drawn} >= {"waste", "stock"}
    assert any(text.size == cards.COMPACT.index_font for text in drawn)


LOCALES = ("en", "de", PSEUDO)
"""English, German (long words) and the pseudo-locale (every word longer still)."""


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("deck", list(DeckStyle))
def test_triplepeaks_reads_on_a_phone(drawn, locale, deck):
    """The deal, the game along the way and its ends, under every option, in long-worded languages too."""
    labels = triplepeaks_labels(ENGLISH if locale == "en" else words_for(locale), deck)
    _check(drawn, [lambda view=view: triplepeaks.render(view, labels=labels) for view in views("triplepeaks")])


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("deck", list(DeckStyle))
def test_penguin_reads_on_a_phone(drawn, locale, deck):
    """The deal, the game along the way, its ends and a resignation, under both deck styles and in long-worded
    languages: the empty cells' numbers, the beak's rank on its foundation, the panel and the result."""
    labels = penguin_labels(ENGLISH if locale == "en" else words_for(locale), deck)
    _check(drawn, [lambda view=view: penguin.render(view, labels=labels) for view in views("penguin")])


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("deck", list(DeckStyle))
def test_peek_reads_on_a_phone(drawn, locale, deck):
    """The deal with one and three cards a turn, the game along the way, its ends and a resignation: the panel, the
    reserves' numbers, the piles' labels, the grid's headings and its empty places, the redeal mark."""
    labels = peek_labels(ENGLISH if locale == "en" else words_for(locale), deck)
    _check(drawn, [lambda view=view: peek.render(view, labels=labels) for view in views("peek")])


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("deck", list(DeckStyle))
def test_peanuts_reads_on_a_phone(drawn, locale, deck):
    """A race from the deal to its end and a resignation, with the players' names and without (so "Player 1"), the
    playable cards in gold: the panels (stuck, the result), the piles' numbers and labels, the stock's count."""
    labels = peanuts_labels(ENGLISH if locale == "en" else words_for(locale), deck)
    races = views("peanuts")
    names = ("Ada Lovelace", "Grace Hopper")
    _check(
        drawn,
        [
            *(lambda view=view: peanuts.render_table(view, labels=labels) for view in races[::2]),
            *(lambda view=view: peanuts.render_table(view, names=names, labels=labels) for view in races[1::2]),
        ],
    )


def test_triplepeaks_default_words_read_on_a_phone(drawn):
    _check(drawn, [lambda view=view: render.render_table("triplepeaks", view) for view in views("triplepeaks")])


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("deck", list(DeckStyle))
def test_a_pebbles_hand_reads_on_a_phone(drawn, locale, deck):
    """A player's hand along games of two, three and four, with one and two decks; its cards raised (the playable
    ones) and dimmed, tagged melded and new."""
    labels = pebbles_labels(ENGLISH if locale == "en" else words_for(locale), deck)
    hands = [view for view in views("pebbles", 0) if view.hand]
    _check(
        drawn,
        [
            *(lambda view=view: pebbles.render_hand(view, labels=labels) for view in hands[::2]),
            *(
                lambda view=view: pebbles.render_hand(view, playable=view.hand[:2], labels=labels)
                for view in hands[1::2]
            ),
            lambda: pebbles.render_hand(replace(hands[0], hand=()), labels=labels),
            lambda: pebbles.render_hand(
                replace(hands[0], drawn=hands[0].hand[0], melded=((hands[0].hand[0],),) * 4), labels=labels
            ),
        ],
    )


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("deck", list(DeckStyle))
def test_the_pebbles_table_reads_on_a_phone(drawn, locale, deck):
    """Games of two, three and four, with one and two decks (the deck tabs), from the deal through the last deal's
    scores to their ends and resignations, with the players' names and without: the header, the discs, the trick and
    the last one, the rows, the dealer's tag and the legend."""
    labels = pebbles_labels(ENGLISH if locale == "en" else words_for(locale), deck)
    tables = views("pebbles")
    names = ("Ada Lovelace", "Grace Hopper", "Dmitri Alexandrovich", "Bo")
    _check(
        drawn,
        [
            *(lambda view=view: pebbles.render_table(view, labels=labels) for view in tables[::2]),
            *(lambda view=view: pebbles.render_table(view, names[: view.seats], labels) for view in tables[1::2]),
        ],
    )


def test_standings_and_bracket_read_on_a_phone(drawn):
    long = standings.StandingsTable(
        "A tournament with a name far too long for one line of the picture, " * 3,
        ("#", "Player", "Points", "Buchholz", "Sonneborn-Berger", "Games"),
        tuple(
            standings.StandingsRow((str(n), "Dmitri Alexandrovich Karamazov" * 2, "4½", "11½", "30", "5"))
            for n in range(1, 40)
        ),
        subtitle="after round 5 of 5 " * 8,
    )
    _check(
        drawn,
        [
            lambda: standings.render_standings(standings_table()),
            lambda: standings.render_standings(long),
            lambda: bracket.render_bracket(bracket_picture()),
            lambda: bracket.render_bracket(bracket_picture(8, played=3)),
            lambda: bracket.render_bracket(bracket_picture(32, played=1)),
        ],
    )


def test_charts_read_on_a_phone(drawn):
    results = [(score, score == 52) for score in range(0, 53, 4)] * 3
    _check(
        drawn,
        [
            lambda: chart.rating_chart([(1500.0, 350.0)], "Rating 1500 ± 350"),
            lambda: chart.rating_chart([(1500 + 30 * n, 300 - 10 * n) for n in range(25)], "Rating 2220 ± 60"),
            lambda: chart.stats_chart([("Penguin: 34 games, 12 wins, best 52", results), ("Peek", [])], "Games"),
        ],
    )
