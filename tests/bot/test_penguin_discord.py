"""Penguin in Discord, end to end: slash commands, selects and clicks through real discord.py (SimCord)."""

import io
import re

import discord
from PIL import Image

from bot.errors import APOLOGY
from bot.text import readable
from bot.ui.controls import LEGACY, REDRAWN
from bot.words import say
from games.ai.penguin_solver import solve, winnable_seed
from games.penguin import GAME, Move
from render import penguin as penguin_picture

from .conftest import Room
from .tables import (
    button_for,
    components_in,
    custom_ids_on,
    game_id_of,
    labels_of,
    only_new_game,
    pick_id,
    picture_of,
    private_text,
    resign_by_command,
    restarted_bot,
    table_message,
    text_of,
    title_of,
)


async def new_table(room: Room, *, open: bool = False) -> discord.Message:
    result = await room.alice.slash(room.channel, "penguin new", **({"open": True} if open else {}))
    assert not result.ephemeral
    return room.channel.last_message


async def play(actor, room: Room, message_id: int, move: Move) -> None:
    """Play ``move`` as a person would: pick the card in the menu, then press its destination."""
    message = table_message(room, message_id)
    await actor.select(message, [move.source], custom_id=pick_id(message))
    message = table_message(room, message_id)
    await actor.click(message, custom_id=button_for(message, move.code))


def first_move(table) -> Move:
    return next(action for action in table.legal[0] if isinstance(action, Move))


async def test_new_table_has_picture_and_controls(room, simcord_bot):
    """/penguin new posts one table message with the picture and the move controls."""
    message = await new_table(room)
    assert message.author.id == simcord_bot.user.id
    assert f"<@{room.alice.id}>'s game." in text_of(message)
    assert title_of(message) == "Penguin"
    assert picture_of(message).endswith("/table.png")
    picture = Image.open(io.BytesIO(await message.attachments[0].read()))
    assert picture.format == "PNG" and picture.width >= 600
    ids = custom_ids_on(message)
    assert pick_id(message) in ids
    assert button_for(message, "!resign?") in ids
    table = await simcord_bot.service.table(game_id_of(message))
    assert table.message_id == message.id and table.players == (room.alice.id,)


async def test_whole_game_to_a_win_through_clicks(room, simcord_bot, seed_box):
    """A solvable deal is played to a win with the menu and buttons; the result reaches /scores."""
    seed_box[0] = winnable_seed(0)
    solution = solve(GAME.new_state(None, 1, seed_box[0]))
    assert solution
    message = await new_table(room)
    for move in solution:
        await play(room.alice, room, message.id, move)
    final = table_message(room, message.id)
    assert "Won!" in text_of(final)
    assert f"and {len(solution)} moves." in text_of(final)
    assert labels_of(final) == ["New game", "Replay"]
    await room.alice.slash(room.channel, "scores", game="penguin")
    board = room.channel.last_message
    assert title_of(board) == "Penguin scoreboard"
    assert "    1     1    52" in text_of(board) and "alice" in text_of(board)


async def test_someone_else_cannot_play_a_private_table(room, simcord_bot):
    """Bob's clicks on Alice's table get a private sentence and change nothing."""
    message = await new_table(room)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    result = await room.bob.select(message, [first_move(before).source], custom_id=pick_id(message))
    assert result.ephemeral
    assert "not playing" in result.response.content
    resign = button_for(message, "!resign?")
    result = await room.bob.click(message, custom_id=resign)
    assert result.ephemeral and "not playing" in result.response.content
    assert (await simcord_bot.service.table(game_id)).version == before.version


async def test_open_table_lets_anyone_play(room, simcord_bot):
    """On an open table a move by anyone in the channel is played; a guest may take back only their own
    move; the table shows no Resign (its owner resigns with /penguin resign); the end credits the helpers."""
    message = await new_table(room, open=True)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    assert not any(cid.startswith("pr:") for cid in custom_ids_on(message))
    await play(room.bob, room, message.id, first_move(before))
    assert (await simcord_bot.service.table(game_id)).version == before.version + 1
    assert "anyone here may play" in text_of(table_message(room, message.id))
    undo = button_for(table_message(room, message.id), "!undo")
    result = await room.carol.click(table_message(room, message.id), custom_id=undo)
    assert "only your own last move" in private_text(result)
    await resign_by_command(room.alice, room, "penguin")
    assert "Helped by bob (1 move)." in text_of(table_message(room, message.id))


