"""Reading a table message the way a person sees it in the simulated Discord, and restarting the bot."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord

from bot.app import PeapodBot, create_bot
from bot.config import Settings
from bot.store import SqliteStore
from bot.ui import custom_ids

from .conftest import Room


def table_message(room: Room, message_id: int) -> discord.Message:
    """The table message as it is now (components and embed fresh from the simulated Discord)."""
    return next(message for message in room.channel.history() if message.id == message_id)


def custom_ids_on(message: discord.Message) -> list[str]:
    """The custom ids of every button and select on the message."""
    return [child.custom_id for row in message.components for child in row.children if child.custom_id]


COMMANDS = {"!undo": custom_ids.UNDO, "!hint": custom_ids.HINT, "!resign?": custom_ids.RESIGN}
"""The table commands by the names these tests use for them."""


def button_for(message: discord.Message, code: str) -> str:
    """The custom id of the button that plays ``code`` (an action code, or one of :data:`COMMANDS`)."""
    if code in COMMANDS:
        return next(cid for cid in custom_ids_on(message) if cid.startswith(f"{COMMANDS[code]}:"))
    return next(
        cid for cid in custom_ids_on(message) if cid.startswith(f"{custom_ids.ACTION}:") and cid.endswith(f":{code}")
    )


def pick_id(message: discord.Message) -> str:
    """The custom id of the table's pick menu."""
    return next(cid for cid in custom_ids_on(message) if cid.startswith(f"{custom_ids.PICK}:"))


def game_id_of(message: discord.Message) -> int:
    """The game a table message belongs to, read off its controls (every table control names it)."""
    return int(custom_ids_on(message)[0].split(":")[1])


def private_text(result) -> str:
    """The private sentence a click or command was answered with (its response, or its first private followup)."""
    if result.ephemeral and result.response is not None:
        return result.response.content
    private = [followup for followup in result.followups if followup.ephemeral]
    assert private, f"no private answer: {result!r}"
    return private[0].content


@asynccontextmanager
async def restarted_bot(room: Room, settings: Settings) -> AsyncIterator[PeapodBot]:
    """Restart as a new process would: a new bot object on a new connection to the same database."""
    async with await SqliteStore.open(settings.database_path) as store:
        bot = create_bot(settings, store)
        await room.env.restart_bot(bot)
        yield bot


async def resign_by_command(actor, room: Room, kind: str):
    """``/<kind> resign`` asks first; the person confirms with the button on the question."""
    asked = await actor.slash(room.channel, f"{kind} resign")
    assert asked.ephemeral and "counts as a loss" in asked.response.content
    question = asked.response.message
    return await actor.click(question, custom_id=custom_ids_on(question)[0])


def only_new_game(message: discord.Message) -> bool:
    """Whether a finished one-player table offers nothing but **New game**."""
    return [child.label for row in message.components for child in row.children] == ["New game"]
