"""The Triple Peaks table picture: decodable, sized, deterministic, blind to hidden cards, laid out like the rules."""

import io
import random
from dataclasses import replace

from PIL import Image

from games.cards import DECK
from games.triplepeaks import COVERED_BY, GAME, SLOTS, TriplePeaksState, TriplePeaksView, deal
from render import RENDERERS, cards, render_table, triplepeaks
from render.labels import ENGLISH_TRIPLEPEAKS
from render.triplepeaks import CARD_H, CARD_W

KIND = "triplepeaks"
OPTION_SETS = ({}, {"multiplier": True}, {"progressive": True}, {"multiplier": True, "progressive": True})


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _deal(seed: int = 7, options: dict | None = None) -> TriplePeaksState:
    return GAME.new_state(options, 1, seed)


def _view(state: TriplePeaksState) -> TriplePeaksView:
    return GAME.view_for(state, None)


def _played(seed: int, options: dict | None = None, moves: int = 200) -> list[TriplePeaksState]:
    """A random game (plays preferred to turning the stock): every position along the way."""
    rng = random.Random(seed)
    state = _deal(seed, options)
    line = [state]
    for _ in range(moves):
        legal = GAME.legal_actions(state, 0)
        if not legal:
            break
        plays = [action for action in legal if action.code != "draw"]
        state = GAME.apply_action(state, 0, rng.choice(plays or legal)).state
        line.append(state)
    return line


