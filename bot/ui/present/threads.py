"""Race threads (:class:`Threads`): a table of a ``KindUI.threaded`` game is played on a board in a thread
of its own, opened from its first message in the channel, so each board has its own edit budget and
several races in one channel each keep up. The result comes back to that first message.
"""

import logging
from dataclasses import replace
from typing import Literal

import discord

from bot.core.service import Table, TableService
from bot.i18n import N_
from bot.ui.kind import KindUI
from bot.ui.layout import NO_CONTENT, NO_MENTIONS
from bot.ui.present.drawing import Drawer
from bot.ui.present.layouts import channel_mention, starter_layout, thread_name
from bot.ui.present.readers import table_words
from bot.ui.present.requests import Requests, Route

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES: Literal[60] = 60
"""A race thread left idle this long archives itself (the bot archives it when the race ends)."""
NO_THREAD = N_("I may not open threads in this channel, so the race is played on this message.")
THREAD_REFUSED = N_("Discord opened no thread for this race just now, so it is played on this message.")


def thread_channel(kind: KindUI, table: Table, channel: object) -> discord.TextChannel | None:
    """The channel to open a thread in for a table just dealt (None: the table is played where it is).

    Only a text channel can start a thread (not a thread, nor a voice channel's chat)."""
    if (
        kind.threaded
        and isinstance(channel, discord.TextChannel)
        and table.public is not None
        and not table.finished
        and table.thread_id is None
        and table.guild_id is not None
        and table.place.member
    ):
        return channel
    return None


class Threads:
    """Opens a race's thread with its board, and brings the result back to the channel at the end."""

    def __init__(self, client: discord.Client, service: TableService, drawer: Drawer, requests: Requests) -> None:
        self._client = client
        self._requests = requests
        self._service = service
        self._drawer = drawer

    async def open(
        self, table: Table, channel: discord.TextChannel, starter_id: int, *, says_where: bool = False
    ) -> Table | None:
        """Open a thread from the table's first message (``starter_id`` in ``channel``) and deal the board
        there. Returns the table as now saved, whose message shows ``table.version`` (None: another process
        opened the race's thread first). Where no thread can be opened the first message becomes the
        board, and says why. The first message is edited to say where the race is, unless it ``says_where``
        already (a tournament's match: one request fewer in the channel for each match dealt at once).

        The first message is asked of ``channel``: a message an interaction's webhook returns carries no
        guild, and discord.py opens no thread from it.
        """
        starter = channel.get_partial_message(starter_id)
        words = await table_words(self._client, table)
        try:
            async with self._requests.slot(channel.id, Route.THREAD, first=True):
                thread = await starter.create_thread(
                    name=thread_name(words, table, self._drawer.names.of(words, table)),
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                )
        except discord.HTTPException as error:
            log.warning("no thread for game %s (%s); its board stays in the channel", table.game_id, error)
            why = words(NO_THREAD if isinstance(error, discord.Forbidden) else THREAD_REFUSED)
            parts = await self._drawer.table(table, words, note=why)
            async with self._requests.slot(channel.id, Route.EDIT, first=True):
                await starter.edit(**parts.edit())
            return replace(table, message_id=starter.id)
        parts = await self._drawer.table(table, words)
        async with self._requests.slot(thread.id, Route.POST, first=True):
            board = await thread.send(view=parts.view, files=parts.files or [], allowed_mentions=NO_MENTIONS)
        if not await self._service.move_to_thread(table.game_id, thread.id, board.id):
            log.warning("game %s already had a thread; the board in %s is not used", table.game_id, thread.id)
            return None
        if not says_where:
            async with self._requests.slot(channel.id, Route.EDIT):
                await starter.edit(view=starter_layout(words, self._drawer.kind(table), table, thread.id), **NO_CONTENT)
        return await self._service.table(table.game_id)

    async def close(self, board: discord.PartialMessage, table: Table) -> bool:
        """A race played in its thread has ended: the board keeps the final position without controls, and
        the thread is archived. Returns whether the table has just left its thread (its first message in
        the channel is now the table message, to be redrawn with the end and Rematch).

        The thread is the one the bot opened, so it is known without asking Discord for it."""
        words = await table_words(self._client, table)
        note = words("The result is in {channel}.", channel=channel_mention(table.channel_id))
        parts = await self._drawer.table(table, words, note=note, controls=False)
        async with self._requests.slot(board.channel.id, Route.EDIT):
            await board.edit(**parts.edit())
        if table.thread_id is None or table.channel_id is None or table.message_id is None:
            return False
        left = await self._service.leave_thread(table.game_id, table.message_id)
        try:
            thread = self._client.get_channel(table.thread_id) or await self._client.fetch_channel(table.thread_id)
            if isinstance(thread, discord.Thread) and not thread.archived:
                async with self._requests.slot(thread.id, Route.CHANNEL):
                    await thread.edit(archived=True)
        except discord.HTTPException:
            log.warning("could not archive the thread of game %s", table.game_id, exc_info=True)
        return left
