"""A table's message drawn in full (:class:`Drawer`): its layout from :mod:`.layouts`, its picture rendered
in a worker thread, and the lines that ask the database (the ratings of a lobby's players, the end of a
one-player game). :class:`Names` keeps the display names the pictures and the results use.
"""

import asyncio
import io
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import discord
from discord import ui

from bot.core.daily import DAILY_SETTING
from bot.core.service import Table, TableService
from bot.i18n import ENGLISH, Words
from bot.ui.kind import KindUI
from bot.ui.layout import NO_CONTENT
from bot.ui.present.layouts import (
    HAND_IMAGE_NAME,
    IMAGE_NAME,
    ai_name,
    panel_layout,
    shows_hand,
    table_layout,
    table_text,
)
from games.base import Seat


class Names:
    """The display names of the players seen so far (kept in memory: a restart falls back to "Player n")."""

    def __init__(self) -> None:
        self._names: dict[int, str] = {}

    def remember(self, user: discord.abc.User) -> None:
        self._names[user.id] = user.display_name

    def get(self, user_id: int) -> str | None:
        return self._names.get(user_id)

    def of(self, table: Table) -> list[str]:
        """A name per seat for the pictures: the player's display name, "AI (level)", or "Player n"."""
        return [
            ai_name(table) if seat.ai else self._names.get(seat.user_id or 0, f"Player {seat.seat + 1}")
            for seat in table.seats
        ]


@dataclass(frozen=True)
class Parts:
    """A message ready to send or edit: its layout, and its pictures (None: an edit leaves them as they are)."""

    view: ui.LayoutView
    files: list[discord.File] | None = None

    def edit(self) -> dict[str, Any]:
        """The keywords of ``message.edit`` (or an interaction's edit) that draw these parts."""
        parts: dict[str, Any] = {"view": self.view, **NO_CONTENT}
        if self.files is not None:
            parts["attachments"] = self.files
        return parts


def picture(png: bytes, name: str = IMAGE_NAME) -> discord.File:
    return discord.File(io.BytesIO(png), filename=name)


class Drawer:
    """Draws table messages and seats' panels; pictures are rendered in a worker thread."""

    def __init__(self, service: TableService, kinds: Mapping[str, KindUI], names: Names) -> None:
        self._service = service
        self._kinds = kinds
        self.names = names

    def kind(self, table: Table) -> KindUI:
        return self._kinds[table.kind]

    async def table(
        self,
        table: Table,
        *,
        picked: str | None = None,
        note: str = "",
        controls: bool = True,
        words: Words = ENGLISH,
    ) -> Parts:
        """The layout and (for a dealt game) the picture of a table message, its picture in ``words``."""
        kind = self.kind(table)
        if table.finished:
            note = " ".join(part for part in (await self._the_end(table), note) if part)
        if table.public is None and not table.finished:
            note = " ".join(part for part in (await self._ratings_line(table), note) if part)
        text = table_text(kind, table, note)
        view = table_layout(kind, table, text=text, picked=picked, controls=controls)
        if table.public is None:
            return Parts(view, [])
        png = await asyncio.to_thread(kind.render, words, table, self.names.of(table))
        return Parts(view, [picture(png)])

    async def picked(self, table: Table, picked: str, text: str, words: Words = ENGLISH) -> Parts:
        """A table with a card picked in its menu: the destinations as controls, ``text`` as it was, and (for
        games whose picture shows a pick) the picture with the pick and where it may go outlined."""
        kind = self.kind(table)
        view = table_layout(kind, table, text=text, picked=picked)
        if kind.render_picked is None:
            return Parts(view)
        png = await asyncio.to_thread(kind.render_picked, words, table, picked)
        return Parts(view, [picture(png)])

    async def panel(self, table: Table, seat: Seat, note: str = "", words: Words = ENGLISH) -> Parts:
        """A seat's panel (its hand message too): with the picture of its hand where the game draws one."""
        kind = self.kind(table)
        view = panel_layout(kind, table, seat, note)
        if not shows_hand(kind, table) or kind.render_private is None:
            return Parts(view)
        png = await asyncio.to_thread(kind.render_private, words, table, seat)
        return Parts(view, [picture(png, HAND_IMAGE_NAME)])

    async def _ratings_line(self, table: Table) -> str:
        """On a challenge or lobby of a rated game: the ratings of the people seated so far."""
        people = [user_id for user_id in table.players if user_id is not None]
        if table.guild_id is None or not people or not self._service.is_rated_kind(table.kind):
            return ""
        known = await self._service.ratings(table.guild_id, table.kind, people)
        shown = [
            f"<@{user_id}> {known[user_id].ordinal:.1f}" if user_id in known else f"<@{user_id}> unrated"
            for user_id in people
        ]
        return "Ratings here: " + " \u00b7 ".join(shown) + "."

    async def _the_end(self, table: Table) -> str:
        """The moment a game ends: names kept with the results, and for one player the time, the
        moves, a new best or a streak."""
        players = [seat.user_id for seat in table.seats if seat.user_id is not None]
        names = {user_id: name for user_id in players if (name := self.names.get(user_id)) is not None}
        await self._service.name_results(table.game_id, names)
        owner = table.owner
        if len(table.seats) != 1 or owner is None or table.outcome is None or table.channel_id is None:
            return ""
        ended = table.ended_at if table.ended_at is not None else self._service.now()
        minutes, seconds = divmod(round(ended - table.started_at), 60)
        took = f"{minutes} min {seconds} s" if minutes else f"{seconds} s"
        moves = getattr(table.public, "moves", None)
        line = f"Played in {took}" + (f" and {moves} move{'' if moves == 1 else 's'}." if moves is not None else ".")
        best, streak = await self._service.record_of(table.channel_id, table.kind, owner, table.game_id)
        score = table.outcome.scores[0]
        if best is not None and score > best:
            line += f" A new best for you here (before: {best})!"
        if table.outcome.winners and streak >= 2:
            line += f" {streak} wins in a row."
        if DAILY_SETTING in table.settings:
            line += "\nYour daily result, to share (it names no card):\n```\n"
            line += await self._service.daily_line(table.game_id) + "\n```"
        if table.open_play:
            helpers = await self._service.helpers(table.game_id)
            credits = [
                f"{self.names.get(user_id) or f'<@{user_id}>'} ({moves} move{'' if moves == 1 else 's'})"
                for user_id, moves in sorted(helpers.items(), key=lambda item: -item[1])
            ]
            if credits:
                line += " Helped by " + ", ".join(credits) + "."
        return line
