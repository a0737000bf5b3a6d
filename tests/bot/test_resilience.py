"""Through Discord's and the database's bad moments: every redraw lands in the end, a slow click is deferred
rather than failed, deadlines come back with the database, and the log says what happened in a few lines.

Faults are injected in SimCord (an edit answered 503, a message gone) or by a wrapper of the store (the
database not answering); the simulated clock is moved, nothing waits in real time."""

import asyncio
import logging

import discord
import pytest

from bot.core.service import AI_SECONDS
from bot.errors import BUSY
from bot.ops import metrics
from bot.ops.failures import QUIET_SECONDS, Intermittent
from bot.ops.intake import Intake
from bot.ui import deferral
from bot.ui.present.edits import Backoff
from bot.ui.present.hands import YOUR_TURN
from games.penguin import Move

from .conftest import BACKOFF, RECOVERY_PROBE, Room
from .faults import edits_of, store_outage
from .tables import button_for, custom_ids_on, game_id_of, pick_id, private_text, restarted_bot, table_message
from .test_pebbles_discord import hand_message, play_turn, seated_table


async def new_penguin(room: Room) -> discord.Message:
    await room.alice.slash(room.channel, "penguin new")
    return room.channel.last_message


async def typed_move(room: Room, bot, game_id: int) -> None:
    """Alice plays a move by the typed command: its table is redrawn from outside any click."""
    move = next(action for action in (await bot.service.table(game_id)).legal[0])
    await room.alice.slash(room.channel, "penguin move", move=move.code)


def messages_logged(caplog, level: int) -> list[str]:
    return [
        record.getMessage() for record in caplog.records if record.levelno == level and record.name.startswith("bot")
    ]



def hold(room, monkeypatch, service, name: str, reason: str) -> asyncio.Event:
    """The service's call ``name`` waits (as for a lock another writer holds) until the event returned is set."""
    call, released = getattr(service, name), asyncio.Event()

    async def held(*args, **options):
        await room.env.external_wait(released.wait(), reason=reason)
        return await call(*args, **options)

    monkeypatch.setattr(service, name, held)
    return released

async def test_a_redraw_discord_refuses_is_tried_again_with_the_latest_table_until_it_lands(room, simcord_bot, caplog):
    """An edit answered 503 (twice) stays owed: it is tried again after its backoff, with the table as it is by
    then (a move saved meanwhile included), within the budget, and the log says so in two lines."""
    message = await new_penguin(room)
    game_id = game_id_of(message)
    path = f"/channels/{room.channel.id}/messages/{message.id}"
    room.env.inject_error("PATCH", path, status=503, message="Service Unavailable", times=2)
    caplog.set_level(logging.INFO)
    await typed_move(room, simcord_bot, game_id)
    assert (await simcord_bot.service.table(game_id)).shown_version == 0
    assert simcord_bot.presenter.redraws.edits.owed == 1
    await typed_move(room, simcord_bot, game_id)  # the newer table waits in place of the owed one
    await room.env.advance_time(BACKOFF.first)  # the first retry: 503 again
    assert pick_id(table_message(room, message.id)).endswith(":0")
    await room.env.advance_time(2 * BACKOFF.first)  # the second retry lands
    table = await simcord_bot.service.table(game_id)
    assert table.version == 2 and table.shown_version == 2
    assert pick_id(table_message(room, message.id)).endswith(":2")
    assert edits_of(room.env, room.channel.id, message.id) == 3
    assert simcord_bot.presenter.redraws.edits.owed == 0
    await room.env.advance_time(QUIET_SECONDS)
    assert messages_logged(caplog, logging.WARNING) == [
        "redraws are failing (Discord 503); each is tried again, with backoff, until it lands"
    ]
    assert messages_logged(caplog, logging.INFO)[-1] == (
        "every owed redraw has landed: 1 messages, after 2 failed tries over 30.0 s (Discord 503)"
    )
    assert not messages_logged(caplog, logging.ERROR)


@pytest.mark.parametrize(("status", "code"), [(404, 10008), (400, 50083)])
async def test_a_message_discord_says_is_gone_is_not_tried_again(room, simcord_bot, status, code):
    """Unknown Message (10008) and an archived thread (50083) end the redraw: no retry, nothing owed."""
    message = await new_penguin(room)
    room.env.inject_error("PATCH", f"/channels/{room.channel.id}/messages/{message.id}", status=status, code=code)
    await typed_move(room, simcord_bot, game_id_of(message))
    await room.env.advance_time(4 * BACKOFF.longest)
    assert edits_of(room.env, room.channel.id, message.id) == 1
    assert simcord_bot.presenter.redraws.edits.owed == 0


