"""The table message: an embed with the picture of the table and the game's controls.

One message per game, edited in place after every action. The picture is rendered off the
event loop (``asyncio.to_thread``) because Pillow work would otherwise stall every other
interaction the bot is answering.
"""

import asyncio
import io
from types import ModuleType

import discord
from discord import ui

from bot.core.service import Table
from bot.ui import custom_ids, peek, penguin, triplepeaks
from bot.ui.components import GameButton
from games.base import EndReason
from render import render_table

KIND_UI: dict[str, ModuleType] = {"penguin": penguin, "peek": peek, "triplepeaks": triplepeaks}
IMAGE_NAME = "table.png"
COLOUR = discord.Colour.from_rgb(46, 125, 80)


async def table_file(table: Table) -> discord.File:
    """The rendered table as an attachment (rendered in a worker thread)."""
    png = await asyncio.to_thread(render_table, table.kind, table.public)
    return discord.File(io.BytesIO(png), filename=IMAGE_NAME)


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
    owner = f"<@{table.players[0]}>"
    return f"Open table started by {owner}: anyone here may play." if table.open_play else f"{owner}'s game."


def table_embed(table: Table, note: str = "") -> discord.Embed:
    """Title, the state of play, the last thing that happened, and the picture."""
    lines = [KIND_UI[table.kind].status(table)]
    summary = table.outcome.summary if table.outcome else None
    happened = " ".join(event.text for event in table.events if event.seats is None and event.text != summary)
    if happened:
        lines.append(happened)
    if table.finished:
        lines.append(_result_line(table))
    if note:
        lines.append(note)
    embed = discord.Embed(title=table.title, description="\n".join(lines), colour=COLOUR)
    embed.set_image(url=f"attachment://{IMAGE_NAME}")
    embed.set_footer(text=f"Game #{table.game_id} \u00b7 version {table.version}")
    return embed


COMMAND_ROW = 4
"""The row every table ends with: the game's own commands (Collect, Hint), then Undo and Resign."""


def table_view(table: Table, picked: str | None = None) -> ui.View:
    """The game's controls, then Undo (when there is something to take back) and Resign; none once over."""
    view = ui.View(timeout=None)
    if table.finished:
        return view
    for item in KIND_UI[table.kind].components(table, picked):
        view.add_item(item)
    if table.can_undo:
        view.add_item(GameButton(custom_ids.button_id(table.game_id, table.version, "!undo"), "Undo", row=COMMAND_ROW))
    resign = custom_ids.button_id(table.game_id, table.version, "!resign?")
    view.add_item(GameButton(resign, "Resign", style=discord.ButtonStyle.danger, row=COMMAND_ROW))
    return view
