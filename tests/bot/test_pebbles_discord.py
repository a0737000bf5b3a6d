"""Pebbles and Nuts in Discord, end to end: lobbies, hands in DMs, AI seats, timers, privacy (SimCord)."""

import discord
import pytest

from bot.app import create_bot
from bot.core.service import AI_SECONDS, Table
from bot.text import readable
from bot.ui.present.requests import EditBudget
from bot.words import word
from games.pebbles import GAME, Declare, Pass, Play, marked_card

from .conftest import Room
from .tables import (
    buttons_of,
    custom_ids_on,
    descriptions_of,
    labels_of,
    picture_of,
    private_text,
    resign_by_command,
    restarted_bot,
    table_message,
    text_of,
    title_of,
)


@pytest.fixture
def simcord_bot(settings, store, seed_box):
    """Whole games make hundreds of edits: here the bot edits as soon as asked (the budget itself is
    tested with the two-seat double in test_many_seats)."""
    budget = EditBudget(channel_requests=10_000, channel_window=1.0, message_spacing=0.0)
    return create_bot(settings, store, seed_source=lambda: seed_box[0], budget=budget)


def lobby_button(message: discord.Message, prefix: str) -> str:
    return next(cid for cid in custom_ids_on(message) if cid.startswith(f"{prefix}:"))


async def open_table(room: Room, **options) -> discord.Message:
    await room.alice.slash(room.channel, "pebbles new", **options)
    return room.channel.last_message


async def click(actor, room: Room, message_id: int, prefix: str):
    message = table_message(room, message_id)
    return await actor.click(message, custom_id=lobby_button(message, prefix))


def dm_messages(actor) -> list[discord.Message]:
    return list(actor.user.dm_channel.history())


def hand_message(actor) -> discord.Message:
    """The player's hand message: the DM the bot keeps editing (it carries the card buttons)."""
    return next(
        message for message in dm_messages(actor) if "seat" in text_of(message) and "game #" in text_of(message)
    )


def choose(table: Table, seat: int):
    """What the player does: a meld if one is offered, else the first legal card."""
    legal = table.legal[seat]
    return next((action for action in legal if isinstance(action, Declare)), None) or next(
        action for action in legal if isinstance(action, Play | Pass)
    )


class Seen:
    """Everything each person was shown privately (their hand panels opened from the table)."""

    def __init__(self) -> None:
        self.private: dict[int, list[str]] = {}

    def add(self, user_id: int, result) -> None:
        for message in (result.response, *result.followups):
            if message is not None and message.ephemeral:
                self.private.setdefault(user_id, []).append(
                    message.content + text_of(message) + " " + " ".join(labels_of(message))
                )


def visible_text(room: Room, actor, seen: Seen) -> str:
    """Every text ``actor`` can see now: the channel (text and buttons), their DMs, their panels."""
    texts = []
    for message in [*room.channel.history(), *dm_messages(actor)]:
        texts.append(message.content + text_of(message) + descriptions_of(message))
        texts.append(" ".join(labels_of(message)))
    texts += seen.private.get(actor.id, [])
    return "\n".join(texts)


async def check_privacy(room: Room, bot, game_id: int, people: dict[int, object], seen: Seen) -> None:
    """No person can read a card that is concealed in another player's hand (melded cards are public)."""
    record = await bot.service.parts.tables.load(game_id)
    state = GAME.from_dict(record.state)
    for user_id, actor in people.items():
        seat = record.players.index(user_id)
        text = visible_text(room, actor, seen)
        own = {readable(str(word(marked_card(card, state.decks)))) for card in state.hands[seat]}
        public = GAME.view_for(state, None)
        on_show = [card for _, card in (*public.trick, *public.last_trick)]
        own |= {readable(str(word(marked_card(card, state.decks)))) for card in on_show}
        for other in range(state.seats):
            if other == seat:
                continue
            melded = set(GAME.view_for(state, None).melded[other])
            for card in state.hands[other]:
                # the 3-player game has two 8♥: the viewer's own copy, or one on the table, may be named
                name = readable(str(word(marked_card(card, state.decks))))
                if card not in melded and name not in own:
                    assert name not in text, f"{name} of seat {other + 1} is visible to seat {seat + 1}"
        assert "\u2660" not in text and "\u2663" not in text, "spades and clubs are written so they read on every theme"


