"""The bot on PostgreSQL, end to end through SimCord: a game played and resumed after a restart, a click
while the database does not answer gets a sentence and changes nothing, and redraws (a game's hands, a
tournament's message) go to the process that owns their channel (skipped where no server answers)."""

import asyncio

import asyncpg
import pytest

from bot.app import PeapodBot, create_bot
from bot.core.service import TableService
from bot.store import PostgresStore
from bot.ui.kinds import KINDS
from bot.ui.present.presenter import Presenter
from bot.ui.present.requests import EditBudget
from games import GAMES
from tests.postgres import fresh_database

from .tables import (
    button_for,
    custom_ids_on,
    game_id_of,
    pick_id,
    private_text,
    table_message,
    text_of,
)
from .test_pebbles_discord import play_turn, seated_table
from .test_tournament_discord import has_standings_picture, open_and_join, resign_all, start, tournament_message

TIMEOUT = 0.5


@pytest.fixture
async def database_url():
    async with fresh_database() as url:
        yield url


@pytest.fixture
async def store(database_url):
    store = await PostgresStore.open(database_url, pool_size=4, statement_timeout=TIMEOUT)
    yield store
    await store.close()


async def test_a_penguin_game_on_postgresql_survives_a_restart(room, simcord_bot, settings, database_url):
    await room.alice.slash(room.channel, "penguin new")
    message = room.channel.last_message
    game_id = game_id_of(message)
    move = next(iter((await simcord_bot.service.table(game_id)).legal[0]))
    await room.alice.slash(room.channel, "penguin move", move=move.code)
    await simcord_bot.presenter.idle()
    assert pick_id(table_message(room, message.id)).endswith(":1")
    async with await PostgresStore.open(database_url) as store:
        bot = create_bot(settings, store)
        await room.env.restart_bot(bot)
        shown = table_message(room, message.id)
        result = await room.alice.click(shown, custom_id=button_for(shown, "!hint"))
        assert private_text(result)
        assert await bot.service.replay_matches(game_id)


async def test_a_click_while_the_database_does_not_answer_gets_a_sentence(room, simcord_bot, database_url):
    """The games table is locked by someone else past the statement timeout: the click is answered with a
    sentence and the game is unchanged; once the database answers again the same click plays."""
    await room.alice.slash(room.channel, "penguin new")
    message = room.channel.last_message
    game_id = game_id_of(message)
    move = next(action for action in (await simcord_bot.service.table(game_id)).legal[0] if action.code != "!collect")
    blocker = await asyncpg.connect(database_url)
    try:
        transaction = blocker.transaction()
        await transaction.start()
        await blocker.execute("LOCK TABLE games IN ACCESS EXCLUSIVE MODE")
        result = await room.alice.slash(room.channel, "penguin move", move=move.code)
        assert "not answering" in private_text(result)
        await transaction.rollback()
    finally:
        await blocker.close()
    table = await simcord_bot.service.table(game_id)
    assert table.version == 0 and await simcord_bot.service.replay_matches(game_id)
    await room.alice.slash(room.channel, "penguin move", move=move.code)
    assert (await simcord_bot.service.table(game_id)).version == 1


async def test_hand_redraws_go_to_the_process_that_owns_dms(room, simcord_bot, store):
    """This process owns the guild's shard but not shard 0 (DMs): after a card is played, the table is redrawn
    here and the hands are handed over by a notice; the presenter that owns DMs (another process's, here on
    the same simulated Discord) redraws them."""
    budget = EditBudget(channel_requests=10_000, channel_window=1.0, message_spacing=0.0)
    simcord_bot.presenter = Presenter(
        simcord_bot, simcord_bot.service, KINDS, budget, owns=lambda guild_id: guild_id is not None
    )
    dms = Presenter(simcord_bot, simcord_bot.service, KINDS, budget, owns=lambda guild_id: guild_id is None)
    await store.listen_redraws(dms.heard)
    game_id, _ = await seated_table(room, 2, [room.alice, room.bob])
    assert await hand_shows(room, dms, room.bob, 0)
    table = await play_turn(room, simcord_bot, game_id, {room.alice.id: room.alice, room.bob.id: room.bob})
    assert await hand_shows(room, dms, room.bob, table.version)


async def hand_shows(room, presenter: Presenter, actor, version: int) -> bool:
    """Whether the actor's DM hand comes to show ``version`` (the notice travels through PostgreSQL)."""
    for _ in range(200):
        await room.env.settle()
        await presenter.idle()
        hands = [m for m in actor.user.dm_channel.history() if "seat" in text_of(m) and "game #" in text_of(m)]
        if hands and {cid.split(":")[2] for cid in custom_ids_on(hands[0])} == {str(version)}:
            return True
        await asyncio.sleep(0.01)
    return False


class DmsOnly(PeapodBot):
    """A process that runs shard 0 (DMs) but not the test guild's shard."""

    def owns(self, guild_id: int | None) -> bool:
        return guild_id is None


async def test_the_tournament_message_is_edited_by_the_process_that_owns_its_server(room, settings, store):
    """A process that does not own the server ends the tournament's only match: it leaves the tournament's
    message alone and hands it over by a tournament notice; the owner (another process, with a service of
    its own on the same database) reloads the tournament and redraws its message."""
    budget = EditBudget(channel_requests=10_000, channel_window=1.0, message_spacing=0.0)
    bot = DmsOnly(settings, store, budget=budget)
    await room.env.restart_bot(bot)
    owner = Presenter(bot, TableService(store, games=GAMES), KINDS, budget, owns=lambda guild_id: guild_id is not None)
    await store.listen_redraws(owner.heard)
    notices: list[int] = []

    async def held(tournament_id: int) -> None:
        notices.append(tournament_id)

    await store.listen_tournament_redraws(held)
    people = [room.alice, room.bob]
    tournament_id = await open_and_join(room, bot, people, game="peanuts", format="swiss")
    await start(room, bot, tournament_id)
    await resign_all(bot, room, people, tournament_id)
    assert await heard(room, notices, tournament_id), "the tournament's end is handed to the owner"
    message = await tournament_message(bot, room, tournament_id)
    assert "Round 1 of 1" in text_of(message) and "Finished" not in text_of(message), "not edited here"
    for tournament in notices:
        await owner.heard_tournament(tournament)
    await owner.idle()
    message = await tournament_message(bot, room, tournament_id)
    assert "Finished" in text_of(message) and has_standings_picture(message)


async def heard(room, notices: list[int], tournament_id: int) -> bool:
    """Whether a tournament notice for ``tournament_id`` comes (it travels through PostgreSQL)."""
    for _ in range(200):
        await room.env.settle()
        if tournament_id in notices:
            return True
        await asyncio.sleep(0.01)
    return False
