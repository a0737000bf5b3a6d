"""The Activity launch SimCord lacks, added in this one module (``make play`` and the tests share it).

SimCord (3.2) answers the interaction callbacks 1 and 4–9; Discord also has 12, ``LAUNCH_ACTIVITY``
(``interaction.response.launch_activity()``), which opens the app's Activity in the interaction's channel for
the one who clicked and answers with the instance it opened. :func:`install` wraps SimCord's callback route
so that type 12 is answered as Discord answers it: the interaction is acknowledged, and the response names
the Activity instance (one per channel while it runs, as on Discord). Every other type goes to SimCord
unchanged. The launches are kept in :class:`Launches`, and told to whoever listens (the fake of Discord's
HTTP, which then knows where that instance runs and who is in it).
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from simcord.backend import errors
from simcord.http import router
from simcord.http.routes import interactions

LAUNCH_ACTIVITY = 12
"""Discord's interaction callback type that launches the app's Activity."""


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


def install(launches: Launches) -> Callable[[], None]:
    """Answer callback type 12 in SimCord from now on; returns the call that takes it back out."""
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

    return uninstall
