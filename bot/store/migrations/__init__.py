"""Numbered SQL migrations, one folder per backend (``sqlite/``, ``postgres/``), numbered the same way:
migration N does the same thing to either database, written in that database's SQL."""

import re
from pathlib import Path

MIGRATIONS = Path(__file__).resolve().parent
MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def migrations(folder: Path) -> list[tuple[int, Path]]:
    """The numbered migration files in order; numbers must run 1, 2, 3… without gaps."""
    found = sorted((int(match[1]), path) for path in folder.iterdir() if (match := MIGRATION_NAME.match(path.name)))
    numbers = [number for number, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise ValueError(f"Migrations in {folder} must be numbered 0001, 0002, … without gaps; found {numbers}.")
    return found
