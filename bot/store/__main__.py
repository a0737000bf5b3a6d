"""``python -m bot.store copy SOURCE TARGET``: move a bot's history from one database to another.

SOURCE and TARGET are URLs, ``sqlite:///data/peapod.db`` or ``postgresql://user:pass@host/db``. The counts
copied are printed and checked against the source; a target that already holds games is refused.
"""

import argparse
import asyncio
import sys
import time

from bot.store import StoreError, open_store
from bot.store.copy import copy, progress_bar


async def _copy(source_url: str, target_url: str) -> int:
    source = await open_store(source_url)
    try:
        target = await open_store(target_url)
        try:
            started = time.perf_counter()
            copied = await copy(source, target, progress_bar())
            took = time.perf_counter() - started
        finally:
            await target.close()
    finally:
        await source.close()
    rows = sum(copied.values())
    for table, number in copied.items():
        print(f"{table:<15} {number:>9,} copied")
    print(f"All {rows:,} rows copied and counted in {took:.1f} s; the counts match the source.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.store", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("copy", help="copy every game, result and setting into an empty database")
    command.add_argument("source", help="e.g. sqlite:///data/peapod.db")
    command.add_argument("target", help="e.g. postgresql://user:pass@host/db")
    arguments = parser.parse_args(argv)
    try:
        return asyncio.run(_copy(arguments.source, arguments.target))
    except StoreError as error:
        print(error, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
