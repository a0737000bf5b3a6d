"""Where a player can look in ``make play``, and the one SimCord Preview that shows it.

SimCord's Preview page shows one channel, and an Env has one Preview at a time. The bot plays a race
in a thread of its own and deals the daily deal into a DM, exactly as on Discord; so instead of
changing where the bot writes, the launcher moves the page: :func:`places` lists what a player can
open (the channel, its threads, their DMs with the bot, and where peapod is not a member: the group DM
they are in, the channel of the server that never added peapod), and :class:`Stage` closes the current
Preview and opens one on the chosen place. In a server's channel and its threads **Viewing as** switches
between all the players, in the group DM between its people (the chosen one first); a DM shows its one
owner. The stage's
:class:`~bot.play.clock.Clock` keeps the simulated time moving and takes turns with the page.
"""

import time
from collections.abc import Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass

from simcord.actors import MemberActor
from simcord.builders import ChannelHandle, UserHandle
from simcord.preview import Preview

from bot.play.clock import Clock
from bot.play.room import ELSEWHERE_SERVER, PlayRoom

CHANNEL_PLACE = "channel"
DM_PLACE = "dm"
THREAD_PLACE = "thread:"
GROUP_PLACE = "group"
ELSEWHERE_PLACE = "elsewhere"


@dataclass(frozen=True)
class Place:
    """Somewhere a player can look: ``key`` names it for :meth:`Stage.show`."""

    key: str
    label: str
    messages: int


def _count(channel: ChannelHandle, viewer: MemberActor | UserHandle) -> int:
    return len(channel.history(viewer=viewer))


def group_label(room: PlayRoom) -> str:
    names = [player.name for player in room.players if room.in_group(player)]
    return f"Group DM: {', '.join(names)}"


def elsewhere_label(room: PlayRoom) -> str:
    return f"#{room.elsewhere.name} on {ELSEWHERE_SERVER} (peapod not added; each player installed it)"


def places(room: PlayRoom, player: MemberActor) -> list[Place]:
    """The channel, its threads (the newest first), the player's DMs with the bot, the group DM when they are in
    it, and the channel of the server that never added peapod."""
    threads = sorted(room.channel.threads, key=lambda thread: -thread.id)
    group = [Place(GROUP_PLACE, group_label(room), _count(room.group, player.user))] if room.in_group(player) else []
    return [
        Place(CHANNEL_PLACE, f"#{room.channel.name}", _count(room.channel, player)),
        *(Place(f"{THREAD_PLACE}{thread.id}", f"Thread: {thread.name}", _count(thread, player)) for thread in threads),
        Place(DM_PLACE, f"{player.name}'s direct messages", _count(player.user.dm_channel, player.user)),
        *group,
        Place(ELSEWHERE_PLACE, elsewhere_label(room), _count(room.elsewhere, room.elsewhere_player(player))),
    ]


class Stage:
    """The session's one Preview, moved to whatever place a player opens, and the session's clock."""

    def __init__(self, room: PlayRoom, *, now: Callable[[], float] = time.monotonic) -> None:
        """``now`` is the real clock the simulated one follows (seconds)."""
        self._room = room
        self._open = AsyncExitStack()
        self.preview: Preview | None = None
        self.clock = Clock(room.env, lambda: self.preview, now=now)

    def _where(self, player: MemberActor, key: str) -> tuple[ChannelHandle, list]:
        room = self._room
        if key == CHANNEL_PLACE:
            channel = self._room.channel
        elif key == DM_PLACE:
            return player.user.dm_channel, [player.user]
        elif key == GROUP_PLACE:
            if not room.in_group(player):
                raise ValueError(f"{player.name} is not in the group DM")
            people = [other.user for other in room.players if other is not player and room.in_group(other)]
            return room.group, [player.user, *people]
        elif key == ELSEWHERE_PLACE:
            members = [room.elsewhere_player(other) for other in room.players if other is not player]
            return room.elsewhere, [room.elsewhere_player(player), *members]
        elif key.startswith(THREAD_PLACE):
            wanted = key.removeprefix(THREAD_PLACE)
            found = [thread for thread in self._room.channel.threads if str(thread.id) == wanted]
            if not found:
                raise ValueError(f"no thread {wanted!r}")
            channel = found[0]
        else:
            raise ValueError(f"no place {key!r}")
        return channel, [player, *(other for other in self._room.players if other is not player)]

    async def show(self, player: MemberActor, key: str) -> Preview:
        """Close the page showing anything else and open one on ``key``, viewed by ``player`` first."""
        channel, viewers = self._where(player, key)
        await self.close()
        preview = await self._open.enter_async_context(
            self._room.env.preview(channel, viewers=viewers, layout="channel", locale=self._room.locale)
        )
        self.clock.guard(preview)
        self.preview = preview
        return preview

    async def close(self) -> None:
        """Close the page; the clock is let finish a refresh of it first (not a click: the page lets
        the clicks it is answering finish as it closes, and they may be waiting for the clock)."""
        async with self.clock.lock:
            self.preview = None
        await self._open.aclose()
