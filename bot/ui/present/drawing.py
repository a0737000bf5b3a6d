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
from bot.i18n import Words
from bot.ui.kind import KindUI
from bot.ui.layout import NO_CONTENT
from bot.ui.present.layouts import (
    HAND_IMAGE_NAME,
    IMAGE_NAME,
    ai_name,
    mention,
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

    def of(self, words: Words, table: Table) -> list[str]:
        """A name per seat for the pictures: the player's display name, "AI (level)", or "Player n"."""
        return [self._name(words, table, seat) for seat in range(len(table.seats))]

    def _name(self, words: Words, table: Table, seat: Seat) -> str:
        record = table.seats[seat]
        if record.ai:
            return ai_name(words, table)
        name = self._names.get(record.user_id or 0)
        return name if name is not None else words("Player {number}", number=seat + 1)


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
        self, table: Table, words: Words, *, picked: str | None = None, note: str = "", controls: bool = True
    ) -> Parts:
        """The layout and (for a dealt game) the picture of a table message, in ``words`` (the server's)."""
        kind = self.kind(table)
        if table.finished:
            note = "\n".join(part for part in (await self._the_end(words, table), note) if part)
        if table.public is None and not table.finished:
            note = "\n".join(part for part in (await self._ratings_line(words, table), note) if part)
        text = table_text(words, kind, table, note)
        view = table_layout(words, kind, table, text=text, picked=picked, controls=controls)
        if table.public is None:
            return Parts(view, [])
        png = await asyncio.to_thread(kind.render, words, table, self.names.of(words, table))
        return Parts(view, [picture(png)])

    async def picked(self, table: Table, words: Words, picked: str, text: str) -> Parts:
        """A table with a card picked in its menu: the destinations as controls, ``text`` as it was, and (for
        games whose picture shows a pick) the picture with the pick and where it may go outlined."""
        kind = self.kind(table)
        view = table_layout(words, kind, table, text=text, picked=picked)
        if kind.render_picked is None:
            return Parts(view)
        png = await asyncio.to_thread(kind.render_picked, words, table, picked)
        return Parts(view, [picture(png)])

    async def panel(self, table: Table, seat: Seat, words: Words, note: str = "") -> Parts:
        """A seat's panel (its hand message too), in ``words`` (its player's): with the picture of its hand where
        the game draws one."""
        kind = self.kind(table)
        view = panel_layout(words, kind, table, seat, note)
        if not shows_hand(kind, table) or kind.render_private is None:
            return Parts(view)
        png = await asyncio.to_thread(kind.render_private, words, table, seat)
        return Parts(view, [picture(png, HAND_IMAGE_NAME)])

    async def _ratings_line(self, words: Words, table: Table) -> str:
        """On a challenge or lobby of a rated game: the ratings of the people seated so far."""
        people = [user_id for user_id in table.players if user_id is not None]
        if table.guild_id is None or not people or not self._service.is_rated_kind(table.kind):
            return ""
        known = await self._service.ratings(table.guild_id, table.kind, people)
        shown = [
            words("{player} {rating}", player=mention(user_id), rating=words.rating(known[user_id].ordinal))
            if user_id in known
            else words("{player} unrated", player=mention(user_id))
            for user_id in people
        ]
        return words("Ratings here: {ratings}.", ratings=" \u00b7 ".join(shown))

    async def _the_end(self, words: Words, table: Table) -> str:
        """The moment a game ends: names kept with the results, and for one player the time, the
        moves, a new best or a streak (each its own sentence, one a line)."""
        players = [seat.user_id for seat in table.seats if seat.user_id is not None]
        names = {user_id: name for user_id in players if (name := self.names.get(user_id)) is not None}
        await self._service.name_results(table.game_id, names)
        owner = table.owner
        if len(table.seats) != 1 or owner is None or table.outcome is None or table.channel_id is None:
            return ""
        ended = table.ended_at if table.ended_at is not None else self._service.now()
        took = words.duration(round(ended - table.started_at))
        moves = getattr(table.public, "moves", None)
        if moves is None:
            lines = [words("Played in {took}.", took=took)]
        else:
            lines = [
                words.plural("Played in {took} and {n} move.", "Played in {took} and {n} moves.", moves, took=took)
            ]
        best, streak = await self._service.record_of(table.channel_id, table.kind, owner, table.game_id)
        score = table.outcome.scores[0]
        if best is not None and score > best:
            lines.append(words("A new best for you here (before: {best})!", best=words.number(best)))
        if table.outcome.winners and streak >= 2:
            lines.append(words.plural("{n} win in a row.", "{n} wins in a row.", streak))
        if DAILY_SETTING in table.settings:
            share = await self._service.daily_line(table.game_id, words)
            lines.append(words("Your daily result, to share (it names no card):") + f"\n```\n{share}\n```")
        if table.open_play:
            helpers = await self._service.helpers(table.game_id)
            credits = [
                words.plural(
                    "{name} ({n} move)", "{name} ({n} moves)", count, name=self.names.get(user_id) or mention(user_id)
                )
                for user_id, count in sorted(helpers.items(), key=lambda item: -item[1])
            ]
            if credits:
                helped = words.context("list separator", ", ").join(credits)
                lines.append(words("Helped by {players}.", players=helped))
        return "\n".join(lines)
