"""bot/ui/picture_words: the pictures speak the reader's language. In English they are the pictures render/ draws
by default; in the pseudo-locale no word drawn on any picture is left in English."""

import re
from collections.abc import Callable, Iterator
from dataclasses import fields, is_dataclass
from typing import Any

import pytest

from bot.i18n import ENGLISH, PSEUDO, words_for
from bot.ui import picture_words
from render import cards, peanuts, pebbles, peek, penguin, triplepeaks
from render.labels import (
    ENGLISH_PEANUTS,
    ENGLISH_PEBBLES,
    ENGLISH_PEEK,
    ENGLISH_PENGUIN,
    ENGLISH_TRIPLEPEAKS,
    Plural,
)
from tests.render.scenes import views

LABELS: dict[str, tuple[Callable[[Any], Any], Any]] = {
    "peanuts": (picture_words.peanuts_labels, ENGLISH_PEANUTS),
    "pebbles": (picture_words.pebbles_labels, ENGLISH_PEBBLES),
    "penguin": (picture_words.penguin_labels, ENGLISH_PENGUIN),
    "peek": (picture_words.peek_labels, ENGLISH_PEEK),
    "triplepeaks": (picture_words.triplepeaks_labels, ENGLISH_TRIPLEPEAKS),
}
PICTURES: dict[str, tuple[tuple[int | None, Callable[[Any, Any], bytes]], ...]] = {
    "peanuts": ((None, lambda view, labels: peanuts.render_table(view, labels=labels)),),
    "pebbles": (
        (None, lambda view, labels: pebbles.render_table(view, None, labels)),
        (0, lambda view, labels: pebbles.render_hand(view, labels=labels)),
    ),
    "penguin": ((None, lambda view, labels: penguin.render(view, labels=labels)),),
    "peek": ((None, lambda view, labels: peek.render(view, labels=labels)),),
    "triplepeaks": ((None, lambda view, labels: triplepeaks.render(view, labels=labels)),),
}
COUNTS = range(6)
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
"""Two Latin letters together: an English word (pseudo-words are all accented; card indices stand alone)."""


def _leaves(labels: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Each field of ``labels`` (nested labels too) by its dotted name; a counted word as its forms for
    :data:`COUNTS`."""
    for item in fields(labels):
        value = getattr(labels, item.name)
        if is_dataclass(value) and not isinstance(value, Plural):
            yield from _leaves(value, path + item.name + ".")
        elif callable(value):
            yield path + item.name, tuple(value(n) for n in COUNTS)
        else:
            yield path + item.name, value


@pytest.mark.parametrize("kind", LABELS)
def test_the_english_words_are_renders_english_defaults(kind):
    """Filled from the English catalog, each picture kind's labels are render/'s defaults, so English pictures
    keep their bytes."""
    build, english = LABELS[kind]
    assert dict(_leaves(build(ENGLISH))) == dict(_leaves(english))


@pytest.mark.parametrize("kind", LABELS)
def test_labels_are_built_once_per_language(kind):
    build = LABELS[kind][0]
    assert build(words_for("de")) is build(words_for("de"))
    assert build(words_for(PSEUDO)) is not build(ENGLISH)


@pytest.mark.parametrize("kind", LABELS)
def test_no_english_word_is_drawn_in_the_pseudo_locale(kind, monkeypatch):
    """Every text box of every picture drawn in the pseudo-locale (along random games, at their ends) holds
    pseudo-words, numbers and card indices only; and each picture differs from the English one."""
    drawn: list[str] = []
    text_image, fitting_face = cards.text_image, cards._fitting_face

    def recorded_text(text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(text)
        return text_image(text, *args, **kwargs)

    def recorded_label(text: str, *args: Any) -> Any:
        drawn.append(text)
        return fitting_face(text, *args)

    scenes = [(view, draw) for viewer, draw in PICTURES[kind] for view in views(kind, viewer)[::3]]
    english = [draw(view, LABELS[kind][1]) for view, draw in scenes]
    labels = LABELS[kind][0](words_for(PSEUDO))
    cards.clear_caches()
    monkeypatch.setattr(cards, "text_image", recorded_text)
    monkeypatch.setattr(cards, "_fitting_face", recorded_label)
    try:
        for (view, draw), before in zip(scenes, english, strict=True):
            assert draw(view, labels) != before
    finally:
        monkeypatch.undo()
        cards.clear_caches()
    assert drawn
    assert sorted({text for text in drawn if ENGLISH_WORD.search(text)}) == []
