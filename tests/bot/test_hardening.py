"""Never stuck, never silent: tables heal, deals without a table never count, and bad input gets a sentence.

Everything here goes through the real discord.py machinery in SimCord; faults are injected where a
real deployment meets them (an edit Discord refused, a followup that never arrived, a restart).
"""

import copy
import logging

import discord
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import BUSY, UNKNOWN_CONTROL
from bot.ui import controls, custom_ids
from bot.ui.controls import LEGACY, NOT_THIS_TABLE, UNPICKABLE
from games.penguin import Move

from .conftest import Room
from .tables import (
    button_for,
    components_in,
    custom_ids_on,
    game_id_of,
    pick_id,
    picture_of,
    private_text,
    resign_by_command,
    restarted_bot,
    table_message,
    text_of,
    title_of,
)


async def new_penguin(room: Room) -> discord.Message:
    await room.alice.slash(room.channel, "penguin new")
    return room.channel.last_message


def put_components(room: Room, message: discord.Message, components: list[dict]) -> None:
    """Make the stored message carry ``components`` (as a forged or outdated client would show it)."""
    room.env.backend.get_message(room.channel.id, message.id).components = [
        {"type": 1, "components": [component]} for component in components
    ]


def a_button(custom_id: str) -> dict:
    return {"type": 2, "style": 2, "label": "x", "custom_id": custom_id}


def a_select(custom_id: str) -> dict:
    return {
        "type": 3,
        "custom_id": custom_id,
        "options": [{"label": "x", "value": "c1"}, {"label": "y", "value": "c9"}],
    }


async def test_a_legacy_button_redraws_its_table(room, simcord_bot):
    """A button drawn by the bot before this grammar (pp:…) redraws its table with the new controls."""
    message = await new_penguin(room)
    game_id = game_id_of(message)
    legacy = f"pp:{game_id}:0:!resign?"
    put_components(room, message, [a_button(legacy)])
    result = await room.alice.click(table_message(room, message.id), custom_id=legacy)
    assert private_text(result) == LEGACY and LEGACY not in text_of(result.response)
    assert pick_id(table_message(room, message.id))
    assert (await simcord_bot.service.table(game_id)).version == 0


async def test_an_embed_era_table_is_redrawn_as_a_layout(room, simcord_bot):
    """A table an older peapod drew as an embed, its controls in action rows under it, still plays: a
    pick on it is answered and the message becomes a Components V2 layout (no embed or content left)."""
    message = await new_penguin(room)
    stored = room.env.backend.get_message(room.channel.id, message.id)
    rows = [row for row in stored.components[0]["components"] if row["type"] == 1]
    picked = rows[0]["components"][0]["options"][0]["value"]
    stored.flags, stored.content, stored.components = 0, "Penguin", rows
    stored.embeds = [{"type": "rich", "title": "Penguin", "description": "An older table."}]
    await room.alice.select(table_message(room, message.id), [picked], custom_id=pick_id(message))
    redrawn = table_message(room, message.id)
    assert redrawn.flags.components_v2 and not redrawn.embeds and not redrawn.content
    assert title_of(redrawn) == "Penguin" and picture_of(redrawn).endswith("/table.png")
    assert any(cid.startswith(f"{custom_ids.ACTION}:") for cid in custom_ids_on(redrawn))


@pytest.mark.parametrize(
    "forged",
    [
        "pa:1234567890123456789:0:c1>f",  # a game id no table can have
        "pa:1:0:c1>f\n",  # a trailing newline
        "pa:01:0:c1>f",  # a leading zero
        "pu:1:0:extra",  # a code where the template has none
        "pk:1:0",  # a select's id on a button
    ],
)
async def test_malformed_button_ids_are_answered(room, simcord_bot, forged):
    """Ids that no template matches exactly, or that sit on the wrong kind of component, get a sentence."""
    message = await new_penguin(room)
    put_components(room, message, [a_button(forged)])
    result = await room.alice.click(table_message(room, message.id), custom_id=forged)
    assert private_text(result) == UNKNOWN_CONTROL
    assert (await simcord_bot.service.table(1)).version == 0


async def test_a_button_id_on_a_select_is_answered(room, simcord_bot):
    message = await new_penguin(room)
    forged = "pa:1:0:c1>f"
    put_components(room, message, [a_select(forged)])
    result = await room.alice.select(table_message(room, message.id), ["c1"], custom_id=forged)
    assert private_text(result) == UNKNOWN_CONTROL


