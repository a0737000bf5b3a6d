"""The Bot subclass: holds the table service and the presenter, loads the cogs, registers the controls,
fires the deadlines, and stops cleanly (:meth:`PeapodBot.stop`)."""

import asyncio
import logging
import math
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.cogs.translator import CatalogTranslator
from bot.config import Settings
from bot.core.service import Fired, TableService
from bot.errors import UNKNOWN_CONTROL, on_tree_error, reply_ephemeral, reply_error, words_of
from bot.i18n import words_for
from bot.ops import logs, metrics
from bot.ops.failures import Intermittent, cause_of
from bot.ops.intake import Intake
from bot.ops.interactions import Timing, outcome_of
from bot.ops.stopping import CLOSING_SECONDS, RESTARTING, STOP_SECONDS, Budget, InFlight
from bot.store import Store, StoreError, StoreUnavailableError
from bot.ui.answers import answer_failed, answer_landed
from bot.ui.controls import CONTROLS, lateness, unanswered
from bot.ui.deferral import Deferral, answering, answers_privately
from bot.ui.kind import KindUI
from bot.ui.kinds import KINDS
from bot.ui.language import remember
from bot.ui.places import EVERYWHERE, ServerOnlyError, need_member, server_only
from bot.ui.present.presenter import Presenter
from bot.ui.present.requests import EditBudget
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
    "bot.cogs.language",
    "bot.cogs.settings",
)
DEFERRED = (
    discord.InteractionResponseType.deferred_channel_message,
    discord.InteractionResponseType.deferred_message_update,
)
"""A command first answered like this was acknowledged ahead of its answer, at a moment not recorded."""
LONGEST_SLEEP = 30.0
"""With a database other processes share, the deadline task wakes at least this often (seconds), to
fire the deadlines they set."""
ALONE_SLEEP = 3600.0
"""With a database of its own, every deadline is set here and wakes the task; it still looks hourly."""
ENTRY_POINT = 4
"""Discord's command type of an app's Entry Point command (PRIMARY_ENTRY_POINT), which launches its Activity."""
ENTRY_POINT_FIELDS = (
    "name",
    "type",
    "description",
    "handler",
    "contexts",
    "integration_types",
    "name_localizations",
    "description_localizations",
    "default_member_permissions",
)
"""What of an Entry Point command a bulk overwrite sends back, so it stays as the Developer Portal made it."""
SHORTEST_SLEEP = 0.05
"""The deadline task sleeps until the next deadline (or the next UTC day), within these bounds."""


def discord_clock() -> float:
    """Now, in epoch seconds, as discord.py sees it (SimCord moves it in tests)."""
    return discord.utils.utcnow().timestamp()


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends a guild's events to; DMs always go to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


