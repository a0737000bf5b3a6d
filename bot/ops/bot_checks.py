"""What the ops server asks of a running bot: its readiness checks (shards connected, database
answering, not stopping) and the metrics read from the database before a scrape (the games running)."""

from collections.abc import Mapping

import discord

from bot.ops import metrics
from bot.ops.server import Check, OpsServer, Refresher
from bot.ops.stopping import InFlight
from bot.store import Store


def shards_connected(client: discord.AutoShardedClient) -> Check:
    """Ready when the bot has logged in and every gateway shard this process runs is connected."""

    async def check() -> bool:
        shards = client.shards
        return client.is_ready() and bool(shards) and not any(shard.is_closed() for shard in shards.values())

    return check


def database_answers(store: Store) -> Check:
    """Ready when the database answers a query."""

    async def check() -> bool:
        await store.schema_version()
        return True

    return check


def not_stopping(in_flight: InFlight) -> Check:
    """Ready until the process begins to stop (it then takes no new work)."""

    async def check() -> bool:
        return not in_flight.stopping

    return check


def games_running(store: Store, games: Mapping[str, object]) -> Refresher:
    """Reads the games being played now (in every process: they share the database) before a scrape."""

    async def refresh() -> None:
        metrics.games_running(await store.running_games(), games)

    return refresh


async def serve(
    client: discord.AutoShardedClient,
    store: Store,
    games: Mapping[str, object],
    port: int,
    host: str = "0.0.0.0",
    *,
    in_flight: InFlight | None = None,
) -> OpsServer:
    """Start the ops server for this bot on ``host``:``port``: metrics, live and ready (``in_flight``: the
    bot's interactions, whose stopping makes it not ready)."""
    checks = {"shards": shards_connected(client), "database": database_answers(store)}
    if in_flight is not None:
        checks["stopping"] = not_stopping(in_flight)
    server = OpsServer(checks, [games_running(store, games)])
    await server.start(host, port)
    return server
