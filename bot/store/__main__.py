"""``python -m bot.store``: move a bot's history from one database to another, or back it up.

- ``copy SOURCE TARGET``: SOURCE and TARGET are URLs, ``sqlite:///data/peapod.db`` or
  ``postgresql://user:pass@host/db``. The counts copied are printed and checked against the source; a
  target that already holds games is refused.
- ``backup TARGET``: a consistent copy of the SQLite database (``--database``, by default the
  ``DATABASE_PATH`` of the environment, as the bot reads it) into the new file TARGET, safe while the
  bot runs. PostgreSQL is backed up with ``pg_dump`` (README, "Backups").
"""

import argparse
import asyncio
import os
import sys
import time

from bot.store import StoreError, open_store, sqlite_path
from bot.store.backup import backup
from bot.store.copy import copy, progress_bar

DEFAULT_DATABASE = "data/peapod.db"
"""Where the bot keeps its SQLite file when ``DATABASE_PATH`` is not set."""


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


def _backup(source_url: str, target_url: str) -> int:
    source, target = sqlite_path(source_url), sqlite_path(target_url)
    if source is None or target is None:
        print(
            "backup copies a SQLite file into another; back PostgreSQL up with pg_dump (README, 'Backups').",
            file=sys.stderr,
        )
        return 2
    started = time.perf_counter()
    copied = backup(source, target)
    took = time.perf_counter() - started
    for table, number in copied.items():
        print(f"{table:<15} {number:>9,} in the backup")
    print(f"{source} backed up into {target} in {took:.1f} s; SQLite finds the copy whole.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.store", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("copy", help="copy every game, result and setting into an empty database")
    command.add_argument("source", help="e.g. sqlite:///data/peapod.db")
    command.add_argument("target", help="e.g. postgresql://user:pass@host/db")
    command = commands.add_parser("backup", help="a consistent copy of a SQLite database, safe while the bot runs")
    command.add_argument("target", help="the new file, e.g. backups/peapod-2026-01-31.db")
    command.add_argument(
        "--database",
        default=os.environ.get("DATABASE_PATH") or DEFAULT_DATABASE,
        help=f"the SQLite database to back up (default: DATABASE_PATH, else {DEFAULT_DATABASE})",
    )
    arguments = parser.parse_args(argv)
    try:
        if arguments.command == "backup":
            return _backup(arguments.database, arguments.target)
        return asyncio.run(_copy(arguments.source, arguments.target))
    except StoreError as error:
        print(error, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
