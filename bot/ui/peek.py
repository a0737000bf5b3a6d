"""Peek's table controls: a button per card that can go home, turn the stock, a hint; undo, resign.

A Peek card has at most one foundation it may go to (RULES.md §2.3), so every legal action is a
single button: at most four reserve tops and the waste top on the first row, then turning the
stock (or, once it is empty, turning the waste over). Nothing has to be picked first, so
``picked`` is never used.
"""

from typing import Any

import discord
from discord import ui

from bot.core.service import Table
from bot.ui.controls import ActionButton, HintButton, button
from bot.ui.kind import KindUI, unnamed, view_as
from bot.ui.picture_words import peek_labels
from bot.words import say
from games.peek import WASTE, Draw, PeekView, Play, Redeal
from render import peek as picture

HELP = """\
**Peek** (1 player, or the whole channel): an open Osmosis patience. Sixteen cards lie face up in \
four reserves (only the last card of each is playable); the stock is turned onto the waste one card \
at a time, with two redeals. The first foundation holds the card dealt to it and takes any card of \
its suit; the other three each start with a card of that card's rank, in order, and a card goes on \
its suit's foundation only when its rank is already in the foundation above. Get all 52 cards home.
`/peek new [variant] [open]` deal a table here (`three cards`: turn three at a time, redeal as often \
as you like) · `/peek move` type a move · `/peek resign` give up
On the table press a card's button to send it home (those cards wear a gold border in the picture), \
or *Turn* to turn the stock; when the stock is empty, *Turn the waste over* redeals. *Hint* suggests \
a move and says why (it knows only what you see); *Undo* takes back moves, as many as you like."""


def place_name(source: str) -> str:
    """``"r2"`` -> ``"Reserve 2"``, ``"w"`` -> ``"Waste"`` (the names the picture uses)."""
    return "Waste" if source == WASTE else f"Reserve {source[1:]}"


def _button(table: Table, code: str, label: str, style: discord.ButtonStyle, row: int) -> ui.Item[Any]:
    return button(ActionButton, table, label, code=code, style=style, row=row)


def components(table: Table, picked: str | None) -> list[ui.Item[Any]]:
    """The moves under a running Peek table (``picked`` is not used: every move is one click), and Hint.

    Undo and Resign are added by the presenter.
    """
    legal = table.legal.get(0, ())
    plays = [action for action in legal if isinstance(action, Play)]
    items: list[ui.Item[Any]] = [
        _button(table, play.code, f"{place_name(play.source)}: {say(play.phrase)}", discord.ButtonStyle.success, 0)
        for play in plays
    ]
    for action in legal:
        if isinstance(action, Draw | Redeal):
            warning = isinstance(action, Draw) and action.ends_game
            style = discord.ButtonStyle.danger if warning else discord.ButtonStyle.primary
            items.append(_button(table, action.code, say(action.phrase), style, 1))
    items.append(button(HintButton, table, "Hint", row=4))
    return items


def status(table: Table) -> str:
    """One line under the title: cards home, moves, the stock and the redeals left."""
    view = view_as(table.public, PeekView)
    if view.redeals_left is None:
        redeals = "unlimited redeals"
    else:
        redeals = f"{view.redeals_left} redeal{'' if view.redeals_left == 1 else 's'} left"
    moves = f"{view.moves} move{'' if view.moves == 1 else 's'}"
    parts = (f"{view.score}/52 cards on the foundations", moves, f"{view.stock_count} in the stock", redeals)
    return " \u00b7 ".join(parts)


KIND = KindUI(
    colour=discord.Colour.from_rgb(196, 152, 38),
    key="peek",
    help=HELP,
    blurb="Peek, an open Osmosis patience",
    status=status,
    controls=components,
    render=unnamed(picture.render, peek_labels),
    variants={"one card": {}, "three cards": {"three_card": True}},
)
