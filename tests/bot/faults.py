"""Faults a deployment meets, for the tests: the database not answering (:class:`bench.faults.Outage`, a wrapper of
the store, put back after each test), and a count of the edits SimCord saw."""

from typing import Any

from simcord import Env

from bench import faults
from bot.store.sql import SqlStore


def store_outage(store: SqlStore, monkeypatch: Any) -> faults.Outage:
    """An outage of ``store`` that ends with the test (its wrapper undone by ``monkeypatch``)."""
    return faults.Outage(store, monkeypatch.setattr)


def edits_of(env: Env, channel_id: int, message_id: int) -> int:
    """How many times the bot asked Discord to edit a message (refused edits included)."""
    path = f"/channels/{channel_id}/messages/{message_id}"
    return sum(1 for entry in env.http_requests if entry.method == "PATCH" and entry.path.endswith(path))
