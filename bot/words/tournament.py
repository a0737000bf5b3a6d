"""The words of tournaments (``bot.core.tournaments``): what the channel is told as a tournament moves on."""

from bot.words.templates import Template

TEMPLATES: dict[str, Template] = {
    "tournament.arena_begun": "The arena has begun.",
    "tournament.arena_over": "The arena's time is up: games still going count when they end.",
    "tournament.round_begun": "Round {number} has begun.",
    "tournament.round_over": "Round {number} is over.",
    "tournament.round_time_up": "Round {number}'s time is up.",
    "tournament.bye": "A bye (a win) for {players}.",
    "tournament.withdrew": "{name} withdrew from the tournament.",
    "tournament.cancelled": "The tournament was cancelled.",
    "tournament.called_off": "Fewer than two players joined by the start, so the tournament was called off.",
    "tournament.over": "The tournament is over.",
    "tournament.decided": "{first} v {second}: {why}",
    "tournament.why.never_dealt": "the game was never dealt, so both lose.",
    "tournament.why.neither_showed": "neither player showed, so both lose by forfeit.",
    "tournament.why.no_show": "{player} never showed and loses by forfeit.",
    "tournament.why.ahead": "{player} was ahead when time ran out and wins.",
    "tournament.why.level": "level when time ran out: a draw.",
}
