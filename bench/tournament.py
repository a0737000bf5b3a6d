"""Tournament pairing and pictures with 64 entrants.

- A Swiss round of 64 (goal: under 50 ms): seven rounds are played with random results (draws too), and
  pairing each is timed, round 1 to 7; the figure is the median and worst over the rounds, repeated.
- An arena re-pairing when one of 64 players frees up (goal: under 5 ms): an arena is played until 400
  games have ended; then, with the other games going, one ends and pairing its two players (with whoever
  was waiting) is timed.
- The standings of 64 (computing them, and the picture) and a 64-player knockout bracket (the picture).
- Dealing 32 matches at once through the bot (discord.py on SimCord): 64 players join a Swiss tournament
  of Peanuts and its host presses Start now; the figure is the time until every board is shown in its
  thread, with the requests each channel took (Discord allows about 5 a channel per 5 seconds; SimCord does
  not hold them back, so the time under Discord's limits is estimated from the busiest channel's count).

Run with ``.venv/bin/python -m bench.tournament``. Prints figures; never fails on time.
"""

import asyncio
import collections
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import discord
import simcord

from bench import bot_settings, custom_ids, sized
from bench.load import _keep_clock
from bot.app import create_bot
from bot.core.tournament import (
    Entrant,
    Format,
    Outcome,
    Result,
    arena_pairings,
    bracket,
    knockout_round,
    standings,
    swiss_round,
)
from bot.store import SqliteStore
from bot.ui.custom_ids import TOURNAMENT_JOIN, TOURNAMENT_START
from render.bracket import BracketMatch, BracketPicture, render_bracket
from render.standings import StandingsRow, StandingsTable, render_standings

ENTRANTS = sized(64, 8)
SWISS_ROUNDS = sized(7, 2)
REPEATS = sized(5)
ARENA_GAMES = sized(400, 20)
ARENA_RUNS = sized(200, 3)
PICTURE_RUNS = sized(50, 2)
MATCHES = sized(32, 2)
CHANNEL_BUDGET = 5 / 5.0
"""Requests a second Discord allows in one channel (5 per 5 seconds)."""
T = TypeVar("T")
PLAYED = (Outcome.FIRST_WON, Outcome.SECOND_WON, Outcome.FIRST_WON, Outcome.SECOND_WON, Outcome.DRAW)


def field(count: int, rng: random.Random) -> list[Entrant]:
    return [Entrant(1000 + i, f"Player {i + 1}", rng.gauss(1500, 200)) for i in range(count)]


def _timed(work: Callable[..., T], *args: Any) -> tuple[float, T]:
    """How long ``work(*args)`` took, in ms, and what it gave."""
    start = time.perf_counter()
    done = work(*args)
    return (time.perf_counter() - start) * 1000, done


def _figures(samples: list[float]) -> str:
    return f"median {statistics.median(samples):6.2f} ms, worst {max(samples):6.2f} ms"


def swiss(entrants: list[Entrant], rng: random.Random) -> list[Result]:
    """Pair and play :data:`SWISS_ROUNDS` rounds, :data:`REPEATS` times; print the pairing times; the results
    of the last run."""
    samples: list[float] = []
    per_round: list[list[float]] = [[] for _ in range(SWISS_ROUNDS)]
    results: list[Result] = []
    for _ in range(REPEATS):
        results = []
        for number in range(SWISS_ROUNDS):
            elapsed, round_ = _timed(swiss_round, entrants, results)
            samples.append(elapsed)
            per_round[number].append(elapsed)
            results += [Result(p.first, p.second, rng.choice(PLAYED)) for p in round_.pairings]
            results += [Result.bye(player) for player in round_.byes]
    print(f"Swiss round of {len(entrants)} entrants (goal: under 50 ms), {REPEATS} runs of {SWISS_ROUNDS} rounds:")
    print(f"  every round: {_figures(samples)}")
    print("  by round:    " + "  ".join(f"{n + 1}: {statistics.median(s):.1f}" for n, s in enumerate(per_round)))
    return results


