"""Benchmarks: each module prints its figures and never fails on time (``python -m bench``).

Every module sizes its work with :func:`sized`; with ``BENCH_TINY=1`` in the environment each runs one
tiny round instead, which is how tests/bench runs every module in CI, so none can rot unnoticed.
"""

import os


def sized(full: int, tiny: int = 1) -> int:
    """``full``, or ``tiny`` when ``BENCH_TINY`` is set (a smoke run of the benchmark's whole path)."""
    return tiny if os.environ.get("BENCH_TINY") else full