async def test_typed_move_with_autocomplete(room, simcord_bot):
    """/penguin move offers the legal moves and plays the chosen one on the table message."""
    message = await new_table(room)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    choices = await room.alice.autocomplete(room.channel, "penguin move", "move", "")
    codes = [choice["value"] for choice in choices]
    assert codes and set(codes) <= {action.code for action in before.legal[0]}
    result = await room.alice.slash(room.channel, "penguin move", move=codes[-1])
    assert result.ephemeral
    after = await simcord_bot.service.table(game_id)
    assert after.version == before.version + 1
    assert pick_id(table_message(room, message.id)).endswith(f":{after.version}")


async def test_illegal_and_garbage_typed_moves_are_refused(room, simcord_bot):
    """An illegal move and a garbage move each get a private sentence; the game is unchanged."""
    message = await new_table(room)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    legal = {action.code for action in before.legal[0]}
    illegal = next(code for code in ("c1:9>c2", "c1>c2", "c2>c1", "k1>f", "c1>f") if code not in legal)
    for code in (illegal, "hello there", "c9>f"):
        result = await room.alice.slash(room.channel, "penguin move", move=code)
        assert result.ephemeral
        assert result.response.content and "Traceback" not in result.response.content
    assert (await simcord_bot.service.table(game_id)).version == before.version


async def test_stale_button_redraws_the_table(room, simcord_bot):
    """A button drawn for an older position (a lagging client) is not played: the table is redrawn as it is."""
    message = await new_table(room)
    game_id = game_id_of(message)
    table = await simcord_bot.service.table(game_id)
    move = first_move(table)
    await room.alice.select(message, [move.source], custom_id=pick_id(message))
    old_components = room.env.backend.get_message(room.channel.id, message.id).components
    old = next(cid for cid in custom_ids_on(table_message(room, message.id)) if cid.endswith(f":{move.code}"))
    await room.alice.click(table_message(room, message.id), custom_id=old)
    moved = await simcord_bot.service.table(game_id)
    room.env.backend.get_message(room.channel.id, message.id).components = old_components
    result = await room.alice.click(table_message(room, message.id), custom_id=old)
    assert private_text(result) == REDRAWN and REDRAWN not in text_of(result.response)
    assert (await simcord_bot.service.table(game_id)).version == moved.version
    assert old not in custom_ids_on(table_message(room, message.id))
    assert pick_id(table_message(room, message.id)).endswith(f":{moved.version}")


async def test_forged_custom_ids_are_answered(room, simcord_bot):
    """Garbage and forged custom ids get a private sentence, never silence; the game is unchanged."""
    message = await new_table(room)
    game_id = game_id_of(message)
    version = (await simcord_bot.service.table(game_id)).version
    stored = room.env.backend.get_message(room.channel.id, message.id)
    forged = ["pa:not-a-game", f"pa:{game_id}:{version}:zz>top", f"pu:{game_id}:{version}:x", "garbage-123"]
    stored.components = [
        {"type": 1, "components": [{"type": 2, "style": 2, "label": f"forged {i}", "custom_id": cid}]}
        for i, cid in enumerate(forged)
    ]
    for cid in forged:
        result = await room.alice.click(table_message(room, message.id), custom_id=cid)
        assert private_text(result), cid
    assert (await simcord_bot.service.table(game_id)).version == version


async def test_undo_takes_back_a_move(room, simcord_bot):
    """Undo restores the position before the last move."""
    message = await new_table(room)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    await play(room.alice, room, message.id, first_move(before))
    undo = button_for(table_message(room, message.id), "!undo")
    await room.alice.click(table_message(room, message.id), custom_id=undo)
    after = await simcord_bot.service.table(game_id)
    assert after.public.columns == before.public.columns and after.public.cells == before.public.cells
    assert after.version == before.version + 2


