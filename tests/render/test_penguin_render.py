"""The Penguin table picture and the card sprites: decodable, sized, deterministic, thread-safe."""

import io
import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest
from PIL import Image

from games.base import EndReason
from games.cards import DECK, Card, Rank, Suit, parse_cards, standard_deck
from games.penguin import CELLS, GAME, PenguinState, PenguinView, normalised_rank
from render import RENDERERS, cards, penguin, render_table
from render.demo import crowded_view, long_column_view


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


def test_width_suits_discord():
    """The picture is between 900 and 1000 pixels wide."""
    assert 900 <= penguin.WIDTH <= 1000


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
        assert image.size[0] == penguin.WIDTH
        assert image.size[1] == penguin.picture_height(_view(state)) == penguin.HEIGHT


def test_public_view_renders_like_the_players_view():
    """The legal actions are not drawn: the public view and seat 0's view give the same picture."""
    state = _played(3, 10)[-1]
    assert render_table("penguin", GAME.view_for(state, None)) == render_table("penguin", GAME.view_for(state, 0))


def test_won_table_shows_the_result_in_gold():
    """A won game gets a gold "Won!" in the panel; a running game has no gold there."""
    won = _view(_won_state(Card(Rank.ACE, Suit.DIAMONDS)))
    assert won.outcome is not None and won.outcome.winners == (0,)
    panel = (penguin.MARGIN, penguin.TOP, penguin.PANEL_RIGHT, penguin.TOP + 40)

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
    middle_top = penguin.slot_x(0) + cards.CARD_W // 2, penguin.COLUMNS_Y + 1
    other_top = penguin.slot_x(1) + cards.CARD_W // 2, penguin.COLUMNS_Y
    assert _pixel(image, middle_top) == cards.GOLD
    assert _pixel(image, other_top) != cards.GOLD


def test_empty_beak_foundation_is_outlined_in_gold():
    """Until the beak goes home its suit's foundation is an empty place with a gold outline."""
    view = _view(_deal())
    assert not view.foundations[view.beak.suit]
    image = _decode(render_table("penguin", view))
    x = penguin.slot_x(3 + view.beak.suit) + cards.CARD_W // 2
    assert _pixel(image, (x, penguin.TOP + 1)) == cards.GOLD


def test_columns_up_to_seventeen_cards_use_the_full_fan():
    """Up to 17 cards a column fans at the full step."""
    assert penguin.fan_step(17) == penguin.FAN
    assert penguin.COLUMNS_Y + 16 * penguin.FAN + cards.CARD_H <= penguin.HEIGHT


def test_a_twenty_card_column_fits_the_usual_picture():
    """Longer columns fan tighter, never below MIN_FAN, and 20 cards still fit the usual height."""
    step = penguin.fan_step(20)
    assert penguin.MIN_FAN <= step < penguin.FAN
    assert penguin.COLUMNS_Y + 19 * step + cards.CARD_H <= penguin.HEIGHT


def test_very_long_column_makes_the_picture_taller_and_fits():
    """A 26-card column is drawn whole: the picture grows so its last card ends inside it."""
    view = long_column_view()
    assert len(view.columns[0]) == 26
    image = _decode(render_table("penguin", view))
    bottom = penguin.COLUMNS_Y + 25 * penguin.fan_step(26) + cards.CARD_H
    assert image.size == (penguin.WIDTH, penguin.picture_height(view))
    assert bottom <= image.size[1] - penguin.BOTTOM
    assert _pixel(image, (penguin.slot_x(0) + cards.CARD_W // 2, bottom - 3)) == cards.WHITE


def test_hundred_card_table_renders_at_the_usual_size():
    """The benchmark's 100-card two-deck table (13-card columns, full cells) fits the usual picture."""
    image = _decode(render_table("penguin", crowded_view()))
    assert image.size == (penguin.WIDTH, penguin.HEIGHT)


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


def test_panel_text_stays_clear_of_the_foundations():
    """Long texts (a big move count, "No moves left") end before the first foundation's gap."""
    view = replace(_view(_played(2, 200)[-1]), moves=99999)
    image = _decode(render_table("penguin", view)).convert("RGB")
    gap = image.crop((penguin.PANEL_RIGHT + 1, penguin.TOP, penguin.slot_x(3), penguin.TOP + cards.CARD_H))
    assert [colour for _, colour in gap.getcolors(1 << 16)] == [cards.FELT]
