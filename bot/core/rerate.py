"""Rebuild every skill rating from the finished games: to change the rating model (or its settings)
later without losing the history. ``python -m bot.core.rerate DATABASE_URL``, with the bot stopped.

The games are rated again in the order they ended, exactly as when each ended (:func:`bot.core.skill.rate`),
so a database rerated with the same model ends with the same ratings.
"""

import argparse
import asyncio
import sys
import time
from collections.abc import Mapping
from typing import Any

from bot.core import skill
from bot.core.tables import counts_on_scoreboard
from bot.store import Store, StoreError, open_store
from games import GAMES
from games.base import Game


async def rerate(store: Store, games: Mapping[str, Game[Any]]) -> int:
    """Forget every rating, then rate every finished rated game again in the order they ended; returns
    how many games were rated."""
    await store.clear_ratings()
    rated = 0
    for game_id in await store.finished_in_order([key for key, game in games.items() if game.rated]):
        record = await store.load_game(game_id)
        if record is None:
            continue
        game = games[record.kind]
        outcome = game.outcome(game.from_dict(record.state))
        counted = counts_on_scoreboard(game, record)
        if outcome is not None and await skill.rate(
            store, game, record, outcome, counted=counted, at=record.updated_at
        ):
            rated += 1
    return rated


async def _main(url: str) -> int:
    store = await open_store(url)
    try:
        started = time.perf_counter()
        rated = await rerate(store, GAMES)
    finally:
        await store.close()
    print(f"{rated:,} games rated again in {time.perf_counter() - started:.1f} s.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.core.rerate", description=__doc__.split("\n\n")[0])
    parser.add_argument("database", help="e.g. sqlite:///data/peapod.db or postgresql://user:pass@host/db")
    arguments = parser.parse_args(argv)
    try:
        return asyncio.run(_main(arguments.database))
    except StoreError as error:
        print(error, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
