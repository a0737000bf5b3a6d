"""``python -m bot.translations`` (``make translations``): extract every message id (the code's, the engines'
phrase templates, the slash commands') into ``bot/i18n/peapod.pot`` and bring every shipped ``.po`` up to date."""

import asyncio
import tempfile
from pathlib import Path

from bot.app import EXTENSIONS, create_bot
from bot.cogs.translator import command_strings
from bot.config import Settings
from bot.i18n.extract import Message, code_messages, template_catalog, template_messages, write
from bot.store.sqlite import SqliteStore


async def command_messages() -> list[Message]:
    """The ids of the slash commands, read from the command tree the cogs build."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "peapod.db"
        store = await SqliteStore.open(path)
        try:
            bot = create_bot(Settings(_env_file=None, discord_token=None, database_path=path), store)
            for extension in EXTENSIONS:
                await bot.load_extension(extension)
            strings = await command_strings(bot.tree)
        finally:
            await store.close()
    return [Message(message, context, "bot/cogs") for message, context in sorted(strings, key=str)]


async def all_messages() -> list[Message]:
    """Every message id peapod words."""
    return code_messages() + template_messages() + await command_messages()


def main() -> None:
    template = template_catalog(asyncio.run(all_messages()))
    write(template)
    print(f"{len(template)} message ids in {len(template) and 'bot/i18n/peapod.pot'}")


if __name__ == "__main__":
    main()
