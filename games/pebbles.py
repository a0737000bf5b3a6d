"""Pebbles and Nuts, Howard Fosdick's trick-taking game with melds (RULES.md §3, §7.2).

Seats ``0..n-1`` sit clockwise. 2 or 3 players play for themselves; 4 players play in partnerships,
seats 0+2 against 1+3, with one deck (32 cards) or two (64 cards, option ``decks``). The 3-player
deck has an extra 8♥, written ``8H1`` (deck 1), so 33 cards. Hearts are always trump; trick order
A 10 K Q J 9 8 7 (§3.1).

A deal (§3.1, §3.7 A1/A15): the dealer deals 7 cards to each player one at a time clockwise from
the dealer's left; the rest is the draw pile, top first. The seat left of the dealer leads the
first trick (in 2p that is the non-dealer); the dealer moves one seat left each deal. The first
dealer is ``seed % seats``. An explicit ``deck`` given to :meth:`PebblesAndNuts.new_state` (top
first, any order of the game's cards) is used for the first deal only; deal ``k`` (k >= 1) is
shuffled from the seed ``f"{seed}:{k}"``.

Trick play (§3.3): follow suit if able, else play anything; on a heart lead any follower may play
A♠ instead of a heart, and it then wins the trick (the first A♠ of two); otherwise the highest
heart wins, else the highest card of the suit led; of identical cards the first played wins
(§3.7 A7). After a trick each player draws one card while the pile lasts, the winner first, then
clockwise (A2).

Melds (§3.4): after the draw the trick winner may declare one meld before leading: Marriage K+Q
(15), Spade Marriage K♠+Q♠ (20), or Ménage, a J added to one of the player's own marriages that
was declared after an earlier trick and still has both cards in hand (10, also on the spade
marriage, A5). Melded cards stay in the hand, face up. Leading a card without declaring is the
pass: the winner's turn to lead always offers the available melds beside the cards, so no extra
"pass" click is needed and the table cannot tell from a prompt whether the winner holds a meld
(§7.2's "Declare meld / Pass" prompt, folded into the lead).

Re-marriage (§3.4, A9, following the seed): a K and a Q of one suit in hand may be married unless
that very pair has been scored already, or one of the two is in a scored marriage that is still
complete on the table. A K or Q of a scored marriage marries again only after its partner from that
marriage has been played to a trick. With one deck that is each suit's marriage once per deal. With
two decks, K♦ Q♦ scored, then Q♦ played, K♦ may marry the second Q♦; while K♦ Q♦ are both on the
table, K♦ Q♦ + the second Q♦ score one marriage, not two. Each physical K/Q is thus in at most two
marriages, as its suit has only two Qs or Ks. Each marriage takes one ménage, each J one ménage.

Option ``either_partner_declares`` (4 players, §3.4, A10): the trick winner may instead pass the
declaration to the partner (``"pass"``, offered whether or not the partner can meld), who then
declares one of *their own* melds or passes; then the winner leads. Leading at once forgoes the
partner's chance.

Scores (§3.5, A4, A14): meld points count at once; card points of the tricks won count at the
deal's end; partners add up. The side with the most points wins the deal; the deal-end event says
so with each side's meld and card points, and views carry it as ``last_deal`` (:class:`DealSummary`).
At a deal's end, the side with the highest total wins the game if it has reached the target (70 for
2p, 50 for 3p, 70 for 4p with one deck (A12), 130 with two decks); a tie at the top plays another
deal.

Hidden information (§3.2, A13): hands (except melded cards), the draw pile and the won tricks of the
running deal; a view shows the current and the last completed trick, and the previous deal's won
cards once it has ended.

Options: ``decks`` 1 or 2 (2 only for 4 players), ``either_partner_declares`` (4 players only).
Action codes: ``"p:QS"`` / ``"p:QS1"`` play a card (ident: deck 1 copy with the digit),
``"m:KDQD"`` declare a marriage (K then Q), ``"m:JDKDQD"`` add J♦ to the marriage K♦ Q♦ (ménage),
``"pass"`` hand the declaration to the partner, or decline it as the partner. In the two-deck game
action names, events and refusals mark each card's deck (``"K♦ (1)"``, ``"K♦ (2)"``, :func:`marked_card`),
so the two copies never read alike.
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cache
from typing import Any

from games.base import GAME_OVER, SCHEMA, EndReason, Event, Game, Option, Outcome, Seat, Transition, check_seats
from games.cards import Card, Rank, Suit, shuffled
from games.errors import CorruptStateError, GameOverError, InvalidActionError, InvalidCardError, InvalidOptionError
from games.phrases import Phrase
from games.snapshot import Reader

HAND_SIZE = 7
TRUMP = Suit.HEARTS
RANKS_USED = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
"""The 8 ranks of the 32-card deck, high to low in trick order (§3.1)."""

STRENGTH = {rank: len(RANKS_USED) - index for index, rank in enumerate(RANKS_USED)}
"""Trick strength: A 8, 10 7, K 6, Q 5, J 4, 9 3, 8 2, 7 1."""

CARD_POINTS = {
    (Suit.HEARTS, Rank.ACE): 5,
    (Suit.HEARTS, Rank.KING): 10,
    (Suit.HEARTS, Rank.QUEEN): 10,
    (Suit.HEARTS, Rank.EIGHT): 10,
    (Suit.DIAMONDS, Rank.ACE): 5,
    (Suit.DIAMONDS, Rank.KING): 5,
    (Suit.DIAMONDS, Rank.QUEEN): 5,
    (Suit.CLUBS, Rank.ACE): 5,
    (Suit.CLUBS, Rank.KING): 5,
    (Suit.CLUBS, Rank.QUEEN): 5,
    (Suit.SPADES, Rank.ACE): -5,
    (Suit.SPADES, Rank.KING): -10,
    (Suit.SPADES, Rank.QUEEN): -10,
    (Suit.SPADES, Rank.EIGHT): -10,
}
"""§3.5; every other card scores 0."""

MARRIAGE_POINTS = 15
SPADE_MARRIAGE_POINTS = 20
MENAGE_POINTS = 10
PASS_CODE = "pass"
_MELD_CODE = re.compile(r"m:((?:[A2-9TJQK][CDHS][1-9]?){2,3})")
_IDENT = re.compile(r"[A2-9TJQK][CDHS][1-9]?")


class Phase(Enum):
    """Whose decision it is: the seat to play (or lead, and maybe declare), or the leader's partner
    deciding on a declaration handed over by the leader (option ``either_partner_declares``)."""

    PLAY = "play"
    PARTNER = "partner"


def marked_card(card: Card, decks: int) -> Card | Phrase:
    """A card for people; with two decks marked by its deck, so the two copies never read alike:
    ``"K♦ (1)"``, ``"K♦ (2)"``. One-deck games (the 3-player game's two 8♥ included) show ``"K♦"``."""
    return card if decks == 1 else Phrase.of("pebbles.card_of_deck", card=card, deck=card.deck + 1)


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from the hand (concealed or melded) to the trick.

    ``decks`` only makes the phrase mark the deck in the two-deck game; it is not part of the action's
    identity, so ``parse_action(play.code) == play``.
    """

    card: Card
    decks: int = field(default=1, compare=False)

    @property
    def code(self) -> str:
        """``"p:QS"``, ``"p:QS1"`` for the second deck's copy."""
        return f"p:{self.card.ident}"

    @property
    def phrase(self) -> Phrase:
        """E.g. "Play Q♠", "Play Q♠ (2)" for the second deck's copy in the two-deck game."""
        return Phrase.of("pebbles.play", card=marked_card(self.card, self.decks))


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare a meld: ``(K, Q)`` for a marriage, ``(J, K, Q)`` to add J to the marriage K Q (ménage).

    ``decks``, as for :class:`Play`, only marks the decks in the phrase.
    """

    cards: tuple[Card, ...]
    decks: int = field(default=1, compare=False)

    @property
    def code(self) -> str:
        """``"m:KDQD"`` or ``"m:JDKDQD"``."""
        return "m:" + "".join(card.ident for card in self.cards)

    @property
    def points(self) -> int:
        if len(self.cards) == 3:
            return MENAGE_POINTS
        return SPADE_MARRIAGE_POINTS if self.cards[0].suit == Suit.SPADES else MARRIAGE_POINTS

    @property
    def name(self) -> Phrase:
        """"Ménage", "Spade Marriage" or "Marriage"."""
        if len(self.cards) == 3:
            return Phrase.of("pebbles.menage")
        return Phrase.of("pebbles.spade_marriage" if self.cards[0].suit == Suit.SPADES else "pebbles.marriage")

    @property
    def phrase(self) -> Phrase:
        """E.g. "Marriage K♦ Q♦ (+15)", "Ménage J♦ → K♦ Q♦ (+10)", "Marriage K♦ (1) Q♦ (2) (+15)"."""
        cards = [marked_card(card, self.decks) for card in self.cards]
        if len(cards) == 3:
            jack, king, queen = cards
            return Phrase.of(
                "pebbles.declare.menage", name=self.name, jack=jack, king=king, queen=queen, points=self.points
            )
        king, queen = cards
        return Phrase.of("pebbles.declare", name=self.name, king=king, queen=queen, points=self.points)


@dataclass(frozen=True, slots=True)
class Pass:
    """Hand the declaration to the partner, or (as the partner) decline it."""

    @property
    def code(self) -> str:
        """Always ``"pass"``."""
        return PASS_CODE

    @property
    def phrase(self) -> Phrase:
        """Always "Pass"."""
        return Phrase.of("pebbles.pass")


PebblesAction = Play | Declare | Pass


@dataclass(frozen=True, slots=True)
class Marriage:
    """A scored marriage of one player; ``jack`` once a ménage has been added to it."""

    king: Card
    queen: Card
    jack: Card | None = None


@dataclass(frozen=True, slots=True)
class DealScore:
    """One finished deal, per seat: meld points, card points, tricks won."""

    melds: tuple[int, ...]
    cards: tuple[int, ...]
    tricks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealSummary:
    """One finished deal per side (a seat, or a partnership in 4p), for the deal summary (§3.5, §7.2).

    ``number`` counts deals from 1; ``points`` = ``melds`` + ``cards``; ``winners`` are the sides with
    the most points ("Win a deal by winning the most points"), several on a tie.
    """

    number: int
    melds: tuple[int, ...]
    cards: tuple[int, ...]
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PebblesState:
    """A game in progress. Hands are kept sorted (suit, then trick order) and include melded cards.

    ``trick`` and ``last_trick`` list cards in playing order from ``leader`` / ``last_leader``.
    ``totals`` are per side and hold only finished deals; meld points of the running deal are in
    ``meld_points`` (per seat). ``revealed`` holds the won cards of the last finished deal.
    """

    seats: int
    decks: int
    either_declares: bool
    seed: int
    deal_no: int
    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]
    pile: tuple[Card, ...]
    leader: Seat
    trick: tuple[Card, ...] = ()
    phase: Phase = Phase.PLAY
    may_declare: bool = False
    last_leader: Seat = 0
    last_trick: tuple[Card, ...] = ()
    drawn: tuple[Card | None, ...] = ()
    won: tuple[tuple[Card, ...], ...] = ()
    tricks: tuple[int, ...] = ()
    marriages: tuple[tuple[Marriage, ...], ...] = ()
    meld_points: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    history: tuple[DealScore, ...] = ()
    revealed: tuple[tuple[Card, ...], ...] = ()
    over: bool = False
    resigned: Seat | None = None


@dataclass(frozen=True, slots=True)
class PebblesView:
    """What one seat (or the public, ``viewer=None``) may see.

    ``hand`` is the viewer's own hand (empty for the public) and ``drawn`` the card the viewer drew
    last, while still in hand. ``melded`` per seat: face-up cards still in hand. ``scores`` per
    side include the running deal's meld points; ``sides`` maps seats to sides. ``trick`` pairs
    (seat, card) in playing order; ``last_trick`` likewise, with ``last_winner``. ``revealed``: the
    won cards per seat of the last finished deal, public once it ended; ``history`` the scores of every
    finished deal per seat, and ``last_deal`` the last one per side with its winner (None before any).
    """

    viewer: Seat | None
    seats: int
    decks: int
    target: int
    deal_no: int
    dealer: Seat
    turn: Seat | None
    phase: Phase
    may_declare: bool
    trump: Suit
    hand: tuple[Card, ...]
    drawn: Card | None
    hand_sizes: tuple[int, ...]
    melded: tuple[tuple[Card, ...], ...]
    pile_size: int
    trick: tuple[tuple[Seat, Card], ...]
    last_trick: tuple[tuple[Seat, Card], ...]
    last_winner: Seat | None
    tricks_won: tuple[int, ...]
    meld_points: tuple[int, ...]
    sides: tuple[int, ...]
    scores: tuple[int, ...]
    history: tuple[DealScore, ...]
    last_deal: DealSummary | None
    revealed: tuple[tuple[Card, ...], ...]
    legal: tuple[PebblesAction, ...]
    outcome: Outcome | None


@cache
def game_deck(seats: int, decks: int) -> tuple[Card, ...]:
    """The cards of the game in a fixed order: 32 cards per deck, plus 8♥ (deck 1) for 3 players."""
    cards = tuple(Card(rank, suit, deck) for deck in range(decks) for suit in Suit for rank in reversed(RANKS_USED))
    if seats == 3:
        cards += (Card(Rank.EIGHT, Suit.HEARTS, 1),)
    return cards


def target_for(seats: int, decks: int) -> int:
    """Points needed to win the game (§3.5, A12)."""
    if decks == 2:
        return 130
    return 50 if seats == 3 else 70


def side_of(seats: int, seat: Seat) -> int:
    """Partners (4 players) share a side: seats 0+2 are side 0, 1+3 side 1; otherwise one seat, one side."""
    return seat % 2 if seats == 4 else seat


def side_count(seats: int) -> int:
    return 2 if seats == 4 else seats


def card_points(cards: Sequence[Card]) -> int:
    """Card points of won cards (§3.5)."""
    return sum(CARD_POINTS.get((card.suit, card.rank), 0) for card in cards)


def sort_key(card: Card) -> tuple[int, int, int]:
    """Hand order: suits C D H S, strongest first, deck 0 before deck 1."""
    return card.suit, -STRENGTH[card.rank], card.deck


def is_ace_of_spades(card: Card) -> bool:
    return card.rank == Rank.ACE and card.suit == Suit.SPADES


def trick_winner(trick: Sequence[Card]) -> int:
    """Index (in playing order) of the card that wins ``trick`` (§3.3 rule 5)."""
    lead = trick[0]
    if lead.suit == TRUMP:
        for index in range(1, len(trick)):
            if is_ace_of_spades(trick[index]):
                return index
    hearts = [index for index, card in enumerate(trick) if card.suit == TRUMP]
    candidates = hearts or [index for index, card in enumerate(trick) if card.suit == lead.suit]
    best = candidates[0]
    for index in candidates[1:]:
        if STRENGTH[trick[index].rank] > STRENGTH[trick[best].rank]:
            best = index
    return best


def playable(hand: Sequence[Card], lead: Card | None) -> tuple[Card, ...]:
    """The cards of ``hand`` that may go to a trick led by ``lead`` (None: leading), §3.3 rules 3–4."""
    if lead is None:
        return tuple(hand)
    if lead.suit == TRUMP:
        if any(card.suit == TRUMP for card in hand):
            return tuple(card for card in hand if card.suit == TRUMP or is_ace_of_spades(card))
        return tuple(hand)
    same = tuple(card for card in hand if card.suit == lead.suit)
    return same or tuple(hand)


def face_up(state: PebblesState, seat: Seat) -> tuple[Card, ...]:
    """The seat's melded cards still in hand."""
    used = {card for marriage in state.marriages[seat] for card in (marriage.king, marriage.queen, marriage.jack)}
    return tuple(card for card in state.hands[seat] if card in used)


def _blocking_marriage(state: PebblesState, seat: Seat, king: Card, queen: Card) -> Marriage | None:
    """The scored marriage that stops ``seat`` marrying ``king`` and ``queen`` now (§3.4, A9), or None.

    That is the same pair scored before, or a marriage holding one of the two cards that is still
    complete in the hand: a K or Q marries again only after its partner from that marriage was played.
    With two decks a card is then in at most two marriages, as its suit has only two Qs or Ks.
    """
    hand = state.hands[seat]
    for marriage in state.marriages[seat]:
        pair = (marriage.king, marriage.queen)
        complete = marriage.king in hand and marriage.queen in hand
        if pair == (king, queen) or (complete and (king in pair or queen in pair)):
            return marriage
    return None


def melds(state: PebblesState, seat: Seat) -> tuple[Declare, ...]:
    """Every meld ``seat`` could declare now, ignoring whose turn it is: marriages, then ménages."""
    hand = state.hands[seat]
    found: list[Declare] = []
    for king in hand:
        if king.rank != Rank.KING:
            continue
        for queen in hand:
            if queen.rank != Rank.QUEEN or queen.suit != king.suit:
                continue
            if _blocking_marriage(state, seat, king, queen) is None:
                found.append(Declare((king, queen), state.decks))
    used_jacks = {marriage.jack for marriage in state.marriages[seat]}
    for marriage in state.marriages[seat]:
        if marriage.jack is not None or marriage.king not in hand or marriage.queen not in hand:
            continue
        for jack in hand:
            if jack.rank == Rank.JACK and jack.suit == marriage.king.suit and jack not in used_jacks:
                found.append(Declare((jack, marriage.king, marriage.queen), state.decks))
    return tuple(found)


def turn_of(state: PebblesState) -> Seat:
    """The seat to act (meaningful while the game runs)."""
    if state.phase == Phase.PARTNER:
        return (state.leader + 2) % state.seats
    return (state.leader + len(state.trick)) % state.seats


def deal(
    seats: int, decks: int, either: bool, seed: int, deal_no: int, dealer: Seat, deck: Sequence[Card]
) -> PebblesState:
    """A fresh deal from ``deck`` (top first), one card at a time clockwise from the dealer's left (A15)."""
    hands: list[list[Card]] = [[] for _ in range(seats)]
    for index in range(HAND_SIZE * seats):
        hands[(dealer + 1 + index) % seats].append(deck[index])
    return PebblesState(
        seats=seats,
        decks=decks,
        either_declares=either,
        seed=seed,
        deal_no=deal_no,
        dealer=dealer,
        hands=tuple(tuple(sorted(hand, key=sort_key)) for hand in hands),
        pile=tuple(deck[HAND_SIZE * seats :]),
        leader=(dealer + 1) % seats,
        last_leader=(dealer + 1) % seats,
        drawn=(None,) * seats,
        won=((),) * seats,
        tricks=(0,) * seats,
        marriages=((),) * seats,
        meld_points=(0,) * seats,
        totals=(0,) * side_count(seats),
    )


def _seat_name(seat: Seat) -> Phrase:
    return Phrase.of("seat.name", number=seat + 1)


def _side_name(seats: int, side: int) -> Phrase:
    if seats == 4:
        return Phrase.of("pebbles.partners", first=side + 1, second=side + 3)
    return _seat_name(side)



def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def live_scores(state: PebblesState) -> tuple[int, ...]:
    """Per side: finished deals plus the running deal's meld points."""
    scores = list(state.totals)
    if not state.over:
        for seat, points in enumerate(state.meld_points):
            scores[side_of(state.seats, seat)] += points
    return tuple(scores)


def summarise(seats: int, number: int, score: DealScore) -> DealSummary:
    """Deal ``number`` (from 1) per side, from its per-seat ``score``; partners add up."""
    count = side_count(seats)
    melds, cards, tricks = [0] * count, [0] * count, [0] * count
    for seat in range(seats):
        side = side_of(seats, seat)
        melds[side] += score.melds[seat]
        cards[side] += score.cards[seat]
        tricks[side] += score.tricks[seat]
    points = tuple(meld + card for meld, card in zip(melds, cards))
    winners = tuple(side for side, value in enumerate(points) if value == max(points))
    return DealSummary(number, tuple(melds), tuple(cards), points, tuple(tricks), winners)


def _deal_text(seats: int, summary: DealSummary, running: Phrase) -> Phrase:
    """E.g. "Deal 1 is over: Seat 1 wins the deal with 50 (25 meld, 25 card points); Seat 2 25 (20 meld, 5 card
    points). Running totals: …", or "Deal 1 is over: Seat 1 and Seat 2 tie for the deal; …" when the top is
    shared."""
    names = [_side_name(seats, side) for side in range(len(summary.points))]
    scores = [
        Phrase.of("pebbles.deal_score", points=points, melds=melds, cards=cards)
        for points, melds, cards in zip(summary.points, summary.melds, summary.cards, strict=True)
    ]
    entries = [Phrase.of("pebbles.side_score", side=name, score=score) for name, score in zip(names, scores)]
    if len(summary.winners) == 1:
        (best,) = summary.winners
        key = "pebbles.deal_won.partners" if seats == 4 else "pebbles.deal_won"
        others = Phrase.of("list.semicolons", items=tuple(entry for side, entry in enumerate(entries) if side != best))
        return Phrase.of(
            key, number=summary.number, winner=names[best], score=scores[best], others=others, running=running
        )
    tied = Phrase.of("list.and", items=tuple(names[side] for side in summary.winners))
    everyone = Phrase.of("list.semicolons", items=tuple(entries))
    return Phrase.of("pebbles.deal_tied", number=summary.number, tied=tied, everyone=everyone, running=running)


def _play(state: PebblesState, seat: Seat, card: Card) -> tuple[PebblesState, list[Event]]:
    hand = tuple(held for held in state.hands[seat] if held != card)
    state = replace(state, hands=_set(state.hands, seat, hand), trick=state.trick + (card,), may_declare=False)
    events = [Event(Phrase.of("pebbles.played", seat=_seat_name(seat), card=marked_card(card, state.decks)))]
    if len(state.trick) == state.seats:
        state, more = _finish_trick(state)
        events += more
    return state, events


def _finish_trick(state: PebblesState) -> tuple[PebblesState, list[Event]]:
    """Give the trick to its winner, draw (winner first, clockwise, A2), then end the deal or let the winner lead."""
    trick, n = state.trick, state.seats
    winner = (state.leader + trick_winner(trick)) % n
    state = replace(
        state,
        won=_set(state.won, winner, state.won[winner] + trick),
        tricks=_set(state.tricks, winner, state.tricks[winner] + 1),
        last_trick=trick,
        last_leader=state.leader,
        trick=(),
        leader=winner,
    )
    events = [Event(Phrase.of("pebbles.won_trick", seat=_seat_name(winner)))]
    if state.pile:
        hands, drawn = list(state.hands), list(state.drawn)
        for offset in range(n):
            taker = (winner + offset) % n
            drawn[taker] = state.pile[offset]
            hands[taker] = tuple(sorted(hands[taker] + (state.pile[offset],), key=sort_key))
        state = replace(state, hands=tuple(hands), drawn=tuple(drawn), pile=state.pile[n:])
        left = len(state.pile)
        drew = Phrase.of("pebbles.drew", left=left) if left else Phrase.of("pebbles.drew_last")
        events.append(Event(drew))
    if any(state.hands):
        return replace(state, may_declare=True), events
    return _finish_deal(state, events)


def _finish_deal(state: PebblesState, events: list[Event]) -> tuple[PebblesState, list[Event]]:
    """Score the deal (§3.5), then end the game (A4) or deal again with the next dealer (A1)."""
    n = state.seats
    points = tuple(card_points(cards) for cards in state.won)
    score = DealScore(melds=state.meld_points, cards=points, tricks=state.tricks)
    summary = summarise(n, state.deal_no + 1, score)
    totals = [total + value for total, value in zip(state.totals, summary.points)]
    running = Phrase.of(
        "list.commas",
        items=tuple(
            Phrase.of("pebbles.side_total", side=_side_name(n, side), total=value) for side, value in enumerate(totals)
        ),
    )
    events.append(Event(_deal_text(n, summary, running)))
    target = target_for(n, state.decks)
    best = max(totals)
    over = best >= target and totals.count(best) == 1
    history = state.history + (score,)
    if over:
        state = replace(state, totals=tuple(totals), history=history, revealed=state.won, over=True)
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.summary is not None
        events.append(Event(outcome.summary))
        return state, events
    deal_no, dealer = state.deal_no + 1, (state.dealer + 1) % n
    cards = shuffled(game_deck(n, state.decks), f"{state.seed}:{deal_no}")
    fresh = deal(n, state.decks, state.either_declares, state.seed, deal_no, dealer, cards)
    dealt = Phrase.of("pebbles.dealt", number=deal_no + 1, dealer=_seat_name(dealer), leader=_seat_name(fresh.leader))
    events.append(Event(dealt))
    return replace(fresh, totals=tuple(totals), history=history, revealed=state.won), events


def _declare(state: PebblesState, seat: Seat, action: Declare) -> tuple[PebblesState, list[Event]]:
    if len(action.cards) == 3:
        jack, king, queen = action.cards
        marriages = tuple(
            replace(marriage, jack=jack) if (marriage.king, marriage.queen) == (king, queen) else marriage
            for marriage in state.marriages[seat]
        )
    else:
        marriages = state.marriages[seat] + (Marriage(*action.cards),)
    state = replace(
        state,
        marriages=_set(state.marriages, seat, marriages),
        meld_points=_set(state.meld_points, seat, state.meld_points[seat] + action.points),
        may_declare=False,
        phase=Phase.PLAY,
    )
    shown = [marked_card(card, state.decks) for card in action.cards]
    who, name, points = _seat_name(seat), action.name, action.points
    if len(shown) == 3:
        declared = Phrase.of(
            "pebbles.declared.menage", seat=who, name=name, jack=shown[0], king=shown[1], queen=shown[2], points=points
        )
    else:
        declared = Phrase.of("pebbles.declared", seat=who, name=name, king=shown[0], queen=shown[1], points=points)
    return state, [Event(declared)]


def _pass(state: PebblesState, seat: Seat) -> tuple[PebblesState, list[Event]]:
    if state.phase == Phase.PARTNER:
        return replace(state, phase=Phase.PLAY), [Event(Phrase.of("pebbles.did_not_declare", seat=_seat_name(seat)))]
    partner = (seat + 2) % state.seats
    state = replace(state, phase=Phase.PARTNER, may_declare=False)
    passed = Phrase.of("pebbles.passed_declaration", seat=_seat_name(seat), partner=_seat_name(partner))
    return state, [Event(passed)]


def _parse_card(text: str, code: str) -> Card:
    try:
        return Card.parse(text)
    except InvalidCardError:
        raise InvalidActionError(Phrase.of("pebbles.not_a_card", code=code)) from None


def _parse(code: Any) -> PebblesAction:
    if not isinstance(code, str):
        raise InvalidActionError(Phrase.of("pebbles.not_an_action", code=str(code)))
    if code == PASS_CODE:
        return Pass()
    if code.startswith("p:"):
        card = _parse_card(code[2:], code)
        if card.rank not in STRENGTH or card.deck > 1:
            raise InvalidActionError(Phrase.of("pebbles.not_in_deck", code=code, card=card))
        return Play(card)
    match = _MELD_CODE.fullmatch(code)
    if match is None:
        raise InvalidActionError(Phrase.of("pebbles.bad_code", code=code))
    cards = tuple(_parse_card(text, code) for text in _IDENT.findall(match.group(1)))
    wanted = (Rank.KING, Rank.QUEEN) if len(cards) == 2 else (Rank.JACK, Rank.KING, Rank.QUEEN)
    if tuple(card.rank for card in cards) != wanted or len({card.suit for card in cards}) != 1:
        raise InvalidActionError(Phrase.of("pebbles.bad_meld", code=code))
    if any(card.deck > 1 for card in cards):
        raise InvalidActionError(Phrase.of("pebbles.third_deck", code=code))
    return Declare(cards)


def _explain(state: PebblesState, seat: Seat, action: Any) -> Phrase:
    hand = state.hands[seat]

    def name(card: Card) -> Card | Phrase:
        return marked_card(card, state.decks)

    if isinstance(action, Play):
        if action.card not in hand:
            return Phrase.of("pebbles.not_held", card=name(action.card))
        if state.phase == Phase.PARTNER:
            return Phrase.of("pebbles.declare_or_pass")
        lead = state.trick[0]
        if lead.suit == TRUMP:
            return Phrase.of("pebbles.follow_hearts", card=name(action.card))
        return Phrase.of("pebbles.follow_suit", suit=lead.suit.symbol)
    if isinstance(action, Declare):
        if state.phase == Phase.PLAY and not state.may_declare:
            return Phrase.of("pebbles.declare_after_trick")
        if any(card not in hand for card in action.cards):
            return Phrase.of("pebbles.meld_not_held", meld=replace(action, decks=state.decks).phrase)
        if len(action.cards) == 3:
            return Phrase.of("pebbles.menage_needs_marriage", jack=name(action.cards[0]))
        king, queen = action.cards
        blocking = _blocking_marriage(state, seat, king, queen)
        if blocking is None or (blocking.king, blocking.queen) == (king, queen):
            return Phrase.of("pebbles.scored_once", king=name(king), queen=name(queen))
        shared, partner = (king, blocking.queen) if blocking.king == king else (queen, blocking.king)
        return Phrase.of("pebbles.still_married", card=name(shared), partner=name(partner))
    if isinstance(action, Pass):
        if state.seats != 4 or not state.either_declares:
            return Phrase.of("pebbles.nothing_to_pass")
        return Phrase.of("pebbles.pass_after_trick")
    return Phrase.of("pebbles.not_a_pebbles_action")


def _marriage(reader: Reader, data: Any) -> Marriage:
    cards = reader.cards_of(data, "marriages")
    if len(cards) not in (2, 3):
        raise CorruptStateError("Pebbles and Nuts snapshot: a marriage has 2 or 3 cards.")
    marriage = Marriage(cards[0], cards[1], cards[2] if len(cards) == 3 else None)
    ranks = (Rank.KING, Rank.QUEEN, Rank.JACK)[: len(cards)]
    if tuple(card.rank for card in cards) != ranks or len({card.suit for card in cards}) != 1:
        raise CorruptStateError("Pebbles and Nuts snapshot: a marriage is K, Q (and J) of one suit.")
    return marriage


def _deal_score(reader: Reader, data: Any, seats: int) -> DealScore:
    """One entry of ``history``: meld points, card points and tricks, each per seat."""
    melds, cards, tricks = reader.entries_of(data, "history", 3)
    return DealScore(*(reader.numbers_of(values, "history", seats) for values in (melds, cards, tricks)))


def _check_melds(marriages: Sequence[Marriage], points: int, hand: Sequence[Card], deck: Sequence[Card]) -> None:
    """One seat's marriages, in the order declared: cards of the deck, no pair scored twice, a card married
    again only after its earlier partner left the hand, each J in one ménage (A9), and the seat's meld points
    are exactly what they are worth."""
    pairs = [(marriage.king, marriage.queen) for marriage in marriages]
    jacks = [marriage.jack for marriage in marriages if marriage.jack is not None]
    cards = [card for pair in pairs for card in pair] + jacks
    worth = sum(Declare(pair).points for pair in pairs) + MENAGE_POINTS * len(jacks)
    if any(card not in deck for card in cards) or len(set(pairs)) != len(pairs) or len(set(jacks)) != len(jacks):
        raise CorruptStateError("Pebbles and Nuts snapshot: the marriages break the meld rules.")
    for index, (king, queen) in enumerate(pairs):
        for earlier in pairs[:index]:
            partners = [other for card, other in zip(earlier, reversed(earlier)) if card in (king, queen)]
            if any(partner in hand for partner in partners):
                raise CorruptStateError("Pebbles and Nuts snapshot: a card was married again beside its partner.")
    if worth != points:
        raise CorruptStateError("Pebbles and Nuts snapshot: the meld points do not match the melds.")


def _check_state(state: PebblesState) -> None:
    """Raise CorruptStateError unless the state obeys RULES.md §6.1 and its own bookkeeping."""
    n = state.seats
    if state.decks == 2 and n != 4:
        raise CorruptStateError("Pebbles and Nuts snapshot: bad seat or deck count.")
    if state.either_declares and n != 4:
        raise CorruptStateError("Pebbles and Nuts snapshot: only partnerships may pass a declaration.")
    cards = [card for hand in state.hands for card in hand] + list(state.pile) + list(state.trick)
    cards += [card for pile in state.won for card in pile]
    deck = game_deck(n, state.decks)
    if len(cards) != len(deck) or set(cards) != set(deck):
        raise CorruptStateError("Pebbles and Nuts snapshot does not hold each card of the deck exactly once.")
    won = {card for pile in state.won for card in pile}
    if state.last_trick and (len(state.last_trick) != n or not set(state.last_trick) <= won):
        raise CorruptStateError("Pebbles and Nuts snapshot: the last trick is not a won trick.")
    shown = [card for pile in state.revealed for card in pile]
    if state.revealed and (len(state.revealed) != n or len(shown) != len(deck) or set(shown) != set(deck)):
        raise CorruptStateError("Pebbles and Nuts snapshot: the revealed cards are not the last deal's deck.")
    if any(card is not None and card not in deck for card in state.drawn):
        raise CorruptStateError("Pebbles and Nuts snapshot: a drawn card is not in the deck.")
    for seat in range(n):
        _check_melds(state.marriages[seat], state.meld_points[seat], state.hands[seat], deck)
    base = len(state.hands[state.leader]) + (1 if state.trick else 0)
    for offset in range(n):
        expected = base - (1 if offset < len(state.trick) else 0)
        if len(state.hands[(state.leader + offset) % n]) != expected:
            raise CorruptStateError("Pebbles and Nuts snapshot: hand sizes do not match the trick.")
    if len(state.pile) % n or len(state.drawn) != n or sum(state.tricks) * n != sum(len(won) for won in state.won):
        raise CorruptStateError("Pebbles and Nuts snapshot: the draw pile or the trick counts are inconsistent.")
    if len(state.trick) >= n or (state.trick and (state.may_declare or state.phase == Phase.PARTNER)):
        raise CorruptStateError("Pebbles and Nuts snapshot: the trick does not match the turn.")
    if state.phase == Phase.PARTNER and not state.either_declares:
        raise CorruptStateError("Pebbles and Nuts snapshot: a partner declares without the option.")
    if state.deal_no != len(state.history) - int(state.over):
        raise CorruptStateError("Pebbles and Nuts snapshot: the deal number does not match the history.")
    if state.over and (any(state.hands) or state.pile or state.trick):
        raise CorruptStateError("Pebbles and Nuts snapshot: a finished game still has cards to play.")


class PebblesAndNuts(Game[PebblesState]):
    """Pebbles and Nuts for 2–4 players (RULES.md §3)."""

    key = "pebbles"
    title = "Pebbles and Nuts"
    min_seats = 2
    max_seats = 4
    hidden_information = True
    rated = True
    options = (
        Option("decks", 1, Phrase.of("pebbles.option.decks"), (1, 2)),
        Option("either_partner_declares", False, Phrase.of("pebbles.option.either_partner_declares")),
    )

    def new_state(
        self, options: Mapping[str, Any] | None, seats: int, seed: int, deck: Sequence[Card] | None = None
    ) -> PebblesState:
        """Deal the first deal from ``seed``, or from ``deck`` (top first) when given. Raises InvalidOptionError."""
        resolved = self.resolve_options(options)
        check_seats(self, seats)
        decks, either = resolved["decks"], resolved["either_partner_declares"]
        if decks == 2 and seats != 4:
            raise InvalidOptionError(Phrase.of("pebbles.two_decks_need_four"))
        if either and seats != 4:
            raise InvalidOptionError(Phrase.of("pebbles.either_needs_four"))
        full = game_deck(seats, decks)
        if deck is None:
            cards = shuffled(full, seed)
        else:
            cards = tuple(deck)
            if len(cards) != len(full) or set(cards) != set(full):
                raise InvalidOptionError(Phrase.of("pebbles.bad_deck", count=len(full)))
        return deal(seats, decks, either, seed, 0, seed % seats, cards)

    def current_seat(self, state: PebblesState) -> Seat | None:
        """The seat to play, lead (and maybe declare), or decide on a passed declaration; None when over."""
        if state.over or state.resigned is not None:
            return None
        return turn_of(state)

    def legal_actions(self, state: PebblesState, seat: Seat) -> tuple[PebblesAction, ...]:
        """Declarations (and Pass) first, then plays, in hand order; () when it is not ``seat``'s turn."""
        if self.current_seat(state) != seat:
            return ()
        if state.phase == Phase.PARTNER:
            return melds(state, seat) + (Pass(),)
        lead = state.trick[0] if state.trick else None
        plays = tuple(Play(card, state.decks) for card in playable(state.hands[seat], lead))
        if not state.may_declare:
            return plays
        passing: tuple[PebblesAction, ...] = (Pass(),) if state.either_declares else ()
        return melds(state, seat) + passing + plays

    def _apply(self, state: PebblesState, seat: Seat, action: PebblesAction) -> Transition[PebblesState]:
        if isinstance(action, Play):
            after, events = _play(state, seat, action.card)
        elif isinstance(action, Declare):
            after, events = _declare(state, seat, action)
        else:
            after, events = _pass(state, seat)
        return Transition(after, tuple(events))

    def explain_illegal(self, state: PebblesState, seat: Seat, action: Any) -> Phrase:
        """Why ``action`` is refused, for the player."""
        return _explain(state, seat, action)

    def view_for(self, state: PebblesState, viewer: Seat | None) -> PebblesView:
        """The table as ``viewer`` may see it: own hand only, public melds, counts, tricks and scores."""
        n = state.seats
        seat = viewer if viewer is not None and 0 <= viewer < n else None
        hand = state.hands[seat] if seat is not None else ()
        drawn = state.drawn[seat] if seat is not None else None
        last_winner = (state.last_leader + trick_winner(state.last_trick)) % n if state.last_trick else None
        return PebblesView(
            viewer=viewer,
            seats=n,
            decks=state.decks,
            target=target_for(n, state.decks),
            deal_no=state.deal_no,
            dealer=state.dealer,
            turn=self.current_seat(state),
            phase=state.phase,
            may_declare=state.may_declare,
            trump=TRUMP,
            hand=hand,
            drawn=drawn if drawn in hand else None,
            hand_sizes=tuple(len(cards) for cards in state.hands),
            melded=tuple(face_up(state, seat) for seat in range(n)),
            pile_size=len(state.pile),
            trick=tuple(((state.leader + i) % n, card) for i, card in enumerate(state.trick)),
            last_trick=tuple(((state.last_leader + i) % n, card) for i, card in enumerate(state.last_trick)),
            last_winner=last_winner,
            tricks_won=state.tricks,
            meld_points=state.meld_points,
            sides=tuple(side_of(n, seat) for seat in range(n)),
            scores=live_scores(state),
            history=state.history,
            last_deal=summarise(n, len(state.history), state.history[-1]) if state.history else None,
            revealed=state.revealed,
            legal=self.legal_actions(state, seat) if seat is not None else (),
            outcome=self.outcome(state),
        )

    def outcome(self, state: PebblesState) -> Outcome | None:
        """The side with the highest total wins at a deal's end once it reaches the target; or a resignation."""
        n = state.seats
        scores = live_scores(state)
        per_seat = tuple(scores[side_of(n, seat)] for seat in range(n))
        if state.resigned is not None:
            loser = side_of(n, state.resigned)
            best = max(value for side, value in enumerate(scores) if side != loser)
            sides = [side for side, value in enumerate(scores) if side != loser and value == best]
            winners = tuple(seat for seat in range(n) if side_of(n, seat) in sides)
            who = Phrase.of("list.and", items=tuple(_side_name(n, side) for side in sides))
            summary = Phrase.of("pebbles.resigned", seat=_seat_name(state.resigned), winners=who, count=len(winners))
            return Outcome(per_seat, winners, EndReason.RESIGNED, summary)
        if not state.over:
            return None
        best = max(scores)
        side = scores.index(best)
        winners = tuple(seat for seat in range(n) if side_of(n, seat) == side)
        others = tuple(value for index, value in enumerate(scores) if index != side)
        key = "pebbles.won.partners" if n == 4 else "pebbles.won"
        summary = Phrase.of(key, side=_side_name(n, side), best=best, others=others)
        return Outcome(per_seat, winners, EndReason.COMPLETED, summary)

    def resign(self, state: PebblesState, seat: Seat) -> Transition[PebblesState]:
        """``seat`` gives up: their side loses. Raises GameOverError when the game is already over."""
        if self.outcome(state) is not None:
            raise GameOverError(GAME_OVER)
        after = replace(state, resigned=seat)
        outcome = self.outcome(after)
        assert outcome is not None and outcome.summary is not None
        return Transition(after, (Event(outcome.summary),))

    def parse_action(self, code: str) -> PebblesAction:
        """Parse ``"p:QS"``, ``"m:KDQD"``, ``"m:JDKDQD"`` or ``"pass"``. Raises InvalidActionError."""
        return _parse(code)

    def to_dict(self, state: PebblesState) -> dict[str, Any]:
        """A JSON-ready snapshot; cards as idents."""

        def idents(cards: Sequence[Card]) -> list[str]:
            return [card.ident for card in cards]

        return {
            "schema": SCHEMA,
            "game": self.key,
            "seats": state.seats,
            "decks": state.decks,
            "either_declares": state.either_declares,
            "seed": state.seed,
            "deal_no": state.deal_no,
            "dealer": state.dealer,
            "hands": [idents(hand) for hand in state.hands],
            "pile": idents(state.pile),
            "leader": state.leader,
            "trick": idents(state.trick),
            "phase": state.phase.value,
            "may_declare": state.may_declare,
            "last_leader": state.last_leader,
            "last_trick": idents(state.last_trick),
            "drawn": [card.ident if card else None for card in state.drawn],
            "won": [idents(cards) for cards in state.won],
            "tricks": list(state.tricks),
            "marriages": [
                [idents((m.king, m.queen) + ((m.jack,) if m.jack else ())) for m in marriages]
                for marriages in state.marriages
            ],
            "meld_points": list(state.meld_points),
            "totals": list(state.totals),
            "history": [[list(score.melds), list(score.cards), list(score.tricks)] for score in state.history],
            "revealed": [idents(cards) for cards in state.revealed],
            "over": state.over,
            "resigned": state.resigned,
        }

    def from_dict(self, data: Mapping[str, Any]) -> PebblesState:
        """Load a snapshot. Raises CorruptStateError when it does not validate."""
        self.check_header(data)
        reader = Reader(data, self.title)
        seats = reader.number("seats", 2, 4)
        state = PebblesState(
            seats=seats,
            decks=reader.number("decks", 1, 2),
            either_declares=reader.flag("either_declares"),
            seed=reader.number("seed"),
            deal_no=reader.number("deal_no", 0),
            dealer=reader.seat("dealer", seats),
            hands=reader.piles("hands", seats),
            pile=reader.cards("pile"),
            leader=reader.seat("leader", seats),
            trick=reader.cards("trick"),
            phase=reader.enum("phase", Phase),
            may_declare=reader.flag("may_declare"),
            last_leader=reader.seat("last_leader", seats),
            last_trick=reader.cards("last_trick"),
            drawn=reader.cards("drawn", seats, holes=True),
            won=reader.piles("won", seats),
            tricks=reader.numbers("tricks", seats),
            marriages=tuple(
                tuple(_marriage(reader, item) for item in reader.entries_of(items, "marriages"))
                for items in reader.entries("marriages", seats)
            ),
            meld_points=reader.numbers("meld_points", seats),
            totals=reader.numbers("totals", side_count(seats)),
            history=tuple(_deal_score(reader, entry, seats) for entry in reader.entries("history")),
            revealed=reader.piles("revealed"),
            over=reader.flag("over"),
            resigned=reader.seat_or_none("resigned", seats),
        )
        _check_state(state)
        return state

    def sides(self, seats: int) -> tuple[int, ...]:
        """Partners sit across at a table of four (RULES.md §3)."""
        return tuple(side_of(seats, seat) for seat in range(seats))


GAME = PebblesAndNuts()
