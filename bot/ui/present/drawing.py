"""A table's message drawn in full (:class:`Drawer`): its layout from :mod:`.layouts`, its picture rendered
in a worker thread, and the lines that ask the database (the ratings of a lobby's players, the end of a
one-player game). :class:`Names` keeps the display names the pictures and the results use.

Pictures are drawn in the deck their reader chose with ``/settings deck:`` (:meth:`Drawer.deck_of`): a seat's
panel and hand in its player's, a table played by one person alone (a patience, a race against the AI) in that
person's. A table several people share is drawn in the standard deck: everyone in the channel sees the same
picture, and no one's choice changes what the others read; each still gets their own deck on their own hand.
"""

import asyncio
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
    ai_name,
    hand_picture,
    mention,
    panel_layout,
    table_layout,
    table_picture,
    table_text,
)
from games.base import Seat
from render.labels import DeckStyle


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


def alone(table: Table) -> int | None:
    """The one person seated at ``table`` (beside AI seats, if any), whose deck its picture is drawn in; None
    when people share it."""
    people = {seat.user_id for seat in table.seats if seat.user_id is not None and not seat.ai}
    return next(iter(people)) if len(people) == 1 else None


def _reader(table: Table) -> int | None:
    """The one person a table is drawn for, whose ``pictures`` choice it follows: the player of a table they play
    alone (not an open one, which the channel shares); None for a shared table, which stays a picture."""
    return None if table.open_play else alone(table)


class Drawer:
    """Draws table messages and seats' panels; pictures are rendered in a worker thread."""

    def __init__(self, service: TableService, kinds: Mapping[str, KindUI], names: Names, *, live: bool = False) -> None:
        self._service = service
        self._kinds = kinds
        self.names = names
        self.live = live
        """Whether the Activity is served, so the tables of games that offer it show Play live."""

    def kind(self, table: Table) -> KindUI:
        return self._kinds[table.kind]

    async def table(
        self,
        table: Table,
        words: Words,
        *,
        picked: str | None = None,
        note: str = "",
        controls: bool = True,
    ) -> Parts:
        """The layout and (for a dealt game) the picture of a table message, in ``words`` (the server's); for a
        table its one player plays alone who turned pictures off, the text table (nothing attached or rendered)."""
        kind = self.kind(table)
        pictures = await self.pictures_of(_reader(table))
        if table.finished:
            note = "\n".join(part for part in (await self._the_end(words, table), note) if part)
        if table.public is None and not table.finished:
            note = "\n".join(part for part in (await self._ratings_line(words, table), note) if part)
        text = table_text(words, kind, table, note)
        names = self.names.of(words, table)
        view = table_layout(
            words,
            kind,
            table,
            text=text,
            names=names,
            picked=picked,
            controls=controls,
            pictures=pictures,
            live=self.live,
        )
        shown = table_picture(words, kind, table, names, picked)
        if shown is None or not pictures:
            return Parts(view, [])
        deck = await self.deck_of(alone(table))
        png = await asyncio.to_thread(kind.render, words, table, names, deck)
        return Parts(view, [shown.file(png)])

    async def picked(self, table: Table, words: Words, picked: str, text: str) -> Parts:
        """A table with a card picked in its menu: the destinations as controls, ``text`` as it was, and (for
        games whose picture shows a pick) the picture with the pick and where it may go outlined."""
        kind = self.kind(table)
        pictures = await self.pictures_of(_reader(table))
        names = self.names.of(words, table)
        view = table_layout(
            words, kind, table, text=text, names=names, picked=picked, pictures=pictures, live=self.live
        )
        shown = table_picture(words, kind, table, names, picked)
        if not pictures:
            return Parts(view, [])
        if kind.render_picked is None or shown is None:
            return Parts(view)
        png = await asyncio.to_thread(kind.render_picked, words, table, picked, await self.deck_of(alone(table)))
        return Parts(view, [shown.file(png)])

    async def panel(self, table: Table, seat: Seat, words: Words, note: str = "") -> Parts:
        """A seat's panel (its hand message too), in ``words`` (its player's): with the picture of its hand where
        the game draws one (for a player who turned pictures off, the text table: the hand in words)."""
        kind = self.kind(table)
        pictures = await self.pictures_of(table.seats[seat].user_id)
        view = panel_layout(words, kind, table, seat, note, pictures=pictures)
        shown = hand_picture(words, kind, table, seat)
        if not pictures:
            return Parts(view, [])
        if shown is None or kind.render_private is None:
            return Parts(view)
        deck = await self.deck_of(table.seats[seat].user_id)
        png = await asyncio.to_thread(kind.render_private, words, table, seat, deck)
        return Parts(view, [shown.file(png)])

    async def pictures_of(self, user_id: int | None) -> bool:
        """Whether a person wants pictures (``/settings pictures:``; yes for nobody in particular)."""
        return user_id is None or (await self._service.user_settings(user_id)).pictures

    async def deck_of(self, user_id: int | None) -> DeckStyle:
        """The deck a person chose for their pictures (the standard one for nobody)."""
        if user_id is None:
            return DeckStyle.STANDARD
        return DeckStyle((await self._service.user_settings(user_id)).deck)

    async def _ratings_line(self, words: Words, table: Table) -> str:
        """On a challenge or lobby of a rated game: the ratings of the people seated so far."""
        people = [user_id for user_id in table.players if user_id is not None]
        scope = table.scope
        if scope is None or not people or not self._service.is_rated_kind(table.kind):
            return ""
        known = await self._service.ratings(scope, table.kind, people)
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
