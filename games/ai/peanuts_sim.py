"""A fast Peanuts deal for the hard player's rollouts: both layouts as lists of small ints, the greedy player of
:mod:`games.ai.peanuts_ai` for both seats, and the pace of ``play_out`` (a random seat acts each step).

The engine (:mod:`games.peanuts`) checks every action, builds events and keeps immutable states; that costs
about 100 ms a deal. The hard player plays thousands of deals a decision, so it plays them here, about a hundred
times faster. This module follows the engine's moves exactly (a test drives both with the same actions) and the
greedy player's choices (the test checks each greedy choice against the engine's), but it simplifies the end of
a stall: a player that has gone round its stock with nothing changed says "stuck", and once both players are
stuck the deal ends as blocked (the engine would run the blocked check and the two-lap watch, §1.8 A9), and it
leaves out the Nerts rescue. Building piles are kept only as how many piles want each card, since two piles with
the same top play alike.

A card is ``deck * 52 + suit * 13 + rank - 1`` (suits C, D, H, S; ranks A to K). An action is a tuple:
``(BUILD, source)``, ``(SHIFT, source, count, column)``, ``(TURN,)`` or ``(RECYCLE,)``, where a source is
:data:`PEANUT`, :data:`WASTE` or a column index 0 to 6 and ``count`` is how many cards move (1 from the peanut
pile or the waste).
"""

import random
from typing import Final

from games.cards import Card
from games.peanuts import COLUMNS, MAX_PILES, TURN_SIZE, Move, PeanutsAction, PeanutsState, Recycle, Turn
from games.peanuts import PEANUT as PEANUT_CODE
from games.peanuts import WASTE as WASTE_CODE

BUILD: Final = 0
SHIFT: Final = 1
TURN: Final = 2
RECYCLE: Final = 3
PEANUT: Final = -1
WASTE: Final = -2
STEP_LIMIT = 3000
"""Actions after which a rollout stops and is scored as it stands (greedy deals end well before)."""

Action = tuple[int, ...]

