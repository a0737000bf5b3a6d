"""Where an interaction comes from (:func:`place_of`), read from what Discord sends with it, and the refusal of
what works only where peapod is a member (:func:`need_member`).

Discord says in every interaction which installation made it possible (``authorizing_integration_owners``:
key 0 names the server peapod was added to, or 0 in its own DM; key 1 the person who installed it) and in
which kind of chat it happens (``context``: 0 a server, 1 peapod's DM, 2 any other DM or group DM).
"""

from typing import TypeVar

import discord
from discord import app_commands

from bot.core.errors import SeatingError, ServiceError
from bot.core.places import Place
from bot.core.service import Table
from bot.i18n import N_

T = TypeVar("T")
GROUP_CHANNEL = discord.ChannelType.group
SERVER_ONLY = N_(
    "This works in a server peapod was added to (with the server's invite link), not in DMs, group DMs or "
    "servers where peapod is only installed to someone."
)
"""The one sentence a per-server feature answers anywhere else."""
NOT_IN_CHAT = N_("{who} is not in this chat, so they would never see the invitation: invite someone who is.")
"""The refusal of an invitation to someone outside the DM or group DM it is made in."""
EVERYWHERE = (
    app_commands.AppInstallationType(guild=True, user=True),
    app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True),
)
"""Where a command works unless it says otherwise: installed to a server or a person, in any chat."""


NO_SCOPE = N_("Ratings are kept per server and per chat: ask in one.")
"""An interaction that names no chat (Discord sends one with every command)."""


class ServerOnlyError(ServiceError):
    """A per-server feature was asked for elsewhere."""

    message = SERVER_ONLY


def place_of(interaction: discord.Interaction) -> Place:
    """The kind of chat ``interaction`` comes from, and whether peapod is a member there."""
    if interaction.guild_id is not None:
        # Discord names at least one installation; one that names none comes from where peapod was added.
        added = interaction.is_guild_integration() or not interaction.is_user_integration()
        return Place.SERVER if added else Place.SERVER_APP
    if interaction.context.dm_channel:
        return Place.BOT_DM
    channel = interaction.channel
    if channel is not None and getattr(channel, "type", None) is GROUP_CHANNEL:
        return Place.GROUP_DM
    return Place.DM if interaction.context.private_channel else Place.BOT_DM


def people_of_chat(interaction: discord.Interaction) -> set[int] | None:
    """The ids of the people of the DM or group DM ``interaction`` comes from: in peapod's own DM, its person
    (and peapod); in a chat between people, the channel's recipients as Discord sends them with it (discord.py's
    ``DMChannel`` or ``GroupChannel``), and whoever asked. ``None`` where that cannot be known: in a server (a
    cog asks the server where peapod is a member), and where Discord sent the chat without its recipients (a
    ``PartialMessageable``, or a channel whose recipients are empty) — there an invitation is made as before,
    and one to someone outside the chat simply expires unseen."""
    place = place_of(interaction)
    if place is Place.BOT_DM:
        return {interaction.user.id} | ({interaction.client.user.id} if interaction.client.user else set())
    if place not in (Place.DM, Place.GROUP_DM):
        return None
    recipients = getattr(interaction.channel, "recipients", None)
    if not recipients:
        return None
    return {user.id for user in recipients} | {interaction.user.id}


def need_in_chat(interaction: discord.Interaction, invited: list[discord.Member | discord.User]) -> None:
    """Refuse (one sentence) an invitation to someone who is not in the DM or group DM it is made in, who could
    never see it; where the chat's people cannot be known (:func:`people_of_chat`), let it be."""
    people = people_of_chat(interaction)
    outside = [user for user in invited if people is not None and user.id not in people]
    if outside:
        raise SeatingError(NOT_IN_CHAT, who=outside[0].mention)


def scope_of(interaction: discord.Interaction) -> tuple[Place, int]:
    """Where a command is asked, and the scope whose ratings and daily board it reads there
    (:meth:`bot.core.places.Place.scope`)."""
    place = place_of(interaction)
    scope = place.scope(interaction.guild_id, interaction.channel_id)
    if scope is None:
        raise SeatingError(NO_SCOPE)
    return place, scope


def unshared(interaction: discord.Interaction) -> bool:
    """Whether Discord shows this interaction's answers to its user alone: peapod is only installed to them, in
    a server that turned **Use External Apps** off for them (every answer there comes back ephemeral)."""
    return place_of(interaction) is Place.SERVER_APP and not interaction.permissions.use_external_apps


def message_link(table: Table) -> str:
    """A link that opens a table's message (in a server, or ``@me`` for DMs and group DMs)."""
    where = table.guild_id if table.guild_id is not None else "@me"
    return f"https://discord.com/channels/{where}/{table.message_channel_id}/{table.message_id}"


def need_member(interaction: discord.Interaction) -> int:
    """The id of the server peapod was added to where ``interaction`` happens; anywhere else, a refusal (one
    sentence) of the per-server feature asked for."""
    if interaction.guild_id is None or place_of(interaction) is not Place.SERVER:
        raise ServerOnlyError()
    return interaction.guild_id


def server_only(command: app_commands.Command | app_commands.Group | app_commands.ContextMenu | None) -> bool:
    """Whether a command (by its root) was declared for servers that added peapod only."""
    while isinstance(command, app_commands.Command | app_commands.Group) and command.parent is not None:
        command = command.parent
    installs = command.allowed_installs if command is not None else None
    return installs is not None and not installs.user


def for_servers(command: T) -> T:
    """Declare a command (or a cog's group) for servers that added peapod only: Discord offers it nowhere else."""
    command = app_commands.allowed_installs(guilds=True, users=False)(command)
    return app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)(command)
