"""The AI levels against each other (issue 17): win shares with 95 % intervals and decision times.

For every game with AI players (``games.ai.*.LEVELS``: "easy", "normal", "hard"):

- Pebbles and Nuts: 2 players, level A against level B, each deal played twice with the seats swapped
  (same seed, so the same cards both ways); 4 players, A partners (seats 0+2, then 1+3) against B
  partners; 3 players, one A against two B, A in each seat in turn. Whole games to the target.
- Peanuts: A against B at the same pace (a random seat acts each step, as in ``peanuts_ai.play_out``),
  seats swapped on the same deal; a draw counts half.
- Peek and Triple Peaks (patiences): each level alone on the same deals: share of deals won, mean score.

A decision is one call of ``choose``; its time (mean, 95th percentile, slowest) is measured around the call,
on this process's one core, both on the wall clock and as the CPU time this thread spent in it (``cpu``: what
the call cost on its own, however many others share the machine's cores), and a player that counts its work
(``nodes``: the Peanuts hard player's greedy steps played out) has that printed as well, a figure the machine's
load does not change. The win share's interval is Wilson's score interval at 95 %.

Run with ``.venv/bin/python -m bench.arena`` (``--games N`` to set the games per line, ``--only GAME`` for one
game, ``--jobs N`` to share the Peanuts deals among N processes: its hard level plays out about 12,000 greedy
steps a move on average, 48,000 at the 95th percentile and never much more than its budget of 80,000, so 400 games
take about 20 minutes of one core).
With ``BENCH_TINY=1`` each line plays one or two short games. Prints figures; never fails on a target.
"""

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bench import sized
from games.ai import peanuts_ai, pebbles_ai, peek_ai, triplepeaks_ai
from games.peanuts import GAME as PEANUTS
from games.pebbles import GAME as PEBBLES
from games.peek import GAME as PEEK
from games.triplepeaks import GAME as TRIPLEPEAKS

GAMES = sized(400, 2)
"""Games per line of the tables (rounded up to whole sets of swapped seats)."""
SEED = 17_000


def p95(values: Sequence[float]) -> float:
    """The 95th percentile (nearest rank) of ``values``; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


@dataclass
class Clock:
    """Decision times of one level in one line of a table, and the work of a search player's decisions (its
    ``nodes`` after each: what it cost whatever the machine's load)."""

    samples: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)

    def add(self, other: "Clock") -> None:
        self.samples += other.samples
        self.cpu += other.cpu
        self.nodes += other.nodes

    def mean_ms(self) -> float:
        return 1000 * statistics.fmean(self.samples) if self.samples else 0.0

    def p95_ms(self) -> float:
        return 1000 * p95(self.samples)

    def max_ms(self) -> float:
        return 1000 * max(self.samples, default=0.0)

    def text(self, level: str) -> str:
        text = f"{level} {self.mean_ms():6.1f} ms avg {self.p95_ms():6.1f} p95 {self.max_ms():6.1f} max"
        if self.cpu:
            text += (
                f" (cpu {1000 * statistics.fmean(self.cpu):.1f} avg, {1000 * p95(self.cpu):.1f} p95,"
                f" {1000 * max(self.cpu):.1f} max)"
            )
        if self.nodes:
            text += (
                f" ({statistics.fmean(self.nodes):,.0f} nodes avg, {p95(self.nodes):,.0f} p95, {max(self.nodes):,} max)"
            )
        return text


class Timed:
    """A player whose every ``choose`` is timed into ``clock``."""

    def __init__(self, player: Any, clock: Clock) -> None:
        self.player = player
        self.clock = clock

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        start, start_cpu = time.perf_counter(), time.thread_time()
        action = self.player.choose(state, seat, rng)
        self.clock.samples.append(time.perf_counter() - start)
        self.clock.cpu.append(time.thread_time() - start_cpu)
        nodes = getattr(self.player, "nodes", None)
        if nodes is not None:
            self.clock.nodes.append(nodes)
        return action


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a share of ``wins`` out of ``games`` (draws may count half)."""
    if games == 0:
        return 0.0, 1.0
    share = wins / games
    denominator = 1 + z * z / games
    centre = (share + z * z / (2 * games)) / denominator
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


@dataclass
class Line:
    """One line of a table: level A against level B."""

    title: str
    games: int = 0
    wins: float = 0.0
    clocks: dict[str, Clock] = field(default_factory=dict)

    def clock(self, level: str) -> Clock:
        return self.clocks.setdefault(level, Clock())

    def text(self) -> str:
        low, high = wilson(self.wins, self.games)
        share = self.wins / self.games if self.games else 0.0
        times = "   ".join(clock.text(level) for level, clock in self.clocks.items())
        return f"  {self.title:<34} {self.games:5d}   {share:6.1%} [{low:5.1%}, {high:5.1%}]   {times}"


HEADER = f"  {'A vs B':<34} {'games':>5}   {'A wins [95 % interval]':<24}  decision time per level"


def _pebbles_line(seats: int, first: str, second: str, games: int) -> Line:
    """``first`` (A) against ``second`` (B) at a table of ``seats``; A's seats rotate over the same deals."""
    line = Line(f"Pebbles {seats}p: {first} vs {second}" + (" (partners)" if seats == 4 else ""))
    rotations = 2 if seats in (2, 4) else 3
    deals = max(1, math.ceil(games / rotations))
    for deal in range(deals):
        for rotation in range(rotations):
            mine = {seat for seat in range(seats) if (seat % 2 == rotation if seats == 4 else seat == rotation)}
            players = [
                Timed(
                    pebbles_ai.LEVELS[first if seat in mine else second](),
                    line.clock(first if seat in mine else second),
                )
                for seat in range(seats)
            ]
            state = PEBBLES.new_state(None, seats, SEED + deal)
            final, _ = pebbles_ai.play_out(state, players, random.Random(SEED + 7919 * deal + rotation))
            outcome = PEBBLES.outcome(final)
            assert outcome is not None
            line.games += 1
            line.wins += any(seat in mine for seat in outcome.winners)
    return line


