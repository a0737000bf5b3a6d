"""A consistent copy of a SQLite database while the bot keeps writing to it (SQLite's online backup).

The copy is made from one read transaction, so it holds every write committed before it began and
none after, even with the bot running (WAL lets the bot write meanwhile). It is written beside the
target and renamed into place only once whole and checked, so a failed backup leaves no half file.
PostgreSQL has its own tool for this (``pg_dump``; README, "Backups").
"""

import os
import sqlite3
from pathlib import Path

from bot.store.copy import TABLES
from bot.store.records import StoreError


def backup(source: str | Path, target: str | Path) -> dict[str, int]:
    """Copy the SQLite database ``source`` into the new file ``target``; return the rows per table copied.

    Raises:
        StoreError: ``source`` is not a peapod database, ``target`` exists, or the copy fails its check.
    """
    source, target = Path(source), Path(target)
    if not source.is_file():
        raise StoreError(f"There is no database at {source}.")
    if target.exists():
        raise StoreError(f"{target} already exists; back up into a new file.")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        reading = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
        try:
            writing = sqlite3.connect(partial)
            try:
                reading.backup(writing)  # every page in one step: one read transaction, one consistent copy
                rows = _checked(writing)
            finally:
                writing.close()
        finally:
            reading.close()
        os.replace(partial, target)
    except sqlite3.Error as error:
        raise StoreError(f"The backup of {source} failed: {error}.") from error
    finally:
        partial.unlink(missing_ok=True)
    return rows


def _checked(db: sqlite3.Connection) -> dict[str, int]:
    """The copy's rows per table, once SQLite finds it whole."""
    (verdict,) = db.execute("PRAGMA integrity_check").fetchone()
    if verdict != "ok":
        raise StoreError(f"The copy is damaged: {verdict}.")
    try:
        return {table.name: int(db.execute(f"SELECT COUNT(*) FROM {table.name}").fetchone()[0]) for table in TABLES}
    except sqlite3.OperationalError as error:
        raise StoreError("The source is not a peapod database (or one older than this peapod).") from error
