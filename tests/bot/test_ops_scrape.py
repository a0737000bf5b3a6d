"""The ops server beside a bot playing on SimCord: after a game, a scrape shows the counters moved, the
bot is ready, and no log line at any level (JSON here) shows a card hidden in a hand."""

import io
import json
import logging
import re

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.app import create_bot
from bot.ops import logs
from bot.ops.bot_checks import serve
from bot.ops.metrics import StoreMetrics
from bot.text import readable
from bot.ui.present.edits import EditBudget
from bot.words import word
from games import GAMES
from games.pebbles import GAME, marked_card

from .test_pebbles_discord import play_turn, seated_table


@pytest.fixture
def simcord_bot(settings, store, seed_box):
    budget = EditBudget(channel_edits=10_000, channel_window=1.0, message_spacing=0.0)
    return create_bot(settings, store, seed_source=lambda: seed_box[0], budget=budget)


async def scrape(port: int, path: str = "/metrics") -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


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
        game_id, _ = await seated_table(room, 3, [room.alice, room.bob])
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