async def test_resign_asks_then_records_a_loss(room, simcord_bot):
    """Resign asks privately for confirmation, ends the game and counts it on the scoreboard."""
    message = await new_table(room)
    resign = button_for(message, "!resign?")
    asked = await room.alice.click(message, custom_id=resign)
    assert asked.ephemeral and "Resign" in asked.response.content
    await room.alice.click(asked.response.message, label="Yes, resign")
    final = table_message(room, message.id)
    assert "Resigned" in text_of(final) and only_new_game(final)
    await room.alice.slash(room.channel, "scores", game="penguin")
    assert "    1     0" in text_of(room.channel.last_message)


async def test_restart_mid_game_keeps_every_button_working(room, simcord_bot, settings):
    """After a restart (new bot, new database connection) the old table's buttons still play."""
    message = await new_table(room)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    await play(room.alice, room, message.id, first_move(before))
    middle = await simcord_bot.service.table(game_id)
    async with restarted_bot(room, settings) as reborn:
        resumed = await reborn.service.table(game_id)
        assert resumed.version == middle.version and resumed.public == middle.public
        await play(room.alice, room, message.id, first_move(resumed))
        assert (await reborn.service.table(game_id)).version == middle.version + 1


async def test_no_game_to_move_in(room):
    """/penguin move without a game says how to start one."""
    result = await room.alice.slash(room.channel, "penguin move", move="c1>f")
    assert result.ephemeral and "/penguin new" in result.response.content


async def test_help_and_empty_scoreboard(room):
    """/help explains the games privately; /scores says when nothing has finished yet."""
    result = await room.alice.slash(room.channel, "help")
    assert result.ephemeral and "/penguin new" in text_of(result.response)
    await room.alice.slash(room.channel, "scores", game="penguin")
    assert "No Penguin games" in text_of(room.channel.last_message)
    await room.alice.slash(room.channel, "scores")
    board = room.channel.last_message
    titles = re.findall(r"^\*\*(.+)\*\*$", text_of(board), flags=re.MULTILINE)
    assert titles == ["Penguin", "Peek", "Triple Peaks", "Pebbles and Nuts", "Peanuts"]


async def test_a_bug_is_answered_with_an_apology_and_logged(room, simcord_bot, monkeypatch, caplog):
    """An error we cause never leaves a click unanswered or shows a traceback; the log has the details."""
    message = await new_table(room)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)

    async def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(simcord_bot.service, "act", broken)
    move = first_move(before)
    await room.alice.select(message, [move.source], custom_id=pick_id(message))
    target = next(cid for cid in custom_ids_on(table_message(room, message.id)) if cid.endswith(f":{move.code}"))
    result = await room.alice.click(table_message(room, message.id), custom_id=target)
    assert result.ephemeral and result.response.content == APOLOGY
    assert "disk on fire" in caplog.text and target in caplog.text
    assert (await simcord_bot.service.table(game_id)).version == before.version


async def test_the_end_is_said_once(room, simcord_bot):
    """After a resignation the table says how it ended once, not once as an event and again as the result."""
    message = await new_table(room)
    await resign_by_command(room.alice, room, "penguin")
    description = text_of(table_message(room, message.id))
    assert description.count("Resigned with") == 1 and "**Resigned.**" in description


async def test_hint_is_private_and_changes_nothing(room, simcord_bot, seed_box):
    """Hint answers only the person who asked, with a move on a winning line; the table stays as it was."""
    seed_box[0] = winnable_seed(0)
    message = await new_table(room)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    expected = solve(GAME.new_state(None, 1, seed_box[0]))[0]
    hint_id = button_for(message, "!hint")
    result = await room.alice.click(message, custom_id=hint_id)
    assert result.ephemeral
    assert result.response.content == f"Try **{say(expected.phrase)}**. It is on a winning line."
    assert (await simcord_bot.service.table(game_id)).version == before.version
    result = await room.bob.click(table_message(room, message.id), custom_id=hint_id)
    assert result.ephemeral and "not playing" in result.response.content