async def play_turn(room: Room, bot, game_id: int, people: dict[int, object], seen: Seen | None = None) -> Table:
    """The seat to play acts: a person clicks their choice on their DM hand (or, with DMs closed, on the
    panel *Show my hand* opens); an AI seat is given its pause."""
    table = await bot.service.table(game_id)
    seat = table.turn
    user_id = table.players[seat]
    if user_id is None or table.seats[seat].away:
        await room.env.advance_time(AI_SECONDS + 0.1)
        return await bot.service.table(game_id)
    actor = people[user_id]
    action = choose(table, seat)
    if await bot.service.dm_closed(user_id):
        opened = await actor.click(
            table_message(room, table.message_id), custom_id=lobby_button(table_message(room, table.message_id), "pm")
        )
        if seen is not None:
            seen.add(user_id, opened)
        message = opened.response.message
        clicker = actor
    else:
        message = hand_message(actor)
        clicker = actor.user
    custom_id = next(cid for cid in custom_ids_on(message) if cid.endswith(f":{action.code}"))
    result = await clicker.click(message, custom_id=custom_id)
    assert result.acknowledged
    if seen is not None:
        seen.add(user_id, result)
    return await bot.service.table(game_id)


async def play_to_the_end(room: Room, bot, game_id: int, people: dict[int, object], *, check_every: int = 7) -> Table:
    seen = Seen()
    table = await bot.service.table(game_id)
    steps = 0
    while not table.finished:
        table = await play_turn(room, bot, game_id, people, seen)
        steps += 1
        if steps % check_every == 0:
            await check_privacy(room, bot, game_id, people, seen)
    await check_privacy(room, bot, game_id, people, seen)
    return table


async def seated_table(room: Room, players: int, humans: list, **options) -> tuple[int, discord.Message]:
    """Alice opens a table for ``players``; the other ``humans`` join; the rest are AI; Alice starts it."""
    message = await open_table(room, players=players, **options)
    for actor in humans[1:]:
        await click(actor, room, message.id, "pj")
    for _ in range(players - len(humans)):
        await click(room.alice, room, message.id, "pi")
    await click(room.alice, room, message.id, "pg")
    message = table_message(room, message.id)
    return int(custom_ids_on(message)[0].split(":")[1]), message


async def test_two_players_sit_down_and_play_a_deal_from_their_dms(room, simcord_bot):
    message = await open_table(room)
    assert "Seat 2: empty" in text_of(message)
    result = await click(room.bob, room, message.id, "pj")
    assert "Seat 2: <@" in text_of(table_message(room, message.id))
    result = await click(room.bob, room, message.id, "pg")
    assert "Only the player who opened" in private_text(result)
    await click(room.alice, room, message.id, "pg")
    started = table_message(room, message.id)
    assert picture_of(started).endswith("/table.png")
    game_id = int(custom_ids_on(started)[0].split(":")[1])
    people = {room.alice.id: room.alice, room.bob.id: room.bob}
    table = await simcord_bot.service.table(game_id)
    deal = table.public.deal_no
    for _ in range(12):
        table = await play_turn(room, simcord_bot, game_id, people)
    assert table.version >= 12 and table.public.deal_no == deal
    await room.env.advance_time(2)
    for actor in (room.alice, room.bob):
        hand = hand_message(actor)
        assert "Pebbles and Nuts" in text_of(hand) and hand.attachments


