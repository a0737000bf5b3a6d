"""What a picture in another language costs: each table picture and the Pebbles hand in English and in German side
by side, and in the pseudo-locale (the longest words, which shrink to fit).

Each picture is rendered many times with its sprites warm, timing the render end to end, with the labels of the
language filled from the catalog once (:mod:`bot.ui.picture_words` keeps them per language); the first filling of
a language's labels is timed apart. Prints the median time per picture and language, and the German picture's
size beside the English one (until the German catalog is filled in, German reads as English).
Run with ``.venv/bin/python -m bench.i18n_render``; never fails on time.
"""

import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any, cast

from bench import sized
from bot.i18n import ENGLISH, PSEUDO, Words, words_for
from bot.ui import picture_words
from games.peanuts import GAME as PEANUTS
from games.peek import PeekView
from games.triplepeaks import TriplePeaksView
from render import peanuts, pebbles, peek, penguin, triplepeaks
from render.demo import midgame_view, pebbles_hand_view, pebbles_views, peek_views, triplepeaks_views

ROUNDS = sized(100)
LANGUAGES = {"English": ENGLISH, "German": words_for("de"), "pseudo": words_for(PSEUDO)}


def _pictures() -> dict[str, Callable[[Words], bytes]]:
    """One busy picture of each kind, drawn in the given words."""
    table = pebbles_views()["pebbles-4p-2-decks"]
    hand, playable = pebbles_hand_view()
    peek_view = cast(PeekView, list(peek_views().values())[-1])
    triple_view = cast(TriplePeaksView, list(triplepeaks_views().values())[-1])
    board = PEANUTS.view_for(PEANUTS.new_state(None, 2, 7), None)
    penguin_view = midgame_view()
    return {
        "peanuts board": lambda words: peanuts.render_table(board, labels=picture_words.peanuts_labels(words)),
        "pebbles 4p table": lambda words: pebbles.render_table(table, None, picture_words.pebbles_labels(words)),
        "pebbles hand": lambda words: pebbles.render_hand(
            hand, playable=playable, labels=picture_words.pebbles_labels(words)
        ),
        "penguin table": lambda words: penguin.render(penguin_view, labels=picture_words.penguin_labels(words)),
        "peek table": lambda words: peek.render(peek_view, labels=picture_words.peek_labels(words)),
        "triple peaks table": lambda words: triplepeaks.render(
            triple_view, labels=picture_words.triplepeaks_labels(words)
        ),
    }


def _median_ms(work: Callable[[], Any], rounds: int) -> float:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def _first_labels_ms() -> float:
    """Filling every picture kind's labels for a language not filled before (French)."""
    words = words_for("fr")
    start = time.perf_counter()
    for fill in (
        picture_words.peanuts_labels,
        picture_words.pebbles_labels,
        picture_words.penguin_labels,
        picture_words.peek_labels,
        picture_words.triplepeaks_labels,
    ):
        fill(words)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    print(f"Pictures by language, {ROUNDS} rounds each (median ms; the German picture's size beside the English):")
    print(f"  labels of every picture kind, filled once for a new language: {_first_labels_ms():.2f} ms")
    print("  " + f"{'':<20}" + "".join(f"{name:>10}" for name in LANGUAGES) + "      size en / de")
    for name, draw in _pictures().items():
        for words in LANGUAGES.values():
            draw(words)
        times = [_median_ms(partial(draw, words), ROUNDS) for words in LANGUAGES.values()]
        sizes = f"{len(draw(ENGLISH)) / 1024:6.1f} / {len(draw(LANGUAGES['German'])) / 1024:.1f} KB"
        print(f"  {name:<20}" + "".join(f"{value:10.2f}" for value in times) + "   " + sizes)


if __name__ == "__main__":
    main()
