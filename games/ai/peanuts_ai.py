"""Peanuts players and a playout driver, built on the engine's public functions (RULES.md §1, §7.1).

Both players implement :class:`games.ai.Player` with ``choose(state, seat, rng) -> action or None``;
None means "nothing to do now, wait for the other player" (in real-time play there is no pass
action). Only the greedy player (and the levels built on it) ever returns None; call ``choose``
only while the deal runs and, in the turn-based mode, for the seat to act.

- :class:`RandomPlayer`: any legal action, uniformly.
- :class:`GreedyPlayer`: decides only from what ``GAME.view_for(state, seat)`` shows its seat
  (the face-up cards and the counts of hidden ones), like a person at the table: a building play
  if there is one (peanut top first, then column tops, then the waste), else the peanut top onto
  a column, else a move that empties a column (the peanut top then fills it), else a tail move
  that uncovers a card a building pile takes, else the waste top onto a column, else turning the
  stock. When it is about to turn the waste over and nothing has changed since the last time it
  did (the same columns, peanut pile, building piles and stock), it has gone round its stock in
  vain and says "stuck", then keeps turning; with no stock and waste left it says "stuck" and
  then waits (in the turn-based mode it passes instead: a pass says "stuck" as well). Every move
  but turning plays a card to the middle, takes a card out of the peanut pile or the waste for
  good, or sets up a building play, so two greedy players always end a deal: by "Peanuts!", by
  the blocked check, or by the stall rule of two laps each (§1.8 A9).

:func:`play_out` lets a random seat act each step until the deal ends.

:data:`LEVELS` (issue 17): "easy" is :class:`EasyPlayer` (the greedy player that now and then overlooks its
building plays and peanut moves), "normal" the greedy player, "hard" :class:`HardPlayer`, which plays each of
its moves out in deals it imagines from what it has seen and keeps the one that wins most. Both go round their
stock again rather than repeat "stuck" when the blocked check has just found them a play.
"""

import math
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from typing import NamedTuple

from games.ai import Player
from games.ai.peanuts_sim import BUILD, Action, Deal, action_of, card_int
from games.ai.peanuts_sim import PEANUT as PEANUT_SOURCE
from games.base import Seat
from games.cards import Card, Rank, standard_deck
from games.peanuts import (
    GAME,
    PASS,
    PEANUT,
    WASTE,
    LayoutView,
    Move,
    Pass,
    PeanutsAction,
    PeanutsState,
    PeanutsView,
    Recycle,
    Stuck,
    Turn,
)

PeanutsPlayer = Player[PeanutsState, PeanutsAction | None]
"""A Peanuts player: an action, or None to wait."""

_SOURCE_ORDER = {PEANUT: 0, WASTE: 2}


class RandomPlayer:
    """Picks any legal action with equal chance; a running deal always has one (the stuck toggle)."""

    def choose(self, state: PeanutsState, seat: Seat, rng: random.Random) -> PeanutsAction:
        return rng.choice(GAME.legal_actions(state, seat))


def _is_build(action: PeanutsAction) -> bool:
    return isinstance(action, Move) and action.dest[0] == "b"


def _column(view: PeanutsView, seat: Seat, place: str) -> tuple[Card, ...]:
    return view.players[seat].tableau[int(place[1:]) - 1]


def _empties_column(view: PeanutsView, seat: Seat, move: Move) -> bool:
    return move.source[0] == "c" and _column(view, seat, move.source)[0] == move.card


def _uncovers_a_build(view: PeanutsView, seat: Seat, move: Move) -> bool:
    """Whether the card under the moved tail is an ace or fits on a building pile."""
    column = _column(view, seat, move.source)
    below = column.index(move.card) - 1
    if below < 0:
        return False
    under = column[below]
    return under.rank == Rank.ACE or any(
        pile[-1].suit == under.suit and pile[-1].rank + 1 == under.rank for pile in view.piles
    )


