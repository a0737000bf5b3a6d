"""The process's Prometheus metrics, each defined once in one registry, and the calls that move them.

Labels stay few-valued: an interaction's kind and outcome, a game's kind, an AI level, a route
*template*, a deadline's kind, an error's class. Never a user, game, guild or channel id: every
label value multiplies the series Prometheus keeps.

The rest of the bot calls the small functions below (``interaction_done``, ``redraw_queued``, …)
rather than the metric objects, so a metric can change shape in one place.
"""

import logging
import re
from collections.abc import Mapping
from urllib.parse import urlsplit

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from bot.store import StoreError

disable_created_metrics()  # a ``_created`` series beside every counter and histogram: a scrape twice as long
REGISTRY = CollectorRegistry()
"""This process's metrics (not prometheus-client's global registry, so an import elsewhere adds nothing)."""
CONTENT_TYPE = CONTENT_TYPE_LATEST

OUTCOMES = ("answered", "refused", "failed")
"""How an interaction ended: done as asked, refused with a sentence (a person's mistake, or the process
stopping), or our error (the bot too busy included)."""
FAST = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
"""Histogram buckets (seconds) around Discord's 3-second limit to acknowledge an interaction."""
SLOW = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
"""Histogram buckets (seconds) for what may take a while: an AI's decision, a redraw's delay, lateness."""
LATE_AFTER = 2.0
"""A deadline fired this many seconds after it fell counts as late."""

INTERACTIONS = Counter(
    "peapod_interactions", "Interactions handled, by kind and outcome.", ["kind", "outcome"], registry=REGISTRY
)
ACK_SECONDS = Histogram(
    "peapod_interaction_ack_seconds",
    "From receiving an interaction to its first response (Discord allows 3 s).",
    ["kind"],
    buckets=FAST,
    registry=REGISTRY,
)
ANSWER_SECONDS = Histogram(
    "peapod_interaction_answer_seconds",
    "From receiving an interaction to its full answer (the message edited, the picture sent).",
    ["kind"],
    buckets=FAST,
    registry=REGISTRY,
)
REDRAWS_QUEUED = Counter("peapod_redraws_queued", "Table redraws queued outside interactions.", registry=REGISTRY)
REDRAW_DELAY = Histogram(
    "peapod_redraw_delay_seconds",
    "From queuing a redraw to editing the message (the edit budget spaces them).",
    buckets=SLOW,
    registry=REGISTRY,
)
REDRAWS_RETRIED = Counter(
    "peapod_redraws_retried",
    "Redraws that did not land and are tried again, by cause (Discord 5xx or 429, network, database).",
    ["cause"],
    registry=REGISTRY,
)
REDRAWS_OWED = Gauge("peapod_redraws_owed", "Messages owed a redraw whose last try failed.", registry=REGISTRY)
DEFERRED = Counter(
    "peapod_interactions_deferred",
    "Clicks acknowledged with a deferral because their commit was slow, answered once saved or refused.",
    ["kind"],
    registry=REGISTRY,
)
SHED = Counter(
    "peapod_interactions_shed",
    "Clicks turned away as busy as they entered, nothing of them done (more in progress than answer in time).",
    ["kind"],
    registry=REGISTRY,
)
RATE_LIMITED = Counter(
    "peapod_discord_rate_limited", "Responses 429 from Discord, by route template.", ["route"], registry=REGISTRY
)
POOL_SIZE = Gauge("peapod_db_pool_size", "Database connections this process may hold.", registry=REGISTRY)
POOL_IN_USE = Gauge("peapod_db_pool_in_use", "Database connections in use now.", registry=REGISTRY)
POOL_WAIT = Histogram(
    "peapod_db_pool_wait_seconds",
    "Time waited for a database connection (count: connections taken).",
    buckets=FAST,
    registry=REGISTRY,
)
STORE_ERRORS = Counter(
    "peapod_store_errors", "Store calls that raised, by error (lost races included).", ["error"], registry=REGISTRY
)
GAMES_RUNNING = Gauge("peapod_games_running", "Games being played now, by game.", ["game"], registry=REGISTRY)
AI_SECONDS = Histogram(
    "peapod_ai_decision_seconds",
    "Time an AI player took to choose a move, by game and level.",
    ["game", "level"],
    buckets=SLOW,
    registry=REGISTRY,
)
DEADLINES_FIRED = Counter("peapod_deadlines_fired", "Deadlines fired, by kind.", ["kind"], registry=REGISTRY)
DEADLINES_LATE = Counter(
    "peapod_deadlines_late",
    f"Deadlines fired more than {LATE_AFTER:g} s after they fell, by kind.",
    ["kind"],
    registry=REGISTRY,
)
DEADLINE_LATENESS = Histogram(
    "peapod_deadline_lateness_seconds", "How long after it fell a deadline fired.", buckets=SLOW, registry=REGISTRY
)

