"""A clean stop (SIGTERM: what ``docker stop`` and Kubernetes send): the interactions in flight, and the
time budget the stop keeps to.

While the bot runs, every interaction it handles is counted as in flight (:meth:`InFlight.take`, from the
task that handles it); once it stops, new ones are refused with :data:`RESTARTING` and the stop waits for
those in flight to finish. The steps themselves are the bot's (:meth:`bot.app.PeapodBot.stop`).
"""

import asyncio
import time

from bot.i18n import N_

STOP_SECONDS = 10.0
"""The whole stop, from the signal to the process's exit (``docker stop`` kills after 10 s)."""
CLOSING_SECONDS = 2.0
"""Of :data:`STOP_SECONDS`, what is kept for the last steps (the claims given back, the gateway and the
database pool closed), however long the waits before them took."""
RESTARTING = N_("peapod is restarting; try again in a moment.")


class Budget:
    """What is left of a stop's seconds: each step waits at most :meth:`left`."""

    def __init__(self, seconds: float, *, keep: float = 0.0) -> None:
        self._ends = time.monotonic() + seconds - keep

    def left(self) -> float:
        return max(0.0, self._ends - time.monotonic())


class InFlight:
    """The tasks handling an interaction now; once :attr:`stopping`, no new one is taken."""

    def __init__(self) -> None:
        self.stopping = False
        self._tasks: set[asyncio.Task[object]] = set()

    def take(self) -> bool:
        """Count the current task as handling an interaction until it ends; False when the process is
        stopping (the caller answers :data:`RESTARTING` instead)."""
        if self.stopping:
            return False
        task = asyncio.current_task()
        if task is not None and task not in self._tasks:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return True

    def __len__(self) -> int:
        return len(self._tasks)

    async def finished(self, timeout: float) -> int:
        """Wait until every interaction in flight has ended, at most ``timeout`` seconds; return how many had
        not (they are cut off when the process exits)."""
        others = {task for task in self._tasks if task is not asyncio.current_task()}
        if not others or timeout <= 0:
            return len(others)
        _done, pending = await asyncio.wait(others, timeout=timeout)
        return len(pending)
