"""Every benchmark runs: each module in bench/ with a ``main`` is run for one tiny round (``BENCH_TINY=1``) as
``python -m bench.<module>``, so a benchmark that no longer fits the code fails here, not in ``make bench``.
New modules are found by themselves."""

import importlib
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import bench

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(
    info.name
    for info in pkgutil.iter_modules(bench.__path__)
    if info.name != "__main__" and hasattr(importlib.import_module(f"bench.{info.name}"), "main")
)


def test_every_benchmark_is_found():
    assert {"action", "render", "store", "race"} <= set(MODULES)


@pytest.mark.parametrize("module", MODULES)
def test_a_benchmark_runs_one_tiny_round(module):
    env = {**os.environ, "BENCH_TINY": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", f"bench.{module}"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip(), f"bench.{module} printed no figures"


def test_the_arena_shares_the_peanuts_deals_among_processes():
    env = {**os.environ, "BENCH_TINY": "1", "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "bench.arena", "--only", "peanuts", "--games", "4", "--jobs", "2"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = [line for line in done.stdout.splitlines() if line.strip().startswith("Peanuts:")]
    assert [line.split(")")[1].split()[0] for line in lines] == ["4", "4"], done.stdout