async def test_another_tables_button_changes_nothing(room, simcord_bot):
    """A button of one game put on another game's message is refused; neither game moves."""
    first = await new_penguin(room)
    await room.bob.slash(room.channel, "penguin new")
    second = room.channel.last_message
    other = button_for(table_message(room, second.id), "!hint").replace("ph:", "pu:")
    move = next(action for action in (await simcord_bot.service.table(game_id_of(second))).legal[0])
    forged = f"pa:{game_id_of(second)}:0:{move.code}"
    put_components(room, first, [a_button(forged), a_button(other)])
    for custom_id in (forged, other):
        result = await room.alice.click(table_message(room, first.id), custom_id=custom_id)
        assert private_text(result) == NOT_THIS_TABLE
    assert (await simcord_bot.service.table(game_id_of(first))).version == 0
    assert (await simcord_bot.service.table(game_id_of(second))).version == 0


async def test_a_menu_value_that_is_not_offered_is_answered(room, simcord_bot):
    message = await new_penguin(room)
    put_components(room, message, [a_select(pick_id(message))])
    result = await room.alice.select(table_message(room, message.id), ["c9"], custom_id=pick_id(message))
    assert private_text(result) == UNPICKABLE


async def test_resign_on_a_finished_game_does_not_ask(room, simcord_bot):
    """The Resign button of a game that has ended says so instead of asking to confirm."""
    message = await new_penguin(room)
    resign = button_for(message, "!resign?")
    await resign_by_command(room.alice, room, "penguin")
    put_components(room, message, [a_button(resign)])
    result = await room.alice.click(table_message(room, message.id), custom_id=resign)
    assert private_text(result) == "This game is over."


async def test_a_very_long_typed_move_gets_a_short_answer(room, simcord_bot):
    await new_penguin(room)
    result = await room.alice.slash(room.channel, "penguin move", move="c1>f" * 600)
    text = private_text(result)
    assert len(text) < 200 and "is not a move" in text


def _without_choices(command: dict) -> dict:
    command = copy.deepcopy(command)
    for option in [command, *command.get("options", [])]:
        for inner in [option, *option.get("options", [])]:
            inner.pop("choices", None)
    return command


async def test_unknown_scoreboard_and_variant_names_are_answered(room, simcord_bot, monkeypatch):
    """Discord offers only the listed choices, but a forged one still gets a sentence, not a KeyError.

    (SimCord checks choices as Discord does, so the commands are looked up without them here.)
    """
    find = room.env.backend.find_command
    monkeypatch.setattr(room.env.backend, "find_command", lambda *a, **k: _without_choices(find(*a, **k)))
    result = await room.alice.slash(room.channel, "scores", game="nope")
    assert "no game called" in private_text(result)
    result = await room.alice.slash(room.channel, "peek new", variant="nope")
    assert "no Peek variant" in private_text(result)


async def test_a_lost_redraw_is_healed_by_a_restart(room, simcord_bot, settings):
    """The bot saved a move but its table edit failed (as if it died there): after a restart the table
    message shows the saved game with current controls, and plays on."""
    message = await new_penguin(room)
    game_id = game_id_of(message)
    move = next(action for action in (await simcord_bot.service.table(game_id)).legal[0])
    room.env.inject_error("PATCH", f"/channels/{room.channel.id}/messages/{message.id}", status=500)
    await room.alice.slash(room.channel, "penguin move", move=move.code)
    lagging = await simcord_bot.service.table(game_id)
    assert (lagging.version, lagging.shown_version) == (1, 0)
    assert pick_id(table_message(room, message.id)).endswith(":0")
    async with restarted_bot(room, settings) as bot:
        await room.env.settle()
        await bot.presenter.idle()
        healed = await bot.service.table(game_id)
        assert healed.shown_version == healed.version == 1
        shown = table_message(room, message.id)
        assert pick_id(shown).endswith(":1")
        result = await room.alice.click(shown, custom_id=button_for(shown, "!hint"))
        assert "Try" in private_text(result)


async def test_an_old_button_on_a_lagging_table_leads_to_a_playable_table(room, simcord_bot):
    """Without a restart, the first click on the outdated table redraws it; the next click plays."""
    message = await new_penguin(room)
    game_id = game_id_of(message)
    moves = [action for action in (await simcord_bot.service.table(game_id)).legal[0] if isinstance(action, Move)]
    room.env.inject_error("PATCH", f"/channels/{room.channel.id}/messages/{message.id}", status=500)
    await room.alice.slash(room.channel, "penguin move", move=moves[0].code)
    stale = table_message(room, message.id)
    result = await room.alice.select(stale, [moves[0].source], custom_id=pick_id(stale))
    assert private_text(result) == controls.REDRAWN and controls.REDRAWN not in text_of(result.response)
    fresh = table_message(room, message.id)
    assert pick_id(fresh).endswith(":1")
    after = await simcord_bot.service.table(game_id)
    assert after.shown_version == after.version == 1