async def test_new_game_deals_again_on_a_finished_table(room, simcord_bot):
    """A finished table offers New game: the same game is dealt for the clicker in a new message."""
    message = await new_table(room)
    await resign_by_command(room.alice, room, "penguin")
    final = table_message(room, message.id)
    assert "Played in" in text_of(final)
    new_game = next(cid for cid in custom_ids_on(final) if cid.startswith("pz:"))
    await room.alice.click(final, custom_id=new_game)
    dealt = room.channel.last_message
    assert dealt.id != message.id and pick_id(dealt)
    result = await room.alice.click(table_message(room, message.id), custom_id=new_game)
    assert "already have a Penguin game here" in private_text(result)


async def test_a_pick_outlines_the_card_and_where_it_may_go(room, simcord_bot):
    """Picking a card in the menu redraws the picture with that card and its destinations outlined."""
    message = await new_table(room)
    before = await message.attachments[0].read()
    table = await simcord_bot.service.table(game_id_of(message))
    move = first_move(table)
    await room.alice.select(message, [move.source], custom_id=pick_id(message))
    picked = table_message(room, message.id)
    assert await picked.attachments[0].read() != before
    assert button_for(picked, move.code)


async def test_the_menu_names_cards_as_the_move_buttons_do(room, simcord_bot):
    """Each menu entry names the card (or run) that moves, exactly as its destination buttons start."""
    message = await new_table(room)
    table = await simcord_bot.service.table(game_id_of(message))
    menu = next(c for c in components_in(message) if getattr(c, "custom_id", None) == pick_id(message))
    for option in menu.options:
        moves = [m for m in table.legal[0] if isinstance(m, Move) and m.source == option.value]
        for move in moves:
            assert readable(say(move.phrase).split(" \u2192 ")[0]) in option.label


async def test_following_hint_through_the_buttons_wins(room, simcord_bot, seed_box):
    """Press Hint, play the move it names with the menu and the buttons, again and again: the deal is won,
    in as many moves as the solver's line."""
    seed_box[0] = winnable_seed(3)
    length = len(solve(GAME.new_state(None, 1, seed_box[0])))
    message = await new_table(room)
    game_id = game_id_of(message)
    for _ in range(length + 5):
        table = await simcord_bot.service.table(game_id)
        if table.finished:
            break
        shown = table_message(room, message.id)
        hint = private_text(await room.alice.click(shown, custom_id=button_for(shown, "!hint")))
        label = hint.split("**")[1]
        move = next(action for action in table.legal[0] if readable(say(action.phrase)) == label)
        if isinstance(move, Move):
            await play(room.alice, room, message.id, move)
        else:
            await room.alice.click(shown, custom_id=button_for(shown, move.code))
    table = await simcord_bot.service.table(game_id)
    assert table.finished and table.outcome.winners == (0,)
    assert table.public.moves <= length + 5


async def test_after_a_move_the_picture_outlines_where_the_card_went(room, simcord_bot):
    message = await new_table(room)
    table = await simcord_bot.service.table(game_id_of(message))
    move = first_move(table)
    await play(room.alice, room, message.id, move)
    after = await simcord_bot.service.table(game_id_of(message))
    shown = await table_message(room, message.id).attachments[0].read()
    assert shown == penguin_picture.render(after.public, targets=[move.dest])
    assert shown != penguin_picture.render(after.public)


async def test_a_redraw_of_a_finished_table_keeps_its_end(room, simcord_bot):
    """A legacy click redraws a finished table later: the result line, the time and the moves stay as
    they were when it ended (the clock has moved on since)."""
    message = await new_table(room)
    await resign_by_command(room.alice, room, "penguin")
    ended = text_of(table_message(room, message.id))
    await room.env.advance_time(600)
    legacy = f"pp:{game_id_of(message)}:0:!resign?"
    room.env.backend.get_message(room.channel.id, message.id).components = [
        {"type": 1, "components": [{"type": 2, "style": 2, "label": "x", "custom_id": legacy}]}
    ]
    result = await room.alice.click(table_message(room, message.id), custom_id=legacy)
    assert private_text(result) == LEGACY
    assert text_of(table_message(room, message.id)) == ended
