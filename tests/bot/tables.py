"""Reading a table message the way a person sees it in the simulated Discord, and restarting the bot."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord

from bot.app import PeapodBot, create_bot
from bot.config import Settings
from bot.store import Store
from bot.ui import custom_ids

from .conftest import Room


def table_message(room: Room, message_id: int) -> discord.Message:
    """The table message as it is now (components and embed fresh from the simulated Discord)."""
    return next(message for message in room.channel.history() if message.id == message_id)


def custom_ids_on(message: discord.Message) -> list[str]:
    """The custom ids of every button and select on the message."""
    return [child.custom_id for row in message.components for child in row.children if child.custom_id]


def button_for(message: discord.Message, code: str) -> str:
    """The custom id of the button that plays ``code`` (an action code or ``!command``)."""
    return next(cid for cid in custom_ids_on(message) if cid.startswith("pp:") and cid.endswith(f":{code}"))


def game_id_of(message: discord.Message) -> int:
    """The game a running table message belongs to, read off its Resign button."""
    return custom_ids.parse_body(button_for(message, "!resign?").split(":", 1)[1]).game_id


@asynccontextmanager
async def restarted_bot(room: Room, settings: Settings) -> AsyncIterator[PeapodBot]:
    """Restart as a new process would: a new bot object on a new connection to the same database."""
    async with await Store.open(settings.database_path) as store:
        bot = create_bot(settings, store)
        await room.env.restart_bot(bot)
        yield bot
