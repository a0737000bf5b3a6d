"""Pebbles and Nuts players built on the engine's public functions: uniform random, greedy, and the levels.

Both implement :class:`games.ai.Player`: ``choose(state, seat, rng) -> action`` for the seat to act.
The greedy player decides from ``GAME.view_for(state, seat)`` only, so it never uses a card it could
not see at the table. Its rules of thumb:

- declare the meld worth most whenever one is offered; as a trick winner without a meld, hand the
  declaration to the partner when that option is on; decline as the partner without a meld;
- following, value each card by the trick as it would stand after it: the card points it would win
  for its own side, or give away to another side, and prefer the cheapest card that does it;
- leading, play a card worth no points and as weak as possible, hearts last.

:func:`timeout_action` is the move RULES.md §7.2 suggests when a player's turn clock runs out;
:func:`play_out` lets one player per seat finish a game.

:data:`LEVELS` (issue 17): "easy" is :class:`EasyPlayer` (greedy, with now and then a random card and an
overlooked meld), "normal" the greedy player, "hard" :class:`HardPlayer`, determinized Monte Carlo over the
cards its seat has not seen, with greedy rollouts to the end of the deal.
"""

import random
from collections.abc import Callable, Sequence

from games.ai import Player
from games.cards import Card, Rank, Suit
from games.pebbles import (
    GAME,
    HAND_SIZE,
    MARRIAGE_POINTS,
    MENAGE_POINTS,
    SPADE_MARRIAGE_POINTS,
    STRENGTH,
    TRUMP,
    Declare,
    Pass,
    PebblesAction,
    PebblesState,
    PebblesView,
    Phase,
    Play,
    card_points,
    game_deck,
    is_ace_of_spades,
    trick_winner,
)


class RandomPlayer:
    """Picks any legal action with equal chance."""

    def choose(self, state: PebblesState, seat: int, rng: random.Random) -> PebblesAction:
        return rng.choice(GAME.legal_actions(state, seat))


class GreedyPlayer:
    """Melds at once, wins tricks worth points and gives away the pebbles (see the module docstring)."""

    def choose(self, state: PebblesState, seat: int, rng: random.Random) -> PebblesAction:
        view = GAME.view_for(state, seat)
        declaration = _declaration(view)
        if declaration is not None:
            return declaration
        return _greedy_play(view, seat, [action for action in view.legal if isinstance(action, Play)])


def _hands_off(view: PebblesView) -> bool:
    """Whether the seat is choosing between declaring and handing the declaration to its partner."""
    return view.phase == Phase.PARTNER or (view.may_declare and Pass() in view.legal)


def _declaration(view: PebblesView) -> PebblesAction | None:
    """The greedy player's declaration: its best meld at once, else the hand-off where that is the choice
    (None: the seat is to play a card)."""
    declares = [action for action in view.legal if isinstance(action, Declare)]
    if declares:
        return max(declares, key=lambda action: action.points)
    return Pass() if _hands_off(view) else None


def _lead_cost(card: Card) -> float:
    """Lower is better: no points, weak, not a heart (hearts win tricks later)."""
    return abs(card_points([card])) + STRENGTH[card.rank] / 10 + (1 if card.suit == TRUMP else 0)


def _follow_value(view: PebblesView, seat: int, card: Card) -> float:
    """Card points won (+) or given to another side (−) by the trick after playing ``card``,
    halved when more players are still to play; cheap cards break ties."""
    cards: Sequence[Card] = [played for _, played in view.trick] + [card]
    winner_seat = (view.trick[0][0] + trick_winner(cards)) % view.seats
    points = card_points(cards)
    mine = view.sides[winner_seat] == view.sides[seat]
    value = float(points if mine else -points)
    if len(cards) < view.seats:
        value /= 2
    spend = STRENGTH[card.rank] + (8 if card.suit == TRUMP else 0) + (4 if is_ace_of_spades(card) else 0)
    return value - spend / 100


