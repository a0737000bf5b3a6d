"""Peek, Aisleriot's open-reserve Osmosis patience (RULES.md §2).

One player, 52 cards. The deal (§2.1) fans 16 cards face up in four reserves of four (only the
top card of each is playable), turns one card onto foundation 1 (F1) and leaves 35 cards face down
in the stock; the waste starts empty. F1's card fixes the foundations' *base rank* B.

The osmosis foundations (§2.3) hold one suit each and have no rank order:

1. a card of F1's suit goes to F1 at any time;
2. a card goes to Fk (k = 2..4, already started) when it has Fk's suit and its rank is already in
   F(k-1), the foundation directly above;
3. a card of rank B starts the first empty foundation, F2 before F3 before F4 (§2.8 A1, A2); its
   suit becomes that foundation's suit.

So a card has at most one place to go, and an action only names where the card comes from: a
reserve top or the waste top. The other actions turn the stock: one card onto the waste (three
with the ``three_card`` option), and, once the stock is empty, the waste over to form the stock
again, order kept. That turn-over is a *redeal*: at most two in the default game (three passes,
§2.8 A6), unlimited with ``three_card``.

Nothing else moves: no building on reserves, nothing off a foundation. The score is the number of
cards on the foundations, the dealt F1 card included (§2.6, A3). The game is won with all 52 home,
and lost as soon as no card can ever reach a foundation again (§2.5, in both modes): no reserve top
fits, and neither does any card that turning the stock alone, with no card played, would bring to
the top of the waste. Without a play the foundations stay as they are, so that is one look along
the stock: the waste top, then every stock card (one-card game) or every third (three-card game),
and, when a redeal is still allowed, the same over the whole turned-over waste (order kept, so every
later pass repeats it). This is Aisleriot's own end in the one-card game (stock empty, no redeal
left, nothing plays), only found earlier; in the three-card game, which never runs out of redeals,
it ends a game that would otherwise cycle forever, and never one in which a card skipped during a
pass comes round again. A :class:`Draw` that makes the game lost (it covers the last card that could
still go home) says so in its phrase. The player may resign at any time. Undo is allowed (RULES.md is
silent; Peek is a patience like Penguin).

Hidden (§2.2): the stock, and the waste below the cards on show (the top card; the top three
with ``three_card``, as in Aisleriot's fanned waste). Views carry only their counts.

Action codes: ``"r2>f"`` (reserve 2 top to its foundation), ``"w>f"`` (waste top to its
foundation), ``"draw"`` (stock to waste), ``"redeal"`` (turn the waste over).
"""

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from games.base import GAME_OVER, SCHEMA, EndReason, Event, Game, Option, Outcome, Seat, Transition, check_seats
from games.cards import DECK, Card, shuffled
from games.errors import CorruptStateError, GameOverError, InvalidActionError, InvalidOptionError
from games.phrases import Phrase
from games.snapshot import Reader

RESERVES = 4
RESERVE_DEPTH = 4
FOUNDATIONS = 4
SUIT_SIZE = 13
REDEALS = 2
"""Redeals allowed in the default one-card game (§2.3 5); the three-card game has no limit."""

WASTE = "w"
DRAW_CODE = "draw"
REDEAL_CODE = "redeal"
_PLAY_CODE = re.compile(r"(r[1-4]|w)>f")

Source = str
"""Where a played card comes from: "r1".."r4" (a reserve top) or "w" (the waste top)."""


@dataclass(frozen=True, slots=True)
class Play:
    """Move the top card of ``source`` to the one foundation that may take it.

    ``card``, ``foundation`` (1..4) and ``starts`` only make the phrase readable; they are not part
    of the action's identity, so ``parse_action(play.code) == play``.
    """

    source: Source
    card: Card | None = field(default=None, compare=False)
    foundation: int = field(default=0, compare=False)
    starts: bool = field(default=False, compare=False)

    @property
    def code(self) -> str:
        """``"r2>f"`` or ``"w>f"``."""
        return f"{self.source}>f"

    @property
    def phrase(self) -> Phrase:
        """E.g. "5♥ → foundation 1", "9♣ starts foundation 2"."""
        what = self.card if self.card else place(self.source)
        if self.starts:
            return Phrase.of("peek.play.starts", what=what, foundation=self.foundation)
        if self.foundation:
            return Phrase.of("peek.play.home", what=what, foundation=self.foundation)
        return Phrase.of("peek.play", what=what)


