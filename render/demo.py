"""Sample pictures: ``python -m render.demo OUTDIR`` writes tables of every game with a picture, a card sheet,
and the tournament pictures (made-up standings, a knockout bracket under way and a decided one).

The Penguin positions come from the engine and its solver (a deal, the busiest position on a solved
line, the won end of that line, a resigned one, the busy one with a card picked), plus made-up
views with very long columns (the tallest the rules allow, and a longer one) and a sheet of every
compact sprite, so the look can be judged without starting the bot. Peek and Triple Peaks show a
deal and a position some way into a game played by their greedy players. The benchmark uses these
views.
"""

import random
import sys
from dataclasses import replace
from pathlib import Path

from PIL import Image

from games import pebbles, peek, triplepeaks
from games.ai import Player, pebbles_ai, peek_ai, triplepeaks_ai
from games.ai.penguin_solver import solve
from games.base import Game
from games.cards import DECK, Card, Rank, Suit, standard_deck
from games.penguin import GAME, Move, PenguinState, PenguinView
from render import cards, penguin, render_table
from render import pebbles as pebbles_render
from render.bracket import BracketMatch, BracketPicture, render_bracket
from render.standings import StandingsRow, StandingsTable, render_standings

DEAL_SEED = 7
SOLVED_SEED = 3
"""A deal the solver wins quickly, with a long built column on the way."""


def deal_view(seed: int = DEAL_SEED) -> PenguinView:
    """A fresh deal, as the bot first shows it."""
    return GAME.view_for(GAME.new_state(None, 1, seed), 0)


def _solved_line(seed: int = SOLVED_SEED) -> list[PenguinState]:
    """Every position along the solver's winning line for ``seed`` (just the deal if it finds none)."""
    state = GAME.new_state(None, 1, seed)
    line = [state]
    for action in solve(state) or ():
        state = GAME.apply_action(state, 0, action).state
        line.append(state)
    return line


def _busyness(state: PenguinState) -> int:
    return max(len(column) for column in state.columns) + sum(card is not None for card in state.cells)


def midgame_view(seed: int = SOLVED_SEED) -> PenguinView:
    """The busiest position (longest column plus filled cells) on a winning line."""
    return GAME.view_for(max(_solved_line(seed), key=_busyness), 0)


def won_view(seed: int = SOLVED_SEED) -> PenguinView:
    """The end of a winning line: 52 cards home."""
    return GAME.view_for(_solved_line(seed)[-1], 0)


def resigned_view(seed: int = DEAL_SEED) -> PenguinView:
    """A deal the player resigned after a few moves."""
    state = GAME.new_state(None, 1, seed)
    for _ in range(3):
        state = GAME.apply_action(state, 0, GAME.legal_actions(state, 0)[-1]).state
    return GAME.view_for(GAME.resign(state, 0).state, 0)


def crowded_view() -> PenguinView:
    """Not a reachable position: 100 cards from two decks, 13 per column, full cells and foundations.

    It checks that very long columns still fit and gives the benchmark a worst case.
    """
    two_decks = standard_deck(0) + standard_deck(1)
    columns = tuple(two_decks[13 * index : 13 * index + 13] for index in range(7))
    cells = two_decks[91:98]
    foundations = tuple((card,) for card in (DECK[12], DECK[25], DECK[38], DECK[51]))
    return PenguinView(
        beak=DECK[0],
        columns=columns,
        cells=cells,
        foundations=foundations,
        moves=999,
        score=4,
        legal=(),
        outcome=None,
    )


def longest_column_view() -> PenguinView:
    """The tallest column the rules allow: seven dealt cards, the top one ranked just below the beak
    (n = 12), and the eleven cards n = 11 … 1 of its suit built on it; 18 cards, the tallest picture.

    The other columns are a deal's, so a card may show twice: only the shape matters here.
    """
    deal = GAME.view_for(GAME.new_state(None, 1, DEAL_SEED), 0)
    run = tuple(Card(Rank(rank), Suit.HEARTS) for rank in range(13, 1, -1))
    dealt = tuple(Card(Rank(rank), Suit.CLUBS) for rank in range(2, 8))
    return replace(deal, beak=Card(Rank.ACE, Suit.SPADES), columns=(dealt + run,) + deal.columns[1:], legal=())


def long_column_view() -> PenguinView:
    """One column holding 26 cards, to show how a column beyond 17 cards fans tighter."""
    deal = GAME.view_for(GAME.new_state(None, 1, DEAL_SEED), 0)
    long_column = deal.columns[0] + deal.columns[1] + deal.columns[2] + deal.columns[3][:5]
    columns = (long_column, (), ()) + deal.columns[3:]
    return replace(deal, columns=columns, legal=())


