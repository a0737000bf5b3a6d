"""Command sync keeps the app's Entry Point command (SimCord, taught by bot.play.activity to keep one and to
refuse, with Discord's error 50240, a bulk overwrite of the global commands that drops it)."""

import discord
import pytest

from bot.play import activity


@pytest.fixture
def launches():
    launches = activity.Launches()
    uninstall = activity.install(launches)
    yield launches
    uninstall()


async def test_a_sync_keeps_the_entry_point_discord_has_and_updates_every_command(room, simcord_bot, launches):
    backend = room.env.backend
    entry = activity.add_entry_point(backend)
    with pytest.raises(discord.HTTPException) as refused:
        await simcord_bot.tree.sync()
    assert refused.value.code == 50240, "a plain bulk overwrite is refused, as Discord refuses it"
    synced = await simcord_bot.sync_global()
    kept = backend.commands[None][("launch", activity.ENTRY_POINT)]
    assert kept["id"] == entry["id"] and kept["handler"] == activity.LAUNCHES_ACTIVITY
    names = {command.name for command in synced}
    assert {"peanuts", "scores"} <= names and "launch" not in names
    assert len(backend.commands[None]) == len(synced) + 1


async def test_without_an_entry_point_the_sync_is_the_usual_one(room, simcord_bot, launches):
    synced = await simcord_bot.sync_global()
    assert {command.name for command in synced} == {name for (name, _) in room.env.backend.commands[None]}
