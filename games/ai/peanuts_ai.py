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
building plays and peanut moves), "normal" the greedy player, "hard" :class:`HardPlayer`, which plans a few
moves ahead over its own face-up cards. Both go round their stock again rather than repeat "stuck" when the
blocked check has just found them a play.
"""

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from games.ai import Player
from games.base import Seat
from games.cards import Card, Rank
from games.peanuts import (
    GAME,
    NEW_PILE,
    PASS,
    PEANUT,
    WASTE,
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


# --- The hard player: a short look-ahead over its own visible cards. ------------------------------------------------

_GAMMA = 0.8
"""Each action costs a tick of the race: a gain one action later is worth this much of a gain now."""
_DEPTH = 3
_PEANUT_BONUS = 1.0
"""On top of the point: a peanut card gone brings "Peanuts!" one card closer."""
_REVEAL = 0.3
"""A new card turned up (peanut top or waste), unknown until then, may well play."""
_CONTESTED = 0.6
"""A card the other player could put on the same pile now: play it before they do."""
_OUT = 20.0
_WASTE_OUT = 0.4
"""A waste card onto a column: out of the stock round for good, and the next waste card shows."""
_TURN = 0.25
"""What turning the stock is worth: a fresh waste top."""


class _Position(NamedTuple):
    """One player's cards as the player sees them, for planning: ``None`` in a column is a card not yet known
    (a peanut card that filled it), ``peanut`` is None when the top is unknown or the pile empty, and ``waste``
    holds the waste cards known from the top down to the first unknown one (bottom first)."""

    columns: tuple[tuple[Card | None, ...], ...]
    peanut: Card | None
    peanut_count: int
    waste: tuple[Card, ...]
    waste_count: int
    piles: tuple[Card, ...]
    score: int


def _fits_pile(card: Card, piles: tuple[Card, ...]) -> int:
    """The pile (index) ``card`` may go onto, len(piles) for a new pile (an ace), -1 for none."""
    if card.rank == Rank.ACE:
        return len(piles)
    for index, top in enumerate(piles):
        if top.suit == card.suit and top.rank + 1 == card.rank:
            return index
    return -1


def _on_column(card: Card, top: Card | None) -> bool:
    return top is not None and top.rank == card.rank + 1 and top.is_red != card.is_red


_Step = tuple[tuple[str, Card, str], float, _Position]


def _steps(position: _Position, rivals: frozenset[tuple[int, int]], other_score: int) -> list[_Step]:
    """Every move of the position as (key, reward, position after); ``key`` is (source, card, dest) as in
    :class:`Move` with piles numbered from 1 (and "b+" for a new pile)."""
    found: list[_Step] = []
    columns, piles = position.columns, position.piles

    def take_peanut(after: _Position) -> tuple[float, _Position]:
        """The reward and position after the peanut top left (the next one unknown)."""
        count = after.peanut_count - 1
        reward = 1 + _PEANUT_BONUS + (_REVEAL if count else 0.0)
        after = after._replace(peanut=None, peanut_count=count, score=after.score + 1)
        if count == 0:
            reward += _OUT if after.score >= other_score else -_OUT
        return reward, after

    def refill(after: _Position) -> tuple[float, _Position]:
        reward = 0.0
        cols = list(after.columns)
        for index, column in enumerate(cols):
            if not column and after.peanut_count:
                top = after.peanut
                gained, after = take_peanut(after)
                reward += gained - (_REVEAL if top is None else 0.0)
                cols[index] = (top,)
        return reward, after._replace(columns=tuple(cols))

    def build(card: Card, rest: _Position) -> tuple[str, float, _Position]:
        pile = _fits_pile(card, rest.piles)
        new_piles = rest.piles + (card,) if pile == len(rest.piles) else _replace_at(rest.piles, pile, card)
        dest = NEW_PILE if pile == len(rest.piles) else f"b{pile + 1}"
        bonus = _CONTESTED if (card.suit, card.rank) in rivals else 0.0
        return dest, 1 + bonus, rest._replace(piles=new_piles, score=rest.score + 1)

    # sources: the peanut top, the waste top, column tops
    if position.peanut is not None:
        card = position.peanut
        if _fits_pile(card, piles) >= 0:
            dest, reward, after = build(card, position)
            gained, after = take_peanut(after)
            found.append(((PEANUT, card, dest), reward + gained, after))
        for index, column in enumerate(columns):
            if column and _on_column(card, column[-1]):
                gained, after = take_peanut(position)
                after = after._replace(columns=_replace_at(columns, index, column + (card,)))
                found.append(((PEANUT, card, f"c{index + 1}"), gained, after))
    if position.waste:
        card = position.waste[-1]
        rest_waste = position.waste[:-1]
        revealed = not rest_waste and position.waste_count > 1
        after_waste = position._replace(waste=rest_waste, waste_count=position.waste_count - 1)
        extra = _REVEAL if revealed else 0.0
        if _fits_pile(card, piles) >= 0:
            dest, reward, after = build(card, after_waste)
            found.append(((WASTE, card, dest), reward + extra, after))
        for index, column in enumerate(columns):
            if column and _on_column(card, column[-1]):
                after = after_waste._replace(columns=_replace_at(columns, index, column + (card,)))
                found.append(((WASTE, card, f"c{index + 1}"), _WASTE_OUT + extra, after))
    for index, column in enumerate(columns):
        if not column or column[-1] is None:
            continue
        top = column[-1]
        if _fits_pile(top, piles) >= 0:
            after = position._replace(columns=_replace_at(columns, index, column[:-1]))
            dest, reward, after = build(top, after)
            gained, after = refill(after)
            found.append(((f"c{index + 1}", top, dest), reward + gained, after))
        # tails onto other columns
        length = 1
        while length < len(column) and _on_column(column[-length], column[-length - 1]):  # type: ignore[arg-type]
            length += 1
        for target_index, target in enumerate(columns):
            if target_index == index or not target or target[-1] is None:
                continue
            count = target[-1].rank - top.rank
            if 1 <= count <= length:
                base = column[-count]
                assert base is not None
                if base.is_red == target[-1].is_red:
                    continue
                cols = list(columns)
                cols[index] = column[:-count]
                cols[target_index] = target + column[-count:]
                after = position._replace(columns=tuple(cols))
                gained, after = refill(after)
                found.append(((f"c{index + 1}", base, f"c{target_index + 1}"), gained, after))
    return found


def _replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _best(position: _Position, depth: int, rivals: frozenset[tuple[int, int]], other_score: int) -> float:
    """The best discounted reward of at most ``depth`` more moves (stopping is worth 0)."""
    if depth == 0 or position.peanut_count == 0:
        return 0.0
    best = 0.0
    for _, reward, after in _steps(position, rivals, other_score):
        value = reward + _GAMMA * _best(after, depth - 1, rivals, other_score)
        if value > best:
            best = value
    return best


def _position(view: PeanutsView, seat: Seat) -> _Position:
    mine = view.players[seat]
    waste = mine.waste
    return _Position(
        columns=tuple(tuple(column) for column in mine.tableau),
        peanut=mine.peanut_top,
        peanut_count=mine.peanut_count,
        waste=waste,
        waste_count=mine.waste_count,
        piles=tuple(pile[-1] for pile in view.piles),
        score=mine.score,
    )


def _rivals(view: PeanutsView, seat: Seat) -> frozenset[tuple[int, int]]:
    """(suit, rank) of the cards the other player could build now (its peanut top, waste top, column tops)."""
    other = view.players[1 - seat]
    tops = [other.peanut_top, other.waste[-1] if other.waste else None]
    tops += [column[-1] for column in other.tableau if column]
    piles = tuple(pile[-1] for pile in view.piles)
    return frozenset((card.suit, card.rank) for card in tops if card is not None and _fits_pile(card, piles) >= 0)


class HardPlayer(_GoesRound):
    """Plans a few moves ahead over the cards its seat sees (its own face-up cards, the counts of the hidden
    ones, the building piles and the other player's face-up cards), never its face-down stock or peanut cards.

    Each plan is scored as a race: a card to the middle is a point, a peanut card gone a point and a step
    towards "Peanuts!", a card turned up (the next peanut card, a waste card) may play, and every move
    costs time (rewards are discounted by :data:`_GAMMA` a move). So among building plays it takes the one
    that frees most (the peanut top, a column that empties and takes the next peanut card, a card that uncovers
    another play), it plays first the cards the other player could put on the same pile, it puts a waste card
    on a column rather than turn the stock, and it moves cards between columns only when that leads to such
    gains within :data:`_DEPTH` moves. With no such plan it turns the stock, says "stuck", or waits like the
    greedy player.
    """

    def decide(self, view: PeanutsView, seat: Seat, rng: random.Random) -> PeanutsAction | None:
        moves = {(action.source, action.card, action.dest): action for action in view.legal if isinstance(action, Move)}
        if moves:
            position = _position(view, seat)
            rivals = _rivals(view, seat)
            other_score = view.players[1 - seat].score
            best_value, best_move = _TURN, None
            for key, reward, after in _steps(position, rivals, other_score):
                action = moves.get(key)
                if action is None:
                    continue
                value = reward + _GAMMA * _best(after, _DEPTH - 1, rivals, other_score)
                if value > best_value + 1e-9:
                    best_value, best_move = value, action
            if best_move is not None:
                return best_move
        rest = tuple(action for action in view.legal if not isinstance(action, Move))
        return self._settle(view, seat, super().decide(replace(view, legal=rest), seat, rng))


LEVELS: dict[str, Callable[[], PeanutsPlayer]] = {"easy": EasyPlayer, "normal": GreedyPlayer, "hard": HardPlayer}
"""Players by difficulty; each call makes a fresh player."""