class GreedyPlayer:
    """The greedy player described in the module docstring; ``rng`` breaks ties between equal plays.

    It remembers, per seat, what the table looked like the last time it turned its waste over (and
    the move count then, so that a mark left by another deal, with as many moves or more, is not
    taken for this one); that is all it keeps between calls.
    """

    def __init__(self) -> None:
        self._last_lap: dict[Seat, tuple[int, Hashable]] = {}

    def choose(self, state: PeanutsState, seat: Seat, rng: random.Random) -> PeanutsAction | None:
        return self.decide(GAME.view_for(state, seat), seat, rng)

    def decide(self, view: PeanutsView, seat: Seat, rng: random.Random) -> PeanutsAction | None:
        """The choice for ``seat`` from its view alone (``view.viewer`` must be ``seat``)."""
        actions = view.legal
        if not actions:
            return None
        moves = [action for action in actions if isinstance(action, Move)]
        builds = [move for move in moves if _is_build(move)]
        if builds:
            best = min(_SOURCE_ORDER.get(move.source, 1) for move in builds)
            return rng.choice([move for move in builds if _SOURCE_ORDER.get(move.source, 1) == best])
        shifts = [move for move in moves if move.dest[0] == "c"]
        for useful in (
            [move for move in shifts if move.source == PEANUT],
            [move for move in shifts if _empties_column(view, seat, move)],
            [move for move in shifts if move.source[0] == "c" and _uncovers_a_build(view, seat, move)],
            [move for move in shifts if move.source == WASTE],
        ):
            if useful:
                return rng.choice(useful)
        mine = view.players[seat]
        if any(isinstance(action, Turn) for action in actions):
            return Turn()
        if any(isinstance(action, Recycle) for action in actions):
            table = (mine.tableau, mine.peanut_count, view.piles, mine.waste_count)
            last = self._last_lap.get(seat)
            if last is not None and last[0] < view.moves and last[1] == table and not mine.stuck:
                return Stuck(True)
            self._last_lap[seat] = view.moves, table
            return Recycle()
        if any(isinstance(action, Pass) for action in actions):
            return PASS
        return None if mine.stuck else Stuck(True)


def play_out(
    state: PeanutsState, players: Sequence[PeanutsPlayer], rng: random.Random, max_steps: int = 100_000
) -> tuple[PeanutsState, int]:
    """Let a randomly chosen seat act (in the turn-based mode: the seat to act) until the deal ends,
    nobody wants to act, or ``max_steps``.

    Returns the last state and the number of actions applied.
    """
    steps = 0
    while GAME.outcome(state) is None and steps < max_steps:
        turn = GAME.current_seat(state)
        seats = [0, 1] if turn is None else [turn]
        rng.shuffle(seats)
        for seat in seats:
            action = players[seat].choose(state, seat, rng)
            if action is not None:
                break
        else:
            break
        state = GAME.apply_action(state, seat, action).state
        steps += 1
    return state, steps


class _GoesRound(GreedyPlayer):
    """The greedy player's "stuck" logic, made safe for players that may miss a play: when it said "stuck" and
    got the flag back (the blocked check found a play) and the table has not changed since, it goes round its
    stock again instead of saying "stuck" once more (or waits when it has no stock and waste left)."""

    def __init__(self) -> None:
        super().__init__()
        self._told: dict[Seat, Hashable] = {}

    def _settle(self, view: PeanutsView, seat: Seat, action: PeanutsAction | None) -> PeanutsAction | None:
        if action != Stuck(True):
            return action
        mine = view.players[seat]
        table = (mine.tableau, mine.peanut_count, view.piles, mine.waste_count, mine.stock_count)
        if self._told.get(seat) != table:
            self._told[seat] = table
            return action
        del self._told[seat]
        for kind in (Turn, Recycle):
            if any(isinstance(legal, kind) for legal in view.legal):
                self._last_lap[seat] = view.moves, (mine.tableau, mine.peanut_count, view.piles, mine.waste_count)
                return kind()
        return None


