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
    """The table message as it is now (fresh from the simulated Discord), in the channel or one of its
    threads (where a Peanuts race is played)."""
    for channel in (room.channel, *room.channel.threads):
        for message in channel.history():
            if message.id == message_id:
                return message
    raise LookupError(f"no message {message_id} in #{room.channel.name} or its threads")


def components_in(message) -> list:
    """Every component of a message, nested ones included (a layout's container, its rows, their buttons).

    ``message`` is a discord.py message, or a SimCord response that carries one (``.message``)."""
    message = message if isinstance(message, discord.Message) else message.message
    found, pending = [], list(message.components)
    while pending:
        component = pending.pop(0)
        found.append(component)
        pending[:0] = list(getattr(component, "children", None) or ())
        if getattr(component, "accessory", None) is not None:
            pending.insert(0, component.accessory)
    return found


def text_of(message) -> str:
    """All the text a layout message shows (its heading, body and footer), one text display a line."""
    return "\n".join(c.content for c in components_in(message) if isinstance(c, discord.TextDisplay))


def descriptions_of(message) -> str:
    """The descriptions (alt text) of a layout message's pictures, one a line: what a screen reader reads."""
    galleries = [c for c in components_in(message) if isinstance(c, discord.MediaGalleryComponent)]
    return "\n".join(item.description or "" for gallery in galleries for item in gallery.items)


def title_of(message) -> str:
    """A layout message's heading."""
    return text_of(message).split("\n", 1)[0].removeprefix("### ")


def footer_of(message) -> str:
    """A layout message's small print under its controls."""
    texts = [c.content for c in components_in(message) if isinstance(c, discord.TextDisplay)]
    return texts[-1].removeprefix("-# ") if texts and texts[-1].startswith("-# ") else ""


def picture_of(message) -> str | None:
    """The attachment a layout message's media gallery shows (``attachment://…``), or None."""
    galleries = [c for c in components_in(message) if isinstance(c, discord.MediaGalleryComponent)]
    return galleries[0].items[0].media.url if galleries else None


def buttons_of(message) -> list[discord.Button]:
    return [c for c in components_in(message) if isinstance(c, discord.Button)]


def labels_of(message) -> list[str]:
    """The labels of a message's buttons, in order."""
    return [button.label or "" for button in buttons_of(message)]


def custom_ids_on(message) -> list[str]:
    """The custom ids of every button and select on the message."""
    return [c.custom_id for c in components_in(message) if getattr(c, "custom_id", None)]


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
    """Whether a finished one-player table offers nothing but **New game** and **Replay**."""
    return labels_of(message) == ["New game", "Replay"]
