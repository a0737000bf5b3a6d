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
from bot.i18n import N_, Words
from bot.ui.controls import ActionButton, HintButton, PickSelect, TargetSelect, button, select
from bot.ui.describing import cards, ended, fitted, happened, listed, upwards
from bot.ui.kind import KindUI, view_as
from bot.ui.picture_words import penguin_labels
from games.cards import Card
from games.penguin import Collect, Move, PenguinView
from games.phrases import Phrase
from render import penguin as picture
from render.labels import DeckStyle

MAX_DESTINATION_BUTTONS = 15

HELP = N_("""\
**Penguin** (1 player, or the whole channel): a patience by David Parlett. The first card dealt is \
the *beak*; the other three cards of its rank start the foundations, which build up in suit from \
the beak's rank, wrapping from King to Ace. In the columns build down in suit; move any run of one \
suit; an empty column takes only the rank just below the beak. Seven *flipper* cells hold one card each.
`/penguin new [open]` deal a table here · `/penguin move` type a move · `/penguin resign` give up
On the table pick a card in the menu, then press where it goes. *Collect* sends every card that can \
go to the foundations; *Hint* privately suggests a move on a winning line (or says none is left); \
*Undo* takes back moves, as many as you like.""")


def source_name(words: Words, source: str) -> str:
    """``"c3"`` -> ``"Column 3"``, ``"k2"`` -> ``"Cell 2"`` (the names the picture uses)."""
    if source.startswith("c"):
        return words("Column {number}", number=source[1:])
    return words("Cell {number}", number=source[1:])


def _part(words: Words, move: Move, name: str) -> str:
    """One part of a move's name: ``"what"`` moves (``"7♥ + 3"``), ``"where"`` to (``"column 4"``)."""
    part = move.phrase.arg(name)
    if isinstance(part, Card):
        return words.card(part)
    if isinstance(part, Phrase):
        return words.phrase(part)
    return str(part)


def _movable(words: Words, moves: list[Move]) -> str:
    """The cards that can move from one place, named as its move buttons name them ("7♥ + 3 or 5♥")."""
    names: list[str] = []
    for move in sorted(moves, key=lambda move: -move.count):
        name = _part(words, move, "what")
        if name not in names:
            names.append(name)
    listed = names[0]
    for name in names[1:]:
        listed = words("{first} or {second}", first=listed, second=name)
    return listed


def _moves_by_source(legal: tuple[Any, ...]) -> dict[str, list[Move]]:
    by_source: dict[str, list[Move]] = {}
    for action in legal:
        if isinstance(action, Move):
            by_source.setdefault(action.source, []).append(action)
    return dict(sorted(by_source.items(), key=lambda item: (item[0][0] != "c", item[0])))


def pickable(table: Table) -> list[str]:
    """The places with a legal move: what the pick menu offers."""
    return list(_moves_by_source(table.legal.get(0, ())))