@dataclass(frozen=True, slots=True)
class Draw:
    """Turn the next card (three cards with ``three_card``) from the stock onto the waste.

    ``count`` and ``ends_game`` (the draw leaves no card that can ever go home) only make the phrase.
    """

    count: int = field(default=1, compare=False)
    ends_game: bool = field(default=False, compare=False)

    @property
    def code(self) -> str:
        """Always ``"draw"``."""
        return DRAW_CODE

    @property
    def phrase(self) -> Phrase:
        """Says how many cards turn: "Turn 1 card" or "Turn 3 cards" (fewer when the stock runs out), with a
        warning when that ends the game."""
        return Phrase.of("peek.draw.ends_game" if self.ends_game else "peek.draw", count=self.count)


@dataclass(frozen=True, slots=True)
class Redeal:
    """Turn the waste over to form the stock again, order kept (one redeal).

    It never ends the game: the pass it starts shows again every card the previous one could show.
    """

    @property
    def code(self) -> str:
        """Always ``"redeal"``."""
        return REDEAL_CODE

    @property
    def phrase(self) -> Phrase:
        """Always "Turn the waste over"."""
        return Phrase.of("peek.redeal")


PeekAction = Play | Draw | Redeal


@dataclass(frozen=True, slots=True)
class PeekState:
    """A Peek position.

    Reserves and foundations are bottom first (a reserve's playable card is its last). The stock is
    top first and the waste bottom first, so turning the waste over is just ``stock = waste``.
    """

    three_card: bool
    reserves: tuple[tuple[Card, ...], ...]
    foundations: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    redeals: int = 0
    moves: int = 0
    resigned: bool = False


@dataclass(frozen=True, slots=True)
class PeekView:
    """What anyone may see: the whole table except the stock and the covered waste (counts only).

    ``waste`` holds the cards on show, bottom first (the top card; up to three with ``three_card``).
    ``redeals_left`` is None when redeals are unlimited.
    """

    three_card: bool
    base: Card
    reserves: tuple[tuple[Card, ...], ...]
    foundations: tuple[tuple[Card, ...], ...]
    stock_count: int
    waste: tuple[Card, ...]
    waste_count: int
    redeals_left: int | None
    moves: int
    score: int
    legal: tuple[PeekAction, ...]
    outcome: Outcome | None


def score(state: PeekState) -> int:
    """Cards on the foundations (§2.6)."""
    return sum(len(pile) for pile in state.foundations)


def base_card(state: PeekState) -> Card:
    """F1's first card: its rank starts every other foundation."""
    return state.foundations[0][0]


def deal(deck: Sequence[Card], three_card: bool) -> PeekState:
    """Lay out ``deck`` (top first) in RULES.md §2.1's canonical order."""
    reserves = tuple(tuple(deck[row * RESERVES + pile] for row in range(RESERVE_DEPTH)) for pile in range(RESERVES))
    dealt = RESERVES * RESERVE_DEPTH
    foundations = ((deck[dealt],),) + ((),) * (FOUNDATIONS - 1)
    return PeekState(three_card, reserves, foundations, tuple(deck[dealt + 1 :]), ())


def target(foundations: tuple[tuple[Card, ...], ...], card: Card) -> int | None:
    """The index (0..3) of the foundation that may take ``card`` now, or None (§2.3 1–3)."""
    base_rank = foundations[0][0].rank
    for index, pile in enumerate(foundations):
        if not pile:
            return index if card.rank == base_rank else None
        if pile[0].suit == card.suit:
            if index == 0 or any(other.rank == card.rank for other in foundations[index - 1]):
                return index
            return None
    return None


def _source_card(state: PeekState, source: Source) -> Card | None:
    pile = state.waste if source == WASTE else state.reserves[int(source[1:]) - 1]
    return pile[-1] if pile else None


def _sources(state: PeekState) -> Iterator[tuple[Source, Card]]:
    for index, pile in enumerate(state.reserves):
        if pile:
            yield f"r{index + 1}", pile[-1]
    if state.waste:
        yield WASTE, state.waste[-1]


def _may_redeal(state: PeekState) -> bool:
    return not state.stock and bool(state.waste) and (state.three_card or state.redeals < REDEALS)