def _pixel(image: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    return image.convert("RGB").getpixel(xy)


def test_deal_picture_is_a_palette_png_of_the_table_size():
    """A fresh deal renders to a PNG that Pillow decodes, in palette mode, WIDTH x HEIGHT, close to 4:3."""
    image = _decode(render_table(KIND, _view(_deal())))
    assert image.format == "PNG" and image.mode == "P"
    assert image.size == (triplepeaks.WIDTH, triplepeaks.HEIGHT)
    assert 4 / 3 <= triplepeaks.WIDTH / triplepeaks.HEIGHT <= 1.6
    assert RENDERERS[KIND] is triplepeaks.render


def test_indices_stay_readable_in_discords_box():
    """Shrunk to Discord's 550-pixel width, a rank index is at least 12 pixels tall, with every option
    (progressive and multiplier views carry the longest texts) and the longest waste run."""
    views = [replace(_view(_deal(4, options)), waste=DECK[:29], run=28, round=12) for options in OPTION_SETS]
    for view in views:
        size = _decode(render_table(KIND, view)).size
        assert cards.index_height(triplepeaks.LOOK) * cards.displayed_scale(size) >= cards.MIN_SHOWN_INDEX == 12, size


def test_same_view_gives_the_same_bytes():
    """Rendering is deterministic: equal views built separately give identical bytes."""
    assert render_table(KIND, _view(_deal(11))) == render_table(KIND, _view(_deal(11)))


def test_a_move_changes_the_picture():
    line = _played(5, moves=1)
    assert render_table(KIND, _view(line[0])) != render_table(KIND, _view(line[1]))


def test_hidden_cards_are_not_drawn():
    """Two deals differing only in face-down tableau cards and the stock order give identical pictures."""
    deck = list(_deal(3).tableau) + list(_deal(3).waste) + list(_deal(3).stock)
    other = deck[:]
    other[0], other[17] = other[17], other[0]
    other[29:] = reversed(other[29:])
    first, second = deal(deck, 3), deal(other, 3)
    assert first.tableau != second.tableau and first.stock != second.stock
    assert render_table(KIND, _view(first)) == render_table(KIND, _view(second))


def test_set_aside_cards_are_not_drawn():
    """Older runs are only a count: the same count with other cards set aside gives the same picture."""
    state = _played(8, moves=60)[-1]
    assert len(state.waste) > state.run + 2
    older = state.waste[: -state.run - 1]
    shuffled = replace(state, waste=tuple(reversed(older)) + state.waste[-state.run - 1 :])
    assert shuffled.waste != state.waste
    assert render_table(KIND, _view(state)) == render_table(KIND, _view(shuffled))


def test_public_view_renders_like_the_players_view():
    """The legal actions are not drawn from the view: seat 0's view and the public one look the same."""
    state = _played(3, moves=10)[-1]
    assert render_table(KIND, GAME.view_for(state, None)) == render_table(KIND, GAME.view_for(state, 0))


def test_positions_of_random_games_render_with_every_option():
    """Deals, runs, cleared peaks, new rounds, lost and resigned games all render at the usual size."""
    for index, options in enumerate(OPTION_SETS):
        line = _played(20 + index, options)
        states = line[::9] + line[-1:]
        if GAME.outcome(line[-1]) is None:
            states.append(GAME.resign(line[-1], 0).state)
        for state in states:
            assert _decode(render_table(KIND, _view(state))).size == (triplepeaks.WIDTH, triplepeaks.HEIGHT)


def test_every_card_lies_over_exactly_the_cards_it_covers():
    """A card overlaps exactly the cards of the next row that cover it (RULES.md §5.1); all 28 places fit."""

    def overlaps(a: int, b: int) -> bool:
        (ax, ay), (bx, by) = triplepeaks.SLOT_XY[a], triplepeaks.SLOT_XY[b]
        return abs(ax - bx) < CARD_W and abs(ay - by) < CARD_H

    assert len(triplepeaks.SLOT_XY) == SLOTS
    for slot, (x, y) in enumerate(triplepeaks.SLOT_XY):
        assert x >= 0 and x + CARD_W <= triplepeaks.WIDTH and y + CARD_H <= triplepeaks.PILES_Y
        next_row = [other for other in range(SLOTS) if triplepeaks.SLOT_XY[other][1] == y + triplepeaks.ROW_STEP]
        below = [other for other in next_row if overlaps(slot, other)]
        assert sorted(below) == sorted(COVERED_BY[slot]), slot


def test_playable_cards_wear_a_gold_border():
    """A face-up card that goes on the waste top has a gold top edge; the others a grey one."""
    view = _view(_deal(7))
    top = view.waste[-1]
    image = _decode(render_table(KIND, view))
    for slot in range(18, SLOTS):
        x, y = triplepeaks.SLOT_XY[slot]
        playable = (view.tableau[slot].rank - top.rank) % 13 in (1, 12)
        assert (_pixel(image, (x + 40, y + 1)) == cards.GOLD) == playable, slot


def test_no_gold_border_once_the_game_is_over():
    state = GAME.resign(_deal(7), 0).state
    image = _decode(render_table(KIND, _view(state))).convert("RGB")
    tableau = image.crop((0, triplepeaks.TABLEAU_Y, triplepeaks.WIDTH, triplepeaks.PILES_Y))
    assert cards.GOLD not in {colour for _, colour in tableau.getcolors(1 << 16)}


def test_a_whole_run_on_the_waste_fits():
    """The longest possible run (the dealt card and all 28 tableau cards) fans inside the picture."""
    view = replace(_view(_deal(4)), waste=DECK[:29], run=28)
    image = _decode(render_table(KIND, view))
    step = triplepeaks.waste_step(29)
    assert triplepeaks.MIN_FAN <= step < triplepeaks.FAN
    last_x = triplepeaks.WASTE_X + 28 * step
    assert last_x + CARD_W <= triplepeaks.WIDTH - triplepeaks.MARGIN
    assert _pixel(image, (last_x + CARD_W // 2, triplepeaks.PILES_Y + CARD_H - 3)) == cards.WHITE


def test_header_texts_do_not_collide():
    """The title shares the top line with the widest result badge once the game is over; the longest scoring
    note fits its own line under the score line, as does the longest score line (progressive, a huge
    multiplier score)."""
    title = cards.text_image("Triple Peaks", 24, cards.LABEL, bold=True)
    notes = [triplepeaks._rules_note(_view(_deal(1, options)), ENGLISH_TRIPLEPEAKS) for options in OPTION_SETS]
    note = max(cards.text_image(text, triplepeaks.TEXT, cards.FAINT).width for text in notes)
    badge = cards.text_image("No moves left", triplepeaks.BADGE_SIZE, cards.LABEL, bold=True)
    assert triplepeaks.MARGIN + note <= triplepeaks.WIDTH - triplepeaks.MARGIN
    assert triplepeaks.MARGIN + title.width + 12 <= triplepeaks.WIDTH - triplepeaks.MARGIN - badge.width
    busy = replace(_view(_deal(1, OPTION_SETS[3])), score=2**28, moves=9999, peaks_cleared=3, round=99)
    status = cards.text_image(triplepeaks._status(busy, ENGLISH_TRIPLEPEAKS), triplepeaks.TEXT, cards.LABEL, bold=True)
    assert triplepeaks.MARGIN + status.width <= triplepeaks.WIDTH - triplepeaks.MARGIN