_KEY = [card % 52 for card in range(104)]
_RANK = [card % 13 + 1 for card in range(104)]
_RED = [card % 52 // 13 in (1, 2) for card in range(104)]
_ONTO = [[_RANK[top] == _RANK[card] + 1 and _RED[top] != _RED[card] for top in range(104)] for card in range(104)]
"""``_ONTO[card][top]``: whether ``card`` goes on a column whose top is ``top``."""
_BUILD_FROM: list[Action] = [(BUILD, index) for index in range(COLUMNS)]
_ACES = [key for key in range(52) if _RANK[key] == 1]


def card_int(card: Card) -> int:
    return card.deck * 52 + int(card.suit) * 13 + int(card.rank) - 1


def action_of(tableau: tuple[tuple[Card, ...], ...], action: PeanutsAction) -> Action | None:
    """The action here for an engine action of the player whose columns are ``tableau``; None for "stuck" and
    "pass". Building plays of one card onto different piles are one action here."""
    if isinstance(action, Turn):
        return (TURN,)
    if isinstance(action, Recycle):
        return (RECYCLE,)
    if not isinstance(action, Move):
        return None
    source = {PEANUT_CODE: PEANUT, WASTE_CODE: WASTE}.get(action.source)
    if source is None:
        source = int(action.source[1:]) - 1
    if action.dest[0] == "b":
        return (BUILD, source)
    count = 1
    if source >= 0:
        column = tableau[source]
        count = len(column) - column.index(action.card)
    return (SHIFT, source, count, int(action.dest[1:]) - 1)


_PARENTS = [tuple(top for top in range(52) if _ONTO[key][top]) for key in range(52)]
"""``_PARENTS[key]``: the column tops (card ints mod 52) that take the card ``key``."""


def _column_shifts(columns: list[list[int]]) -> list[tuple[Action, int]]:
    """Every move of a column's tail onto another column's top, with the card it uncovers (-1: it empties the
    column), ordered by source and then target column; a deal keeps them until that seat's columns change.

    It walks each column's run from the top down and looks up the tops that take each of its cards (a seat's
    cards are all of one deck, so a top is one column's), so its work is the length of the runs rather than
    every pair of columns."""
    tops = {_KEY[column[-1]]: index for index, column in enumerate(columns) if column}
    shifts: list[tuple[Action, int]] = []
    for index, column in enumerate(columns):
        size = len(column)
        count = 0
        found = len(shifts)
        while count < size:
            count += 1
            card = column[-count]
            for parent in _PARENTS[_KEY[card]]:
                target = tops.get(parent)
                if target is not None:
                    shifts.append(((SHIFT, index, count, target), column[-count - 1] if count < size else -1))
            if count == size or not _ONTO[card][column[-count - 1]]:
                break
        if len(shifts) - found > 1:
            shifts[found:] = sorted(shifts[found:], key=lambda shift: shift[0][3])
    return shifts


class Deal:
    """Both players' cards and the building piles; see the module docstring. Mutable: :meth:`copy` first.

    ``columns[seat]`` holds seven lists, ``peanut``, ``stock`` and ``waste`` one list a seat (bottom first, the
    last card on top). ``want[key]`` counts the piles that take the card ``key`` (a card int mod 52) next, an ace
    1 while a pile may still be started; ``piles`` counts the piles started. ``played[seat]`` counts the seat's
    cards in the piles. ``turn`` is the seat to act in the turn-based mode, None in real-time play. ``marks`` and
    ``progress`` carry the greedy player's "went round in vain" check. ``shifts[seat]`` keeps the seat's moves
    from column to column until its columns change (None: not worked out yet), and ``steps`` counts the greedy
    player's steps since the deal was made or copied: the work a rollout cost, whatever the machine.
    """

    __slots__ = (
        "builds",
        "columns",
        "marks",
        "out",
        "peanut",
        "piles",
        "played",
        "progress",
        "quiet",
        "shifts",
        "steps",
        "stock",
        "stuck",
        "turn",
        "want",
        "waste",
    )

    def __init__(
        self,
        columns: list[list[list[int]]],
        peanut: list[list[int]],
        stock: list[list[int]],
        waste: list[list[int]],
        pile_tops: list[int],
        stuck: list[bool],
        turn: int | None = None,
    ) -> None:
        self.columns = columns
        self.peanut = peanut
        self.stock = stock
        self.waste = waste
        self.want = [0] * 52
        self.piles = len(pile_tops)
        self.played = [0, 0]
        for top in pile_tops:
            key = top % 52
            if _RANK[key] < 13:
                self.want[key + 1] += 1
        if self.piles < MAX_PILES:
            for ace in _ACES:
                self.want[ace] = 1
        self.stuck = stuck
        self.out: int | None = None
        self.turn = turn
        self.progress = [0, 0]
        self.marks: list[int | None] = [None, None]
        self.builds = 0
        self.shifts: list[list[tuple[Action, int]] | None] = [None, None]
        self.quiet = [-1, -1]
        self.steps = 0

    @classmethod
    def of(cls, state: PeanutsState) -> "Deal":
        """The deal of an engine state (of a running deal)."""
        layouts = state.players
        deal = cls(
            [[[card_int(card) for card in column] for column in layout.tableau] for layout in layouts],
            [[card_int(card) for card in layout.peanut] for layout in layouts],
            [[card_int(card) for card in layout.stock] for layout in layouts],
            [[card_int(card) for card in layout.waste] for layout in layouts],
            [card_int(pile[-1]) for pile in state.piles],
            [layout.stuck for layout in layouts],
            state.turn,
        )
        for pile in state.piles:
            for card in pile:
                deal.played[card.deck] += 1
        return deal

    def copy(self) -> "Deal":
        other = Deal.__new__(Deal)
        other.columns = [[list(column) for column in columns] for columns in self.columns]
        other.peanut = [list(pile) for pile in self.peanut]
        other.stock = [list(pile) for pile in self.stock]
        other.waste = [list(pile) for pile in self.waste]
        other.want = list(self.want)
        other.piles = self.piles
        other.played = list(self.played)
        other.stuck = list(self.stuck)
        other.out = self.out
        other.turn = self.turn
        other.progress = list(self.progress)
        other.marks = list(self.marks)
        other.builds = self.builds
        other.shifts = list(self.shifts)
        other.quiet = list(self.quiet)
        other.steps = 0
        return other

    # --- the rules ----------------------------------------------------------------------------------------------

    def fits(self, card: int) -> bool:
        return self.want[_KEY[card]] > 0

    def score(self, seat: int) -> int:
        return self.played[seat] - len(self.peanut[seat])

    def winner(self) -> int | None:
        """The seat ahead on score, the tie going to the seat that went out; None for a draw."""
        first, second = self.score(0), self.score(1)
        if first != second:
            return 0 if first > second else 1
        return self.out

    def apply(self, seat: int, action: Action) -> None:
        """Carry out a legal action for ``seat`` (no checks), the automatic fill included: while the peanut pile
        has cards no column stays empty, so only the column a card leaves can need filling."""
        kind = action[0]
        if kind == TURN:
            stock = self.stock[seat]
            self.waste[seat] += stock[: -TURN_SIZE - 1 : -1]
            del stock[-TURN_SIZE:]
            if self.turn is not None:
                self.turn = 1 - seat
            return
        if kind == RECYCLE:
            waste = self.waste[seat]
            waste.reverse()
            self.stock[seat], self.waste[seat] = waste, []
            return
        self.progress[seat] += 1
        source = action[1]
        if kind == BUILD:
            if source == PEANUT:
                card = self.peanut[seat].pop()
            elif source == WASTE:
                card = self.waste[seat].pop()
            else:
                card = self.columns[seat][source].pop()
                self.shifts[seat] = None
                self.quiet[seat] = -1
            key = _KEY[card]
            want = self.want
            if _RANK[key] == 1:
                self.piles += 1
                if self.piles >= MAX_PILES:
                    for ace in _ACES:
                        want[ace] = 0
            else:
                want[key] -= 1
            if _RANK[key] < 13:
                want[key + 1] += 1
            self.played[seat] += 1
            self.builds += 1
            self.stuck[0] = self.stuck[1] = False
        else:
            target = self.columns[seat][action[3]]
            if source == PEANUT:
                target.append(self.peanut[seat].pop())
            elif source == WASTE:
                target.append(self.waste[seat].pop())
            else:
                column = self.columns[seat][source]
                count = action[2]
                target.extend(column[-count:])
                del column[-count:]
            self.shifts[seat] = None
            self.quiet[seat] = -1
        peanut = self.peanut[seat]
        if source >= 0 and peanut and not self.columns[seat][source]:
            self.columns[seat][source].append(peanut.pop())
        if not peanut:
            self.out = seat

    # --- the greedy player --------------------------------------------------------------------------------------

    def greedy_options(self, seat: int) -> list[Action]:
        """The moves the greedy player picks among (it takes one at random), or ``[]`` when it would turn the
        stock, turn the waste over, say "stuck" or wait (:meth:`fallback` tells which).

        When the seat's columns and peanut top offer nothing it wants, that holds until they change or a card
        is built (``quiet``); meanwhile, while it turns its stock, only the waste top is looked at."""
        columns = self.columns[seat]
        want = self.want
        waste_pile = self.waste[seat]
        waste = waste_pile[-1] if waste_pile else -1
        if self.quiet[seat] != self.builds:
            peanut_pile = self.peanut[seat]
            peanut = peanut_pile[-1] if peanut_pile else -1
            if peanut >= 0 and want[_KEY[peanut]]:
                return [(BUILD, PEANUT)]
            builds = [_BUILD_FROM[index] for index, column in enumerate(columns) if column and want[_KEY[column[-1]]]]
            if builds:
                return builds
            if waste >= 0 and want[_KEY[waste]]:
                return [(BUILD, WASTE)]
            if peanut >= 0:
                onto = _ONTO[peanut]
                shifts: list[Action] = [
                    (SHIFT, PEANUT, 1, index) for index, column in enumerate(columns) if column and onto[column[-1]]
                ]
                if shifts:
                    return shifts
            moves = self.shifts[seat]
            if moves is None:
                moves = self.shifts[seat] = _column_shifts(columns)
            if moves:
                emptying = [move for move, under in moves if under < 0]
                if emptying:
                    return emptying
                uncovering = [move for move, under in moves if under >= 0 and (_RANK[under] == 1 or want[_KEY[under]])]
                if uncovering:
                    return uncovering
            self.quiet[seat] = self.builds
        elif waste >= 0 and want[_KEY[waste]]:
            return [(BUILD, WASTE)]
        if waste >= 0:
            onto = _ONTO[waste]
            return [(SHIFT, WASTE, 1, index) for index, column in enumerate(columns) if column and onto[column[-1]]]
        return []

    def fallback(self, seat: int) -> Action | None:
        """What the greedy player does with no move it wants: turn the stock, or turn the waste over unless it
        went round in vain since the last time (then it says "stuck"; None, like waiting, with no stock or
        waste left)."""
        if self.stock[seat]:
            return (TURN,)
        if self.waste[seat]:
            mark = self.progress[seat] + self.builds
            if self.marks[seat] == mark and not self.stuck[seat]:
                return None
            self.marks[seat] = mark
            return (RECYCLE,)
        return None

    def greedy_step(self, seat: int, rng: random.Random) -> bool:
        """Let the greedy player act for ``seat``; False when it waits (it has said "stuck", or says it now)."""
        self.steps += 1
        options = self.greedy_options(seat)
        if options:
            self.apply(seat, options[0] if len(options) == 1 else rng.choice(options))
            return True
        action = self.fallback(seat)
        if action is None:
            self.stuck[seat] = True
            if self.turn is not None:
                self.turn = 1 - seat
            return False
        self.apply(seat, action)
        return True

    def play_out(self, rng: random.Random) -> int | None:
        """Both seats play greedily at the same pace (or take turns) until the deal ends; returns the winner.

        Which seat acts at each step comes from ``rng`` alone and the greedy player's picks from a second
        generator seeded from it, so two play-outs from the same seed keep the same pace step by step even when
        their moves differ: a fairer comparison of the moves that started them.
        """
        picks = random.Random(rng.getrandbits(64))
        step, pace, stuck = self.greedy_step, rng.random, self.stuck
        for _ in range(STEP_LIMIT):
            if self.out is not None or (stuck[0] and stuck[1]):
                break
            if self.turn is not None:
                step(self.turn, picks)
                continue
            seat = 0 if pace() < 0.5 else 1
            if not step(seat, picks) and not step(1 - seat, picks):
                break
        return self.winner()
