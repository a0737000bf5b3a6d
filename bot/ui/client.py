"""The bot behind an interaction, typed: what the controls use of it (its table service and its presenter, the
interactions in flight, the clicks it takes on, the answers Discord did not take, and the log context of a guild).

It is described here, as a Protocol, rather than named: :mod:`bot.app` imports the controls, and the
presenter draws them, so the controls naming ``PeapodBot`` or ``Presenter`` (even for the type checker
only) would be an import circle. ``tests/bot/test_client.py`` checks the presenter keeps to it.
"""

from collections.abc import Collection
from contextlib import AbstractContextManager
from typing import Any, Protocol, runtime_checkable

import discord

from bot.core.history import ReplayStep
from bot.core.service import Table, TableService
from bot.core.tournaments import Progress
from bot.i18n import Words
from bot.ops.failures import Intermittent
from bot.ops.intake import Intake
from bot.ops.stopping import InFlight
from games.base import Hint, Seat


class ShowingTournaments(Protocol):
    """The tournament desk's answer to a click on a tournament message
    (:class:`bot.ui.present.tournaments.TournamentDesk`)."""

    async def show_here(self, interaction: discord.Interaction, progress: Progress) -> None: ...


class Presenting(Protocol):
    """The presenter's calls the controls make (:class:`bot.ui.present.presenter.Presenter`)."""

    def remember(self, user: discord.abc.User) -> None: ...

    def pickable(self, table: Table) -> Collection[str]: ...

    def hint_text(self, words: Words, hint: Hint | None) -> str: ...

    def redraw(self, table: Table, note: str = "") -> None: ...

    async def post(self, interaction: discord.Interaction, table: Table) -> discord.Message: ...

    async def show_here(
        self, interaction: discord.Interaction, table: Table, *, picked: str | None = None, note: str = ""
    ) -> None: ...

    async def show_pick(self, interaction: discord.Interaction, table: Table, picked: str) -> None: ...

    async def open_panel(self, interaction: discord.Interaction, table: Table, seat: Seat, note: str = "") -> None: ...

    async def show_panel(self, interaction: discord.Interaction, table: Table, seat: Seat, note: str = "") -> None: ...

    async def tell(self, interaction: discord.Interaction, text: str) -> None: ...

    async def show_replay(self, interaction: discord.Interaction, step: ReplayStep, *, edit: bool = False) -> None: ...

    async def seated(self, interaction: discord.Interaction, table: Table) -> None: ...

    async def clicked(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def answered(self, interaction: discord.Interaction, game_id: int) -> None: ...

    @property
    def tournaments(self) -> ShowingTournaments: ...


@runtime_checkable
class Peapod(Protocol):
    """The bot as the controls see it (:class:`bot.app.PeapodBot`)."""

    @property
    def service(self) -> TableService: ...

    @property
    def presenter(self) -> Presenting: ...

    @property
    def in_flight(self) -> InFlight: ...

    @property
    def intake(self) -> Intake: ...

    @property
    def unanswered(self) -> Intermittent: ...

    def about(self, guild_id: int | None, **fields: Any) -> AbstractContextManager[None]: ...


def peapod(interaction: discord.Interaction) -> Peapod:
    """The bot that received ``interaction``; a client without a service and a presenter is a bug."""
    return peapod_client(interaction.client)


def peapod_client(client: discord.Client) -> Peapod:
    """``client`` as the peapod bot (for code handed the client rather than an interaction)."""
    if not isinstance(client, Peapod):
        raise TypeError(f"{type(client).__name__} is not the peapod bot")
    return client
