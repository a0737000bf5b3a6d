"""Noticing the database's return (:class:`Recovery`): whatever failed because the store did not answer (a
deadline, a redraw) is told the moment it answers again, rather than waiting for its own next try."""

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

PROBE_SECONDS = 0.2
"""How often a store that failed is asked whether it answers again."""


class Recovery:
    """Told that the store failed (:meth:`failed`), asks it every ``every`` seconds (``probe``: any cheap
    query) until it answers, then calls each listener once; the log says when it went and when it came back."""

    def __init__(self, probe: Callable[[], Awaitable[object]], *, every: float = PROBE_SECONDS) -> None:
        self._probe = probe
        self.every = every
        """Seconds between two probes (tests lengthen it to fit a simulated clock)."""
        self._listeners: list[Callable[[], None]] = []
        self._watching: asyncio.Task[None] | None = None

    @property
    def down(self) -> bool:
        """Whether the store failed and has not answered since."""
        return self._watching is not None and not self._watching.done()

    def listen(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` each time the store answers again after a failure."""
        self._listeners.append(listener)

    def failed(self) -> None:
        """Something the store was asked failed because it did not answer: watch for its return."""
        if not self.down:
            log.warning("the database does not answer; what failed is tried again when it does")
            self._watching = asyncio.create_task(self._watch(), name="peapod-store-recovery")

    async def _watch(self) -> None:
        went = time.monotonic()
        while True:
            await asyncio.sleep(self.every)
            try:
                await self._probe()
            except Exception:  # noqa: BLE001 - any failure means it does not answer yet
                continue
            break
        log.info("the database answers again after %.1f s", time.monotonic() - went)
        for listener in self._listeners:
            try:
                listener()
            except Exception:
                log.exception("could not tell a part of the bot that the database answers again")
