"""Peanuts in Discord: one public board, and each player's own controls on a private panel.

Both players act whenever they like (RULES §7.1), so each plays from a panel opened with **My
controls** on the board: a button per move they can make now (each names the card and where it
goes, and carries the top card it expects there, so a pile that moved on refuses the click), plus
turning the stock, saying stuck and claiming the game when the other player has gone quiet. A click
answers on the panel at once; the board follows within a second (coalesced edits).
"""

from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from bot.core.service import Table
from bot.i18n import Words
from bot.ui.controls import ClaimButton, SeatButton, button
from bot.ui.kind import KindUI, view_as
from bot.ui.picture_words import peanuts_labels
from bot.words import say
from games.base import Seat
from games.peanuts import Move, Pass, PeanutsView, Recycle, Stuck, Turn
from render import peanuts as picture

HELP = """\
**Peanuts** (2 players, both at once): racing double solitaire. Each player has a deck of their own \
(blue or red backs): seven face-up columns, a 21-card *peanut pile* and a stock turned three at a \
time. Everybody builds on the shared piles in the middle, up in suit from the aces; on your own \
columns build down in alternating colours. An emptied column is filled from your peanut pile. The \
deal ends the moment a peanut pile is empty (**Peanuts!**), or when neither player can play to the \
middle. Score: your cards in the middle minus the cards left in your peanut pile.
`/peanuts challenge @friend [rescue] [mode]` challenge someone (`mode: turns` takes turns instead of \
racing) · `/peanuts practice [level]` race the AI (practice games stay off the scoreboard) · \
`/peanuts resign` give up
On the board press **My controls**: your moves as buttons, *Turn 3*, *Stuck* when you can do nothing \
more; when the other player has not moved for two minutes, *Claim* ends the game as it stands."""

MOVES_SHOWN = 19
"""Buttons for moves on a panel (Discord allows 25 a message; the rest is turning, stuck and claim)."""


def _name(table: Table, seat: Seat) -> str:
    player = table.seats[seat]
    return "the AI" if player.ai else f"<@{player.user_id}>" if player.user_id else f"player {seat + 1}"


def status(table: Table) -> str:
    """Both scores, the piles, and (in turns mode) whose turn it is."""
    view = view_as(table.public, PeanutsView)
    parts = []
    for seat, layout in enumerate(view.players):
        back = ("blue", "red")[seat]
        parts.append(f"{_name(table, seat)} ({back}) {layout.score}: {layout.peanut_count} peanut cards left")
    line = " \u00b7 ".join(parts)
    if table.turn is not None:
        line += f" \u00b7 turn: {_name(table, table.turn)}"
    return line


def _label(action: Turn | Recycle | Stuck | Pass) -> str:
    if isinstance(action, Stuck):
        return "Stuck" if action.on else "Not stuck"
    return say(action.phrase)


def panel(table: Table, seat: Seat) -> list[ui.Item[Any]]:
    """A button per move to a pile or a column, then turning the stock, stuck / pass, and claim."""
    legal = table.legal.get(seat, ())
    moves = [action for action in legal if isinstance(action, Move)]
    items: list[ui.Item[Any]] = []
    for index, move in enumerate(moves[:MOVES_SHOWN]):
        style = discord.ButtonStyle.success if move.dest.startswith("b") else discord.ButtonStyle.primary
        items.append(button(SeatButton, table, say(move.phrase), code=move.code, style=style, row=index // 5))
    others = [action for action in legal if isinstance(action, Turn | Recycle | Stuck | Pass)]
    for action in others:
        items.append(button(SeatButton, table, _label(action), code=action.code, row=4))
    items.append(button(ClaimButton, table, "Claim", style=discord.ButtonStyle.danger, row=4))
    return items[:25]


def panel_status(table: Table, seat: Seat) -> str:
    layout = view_as(table.views[seat], PeanutsView).players[seat]
    line = (
        f"You have {layout.score} points: {layout.peanut_count} peanut cards left, {layout.stock_count} in your stock."
    )
    if table.turn is not None:
        line += " **Your turn.**" if table.turn == seat else f" Waiting for {_name(table, table.turn)}."
    return line


def render_table(words: Words, table: Table, names: Sequence[str]) -> bytes:
    return picture.render_table(view_as(table.public, PeanutsView), names=names, labels=peanuts_labels(words))


def lobby_note(table: Table) -> str:
    mode = "taking turns" if table.options.get("turns") else "a race: both play at once"
    return f"Peanuts, {mode}. It starts as soon as the challenge is accepted."


KIND = KindUI(
    colour=discord.Colour.from_rgb(201, 122, 44),
    key="peanuts",
    help=HELP,
    blurb="Peanuts, two-player racing double solitaire",
    status=status,
    controls=lambda table, picked: [],
    render=render_table,
    panel=panel,
    panel_status=panel_status,
    lobby_note=lobby_note,
    off_board="Practice races against the AI are not counted.",
    threaded=True,
)
