"""Log lines: readable text by default, or one JSON object a line (``LOG_FORMAT=json``) for collectors.

Each line says, where known, the shard, guild, game id and game it concerns: code that works on a
game wraps the work in :func:`about` (a context variable, so it follows the task and whatever the
task awaits), and :class:`Context` copies it onto every record.

No line may show a hidden card, at any level. Two things would: the libraries' debug lines carry
whole payloads (discord.py's requests and gateway events: a hand's DM, a panel's buttons;
aiosqlite's calls with their parameters: a game's state), and a seat's control carries its
action code in its custom id (``po:42:7:p.TS`` names a card in a hand). :class:`Hidden` replaces the first by their
size and the second by their prefix; it sits on the handler, so every logger's lines pass through it.
"""

import contextvars
import json
import logging
import re
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any, TextIO

CONTEXT_FIELDS = ("shard", "guild", "game_id", "game")
"""What a line may say it concerns, in this order (JSON keys, and the text form's ``key=value`` tail)."""
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
FORMATS = ("text", "json")

_context: contextvars.ContextVar[Mapping[str, Any]] = contextvars.ContextVar(
    "peapod_log_context", default=MappingProxyType({})
)
_CODE_IN_CUSTOM_ID = re.compile(r"\b(po:\d{1,12}:\d{1,9}):[A-Za-z0-9>:.+_-]{1,60}")
"""The custom ids of a seat's own controls (``po``, :mod:`bot.ui.custom_ids`), whose action code may name a card
in a hand; the other controls sit on messages everyone sees (a table's move) or name no card (a replay's step),
so their ids stay whole and say what was clicked."""
PAYLOAD_LOGGERS = ("discord", "aiosqlite", "asyncpg")
"""Libraries whose debug lines carry payloads: Discord requests and events, SQL calls with their parameters
(a game's state holds every hand)."""
PLAIN_LENGTH = 200


@contextmanager
def about(**fields: Any) -> Iterator[None]:
    """Mark every line logged inside the block (by this task, and what it awaits) with ``fields``
    (``shard``, ``guild``, ``game_id``, ``game``); fields given as None are left out."""
    _check(fields)
    token = _context.set({**_context.get(), **{key: value for key, value in fields.items() if value is not None}})
    try:
        yield
    finally:
        _context.reset(token)


def mark(**fields: Any) -> None:
    """Mark every line the current task logs from now on, and what it awaits, as :func:`about` does a block:
    for work that runs in a task of its own (discord.py runs each slash command in one) and whose start and
    end are in different calls."""
    _check(fields)
    _context.set({**_context.get(), **{key: value for key, value in fields.items() if value is not None}})


def _check(fields: Mapping[str, Any]) -> None:
    unknown = set(fields) - set(CONTEXT_FIELDS)
    if unknown:
        raise ValueError(f"a log line can say {CONTEXT_FIELDS}, not {sorted(unknown)}")


def hide_codes(text: str) -> str:
    """``text`` with the action code of every custom id in it cut off (``po:42:7:…``)."""
    return _CODE_IN_CUSTOM_ID.sub(r"\1:…", text)


class Context(logging.Filter):
    """Copies the fields of :func:`about` onto each record (a field given as ``extra`` wins)."""

    def filter(self, record: logging.LogRecord) -> bool:
        for key, value in _context.get().items():
            if not hasattr(record, key):
                setattr(record, key, value)
        return True


class Hidden(logging.Filter):
    """Keeps hidden cards out of every line: the libraries' debug payloads are replaced by their size,
    and the action codes of custom ids are cut off, in the message and in any traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.INFO and record.name.startswith(PAYLOAD_LOGGERS):
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            record.args = tuple(_payload_hidden(arg) for arg in args)
        message = record.getMessage()
        record.msg, record.args = hide_codes(message), ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = hide_codes(record.exc_text)
        return True


def _payload_hidden(arg: object) -> object:
    """A number, or a short plain string (a method, a URL, a shard id), as it is; anything else (a JSON
    payload, a mapping, the SQL call with its parameters) as its size."""
    if arg is None or isinstance(arg, int | float):
        return arg
    text = str(arg)
    if isinstance(arg, str) and len(text) <= PLAIN_LENGTH and not text.lstrip().startswith(("{", "[")):
        return arg
    return f"<{len(text)} characters hidden>"


def _context_of(record: logging.LogRecord) -> dict[str, Any]:
    return {key: getattr(record, key) for key in CONTEXT_FIELDS if getattr(record, key, None) is not None}


class TextFormatter(logging.Formatter):
    """The readable line, followed by what it concerns (``shard=0 guild=… game_id=42 game=peanuts``)."""

    def __init__(self) -> None:
        super().__init__(TEXT_FORMAT)

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        concerns = " ".join(f"{key}={value}" for key, value in _context_of(record).items())
        if not concerns:
            return line
        first, newline, rest = line.partition("\n")
        return f"{first} [{concerns}]{newline}{rest}"


class JsonFormatter(logging.Formatter):
    """One JSON object a line: ``time`` (UTC, ISO 8601), ``level``, ``logger``, ``message``, what the line
    concerns, and ``exception`` (the traceback) when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            **_context_of(record),
        }
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            line["exception"] = record.exc_text
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def handler(log_format: str, stream: TextIO | None = None) -> logging.Handler:
    """A stream handler (standard error by default) writing ``log_format`` lines (:data:`FORMATS`), with
    the context and the hiding filters on it."""
    if log_format not in FORMATS:
        raise ValueError(f"LOG_FORMAT is one of {FORMATS}, not {log_format!r}")
    made = logging.StreamHandler(stream if stream is not None else sys.stderr)
    made.setFormatter(JsonFormatter() if log_format == "json" else TextFormatter())
    made.addFilter(Context())
    made.addFilter(Hidden())
    return made


def configure(level: str, log_format: str, stream: TextIO | None = None) -> logging.Handler:
    """Send every logger's lines at ``level`` and above through one :func:`handler`, replacing the root
    logger's handlers; return the handler. The handler has the level too: a logger set lower for its own
    reasons (see :func:`bot.ops.metrics.count_rate_limits`) still writes nothing below ``level``."""
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    made = handler(log_format, stream)
    made.setLevel(level)
    root.addHandler(made)
    root.setLevel(level)
    return made