async def test_a_redraw_owed_while_the_database_is_gone_lands_as_soon_as_it_answers(
    room, simcord_bot, store, monkeypatch, caplog
):
    """The database stops answering between a saved move and its redraw: the redraw is owed, and it lands the
    moment the database answers again, not at the end of its backoff."""
    message = await new_penguin(room)
    game_id = game_id_of(message)
    service = simcord_bot.service
    simcord_bot.presenter.redraws.edits.backoff = Backoff(first=600.0, longest=600.0)
    outage = store_outage(store, monkeypatch)
    act = service.act

    async def act_then_outage(*args, **options):
        table = await act(*args, **options)
        outage.down = True
        return table

    monkeypatch.setattr(service, "act", act_then_outage)
    caplog.set_level(logging.INFO)
    await typed_move(room, simcord_bot, game_id)
    assert simcord_bot.presenter.redraws.edits.owed == 1 and service.recovery.down
    await room.env.advance_time(3 * RECOVERY_PROBE)  # still gone: nothing lands
    assert pick_id(table_message(room, message.id)).endswith(":0")
    outage.down = False
    await room.env.advance_time(RECOVERY_PROBE)
    assert pick_id(table_message(room, message.id)).endswith(":1")
    assert (await service.table(game_id)).shown_version == 1
    assert not service.recovery.down and simcord_bot.presenter.redraws.edits.owed == 0
    warnings = messages_logged(caplog, logging.WARNING)
    assert warnings == [
        "the database does not answer; what failed is tried again when it does",
        "redraws are failing (the database); each is tried again, with backoff, until it lands",
    ]


def deferrals(kind: str) -> float:
    return metrics.REGISTRY.get_sample_value("peapod_interactions_deferred_total", {"kind": kind}) or 0.0


async def test_a_click_whose_commit_is_slow_is_deferred_and_answered_once_saved(room, simcord_bot, monkeypatch):
    """The commit of a move waits past Discord's 3 seconds (a lock held by another writer): the click is
    acknowledged with a deferral in time, nothing is shown as done, and once the move is saved the table
    shows it (the original response edited)."""
    message = await new_penguin(room)
    game_id = game_id_of(message)
    service = simcord_bot.service
    move = next(action for action in (await service.table(game_id)).legal[0] if isinstance(action, Move))
    await room.alice.select(message, [move.source], custom_id=pick_id(message))
    picked = table_message(room, message.id)
    released = hold(room, monkeypatch, service, "act", "the commit waits for a lock another writer holds")
    before = deferrals("ActionButton")
    result = await room.alice.click(picked, custom_id=button_for(picked, move.code))
    await room.env.advance_time(deferral.DEFER_AFTER + 0.1)
    assert result.deferred and deferrals("ActionButton") == before + 1
    await room.env.advance_time(2.0)
    assert (await service.table(game_id)).version == 0 and pick_id(table_message(room, message.id)).endswith(":0")
    released.set()
    await room.env.settle()
    assert (await service.table(game_id)).version == 1
    assert pick_id(table_message(room, message.id)).endswith(":1")
    assert not room.env.errors


async def test_a_saved_move_whose_answer_discord_refused_is_drawn_by_its_table_redraw(room, simcord_bot, caplog):
    """The move is saved but its answer is refused (the interaction's token unknown by then): the table is
    redrawn from outside the click, and the log says so in one warning, with no traceback."""
    message = await new_penguin(room)
    game_id = game_id_of(message)
    move = next(action for action in (await simcord_bot.service.table(game_id)).legal[0] if isinstance(action, Move))
    await room.alice.select(message, [move.source], custom_id=pick_id(message))
    picked = table_message(room, message.id)
    room.env.inject_error("POST", "/interactions/*/callback", status=404, code=10062, message="Unknown interaction")
    caplog.set_level(logging.INFO)
    await room.alice.click(picked, custom_id=button_for(picked, move.code))
    assert (await simcord_bot.service.table(game_id)).shown_version == 1
    assert pick_id(table_message(room, message.id)).endswith(":1")
    warnings = messages_logged(caplog, logging.WARNING)
    assert len(warnings) == 1 and warnings[0].startswith("could not answer interaction")
    assert not messages_logged(caplog, logging.ERROR) and not any(record.exc_info for record in caplog.records)