def timeout_action(state: PebblesState, seat: int) -> PebblesAction:
    """§7.2: on a turn timeout play the lowest legal card (a heart last among equals), never A♠ unless forced,
    and declare nothing: a trick winner leads that card (leading is the pass; the declaration is not handed to
    the partner), and a partner deciding on a handed-over declaration passes."""
    actions = GAME.legal_actions(state, seat)
    plays = [action for action in actions if isinstance(action, Play)]
    if not plays:
        return Pass()
    card_order = {
        action: (is_ace_of_spades(action.card), STRENGTH[action.card.rank], action.card.suit == TRUMP)
        for action in plays
    }
    return min(plays, key=card_order.__getitem__)


def play_out(
    state: PebblesState, players: Sequence[Player[PebblesState, PebblesAction]], rng: random.Random
) -> tuple[PebblesState, int]:
    """Let ``players[seat]`` act for each seat until the game ends; returns the final state and the action count."""
    actions = 0
    while (seat := GAME.current_seat(state)) is not None:
        state = GAME.apply_action(state, seat, players[seat].choose(state, seat, rng)).state
        actions += 1
    return state, actions


class EasyPlayer:
    """A casual player: the greedy player's choice most of the time, but now and then a random legal card,
    and it overlooks some of its melds (it leads instead of declaring), as a person new to the game does."""

    def __init__(self, blunder: float = 0.3, overlook: float = 0.4) -> None:
        self.blunder = blunder
        self.overlook = overlook
        self._greedy = GreedyPlayer()

    def choose(self, state: PebblesState, seat: int, rng: random.Random) -> PebblesAction:
        view = GAME.view_for(state, seat)
        plays = [action for action in view.legal if isinstance(action, Play)]
        roll = rng.random()
        if any(isinstance(action, Declare) for action in view.legal) and plays and roll < self.overlook:
            return _greedy_play(view, seat, plays)
        if plays and roll < self.blunder:
            return rng.choice(plays)
        return self._greedy.choose(state, seat, rng)


def _greedy_play(view: PebblesView, seat: int, plays: Sequence[Play]) -> Play:
    """The card the greedy player would play (leading or following)."""
    if not view.trick:
        return min(plays, key=lambda action: _lead_cost(action.card))
    return max(plays, key=lambda action: _follow_value(view, seat, action.card))


# --- The hard player: determinized Monte Carlo over the cards the seat cannot see. ---------------------------------
#
# Cards are small integers (their index in ``game_deck``) in the simulator below; a sampled deal is a plain list of
# hands, a draw pile and each seat's marriages, rebuilt from the view alone.

_KING, _QUEEN, _JACK = Rank.KING, Rank.QUEEN, Rank.JACK
_HEARTS, _SPADES = int(Suit.HEARTS), int(Suit.SPADES)


class _Deck:
    """Per-card tables of one game's deck (by index in ``game_deck``)."""

    def __init__(self, seats: int, decks: int) -> None:
        self.cards = game_deck(seats, decks)
        self.index = {card: number for number, card in enumerate(self.cards)}
        self.suit = [int(card.suit) for card in self.cards]
        self.rank = [card.rank for card in self.cards]
        self.strength = [STRENGTH[card.rank] for card in self.cards]
        self.points = [card_points([card]) for card in self.cards]
        self.ace_of_spades = [is_ace_of_spades(card) for card in self.cards]
        self.lead_cost = [_lead_cost(card) for card in self.cards]
        self.spend = [
            (STRENGTH[card.rank] + (8 if card.suit == TRUMP else 0) + (4 if is_ace_of_spades(card) else 0)) / 100
            for card in self.cards
        ]


_DECKS: dict[tuple[int, int], _Deck] = {}


def _deck(seats: int, decks: int) -> _Deck:
    found = _DECKS.get((seats, decks))
    if found is None:
        found = _DECKS[seats, decks] = _Deck(seats, decks)
    return found


def _beats(d: _Deck, card: int, best: int, lead_suit: int, spade_won: bool) -> bool:
    """Whether ``card``, played by a follower, takes the trick from ``best`` (§3.3 rule 5; equal cards: the first)."""
    if spade_won:
        return False
    suit = d.suit[card]
    if lead_suit == _HEARTS and d.ace_of_spades[card]:
        return True
    if suit == _HEARTS:
        return d.suit[best] != _HEARTS or d.strength[card] > d.strength[best]
    return suit == lead_suit and d.suit[best] != _HEARTS and d.strength[card] > d.strength[best]


