"""Every word a picture draws comes from its labels: changing any one label changes some picture, drawn in
English by default, and the shipped font has every letter of the shipped languages."""

from collections.abc import Callable, Iterator
from dataclasses import fields, is_dataclass, replace
from functools import cache
from itertools import pairwise
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from games.base import EndReason
from games.cards import Card, Rank, Suit
from render import cards, chart, peanuts, pebbles, peek, penguin, triplepeaks
from render.labels import (
    ENGLISH_PEANUTS,
    ENGLISH_PEBBLES,
    ENGLISH_PEEK,
    ENGLISH_PENGUIN,
    ENGLISH_TRIPLEPEAKS,
    DeckStyle,
    Plural,
)
from tests.render.scenes import views

Draw = Callable[[Any, Any], bytes]


def _peanuts_views() -> tuple[Any, ...]:
    """Random deals, and a deal that ends in a draw (no winner)."""
    found = views("peanuts")
    ended = next(view for view in found if view.outcome is not None)
    return (*found, replace(ended, outcome=replace(ended.outcome, winners=())))


def _won(found: tuple[Any, ...]) -> Any:
    """The first finished position of ``found`` turned into a win."""
    ended = next(view for view in found if view.outcome is not None)
    return replace(ended, outcome=replace(ended.outcome, winners=(0,)))


def _peek_views() -> tuple[Any, ...]:
    """Random games, one with unlimited redeals, one with an ace for base, and a win."""
    found = views("peek")
    ace = replace(found[0], base=Card(Rank.ACE, Suit.SPADES))
    return (*found, replace(found[0], redeals_left=None), ace, _won(found))


def _triplepeaks_views() -> tuple[Any, ...]:
    """Random games and a win."""
    found = views("triplepeaks")
    return (*found, _won(found))


def _pebbles_views() -> tuple[Any, ...]:
    """Random games, and one won by a partnership (two winners)."""
    found = views("pebbles")
    ended = next(view for view in found if view.outcome is not None and view.seats == 4)
    return (*found, replace(ended, outcome=replace(ended.outcome, winners=(0, 2))))


def _pebbles_resigned_pair() -> tuple[Any, ...]:
    resigned = next(view for view in views("pebbles") if view.outcome is not None and view.seats == 4)
    return (replace(resigned, outcome=replace(resigned.outcome, winners=(0, 2), reason=EndReason.RESIGNED)),)


PICTURES: dict[str, tuple[Any, tuple[tuple[Callable[[], tuple[Any, ...]], Draw], ...]]] = {
    "peanuts": (ENGLISH_PEANUTS, ((_peanuts_views, lambda v, w: peanuts.render_table(v, labels=w)),)),
    "pebbles": (
        ENGLISH_PEBBLES,
        (
            (_pebbles_views, lambda v, w: pebbles.render_table(v, None, w)),
            (_pebbles_resigned_pair, lambda v, w: pebbles.render_table(v, None, w)),
            (lambda: views("pebbles", 0), lambda v, w: pebbles.render_hand(v, labels=w)),
        ),
    ),
    "penguin": (ENGLISH_PENGUIN, ((lambda: views("penguin"), lambda v, w: penguin.render(v, labels=w)),)),
    "peek": (ENGLISH_PEEK, ((_peek_views, lambda v, w: peek.render(v, labels=w)),)),
    "triplepeaks": (ENGLISH_TRIPLEPEAKS, ((_triplepeaks_views, lambda v, w: triplepeaks.render(v, labels=w)),)),
}


def _marked(value: Any) -> Any:
    """The same label visibly changed: a string (placeholders kept), each line of a tuple, a counted word; the
    deck style the other way round."""
    if isinstance(value, DeckStyle):
        return DeckStyle.FOUR_COLOUR if value is DeckStyle.STANDARD else DeckStyle.STANDARD
    if isinstance(value, str):
        return f"\u2039{value}\u203a"
    if isinstance(value, tuple):
        return tuple(_marked(line) for line in value)
    return lambda n: f"\u2039{value(n)}\u203a"