def _greedy_views(game: Game, player: Player, moves: int, seed: int) -> dict[str, object]:
    """A one-player deal, and the position after ``moves`` moves of ``player``."""
    state = game.new_state(None, 1, seed)
    deal = game.view_for(state, 0)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        state = game.apply_action(state, 0, player.choose(state, 0, rng)).state
    return {f"{game.key}-deal": deal, f"{game.key}-midgame": game.view_for(state, 0)}


def peek_views(seed: int = DEAL_SEED) -> dict[str, object]:
    """A Peek deal, and the position after 40 greedy moves."""
    return _greedy_views(peek.GAME, peek_ai.GreedyPlayer(), 40, seed)


def triplepeaks_views(seed: int = DEAL_SEED) -> dict[str, object]:
    """A Triple Peaks deal, and the position after 18 greedy moves."""
    return _greedy_views(triplepeaks.GAME, triplepeaks_ai.GreedyPlayer(), 18, seed)


def _pebbles_line(seats: int, options: dict | None, seed: int) -> list[pebbles.PebblesState]:
    """Every position of a Pebbles and Nuts game of greedy players."""
    game, player, rng = pebbles.GAME, pebbles_ai.GreedyPlayer(), random.Random(seed)
    line = [game.new_state(options, seats, seed)]
    while (seat := game.current_seat(line[-1])) is not None:
        line.append(game.apply_action(line[-1], seat, player.choose(line[-1], seat, rng)).state)
    return line


def _melded(state: pebbles.PebblesState) -> tuple[int, int]:
    return sum(len(pebbles.face_up(state, seat)) for seat in range(state.seats)), len(state.trick)


def pebbles_views(seed: int = DEAL_SEED) -> dict[str, pebbles.PebblesView]:
    """Public Pebbles and Nuts tables of greedy games: the position with the most melded cards for 2, 3 and
    4 players (two decks), a new deal showing the last one's scores, and the end of the 4-player game."""
    views = {}
    for name, seats, options in (("2p", 2, None), ("3p", 3, None), ("4p-2-decks", 4, {"decks": 2})):
        line = _pebbles_line(seats, options, seed)
        views[f"pebbles-{name}"] = pebbles.GAME.view_for(max(line, key=_melded), None)
    scored = next(state for state in line if state.history and not state.trick and not state.last_trick)
    views["pebbles-deal-scored"] = pebbles.GAME.view_for(scored, None)
    views["pebbles-over"] = pebbles.GAME.view_for(line[-1], None)
    return views


def pebbles_hand_view(seed: int = DEAL_SEED) -> tuple[pebbles.PebblesView, tuple[Card, ...]]:
    """The first 7-card hand with melded cards that must follow suit in a greedy 4-player two-deck game, and
    the cards it may play."""
    for state in _pebbles_line(4, {"decks": 2}, seed):
        seat = pebbles.GAME.current_seat(state)
        if seat is None:
            break
        view = pebbles.GAME.view_for(state, seat)
        plays = tuple(action.card for action in view.legal if isinstance(action, pebbles.Play))
        if state.trick and view.melded[seat] and len(view.hand) == 7 and len(plays) < 7:
            return view, plays
    raise AssertionError("no such hand in this game")


def picked_penguin(view: PenguinView) -> bytes:
    """``view``'s picture as the player sees it after picking the first movable card in the menu:
    that card (or tail) and every place it may go are outlined."""
    move = next(action for action in view.legal if isinstance(action, Move))
    picked = move.source + (f":{move.count}" if move.count > 1 else "")
    targets = [
        action.dest
        for action in view.legal
        if isinstance(action, Move) and action.source == move.source and action.count == move.count
    ]
    return penguin.render(view, picked=picked, targets=targets)


def card_sheet(look: cards.Look = cards.COMPACT) -> Image.Image:
    """Every face, both backs, and the empty-place sprites on the felt, in ``look``."""
    step_x, step_y = look.width + 12, look.height + 12
    sheet = Image.new("P", (12 + 13 * step_x, 12 + 5 * step_y), cards.index_of(cards.FELT))
    sheet.putpalette(cards.FLAT_PALETTE)
    for card in DECK:
        sheet.paste(cards.face(card, look=look), (12 + (card.rank - 1) * step_x, 12 + card.suit * step_y))
    extras = [cards.back(0, look=look), cards.back(1, look=look), cards.slot(look=look)]
    extras.append(cards.slot("7", Suit.HEARTS, look=look))
    extras.append(cards.slot("7", Suit.SPADES, marked=True, look=look))
    extras.append(cards.face(DECK[6], marked=True, look=look))
    extras.append(cards.face(DECK[9], show_deck=True, look=look))
    extras.append(cards.face(DECK[22], look=look, highlight=True))
    extras.append(cards.slot("K", look=look, highlight=True))
    for index, sprite in enumerate(extras):
        sheet.paste(sprite, (12 + index * step_x, 12 + 4 * step_y))
    return sheet


