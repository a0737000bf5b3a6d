"""The places of ``make play`` where peapod is not a member: a group DM of three players, and a server that never
added peapod, where each player installed it to themselves.

SimCord (3.2) models a bot installed to servers only: every interaction says context 0 in a server and 1 in the
bot's DM, names no installation, and its only DMs are each person's DM with the bot. This module is the one place
that says what SimCord is told instead: :func:`simcord_hooks` wraps four of SimCord's functions, for
``make play`` (:func:`installed`, for one session) and for the tests (``tests/bot/places.py``, through pytest's
``monkeypatch``):

- ``interactions.base_payload``: each interaction carries ``context`` and ``authorizing_integration_owners`` as
  Discord fills them (a server that added peapod: key 0 is the server; one in :attr:`ChatPlaces.app_only`: the
  person's installation only, and no permissions for peapod itself; peapod's DM: key 0 is 0; a group DM, or a
  DM between two people: context 2, the person's installation, and the channel with its recipients);
- ``command_access`` (where SimCord checks a command, and where it lists them for the page's **/** picker): a
  group DM offers the commands that allow private channels and installs to a person; a server in ``app_only``
  the commands that allow installs to a person;
- ``channel_accessible`` and ``_check_user_dm_channel``: the people of a group DM see it and act in it.

``make play`` adds :func:`page_hooks`, the page's two checks that a person's page shows their own DM with the
bot (``_validate_preview`` when it opens, ``_prepare_command_action`` when a command is typed): for a group DM
they are asked about that person as if the group were their DM, for the length of the (synchronous) check only.
"""

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord.actors
import simcord.backend.access
import simcord.backend.command_access
import simcord.backend.ops.commands
import simcord.interactions
import simcord.preview
import simcord.preview._actions
from simcord import Env
from simcord.builders import ChannelHandle, GuildHandle, UserHandle

DM, GROUP_DM = 1, 3
"""Discord's channel types of a DM and a group DM (SimCord has no name for the second)."""
GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
"""Discord's interaction contexts."""
GUILD_INSTALL, USER_INSTALL = "0", "1"
"""The keys of ``authorizing_integration_owners``."""
USER_INSTALL_TYPE = 1
"""A command's ``integration_types`` value for installs to a person."""
USE_EXTERNAL_APPS = discord.Permissions(use_external_apps=True).value

Hook = tuple[object, str, Callable[[Any], Any]]
"""Where a SimCord function lives, its name, and what wraps it (given the original, returns the replacement)."""


@dataclass
class ChatPlaces:
    """The servers where peapod is only installed to people, and the group DMs, of one session (or one test)."""

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
        """A new DM between two people (not their DMs with peapod): a chat of type 1, as Discord sends it."""
        return self._chat(env, DM, (first, second))

    def _chat(self, env: Env, kind: int, people: Any) -> ChannelHandle:
        users = [person.user if hasattr(person, "user") else person for person in people]
        channel = env.backend.create_channel(None, None, type=kind)
        channel.recipient_ids = [user.id for user in users]
        self.groups[channel.id] = channel.recipient_ids
        return ChannelHandle(env, None, channel)

    @contextmanager
    def as_their_dm(self, backend: Any, channel_id: int, user_ids: list[int]) -> Iterator[None]:
        """For a check that asks whether a channel is each person's DM: a group DM is, to its own people."""
        people = [user_id for user_id in user_ids if user_id in self.groups.get(channel_id, ())]
        kept = {user_id: backend.dm_channels.get(user_id) for user_id in people}
        for user_id in people:
            backend.dm_channels[user_id] = channel_id
        try:
            yield
        finally:
            for user_id, dm in kept.items():
                if dm is None:
                    backend.dm_channels.pop(user_id, None)
                else:
                    backend.dm_channels[user_id] = dm


