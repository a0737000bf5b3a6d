"""The difficulty levels of games/ai (issue 17): ``LEVELS`` of every game with AI players.

- each ``LEVELS`` has exactly the keys "easy", "normal", "hard", and "normal" is the greedy player;
- every level answers only with legal actions across random playouts;
- every level decides from its seat's view alone: a second state that differs only in cards the seat
  cannot see (the other hands, the draw pile, face-down stock, peanut and tableau cards, shuffled among
  themselves) gets the same choice from the same random seed; the Pebbles hard player, which remembers
  the tricks it has watched, does so along a whole deal;
- the patience hints name the hard player's move with a sentence.
"""

import random
from collections.abc import Callable
from dataclasses import replace
from types import ModuleType
from typing import Any

import pytest

from games import peanuts, pebbles, peek, triplepeaks
from games.ai import peanuts_ai, pebbles_ai, peek_ai, triplepeaks_ai
from games.base import Game
from games.cards import Card
from games.pebbles import PebblesState, face_up, sort_key
from games.phrases import Phrase

AI_MODULES = [(peek, peek_ai), (triplepeaks, triplepeaks_ai), (pebbles, pebbles_ai), (peanuts, peanuts_ai)]
LEVEL_NAMES = ["easy", "normal", "hard"]
IDS = [module.__name__.split(".")[-1] for module, _ in AI_MODULES]


def fast(ai: ModuleType, level: str) -> Any:
    """A fresh player of ``level``; the search players with a small budget, so the tests stay quick."""
    if level == "hard" and ai is pebbles_ai:
        return pebbles_ai.HardPlayer(rollouts=24)
    if level == "hard" and ai is peanuts_ai:
        return peanuts_ai.HardPlayer(rollouts=6)
    if level == "hard" and ai in (peek_ai, triplepeaks_ai):
        return ai.HardPlayer(samples=3)
    return ai.LEVELS[level]()


@pytest.mark.parametrize(("game_module", "ai"), AI_MODULES, ids=IDS)
def test_levels_are_exactly_easy_normal_hard(game_module: ModuleType, ai: ModuleType):
    assert list(ai.LEVELS) == LEVEL_NAMES
    assert ai.LEVELS["normal"] is ai.GreedyPlayer
    for make in ai.LEVELS.values():
        assert callable(make().choose)


# --- legal actions across random playouts ---------------------------------------------------------------------------


def run(game: Game[Any], state: Any, players: list[Any], rng: random.Random, limit: int) -> Any:
    """Let the players act (Peanuts: a random seat that does not wait) for ``limit`` actions at most, checking
    that every answer is legal; returns the last state."""
    for _ in range(limit):
        if game.outcome(state) is not None:
            break
        turn = game.current_seat(state)
        seats = [turn] if turn is not None else rng.sample(range(len(players)), len(players))
        for seat in seats:
            action = players[seat].choose(state, seat, rng)
            if action is None:
                assert game is peanuts.GAME
                continue
            assert action in game.legal_actions(state, seat), (game.key, action)
            state = game.apply_action(state, seat, action).state
            break
        else:
            break
    return state


PLAYOUTS: list[tuple[ModuleType, ModuleType, int, dict[str, Any], int]] = [
    (peek, peek_ai, 1, {}, 400),
    (peek, peek_ai, 1, {"three_card": True}, 150),
    (triplepeaks, triplepeaks_ai, 1, {}, 80),
    (pebbles, pebbles_ai, 2, {}, 60),
    (pebbles, pebbles_ai, 3, {}, 60),
    (pebbles, pebbles_ai, 4, {}, 60),
    (pebbles, pebbles_ai, 4, {"decks": 2, "either_partner_declares": True}, 90),
    (peanuts, peanuts_ai, 2, {}, 400),
    (peanuts, peanuts_ai, 2, {"turns": True}, 200),
]


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize(
    ("game_module", "ai", "seats", "options", "limit"),
    PLAYOUTS,
    ids=[
        f"{module.__name__.split('.')[-1]}-{seats}-{'-'.join(options) or 'default'}"
        for module, _, seats, options, _ in PLAYOUTS
    ],
)
def test_every_level_plays_legal_actions(
    game_module: ModuleType, ai: ModuleType, seats: int, options: dict[str, Any], limit: int, level: str
):
    """Each level against the greedy player (every seat of it in the patiences), from a few deals."""
    game = game_module.GAME
    for seed in range(2):
        rng = random.Random(seed)
        players = [fast(ai, level) if seat % 2 == seed % 2 else ai.GreedyPlayer() for seat in range(seats)]
        if seats == 1:
            players = [fast(ai, level)]
        run(game, game.new_state(options, seats, seed), players, rng, limit)


