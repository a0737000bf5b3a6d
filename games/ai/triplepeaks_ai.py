"""Fair Triple Peaks players, implementing :class:`games.ai.Player`: ``choose(state, seat, rng)``
decides from ``GAME.view_for(state, seat)`` only, so they never see a face-down tableau card or the
stock order (unlike ``triplepeaks_solver``).

- :class:`RandomPlayer` picks any legal action, the stock included.
- :class:`GreedyPlayer` never turns a stock card while a play exists. Among the plays it takes
  the one that starts the longest chain of cards already face up (each one rank from the last,
  K–A connecting, RULES.md §5.3), then the one that turns up more face-down cards, then the
  lower slot.

:func:`play_out` runs a game to its end with one of them, for tests and benchmarks.
"""

import random
from collections.abc import Callable
from functools import lru_cache

from games.ai import Player
from games.cards import DECK, Card
from games.phrases import Phrase
from games.triplepeaks import (
    COVERED_BY,
    COVERS,
    GAME,
    TIPS,
    Draw,
    Play,
    TriplePeaksAction,
    TriplePeaksState,
    TriplePeaksView,
    adjacent,
    slot_name,
)


class RandomPlayer:
    """Uniformly random legal actions."""

    def choose(self, state: TriplePeaksState, seat: int, rng: random.Random) -> TriplePeaksAction:
        """Any action of the view's ``legal``."""
        return rng.choice(GAME.view_for(state, seat).legal)


@lru_cache(maxsize=4096)
def _longest(cards: frozenset[tuple[int, Card]], top: Card) -> int:
    """The longest run of plays from ``cards`` (slot, card) onto ``top``, each card one rank from the last."""
    best = 0
    for slot, card in cards:
        if adjacent(card, top):
            best = max(best, 1 + _longest(cards - {(slot, card)}, card))
    return best


def _uncovered(view: TriplePeaksView, slot: int) -> int:
    """How many face-down cards playing ``slot`` turns up."""
    gone = {slot} | {other for other, card in enumerate(view.tableau) if card is None and not view.face_down[other]}
    return sum(
        1 for above in COVERS[slot] if view.face_down[above] and all(other in gone for other in COVERED_BY[above])
    )


class GreedyPlayer:
    """Plays before turning the stock; prefers the longest visible chain, then uncovering cards."""

    def choose(self, state: TriplePeaksState, seat: int, rng: random.Random) -> TriplePeaksAction:
        """The best play by the rule above, or the stock when nothing can be played; ``rng`` is not needed."""
        view = GAME.view_for(state, seat)
        plays = [action for action in view.legal if isinstance(action, Play)]
        if not plays:
            return view.legal[0]
        return _greedy_choice(view, plays)


def _greedy_choice(view: TriplePeaksView, plays: list[Play]) -> Play:
    """The greedy player's play among ``plays`` (not empty)."""
    face_up = frozenset((slot, card) for slot, card in enumerate(view.tableau) if card is not None)

    def rank(play: Play) -> tuple[int, int, int]:
        card = view.tableau[play.slot]
        assert card is not None
        chain = 1 + _longest(face_up - {(play.slot, card)}, card)
        return chain, _uncovered(view, play.slot), -play.slot

    return max(plays, key=rank)


def play_out(
    state: TriplePeaksState, player: Player[TriplePeaksState, TriplePeaksAction], rng: random.Random
) -> TriplePeaksState:
    """Let ``player`` play seat 0 until the game ends; returns the final state."""
    while GAME.outcome(state) is None:
        state = GAME.apply_action(state, 0, player.choose(state, 0, rng)).state
    return state


class EasyPlayer:
    """A casual player: any card that can be played, picked at random (no look at chains), and now and then
    (``miss``) it turns the stock although a card could be played."""

    def __init__(self, miss: float = 0.2) -> None:
        self.miss = miss

    def choose(self, state: TriplePeaksState, seat: int, rng: random.Random) -> TriplePeaksAction:
        legal = GAME.view_for(state, seat).legal
        plays = [action for action in legal if isinstance(action, Play)]
        draws = [action for action in legal if isinstance(action, Draw)]
        if plays and (not draws or rng.random() >= self.miss):
            return rng.choice(plays)
        return draws[0] if draws else plays[0]


def _sample(view: TriplePeaksView, rng: random.Random) -> TriplePeaksState:
    """A position consistent with ``view``: the face-down cards, the stock and the set-aside waste dealt at
    random from the cards the player has not seen."""
    seen = {card for card in view.tableau if card is not None} | set(view.waste)
    unseen = [card for card in DECK if card not in seen]
    rng.shuffle(unseen)
    cards = iter(unseen)
    tableau = tuple(
        card if card is not None else (next(cards) if down else None)
        for card, down in zip(view.tableau, view.face_down, strict=True)
    )
    aside = tuple(next(cards) for _ in range(view.set_aside))
    return TriplePeaksState(
        seed=0,
        multiplier=view.multiplier,
        progressive=view.progressive,
        tableau=tableau,
        waste=aside + view.waste,
        stock=tuple(cards),
        run=view.run,
        score=view.score,
        round=view.round,
        moves=view.moves,
    )


