"""``make play`` stops cleanly and at once on SIGTERM, and on SIGINT where it runs in the background of a shell
without job control (which starts it with SIGINT ignored): the process exits 0 within seconds, having closed the
Preview a player had open and removed its temporary database."""

import asyncio
import os
import shlex
import signal
import sys

import aiohttp
import pytest

from bot.play.hub import TOKEN_HEADER
from tests.processes.acks import ROOT

STOP_SECONDS = 5.0
"""The most a stop may take (it takes well under a second: a Ctrl-C's stop)."""
START_SECONDS = 60.0
"""The most the session may take to be up (a few seconds; the machine may be shared)."""
READY = "Peanuts live:"
"""The start of the last line the session prints once it is up."""


async def open_group_dm(url: str) -> None:
    """Ada opens the group DM on the places page (the Preview moves there), as the page's script does."""
    base, token = url.split("/#", 1)
    headers = {TOKEN_HEADER: token}
    async with aiohttp.ClientSession() as client:
        async with client.get(f"{base}/api/places", params={"viewer": "Ada"}, headers=headers) as answer:
            places = (await answer.json())["places"]
        key = next(place["key"] for place in places if place["label"].startswith("Group DM"))
        async with client.post(f"{base}/api/show", json={"viewer": "Ada", "place": key}, headers=headers) as answer:
            preview = (await answer.json())["url"]
        async with client.get(preview) as page:
            assert page.status == 200


@pytest.mark.parametrize(
    ("stop", "ignored"),
    [(signal.SIGTERM, ""), (signal.SIGINT, "INT")],
    ids=["sigterm", "sigint-in-the-background"],
)
async def test_make_play_stops_cleanly_within_seconds(tmp_path, stop, ignored):
    command = f"trap '' {ignored}; exec {shlex.quote(sys.executable)} -m bot.play" if ignored else None
    child = await asyncio.create_subprocess_exec(
        *(["sh", "-c", command] if command else [sys.executable, "-m", "bot.play"]),
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(tmp_path)},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    assert child.stdout is not None
    said: list[str] = []
    try:
        async with asyncio.timeout(START_SECONDS):
            while not (said and said[-1].startswith(READY)):
                line = await child.stdout.readline()
                assert line, "".join(said)
                said.append(line.decode())
        url = said[0].split("open ", 1)[1].split()[0]
        await open_group_dm(url)
        assert [entry.name for entry in tmp_path.iterdir()], "the session's temporary database is there"
        loop = asyncio.get_running_loop()
        signalled = loop.time()
        child.send_signal(stop)
        rest, _ = await asyncio.wait_for(child.communicate(), STOP_SECONDS)
        took = loop.time() - signalled
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()
    assert child.returncode == 0, rest.decode()
    assert took < STOP_SECONDS and rest.decode().strip().endswith("peapod play stopped.")
    assert list(tmp_path.iterdir()) == [], "the temporary database is removed"