def _draw_size(state: PeekState) -> int:
    return 3 if state.three_card else 1


def legal_moves(state: PeekState) -> tuple[PeekAction, ...]:
    """Every legal action of a running game: plays from reserves 1–4, from the waste, draw, redeal."""
    actions: list[PeekAction] = []
    for source, card in _sources(state):
        index = target(state.foundations, card)
        if index is not None:
            actions.append(Play(source, card, index + 1, not state.foundations[index]))
    if state.stock:
        actions.append(Draw(min(_draw_size(state), len(state.stock)), is_lost(_turned(state))))
    elif _may_redeal(state):
        actions.append(Redeal())
    return tuple(actions)


def showable_tops(state: PeekState) -> Iterator[Card]:
    """Every card that turning the stock alone, with no card played, would bring to the top of the waste,
    the top now included (§2.5); a card may come more than once.

    Stock and waste are one sequence in turning order (the waste, bottom first, then the stock, top first);
    after ``k`` cards are turned the top is its ``k``-th card. From here the turns stop after every
    card (every third) and at the end; after a turn-over, if one is still allowed, the same from the start.
    """
    cards = state.waste + state.stock
    size = _draw_size(state)
    if state.waste:
        yield state.waste[-1]
    for end in range(len(state.waste) + size, len(cards), size):
        yield cards[end - 1]
    if state.stock:
        yield cards[-1]
    if state.three_card or state.redeals < REDEALS:
        for end in range(size, len(cards), size):
            yield cards[end - 1]


def is_lost(state: PeekState) -> bool:
    """Whether no card can ever reach a foundation again (§2.5): no reserve top and no showable waste top fits.

    (A won game passes this test too; :meth:`Peek.outcome` looks for the win first.)
    """
    for pile in state.reserves:
        if pile and target(state.foundations, pile[-1]) is not None:
            return False
    return all(target(state.foundations, card) is None for card in showable_tops(state))


def _play(state: PeekState, source: Source) -> tuple[PeekState, Event]:
    if source == WASTE:
        card = state.waste[-1]
        state = replace(state, waste=state.waste[:-1])
    else:
        index = int(source[1:]) - 1
        card = state.reserves[index][-1]
        reserves = state.reserves[:index] + (state.reserves[index][:-1],) + state.reserves[index + 1 :]
        state = replace(state, reserves=reserves)
    home = target(state.foundations, card)
    assert home is not None
    key = "peek.went_home" if state.foundations[home] else "peek.started"
    foundations = state.foundations[:home] + (state.foundations[home] + (card,),) + state.foundations[home + 1 :]
    return replace(state, foundations=foundations), Event(Phrase.of(key, card=card, foundation=home + 1))


def _turned(state: PeekState) -> PeekState:
    """The stock turned once: cards one by one, so with three the third lands on top (Aisleriot
    ``deal-cards-face-up``)."""
    size = _draw_size(state)
    return replace(state, stock=state.stock[size:], waste=state.waste + state.stock[:size])


def _draw(state: PeekState) -> tuple[PeekState, Event]:
    turned = state.stock[: _draw_size(state)]
    return _turned(state), Event(Phrase.of("peek.turned", cards=turned))


def _redeal(state: PeekState) -> tuple[PeekState, Event]:
    after = replace(state, stock=state.waste, waste=(), redeals=state.redeals + 1)
    if state.three_card:
        return after, Event(Phrase.of("peek.turned_over"))
    return after, Event(Phrase.of("peek.turned_over.redeals_left", count=REDEALS - after.redeals))


def place(source: Source) -> Phrase:
    """The name of a source: "the waste", "reserve 2"."""
    return Phrase.of("peek.waste") if source == WASTE else Phrase.of("peek.reserve", reserve=int(source[1:]))


def _explain_play(state: PeekState, play: Play) -> Phrase:
    card = _source_card(state, play.source)
    if card is None:
        if play.source == WASTE:
            return Phrase.of("peek.waste_empty")
        return Phrase.of("peek.reserve_empty", reserve=int(play.source[1:]))
    base = base_card(state)
    for index, pile in enumerate(state.foundations):
        if not pile:
            break
        if pile[0].suit == card.suit:
            return Phrase.of("peek.not_yet", card=card, foundation=index + 1, above=index, rank=card.rank)
    return Phrase.of("peek.cannot_start", card=card, rank=base.rank, base=base)


