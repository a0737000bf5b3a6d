"""Peek in Discord, end to end: slash commands and clicks through real discord.py (SimCord)."""

import io
import random

import discord
from PIL import Image

from bot.ui.controls import REDRAWN
from games.ai.peek_ai import GreedyPlayer, play_out
from games.peek import GAME, Draw, Play, Redeal

from .conftest import Room
from .tables import (
    button_for,
    buttons_of,
    components_in,
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

THREE_CARDS = {"three_card": True}


def buttons_on(message: discord.Message) -> list[discord.Button]:
    return buttons_of(message)


def greedy_win_seed(options: dict | None = None) -> int:
    """The first seed whose deal the greedy player wins."""
    for seed in range(200):
        final, _ = play_out(GAME.new_state(options, 1, seed), GreedyPlayer(), random.Random(seed))
        if GAME.outcome(final).winners:
            return seed
    raise AssertionError("no deal the greedy player wins")


async def new_table(room: Room, **options) -> discord.Message:
    result = await room.alice.slash(room.channel, "peek new", **options)
    assert not result.ephemeral
    return room.channel.last_message


async def click(actor, room: Room, message_id: int, code: str):
    message = table_message(room, message_id)
    return await actor.click(message, custom_id=button_for(message, code))


async def test_new_table_has_picture_and_buttons(room, simcord_bot):
    """/peek new posts one table message with the picture, a button per legal action, undo-less, resign."""
    message = await new_table(room)
    assert message.author.id == simcord_bot.user.id
    assert f"<@{room.alice.id}>'s game." in text_of(message)
    embed = message
    assert title_of(embed) == "Peek" and picture_of(embed).endswith("/table.png")
    assert ("\n1/52 cards on the foundations \u00b7 0 moves \u00b7 35 in the stock") in text_of(embed)
    assert "2 redeals left" in text_of(embed)
    picture = Image.open(io.BytesIO(await message.attachments[0].read()))
    assert picture.format == "PNG" and picture.width >= 600
    table = await simcord_bot.service.table(game_id_of(message))
    assert table.message_id == message.id and table.players == (room.alice.id,)
    labels = [button.label for button in buttons_on(message)]
    assert "Turn 1 card" in labels and "Hint" in labels and "Resign" in labels and "Undo" not in labels
    plays = [action for action in table.legal[0] if isinstance(action, Play)]
    for play in plays:
        assert button_for(message, play.code)
    assert len(labels) == len(table.legal[0]) + 2
    assert all(len(c.children) <= 5 for c in components_in(message) if isinstance(c, discord.ActionRow))


async def test_whole_game_to_a_win_through_clicks(room, simcord_bot, seed_box):
    """A deal the greedy player wins is played to the end with the table's buttons; /scores shows the win."""
    seed_box[0] = greedy_win_seed()
    state = GAME.new_state(None, 1, seed_box[0])
    message = await new_table(room)
    game_id = game_id_of(message)
    rng = random.Random(0)
    while GAME.outcome(state) is None:
        action = GreedyPlayer().choose(state, 0, rng)
        await click(room.alice, room, message.id, action.code)
        state = GAME.apply_action(state, 0, action).state
        table = await simcord_bot.service.table(game_id)
        assert table.public == GAME.view_for(state, None)
    assert table.finished and table.outcome.winners == (0,)
    final = table_message(room, message.id)
    assert "Won!" in text_of(final)
    assert "52/52" in text_of(final)
    assert only_new_game(final)
    await room.alice.slash(room.channel, "scores", game="peek")
    board = room.channel.last_message
    assert title_of(board) == "Peek scoreboard"
    assert "alice" in text_of(board)
    assert "    1     1    52" in text_of(board)


async def test_three_cards_variant(room, simcord_bot):
    """/peek new variant:"three cards" deals the three-card game: three cards a turn, unlimited redeals."""
    message = await new_table(room, variant="three cards")
    table = await simcord_bot.service.table(game_id_of(message))
    assert table.public.three_card and table.public.redeals_left is None
    assert "unlimited redeals" in text_of(message)
    await click(room.alice, room, message.id, "draw")
    after = await simcord_bot.service.table(table.game_id)
    assert after.public.stock_count == 32 and len(after.public.waste) == 3
    assert "You turned" in text_of(table_message(room, message.id))


async def test_default_variant_is_one_card(room, simcord_bot):
    """Without a variant the game turns one card at a time."""
    message = await new_table(room)
    table = await simcord_bot.service.table(game_id_of(message))
    assert not table.public.three_card and table.public.redeals_left == 2


async def test_someone_else_cannot_play_a_private_table(room, simcord_bot):
    """Bob's clicks on Alice's table get a private sentence and change nothing."""
    message = await new_table(room)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    for code in ("draw", "!resign?"):
        result = await click(room.bob, room, message.id, code)
        assert result.ephemeral and "not playing" in result.response.content
    assert (await simcord_bot.service.table(game_id)).version == before.version


async def test_open_table_lets_anyone_play(room, simcord_bot):
    """On an open table a move by anyone in the channel is played."""
    message = await new_table(room, open=True)
    game_id = game_id_of(message)
    await click(room.bob, room, message.id, "draw")
    assert (await simcord_bot.service.table(game_id)).version == 1
    assert "anyone here may play" in text_of(table_message(room, message.id))


async def test_stale_button_redraws_the_table(room, simcord_bot):
    """A button drawn for an older position (a lagging client) is not played: the table is redrawn as it is."""
    message = await new_table(room)
    game_id = game_id_of(message)
    old_components = room.env.backend.get_message(room.channel.id, message.id).components
    old = button_for(message, "draw")
    await room.alice.click(message, custom_id=old)
    moved = await simcord_bot.service.table(game_id)
    room.env.backend.get_message(room.channel.id, message.id).components = old_components
    result = await room.alice.click(table_message(room, message.id), custom_id=old)
    assert private_text(result) == REDRAWN and REDRAWN not in text_of(result.response)
    assert (await simcord_bot.service.table(game_id)).version == moved.version == 1


async def test_typed_move_with_autocomplete(room, simcord_bot):
    """/peek move offers the legal moves, filters them as one types, and plays the chosen one."""
    message = await new_table(room)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    choices = await room.alice.autocomplete(room.channel, "peek move", "move", "")
    assert [choice["value"] for choice in choices] == [action.code for action in before.legal[0]]
    choices = await room.alice.autocomplete(room.channel, "peek move", "move", "turn")
    assert [(choice["name"], choice["value"]) for choice in choices] == [("Turn 1 card", "draw")]
    result = await room.alice.slash(room.channel, "peek move", move="draw")
    assert result.acknowledged and result.response is None, "no private reply is left behind"
    await room.env.advance_time(1)
    assert "You turned " in text_of(table_message(room, message.id))
    after = await simcord_bot.service.table(game_id)
    assert after.version == before.version + 1 and after.public.stock_count == 34
    assert button_for(table_message(room, message.id), "!resign?").endswith(":1")


async def test_illegal_and_garbage_typed_moves_are_refused(room, simcord_bot):
    """An illegal move and garbage each get a private sentence; the game is unchanged."""
    message = await new_table(room)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    legal = {action.code for action in before.legal[0]}
    illegal = next(code for code in ("r1>f", "r2>f", "r3>f", "r4>f") if code not in legal)
    for code in (illegal, "redeal", "w>f", "hello there"):
        result = await room.alice.slash(room.channel, "peek move", move=code)
        assert result.ephemeral
        assert result.response.content and "Traceback" not in result.response.content
    assert (await simcord_bot.service.table(game_id)).version == before.version


async def test_undo_takes_back_a_move(room, simcord_bot):
    """Undo appears after a move and restores the position before it."""
    message = await new_table(room)
    game_id = game_id_of(message)
    before = await simcord_bot.service.table(game_id)
    await click(room.alice, room, message.id, "draw")
    await click(room.alice, room, message.id, "!undo")
    after = await simcord_bot.service.table(game_id)
    assert after.public == before.public and after.version == 2


async def test_resign_button_asks_then_records_a_loss(room, simcord_bot):
    """Resign asks privately, ends the game and counts it on /scores game:peek."""
    message = await new_table(room)
    asked = await click(room.alice, room, message.id, "!resign?")
    assert asked.ephemeral and "Resign" in asked.response.content
    await room.alice.click(asked.response.message, label="Yes, resign")
    final = table_message(room, message.id)
    assert "Resigned" in text_of(final) and only_new_game(final)
    await room.alice.slash(room.channel, "scores", game="peek")
    board = room.channel.last_message
    assert title_of(board) == "Peek scoreboard" and "    1     0     1" in text_of(board)


async def test_resign_command_ends_the_game(room, simcord_bot):
    """/peek resign ends the running game, redraws the table without controls and counts a loss."""
    message = await new_table(room)
    await click(room.alice, room, message.id, "draw")
    result = await resign_by_command(room.alice, room, "peek")
    assert result.response.content == "You resigned."
    final = table_message(room, message.id)
    assert "Resigned" in text_of(final) and only_new_game(final)
    await room.alice.slash(room.channel, "scores", game="peek")
    assert "alice" in text_of(room.channel.last_message)
    result = await room.alice.slash(room.channel, "peek resign")
    assert result.ephemeral and "/peek new" in result.response.content


async def test_restart_mid_game_keeps_every_button_working(room, simcord_bot, settings):
    """After a restart (new bot, new database connection) the old table's buttons still play."""
    message = await new_table(room)
    game_id = game_id_of(message)
    await click(room.alice, room, message.id, "draw")
    middle = await simcord_bot.service.table(game_id)
    async with restarted_bot(room, settings) as reborn:
        resumed = await reborn.service.table(game_id)
        assert resumed.version == middle.version and resumed.public == middle.public
        code = next(action for action in resumed.legal[0] if isinstance(action, Draw | Redeal)).code
        await click(room.alice, room, message.id, code)
        assert (await reborn.service.table(game_id)).version == middle.version + 1


async def test_help_explains_peek(room):
    """/help has Peek's paragraph and its commands."""
    result = await room.alice.slash(room.channel, "help", game="peek")
    text = text_of(result.response)
    assert result.ephemeral and "**Peek**" in text and "/peek new" in text and "/peek resign" in text


async def test_no_game_to_move_in(room):
    """/peek move without a game says how to start one."""
    result = await room.alice.slash(room.channel, "peek move", move="draw")
    assert result.ephemeral and "/peek new" in result.response.content


async def test_a_draw_that_loses_the_game_is_a_red_button_that_warns(room, simcord_bot, seed_box):
    """A draw that covers the last card that could still go home warns in red, and ends the game (§2.5)."""
    seed_box[0] = 8
    state = GAME.new_state(THREE_CARDS, 1, seed_box[0])
    message = await new_table(room, variant="three cards")
    rng = random.Random(0)
    while not any(isinstance(action, Draw) and action.ends_game for action in GAME.legal_actions(state, 0)):
        action = GreedyPlayer().choose(state, 0, rng)
        await click(room.alice, room, message.id, action.code)
        state = GAME.apply_action(state, 0, action).state
    button = next(b for b in buttons_on(table_message(room, message.id)) if b.custom_id.endswith(":draw"))
    assert button.style is discord.ButtonStyle.danger and "ends the game" in button.label
    await click(room.alice, room, message.id, "draw")
    final = text_of(table_message(room, message.id))
    assert "**Game over.** No card can reach a foundation any more" in final
