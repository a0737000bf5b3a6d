"""The places Discord has and SimCord lacks, added to what SimCord sends in this one module.

SimCord (3.2) models a bot installed to servers only: every interaction says context 0 in a server and 1 in
the bot's DM, names no installation, and its only DMs are each person's DM with the bot. Discord also has
apps installed to a person, used in servers that never added the bot and in DMs and group DMs between
people. :func:`install` adds what the tests need of that, by wrapping four of SimCord's functions:

- ``interactions.base_payload``: each interaction carries ``context`` and ``authorizing_integration_owners``
  as Discord fills them (a server that added peapod: key 0 is the server; one listed in
  :attr:`Places.app_only` names the person's installation only; peapod's DM: key 0 is 0; a group DM:
  context 2, the person's installation, and a channel of type 3 with its recipients);
- ``command_access`` (where SimCord checks a command, and where it lists them): a group DM offers the
  commands that allow context 2 (private channels) and user installs; a server listed in ``app_only`` the
  commands that allow user installs;
- ``channel_accessible`` and ``_check_user_dm_channel``: the people of a group DM see it and act in it.

A DM between two people (:meth:`Places.dm`) is such a chat of type 1 (a group DM of two, as Discord sends it);
:func:`slash_in` and :func:`menu_in` run a slash command or an Apps menu entry there (SimCord's own run only in
the bot's DM and in servers).

SimCord still lets the bot's own REST calls reach those places (a real Discord answers 403): the tests count
them instead (:func:`bot_calls_to`), and expect none.
"""

from dataclasses import dataclass, field
from typing import Any

import discord
import simcord.actors
import simcord.backend.access
import simcord.backend.command_access
import simcord.backend.ops.commands
import simcord.interactions
from simcord import Env
from simcord.actors import _dispatch_actor_interaction, _resolve_visible_command, _slash
from simcord.backend import serializers
from simcord.builders import ChannelHandle, GuildHandle, UserHandle
from simcord.enums import AppCommandType, InteractionType

DM, GROUP_DM = 1, 3
"""Discord's channel types of a DM and a group DM (SimCord has no name for the second)."""
GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
"""Discord's interaction contexts."""
GUILD_INSTALL, USER_INSTALL = "0", "1"
"""The keys of ``authorizing_integration_owners``."""
USE_EXTERNAL_APPS = discord.Permissions(use_external_apps=True).value
USER_INSTALL_TYPE = 1
"""A command's ``integration_types`` value for installs to a person."""


@dataclass
class Places:
    """The servers where peapod is only installed to people, and the group DMs, of one test's SimCord."""

    app_only: set[int] = field(default_factory=set)
    """Ids of servers that never added peapod (its commands come from people who installed it)."""
    groups: dict[int, list[int]] = field(default_factory=dict)
    """Each group DM's (or DM's between people) channel id and its people's ids."""

    def server(self, env: Env, name: str) -> GuildHandle:
        """A new server that never added peapod; its @everyone may use external apps, as Discord's default is
        (SimCord's default role leaves that permission out)."""
        guild = env.create_guild(name)
        self.app_only.add(guild.id)
        env.backend.get_guild(guild.id).roles[guild.id].permissions |= USE_EXTERNAL_APPS
        return guild

    def group(self, env: Env, *people: UserHandle | Any) -> ChannelHandle:
        """A new group DM of ``people`` (users or members), peapod not among them."""
        return self._chat(env, GROUP_DM, people)

    def dm(self, env: Env, first: UserHandle | Any, second: UserHandle | Any) -> ChannelHandle:
        """A new DM between two people (not their DMs with peapod)."""
        return self._chat(env, DM, (first, second))

    def _chat(self, env: Env, kind: int, people: Any) -> ChannelHandle:
        users = [person.user if hasattr(person, "user") else person for person in people]
        channel = env.backend.create_channel(None, None, type=kind)
        channel.recipient_ids = [user.id for user in users]
        self.groups[channel.id] = channel.recipient_ids
        return ChannelHandle(env, None, channel)


async def slash_in(user: UserHandle, channel: ChannelHandle, name: str, /, **options: Any) -> Any:
    """``user`` runs a slash command in a group DM (SimCord's ``slash`` runs in the bot's DM only)."""
    return await _slash(user, channel, name, options)