class EasyPlayer(_GoesRound):
    """The greedy player with slow eyes: now and then (``miss``) it overlooks every building play and every
    move of the peanut top and goes on as if there were none (a column move, the waste, the stock), as a
    person does who has not spotted them yet."""

    def __init__(self, miss: float = 0.5) -> None:
        super().__init__()
        self.miss = miss

    def decide(self, view: PeanutsView, seat: Seat, rng: random.Random) -> PeanutsAction | None:
        spotted = tuple(action for action in view.legal if not _is_build(action) and not _from_peanut(action))
        if len(spotted) < len(view.legal) and rng.random() < self.miss:
            return self._settle(view, seat, super().decide(replace(view, legal=spotted), seat, rng))
        return self._settle(view, seat, super().decide(view, seat, rng))


def _from_peanut(action: PeanutsAction) -> bool:
    return isinstance(action, Move) and action.source == PEANUT


# --- The hard player: greedy rollouts over the hidden cards. --------------------------------------------------------

ROLLOUTS = 64
"""Deals the hard player imagines per decision; each candidate move is played out in every one of them."""
_CONFIDENCE = 2.0
"""How many standard deviations a move must win by over greedy's choice before the hard player prefers it."""
_PROMISING = 0.75
"""A move that beats greedy's choice by this many standard deviations, but not yet by :data:`_CONFIDENCE`, is
played out in :data:`_MORE` times as many deals again (against greedy's choice alone) before the test is made."""
_MORE = 4
NODES = 80_000
"""The most greedy steps (of both players, in all imagined deals together) the hard player plays out for one
decision: its imagined deals are played one after the other, every option in each, until this many steps are
spent. A count of steps rather than a clock, so the same table gets the same choice on any machine at any load;
it caps the rare close calls early in a deal, when play-outs are long (in the arena one decision in twenty plays
out more than about 48,000 steps). A tighter cap cuts those close calls short, and they are where the hard player
gains on greedy: at 40,000 it won 60.8 % of 400 games against normal, at 80,000 62.3 %."""


class _Cycle:
    """What a player has seen of one seat's stock and waste.

    Turning the stock and turning the waste over never change the order in which the cards come up: it is the
    waste from the bottom, then the stock from the top, and round again. ``order`` holds that sequence, a card
    where it has been seen in the fan of a turn, None where not yet; a card played from the waste top leaves it.
    A player who watches every turn of a seat therefore knows its whole stock after one round, as a person who
    pays attention does. Anything that does not fit what the table shows (a Nerts rescue, a turn it missed
    along with a card played) starts the memory afresh.
    """

    def __init__(self) -> None:
        self.order: list[Card | None] = []

    def watch(self, layout: LayoutView, gone: set[Card]) -> None:
        """Take in what ``layout`` shows; ``gone`` holds the seat's cards out of its stock and waste for good."""
        size = layout.stock_count + layout.waste_count
        order = [card for card in self.order if card is None or card not in gone]
        if len(order) != size:
            order = [None] * size
        start = layout.waste_count - len(layout.waste)
        if not self._place(order, start, layout.waste):
            order = [None] * size
            self._place(order, start, layout.waste)
        self.order = order

    @staticmethod
    def _place(order: list[Card | None], start: int, fan: tuple[Card, ...]) -> bool:
        for offset, card in enumerate(fan):
            if order[start + offset] not in (None, card) or (order[start + offset] is None and card in order):
                return False
            order[start + offset] = card
        return True


class _Unknown(NamedTuple):
    """One seat's cards for imagined deals: the face-up ones as ints, and the hidden ones to deal anew each time."""

    columns: list[list[int]]
    peanut_top: int
    hidden_peanut: int
    order: list[int | None]
    waste_count: int
    unseen: list[int]


