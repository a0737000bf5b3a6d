"""Penguin in Discord: pick a card, then a destination; collect; hint (Undo and Resign come from the presenter).

The source select lists every column and cell that has a legal move. Picking one redraws the
table's controls with a button per destination (the picked source is carried by those buttons'
custom ids, so nothing is remembered between clicks).
"""

from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from bot.core.service import Table
from bot.i18n import Words
from bot.ui.controls import ActionButton, HintButton, PickSelect, TargetSelect, button, select
from bot.ui.kind import KindUI, view_as
from bot.ui.picture_words import penguin_labels
from bot.words import say, word
from games.penguin import Collect, Move, PenguinView
from render import penguin as picture

MAX_DESTINATION_BUTTONS = 15

HELP = """\
**Penguin** (1 player, or the whole channel): a patience by David Parlett. The first card dealt is \
the *beak*; the other three cards of its rank start the foundations, which build up in suit from \
the beak's rank, wrapping from King to Ace. In the columns build down in suit; move any run of one \
suit; an empty column takes only the rank just below the beak. Seven *flipper* cells hold one card each.
`/penguin new [open]` deal a table here · `/penguin move` type a move · `/penguin resign` give up
On the table pick a card in the menu, then press where it goes. *Collect* sends every card that can \
go to the foundations; *Hint* privately suggests a move on a winning line (or says none is left); \
*Undo* takes back moves, as many as you like."""


def source_name(source: str) -> str:
    """``"c3"`` -> ``"Column 3"``, ``"k2"`` -> ``"Cell 2"`` (the names the picture uses)."""
    return ("Column " if source.startswith("c") else "Cell ") + source[1:]


def _part(move: Move, name: str) -> str:
    """One part of a move's name: ``"what"`` moves (``"7♥ + 3"``), ``"where"`` to (``"column 4"``)."""
    return str(word(move.phrase.arg(name)))


def _movable(moves: list[Move]) -> str:
    """The cards that can move from one place, named as its move buttons name them ("7♥ + 3", "5♥")."""
    names = []
    for move in sorted(moves, key=lambda move: -move.count):
        name = _part(move, "what")
        if name not in names:
            names.append(name)
    return " or ".join(names)


def _moves_by_source(legal: tuple[Any, ...]) -> dict[str, list[Move]]:
    by_source: dict[str, list[Move]] = {}
    for action in legal:
        if isinstance(action, Move):
            by_source.setdefault(action.source, []).append(action)
    return dict(sorted(by_source.items(), key=lambda item: (item[0][0] != "c", item[0])))


def pickable(table: Table) -> list[str]:
    """The places with a legal move: what the pick menu offers."""
    return list(_moves_by_source(table.legal.get(0, ())))


def components(table: Table, picked: str | None) -> list[ui.Item[Any]]:
    """The controls under a running Penguin table, with ``picked`` as the chosen source."""
    legal = table.legal.get(0, ())
    by_source = _moves_by_source(legal)
    items: list[ui.Item[Any]] = []
    if by_source:
        options = [
            discord.SelectOption(
                label=f"{source_name(source)} \u00b7 {_movable(moves)}",
                value=source,
                description=", ".join(_part(move, "where") for move in moves)[:100],
                default=source == picked,
            )
            for source, moves in by_source.items()
        ]
        items.append(select(PickSelect, table, options, placeholder="Pick a card to move\u2026", row=0))
    moves = by_source.get(picked or "", [])
    if len(moves) > MAX_DESTINATION_BUTTONS:
        options = [discord.SelectOption(label=say(move.phrase), value=move.code) for move in moves]
        items.append(select(TargetSelect, table, options, placeholder="Move it to\u2026", row=1))
    else:
        for index, move in enumerate(moves):
            style = discord.ButtonStyle.primary
            items.append(button(ActionButton, table, say(move.phrase), code=move.code, style=style, row=1 + index // 5))
    if any(isinstance(action, Collect) for action in legal):
        items.append(
            button(
                ActionButton,
                table,
                "Collect to foundations",
                code=Collect().code,
                style=discord.ButtonStyle.success,
                row=4,
            )
        )
    items.append(button(HintButton, table, "Hint", row=4))
    return items


def table_picture(words: Words, table: Table, names: Sequence[str]) -> bytes:
    """The table; right after a move, the place the card went is outlined, so the last move shows."""
    last = table.last
    targets = [last.dest] if isinstance(last, Move) else []
    return picture.render(view_as(table.public, PenguinView), targets=targets, labels=penguin_labels(words))


def picked_picture(words: Words, table: Table, picked: str) -> bytes:
    """The table with the picked card and every place it may go outlined."""
    moves = _moves_by_source(table.legal.get(0, ())).get(picked, [])
    view = view_as(table.public, PenguinView)
    targets = sorted({move.dest for move in moves})
    return picture.render(view, picked=picked, targets=targets, labels=penguin_labels(words))


def status(table: Table) -> str:
    """One line under the title: moves and cards home."""
    view = view_as(table.public, PenguinView)
    return f"{view.score}/52 cards on the foundations \u00b7 {view.moves} move{'' if view.moves == 1 else 's'}"


KIND = KindUI(
    colour=discord.Colour.from_rgb(58, 120, 186),
    key="penguin",
    help=HELP,
    blurb="Penguin, a patience with a beak and flippers",
    status=status,
    controls=components,
    render=table_picture,
    render_picked=picked_picture,
    pickable=pickable,
)