def _peanuts_line(first: str, second: str, games: int, jobs: int = 1) -> Line:
    """``first`` (A) against ``second`` (B), seats swapped on each deal; ``jobs`` processes share the deals."""
    deals = list(range(max(1, math.ceil(games / 2))))
    parts = [deals[job::jobs] for job in range(jobs)]
    if jobs == 1:
        lines = [_peanuts_deals(first, second, deals)]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            lines = list(pool.map(_peanuts_deals, [first] * jobs, [second] * jobs, parts))
    line = Line(f"Peanuts: {first} vs {second} (same pace)")
    for part in lines:
        line.games += part.games
        line.wins += part.wins
        for level, clock in part.clocks.items():
            line.clock(level).add(clock)
    return line


def _peanuts_deals(first: str, second: str, deals: Sequence[int]) -> Line:
    line = Line("")
    for deal in deals:
        for mine in (0, 1):
            levels = [first, second] if mine == 0 else [second, first]
            players = [Timed(peanuts_ai.LEVELS[level](), line.clock(level)) for level in levels]
            state = PEANUTS.new_state(None, 2, SEED + deal)
            final, _ = peanuts_ai.play_out(state, players, random.Random(SEED + 7919 * deal + mine), 20_000)
            outcome = PEANUTS.outcome(final)
            line.games += 1
            if outcome is None or not outcome.winners:
                line.wins += 0.5
            else:
                line.wins += outcome.winners[0] == mine
    return line


def _solo_line(
    name: str, game: Any, levels: dict[str, Callable[[], Any]], level: str, games: int
) -> tuple[Line, float]:
    """One level alone on ``games`` deals: the share won and the mean score."""
    line = Line(f"{name}: {level}")
    scores = []
    clock = line.clock(level)
    for deal in range(max(1, games)):
        player = Timed(levels[level](), clock)
        state = game.new_state(None, 1, SEED + deal)
        rng = random.Random(SEED + deal)
        while game.outcome(state) is None:
            state = game.apply_action(state, 0, player.choose(state, 0, rng)).state
        outcome = game.outcome(state)
        line.games += 1
        line.wins += bool(outcome.winners)
        scores.append(outcome.scores[0])
    return line, statistics.fmean(scores)


def pebbles_table(games: int) -> list[Line]:
    return [
        _pebbles_line(2, "hard", "normal", games),
        _pebbles_line(4, "hard", "normal", games),
        _pebbles_line(3, "hard", "normal", games),
        _pebbles_line(2, "normal", "easy", games),
    ]


def peanuts_table(games: int, jobs: int = 1) -> list[Line]:
    return [_peanuts_line("hard", "normal", games, jobs), _peanuts_line("normal", "easy", games, jobs)]


def _print(title: str, lines: Sequence[Line], extra: Sequence[str] = ()) -> None:
    print(title)
    print(HEADER)
    for number, line in enumerate(lines):
        print(line.text() + (f"   {extra[number]}" if extra else ""))
    print()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.arena", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES, help="games per line (default %(default)s)")
    parser.add_argument("--only", choices=["pebbles", "peanuts", "peek", "triplepeaks"], action="append")
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes sharing the Peanuts deals, one core each (default 1)"
    )
    args = parser.parse_args(argv)
    games, only = args.games, set(args.only or ["pebbles", "peanuts", "peek", "triplepeaks"])
    if "pebbles" in only:
        _print(
            f"Pebbles and Nuts, whole games, {games} per line (A's seats rotate over the same deals)",
            pebbles_table(games),
        )
    if "peanuts" in only:
        _print(
            f"Peanuts, one deal a game, {games} per line (seats swapped on the same deals)",
            peanuts_table(games, max(1, args.jobs)),
        )
    solo_games = max(1, games // 4)
    for key, name, game, module in (
        ("peek", "Peek", PEEK, peek_ai),
        ("triplepeaks", "Triple Peaks", TRIPLEPEAKS, triplepeaks_ai),
    ):
        if key in only:
            results = [_solo_line(name, game, module.LEVELS, level, solo_games) for level in module.LEVELS]
            _print(
                f"{name}, the same {solo_games} deals for each level (A wins = deals won)",
                [line for line, _ in results],
                [f"mean score {score:.1f}" for _, score in results],
            )


if __name__ == "__main__":
    main()
