"""The play session's clock: SimCord's simulated time follows the real one, between the page's actions.

SimCord moves its clock only when told (``env.advance_time``), so without this the AI rival of a
practice race, the AI seats of a Pebbles and Nuts table and every deadline would wait forever. Every
``TICK`` seconds the clock advances by the real time elapsed and, when the bot did something meanwhile
(it sent a request), republishes the page so the move shows without pressing Refresh.

SimCord runs one operation at a time, and a click arriving while the clock advances would be refused
and leave the page blank. So the clock and the page take turns through one lock: the page's actions
are wrapped to hold it (:meth:`Clock.guard`). That wrap is the one place play mode reaches into
SimCord's private API (``Preview._action``, as of simcord 3.2.1, the version pyproject pins); the tests
check that it still serializes.
"""

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from typing import Any

import simcord
from simcord import SetupError
from simcord.preview import Preview

log = logging.getLogger("peapod.play")

TICK = 0.25
"""Seconds between two advances of the simulated clock."""


class Clock:
    """Advances ``env``'s clock with real time and republishes the page that ``preview()`` gives."""

    def __init__(
        self,
        env: simcord.Env,
        preview: Callable[[], Preview | None],
        *,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self._env = env
        self._preview = preview
        self._now = now
        self._last = now()
        self.lock = asyncio.Lock()

    def guard(self, preview: Preview) -> None:
        """Make each of the page's actions hold the clock's lock, so neither interrupts the other."""
        action = preview._action

        @functools.wraps(action)
        async def in_turn(*args: Any, **kwargs: Any) -> Any:
            async with self.lock:
                return await action(*args, **kwargs)

        # Replacing a method on one instance is the point here (SimCord's private API, see above).
        preview._action = in_turn  # type: ignore[method-assign]

    async def step(self) -> None:
        """Advance by the real time elapsed since the last step; republish the page if the bot acted."""
        now = self._now()
        elapsed, self._last = max(now - self._last, 0.0), now
        async with self.lock:
            before = len(self._env.http_requests)
            await self._env.advance_time(elapsed)
            preview = self._preview()
            if preview is not None and len(self._env.http_requests) != before:
                try:
                    await preview.refresh()
                except SetupError:
                    log.debug("the page was closed (More > End preview session); nothing to refresh")

    async def run(self) -> None:
        """Step every ``TICK`` seconds until cancelled; a step the bot could not settle is logged and skipped."""
        while True:
            await asyncio.sleep(TICK)
            try:
                await self.step()
            except TimeoutError:
                log.warning("the bot did not settle while the clock moved on", exc_info=True)
