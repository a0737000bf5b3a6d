"""One small HTTP app beside the bot (when ``METRICS_PORT`` is set): ``/metrics`` for Prometheus, and
the two health checks an orchestrator asks.

- ``/healthz``, *live*: answered by the event loop itself, so an answer proves the loop still runs
  (a loop stuck in a long computation answers nothing, and the process is restarted);
- ``/readyz``, *ready*: every readiness check given (the gateway shards this process runs are
  connected, the database answers) says yes within :data:`CHECK_SECONDS`; else 503 and the
  failing checks' names, and traffic goes elsewhere without a restart. The log says why in one line: the
  first failure of a check with each cause at WARNING (no traceback), the next ones only counted, and the
  count once the check passes again (:class:`Failures`).

Before a scrape, the *refreshers* given update what is read from elsewhere (the games running, from
the database); a refresher that fails leaves its metrics as they were.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence

from aiohttp import web

from bot.ops import metrics
from bot.ops.failures import Failures, cause_of

log = logging.getLogger(__name__)

Check = Callable[[], Awaitable[bool]]
"""A readiness check: True when this part of the process is ready."""
Refresher = Callable[[], Awaitable[None]]
METRICS_PATH = "/metrics"
LIVE_PATH = "/healthz"
READY_PATH = "/readyz"
CHECK_SECONDS = 2.0
"""How long a readiness check or a refresher may take before it counts as failed."""


class OpsServer:
    """``/metrics``, ``/healthz`` and ``/readyz`` on one port. ``await start(host, port)``; ``await stop()``."""

    def __init__(self, checks: Mapping[str, Check], refreshers: Sequence[Refresher] = ()) -> None:
        self._checks = dict(checks)
        self._refreshers = list(refreshers)
        self._failures = Failures("not ready", "ready again", log)
        self._refreshing = Failures("could not refresh metrics before a scrape", "metrics refreshed again", log)
        app = web.Application()
        app.router.add_get(METRICS_PATH, self._metrics)
        app.router.add_get(LIVE_PATH, self._live)
        app.router.add_get(READY_PATH, self._ready)
        self._runner = web.AppRunner(app, access_log=None)
        self.port: int | None = None

    async def start(self, host: str, port: int) -> int:
        """Serve on ``host``:``port`` (0: a free port); return the port."""
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        return self.port

    async def stop(self) -> None:
        await self._runner.cleanup()

    async def _metrics(self, _request: web.Request) -> web.Response:
        for refresher in self._refreshers:
            name = getattr(refresher, "__qualname__", "a refresher").split(".<locals>")[0]
            try:
                await asyncio.wait_for(refresher(), CHECK_SECONDS)
            except Exception as error:  # noqa: BLE001 - the metrics stay as they were; the log says why
                self._refreshing.failed(name, cause_of(error))
            else:
                self._refreshing.passed(name)
        return web.Response(body=metrics.exposition(), headers={"Content-Type": metrics.CONTENT_TYPE})

    async def _live(self, _request: web.Request) -> web.Response:
        return web.Response(text="live\n")

    async def _ready(self, _request: web.Request) -> web.Response:
        answers = await asyncio.gather(*(self._ask(name, check) for name, check in self._checks.items()))
        failing = [name for name, ready in zip(self._checks, answers) if not ready]
        if failing:
            return web.Response(status=503, text=f"not ready: {', '.join(failing)}\n")
        return web.Response(text="ready\n")

    async def _ask(self, name: str, check: Check) -> bool:
        """A check's answer; a check that raises or takes too long says no (and the log says why)."""
        try:
            ready = bool(await asyncio.wait_for(check(), CHECK_SECONDS))
        except TimeoutError:
            self._failures.failed(name, f"no answer within {CHECK_SECONDS:g} s")
            return False
        except Exception as error:  # noqa: BLE001 - any failure means not ready; the log says which
            self._failures.failed(name, cause_of(error))
            return False
        if ready:
            self._failures.passed(name)
        else:
            self._failures.failed(name, "it says no")
        return ready
