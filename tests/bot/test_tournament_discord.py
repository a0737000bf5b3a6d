"""Tournaments in Discord, end to end (SimCord): the sign-up message and its buttons, matches dealt into
threads with their players pinged, results as the matches end (by play and by resignation), rounds closed
by their clock with a no-show, the standings picture after each round, the podium, a restart mid-round;
an arena of six over its minutes, a round robin of five, a knockout of six with byes."""

import random

import discord
import pytest

from bot.app import create_bot
from bot.core.tournament import Outcome
from bot.core.tournaments import TournamentView
from bot.ui import custom_ids
from bot.ui.present.requests import EditBudget
from games.ai.peanuts_ai import GreedyPlayer
from games.peanuts import GAME as PEANUTS

from .conftest import Room
from .tables import (
    custom_ids_on,
    picture_of,
    private_text,
    resign_by_command,
    restarted_bot,
    table_message,
    text_of,
)

NAMES = ("dave", "erin", "frank", "grace", "heidi")


@pytest.fixture
def simcord_bot(settings, store, seed_box):
    """Tournaments deal many boards at once: here the bot edits as soon as asked."""
    budget = EditBudget(channel_requests=10_000, channel_window=1.0, message_spacing=0.0)
    return create_bot(settings, store, seed_source=lambda: seed_box[0], budget=budget)


@pytest.fixture
def people(room: Room) -> list:
    """Eight people: alice, bob, carol and five more."""
    guild = room.channel.guild
    return [room.alice, room.bob, room.carol, *(guild.add_member(room.env.create_user(name)) for name in NAMES)]


def button(message: discord.Message, prefix: str) -> str:
    return next(cid for cid in custom_ids_on(message) if cid.startswith(f"{prefix}:"))


async def tournament(bot, room: Room, tournament_id: int) -> TournamentView:
    return await bot.service.tournament(tournament_id, room.channel.guild.id)


async def tournament_message(bot, room: Room, tournament_id: int) -> discord.Message:
    view = await tournament(bot, room, tournament_id)
    assert view.record.message_id is not None
    return table_message(room, view.record.message_id)


def has_standings_picture(message: discord.Message) -> bool:
    return (picture_of(message) or "").endswith("/standings.png")


async def open_and_join(room: Room, bot, people, **options) -> int:
    """The host (alice) opens a tournament here and everyone in ``people`` presses Join."""
    result = await room.alice.slash(room.channel, "tournament new", **options)
    assert not result.ephemeral, private_text(result)
    message = room.channel.last_message
    tournament_id = int(button(message, custom_ids.TOURNAMENT_JOIN).split(":")[1])
    for actor in people:
        clicked = await actor.click(message, custom_id=button(message, custom_ids.TOURNAMENT_JOIN))
        assert not clicked.ephemeral, private_text(clicked)
    return tournament_id


async def start(room: Room, bot, tournament_id: int) -> None:
    message = await tournament_message(bot, room, tournament_id)
    started = await room.alice.click(message, custom_id=button(message, custom_ids.TOURNAMENT_START))
    assert not started.ephemeral, private_text(started)
    await bot.presenter.idle()


def actor_of(people, user_id: int):
    return next(actor for actor in people if actor.id == user_id)


async def resign_all(bot, room: Room, people, tournament_id: int) -> None:
    """Every match still running ends: its second player resigns by command."""
    view = await tournament(bot, room, tournament_id)
    for match in [p for p in view.current() if p.outcome is None]:
        await resign_by_command(actor_of(people, match.second_id), room, "peanuts")
    await bot.presenter.idle()


