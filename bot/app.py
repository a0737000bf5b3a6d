"""The Bot subclass: holds the table service and the presenter, loads the cogs, registers the controls."""

import asyncio
import logging
import math
from collections.abc import Callable, Mapping
from typing import Any

import discord
from discord.ext import commands, tasks

from bot.config import Settings
from bot.core.service import TableService
from bot.errors import UNKNOWN_CONTROL, on_tree_error, reply_ephemeral
from bot.store import Store
from bot.ui.controls import CONTROLS, unanswered
from bot.ui.kind import KindUI
from bot.ui.kinds import KINDS
from bot.ui.present.edits import EditBudget
from bot.ui.present.presenter import Presenter
from games import GAMES
from games.ai.registry import AI_LEVELS, HINTS, TIMEOUT_ACTIONS
from games.base import Game
from games.leads import LEADS

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.cogs.patience",
    "bot.cogs.pebbles",
    "bot.cogs.peanuts",
    "bot.cogs.ratings",
    "bot.cogs.history",
    "bot.cogs.daily",
    "bot.cogs.general",
    "bot.cogs.tournament",
)
LONGEST_SLEEP = 30.0
"""With a database other processes share, the deadline task wakes at least this often (seconds), to
fire the deadlines they set."""
ALONE_SLEEP = 3600.0
"""With a database of its own, every deadline is set here and wakes the task; it still looks hourly."""
SHORTEST_SLEEP = 0.05
"""The deadline task sleeps until the next deadline (or the next UTC day), within these bounds."""


def discord_clock() -> float:
    """Now, in epoch seconds, as discord.py sees it (SimCord moves it in tests)."""
    return discord.utils.utcnow().timestamp()


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends a guild's events to; DMs always go to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


class PeapodBot(commands.AutoShardedBot):
    """peapod: card games for a Discord server. The store is opened by the caller and injected.

    It runs the shards ``settings.shard_ids`` of ``settings.shard_count`` (all of them, as many as
    Discord recommends, when unset); other processes may run the others on the same PostgreSQL.
    """

    def __init__(
        self,
        settings: Settings,
        store: Store,
        *,
        seed_source: Callable[[], int] | None = None,
        games: Mapping[str, Game[Any]] = GAMES,
        kinds: Mapping[str, KindUI] = KINDS,
        budget: EditBudget | None = None,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            help_command=None,
            shard_count=settings.shard_count,
            # discord.py's options TypedDict says list[int], but None (run every shard) is its documented default.
            shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None,  # type: ignore[arg-type]
        )
        self.settings = settings
        self.service = TableService(
            store,
            games=games,
            levels=AI_LEVELS,
            hints=HINTS,
            timeouts=TIMEOUT_ACTIONS,
            seed_source=seed_source,
            clock=discord_clock,
            on_deadline=self._deadline_set,
            leads=LEADS,
        )
        self._firing = False
        self.kinds = kinds
        self.presenter = Presenter(self, self.service, kinds, budget, owns=self.owns)
        self._healing: asyncio.Task[None] | None = None

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of a guild (None: of DMs), so it edits that channel's messages."""
        if self.shard_ids is None or self.shard_count is None:
            return True
        return shard_of(guild_id, self.shard_count) in self.shard_ids

    async def setup_hook(self) -> None:
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(*CONTROLS)
        self.tree.error(on_tree_error)
        self._healing = asyncio.create_task(self._heal_when_ready(), name="peapod-heal")
        self.deadlines.start()
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to development guild %s", len(synced), guild.id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d commands globally (may take up to an hour to appear)", len(synced))

    async def _heal_when_ready(self) -> None:
        await self.wait_until_ready()
        try:
            await self.presenter.heal()
        except Exception:
            log.exception("could not heal the tables at start")

    @tasks.loop(seconds=LONGEST_SLEEP)
    async def deadlines(self) -> None:
        """Fire the deadlines that are due, then sleep until the next one (they live in the database,
        so a restart loses none); a deadline set meanwhile for sooner wakes the loop early."""
        self._firing = True
        try:
            for fired in await self.service.fire_due():
                await self.presenter.fired(fired)
            await self.service.fire_tournaments()
            await self.presenter.daily_posts()
            upcoming = await self.service.next_deadline()
        except Exception:
            log.exception("a deadline failed")
            upcoming = None
        finally:
            self._firing = False
        upcoming = min(upcoming or math.inf, self.service.next_day_at())
        wait = upcoming - discord_clock()
        longest = LONGEST_SLEEP if self.service.shared_store else ALONE_SLEEP
        self.deadlines.change_interval(seconds=min(longest, max(SHORTEST_SLEEP, wait)))

    def _deadline_set(self, due_at: float) -> None:
        """The service set a deadline: wake the deadline task if it sleeps past it."""
        planned = self.deadlines.next_iteration
        if self._firing or not self.deadlines.is_running() or planned is None:
            return
        if due_at < planned.timestamp():
            self.deadlines.restart()

    @deadlines.before_loop
    async def _before_deadlines(self) -> None:
        await self.wait_until_ready()

    async def close(self) -> None:
        self.deadlines.cancel()
        await super().close()

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer clicks that no control will answer (forged, truncated or misplaced custom ids)."""
        if interaction.type is discord.InteractionType.component and unanswered(interaction):
            try:
                await reply_ephemeral(interaction, UNKNOWN_CONTROL)
            except discord.HTTPException:
                log.warning("could not answer interaction %s", interaction.id, exc_info=True)


def create_bot(
    settings: Settings,
    store: Store,
    *,
    seed_source: Callable[[], int] | None = None,
    games: Mapping[str, Game[Any]] = GAMES,
    kinds: Mapping[str, KindUI] = KINDS,
    budget: EditBudget | None = None,
) -> PeapodBot:
    """Build the bot without starting it (``__main__``, the tests and play mode all use this).

    ``games`` and ``kinds`` are the two registries (rules, and what Discord shows of each game);
    ``budget`` how often messages are edited outside interactions (Discord's limits by default).
    """
    return PeapodBot(settings, store, seed_source=seed_source, games=games, kinds=kinds, budget=budget)
