"""Peanuts in Discord, end to end: challenges, the board, private panels, the AI rival, claims (SimCord)."""

import asyncio
import random

import discord
import pytest

from bot.app import create_bot
from bot.errors import text_for
from bot.text import readable
from bot.ui.present.requests import EditBudget
from bot.words import card_text
from games.ai.peanuts_ai import GreedyPlayer
from games.peanuts import GAME, public_cards

from .conftest import Room
from .tables import (
    buttons_of,
    custom_ids_on,
    descriptions_of,
    labels_of,
    picture_of,
    private_text,
    restarted_bot,
    table_message,
    text_of,
)


@pytest.fixture
def simcord_bot(settings, store, seed_box):
    """Races make many edits: here the bot edits as soon as asked (the budget is tested in test_many_seats)."""
    budget = EditBudget(channel_requests=10_000, channel_window=1.0, message_spacing=0.0)
    return create_bot(settings, store, seed_source=lambda: seed_box[0], budget=budget)


def button_with(message: discord.Message, prefix: str) -> str:
    return next(cid for cid in custom_ids_on(message) if cid.startswith(f"{prefix}:"))


async def challenge(room: Room, **options) -> discord.Message:
    await room.alice.slash(room.channel, "peanuts challenge", friend=room.bob.user, **options)
    return room.channel.last_message


async def accepted(room: Room, bot) -> tuple[int, discord.Message]:
    """Challenge and accept: the race is played on a board in a thread of its own."""
    message = await challenge(room)
    game_id = int(custom_ids_on(message)[0].split(":")[1])
    await room.bob.click(message, custom_id=button_with(message, "pv"))
    return game_id, table_message(room, (await bot.service.table(game_id)).message_id)


async def open_panel(actor, room: Room, message_id: int) -> discord.Message:
    board = table_message(room, message_id)
    result = await actor.click(board, custom_id=button_with(board, "pm"))
    assert result.ephemeral, private_text(result)
    return result.response.message


async def play(actor, panel: discord.Message, code: str):
    """Press the panel's button for ``code``; the answer is the panel redrawn."""
    custom_id = next(cid for cid in custom_ids_on(panel) if cid.startswith("po:") and cid.endswith(f":{code}"))
    return await actor.click(panel, custom_id=custom_id)


def panel_text(panel: discord.Message) -> str:
    return text_of(panel) + " " + " ".join(labels_of(panel))


def check_privacy(room: Room, state, texts: list[str]) -> None:
    """No face-down card (a stock card, a buried peanut card, a covered waste card) is named anywhere."""
    visible = {card for seat in (0, 1) for card in public_cards(state, seat)}
    visible |= {card for pile in state.piles for card in pile}
    hidden = [
        card
        for layout in state.players
        for card in (*layout.stock, *layout.peanut, *layout.waste)
        if card not in visible
    ]
    channel = [
        text_of(m) + descriptions_of(m) for channel in (room.channel, *room.channel.threads) for m in channel.history()
    ]
    text = "\n".join([*channel, *texts])
    for card in hidden:
        twin_visible = any(card_text(other) == card_text(card) for other in visible)
        if not twin_visible:
            assert readable(card_text(card)) not in text, f"hidden {card_text(card)} is named"


async def test_a_race_from_challenge_to_its_end_through_both_panels(room, simcord_bot):
    game_id, board = await accepted(room, simcord_bot)
    assert picture_of(board).endswith("/table.png")
    assert not any(cid.startswith("pf:") for cid in custom_ids_on(board)), "no Play live: no Activity is served"
    panels = {0: await open_panel(room.alice, room, board.id), 1: await open_panel(room.bob, room, board.id)}
    actors = {0: room.alice, 1: room.bob}
    player, rng = GreedyPlayer(), random.Random(3)
    for step in range(400):
        table = await simcord_bot.service.table(game_id)
        if table.finished:
            break
        seat = step % 2
        state = GAME.from_dict((await simcord_bot.service.parts.tables.load(game_id)).state)
        action = player.choose(state, seat, rng)
        if action is None:
            continue
        if not any(cid.endswith(f":{action.code}") for cid in custom_ids_on(panels[seat])):
            panels[seat] = await open_panel(actors[seat], room, board.id)  # the other's moves made it stale
        result = await play(actors[seat], panels[seat], action.code)
        panels[seat] = result.response.message
        if step % 25 == 0:
            await room.env.advance_time(0.1)
            state = GAME.from_dict((await simcord_bot.service.parts.tables.load(game_id)).state)
            check_privacy(room, state, [panel_text(panel) for panel in panels.values()])
    await room.env.advance_time(2)
    table = await simcord_bot.service.table(game_id)
    assert table.finished, "the race ended"
    final = table_message(room, board.id)
    assert "Game over." in text_of(final) or "Resigned" in text_of(final)
    await room.alice.slash(room.channel, "scores", game="peanuts")
    assert "alice" in text_of(room.channel.last_message)


