"""Faults a deployment meets, shared by the benchmarks and the tests: the database not answering (:class:`Outage`, a
wrapper of the store) and Discord answering 503 to some of the bot's requests (:func:`flaky_discord`)."""

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from simcord.http import router

from bot.store import StoreUnavailableError
from bot.store.sql import SqlStore

Patch = Callable[[Any, str, Any], None]
"""Puts an attribute in place: ``setattr``, or a test's ``monkeypatch.setattr`` (which puts it back after)."""


class Outage:
    """While :attr:`down`, every query and transaction of ``store`` fails as a database that does not answer."""

    def __init__(self, store: SqlStore, patch: Patch = setattr) -> None:
        self.down = False
        for name in ("_transaction", "_reading"):
            patch(store, name, self._guarded(getattr(store, name)))

    def _guarded(self, opener: Callable[..., Any]) -> Callable[..., Any]:
        def opening(*args: Any, **kwargs: Any) -> Any:
            if self.down:
                raise StoreUnavailableError()
            return opener(*args, **kwargs)

        return opening


@contextmanager
def flaky_discord(share: float, rng: random.Random) -> Iterator[None]:
    """Discord answers 503 to ``share`` of the bot's requests while inside the block."""
    check = router._check_faults

    def sometimes_failing(backend: Any, method: str, path: str) -> None:
        if rng.random() < share:
            raise router.BackendError(503, 0, "Service Unavailable (benchmark)")
        check(backend, method, path)

    router._check_faults = sometimes_failing
    try:
        yield
    finally:
        router._check_faults = check
