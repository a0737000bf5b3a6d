"""What a translated answer costs: one table's text and one table picture, in English and in German, side by side.

The text is everything a Penguin mid-game position says in words: each legal move's name (the move list and
its autocomplete) and the scoreboard's column heads, worded through the catalog (``Words.phrase``), with
the catalog already loaded (it is read once per process). The picture is that position's table, rendered
end to end after one warm-up render (the sprite cache); the words a picture draws reach render as plain strings
(its labels), so a language changes no drawing work. Prints the median time of each in microseconds, English
and German, and German's extra time.

Run with ``.venv/bin/python -m bench.i18n``. Prints figures; never fails on time.
"""

import statistics
import time
from collections.abc import Callable

from bench import sized
from bot.cogs.general import scoreboard_text
from bot.i18n import ENGLISH, Words, words_for
from bot.store import ScoreRow
from bot.ui import picture_words
from games.penguin import GAME
from render import penguin
from render.demo import _solved_line

TEXT_ROUNDS = sized(2000)
PICTURE_ROUNDS = sized(100)
ROWS = [ScoreRow(1, games=12, wins=7, best=52), ScoreRow(2, games=3, wins=0, best=18)]


def _median_us(work: Callable[[], object], rounds: int) -> float:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        samples.append((time.perf_counter() - start) * 1e6)
    return statistics.median(samples)


def main() -> None:
    state = _solved_line()[len(_solved_line()) // 2]
    actions = GAME.legal_actions(state, 0)
    view = GAME.view_for(state, 0)
    german = words_for("de")

    def text(words: Words) -> Callable[[], str]:
        return lambda: "\n".join([*(words.phrase(action.phrase) for action in actions), scoreboard_text(ROWS, words)])

    def picture(words: Words) -> Callable[[], bytes]:
        labels = picture_words.penguin_labels(words)
        return lambda: penguin.render(view, labels=labels)

    penguin.render(view)

    print(f"i18n: one table's words ({len(actions)} moves and a scoreboard) and its picture, median")
    print(f"{'':>10} {'English':>10} {'German':>10} {'extra':>8}")
    for name, make, rounds in (("text", text, TEXT_ROUNDS), ("picture", picture, PICTURE_ROUNDS)):
        english, other = _median_us(make(ENGLISH), rounds), _median_us(make(german), rounds)
        print(f"{name:>10} {english:>8.0f}µs {other:>8.0f}µs {other - english:>+6.0f}µs")


if __name__ == "__main__":
    main()