async def play_out(bot, room: Room, people, game_id: int) -> None:
    """Both players play the race to its end through their panels (a greedy player's moves)."""
    table = await bot.service.table(game_id)
    board = table_message(room, table.message_id)
    actors = {seat: actor_of(people, user_id) for seat, user_id in enumerate(table.players)}
    panels = {}
    for seat, actor in actors.items():
        opened = await actor.click(board, custom_id=button(board, custom_ids.PANEL))
        panels[seat] = opened.response.message
    player, rng = GreedyPlayer(), random.Random(3)
    for step in range(600):
        if (await bot.service.table(game_id)).finished:
            break
        seat = step % 2
        state = PEANUTS.from_dict((await bot.service.parts.tables.load(game_id)).state)
        action = player.choose(state, seat, rng)
        if action is None:
            continue
        if not any(cid.endswith(f":{action.code}") for cid in custom_ids_on(panels[seat])):
            board = table_message(room, (await bot.service.table(game_id)).message_id)
            opened = await actors[seat].click(board, custom_id=button(board, custom_ids.PANEL))
            panels[seat] = opened.response.message
        code = next(c for c in custom_ids_on(panels[seat]) if c.startswith("po:") and c.endswith(f":{action.code}"))
        panels[seat] = (await actors[seat].click(panels[seat], custom_id=code)).response.message
        if step % 25 == 0:
            await room.env.advance_time(0.1)
    await room.env.advance_time(2)
    assert (await bot.service.table(game_id)).finished


async def test_a_swiss_tournament_of_eight_over_three_rounds_with_standings_and_a_podium(room, people, simcord_bot):
    bot = simcord_bot
    tournament_id = await open_and_join(room, bot, people, game="peanuts", format="swiss", rounds=3)
    message = await tournament_message(bot, room, tournament_id)
    assert "Entrants (8/64)" in text_of(message) and "(0.0)" in text_of(message)
    await start(room, bot, tournament_id)
    assert len(room.channel.threads) == 4
    first_starter = table_message(room, room.channel.threads[0].id)
    assert "<@" in text_of(first_starter), "the players are named (and pinged) on their match's first message"
    view = await tournament(bot, room, tournament_id)
    played = view.current()[0]
    await play_out(bot, room, people, played.game_id)
    for number in (1, 2, 3):
        view = await tournament(bot, room, tournament_id)
        assert view.record.round == number
        await resign_all(bot, room, people, tournament_id)
        message = await tournament_message(bot, room, tournament_id)
        assert has_standings_picture(message)
        if number < 3:
            assert f"Round {number + 1} of 3" in text_of(message)
    view = await tournament(bot, room, tournament_id)
    assert view.status == "finished" and len(room.channel.threads) == 12
    assert view.standings[0].rank == 1 and view.standings[0].points == 3.0
    podium = room.channel.last_message
    assert "The podium" in text_of(podium) and has_standings_picture(podium)
    assert f"<@{view.standings[0].entrant.player}>" in text_of(podium)
    rated = await bot.service.ratings(room.channel.guild.id, "peanuts", [played.first_id, played.second_id])
    assert len(rated) == 2, "the game played to its end is rated"
    history = await actor_of(people, played.first_id).slash(room.channel, "history", game="peanuts")
    assert f"#{played.game_id}" in text_of(history.response), "the tournament's games are in /history"


async def test_a_round_closed_by_its_clock_with_a_no_show_and_a_restart_mid_round(room, people, simcord_bot, settings):
    bot = simcord_bot
    four = people[:4]
    tournament_id = await open_and_join(room, bot, four, game="peanuts", format="swiss", rounds=2, round_minutes=5)
    await start(room, bot, tournament_id)
    first, second = (await tournament(bot, room, tournament_id)).current()
    table = await bot.service.table(first.game_id)
    board = table_message(room, table.message_id)
    mover = actor_of(people, first.first_id)
    opened = await mover.click(board, custom_id=button(board, custom_ids.PANEL))
    moves = [c for c in custom_ids_on(opened.response.message) if c.startswith("po:")]
    await mover.click(opened.response.message, custom_id=moves[0])
    async with restarted_bot(room, settings) as again:
        await again.presenter.idle()
        await room.env.advance_time(5 * 60 + 1)
        await again.presenter.idle()
        view = await tournament(again, room, tournament_id)
        outcomes = {p.id: p.outcome for p in view.record.pairings if p.round == 1}
        assert outcomes == {first.id: Outcome.FIRST_WON_BY_FORFEIT.value, second.id: Outcome.DOUBLE_FORFEIT.value}
        assert view.record.round == 2 and len([p for p in view.record.pairings if p.round == 2]) == 2
        news = "\n".join(text_of(m) for m in room.channel.history()[-8:])
        assert "never showed" in news and "both lose" in news
        assert (await again.service.table(second.game_id)).status == "cancelled"
        await resign_all(again, room, people, tournament_id)
        assert (await tournament(again, room, tournament_id)).status == "finished"


