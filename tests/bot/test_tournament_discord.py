"""Tournaments in Discord, end to end (SimCord): the sign-up message and its buttons, matches dealt into
threads with their players pinged, results as the matches end, rounds closed by their clock, the standings
picture after each round, the podium, and a restart mid-round."""

import discord
import pytest

from bot.app import create_bot
from bot.ui import custom_ids
from bot.ui.present.edits import EditBudget

from .conftest import Room
from .tables import custom_ids_on, picture_of, private_text, resign_by_command, restarted_bot, text_of, title_of

NAMES = ("dave", "erin", "frank", "grace", "heidi")


@pytest.fixture
def simcord_bot(settings, store, seed_box):
    """Tournaments deal many boards at once: here the bot edits as soon as asked."""
    budget = EditBudget(channel_edits=10_000, channel_window=1.0, message_spacing=0.0)
    return create_bot(settings, store, seed_source=lambda: seed_box[0], budget=budget)


@pytest.fixture
def people(room: Room) -> list:
    """Eight people: alice, bob, carol and five more."""
    guild = room.channel.guild
    return [room.alice, room.bob, room.carol, *(guild.add_member(room.env.create_user(name)) for name in NAMES)]


def sign_up(room: Room) -> discord.Message:
    return next(m for m in room.channel.history() if title_of(m).startswith(("Peanuts tournament", "Pebbles tournament")))


def button(message: discord.Message, prefix: str) -> str:
    return next(cid for cid in custom_ids_on(message) if cid.startswith(f"{prefix}:"))


async def open_and_join(room: Room, people, **options) -> int:
    result = await room.alice.slash(room.channel, "tournament new", **options)
    assert not result.ephemeral, private_text(result)
    message = sign_up(room)
    for actor in people:
        clicked = await actor.click(message, custom_id=button(message, custom_ids.TOURNAMENT_JOIN))
        assert not clicked.ephemeral
    return int(button(message, custom_ids.TOURNAMENT_JOIN).split(":")[1])


async def test_a_swiss_tournament_of_eight_over_three_rounds_with_standings_and_a_podium(room, people, simcord_bot):
    tournament_id = await open_and_join(room, people, game="peanuts", format="swiss", rounds=3)
    message = sign_up(room)
    assert "Entrants (8/64)" in text_of(message) and "<@" in text_of(message)
    started = await room.alice.click(message, custom_id=button(message, custom_ids.TOURNAMENT_START))
    assert not started.ephemeral, private_text(started)
    await simcord_bot.presenter.idle()
    assert len(room.channel.threads) == 4
    for number in (1, 2, 3):
        view = await simcord_bot.service.tournament(tournament_id, room.channel.guild.id)
        assert view.record.round == number
        for match in view.current():
            loser = next(actor for actor in people if actor.id == match.second_id)
            await resign_by_command(loser, room, "peanuts")
        await simcord_bot.presenter.idle()
        message = sign_up(room)
        assert (picture_of(message) or "").endswith("standings.png")
    view = await simcord_bot.service.tournament(tournament_id, room.channel.guild.id)
    assert view.status == "finished" and len(room.channel.threads) == 12
    podium = room.channel.last_message
    assert "The podium" in text_of(podium) and (picture_of(podium) or "").endswith("standings.png")
