"""Every picture's description (alt text): a shared table's names no hidden card, in random playouts of every
game; a hand's says the hand; and each stays inside Discord's limit in every language."""

import dataclasses
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.core.service import Table
from bot.i18n import LOCALES, PSEUDO, Words, words_for
from bot.store.records import SeatRecord
from bot.ui.kinds import KINDS
from bot.ui.layout import DESCRIPTION_LIMIT, Picture
from games import GAMES
from games.base import Event, Seat
from games.cards import Card

from .pseudo import english_in

SEATS = {"penguin": 1, "peek": 1, "triplepeaks": 1, "peanuts": 2, "pebbles": 3}
"""How many seats each game's playouts deal (Pebbles with three: the odd deck with its second 8♥)."""
NAMES = ("alice", "bob", "carol", "dave")
CARD = re.compile(r"(?<![\w♠♣♥♦♤♧])(10|[2-9AJQKBDVRWВДКТ])([♠♣♥♦♤♧])")
"""A card as a description names it (English, German, French, Polish and Russian rank letters)."""
SYMBOLS = {"♤": "♠", "♧": "♣"}


def cards_in(value: Any) -> Iterator[Card]:
    """Every card a view holds, however deep (its ``legal`` actions left out: a public view has none)."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            if field.name != "legal":
                yield from cards_in(getattr(value, field.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)


def named_cards(text: str, words) -> set[tuple[str, str]]:
    """The (rank, suit symbol) of every card ``text`` names."""
    return {(rank, SYMBOLS.get(suit, suit)) for rank, suit in CARD.findall(text)}


def card_name(card: Card, words) -> tuple[str, str]:
    return (words.rank(card.rank), card.suit.symbol)


def table_of(kind: str, state: Any, seats: int, events: tuple[Event, ...], last: Any = None) -> Table:
    """The table the Discord layer would get at this moment (every seat's legal actions and view included, as the
    core hands them over: the describer must pick the public parts itself)."""
    game = GAMES[kind]
    outcome = game.outcome(state)
    return Table(
        game_id=1,
        kind=kind,
        title=game.title,
        version=1,
        status="finished" if outcome else "playing",
        open_play=False,
        guild_id=1,
        channel_id=2,
        message_id=3,
        shown_version=None,
        seats=tuple(SeatRecord(seat, 100 + seat) for seat in range(seats)),
        public=game.view_for(state, None),
        views={seat: game.view_for(state, seat) for seat in range(seats)},
        legal={seat: tuple(game.legal_actions(state, seat)) for seat in range(seats)},
        outcome=outcome,
        events=events,
        can_undo=False,
        turn=game.current_seat(state),
        last=last,
    )


def playout(kind: str, seed: int, most: int = 400) -> Iterator[tuple[Any, Table]]:
    """A random game of ``kind``: the state and table after the deal and after every action."""
    game = GAMES[kind]
    seats = SEATS[kind]
    rng = random.Random(seed)
    state = game.new_state(None, seats, seed)
    yield state, table_of(kind, state, seats, ())
    for _ in range(most):
        if game.outcome(state) is not None:
            return
        turn = game.current_seat(state)
        movers = [turn] if turn is not None else [s for s in range(seats) if game.legal_actions(state, s)]
        if not movers:
            return
        seat: Seat = rng.choice(movers)
        action = rng.choice(list(game.legal_actions(state, seat)))
        state, events = game.apply_action(state, seat, action)
        yield state, table_of(kind, state, seats, tuple(events), action)


@pytest.mark.parametrize("kind", sorted(SEATS))
@pytest.mark.parametrize("locale", ["en-US", "de", "ru"])
def test_a_shared_tables_description_names_only_cards_everyone_sees_in_random_playouts(kind, locale):
    """0 hidden cards: every card a shared description names lies face up in the public view (with two decks a
    hidden card that has a twin on show would pass, which the check cannot tell apart), and the hidden cards of
    that moment (the hands, the stock, the face-down cards) that have no twin on show are never named."""
    words = words_for(locale)
    describe = KINDS[kind].describe
    checked = 0
    for seed in range(4):
        for state, table in playout(kind, seed):
            description = describe(words, table, NAMES[: len(table.seats)])
            seen = {card_name(card, words) for card in cards_in(table.public)}
            everything = {card_name(card, words) for card in cards_in(state)}
            named = named_cards(description, words)
            assert named <= seen, (description, named - seen)
            assert not named & (everything - seen)
            assert len(Picture("table.png", description).alt) <= DESCRIPTION_LIMIT
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("kind", sorted(SEATS))
def test_every_description_fits_and_is_worded_from_the_catalog_in_every_language(kind):
    """Whole playouts in every shipped language and the pseudo-locale: each description is in Discord's limit
    once sent, and the pseudo-locale's has no word that did not come from the catalog."""
    ui = KINDS[kind]
    for locale in (*LOCALES, PSEUDO):
        words = Words(locale)
        for _, table in playout(kind, 11, most=150):
            said = [ui.describe(words, table, NAMES[: len(table.seats)])]
            if ui.describe_private is not None:
                said += [ui.describe_private(words, table, seat) for seat in range(len(table.seats))]
            for description in said:
                assert description
                assert len(description) <= DESCRIPTION_LIMIT, (locale, len(description))
                if locale == PSEUDO:
                    assert english_in(description) == [], description


def test_a_hand_is_described_only_from_its_own_seat_and_names_what_may_be_played():
    """A Pebbles hand's description names its cards and the playable ones, and no card of another hand."""
    words = words_for("en-US")
    ui = KINDS["pebbles"]
    assert ui.describe_private is not None
    for _, table in playout("pebbles", 3, most=60):
        for seat in range(len(table.seats)):
            view = table.views[seat]
            description = ui.describe_private(words, table, seat)
            mine = {card_name(card, words) for card in cards_in(view)}
            assert named_cards(description, words) <= mine
            for card in view.hand:
                assert words.card(card) in description
            playable = [a.card for a in table.legal[seat] if hasattr(a, "card") and type(a).__name__ == "Play"]
            if playable:
                assert "You may play:" in description


def test_the_penguin_description_names_every_move_the_menu_offers():
    words = words_for("en-US")
    for _, table in playout("penguin", 5, most=80):
        description = KINDS["penguin"].describe(words, table, ["alice"])
        for action in table.legal[0]:
            assert words.phrase(action.phrase) in description


def test_every_game_describes_each_picture_it_draws():
    for kind in KINDS.values():
        assert kind.describe is not None
        assert (kind.render_private is None) == (kind.describe_private is None), kind.key
        assert (kind.render_picked is None) == (kind.describe_picked is None), kind.key