async def test_a_deadline_that_fell_while_the_database_was_gone_fires_as_soon_as_it_answers(
    room, simcord_bot, store, monkeypatch, caplog
):
    """An AI seat's move falls due while the database does not answer: the deadline task's pass fails, and
    the move is made the moment the database answers again (not at the task's next pass, an hour away with
    a database of its own)."""
    game_id, _ = await seated_table(room, 2, [room.alice])
    table = await simcord_bot.service.table(game_id)
    if table.turn == 0:
        table = await play_turn(room, simcord_bot, game_id, {room.alice.id: room.alice})
    assert table.turn == 1 and table.players[1] is None
    outage = store_outage(store, monkeypatch)
    outage.down = True
    await room.env.advance_time(AI_SECONDS + RECOVERY_PROBE / 2)
    assert simcord_bot.service.recovery.down
    outage.down = False
    await room.env.advance_time(RECOVERY_PROBE / 2 + 0.1)
    assert not simcord_bot.service.recovery.down
    assert (await simcord_bot.service.table(game_id)).version > table.version
    assert not messages_logged(caplog, logging.ERROR)


def version_on(message: discord.Message) -> int:
    return max(int(custom_id.split(":")[2]) for custom_id in custom_ids_on(message))


async def test_a_hand_in_a_dm_that_discord_refused_to_redraw_is_tried_again(room, simcord_bot):
    """The AI's move is drawn on the table, but the edit of the player's hand in their DMs is answered 503:
    the hand is owed, and its retry shows the latest position."""
    game_id, _ = await seated_table(room, 2, [room.alice])
    table = await simcord_bot.service.table(game_id)
    if table.turn == 0:
        table = await play_turn(room, simcord_bot, game_id, {room.alice.id: room.alice})
    hand = hand_message(room.alice)
    room.env.inject_error("PATCH", f"/channels/{hand.channel.id}/messages/{hand.id}", status=503, times=1)
    await room.env.advance_time(AI_SECONDS + 0.1)
    moved = await simcord_bot.service.table(game_id)
    assert moved.version > table.version and version_on(hand_message(room.alice)) < moved.version
    assert simcord_bot.presenter.redraws.edits.owed == 1
    await room.env.advance_time(BACKOFF.first)
    latest = await simcord_bot.service.table(game_id)
    assert version_on(hand_message(room.alice)) == latest.version
    assert simcord_bot.presenter.redraws.edits.owed == 0


async def test_a_hand_still_owed_when_the_process_stops_is_redrawn_by_the_next_start(room, simcord_bot, settings):
    """The table showed the AI's move but the hand's edit kept failing until the process stopped: the next
    process finds the lagging hand in the database and redraws it at start."""
    game_id, _ = await seated_table(room, 2, [room.alice])
    table = await simcord_bot.service.table(game_id)
    if table.turn == 0:
        table = await play_turn(room, simcord_bot, game_id, {room.alice.id: room.alice})
    hand = hand_message(room.alice)
    room.env.inject_error("PATCH", f"/channels/{hand.channel.id}/messages/{hand.id}", status=503, times=None)
    await room.env.advance_time(AI_SECONDS + 0.1)
    moved = await simcord_bot.service.table(game_id)
    assert version_on(hand_message(room.alice)) < moved.version == moved.shown_version
    room.env.backend.faults.clear()
    async with restarted_bot(room, settings) as bot:
        await room.env.settle()
        latest = await bot.service.table(game_id)
        assert version_on(hand_message(room.alice)) == latest.version


