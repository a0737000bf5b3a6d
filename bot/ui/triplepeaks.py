"""Triple Peaks' table controls: a button per playable card, one to turn the stock, a hint; undo, resign.

At most eight tableau cards can go on the waste at once (the four cards of each of the two
neighbouring ranks), so every legal move gets its own button and no menu is needed. The picture
outlines the same cards in gold.
"""

from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from bot.core.service import Table
from bot.i18n import N_, Words
from bot.ui.controls import ActionButton, HintButton, button
from bot.ui.describing import cards, ended, happened, lines, listed
from bot.ui.kind import KindUI, unnamed, view_as
from bot.ui.picture_words import triplepeaks_labels
from games.triplepeaks import Draw, Play, TriplePeaksView
from render import triplepeaks as picture

PLAYS_PER_ROW = 5

HELP = N_("""\
**Triple Peaks** (1 player, or the whole channel): the Tri Peaks patience. Three peaks of face-down \
cards stand on a row of ten face-up ones; a card turns up once both cards lying on it are gone. Play \
any face-up card one rank above or below the waste card, suit ignored, King and Ace connecting; or \
turn the next stock card onto the waste (there is no redeal). Clear the three peak tips to win. The \
n-th card of a run scores n, each stock card turned costs 5, a peak tip pays 15 and the last one 30. \
Variants: *multiplier* (a run scores 1, 2, 4, 8 …, the stock is free), *progressive* (each cleared \
tableau deals a new round, the score carries over), *practice* (with undo).
`/triplepeaks new [variant] [open]` deal a table here · `/triplepeaks move` type a move · \
`/triplepeaks resign` give up
On the table press a card's button to play it (those cards wear a gold border in the picture), or \
*Turn a stock card*. *Hint* suggests a move and says why (it knows only the cards you see). *Undo* \
is there in practice games only; practice and multiplier games stay off the scoreboard.""")


def components(words: Words, table: Table, picked: str | None) -> list[ui.Item[Any]]:
    """The moves under a running Triple Peaks table (``picked`` is unused: there is no menu), and Hint.

    Undo and Resign are added by the presenter.
    """
    legal = table.legal.get(0, ())
    items: list[ui.Item[Any]] = []
    plays = [action for action in legal if isinstance(action, Play)]
    for index, play in enumerate(plays):
        items.append(
            button(
                ActionButton,
                table,
                words.phrase(play.phrase),
                code=play.code,
                style=discord.ButtonStyle.primary,
                row=index // PLAYS_PER_ROW,
            )
        )
    if any(isinstance(action, Draw) for action in legal):
        label = _stock_label(words, table)
        items.append(button(ActionButton, table, label, code=Draw().code, style=discord.ButtonStyle.success, row=2))
    items.append(button(HintButton, table, words("Hint"), row=4))
    return items


def status(words: Words, table: Table) -> str:
    """One line under the title: score, the run, the stock and the peaks."""
    view = view_as(table.public, TriplePeaksView)
    parts = [words("Score {score}", score=words.number(view.score))]
    if view.multiplier:
        parts.append(words("multiplier scoring"))
    if view.progressive:
        parts.append(words("round {number}", number=view.round))
    if not table.finished:
        points = words.number(view.next_points)
        if view.run:
            parts.append(words("run of {run}, next card +{points}", run=view.run, points=points))
        else:
            parts.append(words("next card +{points}", points=points))
    parts.append(words.plural("{n} stock card left", "{n} stock cards left", view.stock))
    parts.append(words("{cleared}/3 peaks cleared", cleared=view.peaks_cleared))
    return " \u00b7 ".join(parts)


ROWS = (range(0, 3), range(3, 9), range(9, 18), range(18, 28))
"""The tableau's slots by row, from the peak tips down to the base (``games.triplepeaks``' deal order)."""


def _stock_label(words: Words, table: Table) -> str:
    stock = view_as(table.public, TriplePeaksView).stock
    return words("Turn a stock card ({count} left)", count=words.number(stock))


def describe(words: Words, table: Table, names: Sequence[str]) -> str:
    """The table in words: the result or the score, every move the buttons offer, the waste card, each row's
    face-up cards (from the peak tips down) with its face-down count, and what just happened."""
    view = view_as(table.public, TriplePeaksView)
    legal = table.legal.get(0, ())
    moves = [
        words.phrase(action.phrase) if isinstance(action, Play) else _stock_label(words, table) for action in legal
    ]
    rows = []
    for number, slots in enumerate(ROWS, start=1):
        up = [card for slot in slots if (card := view.tableau[slot]) is not None]
        down = sum(view.face_down[slot] for slot in slots)
        if up or down:
            shown = cards(words, up)
            rows.append(
                words.plural(
                    "Row {row}: {cards}; {n} face down",
                    "Row {row}: {cards}; {n} face down",
                    down,
                    row=number,
                    cards=shown,
                )
            )
    return lines(
        ended(words, view.outcome) or status(words, table),
        words("Moves: {moves}", moves=listed(words, moves)) if moves else "",
        words("Waste: {card}", card=words.card(view.waste[-1])) if view.waste else "",
        *rows,
        happened(words, table),
    )


KIND = KindUI(
    colour=discord.Colour.from_rgb(126, 87, 176),
    key="triplepeaks",
    help=HELP,
    blurb=N_("Triple Peaks: clear three peaks of cards, one rank up or down at a time"),
    status=status,
    controls=components,
    render=unnamed(picture.render, triplepeaks_labels),
    describe=describe,
    off_board=N_("Practice games (with undo) and multiplier games (another scale) are not counted."),
    variants={
        "standard": {},
        "multiplier": {"multiplier": True},
        "progressive": {"progressive": True},
        "practice": {"practice": True},
    },
)
