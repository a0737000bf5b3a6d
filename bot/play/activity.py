"""What SimCord lacks of Discord's Activities, added in this one module (``make play`` and the tests share it):
the launch, and the app's Entry Point command.

SimCord (3.2) answers the interaction callbacks 1 and 4–9; Discord also has 12, ``LAUNCH_ACTIVITY``
(``interaction.response.launch_activity()``), which opens the app's Activity in the interaction's channel for
the one who clicked and answers with the instance it opened. :func:`install` wraps SimCord's callback route
so that type 12 is answered as Discord answers it: the interaction is acknowledged, and the response names
the Activity instance (one per channel while it runs, as on Discord). Every other type goes to SimCord
unchanged. The launches are kept in :class:`Launches`, and told to whoever listens (the fake of Discord's
HTTP, which then knows where that instance runs and who is in it).

Once Activities are enabled on an app, Discord gives it an Entry Point command (type 4, with a ``handler``)
and refuses a bulk overwrite of the global commands that leaves it out (error 50240). :func:`install` lets
SimCord keep such a command (:func:`add_entry_point`, as the Developer Portal does) and refuse as Discord does.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import simcord.backend.ops.commands
import simcord.http.routes.commands
from simcord.backend import errors
from simcord.backend.ops.commands import CommandsMixin
from simcord.http import router
from simcord.http.routes import interactions

LAUNCH_ACTIVITY = 12
"""Discord's interaction callback type that launches the app's Activity."""
ENTRY_POINT = 4
"""Discord's command type of an app's Entry Point command (PRIMARY_ENTRY_POINT)."""
LAUNCHES_ACTIVITY = 2
"""An Entry Point's ``handler`` when Discord itself launches the Activity (DISCORD_LAUNCH_ACTIVITY)."""
ENTRY_POINT_REMOVED = errors.BackendError(
    400,
    50240,
    "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry "
    "Point command in your update request or delete it separately.",
)


@dataclass(frozen=True, slots=True)
class Launch:
    """One launch: who clicked, in which channel (and server), the instance it opened."""

    user_id: int
    channel_id: int
    guild_id: int | None
    instance_id: str


@dataclass
class Launches:
    """Every Activity launch SimCord answered, in order, and who hears of each."""

    launched: list[Launch] = field(default_factory=list)
    listeners: list[Callable[[Launch], None]] = field(default_factory=list)

    def instance_in(self, channel_id: int) -> str:
        """The instance of a channel's Activity (Discord runs one per channel at a time)."""
        return f"sim-{channel_id}"


def add_entry_point(backend: Any, name: str = "launch") -> dict[str, Any]:
    """The Entry Point command the Developer Portal adds when Activities are enabled on the app."""
    command = {
        "id": str(backend.snowflake()),
        "application_id": str(backend.application_id),
        "name": name,
        "type": ENTRY_POINT,
        "description": "",
        "handler": LAUNCHES_ACTIVITY,
        "contexts": [0, 1, 2],
        "integration_types": [0, 1],
        "options": [],
        "default_member_permissions": None,
        "dm_permission": True,
    }
    backend.commands.setdefault(None, {})[(name, ENTRY_POINT)] = command
    return command


def install(launches: Launches) -> Callable[[], None]:
    """Answer callback type 12, and keep Entry Point commands, in SimCord from now on; returns the call that
    takes both back out."""
    fields = simcord.backend.ops.commands.COMMAND_FIELDS
    register = CommandsMixin.register_commands

    def register_keeping_entry_point(backend: Any, guild_id: int | None, payloads: list[dict[str, Any]]) -> Any:
        had = any(key[1] == ENTRY_POINT for key in backend.commands.get(guild_id, {}))
        if guild_id is None and had and not any(payload.get("type") == ENTRY_POINT for payload in payloads):
            raise ENTRY_POINT_REMOVED
        return register(backend, guild_id, payloads)

    with_handler: Any = (*fields, "handler")
    simcord.backend.ops.commands.COMMAND_FIELDS = with_handler
    simcord.http.routes.commands.COMMAND_FIELDS = with_handler
    CommandsMixin.register_commands = register_keeping_entry_point  # type: ignore[method-assign,assignment]
    table = router._ROUTES["POST"]
    index = next(i for i, (_, handler) in enumerate(table) if handler is interactions.interaction_callback)
    parts, original = table[index]

    def callback(ctx: Any) -> Any:
        body = ctx.body()
        if body.get("type") != LAUNCH_ACTIVITY:
            return original(ctx)
        record = ctx.backend.interactions.get(ctx.int_arg("interaction_id"))
        if record is None or record.token != ctx.args["token"]:
            raise errors.unknown_interaction()
        if record.responded:
            raise errors.already_acknowledged()
        record.responded = True
        launch = Launch(record.user_id, record.channel_id, record.guild_id, launches.instance_in(record.channel_id))
        launches.launched.append(launch)
        for listener in launches.listeners:
            listener(launch)
        return {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "activity_instance_id": launch.instance_id,
                "response_message_id": None,
                "response_message_loading": False,
                "response_message_ephemeral": False,
            },
            "resource": {"type": LAUNCH_ACTIVITY, "activity_instance": {"id": launch.instance_id}},
        }

    table[index] = (parts, callback)

    def uninstall() -> None:
        table[index] = (parts, original)
        simcord.backend.ops.commands.COMMAND_FIELDS = fields
        simcord.http.routes.commands.COMMAND_FIELDS = fields
        CommandsMixin.register_commands = register  # type: ignore[method-assign]

    return uninstall
