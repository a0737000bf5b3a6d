"""Faults a deployment meets, for the tests: the database not answering (:class:`Outage`, a wrapper of the
store), and a count of the edits SimCord saw."""

from collections.abc import Callable
from typing import Any

from simcord import Env

from bot.store import StoreUnavailableError
from bot.store.sql import SqlStore


class Outage:
    """While :attr:`down`, every query and transaction of ``store`` fails as a database that does not answer."""

    def __init__(self, store: SqlStore, monkeypatch: Any) -> None:
        self.down = False
        for name in ("_transaction", "_reading"):
            monkeypatch.setattr(store, name, self._guarded(getattr(store, name)))

    def _guarded(self, opener: Callable[..., Any]) -> Callable[..., Any]:
        def opening(*args: Any, **kwargs: Any) -> Any:
            if self.down:
                raise StoreUnavailableError()
            return opener(*args, **kwargs)

        return opening


def edits_of(env: Env, channel_id: int, message_id: int) -> int:
    """How many times the bot asked Discord to edit a message (refused edits included)."""
    path = f"/channels/{channel_id}/messages/{message_id}"
    return sum(1 for entry in env.http_requests if entry.method == "PATCH" and entry.path.endswith(path))
