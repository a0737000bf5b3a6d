"""Every picture has a description, end to end (SimCord): whole games of all five, played in a server that speaks
German by people whose Discord speaks French. Each picture uploaded carries its description (within Discord's
limit), the gallery item that shows it carries the same, a shared picture's is in the server's language and a
hand's in its reader's, and they name the facts that matter (every move the Penguin menu offers)."""

import random

import discord
import pytest
from simcord.backend.cdn import CdnStore

from bot.app import create_bot
from bot.core.service import AI_SECONDS
from bot.i18n import Words
from bot.ui.custom_ids import REPLAY
from bot.ui.layout import DESCRIPTION_LIMIT
from bot.ui.present.requests import EditBudget
from games.ai.peanuts_ai import GreedyPlayer
from games.ai.penguin_solver import solve, winnable_seed
from games.peanuts import GAME as PEANUTS
from games.penguin import GAME as PENGUIN

from .conftest import Room
from .tables import button_for, components_in, custom_ids_on, game_id_of, pick_id, table_message
from .test_pebbles_discord import choose, seated_table

CLUB = "Kartenklub"
SERVER = Words("de")


@pytest.fixture
def simcord_bot(settings, store, seed_box):
    """Whole games make hundreds of edits: here the bot edits as soon as asked."""
    budget = EditBudget(channel_requests=10_000, channel_window=1.0, message_spacing=0.0)
    return create_bot(settings, store, seed_source=lambda: seed_box[0], budget=budget)


@pytest.fixture
def uploads(monkeypatch) -> list[tuple[str, str | None]]:
    """Every picture the bot uploads, as (file name, description), in order."""
    sent: list[tuple[str, str | None]] = []
    store = CdnStore.store_attachment

    def recording(self, attachment_id, channel_id, filename, data, description):
        sent.append((filename, description))
        return store(self, attachment_id, channel_id, filename, data, description)

    monkeypatch.setattr(CdnStore, "store_attachment", recording)
    return sent


@pytest.fixture
def club(simcord_env, languages) -> Room:
    """A German community server whose members' Discord speaks French."""
    languages.communities.add(CLUB)
    guild = simcord_env.create_guild(CLUB, preferred_locale="de")
    channel = guild.create_text_channel("kartenraum")
    people = [guild.add_member(simcord_env.create_user(name)) for name in ("alice", "bob", "carol")]
    for person in people:
        languages.users[person.id] = "fr"
    return Room(simcord_env, channel, *people)


def gallery(message: discord.Message) -> list[tuple[str, str | None]]:
    """A layout message's pictures as (url, description)."""
    return [
        (item.media.url, item.description)
        for component in components_in(message)
        if isinstance(component, discord.MediaGalleryComponent)
        for item in component.items
    ]


def check_uploads(uploads: list[tuple[str, str | None]], shared: str, private: str | None = None) -> None:
    """0 pictures without a description; each within the limit; a table's in the server's words (``shared``
    is a phrase it must hold), a hand's in its reader's (``private``)."""
    assert uploads, "pictures were sent"
    for name, description in uploads:
        assert description, f"{name} was sent without a description"
        assert len(description) <= DESCRIPTION_LIMIT
        if name == "table.png":
            assert shared in description, description
        if name == "hand.png" and private is not None:
            assert private in description, description


def check_table(message: discord.Message) -> str:
    """The table message's picture is described, and the gallery item says what the attachment says."""
    (url, description), *_ = gallery(message)
    assert description and len(description) <= DESCRIPTION_LIMIT
    attached = {attachment.filename: attachment.description for attachment in message.attachments}
    assert attached.get(url.rsplit("/", 1)[-1], description) == description
    return description


async def test_a_whole_penguin_game_every_picture_described_with_every_move_the_menu_offers(
    club, simcord_bot, seed_box, uploads
):
    seed_box[0] = winnable_seed(0)
    solution = solve(PENGUIN.new_state(None, 1, seed_box[0]))
    await club.alice.slash(club.channel, "penguin new")
    message_id = club.channel.last_message.id
    game_id = game_id_of(club.channel.last_message)
    for move in solution:
        table = await simcord_bot.service.table(game_id)
        described = check_table(table_message(club, message_id))
        for action in table.legal[0]:
            assert SERVER.phrase(action.phrase).replace("\u2660", "\u2664").replace("\u2663", "\u2667") in described
        message = table_message(club, message_id)
        await club.alice.select(message, [move.source], custom_id=pick_id(message))
        message = table_message(club, message_id)
        assert "Gewählt:" in check_table(message)
        await club.alice.click(message, custom_id=button_for(message, move.code))
    assert (await simcord_bot.service.table(game_id)).finished
    assert "Spiel vorbei" in check_table(table_message(club, message_id))
    check_uploads(uploads, SERVER("Piles read bottom to top."))