class HardPlayer(_GoesRound):
    """Plays the move that wins most often in deals it imagines from what it has seen.

    Before each choice it deals the cards its seat cannot see anew, :data:`ROLLOUTS` times (the other player's
    and its own face-down peanut cards, and the stock cards neither it has seen: it remembers every fan of
    either player's turns it was shown, see :class:`_Cycle`). In each imagined deal it tries every move it has
    (and turning the stock instead), then lets both players play on greedily at the same pace as at the table
    (:mod:`games.ai.peanuts_sim`), and counts the wins. Every move is tried in the same imagined deals with the
    same pace, so the comparison is fair; greedy's own move is kept unless another one clearly wins more often
    (:func:`_clearly_better`; a close call is played out in more deals first). It plays the peanut top to a pile
    at once (nothing beats it), and with no move at all it turns the stock, says "stuck", or waits like the
    greedy player. It never reads a face-down card: two tables that look the same from its seat get the same
    choice from the same random numbers.

    ``budget`` caps the greedy steps a decision plays out (:data:`NODES`; None: no cap); fewer deals make the
    test more cautious, so a capped decision keeps greedy's move more often. ``nodes`` tells how many steps the
    last decision played out.
    """

    def __init__(self, rollouts: int = ROLLOUTS, budget: int | None = NODES) -> None:
        super().__init__()
        self.rollouts = rollouts
        self.budget = budget
        self.nodes = 0
        self._cycles: dict[tuple[Seat, Seat], _Cycle] = {}

    def decide(self, view: PeanutsView, seat: Seat, rng: random.Random) -> PeanutsAction | None:
        self.nodes = 0
        known = [self._watch(view, seat, watched) for watched in range(2)]
        tableau = view.players[seat].tableau
        choices: dict[Action, Move] = {}
        for action in view.legal:
            if isinstance(action, Move):
                choices.setdefault(action_of(tableau, action), action)  # type: ignore[arg-type]
        rest = tuple(action for action in view.legal if not isinstance(action, Move))
        fallback = next((action_of(tableau, action) for action in rest if isinstance(action, Turn | Recycle)), None)
        if choices:
            best = self._by_rollouts(view, known, seat, [*choices, fallback], rng)
            if best is not None and best in choices:
                return choices[best]
        return self._settle(view, seat, super().decide(replace(view, legal=rest), seat, rng))

    def _by_rollouts(
        self, view: PeanutsView, known: list[_Unknown], seat: Seat, options: list[Action | None], rng: random.Random
    ) -> Action | None:
        """The option (the last one is greedy's fallback, None for waiting) that wins most in imagined deals."""
        deals = [_imagine(view, known, rng) for _ in range(self.rollouts)]
        greedy = deals[0].greedy_options(seat)
        if greedy == [(BUILD, PEANUT_SOURCE)]:
            return greedy[0]
        seeds = [rng.getrandbits(32) for _ in deals]
        results = self._results(deals, seeds, seat, options)
        kept: list[Action | None] = list(greedy) if greedy else options[-1:]
        base = max(kept, key=lambda option: sum(results[option]))
        best, score = _clearly_better(results, base)
        if best == base and score > _PROMISING and not self._spent():
            contender = max(results, key=lambda option: _gain(results[option], results[base])[0])
            more = [_imagine(view, known, rng) for _ in range(_MORE * self.rollouts)]
            seeds = [rng.getrandbits(32) for _ in more]
            extra = self._results(more, seeds, seat, [base, contender])
            results = {option: results[option] + extra[option] for option in (base, contender)}
            best, _ = _clearly_better(results, base)
        return best

    def _spent(self) -> bool:
        return self.budget is not None and self.nodes >= self.budget

    def _results(
        self, deals: list[Deal], seeds: list[int], seat: Seat, options: list[Action | None]
    ) -> dict[Action | None, list[float]]:
        """Every option played out in the deals one after the other (see :func:`_result`), until the budget is
        spent; each option gets the same deals."""
        results: dict[Action | None, list[float]] = {option: [] for option in options}
        for deal, seed in zip(deals, seeds, strict=True):
            if self._spent():
                break
            for option in options:
                value, steps = _result(deal, seed, seat, option)
                results[option].append(value)
                self.nodes += steps
        return results

    def _watch(self, view: PeanutsView, seat: Seat, watched: Seat) -> _Unknown:
        """Take in what the view shows of ``watched``'s cards and return them for imagined deals."""
        layout = view.players[watched]
        shown = {card for column in layout.tableau for card in column}
        shown |= {card for pile in view.piles for card in pile if card.deck == watched}
        cycle = self._cycles.setdefault((seat, watched), _Cycle())
        cycle.watch(layout, shown)
        shown |= {card for card in (layout.peanut_top, *layout.waste) if card is not None}
        hidden_peanut = max(layout.peanut_count - 1, 0)
        unseen = _unseen(watched, shown, cycle.order)
        if len(unseen) != hidden_peanut + cycle.order.count(None):
            cycle.order = [None] * len(cycle.order)
            cycle.watch(layout, shown)
            unseen = _unseen(watched, shown, cycle.order)
        return _Unknown(
            columns=[[card_int(card) for card in column] for column in layout.tableau],
            peanut_top=card_int(layout.peanut_top) if layout.peanut_top is not None else -1,
            hidden_peanut=hidden_peanut,
            order=[None if card is None else card_int(card) for card in cycle.order],
            waste_count=layout.waste_count,
            unseen=[card_int(card) for card in unseen],
        )