RATE_LIMITED_LINE = "We are being rate limited. %s %s responded with 429."
"""How discord.py's HTTP client starts the warning it logs for every 429 it meets (method, then URL)."""
_API_VERSION = re.compile(r"^/api/v\d+")
_ID = re.compile(r"(?<=/)\d+(?=/|$)")
_WEBHOOK_TOKEN = re.compile(r"(?<=/webhooks/\{id\}/)[^/]+")


def interaction_done(kind: str, outcome: str, ack_seconds: float | None, answer_seconds: float) -> None:
    """One interaction ended: its kind (a command or control name), how (:data:`OUTCOMES`), and its timings
    (``ack_seconds`` None when it is not known: a command acknowledged ahead of its answer)."""
    if outcome not in OUTCOMES:
        raise ValueError(f"an interaction's outcome is one of {OUTCOMES}, not {outcome!r}")
    INTERACTIONS.labels(kind, outcome).inc()
    if ack_seconds is not None:
        ACK_SECONDS.labels(kind).observe(ack_seconds)
    ANSWER_SECONDS.labels(kind).observe(answer_seconds)


def redraw_queued() -> None:
    REDRAWS_QUEUED.inc()


def redraw_done(delay_seconds: float) -> None:
    """A queued redraw reached Discord ``delay_seconds`` after it was queued."""
    REDRAW_DELAY.observe(delay_seconds)


def redraw_owed(cause: str | None, owed: int) -> None:
    """A redraw did not land (``cause``; None: an owed one landed); ``owed`` messages wait for a retry now."""
    if cause is not None:
        REDRAWS_RETRIED.labels(cause).inc()
    REDRAWS_OWED.set(owed)


def interaction_deferred(kind: str) -> None:
    """A click whose commit was slow was acknowledged with a deferral ahead of its answer."""
    DEFERRED.labels(kind).inc()


def interaction_shed(kind: str) -> None:
    """A click was turned away as busy as it entered (:mod:`bot.ops.intake`)."""
    SHED.labels(kind).inc()


def route_template(method: str, path: str) -> str:
    """A request's route with its ids and tokens replaced (``PATCH /channels/{id}/messages/{id}``), a label
    value of few values."""
    path = _WEBHOOK_TOKEN.sub("{token}", _ID.sub("{id}", path.split("?", 1)[0]))
    return f"{method.upper()} {path}"


def rate_limited(method: str, path: str) -> None:
    """Discord answered a request with 429."""
    RATE_LIMITED.labels(route_template(method, path)).inc()


class RateLimitCounter(logging.Filter):
    """Counts the 429s discord.py's HTTP client reports (it tells of each in a warning, and of nothing else)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(record.msg, str) and record.msg.startswith(RATE_LIMITED_LINE) and isinstance(args, tuple):
            method, url = args[0], args[1]
            rate_limited(str(method), _API_VERSION.sub("", urlsplit(str(url)).path))
        return True


def count_rate_limits() -> None:
    """Count every 429 from now on, whatever ``LOG_LEVEL`` says (the warnings are still written only at
    WARNING and below, by the handler's level)."""
    http = logging.getLogger("discord.http")
    if not any(isinstance(existing, RateLimitCounter) for existing in http.filters):
        http.addFilter(RateLimitCounter())
    if http.getEffectiveLevel() > logging.WARNING:
        http.setLevel(logging.WARNING)


def store_failed(error: StoreError) -> None:
    STORE_ERRORS.labels(type(error).__name__).inc()


def games_running(counts: Mapping[str, int], games: Mapping[str, object]) -> None:
    """Set the games being played now (``counts`` by game; every game in ``games`` is shown, zero or not)."""
    for game in games:
        GAMES_RUNNING.labels(game).set(counts.get(game, 0))


def ai_decided(game: str, level: str, seconds: float) -> None:
    AI_SECONDS.labels(game, level).observe(seconds)


def deadline_fired(kind: str, due_at: float, now: float) -> None:
    """A deadline of ``kind`` (``ai:2`` counts as ``ai``) that fell at ``due_at`` fired at ``now``."""
    kind = kind.split(":", 1)[0]
    late = max(0.0, now - due_at)
    DEADLINES_FIRED.labels(kind).inc()
    DEADLINE_LATENESS.observe(late)
    if late > LATE_AFTER:
        DEADLINES_LATE.labels(kind).inc()


class StoreMetrics:
    """The store's watcher (:class:`bot.store.Watcher`): connections taken and given back, errors, and the
    deadlines claimed (a claimed deadline is fired at once, so its claim is when it fires)."""

    def __init__(self, pool_size: int) -> None:
        POOL_SIZE.set(pool_size)

    def connection_taken(self, waited: float) -> None:
        POOL_IN_USE.inc()
        POOL_WAIT.observe(waited)

    def connection_returned(self) -> None:
        POOL_IN_USE.dec()

    def failed(self, error: StoreError) -> None:
        store_failed(error)

    def deadline_claimed(self, kind: str, due_at: float, now: float) -> None:
        deadline_fired(kind, due_at, now)


def exposition() -> bytes:
    """The metrics in Prometheus's text format."""
    return generate_latest(REGISTRY)