def simcord_hooks(places: ChatPlaces) -> list[Hook]:
    """What SimCord is told, and lets people do, in ``places`` (the module's docstring): for ``make play`` and
    the tests alike."""

    def payload(base_payload: Any) -> Any:
        def with_place(backend: Any, *, user_id: int, guild_id: int | None, channel_id: int, **options: Any) -> Any:
            record, sent = base_payload(backend, user_id=user_id, guild_id=guild_id, channel_id=channel_id, **options)
            if guild_id is not None:
                sent["context"] = GUILD
                sent["authorizing_integration_owners"] = (
                    {USER_INSTALL: str(user_id)} if guild_id in places.app_only else {GUILD_INSTALL: str(guild_id)}
                )
                if guild_id in places.app_only:
                    sent["app_permissions"] = "0"
            elif channel_id in places.groups:
                sent["context"] = PRIVATE_CHANNEL
                sent["authorizing_integration_owners"] = {USER_INSTALL: str(user_id)}
                sent["channel"]["recipients"] = [
                    {"id": str(person), "username": backend.get_user(person).name, "discriminator": "0", "avatar": None}
                    for person in places.groups[channel_id]
                ]
            else:
                sent["context"] = BOT_DM
                sent["authorizing_integration_owners"] = {GUILD_INSTALL: "0"}
            return record, sent

        return with_place

    def access(command_access: Any) -> Any:
        def in_place(backend: Any, command: dict[str, Any], *, user_id: int, channel_id: int) -> Any:
            channel = backend.get_channel(channel_id)
            if channel_id in places.groups or channel.guild_id in places.app_only:
                wanted = PRIVATE_CHANNEL if channel_id in places.groups else GUILD
                contexts, installs = command.get("contexts") or (), command.get("integration_types") or ()
                if wanted not in contexts or USER_INSTALL_TYPE not in installs:
                    return simcord.backend.command_access._result(False, "context")
                if channel_id in places.groups:
                    return simcord.backend.command_access._result(True)
            return command_access(backend, command, user_id=user_id, channel_id=channel_id)

        return in_place

    def accessible(channel_accessible: Any) -> Any:
        def to_people(backend: Any, channel_id: int, viewer_id: int, *, history: bool = False) -> bool:
            if channel_id in places.groups:
                return viewer_id == backend.bot_user.id or viewer_id in places.groups[channel_id]
            return bool(channel_accessible(backend, channel_id, viewer_id, history=history))

        return to_people

    def dm_check(check_dm_channel: Any) -> Any:
        def in_groups_too(actor: Any, channel_id: int) -> None:
            if channel_id not in places.groups:
                check_dm_channel(actor, channel_id)

        return in_groups_too

    return [
        (simcord.interactions, "base_payload", payload),
        (simcord.actors, "command_access", access),
        (simcord.backend.ops.commands, "command_access", access),
        (simcord.backend.access, "channel_accessible", accessible),
        (simcord.actors, "_check_user_dm_channel", dm_check),
    ]


def page_hooks(places: ChatPlaces) -> list[Hook]:
    """The page's checks that a person looks at their own DM with the bot, passed for a group DM's people."""

    def page_opening(validate: Any) -> Any:
        def for_group(env: Any, channel: Any, viewers: Any, **options: Any) -> Any:
            people = [getattr(viewer, "id", 0) for viewer in viewers]
            with places.as_their_dm(env.backend, channel.id, people):
                return validate(env, channel, viewers, **options)

        return for_group

    def command_typed(prepare: Any) -> Any:
        def for_group(preview: Any, page: Any, kind: str, body: Any, actor: Any) -> Any:
            with places.as_their_dm(preview.env.backend, page.channel_id, [actor.id]):
                return prepare(preview, page, kind, body, actor)

        return for_group

    return [
        (simcord.preview, "_validate_preview", page_opening),
        (simcord.preview._actions, "_prepare_command_action", command_typed),
    ]


@contextmanager
def _swapped(owner: object, name: str, wrap: Callable[[Any], Any]) -> Iterator[None]:
    original = getattr(owner, name)
    setattr(owner, name, wrap(original))
    try:
        yield
    finally:
        setattr(owner, name, original)


@contextmanager
def installed(places: ChatPlaces) -> Iterator[ChatPlaces]:
    """SimCord says where each interaction happens and lets people act in ``places`` (the module's docstring),
    for as long as the block runs."""
    with ExitStack() as stack:
        for owner, name, wrap in [*simcord_hooks(places), *page_hooks(places)]:
            stack.enter_context(_swapped(owner, name, wrap))
        yield places
