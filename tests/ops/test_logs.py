"""Log lines: JSON for collectors or text for people, each saying what it concerns, none showing a hidden card."""

import asyncio
import io
import json
import logging

import pytest

from bot.ops import logs, metrics


@pytest.fixture
def written():
    """Configure logging as the bot does, into a string; ``written(fmt)`` returns the stream."""
    root = logging.getLogger()
    kept = (list(root.handlers), root.level)
    streams = []

    def configure(log_format: str, level: str = "DEBUG") -> io.StringIO:
        stream = io.StringIO()
        streams.append(logs.configure(level, log_format, stream))
        return stream

    yield configure
    for handler in streams:
        root.removeHandler(handler)
    root.handlers[:], root.level = kept[0], kept[1]


def test_json_lines_carry_time_level_logger_message_and_what_they_concern(written):
    stream = written("json")
    log = logging.getLogger("bot.test")
    log.info("before any game")
    with logs.about(shard=1, guild=99):
        with logs.about(game_id=42, game="peanuts"):
            log.warning("the table of game %s is gone", 42)
        log.info("back in the guild")
    first, second, third = (json.loads(line) for line in stream.getvalue().splitlines())
    assert first.keys() == {"time", "level", "logger", "message"} and first["time"].endswith("+00:00")
    assert second == {
        "time": second["time"],
        "level": "WARNING",
        "logger": "bot.test",
        "message": "the table of game 42 is gone",
        "shard": 1,
        "guild": 99,
        "game_id": 42,
        "game": "peanuts",
    }
    assert "game_id" not in third and third["guild"] == 99


async def test_what_a_line_concerns_follows_the_task_that_set_it(written):
    stream = written("json")
    log = logging.getLogger("bot.test")

    async def handle(game_id: int) -> None:
        with logs.about(game_id=game_id):
            await asyncio.sleep(0)
            log.info("handled")

    await asyncio.gather(handle(1), handle(2))
    log.info("outside")
    assert [json.loads(line).get("game_id") for line in stream.getvalue().splitlines()] == [1, 2, None]


async def test_a_task_marked_says_what_it_concerns_until_it_ends_and_no_other_task_does(written):
    """What a slash command does: its task is marked at its start (the tree's check), in another call than
    the one that logs."""
    stream = written("json")
    log = logging.getLogger("bot.test")

    async def command(guild: int) -> None:
        logs.mark(shard=0, guild=guild)
        await asyncio.sleep(0)
        log.info("answered")

    await asyncio.gather(asyncio.create_task(command(5)), asyncio.create_task(command(6)))
    log.info("outside")
    assert [json.loads(line).get("guild") for line in stream.getvalue().splitlines()] == [5, 6, None]
    with pytest.raises(ValueError, match="user"):
        logs.mark(user=1)


def test_text_lines_stay_readable_and_say_what_they_concern_at_the_end(written):
    stream = written("text")
    with logs.about(game_id=7, game="pebbles"):
        logging.getLogger("bot.test").error("could not redraw")
    line = stream.getvalue().strip()
    assert " ERROR bot.test: could not redraw [game_id=7 game=pebbles]" in line
    with pytest.raises(json.JSONDecodeError):
        json.loads(line)


def test_an_action_code_in_a_custom_id_is_cut_off_in_messages_and_tracebacks(written):
    stream = written("json")
    log = logging.getLogger("bot.test")
    try:
        raise RuntimeError("the control po:42:7:p.TS failed")
    except RuntimeError:
        log.exception("unexpected error (custom_id %r)", "pa:42:7:c3>f")
    (entry,) = (json.loads(line) for line in stream.getvalue().splitlines())
    assert entry["message"] == "unexpected error (custom_id 'pa:42:7:c3>f')", "a table's move is public"
    assert "po:42:7:…" in entry["exception"] and "TS" not in entry["exception"]


def test_library_debug_payloads_are_replaced_by_their_size(written):
    """discord.py's request and event payloads and aiosqlite's SQL parameters, as they log them."""
    stream = written("text")
    logging.getLogger("discord.http").debug(
        "%s %s with %s has returned %s",
        "POST",
        "https://discord.com/api/v10/channels/1/messages",
        '{"content":"AS"}',
        200,
    )
    logging.getLogger("discord.gateway").debug("For Shard ID %s: WebSocket Event: %s", 0, {"d": {"hand": "AS KD"}})
    logging.getLogger("aiosqlite").debug("executing %s", ("UPDATE games SET state = ?", '{"hands":[["AS"]]}'))
    text = stream.getvalue()
    assert "AS" not in text and "KD" not in text
    assert "POST https://discord.com/api/v10/channels/1/messages with <16 characters hidden> has returned 200" in text
    assert "For Shard ID 0: WebSocket Event: <" in text


def test_an_unknown_format_is_refused():
    with pytest.raises(ValueError, match="LOG_FORMAT"):
        logs.handler("xml")


def test_every_429_is_counted_by_route_template_even_when_warnings_are_not_written(written):
    stream = written("text", level="ERROR")
    metrics.count_rate_limits()
    counter = metrics.RATE_LIMITED.labels("PATCH /channels/{id}/messages/{id}")
    before = counter._value.get()
    logging.getLogger("discord.http").warning(
        metrics.RATE_LIMITED_LINE + " Retrying in %.2f seconds.",
        "PATCH",
        "https://discord.com/api/v10/channels/111111111111111111/messages/222222222222222222",
        0.5,
    )
    assert counter._value.get() == before + 1
    assert stream.getvalue() == ""


def test_route_templates_name_no_id_and_no_token():
    assert metrics.route_template("post", "/webhooks/123/aBcD-token/messages/@original?wait=true") == (
        "POST /webhooks/{id}/{token}/messages/@original"
    )
    assert metrics.route_template("PUT", "/channels/5/messages/6/reactions/%F0%9F%91%8D/@me") == (
        "PUT /channels/{id}/messages/{id}/reactions/%F0%9F%91%8D/@me"
    )