def _variants(labels: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Each leaf field of ``labels`` (nested labels too) changed alone: (its dotted name, the labels)."""
    for item in fields(labels):
        value = getattr(labels, item.name)
        name = path + item.name
        if is_dataclass(value) and not isinstance(value, Plural):
            for inner, changed in _variants(value, name + "."):
                yield inner, replace(labels, **{item.name: changed})
        else:
            yield name, replace(labels, **{item.name: _marked(value)})


@cache
def _english(kind: str, which: int, index: int) -> bytes:
    english, pictures = PICTURES[kind]
    found, draw = pictures[which]
    return draw(found()[index], english)


def _drawn_somewhere(kind: str, labels: Any) -> bool:
    """Whether ``labels`` change one of ``kind``'s pictures."""
    for which, (found, draw) in enumerate(PICTURES[kind][1]):
        for index, view in enumerate(found()):
            if draw(view, labels) != _english(kind, which, index):
                return True
    return False


@pytest.mark.parametrize("kind", PICTURES)
def test_the_english_labels_draw_the_pictures_drawn_without_labels(kind):
    """``labels=`` defaults to English: passing the English labels changes no byte."""
    english, pictures = PICTURES[kind]
    for found, draw in pictures:
        view = found()[-1]
        assert draw(view, english) == draw(view, type(english)())


@pytest.mark.parametrize("kind", PICTURES)
def test_every_label_is_drawn(kind):
    """Changing any single label (every line of a legend, every result word) changes some picture of the kind,
    so no label is left undrawn and no picture word is missing from the labels it is drawn from."""
    undrawn = [name for name, labels in _variants(PICTURES[kind][0]) if not _drawn_somewhere(kind, labels)]
    assert undrawn == []


SAMPLES = {
    "de": "Größe Äpfel Öl Übung ß",
    "fr": "Élève à côté: garçon, fenêtre, naïf, cœur, où",
    "es-ES": "Año, ¿señal? ¡Sí! acción",
    "pt-BR": "Ação, mãe, põe, você, é",
    "pl": "Zażółć gęślą jaźń ĄĆĘŁŃÓŚŹŻ",
    "ru": "Съешь же ещё этих мягких французских булок ЁЙЪ",
}


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("locale", SAMPLES)
def test_the_font_has_every_letter_of_the_shipped_languages(locale, bold):
    """No letter of a shipped language is drawn as the font's missing-glyph box."""
    face = cards.font(20, bold)
    missing = _glyph(face, "\U000f0000")
    absent = [char for char in SAMPLES[locale] if not char.isspace() and _glyph(face, char) == missing]
    assert absent == []


def _glyph(face: ImageFont.FreeTypeFont, char: str) -> bytes:
    image = Image.new("L", (40, 40))
    ImageDraw.Draw(image).text((5, 5), char, font=face, fill=255)
    return image.tobytes()


def test_charts_draw_only_the_words_they_are_given():
    """The charts' captions and headings are the caller's words, Cyrillic as well as Latin."""
    english = chart.stats_chart([("Penguin: 3 games", [(10, True)])], "Ann: the latest 1 results")
    russian = chart.stats_chart([("Пингвин: 3 игры", [(10, True)])], "Аня: последние 1 результат")
    assert english != russian
    assert chart.rating_chart([(20.0, 2.0)], "Пингвин: Аня") != chart.rating_chart([(20.0, 2.0)], "Penguin: Ann")


def test_a_text_too_wide_for_its_room_shrinks_then_is_cut_short():
    """A text that fits is the plain text strip; a longer one is drawn smaller, down to three quarters of its size,
    and past that cut short with an ellipsis: never wider than its room."""
    plain = cards.text_image("Draw pile: 12", 16, cards.LABEL)
    assert cards.fitted_text("Draw pile: 12", 16, cards.LABEL, plain.width).tobytes() == plain.tobytes()
    smaller = cards.fitted_text("Draw pile: 12", 16, cards.LABEL, plain.width - 2)
    assert smaller.width <= plain.width - 2 and smaller.height < plain.height
    long = "Stapel zum Nachziehen: 12 " * 4
    cut = cards.fitted_text(long, 16, cards.LABEL, 120)
    assert cut.width <= 120
    prefixes = (cards.text_image(long[:end].rstrip() + "\u2026", 12, cards.LABEL) for end in range(1, len(long)))
    assert any(cut.tobytes() == prefix.tobytes() for prefix in prefixes)


@pytest.mark.parametrize("bold", [False, True])
def test_a_sentence_too_long_for_its_room_takes_more_lines_at_its_size(bold):
    """A text wider than its room is broken at its spaces into lines each within the room, drawn at the size asked
    (never smaller); together they are the text; one that fits is a single line, the plain text strip."""
    text = "Eine Karte kommt dorthin, wo der Zielstapel links daneben ihren Wert schon hat"
    lines = cards.wrap(text, 19, 200, bold)
    assert len(lines) > 2 and " ".join(lines) == text
    images = cards.wrapped_text(text, 19, cards.LABEL, 200, bold=bold)
    for line, image in zip(lines, images, strict=True):
        assert image.width <= 200
        assert image.tobytes() == cards.text_image(line, 19, cards.LABEL, bold=bold).tobytes()
    for line, after in pairwise(lines):
        assert cards.text_image(f"{line} {after.split()[0]}", 19, cards.LABEL, bold=bold).width > 200
    short = cards.wrapped_text("Moves 4", 19, cards.LABEL, 200, bold=bold)
    assert [image.tobytes() for image in short] == [cards.text_image("Moves 4", 19, cards.LABEL, bold=bold).tobytes()]


def test_a_word_wider_than_its_room_is_cut_short_on_its_line():
    """A single word wider than the room is cut short with an ellipsis at the size asked, not shrunk."""
    word = "Donaudampfschifffahrtsgesellschaftskapitän"
    (image,) = cards.wrapped_text(word, 19, cards.LABEL, 150)
    assert image.width <= 150
    prefixes = (cards.text_image(word[:end] + "\u2026", 19, cards.LABEL) for end in range(1, len(word)))
    assert any(image.tobytes() == prefix.tobytes() for prefix in prefixes)


@pytest.mark.parametrize("label", ["cell 1", "ячейка 1", "Zelle 1", "\u2039komórka 1\u203a"])
def test_an_empty_places_label_shrinks_to_its_place(label):
    """A label of an empty place wider than the place is drawn smaller, so its ends stay on the card."""
    face = cards._fitting_face(label, 24, penguin.CARD_W - cards.SLOT_LABEL_PAD)
    left, _, right, _ = face.getbbox(label)
    assert right - left <= (penguin.CARD_W - cards.SLOT_LABEL_PAD) * cards.SCALE