def arena(entrants: list[Entrant], rng: random.Random) -> None:
    """Play an arena game by game, then time the re-pairing when one player comes free."""
    players = [entrant.player for entrant in entrants]
    results: list[Result] = []
    free = list(players)
    going: list[tuple[int, int]] = []
    while len(results) < ARENA_GAMES:
        going += [(p.first, p.second) for p in arena_pairings(entrants, results, free)]
        free = [player for player in free if all(player not in game for game in going)]
        first, second = going.pop(rng.randrange(len(going)))
        results.append(Result(first, second, rng.choice(PLAYED)))
        free += [first, second]
    going += [(p.first, p.second) for p in arena_pairings(entrants, results, free)]
    busy = {player for game in going for player in game}
    waiting = [player for player in players if player not in busy]
    samples = []
    for _ in range(ARENA_RUNS):
        first, second = rng.choice(going)
        ended = [*results, Result(first, second, rng.choice(PLAYED))]
        elapsed, _ = _timed(arena_pairings, entrants, ended, [*waiting, first, second])
        samples.append(elapsed)
    print(
        f"Arena re-pairing when a game of {len(entrants)} players ends (goal: under 5 ms), after {len(results)} "
        f"games, its two players and {len(waiting)} waiting free: {_figures(samples)}"
    )


def _side(player: int | None, known: bool, name: dict[int, str]) -> str:
    """A bracket side as the picture shows it: blank while not known, "bye" for nobody."""
    if not known:
        return ""
    return "bye" if player is None else name[player]


def _halves(value: float) -> str:
    whole = int(value)
    return (str(whole) if whole or value == whole else "") + ("½" if value != whole else "")


def pictures(entrants: list[Entrant], results: list[Result], rng: random.Random) -> None:
    """Time the standings (computed, then drawn) and a knockout bracket's picture."""
    compute, lines = [], standings(Format.SWISS, entrants, results)
    for _ in range(PICTURE_RUNS):
        elapsed, lines = _timed(standings, Format.SWISS, entrants, results)
        compute.append(elapsed)
    headings = ("#", "Player", "Pts", "Buch", "SB", "Games")
    rows = tuple(
        StandingsRow(
            (
                str(line.rank),
                line.entrant.name,
                _halves(line.points),
                _halves(line.buchholz or 0),
                f"{line.sonneborn_berger or 0:g}",
                str(line.games),
            ),
            lit=line.rank == 1,
        )
        for line in lines
    )
    table = StandingsTable(f"Swiss · after round {SWISS_ROUNDS}", headings, rows)
    drawn = [_timed(render_standings, table) for _ in range(PICTURE_RUNS)]
    print(f"Standings of {len(entrants)} entrants, {PICTURE_RUNS} runs:")
    print(f"  computed: {_figures(compute)}")
    print(f"  picture:  {_figures([t for t, _ in drawn])}, {len(drawn[-1][1]) // 1024} KB")
    knockout: list[Result] = []
    while (step := knockout_round(entrants, knockout))[1].pairings and len(knockout) < len(entrants) - 8:
        decided = {frozenset(result.players) for result in knockout}
        knockout += [
            Result(p.first, p.second, rng.choice(PLAYED[:2]))
            for p in step[1].pairings
            if frozenset((p.first, p.second)) not in decided
        ]
    name = {entrant.player: entrant.name for entrant in entrants}
    shape = tuple(
        tuple(
            BracketMatch(
                _side(match.first, match.first_known, name),
                _side(match.second, match.second_known, name),
                None if match.winner is None else (0 if match.winner == match.first else 1),
            )
            for match in matches
        )
        for matches in bracket(entrants, knockout)
    )
    picture = BracketPicture(
        f"Knockout · {len(entrants)} players", tuple(f"R{n + 1}" for n in range(len(shape))), shape
    )
    drawn = [_timed(render_bracket, picture) for _ in range(PICTURE_RUNS)]
    print(f"  knockout bracket picture: {_figures([t for t, _ in drawn])}, {len(drawn[-1][1]) // 1024} KB")



@dataclass
class SignUp:
    """A Swiss tournament opened in a new server's channel, everyone signed up and not yet started."""

    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    people: list[simcord.MemberActor]
    """The entrants; the first is its host."""
    message: discord.Message
    tournament_id: int
    start: str
    """The custom id of its Start button."""


