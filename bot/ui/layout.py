"""Every message the bot draws as Discord's Components V2 layout: one container in the game's colour with
a heading, the text, the picture as a media gallery across the message's width, then the controls.

Discord shows a gallery image at the message's full width (about 550–600 pixels) where an embed fitted
it into 400 × 300, and lets text, picture and controls sit in the order a player reads them. A V2
message has no content or embeds, at most 40 components in all and 4,000 characters of text.
"""

import io
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

import discord
from discord import ui

from bot.text import shorten

FELT = discord.Colour.from_rgb(46, 125, 80)
"""The card-table green of messages that belong to no one game (help, all the scoreboards)."""
MAX_TEXT = 4000
"""Characters of text a Components V2 message may carry in all."""
NO_CONTENT: dict[str, Any] = {"content": None, "embeds": []}
"""What an edit clears, so a message drawn as an embed (an older bot's) can become a layout."""
NO_MENTIONS = discord.AllowedMentions.none()
"""A table message names its players without pinging them."""
DESCRIPTION_LIMIT = 1024
"""Characters of a picture's description (its alt text). Discord's reference gives 1,024 for a media gallery
item's description and for an attachment's alike (SimCord checks the same); discord.py's docstring for
``MediaGalleryItem`` says 256, but nothing enforces it and the API accepts 1,024. Every picture peapod sends
is a gallery item of a Components V2 layout whose attachment carries the same description."""


@dataclass(frozen=True)
class Picture:
    """An attached picture as a layout shows it: its file name and its description (alt text), already in the
    reader's words."""

    name: str
    description: str

    @property
    def alt(self) -> str:
        """The description as sent: suits readable, cut to Discord's limit."""
        return shorten(self.description, DESCRIPTION_LIMIT)

    def item(self) -> discord.MediaGalleryItem:
        return discord.MediaGalleryItem(f"attachment://{self.name}", description=self.alt)

    def file(self, png: bytes) -> discord.File:
        """The attachment, carrying the description too (what a client shows for a file outside a gallery)."""
        return discord.File(io.BytesIO(png), filename=self.name, description=self.alt)


def layout(
    colour: discord.Colour | int,
    heading: str,
    body: str = "",
    *,
    picture: Picture | None = None,
    more_pictures: Sequence[Picture] = (),
    controls: Sequence[ui.Item[Any]] = (),
    footer: str = "",
    as_text: bool = False,
) -> ui.LayoutView:
    """One container: ``heading`` (a title line), ``body``, the attached ``picture`` and ``more_pictures``
    (each with its description) in one gallery, the controls in action rows by their ``row`` (five to a row, in
    order), and a small ``footer``. ``as_text`` (the text table, for a reader who turned pictures off): each
    picture's description stands as text where the gallery would be, and nothing is attached."""
    view = ui.LayoutView(timeout=None)
    box: ui.Container[ui.LayoutView] = ui.Container(accent_colour=colour)
    pictures = ([picture] if picture is not None else []) + list(more_pictures)
    described = _as_text(pictures, body) if as_text else ""
    room = MAX_TEXT - len(heading) - len(footer) - len(described) - 16
    text = f"### {heading}" + (f"\n{shorten(body, max(room, 0))}" if body else "")
    box.add_item(ui.TextDisplay(text))
    if described:
        box.add_item(ui.TextDisplay(described))
    elif pictures:
        box.add_item(ui.MediaGallery(*(shown.item() for shown in pictures)))
    for row in action_rows(controls):
        box.add_item(row)
    if footer:
        box.add_item(ui.TextDisplay(f"-# {footer}"))
    view.add_item(box)
    return view


def _as_text(pictures: Sequence[Picture], body: str) -> str:
    """The pictures' descriptions as the text table shows them: a paragraph each, leaving out the lines the
    message's text already says (a table's status line), within half of a message's text."""
    said = set(body.splitlines())
    paragraphs = ["\n".join(line for line in shown.alt.splitlines() if line not in said) for shown in pictures]
    return shorten("\n\n".join(paragraph for paragraph in paragraphs if paragraph), MAX_TEXT // 2)


def action_rows(controls: Sequence[ui.Item[Any]]) -> list[ui.ActionRow[Any]]:
    """The controls in action rows: those given a ``row`` keep it, and a row holds five buttons or one menu."""
    rows: list[ui.ActionRow[Any]] = []
    for _, items in groupby(controls, key=lambda item: item.row):
        row: ui.ActionRow[Any] = ui.ActionRow()
        for item in items:
            wide = isinstance(getattr(item, "item", item), ui.Select)
            if row.children and (wide or len(row.children) >= 5 or _is_menu_row(row)):
                rows.append(row)
                row = ui.ActionRow()
            item.row = None
            row.add_item(item)
        rows.append(row)
    return rows


def _is_menu_row(row: ui.ActionRow[Any]) -> bool:
    return any(isinstance(getattr(child, "item", child), ui.Select) for child in row.children)


def text_on(message: discord.Message) -> str:
    """Every text display of a layout message, one a line, the heading's ``### `` taken off ("" for
    a message that is no layout)."""
    lines, pending = [], list(message.components)
    while pending:
        component = pending.pop(0)
        if isinstance(component, discord.TextDisplay):
            lines.append(component.content.removeprefix("### "))
        pending[:0] = list(getattr(component, "children", None) or ())
    return "\n".join(lines)
