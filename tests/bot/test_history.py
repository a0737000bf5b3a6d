"""History and replays end to end: /history lists a player's finished games with Replay; a replay is
private, walks the game with ⏮ ◀ ▶ ⏭, shows only the viewer's own hand while the game runs and every
hand once it is over, and its last step is the saved final position; bad ids get a sentence."""

import io

import discord
from PIL import Image

from games.pebbles import GAME

from .tables import (
    components_in,
    custom_ids_on,
    descriptions_of,
    labels_of,
    resign_by_command,
    table_message,
    text_of,
)
from .test_pebbles_discord import play_turn, seated_table


def pictures_of(message) -> list[str]:
    """Every attachment a layout message's galleries show, in order."""
    galleries = [c for c in components_in(message) if isinstance(c, discord.MediaGalleryComponent)]
    return [item.media.url.rsplit("/", 1)[-1] for gallery in galleries for item in gallery.items]


def replay_of(result) -> discord.Message:
    """The private replay a command or a Replay click opened (the "thinking…" answer it replaced)."""
    assert result.ephemeral and not result.followups
    return result.response.message


async def step(actor, replay: discord.Message, code: str) -> discord.Message:
    """Press a replay's step button (first, back, next, last); the answer is the same replay, redrawn."""
    custom_id = next(cid for cid in custom_ids_on(replay) if cid.startswith("pq:") and cid.endswith(f":{code}"))
    result = await actor.click(replay, custom_id=custom_id)
    return result.response.message


async def test_history_and_a_replay_from_start_to_end(room, simcord_bot):
    people = {room.alice.id: room.alice, room.bob.id: room.bob}
    game_id, message = await seated_table(room, 2, [room.alice, room.bob])
    for _ in range(6):
        await play_turn(room, simcord_bot, game_id, people)

    refused = await room.carol.slash(room.channel, "replay", id=game_id)
    assert refused.ephemeral and "still running" in refused.response.content
    mine = replay_of(await room.alice.slash(room.channel, "replay", id=game_id))
    assert pictures_of(mine) == ["replay.png", "replay-seat-1.png"]
    assert "Step 0 of 6: The deal." in text_of(mine) and "Only you see this replay." in text_of(mine)
    assert labels_of(mine) == ["Start", "Back", "Next", "End"]

    await resign_by_command(room.bob, room, "pebbles")
    assert (await simcord_bot.service.table(game_id)).finished
    history = await room.alice.slash(room.channel, "history", game="pebbles")
    lines = text_of(history.response)
    assert f"#{game_id}" in lines and "won" in lines and f"<@{room.bob.id}>" in lines
    replay_id = next(cid for cid in custom_ids_on(history.response.message) if cid.startswith("py:"))

    watched = replay_of(await room.carol.click(history.response.message, custom_id=replay_id))
    assert pictures_of(watched) == ["replay.png", "replay-seat-1.png", "replay-seat-2.png"]
    forward = await step(room.carol, watched, "next")
    assert "Step 1 of 7: Seat" in text_of(forward)
    end = await step(room.carol, forward, "last")
    assert "Step 7 of 7: Seat 2 resigned." in text_of(end) and "Resigned" in text_of(end)
    assert await step(room.carol, end, "first") is not None

    guild = simcord_bot.get_channel(room.channel.id).guild.id
    last = await simcord_bot.service.replay(game_id, room.carol.id, None, guild_id=guild)
    record = await simcord_bot.service.parts.tables.load(game_id)
    assert last.step == last.steps == 7
    assert last.table.public == GAME.view_for(GAME.from_dict(record.state), None)
    assert last.table.views == (await simcord_bot.service.table(game_id)).views

    final = table_message(room, message.id)
    assert "Replay" in labels_of(final)


async def test_replay_refusals(room, simcord_bot):
    missing = await room.alice.slash(room.channel, "replay", id=987654)
    assert missing.ephemeral and missing.response.content == "There is no such game."
    nothing = await room.bob.slash(room.channel, "history")
    assert "has no finished games here yet" in text_of(nothing.response)
    await room.alice.slash(room.channel, "pebbles new")
    lobby = room.channel.last_message
    game_id = int(custom_ids_on(lobby)[0].split(":")[1])
    never = await room.alice.slash(room.channel, "replay", id=game_id)
    assert never.ephemeral and "never played" in never.response.content


async def test_stats_show_totals_and_a_chart(room, simcord_bot):
    await room.alice.slash(room.channel, "penguin new")
    await resign_by_command(room.alice, room, "penguin")
    await room.alice.slash(room.channel, "peek new")
    await resign_by_command(room.alice, room, "peek")
    result = await room.bob.slash(room.channel, "stats", member=room.alice.user)
    message = result.response.message
    text = text_of(message)
    assert "**Peek**: 1 game, 0 wins, best" in text and "**Penguin**: 1 game, 0 wins, best 3" in text
    assert pictures_of(message) == ["stats.png"]
    described = descriptions_of(message)
    assert "alice: the latest result a game" in described and "Penguin: 1 game, 0 wins, best 3" in described
    assert "latest results, oldest first: 3" in described
    picture = Image.open(io.BytesIO(await message.attachments[0].read()))
    assert picture.width == 550 and picture.height < 400
    nobody = await room.bob.slash(room.channel, "stats")
    assert "has no finished games on the scoreboards here yet" in text_of(nobody.response)
