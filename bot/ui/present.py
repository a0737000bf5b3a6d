"""The presenter: the only code that turns a :class:`~bot.core.service.Table` into Discord messages.

- :meth:`Presenter.post` posts a new game's table message (and only then is the game active);
- :meth:`Presenter.show_here` edits the message a click came from, as the click's own answer;
- :meth:`Presenter.redraw` edits a table message from outside an interaction. It returns at once:
  redraws are coalesced per message (the latest table wins) and sent by one worker per channel
  within Discord's edit budget, so it is never awaited while a game's lock is held and a busy
  table never delays the next click;
- :meth:`Presenter.heal` redraws every table whose message shows an older version than the
  database (after a crash between a save and its redraw) and drops deals that never got a message.

The budget: Discord allows about :data:`CHANNEL_EDITS` edits per :data:`CHANNEL_WINDOW` seconds for
all of a bot's messages in one channel, and discord.py makes later edits wait. So each message is
edited at most once per :data:`MESSAGE_SPACING` seconds, and when several tables of one channel are
busy the one edited longest ago goes first. Edits that answer a click do not count against it.

Pictures are rendered in a worker thread, off the event loop.
"""

import asyncio
import collections
import io
import logging
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

import discord
from discord import ui

from bot.core.service import Table, TableService
from bot.errors import shorten
from bot.ui.controls import PanelButton, ResignButton, UndoButton, button
from bot.ui.kind import KindUI
from games.base import EndReason, Seat

log = logging.getLogger(__name__)

IMAGE_NAME = "table.png"
HAND_IMAGE_NAME = "hand.png"
COLOUR = discord.Colour.from_rgb(46, 125, 80)
COMMAND_ROW = 4
"""The row every table ends with: the game's own commands (Collect, Hint), then Undo and Resign."""
CHANNEL_EDITS = 5
CHANNEL_WINDOW = 5.0
MESSAGE_SPACING = 1.0
MAX_DESCRIPTION = 4096
NO_MENTIONS = discord.AllowedMentions.none()


def _result_line(table: Table) -> str:
    outcome = table.outcome
    if outcome is None:
        return ""
    if outcome.reason is EndReason.RESIGNED:
        return "**Resigned.** " + outcome.summary
    if outcome.winners:
        return "**Won!** " + outcome.summary
    return "**Game over.** " + outcome.summary


def table_content(table: Table) -> str:
    """Who plays, as the message text: mentions there show as names everywhere (embeds may not)."""
    owner = f"<@{table.owner}>"
    return f"Open table started by {owner}: anyone here may play." if table.open_play else f"{owner}'s game."


def table_embed(kind: KindUI, table: Table, note: str = "") -> discord.Embed:
    """Title, the state of play, the last thing that happened, and the picture."""
    lines = [kind.status(table)]
    summary = table.outcome.summary if table.outcome else None
    happened = " ".join(event.text for event in table.public_events() if event.text != summary)
    if happened:
        lines.append(happened)
    if table.finished:
        lines.append(_result_line(table))
    if note:
        lines.append(note)
    embed = discord.Embed(title=table.title, description=shorten("\n".join(lines), MAX_DESCRIPTION), colour=COLOUR)
    embed.set_image(url=f"attachment://{IMAGE_NAME}")
    embed.set_footer(text=f"Game #{table.game_id} \u00b7 version {table.version}")
    return embed


def table_view(kind: KindUI, table: Table, picked: str | None = None) -> ui.View:
    """The game's controls, then Undo (when there is something to take back) and Resign; none once over."""
    view = ui.View(timeout=None)
    if table.finished:
        return view
    for item in kind.controls(table, picked):
        view.add_item(item)
    if kind.panel is not None:
        view.add_item(button(PanelButton, table, "My controls", style=discord.ButtonStyle.primary, row=COMMAND_ROW))
    if table.can_undo:
        view.add_item(button(UndoButton, table, "Undo", row=COMMAND_ROW))
    view.add_item(button(ResignButton, table, "Resign", style=discord.ButtonStyle.danger, row=COMMAND_ROW))
    return view


@dataclass
class _Redraw:
    table: Table
    note: str


