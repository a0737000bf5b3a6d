"""The words of the table service (``bot.core``): what it tells a table beside the game's own events."""

from bot.words.templates import Template

TEMPLATES: dict[str, Template] = {
    "table.undid": "Undid {action}.",
    "table.declined": "The invitation was declined.",
    "table.cancelled": "The table was cancelled.",
    "table.back": "{seat} is back.",
    "table.expired": "Nobody started this table in time, so it closed.",
    "table.turn_runs_out": "Your turn runs out in {seconds} seconds.",
    "table.timed_out": "Time ran out: I played {action} for {seat}.",
    "table.timed_out.away": (
        "Time ran out: I played {action} for {seat}. The AI plays {seat} until its player presses I'm back."
    ),
    "replay.deal": "The deal.",
    "replay.resigned": "{seat} resigned.",
    "replay.claimed": "{seat} claimed the game.",
    "replay.moved": "{seat}: {action}.",
}
