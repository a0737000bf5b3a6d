"""Failures that come and go are said in a few lines: once per cause, then counted, then how many once over."""

import logging

from bot.ops.failures import Intermittent

log = logging.getLogger("tests.failures")


def test_intermittent_failures_are_one_line_per_cause_and_one_line_once_quiet(caplog):
    clock = [0.0]
    failures = Intermittent("answers fail", "answers land", log, quiet=10.0, clock=lambda: clock[0])
    caplog.set_level(logging.INFO, logger="tests.failures")
    for cause in ("503", "503", "504", "503"):
        failures.failed(cause)
        clock[0] += 1.0
        failures.passed()  # answers land between the failures: the trouble is not over yet
    assert [record.getMessage() for record in caplog.records] == ["answers fail: 503", "answers fail: 504"]
    clock[0] += 10.0
    failures.passed()
    failures.passed()
    assert [record.getMessage() for record in caplog.records][2:] == [
        "answers land, after 4 failures over 3.0 s (503; 504)"
    ]
    assert not any(record.exc_info for record in caplog.records)
