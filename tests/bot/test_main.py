"""Starting the bot from the command line."""

import os
import subprocess
import sys
from pathlib import Path

from bot.__main__ import NO_TOKEN

ROOT = Path(__file__).resolve().parents[2]


def test_no_token_says_what_to_do(tmp_path):
    """`python -m bot` with no token prints one clear sentence and exits 2, no traceback."""
    env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr.strip() == NO_TOKEN
    assert "Traceback" not in done.stderr + done.stdout
    assert not (tmp_path / "data").exists()
