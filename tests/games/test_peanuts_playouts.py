"""Peanuts playouts: engine invariants after every move (§6.1) and greedy-vs-greedy deals that always end."""

import dataclasses
import json
import random
import statistics
import time
from collections import Counter
from typing import Any

import pytest

from games import peanuts
from games.ai.peanuts_ai import GreedyPlayer, RandomPlayer, play_out
from games.base import EndReason
from games.cards import Card, Rank, standard_deck
from games.errors import IllegalActionError
from games.peanuts import (
    GAME,
    BlockedCheck,
    Move,
    Pass,
    PeanutsState,
    Recycle,
    Stuck,
    Turn,
    public_cards,
    search,
    went_round,
)
from tests.games.test_peanuts import cards_in

greedy, uniform = GreedyPlayer(), RandomPlayer()


def check_conservation(state: PeanutsState) -> None:
    """§6.1: each deck's 52 cards are split among its owner's piles and the building piles; piles are runs."""
    assert len(state.piles) <= 8
    for pile in state.piles:
        assert 1 <= len(pile) <= 13
        assert [(card.suit, card.rank) for card in pile] == [(pile[0].suit, Rank(n)) for n in range(1, len(pile) + 1)]
    for seat, layout in enumerate(state.players):
        cards = [card for column in layout.tableau for card in column]
        cards += list(layout.peanut + layout.stock + layout.waste)
        cards += [card for pile in state.piles for card in pile if card.deck == seat]
        assert len(cards) == 52 and set(cards) == set(standard_deck(seat))
        if GAME.outcome(state) is None:
            assert all(layout.tableau) and layout.peanut


def wrong_actions(state: PeanutsState, seat: int, stale: tuple[Any, ...]) -> list[Any]:
    """Actions the seat may not take now: stale ones, the other seat's, and impossible variants."""
    legal = GAME.legal_actions(state, seat)
    pool = [action for action in stale if action not in legal]
    pool += list(GAME.legal_actions(state, 1 - seat))
    pool += [Turn(), Recycle(), Stuck(True), Stuck(False), Pass()]
    for action in legal:
        if isinstance(action, Move):
            pool.append(Move(action.source, action.card, "c1" if action.source != "c1" else "c2", Card.parse("2C")))
            if action.top is not None:
                pool.append(Move(action.source, action.card, action.dest, Card(Rank.KING, action.top.suit, seat)))
    return [action for action in pool if action not in legal]


def check_step(state: PeanutsState, rng: random.Random, stale: tuple[Any, ...], try_all: bool) -> None:
    check_conservation(state)
    over = GAME.outcome(state) is not None
    turn = GAME.current_seat(state)
    assert turn == (None if over else state.turn)
    public = public_cards(state, 0) | public_cards(state, 1) | {card for pile in state.piles for card in pile}
    hidden = set()
    for layout in state.players:
        hidden |= set(layout.stock + layout.peanut[:-1] + layout.waste[: -max(layout.fan, 1)])
    for viewer in (None, 0, 1):
        seen = set(cards_in(GAME.view_for(state, viewer)))
        assert seen <= public and not seen & hidden
    assert GAME.from_dict(json.loads(json.dumps(GAME.to_dict(state)))) == state
    for seat in (0, 1):
        actions = GAME.legal_actions(state, seat)
        assert bool(actions) == (not over and turn in (None, seat))
        for action in actions if try_all else actions[:1]:
            assert GAME.parse_action(action.code) == action and len(action.code) <= 30
            GAME.apply_action(state, seat, action)
        if actions:
            before = GAME.to_dict(state)
            with pytest.raises(IllegalActionError):
                GAME.apply_action(state, seat, rng.choice(wrong_actions(state, seat, stale)))
            assert GAME.to_dict(state) == before


