"""Healing at start: a process that stopped between saving a move and redrawing its table (or that died
and is replaced) leaves messages behind the database; :func:`heal` puts them right."""

import logging
from collections.abc import Callable

from bot.core.service import Table, TableService
from bot.ui.present.redraws import Owns

log = logging.getLogger(__name__)


async def heal(service: TableService, owns: Owns, redraw: Callable[[Table], None]) -> None:
    """Redraw every table of this process's shards whose message, or a hand message of whose seats, lags the
    database (a redraw owed when the last process stopped is made here); drop deals whose message never
    appeared (nobody could play them)."""
    dropped = await service.drop_unshown_deals()
    if dropped:
        log.info("dropped %d deals whose table message never appeared", len(dropped))
    for table in await service.lagging_tables():
        if owns(table.guild_id) or owns(None):  # each process heals what its shards show (shard 0: the DMs)
            log.info(
                "redrawing game %s: its table shows version %s of %s (or a hand lags)",
                table.game_id,
                table.shown_version,
                table.version,
            )
            redraw(table)
