"""``python -m bot``: start peapod against Discord with the settings from the environment / ``.env``.

SIGTERM (what ``docker stop`` and Kubernetes send) and SIGINT (Ctrl-C) stop it cleanly: see
:meth:`bot.app.PeapodBot.stop`. The process then exits 0.
"""

import asyncio
import logging
import signal
import sys

import discord
from pydantic import ValidationError

from bot.app import PeapodBot, create_bot
from bot.config import Settings, settings_problem
from bot.live.server import LiveServer
from bot.live.server import serve as serve_live
from bot.ops import logs, metrics
from bot.ops.bot_checks import serve
from bot.ops.metrics import StoreMetrics
from bot.ops.server import OpsServer
from bot.store import Store, open_store, sqlite_path
from games import GAMES

log = logging.getLogger("bot")

NO_TOKEN = (
    "No Discord token: copy .env.example to .env and set DISCORD_TOKEN (README, 'Run it in your server'), "
    "or try peapod offline with `make play`."
)
SHARED_SQLITE = (
    "SHARD_IDS runs some of the shards here and the others elsewhere; those processes must share one "
    "PostgreSQL database: set DATABASE_URL=postgresql://user:pass@host/db (README, 'More than one process')."
)
BAD_TOKEN = "Discord refused the token in DISCORD_TOKEN; copy it again from the Developer Portal (Bot, Reset Token)."


async def open_bot_store(settings: Settings) -> Store:
    """The store as a starting bot process opens it: watched by the metrics, and with the deadlines its
    predecessor on the same shards claimed given back (it may have been killed while firing them)."""
    store = await open_store(
        settings.database,
        pool_size=settings.database_pool_size,
        statement_timeout=settings.database_statement_timeout,
        claimant=settings.claimant,
    )
    store.watcher = StoreMetrics(settings.database_pool_size if store.SHARED else 1)
    try:
        released = await store.release_claims()
    except BaseException:
        await store.close()
        raise
    if released:
        log.info("took back %d deadline claims of the previous process for %s", released, settings.claimant)
    return store


STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


def stop_on_signals(bot: PeapodBot) -> None:
    """On SIGTERM or SIGINT, stop the bot cleanly (once: a second signal while it stops changes nothing);
    ``bot.start`` then returns."""
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []

    def stop(signal_number: int) -> None:
        if not stopping:
            log.info("%s: stopping", signal.Signals(signal_number).name)
            stopping.append(loop.create_task(bot.stop(), name="peapod-stop"))

    for number in STOP_SIGNALS:
        loop.add_signal_handler(number, stop, number)


async def start_live(settings: Settings, bot: PeapodBot, store: Store, token: str) -> LiveServer | None:
    """The Activity's web app (Peanuts live) on ``WEB_PORT``, when it is set."""
    if settings.web_port is None or settings.discord_client_id is None or settings.discord_client_secret is None:
        return None
    live = await serve_live(
        bot.service,
        store,
        port=settings.web_port,
        api_url=settings.discord_api_url,
        client_id=settings.discord_client_id,
        client_secret=settings.discord_client_secret.get_secret_value(),
        bot_token=token,
    )
    where = f" for {settings.public_url}" if settings.public_url else ""
    log.info("serving the Activity (Peanuts live) on port %d%s", live.port, where)
    return live


async def _run(settings: Settings, token: str) -> None:
    store = await open_bot_store(settings)
    ops: OpsServer | None = None
    live: LiveServer | None = None
    try:
        async with create_bot(settings, store) as bot:
            stop_on_signals(bot)
            if settings.metrics_port is not None:
                ops = await serve(bot, store, GAMES, settings.metrics_port, in_flight=bot.in_flight)
                log.info("serving /metrics, /healthz and /readyz on port %d", ops.port)
            await store.listen_redraws(bot.presenter.heard)  # what other processes hand over to this one
            await store.listen_tournament_redraws(bot.presenter.heard_tournament)
            live = await start_live(settings, bot, store, token)
            await bot.start(token)
    finally:
        if live is not None:
            await live.stop()
        if ops is not None:
            await ops.stop()
        await store.close()


def main() -> int:
    try:
        settings = Settings()
    except ValidationError as error:
        print(settings_problem(error), file=sys.stderr)
        return 2
    logs.configure(settings.log_level, settings.log_format)
    metrics.count_rate_limits()
    token = settings.discord_token.get_secret_value().strip() if settings.discord_token else ""
    if not token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    if settings.shares_database and sqlite_path(settings.database) is not None:
        print(SHARED_SQLITE, file=sys.stderr)
        return 2
    try:
        asyncio.run(_run(settings, token))
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