@pytest.mark.parametrize("first", range(0, 200, 40))
def test_random_playouts_keep_the_invariants(first):
    """Random and greedy play mixed: every invariant after every move, and the log replays to the same state."""
    for seed in range(first, first + 40):
        rng = random.Random(seed)
        options = {"nerts_rescue": seed % 2 == 1, "turns": seed % 5 == 0}
        state = GAME.new_state(options, 2, seed)
        log: list[tuple[int, str]] = []
        stale: tuple[Any, ...] = ()
        greedy_share = (0.0, 0.5, 0.9)[seed % 3]
        for number in range(rng.randint(10, 50)):
            check_step(state, rng, stale, try_all=number % 8 == 0)
            if GAME.outcome(state) is not None:
                break
            seat = rng.randrange(2) if state.turn is None else state.turn
            player = greedy if rng.random() < greedy_share else uniform
            action = player.choose(state, seat, rng) or uniform.choose(state, seat, rng)
            stale = GAME.legal_actions(state, seat)
            state = GAME.apply_action(state, seat, action).state
            log.append((seat, action.code))
        check_step(state, rng, stale, try_all=True)
        assert GAME.replay(options, 2, seed, log) == state
        if rng.random() < 0.2 and GAME.outcome(state) is None:
            assert GAME.outcome(GAME.resign(state, seed % 2).state).reason == EndReason.RESIGNED


@pytest.mark.parametrize("seed", range(16))
def test_whole_greedy_deals_keep_the_invariants_to_the_end(seed):
    """Deals played to their end (one player greedy, the other mostly greedy): invariants, then the replay."""
    rng = random.Random(seed)
    options = {"nerts_rescue": seed % 2 == 0, "turns": seed % 4 == 1}
    state = GAME.new_state(options, 2, seed)
    log: list[tuple[int, str]] = []
    stale: tuple[Any, ...] = ()
    for _ in range(3000):
        check_step(state, rng, stale, try_all=False)
        if GAME.outcome(state) is not None:
            break
        seat = rng.randrange(2) if state.turn is None else state.turn
        player = greedy if seat == 0 or rng.random() < 0.9 else uniform
        action = player.choose(state, seat, rng)
        if action is None:
            action = greedy.choose(state, 1 - seat, rng)
            seat = 1 - seat
        stale = GAME.legal_actions(state, seat)
        state = GAME.apply_action(state, seat, action).state
        log.append((seat, action.code))
    assert GAME.outcome(state) is not None
    check_step(state, rng, stale, try_all=True)
    assert GAME.replay(options, 2, seed, log) == state


def test_search_lines_are_legal_and_reach_the_middle():
    """Every line the blocked check returns is legal step by step and ends where a card can go to the middle."""
    checked = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = GAME.new_state(None, 2, seed)
        for _ in range(60):
            seat = rng.randrange(2)
            result = search(state.players[seat], state.piles)
            if result.line:
                after = state
                for action in result.line:
                    assert action in GAME.legal_actions(after, seat)
                    after = GAME.apply_action(after, seat, action).state
                assert after.out == seat or any(action.dest[0] == "b" for action in _moves(after, seat))
                checked += 1
            state = GAME.apply_action(state, seat, uniform.choose(state, seat, rng)).state
            if GAME.outcome(state) is not None:
                break
    assert checked > 30


def hide_differently(state: PeanutsState, seat: int, rng: random.Random) -> PeanutsState:
    """The same table as ``seat`` sees it, with its stock, covered waste and buried peanut cards shuffled."""
    layout = state.players[seat]
    shown = max(layout.fan, 1) if layout.waste else 0
    stock, covered = list(layout.stock), list(layout.waste[: len(layout.waste) - shown])
    hidden = stock + covered + list(layout.peanut[:-1])
    rng.shuffle(hidden)
    layout = dataclasses.replace(
        layout,
        stock=tuple(hidden[: len(stock)]),
        waste=tuple(hidden[len(stock) : len(stock) + len(covered)]) + layout.waste[len(covered) :],
        peanut=tuple(hidden[len(stock) + len(covered) :]) + layout.peanut[-1:],
    )
    return dataclasses.replace(state, players=state.players[:seat] + (layout,) + state.players[seat + 1 :])


def test_the_greedy_player_decides_from_its_own_view_only():
    """Two deals that look the same to the greedy player's seat (hidden cards in another order) get the same
    choice from the same seed, all along greedy deals."""
    compared = differed = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_state(None, 2, seed)
        while GAME.outcome(state) is None and compared < 150 * (seed + 1):
            seat = rng.randrange(2)
            other = hide_differently(state, seat, rng)
            differed += other != state
            assert GAME.view_for(other, seat) == GAME.view_for(state, seat)
            choice = GreedyPlayer().choose(state, seat, random.Random(compared))
            assert GreedyPlayer().choose(other, seat, random.Random(compared)) == choice
            compared += 1
            action = choice or greedy.choose(state, 1 - seat, rng)
            state = GAME.apply_action(state, seat if choice else 1 - seat, action).state
    assert differed > 300


