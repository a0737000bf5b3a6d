"""The Bot subclass: holds the table service, loads the cogs, registers the dynamic components."""

import logging
from collections.abc import Callable

import discord
from discord.ext import commands

from bot.config import Settings
from bot.core.service import TableService
from bot.errors import on_tree_error
from bot.store import Store
from bot.ui.components import DYNAMIC_ITEMS

log = logging.getLogger(__name__)

EXTENSIONS = ("bot.cogs.tables", "bot.cogs.patience", "bot.cogs.general")


class PeapodBot(commands.Bot):
    """peapod: card games for a Discord server. The store is opened by the caller and injected."""

    def __init__(self, settings: Settings, store: Store, *, seed_source: Callable[[], int] | None = None) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            help_command=None,
        )
        self.settings = settings
        self.service = TableService(store, seed_source=seed_source)

    async def setup_hook(self) -> None:
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.on_error = on_tree_error
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to development guild %s", len(synced), guild.id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d commands globally (may take up to an hour to appear)", len(synced))

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))


def create_bot(settings: Settings, store: Store, *, seed_source: Callable[[], int] | None = None) -> PeapodBot:
    """Build the bot without starting it (``__main__``, the tests and play mode all use this)."""
    return PeapodBot(settings, store, seed_source=seed_source)