def components(words: Words, table: Table, picked: str | None) -> list[ui.Item[Any]]:
    """The controls under a running Penguin table, with ``picked`` as the chosen source."""
    legal = table.legal.get(0, ())
    by_source = _moves_by_source(legal)
    items: list[ui.Item[Any]] = []
    if by_source:
        options = [
            discord.SelectOption(
                label=words("{place} \u00b7 {cards}", place=source_name(words, source), cards=_movable(words, moves)),
                value=source,
                description=words.context("list separator", ", ").join(_part(words, move, "where") for move in moves),
                default=source == picked,
            )
            for source, moves in by_source.items()
        ]
        items.append(select(PickSelect, table, options, placeholder=words("Pick a card to move\u2026"), row=0))
    moves = by_source.get(picked or "", [])
    if len(moves) > MAX_DESTINATION_BUTTONS:
        options = [discord.SelectOption(label=words.phrase(move.phrase), value=move.code) for move in moves]
        items.append(select(TargetSelect, table, options, placeholder=words("Move it to\u2026"), row=1))
    else:
        for index, move in enumerate(moves):
            style = discord.ButtonStyle.primary
            label = words.phrase(move.phrase)
            items.append(button(ActionButton, table, label, code=move.code, style=style, row=1 + index // 5))
    if any(isinstance(action, Collect) for action in legal):
        items.append(
            button(
                ActionButton,
                table,
                words.phrase(Collect().phrase),
                code=Collect().code,
                style=discord.ButtonStyle.success,
                row=4,
            )
        )
    items.append(button(HintButton, table, words("Hint"), row=4))
    return items


def table_picture(words: Words, table: Table, names: Sequence[str], deck: DeckStyle) -> bytes:
    """The table; right after a move, the place the card went is outlined, so the last move shows."""
    last = table.last
    targets = [last.dest] if isinstance(last, Move) else []
    return picture.render(view_as(table.public, PenguinView), targets=targets, labels=penguin_labels(words, deck))


def picked_picture(words: Words, table: Table, picked: str, deck: DeckStyle) -> bytes:
    """The table with the picked card and every place it may go outlined."""
    moves = _moves_by_source(table.legal.get(0, ())).get(picked, [])
    view = view_as(table.public, PenguinView)
    targets = sorted({move.dest for move in moves})
    return picture.render(view, picked=picked, targets=targets, labels=penguin_labels(words, deck))


def status(words: Words, table: Table) -> str:
    """One line under the title: moves and cards home."""
    view = view_as(table.public, PenguinView)
    return words.plural(
        "{score}/52 cards on the foundations \u00b7 {n} move",
        "{score}/52 cards on the foundations \u00b7 {n} moves",
        view.moves,
        score=words.number(view.score),
    )


def _columns(words: Words, view: PenguinView, whole: bool) -> list[str]:
    """A line per column, bottom first and the top card last (``whole``), or only its top card and count."""
    shown = []
    for number, column in enumerate(view.columns, start=1):
        if not column:
            shown.append(words("Column {number}: empty", number=number))
        elif whole:
            shown.append(words("Column {number}: {cards}", number=number, cards=cards(words, column)))
        else:
            shown.append(
                words.plural(
                    "Column {number}: {top}, {n} card",
                    "Column {number}: {top}, {n} cards",
                    len(column),
                    number=number,
                    top=words.card(column[-1]),
                )
            )
    return shown


def describe(words: Words, table: Table, names: Sequence[str]) -> str:
    """The table in words: the result or the score, every move the menu offers, the foundations and the beak,
    the cells, the columns (bottom first), and what just happened."""
    view = view_as(table.public, PenguinView)
    legal = table.legal.get(0, ())
    moves = words("Moves: {moves}", moves=listed(words, (words.phrase(action.phrase) for action in legal)))
    tops = listed(words, (words.card(pile[-1]) for pile in view.foundations if pile))
    held = [card for card in view.cells if card is not None]
    free = cards(words, held)
    head = [
        ended(words, view.outcome) or status(words, table),
        moves if legal else "",
        words("Beak {card}; foundations: {tops}", card=words.card(view.beak), tops=tops),
        words.plural(
            "Cells: {cards}; {n} free",
            "Cells: {cards}; {n} free",
            len(view.cells) - len(held),
            cards=free,
        ),
    ]
    head.append(upwards(words))
    last = happened(words, table)
    return fitted([*head, *_columns(words, view, True), last], [*head, *_columns(words, view, False), last])


def describe_picked(words: Words, table: Table, picked: str) -> str:
    """The table in words, with the picked card and where it may go (as the picture outlines them)."""
    moves = _moves_by_source(table.legal.get(0, ())).get(picked, [])
    line = words(
        "Picked: {place}, {cards}; it may go to {places}",
        place=source_name(words, picked),
        cards=_movable(words, moves),
        places=listed(words, (_part(words, move, "where") for move in moves)),
    )
    return f"{line}\n{describe(words, table, ())}" if moves else describe(words, table, ())


KIND = KindUI(
    colour=discord.Colour.from_rgb(58, 120, 186),
    key="penguin",
    help=HELP,
    blurb=N_("Penguin, a patience with a beak and flippers"),
    status=status,
    controls=components,
    render=table_picture,
    describe=describe,
    render_picked=picked_picture,
    describe_picked=describe_picked,
    pickable=pickable,
)