def _greedy_finish(state: TriplePeaksState) -> int:
    """The score the greedy player reaches from ``state`` by the end of its round (cleared: a bonus of 100)."""
    greedy, rng, start = GreedyPlayer(), random.Random(0), state.round
    while GAME.outcome(state) is None and state.round == start:
        state = GAME._apply(state, 0, greedy.choose(state, 0, rng)).state
    cleared = state.round != start or all(state.tableau[tip] is None for tip in TIPS)
    return state.score + (_CLEAR_BONUS if cleared else 0)


_CLEAR_BONUS = 100
"""What clearing the round is worth over its points (the game is won; in progressive play a new round)."""


class HardPlayer:
    """The best fair player, the one behind :func:`hint`; it decides from ``GAME.view_for`` only.

    Like the greedy player it never turns a stock card while a card can be played. When several cards can,
    it deals ``samples`` positions consistent with what it sees (the face-down cards, the stock and the
    set-aside waste at random from the unseen cards), lets the greedy player finish the round after each
    play, and takes the play with the best average (score, plus a bonus for clearing the round) when it beats
    the greedy player's own choice by more than :data:`_MARGIN`.
    """

    def __init__(self, samples: int = 10) -> None:
        self.samples = samples
        self.last_values: dict[TriplePeaksAction, float] = {}

    def choose(self, state: TriplePeaksState, seat: int, rng: random.Random) -> TriplePeaksAction:
        return self.decide(GAME.view_for(state, seat), rng)

    def decide(self, view: TriplePeaksView, rng: random.Random) -> TriplePeaksAction:
        """The choice from the view alone."""
        self.last_values = {}
        plays = [action for action in view.legal if isinstance(action, Play)]
        if len(plays) <= 1:
            return plays[0] if plays else view.legal[0]
        default = _greedy_choice(view, plays)
        totals = [0.0] * len(plays)
        for _ in range(self.samples):
            sample = _sample(view, rng)
            for number, action in enumerate(plays):
                totals[number] += _greedy_finish(GAME._apply(sample, 0, action).state)
        self.last_values = {action: total / self.samples for action, total in zip(plays, totals, strict=True)}
        best = max(plays, key=lambda action: self.last_values[action])
        return best if self.last_values[best] > self.last_values[default] + _MARGIN else default


_MARGIN = 2.0
"""How much better (on average, in points) a play must look than the greedy player's to be preferred: the
samples are few, so a small lead is mostly noise."""


def hint(state: TriplePeaksState) -> tuple[TriplePeaksAction, Phrase]:
    """The move the hard player would make from the player's own view (face-down cards unknown), and why
    (e.g. "K♥ clears the left peak's tip: +15")."""
    view = GAME.view_for(state, 0)
    player = HardPlayer()
    action = player.decide(view, random.Random(0))
    return action, _reason(view, action, player.last_values)


_PEAK_NAMES = ("left", "middle", "right")


def _reason(view: TriplePeaksView, action: TriplePeaksAction, values: dict[TriplePeaksAction, float]) -> Phrase:
    if isinstance(action, Draw):
        if not any(isinstance(other, Play) for other in view.legal):
            return Phrase.of("triplepeaks.why.no_fit")
        return Phrase.of("triplepeaks.why.draw")
    card = view.tableau[action.slot]
    name = card if card is not None else slot_name(action.slot)
    points = view.next_points
    if action.slot in TIPS:
        last = view.peaks_cleared == len(TIPS) - 1
        bonus = (50 if last else 25) if view.multiplier else (30 if last else 15)
        key = "triplepeaks.why.last_tip" if last else f"triplepeaks.why.{_PEAK_NAMES[action.slot]}_tip"
        return Phrase.of(key, card=name, points=points + bonus)
    face_up = frozenset((slot, seen) for slot, seen in enumerate(view.tableau) if seen is not None)
    chain = 1 + _longest(face_up - {(action.slot, card)}, card) if card is not None else 1
    turned = _uncovered(view, action.slot)
    if chain > 1 and turned:
        return Phrase.of("triplepeaks.why.fits_run_turns", card=name, points=points, run=chain, count=turned)
    if chain > 1:
        return Phrase.of("triplepeaks.why.fits_run", card=name, points=points, run=chain)
    if turned:
        return Phrase.of("triplepeaks.why.fits_turns", card=name, points=points, count=turned)
    return Phrase.of("triplepeaks.why.fits", card=name, points=points)


LEVELS: dict[str, Callable[[], Player[TriplePeaksState, TriplePeaksAction]]] = {
    "easy": EasyPlayer,
    "normal": GreedyPlayer,
    "hard": HardPlayer,
}
"""Players by difficulty; each call makes a fresh player ("hard" gives the hints)."""
