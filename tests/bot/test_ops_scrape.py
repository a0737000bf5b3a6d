"""The ops server beside a bot playing on SimCord: after a game, a scrape shows the counters moved (the
interactions by kind and outcome with their times, the redraws, the AI's decisions, the deadlines), the
bot is ready, and no log line at any level (JSON here) shows a card hidden in a hand; the lines logged
while a click is handled name its guild and game."""

import io
import json
import logging
import re

import pytest

from bot.app import create_bot
from bot.ops import logs
from bot.ops.bot_checks import serve
from bot.ops.metrics import StoreMetrics
from bot.text import readable
from bot.ui.present.requests import EditBudget
from bot.words import word
from games import GAMES
from games.pebbles import GAME, marked_card
from tests.ops.scraping import samples, scrape

from .tables import custom_ids_on, table_message
from .test_pebbles_discord import click, open_table, play_turn


@pytest.fixture
def simcord_bot(settings, store, seed_box):
    budget = EditBudget(channel_requests=10_000, channel_window=1.0, message_spacing=0.0)
    return create_bot(settings, store, seed_source=lambda: seed_box[0], budget=budget)




@pytest.fixture
def json_lines():
    """Every log line of the test, at DEBUG, as the bot writes them with LOG_FORMAT=json."""
    stream = io.StringIO()
    root = logging.getLogger()
    kept = (list(root.handlers), root.level)
    handler = logs.configure("DEBUG", "json", stream)
    yield stream
    root.removeHandler(handler)
    root.handlers[:], root.level = kept[0], kept[1]


async def hidden_cards(store, game_id: int) -> set[str]:
    """The codes and the names of the cards in the hands now (melded ones are public)."""
    record = await store.load_game(game_id)
    state = GAME.from_dict(record.state)
    public = GAME.view_for(state, None)
    cards = {card for seat, hand in enumerate(state.hands) for card in hand if card not in public.melded[seat]}
    return {str(card) for card in cards} | {readable(str(word(marked_card(card, state.decks)))) for card in cards}


def check_lines(lines: list[str], hidden: set[str]) -> None:
    for line in lines:
        entry = json.loads(line)
        assert {"time", "level", "logger", "message"} <= entry.keys()
        text = json.dumps(entry, ensure_ascii=False)
        for card in hidden:
            assert not re.search(rf"(?<![A-Za-z0-9]){re.escape(card)}(?![A-Za-z0-9])", text), f"{card} in {text}"


async def test_a_scrape_after_a_game_shows_the_counters_moved_and_no_line_shows_a_hidden_card(
    room, simcord_bot, store, json_lines
):
    """Two people and the AI play Pebbles; every line logged while a card was in a hand throughout is read
    for it."""
    store.watcher = StoreMetrics(1)
    server = await serve(simcord_bot, store, GAMES, 0, host="127.0.0.1")
    try:
        status, before = await scrape(server.port)
        assert status == 200
        assert await scrape(server.port, "/readyz") == (200, "ready\n")
        lobby = await open_table(room, players=3)
        for actor, button in ((room.bob, "pj"), (room.alice, "pi"), (room.bob, "pg"), (room.alice, "pg")):
            await click(actor, room, lobby.id, button)  # Bob may not start Alice's table: refused
        game_id = int(custom_ids_on(table_message(room, lobby.id))[0].split(":")[1])
        _, during = await scrape(server.port)
        assert samples(during)[("peapod_games_running", (("game", "pebbles"),))] == 1
        people = {room.alice.id: room.alice, room.bob.id: room.bob}
        read, checked = 0, 0
        table = await simcord_bot.service.table(game_id)
        while not table.finished:
            hidden = await hidden_cards(store, game_id)
            table = await play_turn(room, simcord_bot, game_id, people)
            hidden &= await hidden_cards(store, game_id)
            lines = json_lines.getvalue().splitlines()
            check_lines(lines[read:], hidden)
            checked += len(lines) - read if hidden else 0
            read = len(lines)
        _, after = await scrape(server.port)
        assert await scrape(server.port, "/healthz") == (200, "live\n")
    finally:
        await server.stop()
    assert checked > 1000, "the game logged too little at DEBUG to tell"
    was, now = samples(before), samples(after)
    taken = ("peapod_db_pool_wait_seconds_count", ())
    assert now[taken] - was.get(taken, 0) > 100
    assert now[("peapod_db_pool_in_use", ())] == was[("peapod_db_pool_in_use", ())]
    assert now[("peapod_games_running", (("game", "pebbles"),))] == 0
    fired = ("peapod_deadlines_fired_total", (("kind", "ai"),))
    assert now[fired] - was.get(fired, 0) > 10

    def moved(name: str, **labels: str) -> float:
        key = (name, tuple(sorted(labels.items())))
        return now.get(key, 0.0) - was.get(key, 0.0)

    played = moved("peapod_interactions_total", kind="SeatButton", outcome="answered")
    assert played > 10
    assert moved("peapod_interaction_ack_seconds_count", kind="SeatButton") == played
    assert moved("peapod_interaction_answer_seconds_count", kind="SeatButton") == played
    assert moved("peapod_interactions_total", kind="StartButton", outcome="refused") == 1
    assert moved("peapod_interactions_total", kind="pebbles new", outcome="answered") == 1
    assert moved("peapod_interaction_answer_seconds_count", kind="pebbles new") == 1
    assert moved("peapod_redraws_queued_total") > 10
    assert 0 < moved("peapod_redraw_delay_seconds_count") <= moved("peapod_redraws_queued_total")
    assert moved("peapod_ai_decision_seconds_count", game="pebbles", level="normal") > 10


async def test_an_error_in_a_click_is_logged_with_its_shard_guild_and_game(room, simcord_bot, json_lines, monkeypatch):
    """The line a failing click logs (with its traceback) says which shard, guild and game it concerns."""
    lobby = await open_table(room, players=2)
    game_id = int(custom_ids_on(lobby)[0].split(":")[1])
    await click(room.bob, room, lobby.id, "pj")

    async def broken(game_id: int, user_id: int) -> None:
        raise RuntimeError("the dealer dropped the deck")

    monkeypatch.setattr(simcord_bot.service, "start", broken)
    result = await click(room.alice, room, lobby.id, "pg")
    assert result.acknowledged
    errors = [entry for line in json_lines.getvalue().splitlines() if (entry := json.loads(line))["level"] == "ERROR"]
    assert len(errors) == 1 and "the dealer dropped the deck" in errors[0]["exception"]
    assert (errors[0]["shard"], errors[0]["guild"], errors[0]["game_id"]) == (0, room.alice.guild.id, game_id)
