"""Failures said in a few lines (:class:`Failures`): what fails, and why, once per cause, with no traceback;
the readiness checks and the DMs to players report through it."""

import logging


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
