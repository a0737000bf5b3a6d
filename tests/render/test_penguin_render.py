"""The Penguin table picture and the card sprites: decodable, sized, deterministic, thread-safe."""

import io
import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest
from PIL import Image

from games.base import EndReason, Outcome
from games.cards import DECK, Card, Rank, Suit, parse_cards, standard_deck
from games.penguin import CELLS, GAME, ROWS, PenguinState, PenguinView, normalised_rank
from render import RENDERERS, cards, penguin, render_table
from render.demo import crowded_view, long_column_view, longest_column_view


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _deal(seed: int = 7) -> PenguinState:
    return GAME.new_state(None, 1, seed)


def _view(state: PenguinState) -> PenguinView:
    return GAME.view_for(state, 0)


def _won_state(beak: Card) -> PenguinState:
    """All 52 cards home, each foundation bottom first from the beak's rank."""
    foundations = tuple(
        tuple(sorted((card for card in DECK if card.suit == suit), key=lambda card: normalised_rank(card, beak)))
        for suit in Suit
    )
    return PenguinState(beak, ((),) * 7, (None,) * CELLS, foundations, moves=120)


def _played(seed: int, moves: int) -> list[PenguinState]:
    """A random game: every position along the way."""
    rng = random.Random(seed)
    state = _deal(seed)
    line = [state]
    for _ in range(moves):
        legal = GAME.legal_actions(state, 0)
        if not legal:
            break
        state = GAME.apply_action(state, 0, rng.choice(legal)).state
        line.append(state)
    return line