def _unseen(seat: Seat, shown: set[Card], order: list[Card | None]) -> list[Card]:
    """The seat's cards neither face up now nor remembered in its stock and waste."""
    return [card for card in standard_deck(seat) if card not in shown and card not in order]


def _imagine(view: PeanutsView, known: list[_Unknown], rng: random.Random) -> Deal:
    """A deal that looks the same as ``view`` from the seat, its hidden cards dealt at random."""
    columns, peanut, stock, waste = [], [], [], []
    for seat in range(2):
        mine = known[seat]
        unseen = list(mine.unseen)
        rng.shuffle(unseen)
        peanut.append(unseen[: mine.hidden_peanut] + ([mine.peanut_top] if mine.peanut_top >= 0 else []))
        rest = iter(unseen[mine.hidden_peanut :])
        order = [next(rest) if card is None else card for card in mine.order]
        waste.append(order[: mine.waste_count])
        stock.append(order[mine.waste_count :][::-1])
        columns.append([list(column) for column in mine.columns])
    tops = [card_int(pile[-1]) for pile in view.piles]
    deal = Deal(columns, peanut, stock, waste, tops, [layout.stuck for layout in view.players], view.turn)
    deal.played = [sum(1 for pile in view.piles for card in pile if card.deck == seat) for seat in range(2)]
    return deal


def _result(deal: Deal, seed: int, seat: Seat, option: Action | None) -> tuple[float, int]:
    """Whether ``seat`` wins the imagined deal after ``option`` (None: it waits): 1, a draw 0.5, else 0; and the
    greedy steps that took."""
    deal = deal.copy()
    rng = random.Random(seed)
    if option is not None:
        deal.apply(seat, option)
    elif deal.turn is not None:
        deal.turn = 1 - seat
    else:
        deal.greedy_step(1 - seat, rng)
    winner = deal.play_out(rng)
    return 1.0 if winner == seat else 0.5 if winner is None else 0.0, deal.steps


def _gain(values: list[float], base: list[float]) -> tuple[float, float]:
    """How many more imagined deals ``values`` wins than ``base`` and in how many standard deviations of chance.

    Both were played out in the same deals at the same pace, so the test looks at the deals where they differ
    (a paired sign test)."""
    differences = [value - other for value, other in zip(values, base, strict=True)]
    gain = sum(differences)
    spread = math.sqrt(sum(difference * difference for difference in differences))
    return gain, gain / spread if spread else 0.0


def _clearly_better(results: dict[Action | None, list[float]], kept: Action | None) -> tuple[Action | None, float]:
    """The option that wins more imagined deals than ``kept`` by more than :data:`_CONFIDENCE` standard deviations
    of chance (or ``kept``), and the best such score of any option."""
    best, best_gain, top = kept, 0.0, 0.0
    for option, values in results.items():
        gain, score = _gain(values, results[kept])
        top = max(top, score)
        if gain > best_gain and score > _CONFIDENCE:
            best, best_gain = option, gain
    return best, top


LEVELS: dict[str, Callable[[], PeanutsPlayer]] = {"easy": EasyPlayer, "normal": GreedyPlayer, "hard": HardPlayer}
"""Players by difficulty; each call makes a fresh player."""
