"""Bursts of clicks through SimCord, delivered as Discord's gateway delivers them: at once, whether or not the
bot has finished the clicks before (a SimCord actor's ``click`` waits for its click to settle first).

Peek tables, one player each: every move is one button whose custom id names the game, the version it was
drawn for and the move (``pa:42:7:w``), so a move the bot saved is found in the action log at that version.
SimCord's ``Backend`` and ``base_payload`` are used directly, as in ``bench/load.py``.
"""

import re
from dataclasses import dataclass
from typing import Any

import simcord
from simcord import interactions as simcord_interactions
from simcord.backend import serializers

from bench import buttons, custom_ids

TABLES = 16
MOVE = re.compile(r"pa:(?P<game>\d+):(?P<version>\d+):(?P<code>.+)")
CONTROL = re.compile(r"p[a-z]:\d+:(\d+)")
"""A table control's custom id, up to the version it was drawn for."""
SAFE_STYLES = {1, 3}
"""Primary and success buttons: the moves that do not end the game (a danger button warns that it would)."""


@dataclass(frozen=True)
class Table:
    """One player's Peek table: who plays it and where its message is."""

    player: Any
    channel: Any
    message_id: int
    game_id: int

    @property
    def channel_id(self) -> int:
        return int(self.channel.id)


async def deal(env: simcord.Env, count: int = TABLES) -> list[Table]:
    """``count`` players in one channel, each with a Peek table of their own (dealt one after the other)."""
    guild = env.create_guild("burst")
    channel = guild.create_text_channel("card-room")
    tables = []
    for number in range(count):
        player = guild.add_member(env.create_user(f"player{number}"))
        await player.slash(channel, "peek new")
        message = channel.last_message
        assert message is not None, "the table was posted"
        moves = [match for custom_id in move_ids(env, channel.id, message.id) if (match := MOVE.fullmatch(custom_id))]
        tables.append(Table(player, channel, message.id, int(moves[0]["game"])))
    return tables


def move_ids(env: simcord.Env, channel_id: int, message_id: int) -> list[str]:
    """The custom ids of the moves a table message offers now (not those that would end the game)."""
    stored = env.backend.get_message(channel_id, message_id)
    return [
        button["custom_id"]
        for button in buttons(stored.components)
        if str(button.get("custom_id", "")).startswith("pa:")
        and button.get("style") in SAFE_STYLES
        and not button.get("disabled")
    ]


def shown_version(env: simcord.Env, table: Table) -> int | None:
    """The version the table message is drawn for (its controls' version), None when it has no control."""
    stored = env.backend.get_message(table.channel_id, table.message_id)
    versions = [int(match[1]) for custom_id in custom_ids(stored.components) if (match := CONTROL.match(custom_id))]
    return max(versions, default=None)


def click(env: simcord.Env, table: Table, custom_id: str) -> Any:
    """Deliver a click on ``custom_id`` of the table message now and return SimCord's record of the
    interaction (``responded``, ``ephemeral``, ``followup_ids``); the bot handles it in its own time."""
    backend = env.backend
    stored = backend.get_message(table.channel_id, table.message_id)
    data = {"custom_id": custom_id, "component_type": 2}
    record, payload = simcord_interactions.base_payload(
        backend, type=3, channel_id=table.channel_id, guild_id=table.player.guild.id, user_id=table.player.id, data=data
    )
    payload["message"] = dict(serializers.message_payload(backend, stored))
    record.source_message_id = stored.id
    backend.emit("INTERACTION_CREATE", payload)
    return record
