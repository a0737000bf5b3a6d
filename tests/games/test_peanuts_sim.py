"""The hard Peanuts player's fast deal (games.ai.peanuts_sim) against the engine.

- every action carried out both ways leaves the same cards in the same places;
- the greedy player of the fast deal picks among exactly the moves the engine's greedy player picks from,
  and turns the stock or the waste when that one does;
- its rollouts end, and the same seed gives the same winner.
"""

import random

import pytest

from games.ai.peanuts_ai import GreedyPlayer, RandomPlayer
from games.ai.peanuts_sim import Deal, _column_shifts, action_of, card_int
from games.peanuts import GAME, Move, PeanutsState, Recycle, Stuck, Turn


def cards_of(deal: Deal) -> tuple[object, ...]:
    return (deal.columns, deal.peanut, deal.stock, deal.waste, deal.want, deal.piles, deal.played)


def follow(state: PeanutsState, seat: int, action: object) -> PeanutsState:
    """Apply ``action`` to the engine and the same action to the fast deal; both must agree."""
    deal = Deal.of(state)
    after = GAME.apply_action(state, seat, action).state
    fast = action_of(state.players[seat].tableau, action)
    if fast is not None:
        deal.apply(seat, fast)
        assert cards_of(deal) == cards_of(Deal.of(after)), action
        assert (deal.out is not None) == (after.out is not None)
    return after


@pytest.mark.parametrize("turns", [False, True])
def test_every_action_moves_the_same_cards(turns: bool):
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.new_state({"turns": turns}, 2, seed)
        players = [RandomPlayer(), GreedyPlayer()] if seed % 2 else [GreedyPlayer(), GreedyPlayer()]
        for _ in range(400):
            if GAME.outcome(state) is not None:
                break
            seat = GAME.current_seat(state)
            if seat is None:
                seat = rng.randrange(2)
            action = players[seat].choose(state, seat, rng) or Stuck(False)
            if action not in GAME.legal_actions(state, seat):
                action = Stuck(True)
            state = follow(state, seat, action)


def test_the_greedy_player_picks_from_the_same_moves():
    checked = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = GAME.new_state(None, 2, seed)
        greedy = GreedyPlayer()
        while GAME.outcome(state) is None:
            seat = rng.randrange(2)
            action = greedy.choose(state, seat, rng)
            if action is None:
                seat = 1 - seat
                action = greedy.choose(state, seat, rng)
                if action is None:
                    break
            deal = Deal.of(state)
            options = deal.greedy_options(seat)
            tableau = state.players[seat].tableau
            if isinstance(action, Move):
                legal = {action_of(tableau, move) for move in GAME.legal_actions(state, seat)}
                assert action_of(tableau, action) in options
                assert set(options) <= legal
                checked += 1
            else:
                assert options == []
                if isinstance(action, Turn | Recycle):
                    assert deal.fallback(seat) == action_of(tableau, action)
            state = GAME.apply_action(state, seat, action).state
    assert checked > 500


def test_rollouts_end_and_repeat():
    for seed in range(30):
        deal = Deal.of(GAME.new_state({"turns": seed % 3 == 0}, 2, seed))
        first, second = deal.copy(), deal.copy()
        assert first.play_out(random.Random(seed)) == second.play_out(random.Random(seed))
        assert first.out is not None or all(first.stuck)
        assert cards_of(first) == cards_of(second)
        assert sum(map(len, first.peanut)) + sum(first.played) <= 2 * 52


def test_a_deal_that_keeps_its_column_moves_picks_as_a_fresh_one():
    """The column-to-column moves a deal keeps between steps are those of its columns now, and a seat it knows to
    be quiet (nothing in its columns or peanut top it wants) is so: along whole rollouts, each seat's greedy
    options equal those of a copy that works them out afresh."""
    checked = 0
    for seed in range(12):
        deal = Deal.of(GAME.new_state(None, 2, seed))
        rng = random.Random(seed)
        while deal.out is None and not all(deal.stuck) and checked < 20_000:
            for seat in (0, 1):
                fresh = deal.copy()
                fresh.shifts = [None, None]
                fresh.quiet = [-1, -1]
                assert deal.greedy_options(seat) == fresh.greedy_options(seat)
                checked += 1
            seat = rng.randrange(2)
            if not deal.greedy_step(seat, rng):
                deal.greedy_step(1 - seat, rng)
    assert checked > 2_000


def test_a_rollout_counts_its_steps():
    deal = Deal.of(GAME.new_state(None, 2, 5))
    rollout = deal.copy()
    rollout.play_out(random.Random(5))
    assert deal.steps == 0
    assert 0 < rollout.steps <= 3000
    assert rollout.copy().steps == 0


def test_column_moves_are_the_engines():
    """The fast deal's moves from column to column are exactly the engine's, in order of source and target, each
    with the card it uncovers, along random and greedy play."""
    checked = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = GAME.new_state(None, 2, seed)
        players = [RandomPlayer(), GreedyPlayer()]
        for _ in range(300):
            if GAME.outcome(state) is not None:
                break
            for seat in (0, 1):
                tableau = state.players[seat].tableau
                engine = [
                    action_of(tableau, move)
                    for move in GAME.legal_actions(state, seat)
                    if isinstance(move, Move) and move.source[0] == "c" and move.dest[0] == "c"
                ]
                fast = _column_shifts(Deal.of(state).columns[seat])
                assert [move for move, _ in fast] == engine
                for (_, source, count, _), under in fast:
                    column = tableau[source]
                    assert under == (card_int(column[-count - 1]) if count < len(column) else -1)
                checked += len(fast)
            seat = rng.randrange(2)
            action = players[seat].choose(state, seat, rng) or Stuck(False)
            if action not in GAME.legal_actions(state, seat):
                action = Stuck(True)
            state = GAME.apply_action(state, seat, action).state
    assert checked > 200
