"""The Peek table picture: decodable, sized, deterministic, blind to hidden cards, every position drawable."""

import io
import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

from PIL import Image

from games.ai.peek_ai import GreedyPlayer, RandomPlayer
from games.base import EndReason
from games.cards import Card, Rank, Suit
from games.peek import GAME, PeekState, PeekView, Play
from render import RENDERERS, cards, peek, render_table

OPTIONS = (None, {"three_card": True})


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _deal(seed: int = 7, options: dict | None = None) -> PeekState:
    return GAME.new_state(options, 1, seed)


def _view(state: PeekState) -> PeekView:
    return GAME.view_for(state, None)


def _played(seed: int, options: dict | None = None, player=None) -> list[PeekState]:
    """A whole game by ``player`` (random by default): every position along the way."""
    rng = random.Random(seed)
    player = player or RandomPlayer()
    state = _deal(seed, options)
    line = [state]
    while GAME.outcome(state) is None:
        state = GAME.apply_action(state, 0, player.choose(state, 0, rng)).state
        line.append(state)
    return line


def _won_line() -> list[PeekState]:
    for seed in range(100):
        line = _played(seed, player=GreedyPlayer())
        if GAME.outcome(line[-1]).winners:
            return line
    raise AssertionError("no greedy win in 100 deals")


def _rgb(view: PeekView) -> Image.Image:
    return _decode(render_table("peek", view)).convert("RGB")


def _colours(image: Image.Image, box: tuple[int, int, int, int]) -> set[tuple[int, int, int]]:
    return {colour for _, colour in image.crop(box).getcolors(1 << 16)}


def _tile_box(rank: Rank, row: int) -> tuple[int, int, int, int]:
    x, y = peek.column_x(row), peek.rank_y(rank)
    return x, y, x + peek.TILE_W, y + peek.TILE_H


def test_deal_picture_is_a_palette_png_of_the_table_size():
    """A fresh deal renders to a PNG that Pillow decodes, in palette mode, WIDTH x HEIGHT, close to 4:3."""
    image = _decode(render_table("peek", _view(_deal())))
    assert image.format == "PNG" and image.mode == "P"
    assert image.size == (peek.WIDTH, peek.HEIGHT)
    assert 1.1 <= peek.WIDTH / peek.HEIGHT <= 1.5


def test_indices_stay_readable_in_discords_box():
    """Shrunk to Discord's 550-pixel width, a rank index is at least 12 pixels tall on the biggest table:
    full reserves (the deal) with three cards on show in the waste, and a whole foundation grid."""
    three = next(state for state in _played(6, OPTIONS[1]) if len(state.waste) >= 3)
    full = replace(_view(three), reserves=_view(_deal()).reserves)
    assert [len(pile) for pile in full.reserves] == [4] * 4 and len(full.waste) == 3
    for view in (full, _view(_won_line()[-1])):
        size = _decode(render_table("peek", view)).size
        assert cards.index_height(peek.LOOK) * cards.displayed_scale(size) >= cards.MIN_SHOWN_INDEX == 12, size


def test_registry_maps_peek_to_its_renderer():
    """render_table dispatches on the kind through RENDERERS."""
    assert RENDERERS["peek"] is peek.render


def test_same_view_gives_the_same_bytes():
    """Rendering is deterministic: equal views (built separately) give identical bytes."""
    assert render_table("peek", _view(_deal(11))) == render_table("peek", _view(_deal(11)))


def test_different_positions_give_different_pictures():
    """A move changes the picture."""
    line = _played(5)
    assert render_table("peek", _view(line[0])) != render_table("peek", _view(line[1]))


def test_hidden_cards_are_not_drawn():
    """Two tables differing only in the stock's order and the covered waste give identical bytes."""
    for options in OPTIONS:
        line = _played(3, options)
        state = next(state for state in line if len(state.waste) > 4 and len(state.stock) > 2)
        shown = 3 if state.three_card else 1
        covered = list(state.waste[:-shown])
        stock = list(state.stock)
        random.Random(1).shuffle(covered)
        stock.reverse()
        other = replace(state, stock=tuple(stock), waste=tuple(covered) + state.waste[-shown:])
        assert other != state
        assert render_table("peek", _view(other)) == render_table("peek", _view(state))


def test_public_view_renders_like_the_players_view():
    """The legal actions are not drawn: the public view and seat 0's view give the same picture."""
    state = _played(2)[10]
    assert render_table("peek", GAME.view_for(state, None)) == render_table("peek", GAME.view_for(state, 0))