PLAYERS = (
    "Alice",
    "Bob",
    "Carol",
    "Dmitri Alexandrovich Karamazov",
    "Eve",
    "Frank",
    "Grace Hopper",
    "Heinrich",
    "Ida",
    "Jun",
    "Kwame",
    "Lena",
)
"""Made-up entrants for the tournament pictures, one with a name too long for any column."""


def _halves(value: int) -> str:
    """Half points as people write them: 3½, ½, 0."""
    whole, half = divmod(value, 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def standings_table(rows: int = 12, seed: int = DEAL_SEED) -> StandingsTable:
    """Made-up Swiss standings after five rounds (not from a real pairing: only the look matters here);
    the leader's row is lit."""
    rng = random.Random(seed)
    lines = sorted(((rng.randint(0, 10), rng.randint(10, 36), rng.randint(0, 60)) for _ in range(rows)), reverse=True)
    table = []
    for index, (points, buchholz, berger) in enumerate(lines):
        name = PLAYERS[index % len(PLAYERS)] + (f" {index + 1}" if index >= len(PLAYERS) else "")
        cells = (str(index + 1), name, _halves(points), _halves(buchholz), _halves(berger), "5")
        table.append(StandingsRow(cells, lit=index == 0))
    return StandingsTable("Swiss · after round 5 of 5", ("#", "Player", "Pts", "Buch", "SB", "Games"), tuple(table))


def bracket_picture(players: int = 12, played: int = 2, seed: int = DEAL_SEED) -> BracketPicture:
    """A made-up knockout of ``players`` (byes to the top seeds) with its first ``played`` rounds decided,
    winners drawn at random; later sides are blank (not known yet)."""
    rng = random.Random(seed)
    size = 1 << (players - 1).bit_length()
    order = [1]
    while len(order) < size:
        order = [seed for top in order for seed in (top, 2 * len(order) + 1 - top)]
    sides = [PLAYERS[(s - 1) % len(PLAYERS)] if s <= players else "bye" for s in order]
    rounds: list[tuple[BracketMatch, ...]] = []
    while len(sides) > 1:
        matches = []
        for top, bottom in zip(sides[::2], sides[1::2]):
            winner = None
            if top and bottom and len(rounds) < played:
                winner = 0 if bottom == "bye" else rng.randint(0, 1)
            matches.append(BracketMatch(top, bottom, winner))
        rounds.append(tuple(matches))
        sides = [(match.top, match.bottom)[match.winner] if match.winner is not None else "" for match in matches]
    names = {1: "Final", 2: "Semi-finals", 4: "Quarter-finals"}
    headings = tuple(names.get(len(matches), f"Round {number + 1}") for number, matches in enumerate(rounds))
    return BracketPicture(f"Knockout · {players} players", headings, tuple(rounds))


def main(argv: list[str] | None = None) -> None:
    """Write the sample pictures into the folder named on the command line."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        raise SystemExit("usage: python -m render.demo OUTDIR")
    folder = Path(args[0])
    folder.mkdir(parents=True, exist_ok=True)
    views: dict[str, object] = {
        "penguin-deal": deal_view(),
        "penguin-midgame": midgame_view(),
        "penguin-won": won_view(),
        "penguin-resigned": resigned_view(),
        "penguin-18-card-column": longest_column_view(),
        "penguin-long-column": long_column_view(),
        "penguin-100-cards": crowded_view(),
    }
    views.update(peek_views())
    views.update(triplepeaks_views())
    for name, view in views.items():
        (folder / f"{name}.png").write_bytes(render_table(name.split("-")[0], view))
    (folder / "penguin-picked.png").write_bytes(picked_penguin(midgame_view()))
    tables = pebbles_views()
    for name, view in tables.items():
        (folder / f"{name}.png").write_bytes(pebbles_render.render_table(view))
    hand, plays = pebbles_hand_view()
    (folder / "pebbles-hand.png").write_bytes(pebbles_render.render_hand(hand, playable=plays))
    (folder / "cards.png").write_bytes(cards.png_bytes(card_sheet()))
    (folder / "tournament-standings.png").write_bytes(render_standings(standings_table()))
    (folder / "tournament-bracket.png").write_bytes(render_bracket(bracket_picture()))
    (folder / "tournament-bracket-decided.png").write_bytes(render_bracket(bracket_picture(8, played=3)))
    print(f"Wrote {len(views) + len(tables) + 6} pictures to {folder}/")


if __name__ == "__main__":
    main()