@pytest.mark.parametrize(("kind", "shared"), [("peek", "Zielstapel 1"), ("triplepeaks", "Reihe ")])
async def test_a_whole_patience_every_picture_described(club, simcord_bot, uploads, kind, shared):
    """The first move the buttons offer, again and again, to the end."""
    await club.alice.slash(club.channel, f"{kind} new")
    message_id = club.channel.last_message.id
    game_id = game_id_of(club.channel.last_message)
    for _ in range(300):
        table = await simcord_bot.service.table(game_id)
        if table.finished:
            break
        check_table(table_message(club, message_id))
        message = table_message(club, message_id)
        await club.alice.click(message, custom_id=button_for(message, table.legal[0][0].code))
    assert (await simcord_bot.service.table(game_id)).finished
    assert "Spiel vorbei" in check_table(table_message(club, message_id))
    check_uploads(uploads, shared)


async def test_a_whole_pebbles_game_tables_described_in_the_servers_words_hands_in_the_readers(
    club, simcord_bot, uploads
):
    game_id, _ = await seated_table(club, 3, [club.alice, club.bob])
    people = {club.alice.id: club.alice, club.bob.id: club.bob}
    for _ in range(2000):
        table = await simcord_bot.service.table(game_id)
        if table.finished:
            break
        user_id = table.players[table.turn]
        if user_id is None:
            await club.env.advance_time(AI_SECONDS + 0.1)
            continue
        code = choose(table, table.turn).code
        person = people[user_id].user
        hand = next(m for m in person.dm_channel.history() if any(c.endswith(f":{code}") for c in custom_ids_on(m)))
        assert "Ta main" in gallery(hand)[0][1]
        await person.click(hand, custom_id=next(c for c in custom_ids_on(hand) if c.endswith(f":{code}")))
    table = await simcord_bot.service.table(game_id)
    assert table.finished
    check_uploads(uploads, "Punkte, wer zuerst", "Ta main")
    assert any(name == "hand.png" for name, _ in uploads)
    board = table_message(club, table.message_id)
    replay = await club.alice.click(
        board, custom_id=next(c for c in custom_ids_on(board) if c.startswith(f"{REPLAY}:"))
    )
    step = replay.response.message if replay.response.message is not None else replay.followups[0]
    shown = gallery(step)
    assert len(shown) == 1 + 3, "the table and every hand, once the game is over"
    assert all(description and len(description) <= DESCRIPTION_LIMIT for _, description in shown)
    assert "Ta main" in shown[1][1] and "Scores, premier" in shown[0][1], "a replay is private: the reader's words"


async def test_a_whole_peanuts_race_every_board_described(club, simcord_bot, uploads):
    await club.alice.slash(club.channel, "peanuts challenge", friend=club.bob.user)
    challenge = club.channel.last_message
    game_id = game_id_of(challenge)
    await club.bob.click(challenge, custom_id=next(c for c in custom_ids_on(challenge) if c.startswith("pv:")))
    board_id = (await simcord_bot.service.table(game_id)).message_id
    actors, player, rng = {0: club.alice, 1: club.bob}, GreedyPlayer(), random.Random(3)
    for step in range(400):
        if (await simcord_bot.service.table(game_id)).finished:
            break
        seat = step % 2
        state = PEANUTS.from_dict((await simcord_bot.service.parts.tables.load(game_id)).state)
        action = player.choose(state, seat, rng)
        if action is None:
            continue
        board = table_message(club, board_id)
        panel = await actors[seat].click(board, custom_id=next(c for c in custom_ids_on(board) if c.startswith("pm:")))
        panel = panel.response.message
        custom_id = next(c for c in custom_ids_on(panel) if c.startswith("po:") and c.endswith(f":{action.code}"))
        await actors[seat].click(panel, custom_id=custom_id)
        if step % 20 == 0:
            await club.env.advance_time(0.1)
            assert "Stapel in der Mitte" in check_table(table_message(club, board_id))
    await club.env.advance_time(2)
    assert (await simcord_bot.service.table(game_id)).finished
    check_uploads(uploads, "(blau)")
