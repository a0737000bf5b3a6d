"""Which clicks the bot takes on, and which it turns away at once as busy (:class:`Intake`).

With more clicks than the machine serves, the clicks in progress do not queue politely: they share one event
loop, one database connection and one renderer, so each is slowed by all the others, until every one of them is
late for Discord's 3 seconds and a table whose answer failed is left behind. So a click is taken on only while
those in progress can still be answered in time: by Little's law, at most as many as the bot answers in
:data:`TARGET_SECONDS` at the pace it answered them over the last :data:`WINDOW_SECONDS` (never fewer than
:data:`FLOOR`, so a quiet bot takes a burst; never more than :data:`CEILING`). Any other click is turned away as
it enters, before it waits for a lock, a commit or a render, with nothing of it done; it is answered at once.
"""

import time
from collections import deque
from collections.abc import Callable

TARGET_SECONDS = 1.0
"""How long a click taken on may take to be answered, the waits behind the others included (Discord gives 3 s;
a slow commit is deferred at 1.5 s)."""
WINDOW_SECONDS = 2.0
"""Over how long the bot's pace (clicks answered a second) is measured."""
FLOOR = 16
"""Clicks always taken on at once, however slow the last ones were (a burst on a quiet bot)."""
CEILING = 200
"""Clicks never exceeded in progress (each holds a render and a database turn)."""


class Intake:
    """Counts the clicks in progress and the pace they are answered at; :meth:`take` says whether one more fits.

    ``clock``: seconds, monotonic (tests give a fake one)."""

    def __init__(
        self,
        *,
        target: float = TARGET_SECONDS,
        window: float = WINDOW_SECONDS,
        floor: int = FLOOR,
        ceiling: int = CEILING,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._target, self._window, self._floor, self._ceiling = target, window, floor, ceiling
        self._clock = clock
        self.in_progress = 0
        """Clicks taken on and not yet answered (one event loop, so a plain counter)."""
        self._answered: deque[float] = deque()

    @property
    def limit(self) -> int:
        """How many clicks may be in progress now."""
        since = self._clock() - self._window
        while self._answered and self._answered[0] < since:
            self._answered.popleft()
        pace = len(self._answered) / self._window
        return max(self._floor, min(self._ceiling, int(pace * self._target)))

    def take(self) -> bool:
        """Take one more click on (True; call :meth:`done` once it is answered), or False: it is to be turned away."""
        if self.in_progress >= self.limit:
            return False
        self.in_progress += 1
        return True

    def done(self) -> None:
        """A click taken on is answered (or failed): it counts towards the pace."""
        self.in_progress -= 1
        self._answered.append(self._clock())
