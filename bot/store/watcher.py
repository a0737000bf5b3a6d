"""What a store reports as it works, for whoever watches it (the bot's metrics): connections taken and
given back, errors, and the deadlines claimed to be fired (how late). The store knows only this
protocol, so it imports no metrics library."""

from typing import Protocol

from bot.store.records import StoreError


class Watcher(Protocol):
    """Told of every connection a store takes (and how long it waited for it) and of every error it raises."""

    def connection_taken(self, waited: float) -> None: ...

    def connection_returned(self) -> None: ...

    def failed(self, error: StoreError) -> None: ...

    def deadline_claimed(self, kind: str, due_at: float, now: float) -> None:
        """A deadline of ``kind`` that fell at ``due_at`` was claimed at ``now``, to be fired at once."""
        ...


class Unwatched:
    """The watcher of a store nobody watches."""

    def connection_taken(self, waited: float) -> None:
        pass

    def connection_returned(self) -> None:
        pass

    def failed(self, error: StoreError) -> None:
        pass

    def deadline_claimed(self, kind: str, due_at: float, now: float) -> None:
        pass
