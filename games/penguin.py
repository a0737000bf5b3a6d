"""Penguin patience (RULES.md §4): data types shared with the renderer and the bot.

The engine is being written; these types are the contract.
"""

from dataclasses import dataclass

from games.base import Outcome
from games.cards import Card

Source = str
"""Where a moved card comes from: "c1".."c7" (column) or "k1".."k7" (flipper cell)."""

Dest = str
"""Where it goes: "f" (its suit's foundation), "c1".."c7" (column) or "k" (the lowest-numbered empty cell)."""


@dataclass(frozen=True, slots=True)
class Move:
    """Move one card, or a same-suit tail of ``count`` cards (column to column only)."""

    source: Source
    dest: Dest
    count: int = 1


@dataclass(frozen=True, slots=True)
class Collect:
    """Move every card that can go to the foundations, repeatedly."""


PenguinAction = Move | Collect


@dataclass(frozen=True, slots=True)
class PenguinView:
    """What the player sees: everything in Penguin is face up."""

    beak: Card
    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...]
    foundations: tuple[tuple[Card, ...], ...]
    moves: int
    score: int
    legal: tuple[PenguinAction, ...]
    outcome: Outcome | None