async def test_each_race_is_played_in_its_own_thread_and_its_result_comes_back(room, simcord_bot):
    """Accepting opens a thread from the challenge, with the board in it (its own edit budget); the
    challenge says where the race is. A command typed in the thread acts on its race. At the end the
    board keeps the last position without controls, the challenge shows the result and Rematch, the
    thread is archived, and the channel's scoreboard counts the race."""
    challenge_message = await challenge(room)
    game_id, board = await accepted(room, simcord_bot)
    [thread] = room.channel.threads
    assert thread.id == challenge_message.id and board.channel.id == thread.id
    assert "alice" in thread.name and "bob" in thread.name
    starter = table_message(room, challenge_message.id)
    assert f"<#{thread.id}>" in text_of(starter) and not buttons_of(starter) and picture_of(starter) is None
    assert picture_of(board).endswith("/table.png") and "My controls" in labels_of(board)
    asked = await room.bob.slash(thread, "peanuts resign")
    await room.bob.click(asked.response.message, custom_id=custom_ids_on(asked.response.message)[0])
    await room.env.advance_time(2)
    table = await simcord_bot.service.table(game_id)
    assert table.finished and table.message_id == challenge_message.id
    final_board = table_message(room, board.id)
    assert not buttons_of(final_board) and f"<#{room.channel.id}>" in text_of(final_board)
    result = table_message(room, challenge_message.id)
    assert "Resigned" in text_of(result) and labels_of(result) == ["Rematch", "Replay"]
    assert picture_of(result).endswith("/table.png")
    assert room.env.backend.get_channel(thread.id).thread_metadata.archived
    await room.alice.slash(room.channel, "scores", game="peanuts")
    assert "alice" in text_of(room.channel.last_message)


async def test_three_races_in_one_channel_each_get_a_thread(room, simcord_bot):
    """Three races at once in a channel: three threads, each holding one board."""
    races = []
    for actor, other in ((room.alice, room.bob), (room.bob, room.carol), (room.carol, room.alice)):
        await actor.slash(room.channel, "peanuts challenge", friend=other.user)
        message = room.channel.last_message
        game_id = int(custom_ids_on(message)[0].split(":")[1])
        await other.click(message, custom_id=button_with(message, "pv"))
        races.append(await simcord_bot.service.table(game_id))
    threads = room.channel.threads
    assert len(threads) == 3
    assert sorted(table.thread_id for table in races) == sorted(thread.id for thread in threads)
    for table in races:
        assert table.in_thread and table_message(room, table.message_id).channel.id == table.thread_id


async def test_a_race_where_no_thread_can_open_is_played_on_the_challenge(room, simcord_bot):
    """A challenge made inside a thread (where Discord opens no thread) becomes the board itself."""
    room.env.backend.create_thread(room.channel.id, "card talk", room.alice.id)
    [talk] = room.channel.threads
    await room.alice.slash(talk, "peanuts challenge", friend=room.bob.user)
    message = talk.last_message
    game_id = int(custom_ids_on(message)[0].split(":")[1])
    await room.bob.click(message, custom_id=button_with(message, "pv"))
    table = await simcord_bot.service.table(game_id)
    assert table.thread_id is None and table.message_id == message.id and len(room.channel.threads) == 1
    board = table_message(room, message.id)
    assert picture_of(board).endswith("/table.png") and "My controls" in labels_of(board)
    assert (await simcord_bot.service.table(game_id)).shown_version == table.version


