"""What the bot records of each interaction it handles: when it began, when it was acknowledged, and how it
ended (:func:`bot.ops.metrics.interaction_done`).

An interaction's clock starts when Discord created it (its id says when), so the time it waited in the
bot's queue counts: that is the time Discord's 3 seconds are counted in.
"""

import time

from bot.errors import USER_ERRORS


def outcome_of(error: BaseException) -> str:
    """``refused`` for an error a person caused (answered with its own sentence), else ``failed``."""
    return "refused" if isinstance(getattr(error, "original", error), USER_ERRORS) else "failed"


class Timing:
    """One interaction's times, in seconds since Discord created it (``late`` seconds before it was timed)."""

    def __init__(self, late: float) -> None:
        self._began = time.perf_counter() - max(0.0, late)
        self.acknowledged: float | None = None
        """When the bot acknowledged it ahead of its answer (None: it did not, or not yet)."""

    def acknowledge(self) -> None:
        if self.acknowledged is None:
            self.acknowledged = self.since()

    def since(self) -> float:
        return time.perf_counter() - self._began