def panel_text(kind: KindUI, table: Table, seat: Seat, note: str = "") -> str:
    """A seat's panel: whose it is, its own line, what only it was told, and a note."""
    lines = [f"**{table.title}** \u00b7 your controls (game #{table.game_id})"]
    if kind.panel_status is not None:
        lines.append(kind.panel_status(table, seat))
    lines += [event.text for event in table.events_for(seat)]
    if table.finished:
        lines.append(_result_line(table))
    if note:
        lines.append(note)
    return shorten("\n".join(lines))


def panel_view(kind: KindUI, table: Table, seat: Seat) -> ui.View:
    """A seat's own controls; none once the game is over."""
    view = ui.View(timeout=None)
    if kind.panel is not None and not table.finished:
        for item in kind.panel(table, seat):
            view.add_item(item)
    return view


def _versions(table: Table) -> tuple[int, int | None, int]:
    return table.game_id, table.shown_version, table.version


class _Channel:
    """One channel's edit budget and the table messages waiting to be redrawn in it."""

    def __init__(self) -> None:
        self.recent: collections.deque[float] = collections.deque()
        self.dirty: dict[int, _Redraw] = {}
        self.worker: asyncio.Task[None] | None = None


class Presenter:
    """Sends and edits every table message (see the module docstring)."""

    def __init__(self, client: discord.Client, service: TableService, kinds: Mapping[str, KindUI]) -> None:
        self._client = client
        self._service = service
        self._kinds = kinds
        self._channels: dict[int, _Channel] = {}
        self._edited: dict[int, float] = {}
        self._shown: dict[int, int] = {}

    def kind(self, table: Table) -> KindUI:
        return self._kinds[table.kind]

    def pickable(self, table: Table) -> Collection[str]:
        """The places the table's pick menu offers now."""
        return self.kind(table).pickable(table)

    async def _picture(self, table: Table) -> discord.File:
        png = await asyncio.to_thread(self.kind(table).render, table.public)
        return discord.File(io.BytesIO(png), filename=IMAGE_NAME)

    async def _message_parts(self, table: Table, *, picked: str | None = None, note: str = "") -> dict[str, Any]:
        kind = self.kind(table)
        return {
            "content": table_content(table),
            "embed": table_embed(kind, table, note),
            "view": table_view(kind, table, picked),
        }

    async def post(self, interaction: discord.Interaction, table: Table) -> discord.Message:
        """Post a new game's table message as the answer to ``interaction`` and make the game active."""
        if not interaction.response.is_done():
            await interaction.response.defer()
        parts = await self._message_parts(table)
        file = await self._picture(table)
        message = await interaction.followup.send(**parts, file=file, allowed_mentions=NO_MENTIONS, wait=True)
        await self._service.attach_message(table.game_id, message.id, table.version)
        self._shown[message.id] = table.version
        return message

    async def publish(self, table: Table) -> discord.Message:
        """Post a table message in the game's channel from outside an interaction; the game becomes active."""
        if table.channel_id is None:
            raise ValueError(f"game {table.game_id} has no channel")
        parts = await self._message_parts(table)
        file = await self._picture(table)
        channel = self._client.get_partial_messageable(table.channel_id)
        message = await channel.send(**parts, file=file, allowed_mentions=NO_MENTIONS)
        await self._service.attach_message(table.game_id, message.id, table.version)
        self._shown[message.id] = table.version
        return message

    async def _panel_parts(self, table: Table, seat: Seat, note: str) -> dict[str, Any]:
        kind = self.kind(table)
        parts: dict[str, Any] = {"content": panel_text(kind, table, seat, note), "view": panel_view(kind, table, seat)}
        if kind.render_private is not None:
            png = await asyncio.to_thread(kind.render_private, table.views[seat])
            parts["file"] = discord.File(io.BytesIO(png), filename=HAND_IMAGE_NAME)
        return parts

    async def open_panel(self, interaction: discord.Interaction, table: Table, seat: Seat, note: str = "") -> None:
        """Send the clicker a fresh private panel with their own controls."""
        parts = await self._panel_parts(table, seat, note)
        if interaction.response.is_done():
            await interaction.followup.send(**parts, ephemeral=True)
        else:
            await interaction.response.send_message(**parts, ephemeral=True)

    async def show_panel(self, interaction: discord.Interaction, table: Table, seat: Seat, note: str = "") -> None:
        """Redraw the panel the click came from, as the click's answer: the player sees their move at once."""
        parts = await self._panel_parts(table, seat, note)
        file = parts.pop("file", None)
        attachments = {"attachments": [file]} if file is not None else {}
        if interaction.response.is_done():
            await interaction.edit_original_response(**parts, **attachments)
        else:
            await interaction.response.edit_message(**parts, **attachments)

    async def show_here(
        self, interaction: discord.Interaction, table: Table, *, picked: str | None = None, note: str = ""
    ) -> None:
        """Redraw the table message the click came from, as the click's answer (acknowledged first)."""
        if not interaction.response.is_done():
            await interaction.response.defer()
        parts = await self._message_parts(table, picked=picked, note=note)
        file = await self._picture(table)
        await interaction.edit_original_response(**parts, attachments=[file])
        if table.message_id is not None:
            await self._shown_now(table)

    async def tell(self, interaction: discord.Interaction, text: str) -> None:
        """A short private sentence for the one who clicked."""
        if interaction.response.is_done():
            await interaction.followup.send(shorten(text), ephemeral=True)
        else:
            await interaction.response.send_message(shorten(text), ephemeral=True)

    @staticmethod
    def hint_text(action: Any | None) -> str:
        if action is None:
            return "I found no winning line from here; the game may be lost. *Undo* can take moves back."
        return f"Try **{action.label}**: it is on a winning line."

    def redraw(self, table: Table, note: str = "") -> None:
        """Ask for the table message to show ``table``; returns at once (see the module docstring)."""
        if table.channel_id is None or table.message_id is None:
            return
        channel = self._channels.setdefault(table.channel_id, _Channel())
        waiting = channel.dirty.get(table.message_id)
        if waiting is None or waiting.table.version <= table.version:
            channel.dirty[table.message_id] = _Redraw(table, note)
        if channel.worker is None or channel.worker.done():
            channel.worker = asyncio.create_task(self._work(table.channel_id, channel), name="peapod-redraw")

    async def idle(self) -> None:
        """Wait until every asked-for redraw has been sent (tests, shutdown)."""
        while any(channel.worker is not None and not channel.worker.done() for channel in self._channels.values()):
            await asyncio.gather(
                *(channel.worker for channel in self._channels.values() if channel.worker is not None),
                return_exceptions=True,
            )

    async def heal(self) -> None:
        """Redraw every table whose message lags the database; drop deals whose message never appeared."""
        dropped = await self._service.drop_unshown_deals()
        if dropped:
            log.info("dropped %d deals whose table message never appeared", len(dropped))
        for table in await self._service.lagging_tables():
            log.info("redrawing game %s: its message shows version %s of %s", *_versions(table))
            self.redraw(table)

    async def _work(self, channel_id: int, channel: _Channel) -> None:
        loop = asyncio.get_running_loop()
        while channel.dirty:
            now = loop.time()
            while channel.recent and channel.recent[0] <= now - CHANNEL_WINDOW:
                channel.recent.popleft()
            message_id = min(channel.dirty, key=lambda mid: self._edited.get(mid, float("-inf")))
            wait = self._edited.get(message_id, float("-inf")) + MESSAGE_SPACING - now
            if len(channel.recent) >= CHANNEL_EDITS:
                wait = max(wait, channel.recent[0] + CHANNEL_WINDOW - now)
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            redraw = channel.dirty.pop(message_id)
            if redraw.table.version <= self._shown.get(message_id, -1) and not redraw.note:
                continue
            channel.recent.append(now)
            self._edited[message_id] = now
            await self._edit(channel_id, message_id, redraw)

    async def _edit(self, channel_id: int, message_id: int, redraw: _Redraw) -> None:
        table = redraw.table
        message = self._client.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            parts = await self._message_parts(table, note=redraw.note)
            file = await self._picture(table)
            await message.edit(**parts, attachments=[file])
            await self._shown_now(table)
        except discord.NotFound:
            log.warning("table message of game %s is gone", table.game_id)
        except Exception:
            log.exception("could not redraw game %s", table.game_id)

    async def _shown_now(self, table: Table) -> None:
        if table.message_id is None:
            return
        if table.version > self._shown.get(table.message_id, -1):
            self._shown[table.message_id] = table.version
        await self._service.mark_shown(table.game_id, table.version)