def _explain_redeal(state: PeekState) -> Phrase:
    if state.stock:
        return Phrase.of("peek.redeal.stock_left")
    if not state.waste:
        return Phrase.of("peek.redeal.waste_empty")
    return Phrase.of("peek.redeal.none_left", passes=REDEALS + 1)


def _check_foundations(foundations: tuple[tuple[Card, ...], ...]) -> None:
    """RULES.md §6.1: one suit each, started in order with the base rank, Ranks(Fk) ⊆ Ranks(F(k-1))."""
    if not foundations[0]:
        raise CorruptStateError("Peek snapshot: foundation 1 is empty.")
    base_rank = foundations[0][0].rank
    suits = set()
    for index, pile in enumerate(foundations):
        if not pile:
            if any(foundations[index:]):
                raise CorruptStateError("Peek snapshot: the foundations were not started in order.")
            return
        suits.add(pile[0].suit)
        if len(pile) > SUIT_SIZE or any(card.suit != pile[0].suit for card in pile):
            raise CorruptStateError(f"Peek snapshot: foundation {index + 1} mixes suits.")
        if pile[0].rank != base_rank:
            raise CorruptStateError(f"Peek snapshot: foundation {index + 1} does not start with the base rank.")
        if index and not {card.rank for card in pile} <= {card.rank for card in foundations[index - 1]}:
            raise CorruptStateError(f"Peek snapshot: foundation {index + 1} holds a rank missing above it.")
    if len(suits) != FOUNDATIONS:
        raise CorruptStateError("Peek snapshot: two foundations share a suit.")


def _check_state(state: PeekState) -> None:
    """Raise CorruptStateError unless ``state`` obeys RULES.md §6.1 and the counters make sense."""
    cards = [card for pile in state.reserves for card in pile] + [card for pile in state.foundations for card in pile]
    cards += list(state.stock) + list(state.waste)
    if len(cards) != 52 or set(cards) != set(DECK):
        raise CorruptStateError("Peek snapshot does not hold each of the 52 cards exactly once.")
    if any(len(pile) > RESERVE_DEPTH for pile in state.reserves):
        raise CorruptStateError("Peek snapshot: a reserve holds more than 4 cards.")
    _check_foundations(state.foundations)
    if not state.three_card and state.redeals > REDEALS:
        raise CorruptStateError("Peek snapshot: bad redeal count.")


