"""The tournament pictures: standings and knockout brackets decode, are 550 wide and deterministic, draw
every row and every box, and refuse a shape they cannot draw."""

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from render import bracket, cards, standings
from render.bracket import BracketMatch, BracketPicture, render_bracket
from render.demo import bracket_picture, standings_table
from render.standings import StandingsRow, StandingsTable, render_standings


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def _colours(image: Image.Image, box: tuple[int, int, int, int]) -> set[tuple[int, int, int]]:
    return {colour for _, colour in image.crop(box).getcolors(maxcolors=4096) or ()}


def _row_top(index: int) -> int:
    return standings.MARGIN + standings.TITLE_ROOM + standings.HEADINGS_ROOM + standings.ROW * index


@pytest.mark.parametrize("rows", [1, 12, 64])
def test_the_standings_are_550_wide_deterministic_and_as_tall_as_their_rows(rows):
    """Same table, same bytes; one row's height more per entrant."""
    table = standings_table(rows)
    png = render_standings(table)
    assert png == render_standings(table)
    image = _decode(png)
    assert image.size == (cards.DISPLAY_WIDTH, _row_top(rows) + standings.MARGIN // 2)


def test_every_standings_row_is_drawn_with_its_name_and_figures():
    """Each row's band holds white text at the name and at the last figure; the lit row is gold instead."""
    table = standings_table(30)
    image = _decode(render_standings(table))
    for index, row in enumerate(table.rows):
        top = _row_top(index)
        name = _colours(image, (60, top, 200, top + standings.ROW))
        last = _colours(image, (standings.WIDTH - 60, top, standings.WIDTH - standings.MARGIN, top + standings.ROW))
        ink = cards.GOLD if row.lit else cards.WHITE
        assert ink in name and ink in last, index
        assert (cards.GOLD in name) == row.lit


def test_a_long_name_is_cut_short_to_fit():
    """A name wider than its column ends in an ellipsis and never runs into the figures."""
    long = StandingsTable("T", ("#", "Name", "Pts"), (StandingsRow(("1", "W" * 80, "3")),))
    assert standings.fitted("W" * 80, standings.TEXT, 300).endswith("…")
    image = _decode(render_standings(long))
    top = _row_top(0)
    gap = _colours(image, (standings.WIDTH - standings.MARGIN - 30, top, standings.WIDTH - 30, top + standings.ROW))
    assert cards.WHITE not in gap


def test_a_standings_row_must_fill_every_column():
    """A row with fewer cells than headings is refused."""
    with pytest.raises(ValueError):
        StandingsTable("T", ("#", "Name", "Pts"), (StandingsRow(("1", "Alice")),))


def test_the_pictures_can_be_drawn_in_threads():
    """Renders run in worker threads: drawn four at a time, they are the bytes drawn one at a time."""
    work = [lambda: render_standings(standings_table(20)), lambda: render_bracket(bracket_picture(16))] * 4
    alone = [job() for job in work]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(lambda job: job(), work)) == alone


@pytest.mark.parametrize("players", [2, 3, 6, 12, 64])
def test_a_bracket_is_550_wide_deterministic_and_as_tall_as_its_first_round(players):
    """Same bracket, same bytes; a box and a gap per first-round match."""
    picture = bracket_picture(players, played=2)
    png = render_bracket(picture)
    assert png == render_bracket(picture)
    first = len(picture.rounds[0])
    top = standings.MARGIN + standings.TITLE_ROOM + bracket.HEADINGS_ROOM
    assert _decode(png).size == (cards.DISPLAY_WIDTH, top + first * (2 * bracket.LINE + bracket.SPACING) + 8)


def test_every_box_is_drawn_and_the_final_winner_is_gold():
    """Every first-round box holds white names; the champion's name is the only gold."""
    picture = bracket_picture(8, played=3)
    image = _decode(render_bracket(picture))
    top = standings.MARGIN + standings.TITLE_ROOM + bracket.HEADINGS_ROOM
    column = (standings.WIDTH - 2 * standings.MARGIN + bracket.LINK) / 3
    for index in range(4):
        y = top + index * (2 * bracket.LINE + bracket.SPACING)
        box = _colours(
            image, (standings.MARGIN + 2, y + 2, round(standings.MARGIN + column - bracket.LINK), y + 2 * bracket.LINE)
        )
        assert cards.SLOT_FILL in box and cards.WHITE in box and cards.GOLD not in box
    final = _colours(image, (round(standings.MARGIN + 2 * column), top, standings.WIDTH, image.height))
    assert cards.GOLD in final
    undecided = _decode(render_bracket(bracket_picture(8, played=2)))
    assert cards.GOLD not in _colours(undecided, (0, 0, undecided.width, undecided.height))


def test_a_bracket_must_halve_round_by_round():
    """Rounds that do not halve down to a final, or headings that do not match them, are refused."""
    match = BracketMatch("A", "B")
    with pytest.raises(ValueError):
        BracketPicture("T", ("1", "2"), ((match, match, match), (match,)))
    with pytest.raises(ValueError):
        BracketPicture("T", ("1",), ((match, match), (match,)))
    assert BracketPicture("T", ("Final",), ((match,),)).rounds


def test_a_long_title_goes_on_a_second_line_and_the_picture_grows_by_it():
    """A title wider than the picture is broken at a space, not cut; the subtitle goes under it; each line adds
    one title line's height, and there is ink on every line. Past two lines the rest is cut short."""
    title = "Pebbles and Nuts tournament #12345: Round robin, the long-named one"
    lines = standings.title_lines(title, "Standings after round 20")
    assert [line.bold for line in lines] == [True, True, False]
    assert " ".join(line.text for line in lines[:2]) == title
    short = StandingsTable("T", ("#", "Name", "Pts"), (StandingsRow(("1", "Alice", "3")),))
    long = StandingsTable(title, ("#", "Name", "Pts"), (StandingsRow(("1", "Alice", "3")),), "Standings after round 20")
    image = _decode(render_standings(long))
    assert image.height == _decode(render_standings(short)).height + 2 * standings.TITLE_LINE
    for index in range(3):
        middle = standings.MARGIN + 10 + standings.TITLE_LINE * index
        assert cards.WHITE in _colours(image, (standings.MARGIN, middle - 6, 200, middle + 6)), index
    endless = standings.wrapped("word " * 200, standings.TITLE, 300, bold=True)
    assert len(endless) == standings.TITLE_LINES and endless[-1].endswith("…")
