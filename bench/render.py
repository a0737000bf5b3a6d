"""How long a table picture takes to render and how big it is.

Renders the Penguin table for a fresh deal, a busy mid-game position (the busiest one on a solved
line), the tallest reachable table (an 18-card column) and a made-up table of 100 cards from two
decks, Peek's and Triple Peaks' demo positions, Peanuts' mid-game and busiest boards
(:func:`peanuts_views`), and Pebbles and Nuts' busiest table and a 7-card hand strip, many times
each, timing the render end to end (compose + PNG encoding). It prints median and p99 time, the size
in bytes (the budget is about 8 ms and 32 KB a picture), and for the patiences the picture's size and
how tall a rank index is once Discord has shrunk the picture to its 550-pixel width (at least 12 px
to be readable). Then, for the busy position, it compares encodings of the same picture: the palette PNG
at a few zlib levels (the chosen one is :data:`render.cards.PNG_COMPRESS_LEVEL`), a plain RGB PNG and
lossless WebP.

Run with ``.venv/bin/python -m bench.render``. Prints figures; never fails on time.
"""

import io
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from PIL import Image

from bench import sized
from games.cards import Card, Rank, Suit
from games.peanuts import GAME as PEANUTS
from games.peanuts import Move, PeanutsView
from render import cards, peanuts, pebbles, peek, penguin, render_table, triplepeaks
from render.demo import (
    crowded_view,
    deal_view,
    longest_column_view,
    midgame_view,
    pebbles_hand_view,
    pebbles_views,
    peek_views,
    triplepeaks_views,
)

ROUNDS = sized(200)
FORMAT_ROUNDS = sized(40)
LOOKS = {"penguin": penguin.LOOK, "peek": peek.LOOK, "triplepeaks": triplepeaks.LOOK}


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


def _shown(kind: str, png: bytes) -> str:
    """The picture's size, and its rank indices' height once Discord has shrunk it to its width."""
    size = Image.open(io.BytesIO(png)).size
    index = cards.index_height(LOOKS[kind]) * cards.displayed_scale(size)
    return f"   {size[0]}x{size[1]}, index {index:4.1f} px shown"


def _peanuts_midgame(seed: int = 3, moves: int = 200) -> tuple[PeanutsView, frozenset[Card]]:
    """A deal after ``moves`` random moves (building plays first), and the cards seat 0 may move."""
    rng = random.Random(seed)
    state = PEANUTS.new_state(None, 2, seed)
    for _ in range(moves):
        seat = rng.randrange(2)
        legal = [action for action in PEANUTS.legal_actions(state, seat) if action.code not in ("stuck", "unstuck")]
        builds = [action for action in legal if isinstance(action, Move) and action.dest[0] == "b"]
        state = PEANUTS.apply_action(state, seat, rng.choice(builds or legal)).state
    playable = frozenset(action.card for action in PEANUTS.legal_actions(state, 0) if isinstance(action, Move))
    return PEANUTS.view_for(state, None), playable


def _peanuts_column(seat: int, red_first: bool) -> tuple[Card, ...]:
    """K down to A in alternating colours: the longest column there can be."""
    column = []
    for depth in range(13):
        red = red_first == (depth % 2 == 0)
        suit = (Suit.HEARTS, Suit.DIAMONDS)[depth // 2 % 2] if red else (Suit.SPADES, Suit.CLUBS)[depth // 2 % 2]
        column.append(Card(Rank(13 - depth), suit, seat))
    return tuple(column)


def peanuts_views() -> dict[str, tuple[PeanutsView, frozenset[Card]]]:
    """A Peanuts mid-game with seat 0's movable cards highlighted, and a busier board than play makes.

    The busy board has every column 13 cards long, eight building piles with kings on top, full
    counts and three waste cards a side; its highlight marks each column's top card.
    """
    midgame, playable = _peanuts_midgame()
    players = tuple(
        replace(
            layout,
            tableau=tuple(_peanuts_column(seat, index % 2 == 0) for index in range(7)),
            waste=tuple(Card(Rank(rank), Suit.CLUBS, seat) for rank in (10, 11, 12)),
        )
        for seat, layout in enumerate(midgame.players)
    )
    piles = tuple(tuple(Card(Rank(rank), suit, deck) for rank in range(1, 14)) for deck in (0, 1) for suit in Suit)
    busy = replace(midgame, players=players, piles=piles)
    tops = frozenset(column[-1] for layout in players for column in layout.tableau)
    return {"peanuts mid-game": (midgame, playable), "peanuts busy late-game": (busy, tops)}


def _encoder(image: Image.Image, format: str, **options: int) -> Callable[[], bytes]:
    def encode() -> bytes:
        out = io.BytesIO()
        image.save(out, format, **options)
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
    views = {
        "penguin deal": deal_view(),
        "penguin busy mid-game": midgame_view(),
        "penguin 18-card column": longest_column_view(),
        "100-card table": crowded_view(),
    }
    cards.clear_caches()
    start = time.perf_counter()
    render_table("penguin", views["penguin deal"])
    print(f"First render, building the sprites it needs: {(time.perf_counter() - start) * 1000:.0f} ms")
    for view in views.values():
        render_table("penguin", view)
    others = {**peek_views(), **triplepeaks_views()}
    for name, other in others.items():
        render_table(name.split("-")[0], other)
    print(f"render_table (compose + PNG), {ROUNDS} rounds each:")
    cases: list[tuple[str, str, object]] = [(name, "penguin", view) for name, view in views.items()]
    cases += [(name.replace("-", " "), name.split("-")[0], other) for name, other in others.items()]
    for name, kind, case in cases:
        samples, size = _time(partial(render_table, kind, case), ROUNDS)
        print("  " + _line(name, samples, size) + _shown(kind, render_table(kind, case)))
    names = ["Alice", "Bob"]
    for name, (board, playable) in peanuts_views().items():
        peanuts.render_table(board, names=names, playable=playable)
        samples, size = _time(partial(peanuts.render_table, board, names=names, playable=playable), ROUNDS)
        print("  " + _line(name, samples, size))
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