async def test_a_whole_two_player_game_then_the_scoreboard(room, simcord_bot):
    """Two people play a whole game from their DMs; nobody ever sees the other's concealed cards; the
    result reaches /scores."""
    game_id, message = await seated_table(room, 2, [room.alice, room.bob])
    people = {room.alice.id: room.alice, room.bob.id: room.bob}
    table = await play_to_the_end(room, simcord_bot, game_id, people)
    assert table.outcome.winners and table.public.scores[table.outcome.winners[0]] >= 70
    final = table_message(room, message.id)
    assert "Game over." in text_of(final)
    assert labels_of(final) == ["Rematch", "Replay"]
    await room.alice.slash(room.channel, "scores", game="pebbles")
    board = room.channel.last_message
    assert title_of(board) == "Pebbles and Nuts scoreboard" and "bob" in text_of(board)


async def test_three_players(room, simcord_bot):
    game_id, _ = await seated_table(room, 3, [room.alice, room.bob, room.carol])
    people = {actor.id: actor for actor in (room.alice, room.bob, room.carol)}
    table = await play_to_the_end(room, simcord_bot, game_id, people)
    assert table.finished and len(table.public.scores) == 3


async def test_one_person_and_three_ai_seats(room, simcord_bot):
    game_id, message = await seated_table(room, 4, [room.alice])
    assert "Partners sit across" not in text_of(table_message(room, message.id))
    table = await play_to_the_end(room, simcord_bot, game_id, {room.alice.id: room.alice})
    assert table.finished and len(table.public.scores) == 2
    assert await simcord_bot.service.replay_matches(game_id)
    final = table_message(room, message.id)
    await room.alice.click(final, custom_id=lobby_button(final, "pn"))
    again = room.channel.last_message
    assert again.id != message.id and picture_of(again).endswith("/table.png")
    assert [seat.ai for seat in (await simcord_bot.service.table(game_id + 1)).seats] == [False, True, True, True]


async def test_a_player_with_closed_dms_plays_through_show_my_hand(room, simcord_bot, carol_has_closed_dms):
    message = await open_table(room)
    result = await click(room.carol, room, message.id, "pj")
    assert "Show my hand" in private_text(result) and "direct messages" in private_text(result)
    await click(room.alice, room, message.id, "pg")
    game_id = int(custom_ids_on(table_message(room, message.id))[0].split(":")[1])
    assert await simcord_bot.service.dm_closed(room.carol.id)
    people = {room.alice.id: room.alice, room.carol.id: room.carol}
    seen = Seen()
    for _ in range(10):
        await play_turn(room, simcord_bot, game_id, people, seen)
    await check_privacy(room, simcord_bot, game_id, people, seen)
    assert seen.private[room.carol.id]
    assert not dm_messages(room.carol)


async def test_four_players_two_decks_two_people_and_two_ai(room, simcord_bot):
    """A whole two-deck partnership game to 130, two people and two AI seats; copies of a card are told
    apart by their deck on the hand buttons."""
    message = await open_table(room, players=4, decks=2)
    assert "Partners sit across" in text_of(message)
    await click(room.bob, room, message.id, "pj")
    await click(room.alice, room, message.id, "pi")
    await click(room.alice, room, message.id, "pi")
    await click(room.alice, room, message.id, "pg")
    game_id = int(custom_ids_on(table_message(room, message.id))[0].split(":")[1])
    labels = labels_of(hand_message(room.alice))
    assert any("(1)" in label or "(2)" in label for label in labels)
    people = {room.alice.id: room.alice, room.bob.id: room.bob}
    table = await play_to_the_end(room, simcord_bot, game_id, people, check_every=15)
    assert table.finished and max(table.public.scores) >= 130
    assert await simcord_bot.service.replay_matches(game_id)