def _pixel(image: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    return image.convert("RGB").getpixel(xy)


def test_deal_picture_is_a_palette_png_of_the_table_size():
    """A fresh deal renders to a PNG that Pillow decodes, in palette mode, WIDTH x HEIGHT."""
    image = _decode(render_table("penguin", _view(_deal())))
    assert image.format == "PNG"
    assert image.mode == "P"
    assert image.size == (penguin.WIDTH, penguin.HEIGHT)


def test_indices_stay_readable_in_discords_box_even_on_the_tallest_table():
    """Shrunk to Discord's 550-pixel width, a rank index is at least 12 pixels tall, at the deal and
    with the longest column the rules allow (18 cards), which makes the tallest picture."""
    index = cards.index_height(penguin.LOOK)
    for view in (_view(_deal()), longest_column_view()):
        size = _decode(render_table("penguin", view)).size
        assert index * cards.displayed_scale(size) >= cards.MIN_SHOWN_INDEX == 12, (size, index)


def test_deal_picture_is_wide_and_cropped():
    """A deal fills the box's width (4:3 or wider, at most 2:1) and is no taller than its columns or the panel's
    text (at the size a phone reads) need."""
    width, height = penguin.WIDTH, penguin.HEIGHT
    assert 4 / 3 <= width / height <= 2
    columns_end = penguin.COLUMNS_Y + (ROWS - 1) * penguin.FAN + penguin.CARD_H
    assert height == max(columns_end + penguin.BOTTOM, penguin.MIN_HEIGHT)


def test_same_view_gives_the_same_bytes():
    """Rendering is deterministic: equal views (even built separately) give identical bytes."""
    first = render_table("penguin", _view(_deal(11)))
    second = render_table("penguin", _view(_deal(11)))
    assert first == second


def test_different_positions_give_different_pictures():
    """A move changes the picture."""
    line = _played(5, 1)
    assert render_table("penguin", _view(line[0])) != render_table("penguin", _view(line[-1]))


def test_unknown_kind_raises_value_error():
    """A kind without a renderer is refused with ValueError."""
    with pytest.raises(ValueError, match="chess"):
        render_table("chess", _view(_deal()))


def test_registry_maps_penguin_to_its_renderer():
    """render_table dispatches on the kind through RENDERERS."""
    assert RENDERERS["penguin"] is penguin.render


def test_every_position_of_random_games_renders():
    """Positions with empty columns, full cells and resignations all render at the usual size."""
    states = _played(1, 80) + _played(2, 80)
    states.append(GAME.resign(states[-1], 0).state if GAME.outcome(states[-1]) is None else states[-1])
    for state in states[::7] + states[-1:]:
        image = _decode(render_table("penguin", _view(state)))
        assert image.size == (penguin.WIDTH, penguin.picture_height(_view(state)))
        assert penguin.MIN_HEIGHT <= image.size[1] <= penguin.MAX_HEIGHT


def test_public_view_renders_like_the_players_view():
    """The legal actions are not drawn: the public view and seat 0's view give the same picture."""
    state = _played(3, 10)[-1]
    assert render_table("penguin", GAME.view_for(state, None)) == render_table("penguin", GAME.view_for(state, 0))


def test_won_table_shows_the_result_in_gold():
    """A won game gets a gold "Won!" in the panel; a running game has no gold there."""
    won = _view(_won_state(Card(Rank.ACE, Suit.DIAMONDS)))
    assert won.outcome is not None and won.outcome.winners == (0,)
    panel = (penguin.PANEL_X, penguin.PANEL_Y, penguin.PANEL_RIGHT, penguin.MIN_HEIGHT)

    def gold_pixels(view: PenguinView) -> int:
        region = _decode(render_table("penguin", view)).convert("RGB").crop(panel)
        return sum(count for count, colour in region.getcolors(1 << 16) if colour == cards.GOLD)

    assert gold_pixels(won) > 50
    assert gold_pixels(_view(_deal())) == 0


def test_resigned_table_renders():
    """A resigned game renders at the usual size."""
    state = GAME.resign(_deal(), 0).state
    assert GAME.outcome(state).reason is EndReason.RESIGNED
    assert _decode(render_table("penguin", _view(state))).size == (penguin.WIDTH, penguin.HEIGHT)


def test_beak_wears_a_gold_border():
    """The beak (bottom of column 1 at the deal) is outlined in gold, other cards in grey."""
    image = _decode(render_table("penguin", _view(_deal())))
    middle_top = penguin.slot_x(0) + penguin.CARD_W // 2, penguin.COLUMNS_Y + 1
    other_top = penguin.slot_x(1) + penguin.CARD_W // 2, penguin.COLUMNS_Y
    assert _pixel(image, middle_top) == cards.GOLD
    assert _pixel(image, other_top) != cards.GOLD


def test_empty_beak_foundation_is_outlined_in_gold():
    """Until the beak goes home its suit's foundation is an empty place with a gold outline."""
    view = _view(_deal())
    assert not view.foundations[view.beak.suit]
    image = _decode(render_table("penguin", view))
    x, y = penguin.foundation_xy(view.beak.suit)
    assert _pixel(image, (x + penguin.CARD_W // 2, y + 1)) == cards.GOLD


def test_picture_height_follows_the_longest_column():
    """Up to eleven cards a column fans at the full step, and the picture grows with it up to 4:3."""
    view = _view(_deal())
    heights = []
    for length in range(1, 12):
        assert penguin.fan_step(length) == penguin.FAN
        column = (view.columns[0] * 2)[:length]
        heights.append(penguin.picture_height(replace(view, columns=(column,) + ((),) * 6)))
    assert heights[0] == penguin.MIN_HEIGHT
    assert heights == sorted(heights) and heights[-1] <= penguin.MAX_HEIGHT
    assert heights[-1] == penguin.COLUMNS_Y + 10 * penguin.FAN + penguin.CARD_H + penguin.BOTTOM


def test_longer_columns_fan_tighter_then_grow_the_picture():
    """Past eleven cards the fan tightens to keep 4:3, never below MIN_FAN; 18 cards, the most the rules
    allow (seven dealt cards and a run of eleven), make it taller."""
    step = penguin.fan_step(13)
    assert penguin.MIN_FAN <= step < penguin.FAN
    view = longest_column_view()
    assert len(view.columns[0]) == ROWS + 11
    image = _decode(render_table("penguin", view))
    bottom = penguin.COLUMNS_Y + 17 * penguin.MIN_FAN + penguin.CARD_H
    assert penguin.fan_step(18) == penguin.MIN_FAN
    assert image.size == (penguin.WIDTH, bottom + penguin.BOTTOM)
    assert _pixel(image, (penguin.slot_x(0) + penguin.CARD_W // 2, bottom - 3)) == cards.WHITE


def test_very_long_column_makes_the_picture_taller_and_fits():
    """A 26-card column is drawn whole: the picture grows so its last card ends inside it."""
    view = long_column_view()
    assert len(view.columns[0]) == 26
    image = _decode(render_table("penguin", view))
    bottom = penguin.COLUMNS_Y + 25 * penguin.fan_step(26) + penguin.CARD_H
    assert image.size == (penguin.WIDTH, penguin.picture_height(view))
    assert bottom <= image.size[1] - penguin.BOTTOM
    assert _pixel(image, (penguin.slot_x(0) + penguin.CARD_W // 2, bottom - 3)) == cards.WHITE


def test_hundred_card_table_renders():
    """The benchmark's 100-card two-deck table (13-card columns, full cells) renders about 4:3."""
    view = crowded_view()
    image = _decode(render_table("penguin", view))
    assert image.size == (penguin.WIDTH, penguin.picture_height(view))
    assert abs(image.size[1] - penguin.MAX_HEIGHT) <= 2 * penguin.FAN


def test_renders_concurrently_from_a_cold_cache():
    """Eight threads rendering at once, sprites not yet built, give the same bytes as one thread."""
    views = [_view(state) for state in _played(4, 40)[::5]] + [crowded_view()]
    expected = [render_table("penguin", view) for view in views]
    cards.clear_caches()
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda view: render_table("penguin", view), views * 3))
    assert results == expected * 3


def test_card_sprites_are_card_sized_palette_images():
    """Faces, both backs and empty places are CARD_W x CARD_H palette sprites on the shared palette."""
    sprites = [cards.face(card) for card in DECK] + [cards.back(0), cards.back(1), cards.slot()]
    sprites.append(cards.face(DECK[0], "card"))
    for sprite in sprites:
        assert sprite.mode == "P"
        assert sprite.size == (cards.CARD_W, cards.CARD_H)
        assert bytes(sprite.getpalette()) == cards.FLAT_PALETTE


def test_compact_sprites_are_look_sized_with_an_index_as_tall_as_measured():
    """Compact faces, backs and places are LOOK-sized; the rank drawn in the corner is index_height tall."""
    look = cards.COMPACT
    for sprite in (cards.face(DECK[3], look=look), cards.back(1, look=look), cards.slot("K", look=look)):
        assert sprite.size == (look.width, look.height)
    four = cards.face(Card(Rank.FOUR, Suit.SPADES), look=look).convert("RGB")
    left, top = look.index_xy
    ink = [y for y in range(look.corner[1]) if any(four.getpixel((x, y))[0] < 96 for x in range(left, left + 20))]
    assert ink[0] == top
    assert abs(ink[-1] - ink[0] + 1 - cards.index_height(look)) <= 1


def test_sprites_are_built_once():
    """Asking twice for a sprite returns the cached object."""
    card = parse_cards("QH")[0]
    assert cards.face(card) is cards.face(card)
    assert cards.back(1) is cards.back(1)


def test_the_two_backs_differ_and_faces_ignore_the_deck():
    """Deck 0 and deck 1 backs look different; a card's face is the same for both decks."""
    assert cards.back(0).tobytes() != cards.back(1).tobytes()
    blue, red = (_pixel(cards.back(deck), (20, 20)) for deck in (0, 1))
    assert blue[2] > blue[0] and red[0] > red[2]
    first, second = standard_deck(0)[5], standard_deck(1)[5]
    assert cards.face(first).tobytes() == cards.face(second).tobytes()


def test_show_deck_marks_faces_with_their_back_colour():
    """With show_deck, a deck-0 face carries a blue dot and a deck-1 face a red one."""
    first, second = standard_deck(0)[5], standard_deck(1)[5]
    dot = (cards.CARD_W - 11, 12)
    assert _pixel(cards.face(first, show_deck=True), dot) == cards.BLUE
    assert _pixel(cards.face(second, show_deck=True), dot) == cards.CRIMSON
    assert _pixel(cards.face(first), dot) == cards.WHITE


def test_every_face_is_distinct():
    """No two of the 52 faces are drawn alike."""
    assert len({cards.face(card).tobytes() for card in DECK}) == 52


def test_red_suits_are_red_and_black_suits_black():
    """Diamonds and hearts use the red ink, clubs and spades the black one."""
    for card in (Card(Rank.FIVE, suit) for suit in Suit):
        colours = {colour for _, colour in cards.face(card).convert("RGB").getcolors(4096)}
        assert (cards.RED in colours) == card.is_red
        assert (cards.BLACK in colours) != card.is_red


def test_palette_holds_every_named_colour():
    """The shared palette has at most 256 entries and every named colour exactly."""
    assert len(cards.PALETTE) <= 256
    for colour in (cards.FELT, cards.WHITE, cards.BLACK, cards.RED, cards.GOLD, cards.BLUE, cards.CRIMSON):
        assert cards.PALETTE[cards.index_of(colour)] == colour


def test_panel_text_stays_inside_the_picture():
    """Long texts (a big move count, a "10" beak, "No moves left") end inside the right and bottom margins."""
    view = replace(
        _view(_deal()),
        beak=Card(Rank.TEN, Suit.DIAMONDS),
        columns=((),) * 7,
        moves=99999,
        outcome=Outcome(scores=(3,), winners=(), reason=EndReason.COMPLETED),
    )
    image = _decode(render_table("penguin", view)).convert("RGB")
    assert image.size[1] == penguin.picture_height(view) >= penguin.MIN_HEIGHT
    right = image.crop((penguin.PANEL_RIGHT, 0, penguin.WIDTH, image.size[1]))
    bottom = image.crop((0, image.size[1] - penguin.BOTTOM, penguin.WIDTH, image.size[1]))
    for margin in (right, bottom):
        assert [colour for _, colour in margin.getcolors(1 << 16)] == [cards.FELT]


def _lit(image: Image.Image, xy: tuple[int, int]) -> bool:
    """Whether the pixel at ``xy``, a card's or a place's top edge, is in the highlight colour."""
    return _pixel(image, xy) == cards.HIGHLIGHT


def test_nothing_is_highlighted_by_default():
    """Without picked and targets no highlight colour appears, and the bytes are those of render(view)."""
    view = _view(_played(2, 60)[-1])
    image = _decode(penguin.render(view)).convert("RGB")
    assert cards.HIGHLIGHT not in {colour for _, colour in image.getcolors(1 << 16)}
    assert penguin.render(view, picked=None, targets=()) == render_table("penguin", view)


def test_picked_tail_and_its_destinations_are_outlined():
    """A picked tail's cards, a destination column's top, the lowest empty cell and the foundation of
    the picked card's suit wear the highlight; the card under the tail and other places do not."""
    state = _deal()
    view = _view(replace(state, cells=(DECK[20], None, None, None, None, None, None)))
    picked, length = "c3:2", len(view.columns[2])
    image = _decode(penguin.render(view, picked=picked, targets=("c5", "k", "f")))
    step = penguin.fan_step(length)
    top_of = [penguin.COLUMNS_Y + depth * step for depth in range(length)]
    middle = penguin.slot_x(2) + penguin.CARD_W // 2
    assert _lit(image, (middle, top_of[-1] + 1)) and _lit(image, (middle, top_of[-2] + 1))
    assert not _lit(image, (middle, top_of[-3] + 1))
    column_5_top = penguin.COLUMNS_Y + (len(view.columns[4]) - 1) * penguin.fan_step(len(view.columns[4]))
    assert _lit(image, (penguin.slot_x(4) + penguin.CARD_W // 2, column_5_top + 1))
    assert not _lit(image, (penguin.slot_x(5) + penguin.CARD_W // 2, column_5_top + 1))
    assert [_lit(image, (penguin.slot_x(cell) + penguin.CARD_W // 2, penguin.TOP + 1)) for cell in range(3)] == [
        False,
        True,
        False,
    ]
    suit = view.columns[2][-2].suit
    for other in Suit:
        x, y = penguin.foundation_xy(other)
        assert _lit(image, (x + penguin.CARD_W // 2, y + 1)) == (other == suit), other


def test_a_picked_cell_and_an_empty_column_are_outlined():
    """A picked cell card and an empty column as its destination wear the highlight."""
    view = _view(_deal())
    view = replace(view, columns=((),) + view.columns[1:], cells=(None, DECK[20]) + (None,) * 5)
    image = _decode(penguin.render(view, picked="k2", targets=["c1"]))
    assert _lit(image, (penguin.slot_x(1) + penguin.CARD_W // 2, penguin.TOP + 1))
    assert _lit(image, (penguin.slot_x(0) + penguin.CARD_W // 2, penguin.COLUMNS_Y + 1))


@pytest.mark.parametrize(
    ("picked", "targets"), [("c8", ()), ("x1", ()), ("c1:0", ()), ("c1", ("f2",)), ("c1", ("c9",))]
)
def test_malformed_codes_are_refused(picked, targets):
    """A code that is no Penguin source or destination raises ValueError."""
    with pytest.raises(ValueError):
        penguin.render(_view(_deal()), picked=picked, targets=targets)


def test_a_stale_pick_lights_nothing():
    """A pick naming no card here (an empty cell, a tail longer than its column) lights nothing, nor does "f"."""
    view = _view(_deal())
    plain = penguin.render(view)
    assert penguin.render(view, picked="k3", targets=("f",)) == plain
    assert penguin.render(view, picked="c2:8", targets=("f",)) == plain