def test_pebbles_levels_finish_a_whole_game():
    """A whole game, several deals, with the three levels and a random seat: the memory of the hard player
    starts again with each deal."""
    players = [fast(pebbles_ai, "hard"), pebbles_ai.EasyPlayer(), fast(pebbles_ai, "hard"), pebbles_ai.GreedyPlayer()]
    final = run(pebbles.GAME, pebbles.GAME.new_state(None, 4, 3), players, random.Random(3), 2_000)
    assert pebbles.GAME.outcome(final) is not None


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_peanuts_levels_finish_their_deals(level: str):
    for seed in range(3):
        players = [fast(peanuts_ai, level), peanuts_ai.GreedyPlayer()][:: 1 if seed % 2 else -1]
        final, _ = peanuts_ai.play_out(peanuts.GAME.new_state(None, 2, seed), players, random.Random(seed), 5_000)
        assert peanuts.GAME.outcome(final) is not None


# --- the same view gives the same choice ----------------------------------------------------------------------------


def shuffle_hidden_pebbles(state: PebblesState, seat: int, rng: random.Random) -> PebblesState:
    """The other seats' concealed cards and the draw pile dealt again among themselves (same counts)."""
    concealed = [
        [card for card in state.hands[other] if card not in face_up(state, other)] for other in range(state.seats)
    ]
    pool = [card for other in range(state.seats) if other != seat for card in concealed[other]] + list(state.pile)
    rng.shuffle(pool)
    hands = list(state.hands)
    for other in range(state.seats):
        if other != seat:
            count = len(concealed[other])
            taken, pool = pool[:count], pool[count:]
            hands[other] = tuple(sorted(face_up(state, other) + tuple(taken), key=sort_key))
    drawn = tuple(card if other == seat else None for other, card in enumerate(state.drawn))
    return replace(state, hands=tuple(hands), pile=tuple(pool), drawn=drawn)


def shuffle_hidden_peanuts(state: peanuts.PeanutsState, seat: int, rng: random.Random) -> peanuts.PeanutsState:
    """Each player's face-down cards (peanut pile under its top, stock, covered waste) dealt again among
    themselves, the other player's and the seat's own alike."""
    players = []
    for layout in state.players:
        shown = max(layout.fan, 1) if layout.waste else 0
        hidden_peanut, covered = layout.peanut[:-1], layout.waste[: len(layout.waste) - shown]
        pool = list(hidden_peanut) + list(layout.stock) + list(covered)
        rng.shuffle(pool)
        peanut = tuple(pool[: len(hidden_peanut)]) + layout.peanut[-1:]
        pool = pool[len(hidden_peanut) :]
        stock, waste = tuple(pool[: len(layout.stock)]), tuple(pool[len(layout.stock) :])
        players.append(replace(layout, peanut=peanut, stock=stock, waste=waste + layout.waste[len(covered) :]))
    return replace(state, players=tuple(players))


def shuffle_hidden_peek(state: peek.PeekState, seat: int, rng: random.Random) -> peek.PeekState:
    shown = 3 if state.three_card else 1
    covered = state.waste[: max(len(state.waste) - shown, 0)]
    pool = list(state.stock) + list(covered)
    rng.shuffle(pool)
    stock = tuple(pool[: len(state.stock)])
    return replace(state, stock=stock, waste=tuple(pool[len(state.stock) :]) + state.waste[len(covered) :])


def shuffle_hidden_triplepeaks(
    state: triplepeaks.TriplePeaksState, seat: int, rng: random.Random
) -> triplepeaks.TriplePeaksState:
    """The face-down tableau cards, the stock and the set-aside waste dealt again among themselves."""
    down = [
        slot
        for slot, card in enumerate(state.tableau)
        if card is not None and not triplepeaks.is_face_up(state.tableau, slot)
    ]
    aside = len(state.waste) - state.run - 1
    pool = [state.tableau[slot] for slot in down] + list(state.stock) + list(state.waste[:aside])
    rng.shuffle(pool)
    tableau = list(state.tableau)
    for slot in down:
        tableau[slot] = pool.pop()
    stock = tuple(pool[: len(state.stock)])
    waste = tuple(pool[len(state.stock) :]) + state.waste[aside:]
    return replace(state, tableau=tuple(tableau), stock=stock, waste=waste)  # type: ignore[arg-type]