async def test_a_deal_whose_table_never_appeared_is_never_played(room, store, settings):
    """/penguin new whose table message Discord refused leaves no game to act on, and is removed later."""
    room.env.inject_error("POST", "/webhooks/*", status=500)
    await room.alice.slash(room.channel, "penguin new")
    record = await store.load_game(1)
    assert record is not None and record.status == "dealing"
    result = await room.alice.slash(room.channel, "penguin move", move="c1>f")
    assert "no Penguin game running" in private_text(result)
    await room.env.advance_time(120)
    async with restarted_bot(room, settings):
        await room.env.settle()
        assert await store.load_game(1) is None


async def test_a_click_that_waited_too_long_is_told_the_bot_is_busy(room, simcord_bot, monkeypatch):
    message = await new_penguin(room)
    monkeypatch.setattr(controls, "lateness", lambda interaction: controls.BUSY_AFTER + 0.5)
    result = await room.alice.click(message, custom_id=button_for(message, "!hint"))
    assert private_text(result) == BUSY
    assert (await simcord_bot.service.table(game_id_of(message))).version == 0


async def test_a_late_click_is_acknowledged_before_the_work(room, simcord_bot, monkeypatch):
    """Behind schedule, a click is acknowledged first; a refusal then comes as a private followup."""
    message = await new_penguin(room)
    monkeypatch.setattr(controls, "lateness", lambda interaction: controls.ACK_FIRST_AFTER + 0.5)
    move = next(action for action in (await simcord_bot.service.table(game_id_of(message))).legal[0])
    result = await room.bob.select(message, [move.source], custom_id=pick_id(message))
    assert result.deferred and "not playing" in private_text(result)


CUSTOM_ID = st.one_of(
    st.text(max_size=110),
    st.builds(
        lambda prefix, game, version, tail: f"{prefix}:{game}:{version}{tail}",
        st.sampled_from(["pa", "pk", "pt", "pu", "ph", "pr", "px", "pm", "po", "pp", "ps", "zz"]),
        st.one_of(st.integers(-5, 10**20), st.text(max_size=5)),
        st.one_of(st.integers(-5, 10**12), st.text(max_size=5)),
        st.one_of(st.just(""), st.text(max_size=70).map(lambda code: ":" + code)),
    ),
).filter(lambda custom_id: 0 < len(custom_id) <= 100)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(custom_id=CUSTOM_ID, value=st.text(min_size=1, max_size=100), typed=st.text(min_size=1, max_size=300))
async def test_fuzzed_ids_values_and_moves_are_answered_and_change_nothing(
    room, simcord_bot, caplog, custom_id, value, typed
):
    """Arbitrary custom ids on a button and a menu, arbitrary menu values and typed moves: every one is
    answered, nothing is logged as an error, and the game does not move (Bob, who has no seat, sends
    them all, so even a well-formed move cannot be played)."""
    game_id = 1
    if await simcord_bot.service.active_games(room.channel.id, room.alice.id, "penguin") != [game_id]:
        await new_penguin(room)
    before = await simcord_bot.service.table(game_id)
    message = table_message(room, before.message_id)
    caplog.clear()
    with caplog.at_level(logging.ERROR):
        put_components(room, message, [a_button(custom_id)])
        result = await room.bob.click(table_message(room, message.id), custom_id=custom_id)
        assert result.acknowledged
        put_components(room, message, [a_select(custom_id)])
        result = await room.bob.select(table_message(room, message.id), ["c1"], custom_id=custom_id)
        assert result.acknowledged
        pick = f"pk:{game_id}:{before.version}"
        put_components(room, message, [{**a_select(pick), "options": [{"label": "x", "value": value}]}])
        result = await room.bob.select(table_message(room, message.id), [value], custom_id=pick)
        assert result.acknowledged
        result = await room.bob.slash(room.channel, "penguin move", move=typed)
        assert result.acknowledged and "Traceback" not in private_text(result)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    after = await simcord_bot.service.table(game_id)
    assert after.version == before.version


async def test_a_second_table_of_a_kind_is_not_dealt(room, simcord_bot):
    """One game of a kind per player per channel: a second /penguin new offers the way back, or to resign."""
    message = await new_penguin(room)
    result = await room.alice.slash(room.channel, "penguin new")
    assert result.ephemeral and "already have a Penguin game here" in result.response.content
    buttons = [c for c in components_in(result.response) if isinstance(c, discord.Button)]
    assert buttons[0].url.endswith(f"/{message.id}") and buttons[1].custom_id.startswith("px:")
    await room.alice.click(result.response.message, custom_id=buttons[1].custom_id)
    await room.alice.slash(room.channel, "penguin new")
    assert room.channel.last_message.id != message.id
    assert len(await simcord_bot.service.active_games(room.channel.id, room.alice.id, "penguin")) == 1