async def test_a_stale_panel_click_is_refused_with_a_fresh_panel(room, simcord_bot, seed_box):
    """A move drawn for a pile top that changed (here the player's own waste moved on) is refused, and the
    panel is redrawn as the table is now: the card never lands where the player did not aim."""
    seed_box[0] = 5  # after one turn of the stock, the waste top can move
    game_id, board = await accepted(room, simcord_bot)
    panel = await open_panel(room.alice, room, board.id)
    after_turn = (await play(room.alice, panel, "t")).response.message
    from_waste = [cid for cid in custom_ids_on(after_turn) if cid.startswith("po:") and ":w." in cid]
    stored = room.env.backend.get_message(after_turn.channel.id, after_turn.id)
    drawn = stored.components
    await play(room.alice, after_turn, "t")
    stored.components = drawn  # the player's screen still shows the panel as it was
    before = await simcord_bot.service.table(game_id)
    result = await room.alice.click(after_turn, custom_id=from_waste[0])
    assert "moved on" in text_of(result.response.message) or "not" in text_of(result.response.message)
    assert from_waste[0] not in custom_ids_on(result.response.message)
    assert (await simcord_bot.service.table(game_id)).version == before.version


async def test_decline_cancel_and_expiry(room, simcord_bot):
    message = await challenge(room)
    stranger = await room.carol.click(message, custom_id=button_with(message, "pv"))
    assert "not playing" in private_text(stranger)
    await room.bob.click(message, custom_id=button_with(message, "pd"))
    assert "declined" in text_of(table_message(room, message.id))
    message = await challenge(room)
    await room.alice.click(message, custom_id=button_with(message, "pc"))
    assert "cancelled" in text_of(table_message(room, message.id))
    message = await challenge(room)
    await room.env.advance_time(301)
    closed = table_message(room, message.id)
    assert "in time" in text_of(closed) and not buttons_of(closed)


async def test_clear_sentences_for_bad_challenges(room, simcord_bot):
    result = await room.alice.slash(room.channel, "peanuts challenge", friend=room.alice.user)
    assert "cannot race yourself" in private_text(result)
    await challenge(room)
    result = await room.alice.slash(room.channel, "peanuts challenge", friend=room.bob.user)
    assert "already have a challenge" in private_text(result)


async def test_a_claim_after_two_minutes_of_silence(room, simcord_bot):
    game_id, board = await accepted(room, simcord_bot)
    panel = await open_panel(room.alice, room, board.id)
    result = await room.alice.click(panel, custom_id=button_with(panel, "pw"))
    assert "idle 2 minutes" in private_text(result)
    await room.env.advance_time(121)
    panel = await open_panel(room.alice, room, board.id)
    result = await room.alice.click(panel, custom_id=button_with(panel, "pw"))
    assert "claimed" in text_of(result.response.message)
    assert (await simcord_bot.service.table(game_id)).finished


async def test_a_race_refused_a_thread_is_played_on_its_first_message_which_says_why(room, simcord_bot):
    """Discord refuses the thread (the bot may not create threads here): the first message becomes the
    board, and says why."""
    room.env.inject_error("POST", f"/channels/{room.channel.id}/messages/*/threads", status=403, code=50013)
    await room.alice.slash(room.channel, "peanuts practice")
    [game_id] = await simcord_bot.service.open_tables(room.channel.id, room.alice.id, "peanuts")
    table = await simcord_bot.service.table(game_id)
    board = table_message(room, table.message_id)
    assert table.thread_id is None and not room.channel.threads and board.channel.id == room.channel.id
    assert picture_of(board).endswith("/table.png") and "My controls" in labels_of(board)
    assert "may not open threads" in text_of(board)
    assert table.shown_version == table.version


