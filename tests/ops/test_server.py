"""The ops server: /metrics in Prometheus's format, /healthz from the event loop, /readyz from its checks."""

import asyncio

import pytest

from bot.ops import metrics, probe
from bot.ops.server import CHECK_SECONDS, OpsServer
from tests.ops.scraping import samples, scrape


@pytest.fixture
async def serving():
    """Start a server with the given checks and refreshers on a free port; stop it after the test."""
    started: list[OpsServer] = []

    async def start(checks=None, refreshers=()) -> int:
        server = OpsServer(checks or {}, refreshers)
        started.append(server)
        return await server.start("127.0.0.1", 0)

    yield start
    for server in started:
        await server.stop()


async def test_metrics_are_scraped_and_move(serving):
    """A scrape shows the metrics defined once, with the moves made since the last scrape."""
    port = await serving()
    status, before = await scrape(port, "/metrics")
    assert status == 200 and "# TYPE peapod_interactions_total counter" in before
    assert "_created" not in before
    metrics.interaction_done("act", "answered", 0.01, 0.2)
    metrics.interaction_done("act", "refused", 0.005, 0.005)
    metrics.interaction_done("act", "answered", None, 0.5)
    metrics.rate_limited("PATCH", "/channels/123456789012345678/messages/987654321098765432")
    _, after = await scrape(port, "/metrics")
    was, now = samples(before), samples(after)

    def moved(name: str, **labels: str) -> float:
        key = (name, tuple(sorted(labels.items())))
        return now[key] - was.get(key, 0.0)

    assert moved("peapod_interactions_total", kind="act", outcome="answered") == 2
    assert moved("peapod_interactions_total", kind="act", outcome="refused") == 1
    assert moved("peapod_interaction_answer_seconds_count", kind="act") == 3
    assert moved("peapod_interaction_ack_seconds_bucket", kind="act", le="0.01") == 2
    assert moved("peapod_interaction_ack_seconds_count", kind="act") == 2, "an acknowledgement not timed is not counted"
    assert moved("peapod_discord_rate_limited_total", route="PATCH /channels/{id}/messages/{id}") == 1


async def test_a_refresher_runs_before_each_scrape_and_one_that_fails_leaves_the_rest(serving):
    calls = []

    async def counts() -> None:
        calls.append(1)
        metrics.games_running({"peanuts": 3}, {"peanuts": None, "pebbles": None})

    async def broken() -> None:
        raise OSError("the database is away")

    port = await serving(refreshers=[broken, counts])
    status, text = await scrape(port, "/metrics")
    assert status == 200 and calls == [1]
    scraped = samples(text)
    assert scraped[("peapod_games_running", (("game", "peanuts"),))] == 3
    assert scraped[("peapod_games_running", (("game", "pebbles"),))] == 0


async def test_live_is_answered_by_the_event_loop(serving):
    port = await serving(checks={"never": _no})
    assert await scrape(port, "/healthz") == (200, "live\n")


async def _yes() -> bool:
    return True


async def _no() -> bool:
    return False


async def _broken() -> bool:
    raise ConnectionError("the database does not answer")


async def test_ready_only_when_every_check_says_yes(serving):
    """Each check that says no, raises or takes too long is named in the 503."""
    port = await serving(checks={"shards": _yes, "database": _yes})
    assert await scrape(port, "/readyz") == (200, "ready\n")
    port = await serving(checks={"shards": _no, "database": _broken})
    assert await scrape(port, "/readyz") == (503, "not ready: shards, database\n")


async def test_a_check_that_hangs_is_not_ready(serving, monkeypatch):
    monkeypatch.setattr("bot.ops.server.CHECK_SECONDS", 0.01)

    async def hangs() -> bool:
        await asyncio.Event().wait()
        return True

    port = await serving(checks={"shards": _yes, "database": hangs})
    assert CHECK_SECONDS > 0.01
    assert await scrape(port, "/readyz") == (503, "not ready: database\n")


async def test_the_probe_command_exits_by_the_answer(serving, monkeypatch, capsys):
    """``python -m bot.ops.probe`` is what Docker and compose run: 0 when the bot answers yes, else 1."""
    port = await serving(checks={"database": _no})
    monkeypatch.setenv("METRICS_PORT", str(port))
    assert await asyncio.to_thread(probe.main, ["healthz"]) == 0
    assert await asyncio.to_thread(probe.main, ["readyz"]) == 1
    assert "not ready: database" in capsys.readouterr().err
    monkeypatch.delenv("METRICS_PORT")
    assert probe.main(["readyz"]) == 1
    assert probe.main(["nonsense"]) == 2


async def test_a_failing_check_says_why_once_then_counts(serving, caplog):
    """Ten probes while the database is away: one WARNING line saying why (no traceback), the others counted,
    and one line when it is back; a new cause is said once too."""
    away = {"cause": ConnectionError("the database does not answer")}

    async def database() -> bool:
        error = away["cause"]
        if error is not None:
            raise RuntimeError("no answer") from error
        return True

    port = await serving(checks={"shards": _yes, "database": database})
    caplog.set_level("INFO", logger="bot.ops.server")
    for _ in range(10):
        assert (await scrape(port, "/readyz"))[0] == 503
    away["cause"] = None
    assert await scrape(port, "/readyz") == (200, "ready\n")
    lines = [(record.levelname, record.getMessage()) for record in caplog.records]
    assert lines == [
        ("WARNING", "not ready: database: RuntimeError: no answer (ConnectionError: the database does not answer)"),
        (
            "INFO",
            "ready again: database, after 10 failures (RuntimeError: no answer (ConnectionError: the database "
            "does not answer))",
        ),
    ]
    assert not any(record.exc_info for record in caplog.records)