def test_every_position_of_random_and_greedy_games_renders():
    """Positions of whole games (both options, random and greedy play, resigned) render at the usual size."""
    states: list[PeekState] = []
    for seed in range(4):
        for options in OPTIONS:
            for player in (RandomPlayer(), GreedyPlayer()):
                line = _played(seed, options, player)
                states += line[:: max(1, len(line) // 6)] + line[-1:]
    states.append(GAME.resign(_deal(), 0).state)
    for state in states:
        assert _decode(render_table("peek", _view(state))).size == (peek.WIDTH, peek.HEIGHT)


def test_foundation_cards_fill_their_rank_column():
    """At the deal only the base card's place in F1 holds a card (white); its rank's heading is gold."""
    view = _view(_deal())
    image = _rgb(view)
    for row in range(4):
        for rank in Rank:
            inside = _colours(image, _tile_box(rank, row))
            assert (cards.WHITE in inside) == (row == 0 and rank == view.base.rank), (row, rank)

    def heading(rank: Rank) -> tuple[int, int, int, int]:
        return peek.GRID_X, peek.rank_y(rank), peek.TILES_X, peek.rank_y(rank) + peek.TILE_H

    assert cards.GOLD in _colours(image, heading(view.base.rank))
    assert cards.GOLD not in _colours(image, heading(Rank(view.base.rank % 13 + 1)))


def test_cards_that_can_go_home_wear_gold():
    """Every reserve or waste top with a legal play has a gold border; the others and a finished game none."""
    for state in _played(2, player=GreedyPlayer())[::3]:
        view = _view(state)
        image = _rgb(view)
        playable = {action.source for action in GAME.legal_actions(state, 0) if isinstance(action, Play)}
        tops = [
            (f"r{index + 1}", pile, (peek.slot_x(index), peek.PILES_Y + (len(pile) - 1) * peek.FAN))
            for index, pile in enumerate(state.reserves)
        ]
        tops.append(("w", view.waste, (peek.WASTE_X + (len(view.waste) - 1) * peek.WASTE_FAN, peek.STOCK_Y)))
        for source, pile, (x, top) in tops:
            if not pile:
                continue
            edge = image.getpixel((x + peek.CARD_W // 2, top + 1))
            assert (edge == cards.GOLD) == (source in playable and view.outcome is None), (state.moves, source)


def test_won_table_fills_the_grid_and_shows_the_result_in_gold():
    """All 52 places hold a card after a win, and a gold "Won!" appears top right (none while running)."""
    line = _won_line()
    won = _rgb(_view(line[-1]))
    for row in range(4):
        for rank in Rank:
            assert cards.WHITE in _colours(won, _tile_box(rank, row))
    badge = (peek.MARGIN + 80, peek.TOP, peek.PANEL_RIGHT, peek.STATUS_Y)
    assert cards.GOLD in _colours(won, badge)
    assert cards.GOLD not in _colours(_rgb(_view(line[0])), badge)


def test_stock_is_a_back_until_it_runs_out():
    """The stock shows a blue back while it holds cards, an empty place once it is empty."""
    line = _played(4)
    x, y = peek.STOCK_X + peek.CARD_W // 2, peek.STOCK_Y + 20
    full = next(state for state in line if state.stock)
    empty = next(state for state in line if not state.stock)
    assert _rgb(_view(full)).getpixel((x, y)) != cards.SLOT_FILL
    assert _rgb(_view(empty)).getpixel((x, y)) == cards.SLOT_FILL


def test_three_card_waste_fans_its_three_cards():
    """With three_card the three cards on show are fanned right; the one-card game shows one card."""
    three = next(state for state in _played(6, OPTIONS[1]) if len(state.waste) >= 3)
    xy = peek.WASTE_X + 2 * peek.WASTE_FAN + peek.CARD_W - 6, peek.STOCK_Y + peek.CARD_H // 2
    assert _rgb(_view(three)).getpixel(xy) == cards.WHITE
    one = next(state for state in _played(6) if len(state.waste) >= 3)
    assert _rgb(_view(one)).getpixel(xy) == cards.FELT


def test_resigned_table_says_so():
    """A resigned game renders at the usual size with its outcome."""
    state = GAME.resign(_deal(), 0).state
    assert GAME.outcome(state).reason is EndReason.RESIGNED
    assert _decode(render_table("peek", _view(state))).size == (peek.WIDTH, peek.HEIGHT)


def test_long_texts_stay_inside_the_panel():
    """A huge move count, unlimited redeals and the widest base sentences end before the grid."""
    for base in (Card(Rank.EIGHT, Suit.CLUBS), Card(Rank.TEN, Suit.DIAMONDS)):
        view = replace(_view(_deal(options=OPTIONS[1])), base=base, moves=99999, redeals_left=None)
        margin = _rgb(view).crop((peek.PANEL_RIGHT, 0, peek.GRID_X, peek.HEIGHT))
        assert [colour for _, colour in margin.getcolors(1 << 16)] == [cards.FELT]


def test_renders_concurrently_from_a_cold_cache():
    """Eight threads rendering at once, sprites not yet built, give the same bytes as one thread."""
    views = [_view(state) for state in _played(8, OPTIONS[1])[::6]]
    expected = [render_table("peek", view) for view in views]
    cards.clear_caches()
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda view: render_table("peek", view), views * 3))
    assert results == expected * 3