SHUFFLES: dict[str, Callable[[Any, int, random.Random], Any]] = {
    "pebbles": shuffle_hidden_pebbles,
    "peanuts": shuffle_hidden_peanuts,
    "peek": shuffle_hidden_peek,
    "triplepeaks": shuffle_hidden_triplepeaks,
}


def positions(game: Game[Any], ai: ModuleType, seats: int, options: dict[str, Any], count: int) -> list[Any]:
    """``count`` running positions from greedy games, taken every few moves."""
    found: list[Any] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        state = game.new_state(options, seats, seed)
        players = [ai.GreedyPlayer() for _ in range(seats)]
        for step in range(300):
            if game.outcome(state) is not None or len(found) >= count:
                break
            if step % 7 == 3:
                found.append(state)
            state = run(game, state, players, rng, 1)
        seed += 1
    return found


SAME_VIEW: list[tuple[ModuleType, ModuleType, int, dict[str, Any]]] = [
    (peek, peek_ai, 1, {}),
    (peek, peek_ai, 1, {"three_card": True}),
    (triplepeaks, triplepeaks_ai, 1, {}),
    (pebbles, pebbles_ai, 2, {}),
    (pebbles, pebbles_ai, 3, {}),
    (pebbles, pebbles_ai, 4, {"decks": 2, "either_partner_declares": True}),
    (peanuts, peanuts_ai, 2, {}),
]


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize(
    ("game_module", "ai", "seats", "options"),
    SAME_VIEW,
    ids=[
        f"{module.__name__.split('.')[-1]}-{seats}-{'-'.join(options) or 'default'}"
        for module, _, seats, options in SAME_VIEW
    ],
)
def test_same_view_same_choice(
    game_module: ModuleType, ai: ModuleType, seats: int, options: dict[str, Any], level: str
):
    """Positions that look the same from the seat (same ``view_for``) get the same choice from the same seed,
    although the cards the seat cannot see lie elsewhere; the shuffles do move hidden cards."""
    game = game_module.GAME
    moved = 0
    for number, state in enumerate(positions(game, ai, seats, options, 12)):
        turn = game.current_seat(state)
        seat = turn if turn is not None else number % seats
        other = look_alike(game, state, seat, random.Random(number))
        if other is None:
            continue
        moved += 1
        first = fast(ai, level).choose(state, seat, random.Random(number))
        second = fast(ai, level).choose(other, seat, random.Random(number))
        assert first == second
    assert moved >= 6


def look_alike(game: Game[Any], state: Any, seat: int, rng: random.Random) -> Any:
    """A state with the hidden cards shuffled that the seat's view cannot tell from ``state``, or None. (Peek's
    three-card game tells in its view whether the game is lost, which depends on the stock's order, so not
    every shuffle looks alike there.)"""
    for _ in range(20):
        other = SHUFFLES[game.key](state, seat, rng)
        if game.to_dict(other) != game.to_dict(state) and game.view_for(other, seat) == game.view_for(state, seat):
            return other
    return None


@pytest.mark.parametrize(("seats", "options"), [(2, {}), (3, {}), (4, {"either_partner_declares": True})])
def test_pebbles_hard_remembers_only_what_it_saw(seats: int, options: dict[str, Any]):
    """Along a whole deal, one hard player is shown the real positions and another the same positions with
    the hidden cards shuffled anew each time; they remember the same tricks and choose alike throughout."""
    game = pebbles.GAME
    for seed in range(2):
        state = game.new_state(options, seats, seed)
        real, shown = pebbles_ai.HardPlayer(rollouts=24), pebbles_ai.HardPlayer(rollouts=24)
        others = pebbles_ai.GreedyPlayer()
        rng = random.Random(seed)
        decisions = 0
        while state.deal_no == 0 and (turn := game.current_seat(state)) is not None:
            if turn == 0:
                other = shuffle_hidden_pebbles(state, 0, rng)
                first = real.choose(state, 0, random.Random(decisions))
                assert shown.choose(other, 0, random.Random(decisions)) == first
                action = first
                decisions += 1
            else:
                action = others.choose(state, turn, rng)
            state = game.apply_action(state, turn, action).state
        assert decisions >= 8