async def menu_in(user: UserHandle, channel: ChannelHandle, name: str, target: UserHandle) -> Any:
    """``user`` picks ``name`` in the Apps menu on ``target`` in a group DM or a DM between people (SimCord's
    ``context_menu`` runs in servers only); Discord resolves the target as a user there, not a member."""
    root = _resolve_visible_command(user, channel.id, name, AppCommandType.USER)
    target_payload = dict(serializers.user_payload(user._env.backend.get_user(target.id)))
    data = {
        "id": root["id"],
        "name": root["name"],
        "type": AppCommandType.USER,
        "target_id": str(target.id),
        "resolved": {"users": {str(target.id): target_payload}},
    }
    return await _dispatch_actor_interaction(user, InteractionType.APPLICATION_COMMAND, channel, data)


def bot_calls_to(env: Env, channel_id: int) -> list[str]:
    """The bot's REST calls about a channel's messages or threads (an interaction's own webhook is not one)."""
    prefix = f"/channels/{channel_id}/"
    return [f"{entry.method} {entry.path}" for entry in env.http_requests if entry.path.startswith(prefix)]


def install(monkeypatch: Any) -> Places:
    """Make SimCord's interactions say where they happen, as Discord does (see the module's docstring)."""
    places = Places()
    base_payload = simcord.interactions.base_payload
    command_access = simcord.actors.command_access
    channel_accessible = simcord.backend.access.channel_accessible
    check_dm_channel = simcord.actors._check_user_dm_channel

    def with_place(backend: Any, *, user_id: int, guild_id: int | None, channel_id: int, **options: Any) -> Any:
        record, payload = base_payload(backend, user_id=user_id, guild_id=guild_id, channel_id=channel_id, **options)
        if guild_id is not None:
            payload["context"] = GUILD
            payload["authorizing_integration_owners"] = (
                {USER_INSTALL: str(user_id)} if guild_id in places.app_only else {GUILD_INSTALL: str(guild_id)}
            )
            if guild_id in places.app_only:
                payload["app_permissions"] = "0"
        elif channel_id in places.groups:
            payload["context"] = PRIVATE_CHANNEL
            payload["authorizing_integration_owners"] = {USER_INSTALL: str(user_id)}
            payload["channel"]["recipients"] = [
                {"id": str(person), "username": backend.get_user(person).name, "discriminator": "0", "avatar": None}
                for person in places.groups[channel_id]
            ]
        else:
            payload["context"] = BOT_DM
            payload["authorizing_integration_owners"] = {GUILD_INSTALL: "0"}
        return record, payload

    def access(backend: Any, command: dict[str, Any], *, user_id: int, channel_id: int) -> Any:
        channel = backend.get_channel(channel_id)
        if channel_id in places.groups or channel.guild_id in places.app_only:
            wanted = PRIVATE_CHANNEL if channel_id in places.groups else GUILD
            contexts, installs = command.get("contexts") or (), command.get("integration_types") or ()
            if wanted not in contexts or USER_INSTALL_TYPE not in installs:
                return simcord.backend.command_access._result(False, "context")
            if channel_id in places.groups:
                return simcord.backend.command_access._result(True)
        return command_access(backend, command, user_id=user_id, channel_id=channel_id)

    def accessible(backend: Any, channel_id: int, viewer_id: int, *, history: bool = False) -> bool:
        if channel_id in places.groups:
            return viewer_id == backend.bot_user.id or viewer_id in places.groups[channel_id]
        return channel_accessible(backend, channel_id, viewer_id, history=history)

    def check_dm(actor: Any, channel_id: int) -> None:
        if channel_id not in places.groups:
            check_dm_channel(actor, channel_id)

    monkeypatch.setattr(simcord.interactions, "base_payload", with_place)
    monkeypatch.setattr(simcord.actors, "command_access", access)
    monkeypatch.setattr(simcord.backend.ops.commands, "command_access", access)
    monkeypatch.setattr(simcord.backend.access, "channel_accessible", accessible)
    monkeypatch.setattr(simcord.actors, "_check_user_dm_channel", check_dm)
    return places