async def test_short_dms_that_fail_are_said_in_one_line_per_cause(room, simcord_bot, caplog):
    """A turn's DM answered 503, twice (one going out between them): one WARNING line saying why (no traceback),
    the second only counted; once DMs go out again and none failed for a while, one INFO line with the count."""
    game_id, _ = await seated_table(room, 2, [room.alice])
    table = await simcord_bot.service.table(game_id)
    dm = hand_message(room.alice).channel.id
    hands, clock = simcord_bot.presenter.hands, [0.0]
    hands.failures = Intermittent("DMs fail", "DMs go out again", logging.getLogger("bot.ui"), clock=lambda: clock[0])
    caplog.set_level(logging.INFO)
    for fails in (True, False, True):
        if fails:
            room.env.inject_error("POST", f"/channels/{dm}/messages", status=503, message="Service Unavailable")
        await hands.notify(table, 0, YOUR_TURN)
        clock[0] += 1.0
    warnings = messages_logged(caplog, logging.WARNING)
    assert len(warnings) == 1 and warnings[0].startswith("DMs fail: HTTPException: 503")
    clock[0] += QUIET_SECONDS
    await hands.notify(table, 0, YOUR_TURN)
    assert messages_logged(caplog, logging.INFO)[-1].startswith("DMs go out again, after 2 failures over 2.0 s")
    assert not any(record.exc_info for record in caplog.records)


def shed(kind: str) -> float:
    return metrics.REGISTRY.get_sample_value("peapod_interactions_shed_total", {"kind": kind}) or 0.0


async def test_under_overload_a_click_that_does_not_fit_is_told_busy_at_once_and_changes_nothing(
    room, simcord_bot, monkeypatch
):
    """The clicks in progress fill what the bot answers in time (one here: its pace is none, its floor one), and
    Alice's move waits on its commit: Bob's move is turned away as it enters, privately, with "busy", before it
    waits for anything (the service is never asked), and his table stays as it was. Alice's move is still saved
    and shown, and once it is answered, the next click is taken on."""
    simcord_bot.intake = Intake(floor=1, ceiling=1, clock=lambda: 0.0)
    monkeypatch.setattr(deferral, "DEFER_AFTER", 600.0)  # no deferral meanwhile: nothing but the commit is awaited
    mine = await new_penguin(room)
    await room.bob.slash(room.channel, "penguin new")
    his = room.channel.last_message
    service = simcord_bot.service
    act, released, asked = service.act, asyncio.Event(), []

    async def held_act(game_id, *args, **options):
        asked.append(game_id)
        if game_id == game_id_of(mine):
            await room.env.external_wait(released.wait(), reason="the commit waits for a lock another writer holds")
        return await act(game_id, *args, **options)

    monkeypatch.setattr(service, "act", held_act)
    moves = {}
    for message in (mine, his):
        table = await service.table(game_id_of(message))
        moves[message.id] = next(action for action in table.legal[0] if isinstance(action, Move))
    await room.alice.select(mine, [moves[mine.id].source], custom_id=pick_id(mine))
    await room.bob.select(his, [moves[his.id].source], custom_id=pick_id(his))
    picked_mine, picked_his = table_message(room, mine.id), table_message(room, his.id)
    before = shed("ActionButton")
    await room.alice.click(picked_mine, custom_id=button_for(picked_mine, moves[mine.id].code))
    assert simcord_bot.intake.in_progress == 1
    result = await room.bob.click(picked_his, custom_id=button_for(picked_his, moves[his.id].code))
    assert result.ephemeral and private_text(result) == BUSY
    assert shed("ActionButton") == before + 1 and asked == [game_id_of(mine)]
    assert (await service.table(game_id_of(his))).version == 0
    assert custom_ids_on(table_message(room, his.id)) == custom_ids_on(picked_his)
    released.set()
    await room.env.settle()
    assert simcord_bot.intake.in_progress == 0
    assert (await service.table(game_id_of(mine))).version == 1
    assert pick_id(table_message(room, mine.id)).endswith(":1")
    again = table_message(room, his.id)
    await room.bob.click(again, custom_id=button_for(again, moves[his.id].code))
    assert (await service.table(game_id_of(his))).version == 1
    assert not room.env.errors


async def test_a_slash_command_whose_store_is_held_is_deferred_publicly_then_answered(room, simcord_bot, monkeypatch):
    """/penguin new waits for the database (another writer holds it) past the deferral point: it is acknowledged
    with a public deferral in time, counted, and once the database answers, the deal completes it: the table is
    that very message, for everyone to see."""
    service = simcord_bot.service
    released = hold(room, monkeypatch, service, "active_games", "another writer holds the database")
    before = deferrals("penguin new")
    result = await room.alice.slash(room.channel, "penguin new")
    await room.env.advance_time(deferral.DEFER_AFTER + 0.1)
    assert deferrals("penguin new") == before + 1
    assert result.deferred and not result.ephemeral
    released.set()
    await room.env.settle()
    table = room.channel.last_message
    assert table is not None and not table.flags.ephemeral and custom_ids_on(table)
    assert (await service.table(game_id_of(table))).status == "active"
    assert not room.env.errors


