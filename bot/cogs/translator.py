"""Slash commands in the user's language: discord.py asks the tree's :class:`CatalogTranslator` for each
command's, option's and choice's words in every Discord locale, when the commands are synced.

The cogs give every such string as an ``app_commands.locale_str`` whose message is the English id. Names are
ids in their own contexts (``"command name"``, ``"option name"``) since a name is one lowercase word that
another use of the same English would word differently; a translated name that breaks Discord's rules for
names is not sent (Discord then shows the English one). A context menu's name (right-click a person → Apps) is
words people read, not a word they type: it keeps its capitals and spaces, in the context ``"menu name"``.
"""

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import ENGLISH, Words, words_for
from bot.i18n.words import COMMAND_CONTEXT, COMMAND_NAME

DESCRIPTION_LIMIT = 100
"""The most characters a description or a choice's name may have."""
MENU_NAME_LIMIT = 32
"""The most characters a context menu's name may have."""
MENU_CONTEXT = "menu name"
"""The catalog context of a context menu's name."""
NAME_CONTEXTS = {
    Where.command_name: COMMAND_CONTEXT,
    Where.group_name: COMMAND_CONTEXT,
    Where.parameter_name: "option name",
}
"""The catalog context of each kind of name."""


def catalog_context(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalog context a command's string is worded in (None: a description or a choice)."""
    if context.location is Where.command_name and isinstance(context.data, app_commands.ContextMenu):
        return MENU_CONTEXT
    return NAME_CONTEXTS.get(context.location)


def translated(words: Words, message: str, where: Where, *, menu: bool = False) -> str | None:
    """``message`` (an English command string) in the language of ``words``, or None when it would read as the
    English or would break Discord's rules (``menu``: the name of a context menu)."""
    context = NAME_CONTEXTS.get(where)
    if menu:
        text = words.context(MENU_CONTEXT, message)
        valid = 0 < len(text) <= MENU_NAME_LIMIT
    elif context is not None:
        text = words.context(context, message).lower()
        valid = COMMAND_NAME.fullmatch(text) is not None
    else:
        text = words(message)
        valid = 0 < len(text) <= DESCRIPTION_LIMIT
    return text if valid and text != message else None


class CatalogTranslator(app_commands.Translator):
    """The commands' words from the message catalogs (:mod:`bot.i18n`)."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        words = words_for(locale.value)
        if words is ENGLISH:
            return None
        return translated(words, string.message, context.location, menu=catalog_context(context) == MENU_CONTEXT)


class Recorder(app_commands.Translator):
    """Writes down every string discord.py would translate and where it stands (for the extraction of the
    commands' message ids); translates nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.strings: set[tuple[str, str | None]] = set()

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        self.strings.add((string.message, catalog_context(context)))
        return None


async def command_strings(tree: app_commands.CommandTree) -> set[tuple[str, str | None]]:
    """Every (English message, catalog context) of the commands of ``tree``."""
    recorder = Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return recorder.strings
