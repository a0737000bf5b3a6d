"""Two Peek players built only on the engine's public functions: uniform random and greedy.

Both implement :class:`games.ai.Player`: ``choose(state, seat, rng) -> action`` for a running game
(Peek has one seat, 0). The greedy player is the model of RULES.md §6.4: it plays every card that
can go to a foundation as soon as it can, so the suit order of F2–F4 is whichever base-rank card
turns up first; otherwise it turns the stock, and turns the waste over when the stock is empty. In
the one-card game every foundation move only widens later options, so this play is optimal once the
suit order is fixed; the greedy player wins about a quarter of the deals (one-card, two redeals).
"""

import random
from collections.abc import Callable

from games.ai import Player
from games.cards import DECK
from games.peek import GAME, REDEALS, Draw, PeekAction, PeekState, PeekView, Play, Redeal, place
from games.phrases import Phrase


class RandomPlayer:
    """Picks any legal action with equal chance."""

    def choose(self, state: PeekState, seat: int, rng: random.Random) -> PeekAction:
        return rng.choice(GAME.legal_actions(state, seat))


class GreedyPlayer:
    """Plays the first card that can go home (reserves 1–4, then the waste), else turns the stock."""

    def choose(self, state: PeekState, seat: int, rng: random.Random) -> PeekAction:
        actions = GAME.legal_actions(state, seat)
        for action in actions:
            if isinstance(action, Play):
                return action
        return actions[0]


def play_out(state: PeekState, player: Player[PeekState, PeekAction], rng: random.Random) -> tuple[PeekState, int]:
    """Let ``player`` finish the game; returns the final state and the number of actions taken."""
    actions = 0
    while GAME.outcome(state) is None:
        state = GAME.apply_action(state, 0, player.choose(state, 0, rng)).state
        actions += 1
    return state, actions


class EasyPlayer:
    """The greedy player with slow eyes: now and then (``miss``) it turns the stock although a card could go
    home (it plays when turning is not allowed)."""

    def __init__(self, miss: float = 0.3) -> None:
        self.miss = miss

    def choose(self, state: PeekState, seat: int, rng: random.Random) -> PeekAction:
        actions = GAME.view_for(state, seat).legal
        plays = [action for action in actions if isinstance(action, Play)]
        others = [action for action in actions if not isinstance(action, Play)]
        if plays and (not others or rng.random() >= self.miss):
            return plays[0]
        return others[0] if others else plays[0]


def _sample(view: PeekView, rng: random.Random) -> PeekState:
    """A position consistent with ``view``: the stock and the covered waste dealt from the unseen cards."""
    seen = {card for pile in view.reserves for card in pile} | {card for pile in view.foundations for card in pile}
    seen |= set(view.waste)
    unseen = [card for card in DECK if card not in seen]
    rng.shuffle(unseen)
    covered = view.waste_count - len(view.waste)
    return PeekState(
        three_card=view.three_card,
        reserves=view.reserves,
        foundations=view.foundations,
        stock=tuple(unseen[covered:]),
        waste=tuple(unseen[:covered]) + view.waste,
        redeals=0 if view.redeals_left is None else REDEALS - view.redeals_left,
        moves=view.moves,
    )


def _greedy_score(state: PeekState) -> int:
    """The score the greedy player reaches from ``state`` (it never needs ``rng``)."""
    greedy, rng = GreedyPlayer(), random.Random(0)
    for _ in range(2_000):
        if GAME.outcome(state) is not None:
            break
        state = GAME._apply(state, 0, greedy.choose(state, 0, rng)).state
    return sum(len(pile) for pile in state.foundations)


class HardPlayer:
    """The best fair player, the one behind :func:`hint`: it decides from ``GAME.view_for`` only.

    In the one-card game every play is safe, so the one choice that matters is the suit order (RULES.md
    §2.8 A8, "choose your suit order wisely"): when several cards could start the next foundation, it deals
    ``samples`` stocks consistent with what it sees, lets the greedy player finish from each start, and
    takes the start with the best average score. Otherwise it plays like the greedy player.
    """

    def __init__(self, samples: int = 12) -> None:
        self.samples = samples

    def choose(self, state: PeekState, seat: int, rng: random.Random) -> PeekAction:
        return self.decide(GAME.view_for(state, seat), rng)

    def decide(self, view: PeekView, rng: random.Random) -> PeekAction:
        """The choice from the view alone."""
        actions = view.legal
        plays = [action for action in actions if isinstance(action, Play)]
        if not plays:
            return actions[0]
        safe = [action for action in plays if not action.starts]
        if safe:
            return safe[0]
        if len(plays) == 1:
            return plays[0]
        totals = [0] * len(plays)
        for _ in range(self.samples):
            sample = _sample(view, rng)
            for number, action in enumerate(plays):
                totals[number] += _greedy_score(GAME._apply(sample, 0, action).state)
        return plays[max(range(len(plays)), key=lambda number: (totals[number], -number))]


def hint(state: PeekState) -> tuple[PeekAction, Phrase]:
    """The move the hard player would make from the player's own view, and why."""
    view = GAME.view_for(state, 0)
    action = HardPlayer().decide(view, random.Random(0))
    return action, _reason(view, action)


def _reason(view: PeekView, action: PeekAction) -> Phrase:
    if isinstance(action, Play):
        card = action.card if action.card else Phrase.of("peek.that_card")
        where = place(action.source)
        if action.starts:
            rivals = tuple(
                other.card for other in view.legal if isinstance(other, Play) and other.starts and other != action
            )
            others = tuple(card for card in rivals if card is not None)
            if rivals:
                return Phrase.of(
                    "peek.why.starts_best", card=card, where=where, foundation=action.foundation, others=others
                )
            return Phrase.of("peek.why.starts", card=card, where=where, foundation=action.foundation)
        if action.source != "w":
            below = view.reserves[int(action.source[1:]) - 1][:-1]
            if below:
                return Phrase.of(
                    "peek.why.home_frees", card=card, where=where, foundation=action.foundation, freed=below[-1]
                )
        return Phrase.of("peek.why.home", card=card, where=where, foundation=action.foundation)
    if isinstance(action, Draw):
        return Phrase.of("peek.why.draw")
    assert isinstance(action, Redeal)
    return Phrase.of("peek.why.redeal")


LEVELS: dict[str, Callable[[], Player[PeekState, PeekAction]]] = {
    "easy": EasyPlayer,
    "normal": GreedyPlayer,
    "hard": HardPlayer,
}
"""Players by difficulty; each call makes a fresh player ("hard" gives the hints)."""
