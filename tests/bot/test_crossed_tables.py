"""Several tables at once: a control acts only on the message it belongs to, a typed command on the
player's own game, and a pick that races a move never leaves a table behind (SimCord)."""

import discord

from bot.ui.controls import NOT_A_PANEL, NOT_THE_QUESTION, NOT_THIS_TABLE

from .conftest import Room
from .tables import (
    custom_ids_on,
    game_id_of,
    pick_id,
    private_text,
    table_message,
)
from .test_hardening import a_button, put_components


async def penguin_of(actor, room: Room, **options) -> discord.Message:
    await actor.slash(room.channel, "penguin new", **options)
    return room.channel.last_message


async def pebbles_lobby(actor, room: Room) -> discord.Message:
    await actor.slash(room.channel, "pebbles new", players=2)
    return room.channel.last_message


async def test_a_seat_action_of_another_game_on_a_table_is_refused(room, simcord_bot):
    """A panel's move id naming another game, put on a table message, moves nothing and replaces nothing."""
    table = await penguin_of(room.alice, room)
    other = await penguin_of(room.bob, room)
    move = next(iter((await simcord_bot.service.table(game_id_of(other))).legal[0]))
    forged = f"po:{game_id_of(other)}:0:{move.code}"
    put_components(room, table, [a_button(forged)])
    result = await room.bob.click(table_message(room, table.id), custom_id=forged)
    assert private_text(result) == NOT_A_PANEL
    assert (await simcord_bot.service.table(game_id_of(other))).version == 0
    assert custom_ids_on(table_message(room, table.id)) == [forged]


async def test_lobby_and_back_ids_of_another_game_are_refused(room, simcord_bot):
    """Join and I'm back belong on their own table: on another game's message they change nothing."""
    table = await penguin_of(room.alice, room)
    lobby = await pebbles_lobby(room.bob, room)
    lobby_id = game_id_of(lobby)
    for forged in (f"pj:{lobby_id}:0", f"pb:{lobby_id}:0", f"pi:{lobby_id}:0"):
        put_components(room, table, [a_button(forged)])
        result = await room.carol.click(table_message(room, table.id), custom_id=forged)
        assert private_text(result) == NOT_THIS_TABLE
    lobby_table = await simcord_bot.service.table(lobby_id)
    assert lobby_table.players == (room.bob.id, None)
    assert game_id_of(table_message(room, table.id)) == lobby_id  # the forged button is all it shows


async def test_a_confirm_resign_id_only_works_on_its_question(room, simcord_bot):
    """Yes, resign of another game put on a table is refused; the game it names keeps running."""
    mine = await penguin_of(room.alice, room)
    board = await penguin_of(room.bob, room)
    forged = f"px:{game_id_of(mine)}:0"
    put_components(room, board, [a_button(forged)])
    result = await room.alice.click(table_message(room, board.id), custom_id=forged)
    assert private_text(result) == NOT_THE_QUESTION
    assert (await simcord_bot.service.table(game_id_of(mine))).status == "active"


async def test_the_real_question_still_resigns(room, simcord_bot):
    """The private question the Resign button asks carries the one control that resigns."""
    mine = await penguin_of(room.alice, room)
    asked = await room.alice.click(mine, custom_id=next(cid for cid in custom_ids_on(mine) if cid.startswith("pr:")))
    question = asked.followups[0].message if asked.followups else asked.response.message
    await room.alice.click(question, custom_id=custom_ids_on(question)[0])
    assert (await simcord_bot.service.table(game_id_of(mine))).status == "finished"


async def test_a_typed_move_goes_to_the_players_own_table_first(room, simcord_bot):
    """Ann has a table; Ben deals an open one after hers: Ann's typed move and resign are about her own game."""
    mine = await penguin_of(room.alice, room)
    opened = await penguin_of(room.bob, room, open=True)
    move = next(iter((await simcord_bot.service.table(game_id_of(mine))).legal[0]))
    choices = await room.alice.autocomplete(room.channel, "penguin move", "move", "")
    assert move.code in [choice["value"] for choice in choices]
    await room.alice.slash(room.channel, "penguin move", move=move.code)
    await simcord_bot.presenter.idle()
    assert (await simcord_bot.service.table(game_id_of(mine))).version == 1
    assert (await simcord_bot.service.table(game_id_of(opened))).version == 0
    asked = await room.alice.slash(room.channel, "penguin resign")
    assert f"Resign game #{game_id_of(mine)}?" in asked.response.content


async def test_a_typed_move_on_someone_elses_open_table_says_so(room, simcord_bot):
    """With no table of her own, Ann's typed move plays on Ben's open table, and she is told where it went."""
    opened = await penguin_of(room.bob, room, open=True)
    move = next(iter((await simcord_bot.service.table(game_id_of(opened))).legal[0]))
    result = await room.alice.slash(room.channel, "penguin move", move=move.code)
    assert "open table" in private_text(result) and f"game #{game_id_of(opened)}" in private_text(result)
    assert (await simcord_bot.service.table(game_id_of(opened))).version == 1
    asked = await room.alice.slash(room.channel, "penguin resign")
    assert "no Penguin game" in private_text(asked)


async def test_a_pick_answered_after_a_move_still_leaves_the_latest_table(room, simcord_bot, monkeypatch):
    """The pick loads the table, a move is saved and redrawn, then the pick's answer lands: the table
    message ends showing the move's position and its controls, not the pick's older one."""
    message = await penguin_of(room.alice, room)
    game_id = game_id_of(message)
    service = simcord_bot.service
    legal = (await service.table(game_id)).legal[0]
    move = next(action for action in legal if getattr(action, "source", None))
    picked = move.source
    load = service.table

    async def move_lands_meanwhile(game, **kwargs):
        table = await load(game, **kwargs)
        if kwargs.get("user_id") is not None:
            simcord_bot.presenter.redraw(await service.act(game_id, room.alice.id, move.code))
            await simcord_bot.presenter.idle()
        return table

    monkeypatch.setattr(service, "table", move_lands_meanwhile)
    await room.alice.select(message, [picked], custom_id=pick_id(message))
    monkeypatch.undo()
    await simcord_bot.presenter.idle()
    shown = table_message(room, message.id)
    assert pick_id(shown).endswith(":1")
    assert all(cid.split(":")[2] == "1" for cid in custom_ids_on(shown))
