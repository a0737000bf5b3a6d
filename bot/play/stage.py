"""Where a player can look in ``make play``, and the one SimCord Preview that shows it.

SimCord's Preview page shows one channel, and an Env has one Preview at a time. The bot plays a race
in a thread of its own and deals the daily deal into a DM, exactly as on Discord; so instead of
changing where the bot writes, the launcher moves the page: :func:`places` lists what a player can
open (the channel, its threads, their DMs with the bot), and :class:`Stage` closes the current
Preview and opens one on the chosen place. In the channel and its threads **Viewing as** switches
between all the players (the chosen one first); a DM shows its one owner. The stage's
:class:`~bot.play.clock.Clock` keeps the simulated time moving and takes turns with the page.
"""

import time
from collections.abc import Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass

from simcord.actors import MemberActor
from simcord.builders import ChannelHandle
from simcord.preview import Preview

from bot.play.clock import Clock
from bot.play.room import PlayRoom

CHANNEL_PLACE = "channel"
DM_PLACE = "dm"
THREAD_PLACE = "thread:"


@dataclass(frozen=True)
class Place:
    """Somewhere a player can look: ``key`` names it for :meth:`Stage.show`."""

    key: str
    label: str
    messages: int


def _count(channel: ChannelHandle, player: MemberActor) -> int:
    return len(channel.history(viewer=player.user if channel.guild is None else player))


def places(room: PlayRoom, player: MemberActor) -> list[Place]:
    """The channel, its threads (the newest first) and the player's DMs with the bot."""
    threads = sorted(room.channel.threads, key=lambda thread: -thread.id)
    return [
        Place(CHANNEL_PLACE, f"#{room.channel.name}", _count(room.channel, player)),
        *(Place(f"{THREAD_PLACE}{thread.id}", f"Thread: {thread.name}", _count(thread, player)) for thread in threads),
        Place(DM_PLACE, f"{player.name}'s direct messages", _count(player.user.dm_channel, player)),
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
        if key == CHANNEL_PLACE:
            channel = self._room.channel
        elif key == DM_PLACE:
            return player.user.dm_channel, [player.user]
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
