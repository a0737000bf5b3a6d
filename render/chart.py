"""A small line chart of a rating over a player's rated games, drawn with Pillow like the tables.

Made for the width Discord shows a picture at (:data:`render.cards.DISPLAY_WIDTH`): 550 x 200 on
the felt, the rating after each game as a gold line over a faint band of its uncertainty, the first
and last values written at the ends, labels at least 13 pixels tall.
"""

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.cards import FELT, GOLD, TEXT_LOCK, WHITE, font, png_bytes

WIDTH = 550
HEIGHT = 200
MARGIN = 16
LEFT = 52
"""Room for the value labels on the left."""
BAND = (64, 134, 98)
GRID = (52, 120, 84)


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
        small, label = font(13), font(15, bold=True)
        for value in (low, (low + high) / 2, high):
            draw.line([(LEFT, y(value)), (right, y(value))], fill=GRID, width=1)
            draw.text((LEFT - 6, y(value)), f"{value:.0f}", fill=WHITE, font=small, anchor="rm")
        draw.text((LEFT, MARGIN), caption, fill=WHITE, font=label)
        band = [(x(i), y(v + s)) for i, (v, s) in enumerate(points)]
        band += [(x(i), y(v - s)) for i, (v, s) in reversed(list(enumerate(points)))]
        if len(points) > 1:
            draw.polygon(band, fill=BAND)
            draw.line([(x(i), y(v)) for i, v in enumerate(values)], fill=GOLD, width=3, joint="curve")
        for i in (0, len(points) - 1):
            draw.ellipse([x(i) - 4, y(values[i]) - 4, x(i) + 4, y(values[i]) + 4], fill=GOLD)
    return png_bytes(image.convert("P", palette=Image.Palette.ADAPTIVE, colors=32))