async def test_a_typed_move_whose_commit_is_held_is_deferred_privately_and_saved_before_it_is_answered(
    room, simcord_bot, monkeypatch
):
    """/penguin move whose commit waits past the deferral point: a private deferral in time, nothing shown as done
    meanwhile; once saved, the private "thinking…" goes away and the table shows the move."""
    message = await new_penguin(room)
    game_id = game_id_of(message)
    service = simcord_bot.service
    released = hold(room, monkeypatch, service, "act", "the commit waits for a lock another writer holds")
    move = next(action for action in (await service.table(game_id)).legal[0] if isinstance(action, Move))
    before = deferrals("penguin move")
    result = await room.alice.slash(room.channel, "penguin move", move=move.code)
    await room.env.advance_time(deferral.DEFER_AFTER + 0.1)
    assert deferrals("penguin move") == before + 1 and result.deferred and result.ephemeral
    assert (await service.table(game_id)).version == 0 and pick_id(table_message(room, message.id)).endswith(":0")
    released.set()
    await room.env.settle()
    assert (await service.table(game_id)).version == 1
    assert pick_id(table_message(room, message.id)).endswith(":1")
    assert not room.env.errors


async def test_answers_discord_refuses_are_said_once_per_cause_and_counted_until_they_land_again(
    room, simcord_bot, caplog
):
    """Two moves saved whose answers Discord refuses (503), a click answered between them: one WARNING line with
    the cause, no traceback, both tables still drawn; once none has failed for a while, the next answer that lands
    says in one INFO line how many failed."""
    clock = [0.0]
    simcord_bot.unanswered = Intermittent(
        "could not answer interactions (their tables are redrawn)",
        "interactions are answered again",
        logging.getLogger("bot.app"),
        clock=lambda: clock[0],
    )
    message = await new_penguin(room)
    game_id = game_id_of(message)
    caplog.set_level(logging.INFO)
    for version in (1, 2):
        move = next(a for a in (await simcord_bot.service.table(game_id)).legal[0] if isinstance(a, Move))
        shown = table_message(room, message.id)
        await room.alice.select(shown, [move.source], custom_id=pick_id(shown))
        picked = table_message(room, message.id)
        room.env.inject_error("POST", "/interactions/*/callback", status=503, message="Service Unavailable")
        await room.alice.click(picked, custom_id=button_for(picked, move.code))
        await room.env.advance_time(1.0)
        assert (await simcord_bot.service.table(game_id)).shown_version == version
        clock[0] += 1.0
    assert messages_logged(caplog, logging.WARNING) == [
        "could not answer interactions (their tables are redrawn): "
        "HTTPException: 503 Error (error code: 0): Service Unavailable "
        "(BackendError: 503 (error code: 0): Service Unavailable)"
    ]
    clock[0] += QUIET_SECONDS
    shown = table_message(room, message.id)
    await room.alice.click(shown, custom_id=button_for(shown, "!hint"))
    assert messages_logged(caplog, logging.INFO)[-1] == (
        "interactions are answered again, after 2 failures over 1.0 s "
        "(HTTPException: 503 Error (error code: 0): Service Unavailable "
        "(BackendError: 503 (error code: 0): Service Unavailable))"
    )
    assert not any(record.exc_info for record in caplog.records)


async def test_a_hand_dm_discord_refuses_at_the_table_s_opening_leaves_the_table_open(room, simcord_bot, caplog):
    """/pebbles new whose player's DM Discord answers 503: the table is open all the same, and the player is told to
    use the table's button for their hand; no apology, no traceback, DMs not remembered as closed."""
    room.env.inject_error("POST", "/users/@me/channels", status=503, message="Service Unavailable")
    caplog.set_level(logging.INFO)
    result = await room.alice.slash(room.channel, "pebbles new")
    lobby = room.channel.last_message
    assert (await simcord_bot.service.table(game_id_of(lobby))).status == "seating"
    assert "I can't send you direct messages" in private_text(result)
    assert not await simcord_bot.service.dm_closed(room.alice.id)
    assert not messages_logged(caplog, logging.ERROR) and not any(record.exc_info for record in caplog.records)