async def test_the_turn_timer_plays_for_the_absent_and_the_ai_takes_over_until_im_back(room, simcord_bot):
    game_id, message = await seated_table(room, 2, [room.alice, room.bob])
    table = await simcord_bot.service.table(game_id)
    absent = table.turn
    for missed in range(1, 4):
        while (table := await simcord_bot.service.table(game_id)).turn != absent:
            await play_turn(room, simcord_bot, game_id, {room.alice.id: room.alice, room.bob.id: room.bob})
        await room.env.advance_time(91)
        warned = [m.content + text_of(m) for m in dm_messages((room.alice, room.bob)[absent])]
        assert any("runs out in 30 seconds" in text for text in warned)
        await room.env.advance_time(30)
        table = await simcord_bot.service.table(game_id)
        assert table.seats[absent].missed == missed
    assert table.seats[absent].away
    shown = table_message(room, message.id)
    assert "Time ran out" in text_of(shown) or table.seats[absent].away
    back = lobby_button(shown, "pb")
    result = await (room.alice, room.bob)[absent].click(shown, custom_id=back)
    assert result.acknowledged
    assert not (await simcord_bot.service.table(game_id)).seats[absent].away


async def test_refusals_change_nothing(room, simcord_bot):
    """Not your turn, a card the rules refuse, a stale hand button, a stranger: one sentence each."""
    game_id, message = await seated_table(room, 2, [room.alice, room.bob])
    table = await simcord_bot.service.table(game_id)
    people = (room.alice, room.bob)
    waiting = people[1 - table.turn]
    hand = hand_message(waiting)
    assert all(button.disabled for button in buttons_of(hand))
    card = table.views[1 - table.turn].hand[0]
    forged = f"po:{game_id}:{table.version}:{Play(card).code}"
    room.env.backend.get_message(hand.channel.id, hand.id).components = [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": forged}]}
    ]
    result = await waiting.user.click(hand, custom_id=forged)
    assert "not your turn" in text_of(result.response.message).lower()
    stranger = await room.carol.click(
        table_message(room, message.id), custom_id=lobby_button(table_message(room, message.id), "pm")
    )
    assert "not playing" in private_text(stranger)
    mover = people[table.turn]
    old_hand = hand_message(mover)
    old_ids = custom_ids_on(old_hand)
    await play_turn(room, simcord_bot, game_id, {room.alice.id: room.alice, room.bob.id: room.bob})
    stale = next(cid for cid in old_ids if not cid.endswith(":pass"))
    room.env.backend.get_message(old_hand.channel.id, old_hand.id).components = [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": stale}]}
    ]
    before = await simcord_bot.service.table(game_id)
    result = await mover.user.click(old_hand, custom_id=stale)
    assert result.acknowledged and text_of(result.response.message)
    assert (await simcord_bot.service.table(game_id)).version == before.version


async def test_a_restart_mid_trick_keeps_the_table_the_hands_and_the_buttons(room, simcord_bot, settings):
    game_id, message = await seated_table(room, 2, [room.alice, room.bob])
    people = {room.alice.id: room.alice, room.bob.id: room.bob}
    await play_turn(room, simcord_bot, game_id, people)
    async with restarted_bot(room, settings) as bot:
        table = await bot.service.table(game_id)
        assert table.public.trick
        await play_turn(room, bot, game_id, people)
        result = await room.alice.click(
            table_message(room, message.id), custom_id=lobby_button(table_message(room, message.id), "pm")
        )
        assert result.ephemeral and "game #" in text_of(result.response.message)
        assert (await bot.service.table(game_id)).version == table.version + 1


async def test_a_challenge_is_accepted_by_each_invited_player(room, simcord_bot):
    """/pebbles challenge keeps a seat for each invited person; Start waits for both to accept."""
    await room.alice.slash(room.channel, "pebbles challenge", first=room.bob.user, second=room.carol.user)
    message = room.channel.last_message
    assert f"<@{room.bob.id}>" in text_of(message) and "(invited)" in text_of(message)
    result = await click(room.alice, room, message.id, "pv")
    assert "already sitting" in private_text(result)
    await click(room.bob, room, message.id, "pv")
    assert not any(cid.startswith("pg:") for cid in custom_ids_on(table_message(room, message.id)))
    await click(room.carol, room, message.id, "pv")
    await click(room.alice, room, message.id, "pg")
    started = table_message(room, message.id)
    assert picture_of(started).endswith("/table.png")
    assert all(hand_message(actor) for actor in (room.alice, room.bob, room.carol))


