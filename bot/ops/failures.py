"""Failures said in a few lines: what fails, and why, once per cause, with no traceback. :class:`Failures` for a part
that fails until it works again (the readiness checks, the DMs to players), :class:`Intermittent` for failures that
come and go (the answers to interactions)."""

import logging
import time
from collections.abc import Callable


def cause_of(error: BaseException) -> str:
    """A failure in a few words: the error's type and message, and those of the error it came from."""
    said = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    origin = error.__cause__ or error.__context__
    return f"{said} ({cause_of(origin)})" if origin is not None else said


class Failures:
    """What fails now, and why: the first failure of each part with each cause is logged at WARNING in one line
    (``failing``, the part, the cause) to ``log``, the next ones are counted, and the count is logged when the
    part works again (``again``)."""

    def __init__(self, failing: str, again: str, log: logging.Logger) -> None:
        self._failing_line, self._again_line = failing, again
        self._log = log
        self._failing: dict[str, tuple[str, int]] = {}

    def failed(self, part: str, cause: str) -> None:
        seen = self._failing.get(part)
        if seen is None or seen[0] != cause:
            self._log.warning("%s: %s: %s", self._failing_line, part, cause)
            self._failing[part] = (cause, 1)
        else:
            self._failing[part] = (cause, seen[1] + 1)

    def passed(self, part: str) -> None:
        seen = self._failing.pop(part, None)
        if seen is not None:
            self._log.info("%s: %s, after %d failures (%s)", self._again_line, part, seen[1], seen[0])


QUIET_SECONDS = 10.0
"""Seconds without a failure after which failures that come and go are over (:class:`Intermittent`)."""


class Intermittent:
    """Failures that come and go (the answers Discord takes four times in five): the first of each cause is logged
    at WARNING in one line (``failing``, the cause) to ``log``, the others are counted, and at the first success
    once none has failed for ``quiet`` seconds, one INFO line (``again``) says how many failed, over how long.

    ``clock``: seconds, monotonic (tests give a fake one)."""

    def __init__(
        self,
        failing: str,
        again: str,
        log: logging.Logger,
        *,
        quiet: float = QUIET_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._failing_line, self._again_line = failing, again
        self._log = log
        self._quiet = quiet
        self._clock = clock
        self._causes: list[str] = []
        self._failures = 0
        self._since = self._last = 0.0

    def failed(self, cause: str) -> None:
        now = self._clock()
        if not self._causes:
            self._since = now
        if cause not in self._causes:
            self._log.warning("%s: %s", self._failing_line, cause)
            self._causes.append(cause)
        self._failures += 1
        self._last = now

    def passed(self) -> None:
        if not self._causes or self._clock() - self._last < self._quiet:
            return
        self._log.info(
            "%s, after %d failures over %.1f s (%s)",
            self._again_line,
            self._failures,
            self._last - self._since,
            "; ".join(self._causes),
        )
        self._causes.clear()
        self._failures = 0
