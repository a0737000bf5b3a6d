"""Discord's rate limits, kept on SimCord's HTTP layer (:class:`DiscordLimits`): what a bot's requests would meet.

SimCord answers every request at once; Discord does not. This model answers like Discord:

- the global limit: at most :data:`GLOBAL` requests of the bot in any second (interaction responses and
  follow-ups are not counted: they go by the interaction's token, which is how Discord exempts them);
- a bucket per route and channel (the route's major parameter): at most :data:`PER_CHANNEL` requests in
  any five seconds to one route of one channel (post a message there, edit one of its messages, open a
  thread from it, edit the channel itself...). Routes without a channel only meet the global limit.

The windows slide, which is at least as strict as Discord's buckets (those reset a fixed time after their
first request). A request over a limit is answered 429 (counted, by route) and sent again after the
``retry_after`` Discord would have given, as discord.py does. Times come from ``clock`` (SimCord's
simulated clock), so a test or a benchmark moves time rather than sleeping.
"""

import asyncio
import collections
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import Route


@dataclass(frozen=True)
class Limit:
    requests: int
    seconds: float


GLOBAL = Limit(50, 1.0)
PER_CHANNEL = Limit(5, 5.0)


@dataclass
class _Window:
    limit: Limit
    times: collections.deque[float] = field(default_factory=collections.deque)

    def wait(self, now: float) -> float:
        """Seconds until one more request fits (0: it fits now)."""
        while self.times and self.times[0] <= now - self.limit.seconds:
            self.times.popleft()
        if len(self.times) < self.limit.requests:
            return 0.0
        return self.times[0] + self.limit.seconds - now


@dataclass(frozen=True)
class Sent:
    """A request that reached Discord: when, and its route (``"POST /channels/{channel_id}/messages"``)."""

    at: float
    route: str
    channel_id: int | None


class DiscordLimits:
    """Keeps Discord's limits on a client's HTTP requests; remembers every request sent and every 429."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._global = _Window(GLOBAL)
        self._buckets: dict[tuple[str, int], _Window] = {}
        self.sent: list[Sent] = []
        self.refused: collections.Counter[str] = collections.Counter()
        """429s answered, by route (``"global"`` added for the global limit's)."""
        self.refusals_at: list[tuple[float, str, bool]] = []
        """When each 429 was answered, to which route, and whether for the global limit."""

    def install(self, client: discord.Client) -> None:
        """Put the limits in front of ``client``'s HTTP requests (SimCord's, once the client runs)."""
        http = client.http
        send = http.request

        async def request(route: Route, **options: Any) -> Any:
            await self.admit(route)
            return await send(route, **options)

        http.request = request  # type: ignore[method-assign]

    async def admit(self, route: Route) -> None:
        """Return when Discord would take ``route`` now; each time it would not, a 429 and its wait."""
        key = f"{route.method} {route.path}"
        channel_id = int(route.channel_id) if route.channel_id is not None else None
        bucket = self._buckets.setdefault((key, channel_id), _Window(PER_CHANNEL)) if channel_id is not None else None
        while True:
            now = self._clock()
            over_global = self._global.wait(now)
            over_bucket = bucket.wait(now) if bucket is not None else 0.0
            if not over_global and not over_bucket:
                break
            self.refused[key] += 1
            self.refusals_at.append((now, key, over_global > 0))
            if over_global:
                self.refused["global"] += 1
            await asyncio.sleep(max(over_global, over_bucket))
        self._global.times.append(now)
        if bucket is not None:
            bucket.times.append(now)
        self.sent.append(Sent(now, key, channel_id))

    @property
    def refusals(self) -> int:
        """How many 429s Discord would have answered."""
        return sum(count for route, count in self.refused.items() if route != "global")

    def since(self, start: float, seconds: float | None = None) -> collections.Counter[str]:
        """The requests sent from ``start`` on (for ``seconds``, or to now), counted by route."""
        end = float("inf") if seconds is None else start + seconds
        return collections.Counter(sent.route for sent in self.sent if start <= sent.at < end)

    def busiest_second(self, start: float) -> int:
        """The most requests sent in any one second from ``start`` on."""
        times = [sent.at for sent in self.sent if sent.at >= start]
        return max((sum(1 for t in times if begin <= t < begin + 1.0) for begin in times), default=0)
