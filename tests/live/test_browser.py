"""Peanuts live in a real browser (Debian's Chromium driven by Playwright), as ``make play`` serves it: the bot on
SimCord, a race challenged and accepted in the channel, Play live pressed on its board, and the Activity's page
(web/dist, built by ``make web``) opened in three tabs through the SDK's mock: Ada races with the keyboard only,
Basil with the mouse (dragging cards), Clover watches. They race the whole race to its end; the watcher never
gets a hidden card, and the result is stored and shown in the channel as for a race played in messages."""

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Page, async_playwright

from bot.live.server import WEB_DIST
from bot.play.live import play_live
from bot.play.room import play_room
from games.cards import Card
from games.peanuts import GAME, public_cards

from ..bot.tables import custom_ids_on, labels_of, table_message, text_of
from .racers import Racer, by_keyboard, by_mouse

CHROMIUM = Path("/usr/bin/chromium")
SEED = 7
"""A deal where both racers' simple line makes card moves (so the keyboard and the drag are both used)."""

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's Chromium is not installed (apt-get install chromium): no browser to drive"
)


def face_up(view: dict[str, Any]) -> set[str]:
    """Every card a view frame shows face up."""
    cards = {card for pile in view["piles"] for card in pile}
    for player in view["players"]:
        cards |= {card for column in player["tableau"] for card in column}
        cards |= set(player["waste"]["cards"])
        if player["peanut"]["top"]:
            cards.add(player["peanut"]["top"])
    return cards


def ident(card: Card) -> str:
    return f"{card.code}{card.deck}"


async def open_page(browser: Any, url: str, frames: list[dict[str, Any]] | None = None) -> Page:
    page = await browser.new_page(viewport={"width": 900, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    if frames is not None:
        page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(json.loads(data))))
    await page.goto(url)
    await page.wait_for_selector("body[data-version]", timeout=10_000)
    assert not errors, errors
    return page


async def test_two_tabs_race_to_the_end_one_by_keyboard_one_by_drag_while_a_third_watches(tmp_path, monkeypatch):
    assert (WEB_DIST / "app.js").is_file(), "the page is not built: run `make web` (make test does)"
    monkeypatch.setattr("bot.core.service.default_seed", lambda: SEED)
    async with play_room(tmp_path / "play.db") as room, play_live(room) as live:
        ada, basil, clover = room.players[:3]
        await ada.slash(room.channel, "peanuts challenge", friend=basil.user)
        challenge = room.channel.last_message
        await basil.click(challenge, custom_id=next(c for c in custom_ids_on(challenge) if c.startswith("pv:")))
        game_id = int(custom_ids_on(challenge)[0].split(":")[1])
        board = table_message(room, (await room.bot.service.table(game_id)).message_id)
        assert "Play live" in labels_of(board)
        await ada.click(board, custom_id=next(c for c in custom_ids_on(board) if c.startswith("pf:")))

        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox", "--disable-gpu"]
            )
            try:
                watched: list[dict[str, Any]] = []
                watcher = await open_page(browser, live.url_for(clover.name), watched)
                keyboard = Racer(await open_page(browser, live.url_for(ada.name)), by_keyboard)
                mouse = Racer(await open_page(browser, live.url_for(basil.name)), by_mouse)
                seats = [
                    await page.evaluate("() => document.body.dataset.seat")
                    for page in (keyboard.page, mouse.page, watcher)
                ]
                assert seats == ["0", "1", "watching"]

                await asyncio.wait_for(asyncio.gather(keyboard.race(), mouse.race()), timeout=120)

                await watcher.wait_for_selector("body[data-over='true']", timeout=5_000)
                for page in (keyboard.page, mouse.page, watcher):
                    over = await page.inner_text("#over")
                    assert "The result is in the channel." in over
                assert await keyboard.page.inner_text("#over .verdict") in {"You won!", "You lost.", "A draw."}
                assert await watcher.locator("#board [data-from], #controls:not([hidden])").count() == 0
                cards = "els => els.map(e => e.dataset.card)"
                shown = set(await watcher.eval_on_selector_all("#board [data-card]", cards))
            finally:
                await browser.close()

        moves = {
            way: sum(action[0] == "move" for action in racer.played)
            for way, racer in (("keyboard", keyboard), ("mouse", mouse))
        }
        assert moves["keyboard"] > 0 and moves["mouse"] > 0, moves

        # The watcher's every view: no seat, no moves, and exactly the cards face up at that version.
        record = await room.store.load_game(game_id)
        assert record is not None and record.status == "finished"
        actions = await room.store.load_actions(game_id)
        states = [GAME.new_state(record.options, 2, record.seed)]
        for action in actions:
            states.append(GAME.replay_step(states[-1], action.seat, action.code))
        views = [frame for frame in watched if frame["type"] == "view"]
        first = views[0]["version"]
        assert views[-1]["version"] - first == len(actions) and views[-1]["over"]
        for view in views:
            assert view["seat"] is None and view["legal"] == []
            state = states[view["version"] - first]
            public = {ident(card) for seat in (0, 1) for card in public_cards(state, seat)}
            public |= {ident(card) for pile in state.piles for card in pile}
            assert face_up(view) == public, f"version {view['version']}"
        assert shown and shown <= face_up(views[-1])

        # The result as for a race in messages: stored, rated, and back in the channel with Rematch.
        assert sorted(result.user_id for result in await room.store.results(game_id)) == sorted([ada.id, basil.id])
        await room.env.advance_time(2)
        result = table_message(room, challenge.id)
        assert "Rematch" in labels_of(result), text_of(result)
