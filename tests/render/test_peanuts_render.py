"""The Peanuts table picture: decodable, deterministic, blind to hidden cards, legible at Discord's size."""

import io
import random
from dataclasses import replace

from PIL import Image, ImageChops

from games.cards import Card, Rank, Suit, standard_deck
from games.peanuts import GAME, Layout, LayoutView, Move, PeanutsState, PeanutsView
from render import cards, peanuts
from render.cards import COMPACT_H, COMPACT_W


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _deal(seed: int = 7) -> PeanutsState:
    return GAME.new_state(None, 2, seed)


def _view(state: PeanutsState) -> PeanutsView:
    return GAME.view_for(state, None)


def _played(seed: int, moves: int) -> PeanutsState:
    """A random deal between two players who build when they can and turn the stock often."""
    rng = random.Random(seed)
    state = _deal(seed)
    for _ in range(moves):
        if GAME.outcome(state) is not None:
            break
        seat = rng.randrange(2)
        legal = [action for action in GAME.legal_actions(state, seat) if action.code not in ("stuck", "unstuck")]
        builds = [action for action in legal if isinstance(action, Move) and action.dest[0] == "b"]
        state = GAME.apply_action(state, seat, rng.choice(builds or legal)).state
    return state


def _run(seat: int, length: int, red_first: bool) -> tuple[Card, ...]:
    """A column from K down in alternating colours, as long as a column can get when ``length`` is 13."""
    run = []
    for depth in range(length):
        red = red_first == (depth % 2 == 0)
        suit = (Suit.HEARTS, Suit.DIAMONDS)[depth // 2 % 2] if red else (Suit.SPADES, Suit.CLUBS)[depth // 2 % 2]
        run.append(Card(Rank(13 - depth), suit, seat))
    return tuple(run)


def _largest_view() -> PeanutsView:
    """More than a deal can hold: every column 13 cards long, 8 piles of kings, full counts, 3 waste cards."""
    players = tuple(
        LayoutView(
            tableau=tuple(_run(seat, 13, index % 2 == 0) for index in range(7)),
            peanut_top=Card(Rank.TEN, Suit.HEARTS, seat),
            peanut_count=21,
            stock_count=24,
            waste_count=24,
            waste=tuple(Card(rank, Suit.CLUBS, seat) for rank in (Rank.TEN, Rank.QUEEN, Rank.JACK)),
            stuck=True,
            score=-21,
        )
        for seat in range(2)
    )
    piles = tuple(tuple(Card(Rank(rank), suit, deck) for rank in range(1, 14)) for deck in range(2) for suit in Suit)
    return replace(_view(_deal()), players=players, piles=piles, scores=(-21, -21))


def _ink_rows(sprite: Image.Image, top: int, bottom: int) -> list[int]:
    """Rows between ``top`` and ``bottom`` where the card's face has ink (anything darker than its white)."""
    rgb = sprite.convert("RGB")
    rows = []
    for y in range(top, bottom):
        if any(min(rgb.getpixel((x, y))) < 200 for x in range(5, COMPACT_W - 5)):
            rows.append(y)
    return rows


def test_picture_is_a_palette_png_a_little_wider_than_tall():
    """A fresh deal renders to a palette PNG of WIDTH x HEIGHT: about 5:4 (4:3 before its texts grew to a size a
    phone reads), as tall as the longest column needs."""
    image = _decode(peanuts.render_table(_view(_deal())))
    assert image.format == "PNG" and image.mode == "P"
    assert image.size == (peanuts.WIDTH, peanuts.HEIGHT)
    assert 1.2 <= peanuts.WIDTH / peanuts.HEIGHT <= 4 / 3


def test_same_view_gives_the_same_bytes():
    """Rendering is deterministic: equal views built separately give identical bytes."""
    names = ["Ann", "Bob"]
    assert peanuts.render_table(_view(_deal(11)), names=names) == peanuts.render_table(_view(_deal(11)), names=names)


def test_a_move_changes_the_picture():
    state = _deal(5)
    after = GAME.apply_action(state, 0, GAME.parse_action("t")).state
    assert peanuts.render_table(_view(state)) != peanuts.render_table(_view(after))


def test_hidden_cards_are_not_drawn_at_the_deal():
    """Two deals differing only in stock order and buried peanut cards give identical pictures."""
    deck = list(standard_deck(0)) + list(standard_deck(1))
    other = deck[:]
    for start in (0, 52):
        other[start + 28 : start + 52] = reversed(other[start + 28 : start + 52])
        other[start + 1], other[start + 26] = other[start + 26], other[start + 1]
    first, second = GAME.new_state(None, 2, 0, deck), GAME.new_state(None, 2, 0, other)
    assert first != second
    assert peanuts.render_table(_view(first)) == peanuts.render_table(_view(second))


def _shuffle_hidden(layout: Layout) -> Layout:
    """The same layout with its stock, buried peanut cards and covered waste cards in reverse order."""
    shown = max(layout.fan, 1)
    return replace(
        layout,
        stock=layout.stock[::-1],
        peanut=layout.peanut[-2::-1] + layout.peanut[-1:],
        waste=layout.waste[:-shown][::-1] + layout.waste[-shown:],
    )


def test_hidden_cards_are_not_drawn_during_play():
    """Mid-game, reordering every hidden card (stock, buried peanut cards, covered waste) changes nothing."""
    state = _played(3, 200)
    hidden = replace(state, players=tuple(_shuffle_hidden(layout) for layout in state.players))
    assert hidden != state
    assert all(len(layout.waste) > max(layout.fan, 1) + 1 for layout in state.players)
    assert peanuts.render_table(_view(state)) == peanuts.render_table(_view(hidden))


def test_rank_index_is_legible_in_discords_box():
    """At the scale Discord shows the largest table (550 px wide), every rank index is at least 12 pixels tall."""
    image = _decode(peanuts.render_table(_largest_view()))
    scale = cards.displayed_scale(image.size)
    heights = []
    for card in standard_deck():
        rows = _ink_rows(cards.compact_face(card), 0, cards.COMPACT_INDEX_BOTTOM)
        heights.append(rows[-1] - rows[0] + 1)
    assert min(heights) * scale >= cards.MIN_SHOWN_INDEX == 12, (min(heights), scale)


def test_fanned_cards_show_their_whole_index():
    """No index ink reaches the next card of a fan: the rows from the fan step to the big pip are blank."""
    for card in standard_deck():
        for marked in (False, True):
            sprite = cards.compact_face(card, "card", marked=marked)
            assert not _ink_rows(sprite, peanuts.FAN - 1, peanuts.FAN + 6), card


def test_longest_columns_and_waste_fit_in_their_places():
    """A 13-card column ends inside the picture; the waste fan stays in its half; labels and panels do not collide."""
    last = peanuts.COLUMNS_Y + (peanuts.LONGEST_COLUMN - 1) * peanuts.FAN + COMPACT_H
    assert last <= peanuts.HEIGHT - peanuts.MARGIN
    assert peanuts.WASTE_DX + 2 * peanuts.WASTE_FAN + COMPACT_W <= peanuts.HALF_W
    assert peanuts.HALF_X[0] + peanuts.HALF_W < peanuts.HALF_X[1]
    assert peanuts.PANEL_X[0] + peanuts.PANEL_W < peanuts.pile_x(0)
    assert peanuts.pile_x(7) + COMPACT_W < peanuts.PANEL_X[1]
    label = cards.text_image("peanut 21", 16, cards.LABEL, bold=True)
    assert label.width + 4 <= peanuts.STOCK_DX
    image = _decode(peanuts.render_table(_largest_view())).convert("RGB")
    x = peanuts.column_x(1, 6) + COMPACT_W // 2
    assert image.getpixel((x, last - 4)) == cards.WHITE


def test_playable_cards_wear_a_gold_border():
    """A card named in ``playable`` gets a gold top edge; the same picture without it has none there."""
    view = _view(_deal(7))
    card = view.players[0].tableau[2][-1]
    x, y = peanuts.column_x(0, 2) + COMPACT_W // 2, peanuts.COLUMNS_Y + 1
    marked = _decode(peanuts.render_table(view, playable={card})).convert("RGB")
    plain = _decode(peanuts.render_table(view)).convert("RGB")
    assert marked.getpixel((x, y)) == cards.GOLD
    assert plain.getpixel((x, y)) != cards.GOLD


def test_playable_is_per_deck():
    """The same card of the other deck is not highlighted: cards are told apart by their deck."""
    view = _view(_deal(7))
    card = view.players[0].tableau[2][-1]
    twin = Card(card.rank, card.suit, 1)
    assert peanuts.render_table(view, playable={twin}) == peanuts.render_table(view)


def test_the_two_decks_differ_on_a_building_pile():
    """A pile whose top is deck 0's card shows a blue band, the same card of deck 1 a crimson one."""
    base = _view(_deal(7))
    bands = []
    for deck in (0, 1):
        view = replace(base, piles=((Card(Rank.ACE, Suit.SPADES, deck),),))
        image = _decode(peanuts.render_table(view)).convert("RGB")
        bands.append(image.getpixel((peanuts.pile_x(0) + 6, peanuts.PILES_Y + COMPACT_H - 6)))
    assert bands == [cards.BLUE, cards.CRIMSON]


def test_the_two_backs_differ():
    """Each player's stock is drawn in the colour of their deck's back."""
    image = _decode(peanuts.render_table(_view(_deal(7)))).convert("RGB")
    inside = [image.getpixel((peanuts.HALF_X[seat] + peanuts.STOCK_DX + 6, peanuts.OWN_Y + 12)) for seat in (0, 1)]
    assert inside[0] != inside[1]


def test_a_long_name_stays_in_its_panel():
    """Names are cut short with an ellipsis: a long name changes only its own panel."""
    view = _view(_deal(7))
    short = _decode(peanuts.render_table(view, names=["Al", "Bo"])).convert("RGB")
    long = _decode(peanuts.render_table(view, names=["Al" * 40, "Bo"])).convert("RGB")
    left, top, right, bottom = ImageChops.difference(short, long).getbbox()
    assert peanuts.PANEL_X[0] <= left and right <= peanuts.PANEL_X[0] + peanuts.PANEL_W
    assert top >= peanuts.PILES_Y and bottom <= peanuts.PILES_Y + COMPACT_H


def _gold_in_panel(image: Image.Image, seat: int) -> bool:
    box = (peanuts.PANEL_X[seat], peanuts.PILES_Y, peanuts.PANEL_X[seat] + peanuts.PANEL_W, peanuts.PILES_Y + COMPACT_H)
    return cards.GOLD in {colour for _, colour in image.crop(box).getcolors(1 << 16)}


def test_result_badge_once_the_deal_is_over():
    """Nothing gold in the panels during play; after a resignation the winner's panel is framed in gold."""
    state = _played(4, 40)
    assert not any(layout.stuck for layout in state.players)
    during = _decode(peanuts.render_table(_view(state))).convert("RGB")
    assert not _gold_in_panel(during, 0) and not _gold_in_panel(during, 1)
    over = _decode(peanuts.render_table(_view(GAME.resign(state, 0).state))).convert("RGB")
    assert _gold_in_panel(over, 1) and not _gold_in_panel(over, 0)


def test_ends_of_random_deals_render():
    """Deals played to their end (Peanuts! or both blocked) render at the usual size."""
    for seed in range(3):
        state = _played(seed, 3000)
        assert GAME.outcome(state) is not None
        assert _decode(peanuts.render_table(_view(state))).size == (peanuts.WIDTH, peanuts.HEIGHT)


def test_widest_panel_text_stays_beside_the_piles():
    """The widest score and status ("−21", "Resigned") and long names leave the felt between panel and piles bare."""
    view = _view(_deal(7))
    resigned = GAME.outcome(GAME.resign(_deal(7), 0).state)
    view = replace(view, scores=(-21, -21), outcome=resigned)
    image = _decode(peanuts.render_table(view, names=["W" * 30, "M" * 30])).convert("RGB")
    gaps = [
        (peanuts.PANEL_X[0] + peanuts.PANEL_W, peanuts.pile_x(0)),
        (peanuts.pile_x(7) + COMPACT_W, peanuts.PANEL_X[1]),
    ]
    for left, right in gaps:
        strip = image.crop((left, peanuts.PILES_Y, right, peanuts.PILES_Y + COMPACT_H))
        assert strip.getcolors() == [(strip.width * strip.height, cards.FELT)]
