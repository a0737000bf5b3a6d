"""Peek's table controls: a button per card that can go home, turn the stock, a hint; undo, resign.

A Peek card has at most one foundation it may go to (RULES.md §2.3), so every legal action is a
single button: at most four reserve tops and the waste top on the first row, then turning the
stock (or, once it is empty, turning the waste over). Nothing has to be picked first, so
``picked`` is never used.
"""

from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from bot.core.service import Table
from bot.i18n import N_, Words
from bot.ui.controls import ActionButton, HintButton, button
from bot.ui.describing import cards, ended, happened, lines, listed, upwards
from bot.ui.kind import KindUI, unnamed, view_as
from bot.ui.picture_words import peek_labels
from games.cards import Card
from games.peek import WASTE, Draw, PeekView, Play, Redeal
from render import peek as picture

HELP = N_("""\
**Peek** (1 player, or the whole channel): an open Osmosis patience. Sixteen cards lie face up in \
four reserves (only the last card of each is playable); the stock is turned onto the waste one card \
at a time, with two redeals. The first foundation holds the card dealt to it and takes any card of \
its suit; the other three each start with a card of that card's rank, in order, and a card goes on \
its suit's foundation only when its rank is already in the foundation above. Get all 52 cards home.
`/peek new [variant] [open]` deal a table here (`three cards`: turn three at a time, redeal as often \
as you like) · `/peek move` type a move · `/peek resign` give up
On the table press a card's button to send it home (those cards wear a gold border in the picture), \
or *Turn* to turn the stock; when the stock is empty, *Turn the waste over* redeals. *Hint* suggests \
a move and says why (it knows only what you see); *Undo* takes back moves, as many as you like.""")


def play_label(words: Words, play: Play) -> str:
    """A play's button: where the card comes from (the names the picture uses) and the play: "Reserve 2: 5♥ home"."""
    if play.source == WASTE:
        return words("Waste: {play}", play=words.phrase(play.phrase))
    return words("Reserve {number}: {play}", number=play.source[1:], play=words.phrase(play.phrase))


def _button(table: Table, code: str, label: str, style: discord.ButtonStyle, row: int) -> ui.Item[Any]:
    return button(ActionButton, table, label, code=code, style=style, row=row)


def components(words: Words, table: Table, picked: str | None) -> list[ui.Item[Any]]:
    """The moves under a running Peek table (``picked`` is not used: every move is one click), and Hint.

    Undo and Resign are added by the presenter.
    """
    legal = table.legal.get(0, ())
    plays = [action for action in legal if isinstance(action, Play)]
    items: list[ui.Item[Any]] = [
        _button(table, play.code, play_label(words, play), discord.ButtonStyle.success, 0) for play in plays
    ]
    for action in legal:
        if isinstance(action, Draw | Redeal):
            warning = isinstance(action, Draw) and action.ends_game
            style = discord.ButtonStyle.danger if warning else discord.ButtonStyle.primary
            items.append(_button(table, action.code, words.phrase(action.phrase), style, 1))
    items.append(button(HintButton, table, words("Hint"), row=4))
    return items


def status(words: Words, table: Table) -> str:
    """One line under the title: cards home, moves, the stock and the redeals left."""
    view = view_as(table.public, PeekView)
    if view.redeals_left is None:
        redeals = words("unlimited redeals")
    else:
        redeals = words.plural("{n} redeal left", "{n} redeals left", view.redeals_left)
    parts = (
        words("{score}/52 cards on the foundations", score=words.number(view.score)),
        words.plural("{n} move", "{n} moves", view.moves),
        words("{count} in the stock", count=words.number(view.stock_count)),
        redeals,
    )
    return " \u00b7 ".join(parts)


def _foundation(words: Words, number: int, pile: tuple[Card, ...]) -> str:
    """A foundation's ranks, bottom first (its suit said once: a foundation holds one suit)."""
    if not pile:
        return words("Foundation {number}: empty", number=number)
    ranks = " ".join(words.rank(card.rank) for card in pile)
    return words("Foundation {number}, {suit}: {ranks}", number=number, suit=pile[0].suit.symbol, ranks=ranks)


def describe(words: Words, table: Table, names: Sequence[str]) -> str:
    """The table in words: the result or the score, every move the buttons offer, each foundation's ranks, the
    reserves (top card last), the waste on show, and what just happened."""
    view = view_as(table.public, PeekView)
    legal = table.legal.get(0, ())
    moves = [play_label(words, action) if isinstance(action, Play) else words.phrase(action.phrase) for action in legal]
    waste = cards(words, view.waste)
    return lines(
        ended(words, view.outcome) or status(words, table),
        words("Moves: {moves}", moves=listed(words, moves)) if moves else "",
        upwards(words),
        *(_foundation(words, number, pile) for number, pile in enumerate(view.foundations, start=1)),
        *(
            words("Reserve {number}: {cards}", number=number, cards=cards(words, reserve))
            for number, reserve in enumerate(view.reserves, start=1)
        ),
        words.plural(
            "Waste: {cards}; {n} card in all",
            "Waste: {cards}; {n} cards in all",
            view.waste_count,
            cards=waste,
        ),
        happened(words, table),
    )


KIND = KindUI(
    colour=discord.Colour.from_rgb(196, 152, 38),
    key="peek",
    help=HELP,
    blurb=N_("Peek, an open Osmosis patience"),
    status=status,
    controls=components,
    render=unnamed(picture.render, peek_labels),
    describe=describe,
    variants={"one card": {}, "three cards": {"three_card": True}},
)