async def sign_up(env: simcord.Env, game: str, entrants: int, *, rounds: int) -> SignUp:
    """Open a Swiss tournament of ``game`` for ``rounds`` rounds and sign ``entrants`` people up."""
    guild = env.create_guild("bench")
    channel = guild.create_text_channel("tournament")
    people = [guild.add_member(env.create_user(f"player{n}")) for n in range(entrants)]
    await people[0].slash(channel, "tournament new", game=game, format="swiss", rounds=rounds)
    message = channel.last_message
    assert message is not None, "the sign-up is the channel's last message"
    stored = env.backend.get_message(channel.id, message.id)
    join = next(c for c in custom_ids(stored.components) if c.startswith(f"{TOURNAMENT_JOIN}:"))
    start = next(c for c in custom_ids(stored.components) if c.startswith(f"{TOURNAMENT_START}:"))
    for person in people:
        await person.click(message, custom_id=join)
    return SignUp(guild, channel, people, message, int(join.split(":")[1]), start)

async def dealing(database: Path) -> tuple[float, dict[int, int], int]:
    """Open a tournament of ``2 * MATCHES`` players and start it; return the seconds until every board was
    shown in its thread, the requests (messages posted and edited) each channel took, and the tournament's
    channel."""
    store = await SqliteStore.open(database)
    bot = create_bot(bot_settings(database), store, seed_source=lambda: 26)
    requests: collections.Counter[int] = collections.Counter()

    async def on_message(message: discord.Message) -> None:
        if message.author.bot and message.type is discord.MessageType.default:
            requests[message.channel.id] += 1

    async def on_raw_message_edit(payload: discord.RawMessageUpdateEvent) -> None:
        requests[payload.channel_id] += 1

    bot.add_listener(on_message)
    bot.add_listener(on_raw_message_edit)
    try:
        async with simcord.run(bot, settle_timeout=300) as env:
            signed = await sign_up(env, "peanuts", 2 * MATCHES, rounds=1)
            guild, channel, people, message = signed.guild, signed.channel, signed.people, signed.message
            tournament_id, start = signed.tournament_id, signed.start
            stop = asyncio.Event()
            clock = asyncio.create_task(_keep_clock(env, stop))
            requests.clear()
            began = time.perf_counter()
            await people[0].click(message, custom_id=start)
            while True:
                view = await bot.service.tournament(tournament_id, guild.id)
                tables = [await bot.service.table(p.game_id) for p in view.current() if p.game_id is not None]
                if len(tables) == MATCHES and all(table.in_thread for table in tables):
                    break
                await asyncio.sleep(0.005)
            shown = time.perf_counter() - began
            await bot.presenter.idle()
            stop.set()
            await clock
            return shown, dict(requests), channel.id
    finally:
        await store.close()


def deal_matches() -> None:
    """Time dealing :data:`MATCHES` matches at once, and say what Discord's limits would make of it."""
    with tempfile.TemporaryDirectory() as folder:
        shown, requests, channel_id = asyncio.run(dealing(Path(folder) / "tournament.db"))
    threads = [count for channel, count in requests.items() if channel != channel_id]
    in_channel = requests.get(channel_id, 0)
    print(f"Dealing {MATCHES} matches at once through the bot (SimCord, no rate limits held):")
    print(f"  every board shown in its thread after {shown * 1000:.0f} ms")
    print(
        f"  requests: {in_channel} in the tournament's channel (each match's first message, the standings, the "
        f"news); {max(threads, default=0)} at most in one thread ({len(threads)} threads, each its own budget)"
    )
    print(f"  under Discord's 5 per 5 s a channel: the channel's share takes about {in_channel / CHANNEL_BUDGET:.0f} s")


def main() -> None:
    """Print the pairing times, the pictures' times and sizes, and the time to deal a round through the bot."""
    rng = random.Random(26)
    entrants = field(ENTRANTS, rng)
    results = swiss(entrants, rng)
    arena(entrants, rng)
    pictures(entrants, results, rng)
    deal_matches()


if __name__ == "__main__":
    main()
