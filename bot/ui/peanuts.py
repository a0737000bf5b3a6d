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
from bot.i18n import N_, Words
from bot.ui.controls import ClaimButton, SeatButton, button
from bot.ui.describing import cards, ended, fitted, happened, listed, upwards
from bot.ui.kind import KindUI, view_as
from bot.ui.picture_words import peanuts_labels
from games.base import Seat
from games.peanuts import LayoutView, Move, Pass, PeanutsView, Recycle, Stuck, Turn
from render import peanuts as picture
from render.labels import DeckStyle

HELP = N_("""\
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
more; when the other player has not moved for two minutes, *Claim* ends the game as it stands.""")

MOVES_SHOWN = 19
"""Buttons for moves on a panel (Discord allows 25 a message; the rest is turning, stuck and claim)."""


def _name(words: Words, table: Table, seat: Seat) -> str:
    player = table.seats[seat]
    if player.ai:
        return words("the AI")
    return f"<@{player.user_id}>" if player.user_id else words("player {number}", number=seat + 1)


SIDES = (
    N_("{player} (blue) {score}: {peanuts} peanut cards left"),
    N_("{player} (red) {score}: {peanuts} peanut cards left"),
)
"""A player's part of the status line, by the back of their deck."""


def status(words: Words, table: Table) -> str:
    """Both scores, the piles, and (in turns mode) whose turn it is."""
    view = view_as(table.public, PeanutsView)
    parts = []
    for seat, layout in enumerate(view.players):
        parts.append(
            words(
                SIDES[seat],
                player=_name(words, table, seat),
                score=words.number(layout.score),
                peanuts=words.number(layout.peanut_count),
            )
        )
    if table.turn is not None:
        parts.append(words("turn: {player}", player=_name(words, table, table.turn)))
    return " \u00b7 ".join(parts)


def _label(words: Words, action: Turn | Recycle | Stuck | Pass) -> str:
    if isinstance(action, Stuck):
        return words("Stuck") if action.on else words("Not stuck")
    return words.phrase(action.phrase)


def panel(words: Words, table: Table, seat: Seat) -> list[ui.Item[Any]]:
    """A button per move to a pile or a column, then turning the stock, stuck / pass, and claim."""
    legal = table.legal.get(seat, ())
    moves = [action for action in legal if isinstance(action, Move)]
    items: list[ui.Item[Any]] = []
    for index, move in enumerate(moves[:MOVES_SHOWN]):
        style = discord.ButtonStyle.success if move.dest.startswith("b") else discord.ButtonStyle.primary
        items.append(button(SeatButton, table, words.phrase(move.phrase), code=move.code, style=style, row=index // 5))
    others = [action for action in legal if isinstance(action, Turn | Recycle | Stuck | Pass)]
    for action in others:
        items.append(button(SeatButton, table, _label(words, action), code=action.code, row=4))
    items.append(button(ClaimButton, table, words("Claim"), style=discord.ButtonStyle.danger, row=4))
    return items[:25]


def panel_status(words: Words, table: Table, seat: Seat) -> str:
    layout = view_as(table.views[seat], PeanutsView).players[seat]
    line = words.plural(
        "You have {n} point: {peanuts} peanut cards left, {stock} in your stock.",
        "You have {n} points: {peanuts} peanut cards left, {stock} in your stock.",
        layout.score,
        peanuts=words.number(layout.peanut_count),
        stock=words.number(layout.stock_count),
    )
    if table.turn == seat:
        return words("{line} **Your turn.**", line=line)
    if table.turn is not None:
        return words("{line} Waiting for {player}.", line=line, player=_name(words, table, table.turn))
    return line


BACKS = (N_("{player} (blue)"), N_("{player} (red)"))
"""A player named with the back of their deck, as the board tells the two apart."""


def _player(words: Words, names: Sequence[str], seat: Seat) -> str:
    name = names[seat] if seat < len(names) else words("player {number}", number=seat + 1)
    return words(BACKS[seat], player=name)


def _side(words: Words, player: str, layout: LayoutView, whole: bool) -> list[str]:
    """One player's cards in words: score, peanut pile, waste and stock, stuck, then the columns (bottom first,
    top card last; or only the tops)."""
    peanut = words.card(layout.peanut_top) if layout.peanut_top is not None else words("none")
    said = [
        words(
            "{player}: score {score}; peanut pile {top}, {count} cards; waste {waste}, {wasted} cards; stock {stock}.",
            player=player,
            score=words.number(layout.score),
            top=peanut,
            count=words.number(layout.peanut_count),
            waste=cards(words, layout.waste),
            wasted=words.number(layout.waste_count),
            stock=words.number(layout.stock_count),
        )
    ]
    if layout.stuck:
        said.append(words("{player} is stuck.", player=player))
    columns = [
        f"{number}: {cards(words, column if whole else column[-1:])}"
        for number, column in enumerate(layout.tableau, start=1)
    ]
    said.append(words("Columns: {columns}", columns="; ".join(columns)))
    return said


def describe(words: Words, table: Table, names: Sequence[str]) -> str:
    """The board in words, from the public view alone: whose turn (when taking turns), the middle piles' tops,
    each player's score, peanut pile, waste, stock and columns, and what just happened."""
    view = view_as(table.public, PeanutsView)
    head = [ended(words, view.outcome)]
    if view.turn is not None and view.outcome is None:
        head.append(words("Turn: {player}", player=_player(words, names, view.turn)))
    head.append(upwards(words))
    tops = [words.card(pile[-1]) for pile in view.piles if pile]
    head.append(words("Middle piles: {cards}", cards=listed(words, tops)) if tops else words("Middle piles: none yet"))

    def both(whole: bool) -> list[str]:
        return [
            line
            for seat, layout in enumerate(view.players)
            for line in _side(words, _player(words, names, seat), layout, whole)
        ]

    last = happened(words, table)
    return fitted([*head, *both(True), last], [*head, *both(False), last])


def render_table(words: Words, table: Table, names: Sequence[str], deck: DeckStyle) -> bytes:
    view = view_as(table.public, PeanutsView)
    return picture.render_table(view, names=names, labels=peanuts_labels(words, deck))


def lobby_note(words: Words, table: Table) -> str:
    if table.options.get("turns"):
        return words("Peanuts, taking turns. It starts as soon as the challenge is accepted.")
    return words("Peanuts, a race: both play at once. It starts as soon as the challenge is accepted.")


KIND = KindUI(
    colour=discord.Colour.from_rgb(201, 122, 44),
    key="peanuts",
    help=HELP,
    blurb=N_("Peanuts, two-player racing double solitaire"),
    status=status,
    controls=lambda words, table, picked: [],
    render=render_table,
    describe=describe,
    panel=panel,
    panel_status=panel_status,
    lobby_note=lobby_note,
    off_board=N_("Practice races against the AI are not counted."),
    threaded=True,
    live=True,
)
