"""Triple Peaks in Discord, end to end: slash commands and clicks through real discord.py (SimCord)."""

import io

import discord
from PIL import Image

from bot.text import readable
from bot.ui import custom_ids
from bot.ui.controls import REDRAWN
from bot.words import say
from games.ai.registry import HINTS
from games.ai.triplepeaks_solver import solve, winnable_seed
from games.triplepeaks import GAME, Draw, Play, TriplePeaksAction
from render import triplepeaks as picture

from .conftest import Room
from .tables import (
    button_for,
    components_in,
    custom_ids_on,
    footer_of,
    game_id_of,
    only_new_game,
    picture_of,
    private_text,
    resign_by_command,
    restarted_bot,
    table_message,
    text_of,
    title_of,
)


async def new_table(room: Room, **options) -> discord.Message:
    result = await room.alice.slash(room.channel, "triplepeaks new", **options)
    assert not result.ephemeral
    return room.channel.last_message


async def play(actor, room: Room, message_id: int, action: TriplePeaksAction) -> None:
    """Press the button of ``action`` on the table as it is now."""
    message = table_message(room, message_id)
    await actor.click(message, custom_id=button_for(message, action.code))


def first_action(table) -> TriplePeaksAction:
    """A play if there is one (the stock otherwise)."""
    return table.legal[0][0]


async def test_new_table_has_picture_and_controls(room, simcord_bot):
    """/triplepeaks new posts the table picture with a button per legal move, the stock and resign."""
    message = await new_table(room)
    assert f"<@{room.alice.id}>'s game." in text_of(message)
    embed = message
    assert title_of(embed) == "Triple Peaks" and picture_of(embed).endswith("/table.png")
    assert ("\nScore 0 \u00b7 next card +1 \u00b7 23 stock cards left") in text_of(embed)
    image = Image.open(io.BytesIO(await message.attachments[0].read()))
    assert image.format == "PNG" and image.size == (picture.WIDTH, picture.HEIGHT)
    table = await simcord_bot.service.table(game_id_of(message))
    assert table.message_id == message.id
    buttons = {c.custom_id: c for c in components_in(message) if getattr(c, "custom_id", None)}
    for action in table.legal[0]:
        button = buttons[custom_ids.table_id(custom_ids.ACTION, table.game_id, table.version, action.code)]
        wanted = readable(say(action.phrase)) if isinstance(action, Play) else "Turn a stock card (23 left)"
        assert button.label == wanted
    assert not any(cid.startswith(f"{custom_ids.UNDO}:") for cid in buttons)
    assert buttons[custom_ids.table_id(custom_ids.HINT, table.game_id, table.version)].label == "Hint"
    assert len(buttons) == len(table.legal[0]) + 2


async def test_hint_names_the_move_and_why_privately_and_changes_nothing(room, simcord_bot, seed_box):
    """Hint answers only the player, with the hard AI's move from their view and a reason; the table stays."""
    seed_box[0] = 3
    message = await new_table(room)
    table = await simcord_bot.service.table(game_id_of(message))
    expected = HINTS["triplepeaks"](GAME.new_state(None, 1, 3))
    hint_id = custom_ids.table_id(custom_ids.HINT, table.game_id, table.version)
    result = await room.alice.click(message, custom_id=hint_id)
    assert result.ephemeral
    assert result.response.content == readable(f"Try **{say(expected.action.phrase)}**. {say(expected.why)}")
    assert (await simcord_bot.service.table(table.game_id)).version == table.version
    result = await room.bob.click(table_message(room, message.id), custom_id=hint_id)
    assert result.ephemeral and "not playing" in result.response.content


async def test_whole_game_to_a_win_through_clicks(room, simcord_bot, seed_box):
    """A deal the solver clears is played to a win with the buttons; the result reaches /scores."""
    seed_box[0] = winnable_seed(0)
    solution = solve(GAME.new_state(None, 1, seed_box[0]))
    assert solution and any(isinstance(action, Draw) for action in solution)
    message = await new_table(room)
    game_id = game_id_of(message)
    for action in solution:
        await play(room.alice, room, message.id, action)
    final = table_message(room, message.id)
    table = await simcord_bot.service.table(game_id)
    assert table.finished and table.outcome.winners == (0,)
    assert "**Won!** All three peaks are cleared" in text_of(final)
    assert "3/3 peaks cleared" in text_of(final)
    assert only_new_game(final)
    await room.alice.slash(room.channel, "scores", game="triplepeaks")
    board = room.channel.last_message
    assert title_of(board) == "Triple Peaks scoreboard"
    assert "alice" in text_of(board)
    assert f"    1     1 {table.outcome.scores[0]:>5}" in text_of(board)


async def test_variant_multiplier_and_practice_undo(room, simcord_bot):
    """/triplepeaks new variant: multiplier scores runs 1, 2, 4 …; practice shows Undo after a move."""
    message = await new_table(room, variant="multiplier")
    table = await simcord_bot.service.table(game_id_of(message))
    assert table.public.multiplier and not table.can_undo
    assert "multiplier scoring" in text_of(message)
    await resign_by_command(room.alice, room, "triplepeaks")
    practice = await new_table(room, variant="practice")
    game_id = game_id_of(practice)
    before = await simcord_bot.service.table(game_id)
    assert not before.public.multiplier
    await play(room.alice, room, practice.id, first_action(before))
    undo = button_for(table_message(room, practice.id), "!undo")
    await room.alice.click(table_message(room, practice.id), custom_id=undo)
    after = await simcord_bot.service.table(game_id)
    assert after.public.tableau == before.public.tableau and after.public.waste == before.public.waste
    assert after.version == before.version + 2
    await room.alice.slash(room.channel, "scores", game="triplepeaks")
    assert "Practice games" in footer_of(room.channel.last_message)