async def test_an_arena_of_six_over_its_minutes(room, people, simcord_bot):
    bot = simcord_bot
    six = people[:6]
    tournament_id = await open_and_join(room, bot, six, game="peanuts", format="arena", minutes=10)
    await start(room, bot, tournament_id)
    a, b, _ = (await tournament(bot, room, tournament_id)).current()
    star = a.first_id
    await resign_by_command(actor_of(people, a.second_id), room, "peanuts")
    await bot.presenter.idle()
    assert len((await tournament(bot, room, tournament_id)).current()) == 2, "the two just free never meet again"
    await resign_by_command(actor_of(people, b.second_id), room, "peanuts")
    await bot.presenter.idle()
    view = await tournament(bot, room, tournament_id)
    again = next(p for p in view.current() if star in (p.first_id, p.second_id))
    assert {again.first_id, again.second_id} != {a.first_id, a.second_id}
    await resign_by_command(
        actor_of(people, again.first_id if again.second_id == star else again.second_id), room, "peanuts"
    )
    await bot.presenter.idle()
    view = await tournament(bot, room, tournament_id)
    assert next(s for s in view.standings if s.entrant.player == star).on_streak
    message = await tournament_message(bot, room, tournament_id)
    paused = await actor_of(people, star).click(message, custom_id=button(message, custom_ids.TOURNAMENT_PAUSE))
    assert not paused.ephemeral, private_text(paused)
    await bot.presenter.idle()
    view = await tournament(bot, room, tournament_id)
    assert not any(star in (p.first_id, p.second_id) for p in view.current())
    assert "Paused" in text_of(await tournament_message(bot, room, tournament_id))
    message = await tournament_message(bot, room, tournament_id)
    back = await actor_of(people, star).click(message, custom_id=button(message, custom_ids.TOURNAMENT_RETURN))
    assert not back.ephemeral, private_text(back)
    await bot.presenter.idle()
    await room.env.advance_time(10 * 60 + 1)
    await bot.presenter.idle()
    view = await tournament(bot, room, tournament_id)
    assert view.status == "running" and view.current(), "games still going when the time is up"
    await resign_all(bot, room, people, tournament_id)
    view = await tournament(bot, room, tournament_id)
    assert view.status == "finished"
    assert all(p.outcome is not None for p in view.record.pairings)
    assert "The podium" in text_of(room.channel.last_message)


async def test_a_round_robin_of_five(room, people, simcord_bot):
    bot = simcord_bot
    tournament_id = await open_and_join(room, bot, people[:5], game="peanuts", format="roundrobin")
    await start(room, bot, tournament_id)
    for number in range(1, 6):
        view = await tournament(bot, room, tournament_id)
        assert view.record.round == number and view.total_rounds == 5
        assert len([p for p in view.current() if p.second_id is None]) == 1
        await resign_all(bot, room, people, tournament_id)
    view = await tournament(bot, room, tournament_id)
    assert view.status == "finished"
    assert all(line.games == 4 for line in view.standings)
    met = {frozenset((p.first_id, p.second_id)) for p in view.record.pairings if p.second_id is not None}
    assert len(met) == 10, "everyone met everyone once"


