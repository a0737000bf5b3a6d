"""The command tree as Discord receives it: names, descriptions, and what is synced."""

import discord
from discord import app_commands

from bot.cogs.general import scoreboard_text
from bot.store import ScoreRow
from bot.text import readable
from bot.ui.kinds import KINDS
from games import GAMES

from .tables import text_of


def _walk(commands):
    for command in commands:
        yield command
        if isinstance(command, app_commands.Group):
            yield from _walk(command.commands)


async def test_every_command_is_described(room, simcord_bot):
    """Every slash command and option has a lower-case name and a description; names are unique. (The Apps menu's
    entries on a person are named in words and have no description: see test_places.)"""
    commands = list(_walk(simcord_bot.tree.get_commands(type=discord.AppCommandType.chat_input)))
    names = [command.qualified_name for command in commands]
    assert len(names) == len(set(names))
    for command in commands:
        assert command.name == command.name.lower() and command.description, command.qualified_name
        for parameter in getattr(command, "parameters", []):
            assert parameter.description and parameter.description != "…", (command.qualified_name, parameter.name)


async def test_commands_are_synced(room):
    """The slash commands people can type are synced at start."""
    available = set(room.alice.available_commands(room.channel))
    assert {"penguin new", "penguin move", "penguin resign", "scores", "help"} <= available


async def test_help_covers_every_table_and_fits_one_embed(room):
    """/help has a paragraph per game with a table, names the games still to come, and fits Discord's limit."""
    result = await room.alice.slash(room.channel, "help")
    text = text_of(result.response)
    assert len(text) <= 4096
    for command in ("/penguin new", "/peek new", "/triplepeaks new", "/pebbles new", "/scores", "/help game:"):
        assert command in text
    for key, kind in KINDS.items():
        page = await room.alice.slash(room.channel, "help", game=key)
        assert text_of(page.response) == f"### {GAMES[key].title}\n{readable(kind.help)}" and len(kind.help) <= 4096
    coming = [game.title for key, game in sorted(GAMES.items()) if key not in KINDS]
    assert ("Coming to this bot: " + ", ".join(coming) + "." in text) if coming else "Coming" not in text


def test_scoreboard_columns_stay_aligned_for_long_scores():
    """A progressive Triple Peaks total wider than the column widens it instead of pushing the row out."""
    rows = [ScoreRow(1, games=3, wins=1, best=1234567), ScoreRow(2, games=12, wins=0, best=52)]
    header, first, second = scoreboard_text(rows).splitlines()
    assert header.index("`  player") == first.index("`  <@1>") == second.index("`  <@2>")
    assert first.startswith("`1      3     1 1234567`") and second.startswith("`2     12     0      52`")
