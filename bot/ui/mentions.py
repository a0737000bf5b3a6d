"""Commands named in text as Discord's command mentions (:class:`Mentions`): ``</daily penguin:123>`` shows as
the command in the reader's own language (the client words it from the command's localizations) and runs it
when clicked. A mention needs the command's id, known once the commands are synced; before that a command is
written as the reader's Discord lists it (:meth:`bot.i18n.Words.command`).
"""

from collections.abc import Iterable

from discord import app_commands

from bot.i18n import Words


class Mentions:
    """The synced commands' ids by name, and a command named by them."""

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}

    def synced(self, commands: Iterable[app_commands.AppCommand]) -> None:
        """Keep the ids of the commands Discord answered the sync with."""
        self._ids = {command.name: command.id for command in commands}

    def __call__(self, words: Words, *names: str) -> str:
        """A command (its group and subcommand names, in English) as a mention, or as the reader's words for it
        in code style when its id is not known."""
        command_id = self._ids.get(names[0])
        if command_id is None:
            return f"`{words.command(*names)}`"
        return f"</{' '.join(names)}:{command_id}>"