# --- hints ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_module", "ai"), [(peek, peek_ai), (triplepeaks, triplepeaks_ai)], ids=["peek", "triplepeaks"]
)
def test_hint_is_the_hard_move_with_a_reason(game_module: ModuleType, ai: ModuleType):
    game = game_module.GAME
    for state in positions(game, ai, 1, {}, 4):
        action, reason = ai.hint(state)
        assert action in game.legal_actions(state, 0)
        assert action == ai.HardPlayer().choose(state, 0, random.Random(0))
        assert isinstance(reason, Phrase) and reason.key.startswith(f"{game.key}.why.")
        other = look_alike(game, state, 0, random.Random(1))
        if other is not None:
            assert ai.hint(other) == (action, reason)


def test_triplepeaks_hint_names_the_peak_bonus():
    """A tip that can be played is worth its bonus, and the hint says so."""
    game = triplepeaks.GAME
    for seed in range(200):
        state = game.new_state(None, 1, seed)
        rng = random.Random(seed)
        while game.outcome(state) is None:
            view = game.view_for(state, 0)
            tips = [a for a in view.legal if isinstance(a, triplepeaks.Play) and a.slot in triplepeaks.TIPS]
            if tips and len(view.legal) == 2:
                action, reason = triplepeaks_ai.hint(state)
                if action in tips:
                    assert reason.key.endswith("_tip") and reason.arg("points") >= view.next_points + 15
                    return
            state = game.apply_action(state, 0, triplepeaks_ai.GreedyPlayer().choose(state, 0, rng)).state
    pytest.skip("no position with a lone tip play found")


def test_peanuts_hard_remembers_only_the_turns_it_saw():
    """Along whole deals the hard player remembers the order of both players' stock and waste from the fans it
    was shown: every card it places is one a view showed it, in the place the card really is; once its own
    stock has been turned round it knows all of it."""
    game = peanuts.GAME
    knew_whole_stock = 0
    for seed in range(3):
        state = game.new_state(None, 2, seed)
        hard, greedy = fast(peanuts_ai, "hard"), peanuts_ai.GreedyPlayer()
        rng = random.Random(seed)
        seen: set[Card] = set()
        while game.outcome(state) is None:
            for layout in game.view_for(state, 0).players:
                seen |= set(layout.waste)
            seat = rng.randrange(2)
            player = hard if seat == 0 else greedy
            action = player.choose(state, seat, rng)
            if action is None:
                break
            for watched, layout in enumerate(state.players if seat == 0 else ()):
                real = list(layout.waste) + list(reversed(layout.stock))
                remembered = hard._cycles[0, watched].order
                assert len(remembered) == len(real)
                assert all(card is None or (card in seen and card == true) for card, true in zip(remembered, real))
            if state.players[0].waste and None not in hard._cycles[0, 0].order:
                knew_whole_stock += 1
            state = game.apply_action(state, seat, action).state
    assert knew_whole_stock > 20


def test_peanuts_hard_keeps_to_its_node_budget():
    """The hard player stops playing out imagined deals once its budget of greedy steps is spent (a count, never
    a clock): a capped decision plays out fewer steps than an uncapped one, the same table with the same seed gets
    the same choice from the same count, and a budget it never reaches changes nothing."""
    budget = 1_000
    for state in positions(peanuts.GAME, peanuts_ai, 2, {}, 6):
        free = peanuts_ai.HardPlayer(rollouts=8, budget=None)
        choice = free.choose(state, 0, random.Random(1))
        if free.nodes > 2 * budget:
            break
    else:
        pytest.fail("no position where the hard player thinks long")
    capped = [peanuts_ai.HardPlayer(rollouts=8, budget=budget) for _ in range(2)]
    choices = [player.choose(state, 0, random.Random(1)) for player in capped]
    assert choices[0] == choices[1]
    assert budget <= capped[0].nodes == capped[1].nodes < free.nodes
    roomy = peanuts_ai.HardPlayer(rollouts=8, budget=free.nodes + 1)
    assert roomy.choose(state, 0, random.Random(1)) == choice
    assert roomy.nodes == free.nodes