def _best_meld(d: _Deck, hand: list[int], marriages: list[list[int]]) -> tuple[int, list[int] | None, int, int]:
    """The meld worth most that ``hand`` may declare now: (points, marriage to add a jack to or None, card, card);
    points 0 when there is none. A marriage is ``[king, queen, jack]`` with -1 for a card not known or not there."""
    best: tuple[int, list[int] | None, int, int] = (0, None, -1, -1)
    rank, suit = d.rank, d.suit
    kings = [card for card in hand if rank[card] == _KING]
    if kings:
        queens = [card for card in hand if rank[card] == _QUEEN]
        for king in kings:
            for queen in queens:
                if suit[queen] != suit[king]:
                    continue
                blocked = False
                for married in marriages:
                    pair_king, pair_queen = married[0], married[1]
                    if (pair_king == king and pair_queen == queen) or (
                        (pair_king == king or pair_queen == queen) and pair_king in hand and pair_queen in hand
                    ):
                        blocked = True
                        break
                if not blocked:
                    points = SPADE_MARRIAGE_POINTS if suit[king] == _SPADES else MARRIAGE_POINTS
                    if points > best[0]:
                        best = (points, None, king, queen)
    if best[0] < MENAGE_POINTS:
        used = {married[2] for married in marriages}
        for married in marriages:
            if married[2] >= 0 or married[0] not in hand or married[1] not in hand:
                continue
            for jack in hand:
                if rank[jack] == _JACK and suit[jack] == suit[married[0]] and jack not in used:
                    return (MENAGE_POINTS, married, jack, -1)
    return best


def _rollout(
    d: _Deck,
    seats: int,
    either: bool,
    hands: list[list[int]],
    pile: list[int],
    marriages: list[list[list[int]]],
    leader: int,
    trick: list[int],
) -> list[int]:
    """Play the deal to its end with the greedy policy for every seat (mutating the arguments); returns the card
    and meld points each side gains from now on."""
    side = [seat % 2 if seats == 4 else seat for seat in range(seats)]
    gains = [0] * (2 if seats == 4 else seats)
    suit, points, spend, lead_cost = d.suit, d.points, d.spend, d.lead_cost
    ace_of_spades = d.ace_of_spades
    while True:
        # state of the trick so far
        if trick:
            lead_suit = suit[trick[0]]
            best_at, best = 0, trick[0]
            spade_won = False
            total = points[trick[0]]
            for at in range(1, len(trick)):
                card = trick[at]
                if _beats(d, card, best, lead_suit, spade_won):
                    spade_won = spade_won or (lead_suit == _HEARTS and ace_of_spades[card])
                    best_at, best = at, card
                total += points[card]
        while len(trick) < seats:
            seat = (leader + len(trick)) % seats
            hand = hands[seat]
            if not trick:
                card = min(hand, key=lead_cost.__getitem__)
                lead_suit, best_at, best, spade_won, total = suit[card], 0, card, False, points[card]
            else:
                if lead_suit == _HEARTS:
                    allowed = [c for c in hand if suit[c] == _HEARTS or ace_of_spades[c]]
                    if not any(suit[c] == _HEARTS for c in allowed):
                        allowed = hand
                else:
                    allowed = [c for c in hand if suit[c] == lead_suit] or hand
                last = len(trick) == seats - 1
                mine = side[seat]
                choice, value_best, wins = allowed[0], -1e9, False
                for c in allowed:
                    takes = _beats(d, c, best, lead_suit, spade_won)
                    winner = seat if takes else (leader + best_at) % seats
                    value = float(total + points[c])
                    if side[winner] != mine:
                        value = -value
                    if not last:
                        value /= 2
                    value -= spend[c]
                    if value > value_best:
                        choice, value_best, wins = c, value, takes
                card = choice
                if wins:
                    spade_won = spade_won or (lead_suit == _HEARTS and ace_of_spades[card])
                    best_at, best = len(trick), card
                total += points[card]
            hand.remove(card)
            trick.append(card)
        winner = (leader + best_at) % seats
        gains[side[winner]] += total
        if pile:
            for offset in range(seats):
                hands[(winner + offset) % seats].append(pile.pop())
        if not hands[winner]:
            return gains
        declarer = winner
        meld = _best_meld(d, hands[winner], marriages[winner])
        if meld[0] == 0 and either:
            declarer = (winner + 2) % seats
            meld = _best_meld(d, hands[declarer], marriages[declarer])
        if meld[0]:
            gains[side[declarer]] += meld[0]
            if meld[1] is None:
                marriages[declarer].append([meld[2], meld[3], -1])
            else:
                meld[1][2] = meld[2]
        leader, trick = winner, []


