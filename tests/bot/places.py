"""The places Discord has and SimCord lacks, for the tests: what SimCord is told is said once, in
:mod:`bot.play.places` (``make play`` uses the same hooks); :func:`install` puts them in through pytest's
``monkeypatch``.

A DM between two people (:meth:`Places.dm`) is a chat of type 1 (a group DM of two, as Discord sends it);
:func:`slash_in` and :func:`menu_in` run a slash command or an Apps menu entry there (SimCord's own run only in
the bot's DM and in servers).

SimCord still lets the bot's own REST calls reach those places (a real Discord answers 403): the tests count
them instead (:func:`bot_calls_to`), and expect none.
"""

from typing import Any

from simcord import Env
from simcord.actors import _dispatch_actor_interaction, _resolve_visible_command, _slash
from simcord.backend import serializers
from simcord.builders import ChannelHandle, UserHandle
from simcord.enums import AppCommandType, InteractionType

from bot.play.places import BOT_DM, GUILD, PRIVATE_CHANNEL, simcord_hooks
from bot.play.places import ChatPlaces as Places

__all__ = ["BOT_DM", "GUILD", "PRIVATE_CHANNEL", "Places", "bot_calls_to", "install", "menu_in", "slash_in"]


async def slash_in(user: UserHandle, channel: ChannelHandle, name: str, /, **options: Any) -> Any:
    """``user`` runs a slash command in a group DM (SimCord's ``slash`` runs in the bot's DM only)."""
    return await _slash(user, channel, name, options)


async def menu_in(user: UserHandle, channel: ChannelHandle, name: str, target: UserHandle) -> Any:
    """``user`` picks ``name`` in the Apps menu on ``target`` in a group DM or a DM between people (SimCord's
    ``context_menu`` runs in servers only); Discord resolves the target as a user there, not a member."""
    root = _resolve_visible_command(user, channel.id, name, AppCommandType.USER)
    target_payload = dict(serializers.user_payload(user._env.backend.get_user(target.id)))
    data = {
        "id": root["id"],
        "name": root["name"],
        "type": AppCommandType.USER,
        "target_id": str(target.id),
        "resolved": {"users": {str(target.id): target_payload}},
    }
    return await _dispatch_actor_interaction(user, InteractionType.APPLICATION_COMMAND, channel, data)


def bot_calls_to(env: Env, channel_id: int) -> list[str]:
    """The bot's REST calls about a channel's messages or threads (an interaction's own webhook is not one)."""
    prefix = f"/channels/{channel_id}/"
    return [f"{entry.method} {entry.path}" for entry in env.http_requests if entry.path.startswith(prefix)]


def install(monkeypatch: Any) -> Places:
    """Make SimCord's interactions say where they happen, as Discord does (see :mod:`bot.play.places`)."""
    places = Places()
    for owner, name, wrap in simcord_hooks(places):
        monkeypatch.setattr(owner, name, wrap(getattr(owner, name)))
    return places
