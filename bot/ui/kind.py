"""What one game offers in Discord (:class:`KindUI`); the registry of them is :mod:`bot.ui.kinds`."""

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from discord import ui

from bot.core.service import Table
from games.base import Seat


def _nothing_to_pick(table: Table) -> Collection[str]:
    return ()


@dataclass(frozen=True)
class KindUI:
    """One game as Discord offers it."""

    key: str
    help: str
    """The game's paragraph in /help: the rules in short, the commands, the controls."""
    blurb: str
    """The command group's description, e.g. "Penguin, a patience with a beak and flippers"."""
    status: Callable[[Table], str]
    """One line under the title: the state of play."""
    controls: Callable[[Table, str | None], list[ui.Item[Any]]]
    """The game's own controls on a running table, given the place picked in its menu (if any)."""
    render: Callable[[Any], bytes]
    """The public picture of the table, from the public view."""
    pickable: Callable[[Table], Collection[str]] = _nothing_to_pick
    """The places the table's pick menu offers (an empty collection: the game has no such menu)."""
    variants: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Named option sets for ``/<game> new variant:``; the first is the default."""
    panel: Callable[[Table, Seat], Sequence[ui.Item[Any]]] | None = None
    """A seat's own controls, shown only to its player (games where each seat acts for itself)."""
    panel_status: Callable[[Table, Seat], str] | None = None
    """A seat's own line on its panel (its score, its hand size…)."""
    render_private: Callable[[Any], bytes] | None = None
    """The picture of a seat's private view (a hand), shown on its panel."""
