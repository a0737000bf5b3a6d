"""How long a table picture takes to render and how big it is.

Renders the Penguin table for a fresh deal, a busy mid-game position (the busiest one on a solved
line) and a made-up table of 100 cards from two decks, and Peek's and Triple Peaks' demo positions,
many times each, timing ``render_table``
end to end (compose + PNG encoding), and prints median and p99 time and the size in bytes. The
Pebbles and Nuts section does the same for its busiest two-deck 4-player table and a 7-card hand
strip with playable cards (``render.pebbles``). Then, for
the busy position, it compares encodings of the same picture: the palette PNG at a few zlib levels
(the chosen one is :data:`render.cards.PNG_COMPRESS_LEVEL`), a plain RGB PNG and lossless WebP.

Run with ``.venv/bin/python -m bench.render``. Prints figures; never fails on time.
"""

import io
import statistics
import time
from collections.abc import Callable

from PIL import Image

from render import cards, pebbles, penguin, render_table
from render.demo import (
    crowded_view,
    deal_view,
    midgame_view,
    pebbles_hand_view,
    pebbles_views,
    peek_views,
    triplepeaks_views,
)

ROUNDS = 200
FORMAT_ROUNDS = 40


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _time(work: Callable[[], bytes], rounds: int) -> tuple[list[float], int]:
    """Run ``work`` ``rounds`` times; return the timings in ms and the size of its last result."""
    samples = []
    size = 0
    for _ in range(rounds):
        start = time.perf_counter()
        size = len(work())
        samples.append((time.perf_counter() - start) * 1000)
    return samples, size


def _line(name: str, samples: list[float], size: int) -> str:
    return (
        f"{name:<34} median {statistics.median(samples):6.2f} ms   p99 {_percentile(samples, 0.99):6.2f} ms   "
        f"{size / 1024:6.1f} KB"
    )


def _encoder(image: Image.Image, **options: object) -> Callable[[], bytes]:
    def encode() -> bytes:
        out = io.BytesIO()
        image.save(out, **options)
        return out.getvalue()

    return encode


def _pebbles() -> None:
    """The busiest Pebbles and Nuts table (4 players, two decks) and a 7-card hand strip."""
    table = pebbles_views()["pebbles-4p-2-decks"]
    hand, playable = pebbles_hand_view()
    work = {
        "pebbles 4p two-deck table": lambda: pebbles.render_table(table),
        "pebbles 7-card hand": lambda: pebbles.render_hand(hand, playable=playable),
    }
    print(f"Pebbles and Nuts, {ROUNDS} rounds each:")
    for name, render in work.items():
        render()
        samples, size = _time(render, ROUNDS)
        print("  " + _line(name, samples, size))


def main() -> None:
    """Print render time and size for each case, then the encodings compared."""
    views = {"penguin deal": deal_view(), "penguin busy mid-game": midgame_view(), "100-card table": crowded_view()}
    cards.clear_caches()
    start = time.perf_counter()
    render_table("penguin", views["penguin deal"])
    print(f"First render, building the sprites it needs: {(time.perf_counter() - start) * 1000:.0f} ms")
    for view in views.values():
        render_table("penguin", view)
    others = {**peek_views(), **triplepeaks_views()}
    for name, view in others.items():
        render_table(name.split("-")[0], view)
    print(f"render_table (compose + PNG), {ROUNDS} rounds each:")
    for name, view in views.items():
        samples, size = _time(lambda view=view: render_table("penguin", view), ROUNDS)
        print("  " + _line(name, samples, size))
    for name, view in others.items():
        samples, size = _time(lambda name=name, view=view: render_table(name.split("-")[0], view), ROUNDS)
        print("  " + _line(name.replace("-", " "), samples, size))
    _pebbles()
    picture = penguin.picture(views["penguin busy mid-game"])
    rgb = picture.convert("RGB")
    encodings = {
        f"palette PNG level {level}": _encoder(picture, format="PNG", optimize=False, compress_level=level)
        for level in sorted({1, 3, cards.PNG_COMPRESS_LEVEL, 9})
    }
    encodings["RGB PNG level 6"] = _encoder(rgb, format="PNG", compress_level=6)
    encodings["WebP lossless"] = _encoder(rgb, format="WEBP", lossless=True, quality=50, method=2)
    print(f"Encoding the busy mid-game picture only ({FORMAT_ROUNDS} rounds each):")
    for name, encode in encodings.items():
        chosen = " (chosen)" if name == f"palette PNG level {cards.PNG_COMPRESS_LEVEL}" else ""
        samples, size = _time(encode, FORMAT_ROUNDS)
        print("  " + _line(name + chosen, samples, size))


if __name__ == "__main__":
    main()
