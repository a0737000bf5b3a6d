"""Peanuts live in a real browser (Debian's Chromium driven by Playwright), as ``make play`` serves it: the bot on
SimCord, a race challenged and accepted in the channel, Play live pressed on its board, and the Activity's page
(web/dist, built by ``make web``) opened in three tabs through the SDK's mock: Ada races with the keyboard only,
Basil with the mouse (dragging cards), Clover watches (opened from the places page's link). Ada chose the
four-colour deck (/settings) and her page inks the suits as the pictures do; neither racer gets a Hint button (a
race has no hinter). Ada's connection drops
once and comes back by itself; they race the whole race to its end; the watcher never gets a hidden card, and the
result is stored, rated and shown in the channel as for a race played in messages."""

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Page, async_playwright

from bot.live.server import web_dist
from bot.play.hub import Hub
from bot.play.live import PlayLive, play_live
from bot.play.room import PlayRoom, play_room
from bot.play.stage import Stage
from games.cards import Card, Suit
from games.peanuts import GAME, public_cards
from render.cards import suit_colour
from render.labels import DeckStyle

from ..bot.tables import custom_ids_on, labels_of, table_message, text_of
from .racers import Racer, by_keyboard, by_mouse

CHROMIUM = Path("/usr/bin/chromium")
VIEWPORT = {"width": 900, "height": 1000}
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


def inks(style: DeckStyle) -> dict[str, str]:
    """Each suit's ink in ``style`` as the pictures draw it (render/cards.py), as CSS computes a colour."""
    return {suit.char: "rgb({}, {}, {})".format(*suit_colour(suit, style)) for suit in Suit}


FOUR_COLOUR_INKS = inks(DeckStyle.FOUR_COLOUR)
STANDARD_INKS = inks(DeckStyle.STANDARD)
PAGE_INKS = """() => {
  const inks = {};
  for (const pip of document.querySelectorAll('#board .card[data-card] .corner .pip')) {
    const suit = pip.closest('.card').dataset.card[1];
    (inks[suit] ??= new Set()).add(getComputedStyle(pip).color);
  }
  return Object.fromEntries(Object.entries(inks).map(([suit, colours]) => [suit, [...colours]]));
}"""


async def suit_inks(page: Page) -> dict[str, str]:
    """The ink of each suit's symbol on the page's face-up cards (each suit one ink, every suit dealt face up)."""
    inks = await page.evaluate(PAGE_INKS)
    assert all(len(colours) == 1 for colours in inks.values()), inks
    return {suit: colours[0] for suit, colours in inks.items()}


def ident(card: Card) -> str:
    return f"{card.code}{card.deck}"


def watch(page: Page, errors: list[str], frames: list[dict[str, Any]] | None = None) -> None:
    """Keep the page's script errors, and the frames its sockets receive."""
    page.on("pageerror", lambda error: errors.append(str(error)))
    if frames is not None:
        page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(json.loads(data))))


async def open_page(browser: Any, url: str, errors: list[str]) -> Page:
    """The Activity's page at ``url`` (as the link make play prints), once it shows the race. Each racer has a
    window of their own: a tab behind another gets no animation frames, which Playwright's waits poll on."""
    context = await browser.new_context(viewport=VIEWPORT)
    page = await context.new_page()
    watch(page, errors)
    await page.goto(url)
    await page.wait_for_selector("body[data-version]", timeout=10_000)
    return page


async def open_from_places(context: Any, hub: Hub, name: str, errors: list[str], frames: list[dict[str, Any]]) -> Page:
    """The Activity's page as the places page opens it for ``name``: pick the player, follow Open Peanuts live."""
    places = await context.new_page()
    await places.goto(hub.url)
    await places.select_option("#viewer", name)
    await places.wait_for_selector("#live:not([hidden])", timeout=10_000)

    def new_page(page: Page) -> None:
        watch(page, errors, frames)

    context.on("page", new_page)
    async with context.expect_page() as opened:
        await places.click("#live-link")
    page = await opened.value
    context.remove_listener("page", new_page)
    await places.close()
    await page.wait_for_selector("body[data-version]", timeout=10_000)
    return page


@asynccontextmanager
async def places_page(room: PlayRoom, live: PlayLive) -> AsyncIterator[Hub]:
    """make play's places page, with its link to the Activity."""
    stage = Stage(room)
    try:
        async with Hub(room, stage, live=live) as hub:
            yield hub
    finally:
        await stage.close()


async def test_two_tabs_race_to_the_end_one_by_keyboard_one_by_drag_while_a_third_watches(tmp_path, monkeypatch):
    assert (web_dist() / "app.js").is_file(), "the page is not built: run `make web` (make test does)"
    monkeypatch.setattr("bot.core.service.default_seed", lambda: SEED)
    async with (
        play_room(tmp_path / "play.db") as room,
        play_live(room) as live,
        places_page(room, live) as hub,
    ):
        ada, basil, clover = room.players[:3]
        await ada.slash(room.channel, "settings", deck="four-colour")
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
                context = await browser.new_context(viewport=VIEWPORT)
                errors: list[str] = []
                watched: list[dict[str, Any]] = []
                watcher = await open_from_places(context, hub, clover.name, errors, watched)
                keyboard = Racer(await open_page(browser, live.url_for(ada.name), errors), by_keyboard)
                mouse = Racer(await open_page(browser, live.url_for(basil.name), errors), by_mouse)
                seats = [
                    await page.evaluate("() => document.body.dataset.seat")
                    for page in (keyboard.page, mouse.page, watcher)
                ]
                assert seats == ["0", "1", "watching"]

                # A race has no hinter: the racers' controls show no Hint button. Ada chose the four-colour deck:
                # her cards wear the pictures' four inks, Basil's red and black.
                for page in (keyboard.page, mouse.page):
                    assert await page.locator("#controls:not([hidden]) button").count() >= 3
                    assert await page.locator("#controls [data-control='hint']").count() == 0
                assert await suit_inks(keyboard.page) == FOUR_COLOUR_INKS
                assert await suit_inks(mouse.page) == STANDARD_INKS

                # A lost connection: the page says so, and comes back by itself with the race as it was.
                await keyboard.page.evaluate("() => window.peapodLive.socket.ws.close()")
                await keyboard.page.wait_for_selector("body[data-connection='reconnecting']", timeout=2_000)
                assert await keyboard.page.inner_text("#status") == "Reconnecting…"
                await keyboard.page.wait_for_selector("body[data-connection='open']", timeout=5_000)

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

        assert not errors, errors
        moves = {
            way: sum(action[0] == "move" for action in racer.played)
            for way, racer in (("keyboard", keyboard), ("mouse", mouse))
        }
        assert moves["keyboard"] > 0 and moves["mouse"] > 0, moves
        taps = [action for action in mouse.played if action[0] == "move" and action[3].startswith("c")]
        assert taps and len(taps) < moves["mouse"], "the mouse both tapped and dragged"

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
        assert set(await room.store.ratings(record.guild_id or 0, "peanuts", [ada.id, basil.id])) == {ada.id, basil.id}
        await room.env.advance_time(2)
        result = table_message(room, challenge.id)
        assert "Rematch" in labels_of(result), text_of(result)