async def test_progressive_variant_deals_round_one(room, simcord_bot):
    message = await new_table(room, variant="progressive")
    assert "round 1" in text_of(message)
    assert (await simcord_bot.service.table(game_id_of(message))).public.progressive


async def test_someone_else_cannot_play_a_private_table(room, simcord_bot):
    """Bob's clicks on Alice's table get a private sentence and change nothing."""
    message = await new_table(room)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    for code in (first_action(before).code, "!resign?"):
        result = await room.bob.click(message, custom_id=button_for(message, code))
        assert result.ephemeral and "not playing" in result.response.content
    assert (await simcord_bot.service.table(game_id)).version == before.version


async def test_open_table_lets_anyone_play(room, simcord_bot):
    message = await new_table(room, open=True)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    await play(room.bob, room, message.id, first_action(before))
    assert (await simcord_bot.service.table(game_id)).version == before.version + 1


async def test_stale_button_redraws_the_table(room, simcord_bot):
    """A button drawn for an older position (a lagging client) is not played: the table is redrawn as it is."""
    message = await new_table(room)
    game_id = game_id_of(message)
    old_components = room.env.backend.get_message(room.channel.id, message.id).components
    await play(room.alice, room, message.id, Draw())
    moved = await simcord_bot.service.table(game_id)
    room.env.backend.get_message(room.channel.id, message.id).components = old_components
    result = await room.alice.click(table_message(room, message.id), custom_id=button_for(message, "draw"))
    assert private_text(result) == REDRAWN and REDRAWN not in text_of(result.response)
    assert (await simcord_bot.service.table(game_id)).version == moved.version


async def test_typed_move_with_autocomplete(room, simcord_bot):
    """/triplepeaks move offers the legal moves (filtered by what is typed) and plays the chosen one."""
    message = await new_table(room)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    choices = await room.alice.autocomplete(room.channel, "triplepeaks move", "move", "")
    assert [choice["value"] for choice in choices] == [action.code for action in before.legal[0]]
    assert [choice["name"] for choice in choices] == [readable(say(action.phrase)) for action in before.legal[0]]
    choices = await room.alice.autocomplete(room.channel, "triplepeaks move", "move", "stock")
    assert [choice["value"] for choice in choices] == ["draw"]
    result = await room.alice.slash(room.channel, "triplepeaks move", move="draw")
    assert result.acknowledged and result.response is None, "no private reply is left behind"
    await room.env.advance_time(1)
    assert "from the stock" in text_of(table_message(room, message.id))
    after = await simcord_bot.service.table(game_id)
    assert after.version == before.version + 1 and after.public.stock == 22
    shown = table_message(room, message.id)
    assert footer_of(shown) == f"Game #{game_id}"
    assert all(cid.split(":")[2] == str(after.version) for cid in custom_ids_on(shown))
    assert "22 stock cards left" in text_of(shown)


async def test_illegal_and_garbage_typed_moves_are_refused(room, simcord_bot):
    """A face-down card, a card that does not fit and garbage each get a private sentence; nothing changes."""
    message = await new_table(room)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    legal = {action.code for action in before.legal[0]}
    misfit = next(f"t{slot}" for slot in range(18, 28) if f"t{slot}" not in legal)
    answers = {}
    for code in ("t0", misfit, "hello there", "t28"):
        result = await room.alice.slash(room.channel, "triplepeaks move", move=code)
        assert result.ephemeral and "Traceback" not in result.response.content
        answers[code] = result.response.content
    assert "face down" in answers["t0"]
    assert "does not go on" in answers[misfit]
    assert (await simcord_bot.service.table(game_id)).version == before.version


async def test_resign_asks_then_records_a_loss(room, simcord_bot):
    """Resign asks privately for confirmation, ends the game and counts it on the scoreboard."""
    message = await new_table(room)
    asked = await room.alice.click(message, custom_id=button_for(message, "!resign?"))
    assert asked.ephemeral and "Resign" in asked.response.content
    await room.alice.click(asked.response.message, label="Yes, resign")
    final = table_message(room, message.id)
    assert "**Resigned.** Resigned with 0 points." in text_of(final) and only_new_game(final)
    await room.alice.slash(room.channel, "scores", game="triplepeaks")
    board = room.channel.last_message
    assert title_of(board) == "Triple Peaks scoreboard" and "    1     0     0" in text_of(board)


async def test_resign_command(room, simcord_bot):
    """/triplepeaks resign ends the current game and redraws its table without controls."""
    message = await new_table(room)
    result = await resign_by_command(room.alice, room, "triplepeaks")
    assert result.response.content == "You resigned."
    assert only_new_game(table_message(room, message.id))
    result = await room.alice.slash(room.channel, "triplepeaks resign")
    assert result.ephemeral and "/triplepeaks new" in result.response.content


async def test_restart_mid_game_keeps_every_button_working(room, simcord_bot, settings):
    """After a restart (new bot, new database connection) the old table's buttons still play."""
    message = await new_table(room)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    await play(room.alice, room, message.id, first_action(before))
    middle = await simcord_bot.service.table(game_id)
    async with restarted_bot(room, settings) as reborn:
        resumed = await reborn.service.table(game_id)
        assert resumed.version == middle.version and resumed.public == middle.public
        await play(room.alice, room, message.id, first_action(resumed))
        assert (await reborn.service.table(game_id)).version == middle.version + 1


async def test_help_has_the_triple_peaks_paragraph(room):
    result = await room.alice.slash(room.channel, "help", game="triplepeaks")
    text = text_of(result.response)
    assert "**Triple Peaks**" in text and "/triplepeaks new" in text
