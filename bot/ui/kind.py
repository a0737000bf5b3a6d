"""What one game offers in Discord (:class:`KindUI`); the registry of them is :mod:`bot.ui.kinds`."""

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord
from discord import ui

from bot.core.service import Table
from bot.i18n import N_, Words
from bot.ui.layout import FELT
from games.base import Seat
from render.labels import DeckStyle

View = TypeVar("View")


def view_as(view: object, kind: type[View]) -> View:
    """One of a table's views (``table.public`` or ``table.views[seat]``) as the game's own view type.

    The core hands views over as ``object``, since it knows no game; each game's module here knows the
    type its game deals, so a view of another type is a bug."""
    if not isinstance(view, kind):
        raise TypeError(f"a {type(view).__name__} where a {kind.__name__} was expected")
    return view


def _nothing_to_pick(table: Table) -> Collection[str]:
    return ()


@dataclass(frozen=True)
class KindUI:
    """One game as Discord offers it."""

    key: str
    help: str
    """The game's paragraph in /help: the rules in short, the commands, the controls (a message id, worded
    where it is shown, as are ``blurb``, ``panel_label`` and ``off_board``)."""
    blurb: str
    """The command group's description, e.g. "Penguin, a patience with a beak and flippers"."""
    status: Callable[[Words, Table], str]
    """One line under the title: the state of play, in the given words."""
    controls: Callable[[Words, Table, str | None], list[ui.Item[Any]]]
    """The game's own controls on a running table, given the place picked in its menu (if any)."""
    render: Callable[[Words, Table, Sequence[str], DeckStyle], bytes]
    """The public picture of the table (drawn from ``table.public``) in the given words, given a name per seat,
    its cards in the given deck style."""
    describe: Callable[[Words, Table, Sequence[str]], str]
    """The public picture's description (its alt text), from ``table.public`` alone, given a name per seat: what
    everyone may know, in the given words (:mod:`bot.ui.describing`)."""
    render_picked: Callable[[Words, Table, str, DeckStyle], bytes] | None = None
    """The picture with the place picked in the menu and where it may go highlighted (None: the
    picture does not change with a pick, so a pick redraws the controls only)."""
    describe_picked: Callable[[Words, Table, str], str] | None = None
    """The description of the picture with a place picked (given with ``render_picked``)."""
    pickable: Callable[[Table], Collection[str]] = _nothing_to_pick
    """The places the table's pick menu offers (an empty collection: the game has no such menu)."""
    variants: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Named option sets for ``/<game> new variant:``; the first is the default."""
    panel: Callable[[Words, Table, Seat], Sequence[ui.Item[Any]]] | None = None
    """A seat's own controls, shown only to its player (games where each seat acts for itself)."""
    panel_status: Callable[[Words, Table, Seat], str] | None = None
    """A seat's own line on its panel (its score, its hand size…)."""
    render_private: Callable[[Words, Table, Seat, DeckStyle], bytes] | None = None
    """The picture of a seat's private view (``table.views[seat]``, a hand), shown on its panel."""
    describe_private: Callable[[Words, Table, Seat], str] | None = None
    """The description of a seat's private picture (given with ``render_private``), shown only where it is."""
    hand_in_dm: bool = False
    """Each player's panel is also kept up to date in a DM (their hand), edited in place."""
    panel_label: str = N_("My controls")
    """The table's button that opens a player's panel."""
    lobby_note: Callable[[Words, Table], str] | None = None
    """A line under a lobby's seats (who partners whom)."""
    off_board: str = ""
    """Which games its scoreboard leaves out (practice, another scale), said under the board."""
    colour: discord.Colour = FELT
    """The accent of the game's messages (its table, panels, hands and scoreboard)."""
    live: bool = False
    """Its running tables offer Play live (the race in peapod's Activity, ``bot.live``) where the Activity is served."""
    threaded: bool = False
    """Once dealt, the table is played in a thread of its own, started from its first message in the
    channel, where the result comes back: each such table's board gets its own edit budget."""


def unnamed(
    render: Callable[..., bytes], labels: Callable[[Words, DeckStyle], object]
) -> Callable[[Words, Table, Sequence[str], DeckStyle], bytes]:
    """A picture drawn from the public view alone (the one-player games need no names), with the words
    ``labels`` gives for the reader's language and deck style."""

    def picture(words: Words, table: Table, names: Sequence[str], deck: DeckStyle) -> bytes:
        return render(table.public, labels=labels(words, deck))

    return picture