class Peek(Game[PeekState]):
    """Peek patience for one player (RULES.md §2)."""

    key = "peek"
    title = "Peek"
    min_seats = 1
    max_seats = 1
    hidden_information = True
    options = (
        Option("three_card", False, Phrase.of("peek.option.three_card")),
    )

    def new_state(
        self, options: Mapping[str, Any] | None, seats: int, seed: int, deck: Sequence[Card] | None = None
    ) -> PeekState:
        """Deal a game from ``seed``, or from ``deck`` (top first) when given. Raises InvalidOptionError."""
        three_card = self.resolve_options(options)["three_card"]
        check_seats(self, seats)
        if deck is None:
            return deal(shuffled(DECK, seed), three_card)
        cards = tuple(deck)
        if len(cards) != 52 or set(cards) != set(DECK):
            raise InvalidOptionError(Phrase.of("deck.one_deck", title=self.title))
        return deal(cards, three_card)

    def current_seat(self, state: PeekState) -> Seat | None:
        """Seat 0 while the game runs."""
        return None if self.outcome(state) is not None else 0

    def legal_actions(self, state: PeekState, seat: Seat) -> tuple[PeekAction, ...]:
        """Plays from reserves 1–4 and the waste, then draw or redeal."""
        if seat != 0 or self.outcome(state) is not None:
            return ()
        return legal_moves(state)

    def _apply(self, state: PeekState, seat: Seat, action: PeekAction) -> Transition[PeekState]:
        if isinstance(action, Play):
            after, event = _play(state, action.source)
        elif isinstance(action, Draw):
            after, event = _draw(state)
        else:
            after, event = _redeal(state)
        after = replace(after, moves=state.moves + 1)
        events = [event]
        end = self.outcome(after)
        if end is not None:
            assert end.summary is not None
            events.append(Event(end.summary))
        return Transition(after, tuple(events))

    def explain_illegal(self, state: PeekState, seat: Seat, action: Any) -> Phrase:
        """Why ``action`` is refused, as precisely as the position allows."""
        if isinstance(action, Play) and isinstance(action.source, str) and _PLAY_CODE.fullmatch(action.source + ">f"):
            return _explain_play(state, action)
        if isinstance(action, Draw):
            return Phrase.of("peek.stock_empty.redeal" if _may_redeal(state) else "peek.stock_empty")
        if isinstance(action, Redeal):
            return _explain_redeal(state)
        return Phrase.of("peek.not_a_move")

    def view_for(self, state: PeekState, viewer: Seat | None) -> PeekView:
        """The table without the stock and the covered waste, with the legal actions for seat 0."""
        shown = _draw_size(state)
        return PeekView(
            three_card=state.three_card,
            base=base_card(state),
            reserves=state.reserves,
            foundations=state.foundations,
            stock_count=len(state.stock),
            waste=state.waste[-shown:],
            waste_count=len(state.waste),
            redeals_left=None if state.three_card else REDEALS - state.redeals,
            moves=state.moves,
            score=score(state),
            legal=self.legal_actions(state, viewer) if viewer is not None else (),
            outcome=self.outcome(state),
        )

    def progress(self, state: PeekState) -> int:
        """Cards on the foundations."""
        return score(state)

    def outcome(self, state: PeekState) -> Outcome | None:
        """Won at 52 cards home; lost when resigned or when no card can ever reach a foundation again."""
        home = score(state)
        if state.resigned:
            return Outcome((home,), (), EndReason.RESIGNED, Phrase.of("peek.resigned", count=home))
        if home == 52:
            return Outcome((52,), (0,), EndReason.COMPLETED, Phrase.of("patience.solved"))
        if is_lost(state):
            return Outcome((home,), (), EndReason.COMPLETED, Phrase.of("peek.lost", count=home))
        return None

    def resign(self, state: PeekState, seat: Seat) -> Transition[PeekState]:
        """Give up. Raises GameOverError when the game is already over."""
        if self.outcome(state) is not None:
            raise GameOverError(GAME_OVER)
        after = replace(state, resigned=True)
        return Transition(after, (Event(Phrase.of("peek.resigned", count=score(after))),))

    def allows_undo(self, options: Mapping[str, Any]) -> bool:
        """Always: RULES.md says nothing against it, and Peek is a patience like Penguin (§4.8 A7)."""
        return True

    def parse_action(self, code: str) -> PeekAction:
        """Parse ``"r2>f"``, ``"w>f"``, ``"draw"`` or ``"redeal"``. Raises InvalidActionError."""
        if code == DRAW_CODE:
            return Draw()
        if code == REDEAL_CODE:
            return Redeal()
        match = _PLAY_CODE.fullmatch(code) if isinstance(code, str) else None
        if match is None:
            raise InvalidActionError(Phrase.of("peek.bad_code", code=str(code)))
        return Play(match.group(1))

    def to_dict(self, state: PeekState) -> dict[str, Any]:
        """A JSON-ready snapshot; piles as card idents (stock top first, the others bottom first)."""
        return {
            "schema": SCHEMA,
            "game": self.key,
            "three_card": state.three_card,
            "reserves": [[card.ident for card in pile] for pile in state.reserves],
            "foundations": [[card.ident for card in pile] for pile in state.foundations],
            "stock": [card.ident for card in state.stock],
            "waste": [card.ident for card in state.waste],
            "redeals": state.redeals,
            "moves": state.moves,
            "resigned": state.resigned,
        }

    def from_dict(self, data: Mapping[str, Any]) -> PeekState:
        """Load a snapshot. Raises CorruptStateError when it does not validate.

        Snapshots saved under the former stall rule also hold ``mark`` and ``stalled``; those are not read.
        """
        self.check_header(data)
        reader = Reader(data, self.title)
        state = PeekState(
            three_card=reader.flag("three_card"),
            reserves=reader.piles("reserves", RESERVES),
            foundations=reader.piles("foundations", FOUNDATIONS),
            stock=reader.cards("stock"),
            waste=reader.cards("waste"),
            redeals=reader.number("redeals", 0),
            moves=reader.number("moves", 0),
            resigned=reader.flag("resigned"),
        )
        _check_state(state)
        return state


GAME = Peek()
