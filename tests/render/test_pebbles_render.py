"""The Pebbles and Nuts pictures: every table size, deterministic, blind to hidden cards, legible in Discord's box."""

import io
import random
from dataclasses import replace
from functools import cache

import pytest
from PIL import Image

from games.ai.pebbles_ai import GreedyPlayer, RandomPlayer
from games.cards import Card, Rank, Suit
from games.pebbles import GAME, RANKS_USED, PebblesState, PebblesView, Phase, Play, face_up, sort_key
from render import cards, pebbles
from render.labels import ENGLISH_PEBBLES

GAMES = ((2, None), (3, None), (4, None), (4, {"decks": 2}), (4, {"either_partner_declares": True}))


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


@cache
def _line(seats: int, options: tuple | None, seed: int, greedy: bool = True) -> tuple[PebblesState, ...]:
    """Every position of a whole game (greedy or random players)."""
    player = GreedyPlayer() if greedy else RandomPlayer()
    rng = random.Random(seed)
    state = GAME.new_state(dict(options) if options else None, seats, seed)
    line = [state]
    while (seat := GAME.current_seat(state)) is not None:
        state = GAME.apply_action(state, seat, player.choose(state, seat, rng)).state
        line.append(state)
    return tuple(line)


def _options(options: dict | None) -> tuple | None:
    return tuple(options.items()) if options else None


def _public(state: PebblesState) -> PebblesView:
    return GAME.view_for(state, None)


def _two_deck_line() -> tuple[PebblesState, ...]:
    return _line(4, _options({"decks": 2}), 7)


def _rgb(png: bytes) -> Image.Image:
    return _decode(png).convert("RGB")