class PeapodTree(app_commands.CommandTree["PeapodBot"]):
    """The slash commands' tree: the bot checks each command before it runs (:meth:`PeapodBot.command_begins`)."""

    async def interaction_check(self, interaction: discord.Interaction["PeapodBot"], /) -> bool:
        return await self.client.command_begins(interaction)


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
            tree_cls=PeapodTree,
            allowed_installs=EVERYWHERE[0],
            allowed_contexts=EVERYWHERE[1],
            shard_count=settings.shard_count,
            # discord.py's options TypedDict says list[int], but None (run every shard) is its documented default.
            shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None,  # type: ignore[arg-type]
        )
        self.settings = settings
        self._store = store
        self.in_flight = InFlight()
        """The interactions being handled now; once it is stopping, new ones are turned away."""
        self.intake = Intake()
        """The clicks in progress and the pace they are answered at: one more than fits is turned away as busy."""
        self.unanswered = Intermittent(
            "could not answer interactions (their tables are redrawn)", "interactions are answered again", log
        )
        """The answers Discord did not take, said in a few lines (:func:`bot.ui.answers.answer_failed`)."""
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
        self._fire_again = False
        """The database answered again while deadlines were being fired: fire again at once after this pass."""
        self._claims_left = False
        """A pass the database broke off may have left deadlines claimed; they are given back before the next."""
        self.service.recovery.listen(self._store_back)
        self.kinds = kinds
        self.presenter = Presenter(self, self.service, kinds, budget, owns=self.owns, live=settings.live)
        self._healing: asyncio.Task[None] | None = None

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of a guild (None: of DMs), so it edits that channel's messages."""
        if self.shard_ids is None or self.shard_count is None:
            return True
        return shard_of(guild_id, self.shard_count) in self.shard_ids

    def about(self, guild_id: int | None, **fields: Any) -> AbstractContextManager[None]:
        """Mark the lines logged inside the block with the shard and guild (and ``fields``: the game)."""
        return logs.about(shard=shard_of(guild_id, self.shard_count or 1), guild=guild_id, **fields)

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(*CONTROLS)
        self.tree.error(self._command_failed)
        self._healing = asyncio.create_task(self._heal_when_ready(), name="peapod-heal")
        self.deadlines.start()
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to development guild %s", len(synced), guild.id)
        else:
            synced = await self.sync_global()
            log.info("synced %d commands globally (may take up to an hour to appear)", len(synced))
        self.presenter.mentions.synced(synced)

    async def sync_global(self) -> list[app_commands.AppCommand]:
        """Overwrite the global commands with the tree's, keeping the app's Entry Point command when Discord has
        one: once Activities are enabled, Discord refuses a bulk overwrite that drops it (error 50240) and then
        updates no command at all. discord.py knows no command of that type, so it is read and sent back as
        Discord's own JSON."""
        application_id = self.application_id
        if application_id is None:
            return await self.tree.sync()
        existing: list[dict[str, Any]] = [
            dict(command) for command in await self.http.get_global_commands(application_id)
        ]
        kept = [
            {key: command[key] for key in ENTRY_POINT_FIELDS if command.get(key) is not None}
            for command in existing
            if command.get("type") == ENTRY_POINT
        ]
        if not kept:
            return await self.tree.sync()
        translator = self.tree.translator
        payload = [
            await command.get_translated_payload(self.tree, translator) if translator else command.to_dict(self.tree)
            for command in self.tree.get_commands()
        ]
        data = await self.http.bulk_upsert_global_commands(application_id, payload=[*payload, *kept])
        return [
            app_commands.AppCommand(data=command, state=self._connection)
            for command in data
            if command.get("type") != ENTRY_POINT
        ]

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
        self._firing, self._fire_again = True, False
        try:
            if self._claims_left:
                await self._store.release_claims()
                self._claims_left = False
            for fired in await self.service.fire_due():
                await self._show_fired(fired)
            await self.service.fire_tournaments()
            await self.presenter.daily_posts()
            upcoming = await self.service.next_deadline()
        except StoreUnavailableError:
            # The database does not answer: what was due fires the moment it does (``_store_back``).
            self._claims_left = True
            self.service.recovery.failed()
            upcoming = None
        except Exception:
            log.exception("a deadline failed")
            upcoming = None
        finally:
            self._firing = False
        if self._fire_again:
            upcoming = discord_clock()
        upcoming = min(upcoming or math.inf, self.service.next_day_at())
        wait = upcoming - discord_clock()
        longest = LONGEST_SLEEP if self.service.shared_store else ALONE_SLEEP
        self.deadlines.change_interval(seconds=min(longest, max(SHORTEST_SLEEP, wait)))

    async def _show_fired(self, fired: Fired) -> None:
        table = fired.table
        if fired.decided is not None:
            metrics.ai_decided(fired.decided.game, fired.decided.level, fired.decided.seconds)
        with self.about(table.guild_id, game_id=table.game_id, game=table.kind):
            await self.presenter.fired(fired)

    def _store_back(self) -> None:
        """The database answers again: fire what fell due meanwhile now, not at the task's next pass."""
        if self.in_flight.stopping or not self.deadlines.is_running():
            return
        if self._firing:
            self._fire_again = True
        else:
            self.deadlines.restart()

    def _deadline_set(self, due_at: float) -> None:
        """The service set a deadline: wake the deadline task if it sleeps past it (not while stopping)."""
        planned = self.deadlines.next_iteration
        if self._firing or self.in_flight.stopping or not self.deadlines.is_running() or planned is None:
            return
        if due_at < planned.timestamp():
            self.deadlines.restart()

    @deadlines.before_loop
    async def _before_deadlines(self) -> None:
        await self.wait_until_ready()

    async def stop(self, seconds: float = STOP_SECONDS) -> None:
        """Stop cleanly within ``seconds`` (``python -m bot`` calls this on SIGTERM), in this order:

        1. take no new work: an interaction arriving now is told peapod is restarting, no deadline fires
           after those firing now, and ``/readyz`` says ``not ready: stopping``;
        2. let the interactions in flight and the deadlines firing finish (every move they acknowledged is
           saved already, and now drawn);
        3. send the redraws queued, within Discord's edit budget (a table left lagging when the time is up
           is redrawn by the next start, which heals every table whose message lags the database);
        4. give back the deadlines this process claimed, so another process fires them at once rather than
           when the claims' lease ends;
        5. close the gateway (``bot.start`` returns; the caller closes the database pool).

        Each wait takes what is left of ``seconds``, keeping :data:`CLOSING_SECONDS` for the last steps.
        """
        if self.in_flight.stopping:
            return
        self.in_flight.stopping = True
        budget = Budget(seconds, keep=CLOSING_SECONDS)
        log.info("stopping: %d interactions in flight", len(self.in_flight))
        if self._healing is not None:
            self._healing.cancel()
        firing = self.deadlines.get_task()
        self.deadlines.stop()
        if not self._firing:
            self.deadlines.cancel()  # asleep: nothing is being fired
        unfinished = await self.in_flight.finished(budget.left())
        if unfinished:
            log.warning("stopping: %d interactions did not finish in time", unfinished)
        if firing is not None and not firing.done():
            await asyncio.wait({firing}, timeout=budget.left())
            self.deadlines.cancel()  # still firing when the time was up: its claims are given back below
        try:
            await asyncio.wait_for(self.presenter.idle(), budget.left())
        except TimeoutError:
            log.warning("stopping: some redraws were not sent in time; the next start redraws those tables")
        try:
            released = await asyncio.wait_for(self._store.release_claims(), CLOSING_SECONDS)
        except Exception:
            log.exception("stopping: could not give back the deadline claims; they lapse with their lease")
        else:
            log.info("stopping: gave back %d deadline claims", released)
        await self.close()

    async def close(self) -> None:
        self.deadlines.cancel()
        await super().close()

    async def command_begins(self, interaction: discord.Interaction) -> bool:
        """The command tree's check before every slash command: its lines name the shard and guild, its clock
        starts, it is armed to be deferred if it is slow (:mod:`bot.ui.deferral`, as privately as it answers),
        and while the process stops it is turned away with a sentence."""
        logs.mark(shard=shard_of(interaction.guild_id, self.shard_count or 1), guild=interaction.guild_id)
        late = lateness(interaction)
        interaction.extras["timing"] = timing = Timing(late)
        if interaction.type is not discord.InteractionType.autocomplete and server_only(interaction.command):
            try:
                need_member(interaction)
            except ServerOnlyError as error:
                await reply_error(interaction, error)
                self._command_done(interaction, "refused")
                return False
        if self.in_flight.take():
            if interaction.type is not discord.InteractionType.autocomplete:
                kind = interaction.command.qualified_name if interaction.command else "command"
                private = answers_privately(interaction)
                Deferral(interaction, kind, ephemeral=private, acknowledged=timing.acknowledge).arm(late)
            return True
        if interaction.type is not discord.InteractionType.autocomplete:
            try:
                await reply_ephemeral(interaction, words_for(interaction.locale.value)(RESTARTING))
            except discord.HTTPException as error:
                answer_failed(interaction, error)
            self._command_done(interaction, "refused")
        return False

    async def on_app_command_completion(self, interaction: discord.Interaction, command: Any) -> None:
        await answering(interaction)
        answer_landed(interaction)
        self._command_done(interaction, "answered")

    async def _command_failed(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await on_tree_error(interaction, error)
        self._command_done(interaction, outcome_of(error))

    def _command_done(self, interaction: discord.Interaction, outcome: str) -> None:
        timing = interaction.extras.get("timing")
        if not isinstance(timing, Timing):
            return
        command = interaction.command
        answered = timing.since()
        acknowledged = timing.acknowledged
        if acknowledged is None:
            acknowledged = None if interaction.response.type in DEFERRED else answered
        metrics.interaction_done(command.qualified_name if command else "command", outcome, acknowledged, answered)

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer clicks that no control will answer (forged, truncated or misplaced custom ids), and keep the
        locale the user's client sent (for what the bot sends them unasked)."""
        if interaction.type is discord.InteractionType.component and unanswered(interaction):
            try:
                await reply_ephemeral(interaction, (await words_of(interaction))(UNKNOWN_CONTROL))
            except discord.HTTPException as error:
                answer_failed(interaction, error)
        try:
            await remember(interaction)
        except StoreError as error:
            log.warning("could not keep the locale of interaction %s: %s", interaction.id, cause_of(error))


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
