"""Small charts drawn with Pillow like the tables: a rating over a player's rated games, and a player's
stats (per game: totals and the latest scores).

Made for the width Discord shows a picture at (:data:`render.cards.DISPLAY_WIDTH`): 550 wide on the
felt, labels at least 13 pixels tall. The rating is a gold line over a faint band of its uncertainty,
the first and last values written at the ends. The stats have a row per game: its name and totals
above the latest scores as bars, gold for a win.
"""

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import cards
from render.cards import FELT, GOLD, TEXT_LOCK, WHITE, font, png_bytes

WIDTH = 550
HEIGHT = 200
MARGIN = 16
LEFT = 52
"""Room for the value labels on the left."""
BAND = (64, 134, 98)
GRID = (52, 120, 84)
ROW = 78
"""Height of one game's row in the stats."""
BAR_GAP = 2


def rating_chart(points: Sequence[tuple[float, float]], caption: str) -> bytes:
    """PNG bytes: ``points`` are (rating, uncertainty) after each game, oldest first (at least one)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    draw = ImageDraw.Draw(image)
    values = [value for value, _ in points]
    low = min(value - spread for value, spread in points)
    high = max(value + spread for value, spread in points)
    if high - low < 1:
        low, high = low - 1, high + 1
    top, bottom, right = MARGIN + 22, HEIGHT - MARGIN, WIDTH - MARGIN

    def x(index: int) -> float:
        return LEFT + (right - LEFT) * (index / max(1, len(points) - 1))

    def y(value: float) -> float:
        return bottom - (bottom - top) * (value - low) / (high - low)

    with TEXT_LOCK:
        small, label = font(15), font(16, bold=True)
        for value in (low, (low + high) / 2, high):
            draw.line([(LEFT, y(value)), (right, y(value))], fill=GRID, width=1)
            cards.draw_text(draw, (LEFT - 6, y(value)), f"{value:.0f}", small, WHITE, anchor="rm")
        cards.draw_text(draw, (LEFT, MARGIN), caption, label, WHITE)
        band = [(x(i), y(v + s)) for i, (v, s) in enumerate(points)]
        band += [(x(i), y(v - s)) for i, (v, s) in reversed(list(enumerate(points)))]
        if len(points) > 1:
            draw.polygon(band, fill=BAND)
            draw.line([(x(i), y(v)) for i, v in enumerate(values)], fill=GOLD, width=3, joint="curve")
        for i in (0, len(points) - 1):
            draw.ellipse([x(i) - 4, y(values[i]) - 4, x(i) + 4, y(values[i]) + 4], fill=GOLD)
    return png_bytes(image.convert("P", palette=Image.Palette.ADAPTIVE, colors=32))


def stats_chart(rows: Sequence[tuple[str, Sequence[tuple[int, bool]]]], caption: str) -> bytes:
    """PNG bytes: per game (its heading, e.g. "Penguin: 34 games, 12 wins, best 52") the latest (score,
    won) results, oldest first, as bars scaled to that game's scores (at least one row)."""
    height = MARGIN + 26 + ROW * len(rows) + MARGIN // 2
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    with TEXT_LOCK:
        label, small = font(16, bold=True), font(15)
        cards.draw_text(draw, (MARGIN, MARGIN), caption, label, WHITE)
        for number, (heading, results) in enumerate(rows):
            top = MARGIN + 26 + ROW * number
            cards.draw_text(draw, (MARGIN, top), heading, small, WHITE)
            base, room = top + ROW - 10, ROW - 32
            draw.line([(MARGIN, base), (WIDTH - MARGIN, base)], fill=GRID, width=1)
            if not results:
                continue
            low = min(0, *(score for score, _ in results))
            high = max(1, *(score for score, _ in results))
            width = (WIDTH - 2 * MARGIN) / max(len(results), 20)
            for index, (score, won) in enumerate(results):
                left = MARGIN + index * width
                tall = max(2.0, room * (score - low) / (high - low))
                draw.rectangle([left, base - tall, left + width - BAR_GAP, base], fill=GOLD if won else BAND)
    return png_bytes(image.convert("P", palette=Image.Palette.ADAPTIVE, colors=32))
