"""Races played live (#34, ``bot.live``): the launches of the Activity and which race an Activity shows.

A Play live click records its race as launched in the click's channel; the Activity that opens there shows
the race launched there last. The moves made live go through :class:`~bot.core.play.Play` as clicks do, and
every saved action is announced by the store to every process (``Store.listen_changes``), where the live
races' sockets hear it.
"""

from collections.abc import Callable

from bot.core.tables import Tables, check_running
from bot.store import LiveLaunch, Store


class Live:
    """Launching a race in the Activity, and finding the race an Activity instance's channel shows."""

    def __init__(self, *, store: Store, clock: Callable[[], float], tables: Tables) -> None:
        self._store = store
        self._clock = clock
        self._tables = tables

    async def launch(self, game_id: int, channel_id: int, user_id: int) -> None:
        """Record that ``user_id`` launched the running game in the Activity of ``channel_id``.

        Raises GameNotFoundError, GameOverError (the race is over, or not dealt yet).
        """
        check_running(await self._tables.load(game_id))
        await self._store.record_launch(game_id, channel_id, user_id, at=self._clock())

    async def race_in(self, channel_id: int) -> LiveLaunch | None:
        """The race launched last in a channel (what its Activity shows), or None."""
        return await self._store.launched_in(channel_id)

    async def joined(self, instance_id: str, launch: LiveLaunch) -> None:
        """An Activity instance showed ``launch``'s race to a socket (recorded once per instance and race)."""
        await self._store.record_instance(instance_id, launch, at=self._clock())