async def test_practice_against_the_ai_is_played_in_its_own_thread_off_the_scoreboard(room, simcord_bot):
    """A practice race gets its thread as a challenge does, though the message Discord returns for the
    command's answer carries no guild to open a thread from."""
    await room.alice.slash(room.channel, "peanuts practice", level="quick")
    [game_id] = await simcord_bot.service.open_tables(room.channel.id, room.alice.id, "peanuts")
    before = await simcord_bot.service.table(game_id)
    [thread] = room.channel.threads
    assert before.thread_id == thread.id and before.in_thread
    board = table_message(room, before.message_id)
    assert board.channel.id == thread.id and picture_of(board).endswith("/table.png")
    assert f"<#{thread.id}>" in text_of(table_message(room, thread.id))
    await room.env.advance_time(6)
    after = await simcord_bot.service.table(game_id)
    assert after.version > before.version, "the AI rival moved"
    await simcord_bot.service.resign(game_id, room.alice.id)
    assert await simcord_bot.service.scoreboard(room.channel.id, "peanuts") == []


async def test_equal_cards_raced_to_one_pile_the_second_is_refused(room, simcord_bot, seed_box):
    """Both players' 2♦ for the one A♦ pile at the same moment: the first processed lands, the second is
    refused with a sentence naming whose 2♦ is there (RULES §7.1)."""
    seed_box[0] = 73  # Bob's A♦ goes up; then each player has a 2♦ for it
    game_id, _ = await accepted(room, simcord_bot)
    service = simcord_bot.service
    await service.act(game_id, room.bob.id, "c6.AD1>b+")
    results = await asyncio.gather(
        service.act(game_id, room.alice.id, "c5.2D>b1.AD1"),
        service.act(game_id, room.bob.id, "c2.2D1>b1.AD1"),
        return_exceptions=True,
    )
    landed = [result for result in results if not isinstance(result, BaseException)]
    refused = [result for result in results if isinstance(result, BaseException)]
    assert len(landed) == 1 and len(refused) == 1
    assert "moved on" in text_for(refused[0]) and "2♦" in text_for(refused[0])
    assert (await service.table(game_id)).public.piles[0][-1].rank == 2


async def test_a_restart_mid_race_keeps_the_board_and_the_panels(room, simcord_bot, settings):
    game_id, board = await accepted(room, simcord_bot)
    panel = await open_panel(room.alice, room, board.id)
    await play(room.alice, panel, "t")
    async with restarted_bot(room, settings) as bot:
        panel = await open_panel(room.alice, room, board.id)
        result = await play(room.alice, panel, "t")
        assert result.acknowledged
        assert (await bot.service.table(game_id)).version == 2


async def test_turns_mode_one_full_turn_each(room, simcord_bot):
    """In turns mode a turn is any number of one's own moves, ended by turning the stock or passing."""
    await room.alice.slash(room.channel, "peanuts challenge", friend=room.bob.user, mode="turns")
    message = room.channel.last_message
    game_id = int(custom_ids_on(message)[0].split(":")[1])
    await room.bob.click(message, custom_id=button_with(message, "pv"))
    board = table_message(room, (await simcord_bot.service.table(game_id)).message_id)
    assert (await simcord_bot.service.table(game_id)).turn == 0
    bob_panel = await open_panel(room.bob, room, board.id)
    assert "Waiting for" in text_of(bob_panel) and not any(cid[-2:] == ":t" for cid in custom_ids_on(bob_panel))
    alice_panel = await open_panel(room.alice, room, board.id)
    assert "Your turn" in text_of(alice_panel)
    await play(room.alice, alice_panel, "t")
    assert (await simcord_bot.service.table(game_id)).turn == 1
    bob_panel = await open_panel(room.bob, room, board.id)
    await play(room.bob, bob_panel, "pass")
    assert (await simcord_bot.service.table(game_id)).turn == 0


async def test_the_board_says_who_made_the_last_move_by_name(room, simcord_bot):
    """The board's last-move line names the racer (their mention), not their seat's number."""
    _, board = await accepted(room, simcord_bot)
    await play(room.alice, await open_panel(room.alice, room, board.id), "t")
    await simcord_bot.presenter.idle()
    await room.env.advance_time(2)
    said = text_of(table_message(room, board.id))
    assert f"<@{room.alice.id}> turned 3 cards from the stock." in said and "Player 1" not in said