async def test_a_declined_challenge_closes_the_table(room, simcord_bot):
    await room.alice.slash(room.channel, "pebbles challenge", first=room.bob.user)
    message = room.channel.last_message
    result = await click(room.carol, room, message.id, "pd")
    assert "not playing" in private_text(result)
    await click(room.bob, room, message.id, "pd")
    closed = table_message(room, message.id)
    assert "declined" in text_of(closed) and not buttons_of(closed)


async def test_an_unfilled_table_expires_after_ten_minutes(room, simcord_bot):
    message = await open_table(room)
    await room.env.advance_time(601)
    closed = table_message(room, message.id)
    assert "in time" in text_of(closed) and not buttons_of(closed)


async def test_the_server_sets_the_turn_timer(room, simcord_bot):
    """Only someone who may manage the server sets its turn timer; new tables use it."""
    result = await room.bob.slash(room.channel, "pebbles timer", seconds=45)
    assert "manage this server" in private_text(result)
    guild = room.channel.guild
    managers = guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    manager = guild.add_member(room.env.create_user("dora"), roles=[managers])
    result = await manager.slash(room.channel, "pebbles timer", seconds=45)
    assert "45 seconds" in private_text(result)
    message = await open_table(room)
    game_id = int(custom_ids_on(message)[0].split(":")[1])
    assert (await simcord_bot.service.table(game_id)).settings["turn_seconds"] == 45


async def test_a_rematch_invites_the_others_and_starts_when_they_accept(room, simcord_bot):
    game_id, message = await seated_table(room, 2, [room.alice, room.bob])
    result = await resign_by_command(room.bob, room, "pebbles")
    assert result.response.content == "You resigned."
    await room.env.advance_time(2)
    final = table_message(room, message.id)
    result = await room.carol.click(final, custom_id=lobby_button(final, "pn"))
    assert "not playing" in private_text(result)
    await room.bob.click(final, custom_id=lobby_button(final, "pn"))
    lobby = room.channel.last_message
    assert "(invited)" in text_of(lobby) and lobby.id != message.id
    await room.alice.click(lobby, custom_id=lobby_button(lobby, "pv"))
    started = table_message(room, lobby.id)
    assert picture_of(started).endswith("/table.png")
    table = await simcord_bot.service.table(game_id + 1)
    assert table.status == "active" and table.players == (room.alice.id, room.bob.id)


async def test_deals_are_named_from_one(room, simcord_bot):
    """The first deal's status says Deal 1; when the second is dealt, status and event both say Deal 2."""
    game_id, message = await seated_table(room, 2, [room.alice, room.bob])
    assert "Deal 1 \u00b7" in text_of(table_message(room, message.id))
    people = {room.alice.id: room.alice, room.bob.id: room.bob}
    table = await simcord_bot.service.table(game_id)
    while table.public.deal_no == 0 and not table.finished:
        table = await play_turn(room, simcord_bot, game_id, people)
    await simcord_bot.presenter.idle()
    description = text_of(table_message(room, message.id))
    assert "Deal 2 \u00b7" in description and "Deal 2:" in description and "Deal 1 \u00b7" not in description


async def test_a_sit_down_dm_that_arrives_after_the_deal_gets_the_hand_at_once(room, simcord_bot, monkeypatch):
    """Bob joins; while his sit-down DM is on its way Alice starts the game: once the DM exists it shows his
    hand, without waiting for the next move."""
    message = await open_table(room)
    game_id = int(custom_ids_on(message)[0].split(":")[1])
    presenter = simcord_bot.presenter
    send = presenter.hands.send

    async def slow_dm(table, seat, view):
        if table.status == "seating":
            presenter.redraw(await simcord_bot.service.start(game_id, room.alice.id))
            await presenter.idle()
        return await send(table, seat, view)

    monkeypatch.setattr(presenter.hands, "send", slow_dm)
    await click(room.bob, room, message.id, "pj")
    await presenter.idle()
    hand = hand_message(room.bob)
    assert hand.attachments and custom_ids_on(hand)