async def test_a_knockout_of_six_with_byes(room, people, simcord_bot):
    bot = simcord_bot
    tournament_id = await open_and_join(room, bot, people[:6], game="peanuts", format="knockout")
    await start(room, bot, tournament_id)
    view = await tournament(bot, room, tournament_id)
    assert len([p for p in view.current() if p.second_id is None]) == 2 and len(view.current()) == 4
    for _ in range(3):
        await resign_all(bot, room, people, tournament_id)
        message = await tournament_message(bot, room, tournament_id)
        assert has_standings_picture(message)
    view = await tournament(bot, room, tournament_id)
    assert view.status == "finished"
    [final] = [p for p in view.record.pairings if p.round == 3]
    podium = text_of(room.channel.last_message).split("The podium", 1)[1]
    assert podium.index(f"<@{final.first_id}>") < podium.index(f"<@{final.second_id}>"), "the champion first"


async def test_bad_input_gets_a_sentence_and_changes_nothing(room, people, simcord_bot):
    bot = simcord_bot
    tournament_id = await open_and_join(room, bot, people[:1], game="pebbles", format="swiss")
    message = await tournament_message(bot, room, tournament_id)
    twice = await room.alice.click(message, custom_id=button(message, custom_ids.TOURNAMENT_JOIN))
    assert "already in" in private_text(twice)
    early = await room.alice.click(message, custom_id=button(message, custom_ids.TOURNAMENT_START))
    assert "at least two" in private_text(early)
    await room.bob.click(message, custom_id=button(message, custom_ids.TOURNAMENT_JOIN))
    not_host = await room.bob.click(message, custom_id=button(message, custom_ids.TOURNAMENT_START))
    assert "Only the host" in private_text(not_host)
    cancel = await room.bob.click(message, custom_id=button(message, custom_ids.TOURNAMENT_CANCEL))
    assert "Only the host" in private_text(cancel)
    second = await room.carol.slash(room.channel, "tournament new", game="peanuts", format="arena")
    assert "one at a time" in private_text(second)
    elsewhere = room.env.create_guild("Elsewhere")
    stranger = elsewhere.add_member(room.env.create_user("mallory"))
    other = elsewhere.create_text_channel("lobby")
    foreign = await stranger.slash(other, "tournament standings", id=tournament_id)
    assert "no such tournament" in private_text(foreign)
    view = await tournament(bot, room, tournament_id)
    assert [e.user_id for e in view.record.entrants] == [room.alice.id, room.bob.id] and view.status == "signup"
    listed = await room.carol.slash(room.channel, "tournament list")
    assert f"#{tournament_id}" in text_of(listed.response.message)


async def test_a_player_who_withdraws_loses_their_pebbles_match_by_forfeit(
    room, people, simcord_bot, carol_has_closed_dms
):
    bot = simcord_bot
    tournament_id = await open_and_join(room, bot, [room.alice, room.carol], game="pebbles", format="swiss", rounds=1)
    await start(room, bot, tournament_id)
    [match] = (await tournament(bot, room, tournament_id)).current()
    table = await bot.service.table(match.game_id)
    assert table.in_thread and table.settings.get("turn_seconds") == 120.0, "a two-player table with the turn timer"
    assert any("game #" in text_of(m) for m in room.alice.user.dm_channel.history()), "the hand comes by DM"
    [thread] = room.channel.threads
    told = "\n".join(m.content for m in thread.history())
    assert f"<@{room.carol.id}>" in told and "direct messages" in told, "closed DMs: told in the match's thread"
    left = await room.carol.slash(room.channel, "tournament leave")
    assert "You have left" in private_text(left)
    await bot.presenter.idle()
    view = await tournament(bot, room, tournament_id)
    assert view.status == "finished" and view.standings[0].entrant.player == room.alice.id
    assert (await bot.service.table(match.game_id)).status == "cancelled"
    again = await room.carol.slash(room.channel, "tournament leave", id=tournament_id)
    assert "over" in private_text(again)
