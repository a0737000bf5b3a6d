"""The words of the table service (``bot.core``): what it tells a table beside the game's own events."""

from bot.words.templates import Template

TEMPLATES: dict[str, Template] = {}