@pytest.mark.parametrize(("seats", "options"), GAMES)
def test_every_table_size_renders_at_one_size(seats, options):
    """Positions along whole games of 2, 3 and 4 players, one or two decks, end and resignation: 640 x 480 PNGs."""
    line = _line(seats, _options(options), 3, greedy=False)
    states = list(line[:: max(1, len(line) // 12)]) + [line[-1], GAME.resign(line[len(line) // 2], 1).state]
    for state in states:
        image = _decode(pebbles.render_table(_public(state)))
        assert image.format == "PNG" and image.mode == "P"
        assert image.size == (pebbles.WIDTH, pebbles.HEIGHT)


def test_a_resignation_names_the_winners():
    """After a resignation the status line shows the winning side's discs (the engine's winners)."""
    state = GAME.resign(_line(4, None, 2)[20], 1).state
    winners, words, _ = pebbles._status(_public(state), ENGLISH_PEBBLES)
    assert winners == (0, 2) and words == "win: a resignation"


def test_the_partners_declaration_phase_renders():
    """With either_partner_declares, a handed-over declaration shows the partner to act."""
    line = _line(4, _options({"either_partner_declares": True}), 5)
    state = next(state for state in line if state.phase is Phase.PARTNER)
    assert pebbles._status(_public(state), ENGLISH_PEBBLES)[1] == "may declare a meld"
    assert _decode(pebbles.render_table(_public(state))).size == (pebbles.WIDTH, pebbles.HEIGHT)


def test_same_view_gives_the_same_bytes():
    """Equal views built separately give identical table and hand bytes."""
    state = _two_deck_line()[40]
    seat = GAME.current_seat(state)
    assert pebbles.render_table(_public(state)) == pebbles.render_table(GAME.view_for(state, None))
    first = pebbles.render_hand(GAME.view_for(state, seat), playable=GAME.view_for(state, seat).hand[:2])
    assert first == pebbles.render_hand(GAME.view_for(state, seat), playable=GAME.view_for(state, seat).hand[:2])


def test_a_play_changes_the_table():
    line = _line(3, None, 4)
    assert pebbles.render_table(_public(line[1])) != pebbles.render_table(_public(line[2]))


def _concealed(state: PebblesState, seat: int) -> list[Card]:
    shown = set(face_up(state, seat))
    return [card for card in state.hands[seat] if card not in shown]


def test_hidden_cards_are_not_drawn():
    """Two states differing only in concealed hand cards, the draw pile and won tricks give identical tables."""
    for seats, options in GAMES:
        line = _line(seats, _options(options), 9)
        playing = [s for s in line if s.trick and _concealed(s, 0) and _concealed(s, 1)]
        state = next((s for s in playing if len(s.pile) > 1 and any(map(s.marriages.__getitem__, (0, 1)))), playing[0])
        mine, theirs = _concealed(state, 0), _concealed(state, 1)
        hands = list(state.hands)
        hands[0] = tuple(sorted([card for card in hands[0] if card != mine[0]] + [theirs[0]], key=sort_key))
        hands[1] = tuple(sorted([card for card in hands[1] if card != theirs[0]] + [mine[0]], key=sort_key))
        won = tuple(tuple(reversed(cards_won)) for cards_won in state.won)
        other = replace(state, hands=tuple(hands), pile=tuple(reversed(state.pile)), won=won)
        assert other.hands != state.hands and (other.pile != state.pile or len(state.pile) < 2)
        assert face_up(other, 0) == face_up(state, 0) and face_up(other, 1) == face_up(state, 1)
        assert pebbles.render_table(_public(other)) == pebbles.render_table(_public(state))


def test_a_players_view_gives_the_public_table():
    """The table draws only public things: a seat's own view of it is the same picture."""
    state = _line(2, None, 6)[30]
    assert pebbles.render_table(GAME.view_for(state, 0)) == pebbles.render_table(_public(state))


def _index_height(sprite: Image.Image) -> int:
    """Rows of the top-left rank glyph: the first run of rows holding ink (not white) in the card's left half.

    Q and J reach below the line, into the pip under them; the other ranks, all the same height, are the shortest.
    """
    image = sprite.convert("RGB")
    rows = []
    for y in range(3, image.height // 2):
        inked = any(sum(image.getpixel((x, y))) < 3 * 200 for x in range(6, image.width // 2 + 8))
        rows.append(inked)
    first = rows.index(True)
    length = 0
    while first + length < len(rows) and rows[first + length]:
        length += 1
    return length


def _full_table() -> PebblesView:
    """The biggest table: 4 players, two decks, seven melded cards each, a trick of three, a last trick."""
    view = _public(_two_deck_line()[60])
    deck = [Card(rank, suit, deck) for deck in range(2) for suit in Suit for rank in RANKS_USED]
    melded = tuple(tuple(deck[7 * seat : 7 * seat + 7]) for seat in range(4))
    trick = tuple((seat, deck[40 + seat]) for seat in range(3))
    last = tuple((seat, deck[50 + seat]) for seat in range(4))
    return replace(view, melded=melded, hand_sizes=(7, 7, 7, 7), trick=trick, last_trick=last, last_winner=2, turn=3)


def test_card_indices_are_legible_where_discord_shows_the_pictures():
    """At the scale Discord shows them (550 px wide) every rank index on the fullest table and hand is 12 px tall."""
    table = _decode(pebbles.render_table(_full_table()))
    table_scale = pebbles.displayed_scale(*table.size)
    view, playable = _full_hand()
    hand = _decode(pebbles.render_hand(view, playable=playable))
    hand_scale = pebbles.displayed_scale(*hand.size)
    assert table.size == (pebbles.WIDTH, pebbles.HEIGHT) and 1.2 <= table.width / table.height <= 1.45
    for size, scale in ((pebbles.SMALL, table_scale), (pebbles.TRICK, table_scale), (pebbles.LARGE, hand_scale)):
        for rank in (rank for rank in RANKS_USED if rank not in (Rank.QUEEN, Rank.JACK)):
            for suit in (Suit.SPADES, Suit.HEARTS):
                for dimmed in (False, True):
                    sprite = pebbles.card_sprite(Card(rank, suit, 1), size, deck_tab=True, dimmed=dimmed)
                    shown = _index_height(sprite) * scale
                    assert shown >= cards.MIN_SHOWN_INDEX == 12, (size, rank, suit, shown)


def test_the_fullest_table_fits_its_rows():
    """Seven melded cards in each of four rows lie inside the picture, each card whole (its right edge on felt)."""
    image = _rgb(pebbles.render_table(_full_table()))
    step = pebbles.row_step(_full_table())
    top = pebbles.ROWS_Y + 3 * step + pebbles.CHIP + 8
    assert top + pebbles.SMALL.height <= pebbles.HEIGHT - 4
    right = pebbles.SPLIT + 4 + 7 * (pebbles.SMALL.width + 4) - 4
    assert right <= pebbles.WIDTH - pebbles.MARGIN
    assert image.getpixel((right - 4, top + 20)) == cards.WHITE
    assert image.getpixel((right + 2, top + 20)) == cards.FELT


def _full_hand() -> tuple[PebblesView, tuple[Card, ...]]:
    for state in _two_deck_line():
        seat = GAME.current_seat(state)
        if seat is None:
            break
        view = GAME.view_for(state, seat)
        plays = tuple(action.card for action in view.legal if isinstance(action, Play))
        if state.trick and len(view.hand) == 7 and view.melded[seat] and len(plays) < 7:
            return view, plays
    raise AssertionError("no 7-card hand with a restricted play")


def test_two_deck_cards_carry_their_deck():
    """With two decks the two copies of K♦ differ in pixels; with one deck (3 players' two 8♥) they look alike."""
    king, twin = Card(Rank.KING, Suit.DIAMONDS, 0), Card(Rank.KING, Suit.DIAMONDS, 1)
    for size in (pebbles.SMALL, pebbles.TRICK, pebbles.LARGE):
        marked = (pebbles.card_sprite(king, size, deck_tab=True), pebbles.card_sprite(twin, size, deck_tab=True))
        assert marked[0].tobytes() != marked[1].tobytes()
        plain = (pebbles.card_sprite(king, size), pebbles.card_sprite(twin, size))
        assert plain[0].tobytes() == plain[1].tobytes()
    view = _public(_two_deck_line()[60])
    melded = tuple((king,) if seat == 0 else () for seat in range(4))
    first = replace(view, melded=melded, hand_sizes=(7, 7, 7, 7))
    second = replace(first, melded=tuple((twin,) if seat == 0 else () for seat in range(4)))
    assert pebbles.render_table(first) != pebbles.render_table(second)
    three = _public(_line(3, None, 2)[5])
    eight, other_eight = Card(Rank.EIGHT, Suit.HEARTS, 0), Card(Rank.EIGHT, Suit.HEARTS, 1)
    one = replace(three, melded=((eight,), (), ()), hand_sizes=(7, 7, 7))
    assert pebbles.render_table(one) == pebbles.render_table(replace(one, melded=((other_eight,), (), ())))


def test_playable_cards_are_raised_in_gold_and_the_others_dimmed():
    """The playable cards' top edge is gold and higher; the others' faces grey; without a choice all plain white."""
    view, playable = _full_hand()
    image = _rgb(pebbles.render_hand(view, playable=playable))
    plain = _rgb(pebbles.render_hand(view))
    x = (pebbles.HAND_WIDTH - 7 * pebbles.LARGE.width - 6 * pebbles.HAND_GAP) // 2
    for card in view.hand:
        centre = x + pebbles.LARGE.width // 2
        lit = card in playable
        top = pebbles.HAND_TOP if lit else pebbles.HAND_TOP + pebbles.RAISE
        assert (image.getpixel((centre, top + 1)) == cards.GOLD) == lit, card
        face = image.getpixel((x + pebbles.LARGE.width - 8, top + 10))
        assert face == (cards.WHITE if lit else pebbles.DIM_FACE), card
        assert plain.getpixel((centre, pebbles.HAND_TOP + pebbles.RAISE + 1)) != cards.GOLD
        assert plain.getpixel((x + pebbles.LARGE.width - 8, pebbles.HAND_TOP + pebbles.RAISE + 10)) == cards.WHITE
        x += pebbles.LARGE.width + pebbles.HAND_GAP


def test_the_seat_to_play_has_a_gold_place_in_the_trick():
    """The empty trick place of the seat to play is outlined in gold, the other empty places are not."""
    state = next(state for state in _line(4, None, 8) if len(state.trick) == 1)
    view = _public(state)
    image = _rgb(pebbles.render_table(view))
    played = {seat for seat, _ in view.trick}
    for seat in range(4):
        x, y = pebbles.trick_xy(4, seat)
        edge = image.getpixel((x + pebbles.TRICK.width // 2, y))
        if seat not in played:
            assert (edge == cards.GOLD) == (seat == view.turn), seat


def test_names_are_drawn_and_shortened():
    """Given names change the picture; missing ones are "Player n"; a long name is cut to 16 characters."""
    view = _public(_line(2, None, 1)[3])
    default = pebbles.render_table(view)
    assert default == pebbles.render_table(view, ["Player 1", "Player 2"])
    assert default == pebbles.render_table(view, ["Player 1"])
    assert default != pebbles.render_table(view, ["Ann", "Bob"])
    assert pebbles.seat_names(view, ["A" * 30, "Bob"]) == ("A" * 15 + "\u2026", "Bob")


def test_the_last_deal_is_summed_up_before_the_next_deal_starts():
    """After a deal, until the first card of the next one, the trick's place shows the last deal's scores."""
    line = _two_deck_line()
    index = next(i for i, state in enumerate(line) if state.history)
    assert pebbles._shows_summary(_public(line[index]))
    after = next(state for state in line[index:] if state.trick)
    assert not pebbles._shows_summary(_public(after))
    assert pebbles._shows_summary(_public(line[-1]))
    assert not pebbles._shows_summary(_public(GAME.resign(after, 0).state))


def test_a_public_hand_strip_is_empty():
    """render_hand of the public view draws no card: it has no hand."""
    view = _public(_line(2, None, 1)[3])
    image = _rgb(pebbles.render_hand(view))
    assert cards.WHITE not in {colour for _, colour in image.getcolors(1 << 16)}
