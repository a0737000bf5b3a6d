"""Reading a table message the way a person sees it in the simulated Discord."""

import discord

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
