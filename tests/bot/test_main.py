"""Starting the bot from the command line."""

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import NO_TOKEN, main
from bot.config import Settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _logging_as_it_was():
    """``main()`` sets up the process's logging; the tests that call it in this process put it back, so the
    next test's log capture sees lines as they were logged."""
    loggers = [logging.getLogger(), *(logging.getLogger(name) for name in logging.root.manager.loggerDict)]
    kept = [(logger, list(logger.handlers), logger.level) for logger in loggers]
    yield
    for logger, handlers, level in kept:
        logger.handlers[:] = handlers
        logger.setLevel(level)


def test_no_token_says_what_to_do(tmp_path):
    """`python -m bot` with no token prints one clear sentence and exits 2, no traceback."""
    env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert done.stderr.strip() == NO_TOKEN
    assert "Traceback" not in done.stderr + done.stdout
    assert not (tmp_path / "data").exists()


def _start(folder: Path, dotenv: str) -> subprocess.CompletedProcess[str]:
    (folder / ".env").write_text(dotenv, encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if key not in {"DISCORD_TOKEN", "DEV_GUILD_ID", "LOG_LEVEL"}}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=folder, env=env, capture_output=True, text=True, timeout=60, check=False
    )


def test_the_example_settings_file_as_copied_asks_only_for_the_token(tmp_path):
    """`cp .env.example .env` then `make run`: the empty values are defaults, and the token is asked for."""
    done = _start(tmp_path, (ROOT / ".env.example").read_text(encoding="utf-8"))
    assert done.returncode == 2
    assert done.stderr.strip() == NO_TOKEN


def test_a_bad_setting_is_named_in_one_sentence(tmp_path):
    """A server id that is not a number is refused with a sentence naming the setting, no traceback."""
    done = _start(tmp_path, "DISCORD_TOKEN=abc\nDEV_GUILD_ID=my-server\n")
    assert done.returncode == 2
    assert done.stderr.startswith("The setting DEV_GUILD_ID is not valid")
    assert "Traceback" not in done.stderr + done.stdout


def test_the_example_settings_name_every_setting():
    """.env.example names every setting the bot reads, and nothing else."""
    named = {
        line.split("=", 1)[0].lstrip("# ").strip()
        for line in (ROOT / ".env.example").read_text().splitlines()
        if "=" in line and line.split("=", 1)[0].lstrip("# ").strip().isupper()
    }
    assert named == {name.upper() for name in Settings.model_fields}


def test_shards_split_over_processes_need_postgresql(monkeypatch, capsys, tmp_path):
    """SHARD_IDS running only some shards on a SQLite file is refused with a sentence, before any connection."""
    for name, value in {
        "DISCORD_TOKEN": "x",
        "SHARD_COUNT": "2",
        "SHARD_IDS": "1",
        "DATABASE_PATH": str(tmp_path / "p.db"),
    }.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(tmp_path)
    assert main() == 2
    assert "PostgreSQL" in capsys.readouterr().err


def test_shard_ids_must_fit_the_count(monkeypatch, capsys, tmp_path):
    for name, value in {"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "0,2"}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(tmp_path)
    assert main() == 2
    assert "SHARD_IDS" in capsys.readouterr().err