@pytest.mark.parametrize("seed", range(4))
def test_greedy_players_finish_turn_based_deals(seed):
    """In the turn-based mode the greedy player ends every turn (turning the stock or passing) and deals end."""
    state = GAME.new_state({"turns": True}, 2, seed)
    state, steps = play_out(state, [GreedyPlayer(), GreedyPlayer()], random.Random(seed), max_steps=5000)
    assert GAME.outcome(state) is not None, f"no end after {steps} steps"


def test_greedy_deals_end_even_when_the_blocked_check_proves_nothing(monkeypatch):
    """§1.8 A9: with a blocked check capped at one node, stalled deals still end, by two laps each."""
    monkeypatch.setattr(GAME, "blocked_check", BlockedCheck(1))
    endings: Counter[str] = Counter()
    for seed in range(40):
        state, steps = play_out(GAME.new_state(None, 2, seed), [GreedyPlayer(), GreedyPlayer()], random.Random(seed))
        assert GAME.outcome(state) is not None, f"seed {seed}: no end after {steps} steps"
        endings["two laps" if went_round(state) else "other"] += 1
    assert endings["two laps"] >= 1


@pytest.mark.parametrize("turns", [False, True])
def test_only_actions_declared_as_searching_run_the_stall_search(monkeypatch, turns):
    """A table applies on its event loop every action the game does not declare ``may_search``: across whole
    greedy deals, every action that ran the blocked check was declared, and moves and turns never are."""
    searching = GAME.blocked_check.search
    searched: list[bool] = []

    def counted(*args: Any) -> Any:
        searched.append(True)
        return searching(*args)

    monkeypatch.setattr(GAME.blocked_check, "search", counted)
    declared: Counter[bool] = Counter()
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_state({"turns": turns}, 2, seed)
        for _ in range(3000):
            if GAME.outcome(state) is not None:
                break
            seat = rng.randrange(2) if state.turn is None else state.turn
            action = greedy.choose(state, seat, rng) or greedy.choose(state, 1 - seat, rng)
            if action is None:
                break
            seat = seat if action in GAME.legal_actions(state, seat) else 1 - seat
            searched.clear()
            state = GAME.apply_action(state, seat, action).state
            assert not searched or GAME.may_search(action), action.code
            declared[GAME.may_search(action)] += 1
            if isinstance(action, Move | Turn):
                assert not GAME.may_search(action)
    assert declared[True] and declared[False] > 10 * declared[True]


def _moves(state: PeanutsState, seat: int) -> list[Move]:
    return [action for action in GAME.legal_actions(state, seat) if isinstance(action, Move)]


GREEDY_DEALS = 200


@pytest.mark.slow
def test_greedy_deals_always_end_by_peanuts_or_the_blocked_check(monkeypatch, capsys):
    """Greedy against greedy: every deal ends by "Peanuts!", a true mutual block or two laps each, never by the cap.

    Prints the figures: how each deal ended, the states the engine's blocked checks visited, moves per second.
    """
    visited: list[int] = []

    check = GAME.blocked_check
    original = check.search

    def recording_search(layout: Any, piles: Any) -> peanuts.Search:
        result = original(layout, piles)
        visited.append(result.visited)
        return result

    monkeypatch.setattr(check, "search", recording_search)
    endings: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    steps_total = 0
    started = time.perf_counter()
    for seed in range(GREEDY_DEALS):
        options = {"nerts_rescue": seed % 4 == 3}
        state = GAME.new_state(options, 2, seed)
        state, steps = play_out(state, [greedy, greedy], random.Random(seed), max_steps=5000)
        steps_total += steps
        outcome = GAME.outcome(state)
        assert outcome is not None, f"seed {seed}: no end after {steps} steps"
        endings["peanuts" if state.out is not None else "two laps" if went_round(state) else "blocked"] += 1
        winners[str(outcome.winners)] += 1
        if state.blocked and not went_round(state):
            assert all(search(layout, state.piles).blocked for layout in state.players)
    elapsed = time.perf_counter() - started
    with capsys.disabled():
        print(
            f"\nPeanuts greedy v greedy, {GREEDY_DEALS} deals: endings {dict(endings)}, winners {dict(winners)}; "
            f"blocked checks {len(visited)}, states visited mean {statistics.mean(visited):.1f} max {max(visited)}; "
            f"{steps_total} moves, {steps_total / elapsed:.0f} moves/s"
        )
    assert endings["peanuts"] > GREEDY_DEALS // 2