class _Memory:
    """What one seat has seen of the running deal: the cards of every completed trick it saw, and the suits
    each other seat has shown it lacks (with the trick where it showed it, as later draws may bring one)."""

    def __init__(self, key: tuple[int, int]) -> None:
        self.key = key
        self.played: set[int] = set()
        self.tricks: set[int] = set()
        self.voids: dict[tuple[int, int], int] = {}

    def see_trick(self, d: _Deck, number: int, trick: Sequence[tuple[int, Card]], complete: bool) -> None:
        if not trick:
            return
        lead_suit = d.suit[d.index[trick[0][1]]]
        for seat, card in trick[1:]:
            index = d.index[card]
            if d.suit[index] != lead_suit and not (lead_suit == _HEARTS and d.ace_of_spades[index]):
                self.voids[seat, lead_suit] = max(self.voids.get((seat, lead_suit), -1), number)
        if complete and number not in self.tricks:
            self.tricks.add(number)
            self.played.update(d.index[card] for _, card in trick)


class HardPlayer:
    """Determinized Monte Carlo (flat, with greedy rollouts), deciding from ``GAME.view_for(state, seat)`` alone.

    For a card to play it samples ``rollouts // candidates`` deals of the cards the seat has not seen, each
    consistent with its view and with what it saw earlier in the deal (the tricks it watched, the suits a
    seat showed it lacks, the melds on the table, the number of cards in each hand and in the draw pile),
    plays every candidate card in each sampled deal and lets all seats finish the deal with the greedy policy,
    and keeps the card with the best average gain of its own side (partners together) over the other sides.
    Declarations follow the greedy player: the best meld at once, the declaration handed to the partner (when
    that option is on) when it has none. ``rollouts`` bounds the work (and the time) of one decision.

    It remembers, per seat and deal, the completed tricks it has been shown (a player with a good memory, §3.7
    A13): the choice depends only on the views it was given, so two games that looked the same to its seat
    get the same choice from the same ``rng``.
    """

    def __init__(self, rollouts: int = 160) -> None:
        self.rollouts = rollouts
        self._memory: dict[int, _Memory] = {}
        self._either: dict[int, bool] = {}

    def choose(self, state: PebblesState, seat: int, rng: random.Random) -> PebblesAction:
        return self.decide(GAME.view_for(state, seat), seat, rng)

    def decide(self, view: PebblesView, seat: int, rng: random.Random) -> PebblesAction:
        """The choice for ``seat`` from its view (``view.viewer`` must be ``seat``) and what it saw before."""
        d = _deck(view.seats, view.decks)
        memory = self._observe(view, seat, d)
        if _hands_off(view):
            self._either[seat] = True
        declaration = _declaration(view)
        if declaration is not None:
            return declaration
        plays = [action for action in view.legal if isinstance(action, Play)]
        if len(plays) == 1:
            return plays[0]
        samples = max(1, self.rollouts // len(plays))
        totals = [0.0] * len(plays)
        mine = view.sides[seat]
        others = len(set(view.sides)) - 1
        for _ in range(samples):
            hands, pile, marriages = _sample(view, seat, d, memory, rng)
            for number, action in enumerate(plays):
                trial_hands = [list(hand) for hand in hands]
                trial_hands[seat].remove(d.index[action.card])
                trick = [d.index[card] for _, card in view.trick] + [d.index[action.card]]
                leader = view.trick[0][0] if view.trick else seat
                gains = _rollout(
                    d,
                    view.seats,
                    self._either.get(seat, False),
                    trial_hands,
                    list(pile),
                    [[list(married) for married in seat_marriages] for seat_marriages in marriages],
                    leader,
                    trick,
                )
                own = gains[mine]
                totals[number] += own - (sum(gains) - own) / others
        best = max(range(len(plays)), key=lambda number: (totals[number], -number))
        return plays[best]

    def _observe(self, view: PebblesView, seat: int, d: _Deck) -> _Memory:
        completed = sum(view.tricks_won)
        key = (view.deal_no, view.dealer)
        memory = self._memory.get(seat)
        in_sight = {d.index[card] for card in view.hand}
        in_sight.update(d.index[card] for _, card in view.trick)
        for cards in view.melded:
            in_sight.update(d.index[card] for card in cards)
        if (
            memory is None
            or memory.key != key
            or (memory.tricks and max(memory.tricks) >= completed)
            or not memory.played.isdisjoint(in_sight)
        ):
            memory = self._memory[seat] = _Memory(key)
        memory.see_trick(d, completed - 1, view.last_trick, complete=True)
        memory.see_trick(d, completed, view.trick, complete=False)
        return memory


def _marriages_shown(d: _Deck, melded: Sequence[Card]) -> list[list[int]]:
    """The marriages (and ménages) a seat's face-up cards show: each K with a Q of its suit, a J on a full
    marriage of its suit; a K, Q or J left alone was in a meld whose other cards have been played."""
    kings = [d.index[card] for card in melded if card.rank == _KING]
    queens = [d.index[card] for card in melded if card.rank == _QUEEN]
    jacks = [d.index[card] for card in melded if card.rank == _JACK]
    marriages: list[list[int]] = []
    for king in kings:
        queen = next((queen for queen in queens if d.suit[queen] == d.suit[king]), -1)
        if queen >= 0:
            queens.remove(queen)
        marriages.append([king, queen, -1])
    marriages += [[-1, queen, -1] for queen in queens]
    for jack in jacks:
        home = next(
            (
                married
                for married in marriages
                if married[2] < 0 and married[0] >= 0 and d.suit[married[0]] == d.suit[jack]
            ),
            None,
        )
        if home is None:
            marriages.append([-1, -1, jack])
        else:
            home[2] = jack
    return marriages


def _sample(
    view: PebblesView, seat: int, d: _Deck, memory: _Memory, rng: random.Random
) -> tuple[list[list[int]], list[int], list[list[list[int]]]]:
    """One deal of the unseen cards consistent with the view and the memory: every hand (melded cards
    included), the draw pile and each seat's marriages as the table shows them."""
    seats = view.seats
    completed = sum(view.tricks_won)
    shown = [[d.index[card] for card in cards] for cards in view.melded]
    seen = {d.index[card] for card in view.hand} | {d.index[card] for _, card in view.trick}
    for cards in shown:
        seen.update(cards)
    seen |= memory.played
    pool = [number for number in range(len(d.cards)) if number not in seen]
    rng.shuffle(pool)
    wanted = [view.hand_sizes[other] - len(shown[other]) for other in range(seats)]
    rounds = (len(d.cards) - HAND_SIZE * seats) // seats
    draws_after = min(completed, rounds)
    hands: list[list[int]] = [[] for _ in range(seats)]
    hands[seat] = [d.index[card] for card in view.hand]
    caps: dict[int, dict[int, int]] = {}
    for (other, suit), number in memory.voids.items():
        if other != seat:
            caps.setdefault(other, {})[suit] = max(0, draws_after - number)
    order = sorted((other for other in range(seats) if other != seat), key=lambda other: other not in caps)
    for other in order:
        need, cap = wanted[other], dict(caps.get(other, {}))
        taken: list[int] = []
        rest: list[int] = []
        for card in pool:
            if len(taken) < need and cap.get(d.suit[card], need) > 0:
                taken.append(card)
                if d.suit[card] in cap:
                    cap[d.suit[card]] -= 1
            else:
                rest.append(card)
        if len(taken) < need:  # the memory cannot be right (or is too strict): fill up with anything
            missing = need - len(taken)
            taken += rest[:missing]
            rest = rest[missing:]
        hands[other] = shown[other] + taken
        pool = rest
    pile = pool[: view.pile_size]
    marriages = [_marriages_shown(d, cards) for cards in view.melded]
    return hands, pile, marriages


LEVELS: dict[str, Callable[[], Player[PebblesState, PebblesAction]]] = {
    "easy": EasyPlayer,
    "normal": GreedyPlayer,
    "hard": HardPlayer,
}
"""Players by difficulty; each call makes a fresh player."""
