"""`make play`: a race and a daily deal played to their end in the page; a race in the group DM and a patience in
a server where peapod is only installed to its player, each to its end.

The bot plays a race in its thread and deals the daily deal into a DM, as on Discord; where it is not a member,
on the interaction's own message. These tests
play as a person in a browser does, through the two pages' own HTTP APIs: the places page moves the
one Preview to the channel, the thread or the DMs, and the Preview page (SimCord's protocol 3) shows
what the viewing player sees, runs their slash commands, clicks the bot's buttons and switches
players with Viewing as.
"""

import asyncio
import json
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import aiohttp
import pytest
from simcord import SetupError

from bot.core.places import Place
from bot.i18n import PSEUDO
from bot.play.hub import TOKEN_HEADER, Hub
from bot.play.room import BOT_NAME, CHANNEL, PLAYERS, PlayRoom, play_room
from bot.play.stage import DM_PLACE, Stage, elsewhere_label, group_label
from bot.ui import custom_ids
from bot.ui.language import public_words, words_of_user
from games.ai.peanuts_ai import GreedyPlayer
from games.ai.peek_ai import GreedyPlayer as PeekGreedy
from games.peanuts import GAME
from games.peek import GAME as PEEK

from .places import bot_calls_to
from .tables import custom_ids_on, table_message, text_of
from .test_daily import dm_tables


@pytest.fixture(autouse=True)
def places() -> None:
    """``make play`` tells SimCord where each interaction happens itself (:mod:`bot.play.places`): the tests'
    own telling (``tests/bot/places.py``) is left out here, so these tests see what the launcher does alone."""


@asynccontextmanager
async def session(tmp_path, now=lambda: 0.0) -> AsyncIterator[tuple[PlayRoom, Stage, Hub, "Browser"]]:
    """The launcher's world, its real clock read from ``now`` (SimCord's contexts are entered in the test
    itself, not in a fixture)."""
    async with play_room(tmp_path / "play.db") as room:
        stage = Stage(room, now=now)
        try:
            async with Hub(room, stage) as hub, aiohttp.ClientSession() as client:
                yield room, stage, hub, Browser(client, hub)
        finally:
            await stage.close()


class Browser:
    """The places page's two calls, made as its script makes them."""

    def __init__(self, session: aiohttp.ClientSession, hub: Hub) -> None:
        self._session = session
        self._base = f"http://127.0.0.1:{hub.port}"
        self._headers = {TOKEN_HEADER: hub.url.split("#", 1)[1]}

    async def places(self, viewer: str) -> dict[str, dict]:
        async with self._session.get(f"{self._base}/api/places", params={"viewer": viewer}, headers=self._headers) as r:
            assert r.status == 200, await r.text()
            return {place["label"]: place for place in (await r.json())["places"]}

    async def tab(self, viewer: str, label: str) -> "Tab":
        """Open the place called ``label`` for ``viewer``, and the Preview page it leads to."""
        key = (await self.places(viewer))[label]["key"]
        async with self._session.post(
            f"{self._base}/api/show", json={"viewer": viewer, "place": key}, headers=self._headers
        ) as r:
            assert r.status == 200, await r.text()
            return await Tab(self._session, (await r.json())["url"]).open()


class Tab:
    """A browser tab on SimCord's Preview page, making the calls its script makes (protocol 3): it
    reads the page it was given and clicks the bot's buttons there, as the viewer it shows."""

    def __init__(self, client: aiohttp.ClientSession, url: str) -> None:
        self._client = client
        self._base, capability = url.split("/#", 1)
        self._headers = {"X-Simcord-Capability": capability}
        self._sequence = 0
        self.page: dict = {}

    async def open(self) -> "Tab":
        async with self._client.post(f"{self._base}/api/pages", json={}, headers=self._headers) as response:
            assert response.status == 200, await response.text()
            self.page = await response.json()
        self._headers["X-Simcord-Context"] = self.page["context"]["id"]
        return self

    async def reload(self) -> None:
        async with self._client.get(f"{self._base}/api/state", headers=self._headers) as response:
            assert response.status == 200, await response.text()
            self.page = await response.json()

    @property
    def shown(self) -> str:
        """Everything the page shows now, as text."""
        return json.dumps(self.page["messages"], ensure_ascii=False)

    def shows(self, message_id: int) -> bool:
        return str(message_id) in self.page["messages"]

    @property
    def viewer(self) -> int:
        return int(self.page["viewerId"])

    def control(self, prefix: str, suffix: str = "") -> tuple[str, str] | None:
        """The newest message's control whose custom id has ``prefix`` and ``suffix``: (message id, key)."""
        for message_id in sorted(self.page["messages"], key=int, reverse=True):
            found = _controls(self.page["messages"][message_id]["components"], prefix, suffix)
            if found:
                return message_id, found[0]
        return None

    async def _act(self, kind: str, **fields) -> None:
        self._sequence += 1
        body = {
            "protocol_version": 3,
            "sequence": self._sequence,
            "request_id": f"request-{self._sequence}",
            "generation": self.page["context"]["generation"],
            "bot_generation": self.page["botGeneration"],
            "published_revision": self.page["publishedRevision"],
            "kind": kind,
            **fields,
        }
        async with self._client.post(f"{self._base}/api/action", json=body, headers=self._headers) as response:
            result = await response.json()
        assert response.status == 200 and not result["rejected"], result
        await self.reload()

    async def commands(self) -> list[dict]:
        """The commands the page's **/** picker offers the viewer here."""
        async with self._client.get(f"{self._base}/api/commands", headers=self._headers) as response:
            return (await response.json())["entries"]

    async def command(self, invocation: str, **options: str) -> None:
        """Type ``/invocation`` with ``options`` (a member is given by id) and send it."""
        [entry] = [entry for entry in await self.commands() if entry["invocation"] == invocation]
        await self._act(
            "run_command",
            command_id=entry["commandId"],
            path=entry["path"],
            schema_fingerprint=entry["schemaFingerprint"],
            options=options,
        )

    async def click(self, prefix: str, suffix: str = "") -> None:
        found = self.control(prefix, suffix)
        assert found is not None, f"no {prefix}…{suffix} control in the page"
        await self._act("click", target_id=found[0], control_key=found[1])

    async def view_as(self, player) -> None:
        if self.viewer != player.id:
            await self._act("viewer", viewer_id=str(player.id))


def _controls(components: list, prefix: str, suffix: str) -> list[str]:
    keys = []
    for component in components:
        custom_id = component.get("custom_id") or ""
        if component.get("type") == 2 and custom_id.startswith(prefix) and custom_id.endswith(suffix):
            keys.append(component["control_key"])
        keys += _controls(component.get("components", []), prefix, suffix)
    return keys


async def race_to_the_end(room: PlayRoom, tab: "Tab", game_id: int, players: tuple, *, steps: int) -> None:
    """Both racers play greedy moves from their own controls in the page, five at a time each, until the race
    ends (within ``steps``)."""
    player, rng = GreedyPlayer(), random.Random(3)
    for step in range(steps):
        if (await room.bot.service.table(game_id)).finished:
            break
        seat = step // 5 % 2
        await tab.view_as(players[seat])
        state = GAME.from_dict((await room.bot.service.parts.tables.load(game_id)).state)
        action = player.choose(state, seat, rng)
        if action is None:
            continue
        if tab.control(f"{custom_ids.SEAT}:", f":{action.code}") is None:
            await tab.click(f"{custom_ids.PANEL}:")
        await tab.click(f"{custom_ids.SEAT}:", f":{action.code}")
    assert (await room.bot.service.table(game_id)).finished, "the race ended"


async def test_the_server_has_its_channel_players_commands_and_the_bot_called_peapod(tmp_path):
    async with session(tmp_path) as (room, _, _, browser):
        assert room.channel.name == CHANNEL and [player.name for player in room.players] == list(PLAYERS)
        commands = set(room.players[0].available_commands(room.channel))
        assert {"peanuts challenge", "daily penguin", "history", "help"} <= commands
        tab = await browser.tab("Basil", f"#{CHANNEL}")
        await tab.command("penguin new")
        [table] = [message for message in tab.page["messages"].values() if message["author"]["bot"]]
        assert table["author"]["name"] == BOT_NAME and "Penguin" in json.dumps(table, ensure_ascii=False)


async def test_a_challenge_is_raced_to_its_end_in_its_thread_and_its_result_shows_in_the_channel(tmp_path):
    """Ada challenges, Basil accepts in the page; the race is in its thread, which the places page
    opens; each of them races from their own panel there, by Viewing as; the result and Rematch are
    in the channel."""
    async with session(tmp_path) as (room, _, _, browser):
        ada, basil = room.players[:2]
        tab = await browser.tab("Ada", f"#{CHANNEL}")
        await tab.command("peanuts challenge", friend=str(basil.id))
        challenge = room.channel.last_message
        game_id = int(custom_ids_on(challenge)[0].split(":")[1])
        await tab.view_as(basil)
        await tab.click(f"{custom_ids.ACCEPT}:")
        [thread] = room.channel.threads
        label = f"Thread: {thread.name}"
        assert label in await browser.places("Ada")

        tab = await browser.tab("Ada", label)
        board_id = (await room.bot.service.table(game_id)).message_id
        assert tab.shows(board_id) and "My controls" in tab.shown
        await tab.click(f"{custom_ids.PANEL}:")
        adas_panel = tab.control(f"{custom_ids.SEAT}:")
        assert adas_panel is not None and int(adas_panel[0]) != board_id, "Ada's panel"
        await tab.view_as(basil)
        assert not tab.shows(int(adas_panel[0])), "Basil does not see Ada's panel"

        await race_to_the_end(room, tab, game_id, (ada, basil), steps=400)
        assert "Game over." in tab.shown, "the thread's board shows the end"

        tab = await browser.tab("Ada", f"#{CHANNEL}")
        assert tab.shows(challenge.id) and "Game over." in tab.shown
        assert tab.control(f"{custom_ids.REMATCH}:") is not None, "with Rematch"


async def test_a_daily_deal_is_played_to_its_end_in_the_players_direct_messages(tmp_path):
    async with session(tmp_path) as (room, _, _, browser):
        ada = room.players[0]
        assert (await browser.places("Ada"))["Ada's direct messages"]["messages"] == 0
        tab = await browser.tab("Ada", f"#{CHANNEL}")
        await tab.command("daily peek")
        assert "in your DMs" in tab.shown
        assert (await browser.places("Ada"))["Ada's direct messages"]["messages"] == 1

        tab = await browser.tab("Ada", "Ada's direct messages")
        [table] = dm_tables(ada)
        assert tab.shows(table.id) and "Peek" in tab.shown
        await tab.click(f"{custom_ids.RESIGN}:")
        await tab.click(f"{custom_ids.CONFIRM_RESIGN}:")
        assert "peapod daily Peek" in tab.shown and "Replay" in tab.shown, "the finished deal and its share line"


async def test_the_clock_lets_the_practice_rival_move_and_the_page_shows_it(tmp_path):
    """The simulated clock follows the real one (read from ``moments`` here): the AI's move is made
    and the page republished without anyone clicking (the race is in its thread, or in the channel
    where none opens)."""
    moments = [0.0]
    async with session(tmp_path, lambda: moments[0]) as (room, stage, _, browser):
        await room.players[0].slash(room.channel, "peanuts practice")
        threads = [label for label in await browser.places("Ada") if label.startswith("Thread: ")]
        tab = await browser.tab("Ada", threads[0] if threads else f"#{CHANNEL}")
        panel_button = tab.control(f"{custom_ids.PANEL}:")
        assert panel_button is not None
        board_id = int(panel_button[0])
        dealt = text_of(table_message(room, board_id))
        moments[0] = 30.0
        await stage.clock.step()
        moved = text_of(table_message(room, board_id))
        assert moved != dealt, "the AI moved"
        await tab.reload()
        assert moved.splitlines()[-2] in tab.shown, "and the page shows it"


async def test_a_click_in_the_page_waits_while_the_clock_moves(tmp_path):
    async with session(tmp_path) as (room, stage, _, _):
        preview = await stage.show(room.players[0], DM_PLACE)
        async with stage.clock.lock:
            action = asyncio.create_task(preview._action("no-such-page", {}))
            for _ in range(5):
                await asyncio.sleep(0)
            assert not action.done()
        with pytest.raises(SetupError):
            await action


async def test_the_places_page_answers_only_its_own_link(tmp_path):
    async with session(tmp_path) as (_, _, hub, _):
        base = f"http://127.0.0.1:{hub.port}"
        async with aiohttp.ClientSession() as client:
            async with client.get(f"{base}/") as index:
                assert index.status == 200 and BOT_NAME in await index.text()
            async with client.get(f"{base}/api/places", params={"viewer": "Ada"}) as places:
                assert places.status == 401
            async with client.get(f"{base}/", headers={"Host": "example.com"}) as foreign:
                assert foreign.status == 403


async def test_the_locale_flag_shows_peapod_as_players_of_that_language_see_it(tmp_path):
    """``make play ARGS=--locale=…``: every player and the server read that language, and the page is shown in it
    (the pseudo-locale's page in English, as Discord has no such locale)."""
    async with play_room(tmp_path / "play.db", PSEUDO) as room:
        answer = await room.players[0].slash(room.channel, "language")
        assert answer.response.content.startswith("[ƥêêąąƥööđ šƥêêąąķš qps-ploc ţöö ÿööüü.]")
        assert room.locale == "en-US"
    async with play_room(tmp_path / "german.db", "de") as room:
        assert room.locale == "de"
        assert (await words_of_user(room.bot, room.players[1].id)).locale == "de"
        assert (await public_words(room.bot, room.channel.guild.id)).locale == "de"


async def test_a_race_is_played_to_its_end_in_the_group_dm_on_the_challenge_itself(tmp_path):
    """In the group DM of Ada, Basil and Clover (peapod installed to each, a member of none), Ada challenges
    Basil in the page; Basil accepts there; the race is played on the challenge message (no thread), each racer
    from their own panel, and nothing is posted in the group by the bot itself."""
    async with session(tmp_path) as (room, _, _, browser):
        ada, basil, clover, _ = room.players
        assert group_label(room) in await browser.places("Clover")
        assert group_label(room) not in await browser.places("Dot"), "Dot is not in the group DM"
        tab = await browser.tab("Ada", group_label(room))
        offered = {entry["invocation"] for entry in await tab.commands()}
        assert {"peanuts challenge", "penguin new", "leaderboard"} <= offered and "tournament new" not in offered
        await tab.command("peanuts challenge", friend=str(basil.id))
        [game_id] = await room.bot.service.open_tables(room.group.id, ada.id, "peanuts")
        challenge_id = (await room.bot.service.table(game_id)).message_id
        await tab.view_as(basil)
        await tab.click(f"{custom_ids.ACCEPT}:")
        table = await room.bot.service.table(game_id)
        assert table.place is Place.GROUP_DM and table.thread_id is None and table.message_id == challenge_id

        await race_to_the_end(room, tab, game_id, (ada, basil), steps=600)
        await tab.view_as(clover)
        assert tab.shows(challenge_id) and "Game over." in tab.shown, "the group sees the end on the challenge"
        assert bot_calls_to(room.env, room.group.id) == [] and room.channel.threads == []


async def test_a_patience_is_played_to_its_end_where_peapod_is_only_installed_to_its_player(tmp_path):
    """In a server that never added peapod, Clover deals Peek in the page and plays it to its end there: the
    table is the command's own answer, moved on by each click; its people see it; nothing else is posted."""
    async with session(tmp_path) as (room, _, _, browser):
        clover = room.players[2]
        tab = await browser.tab("Clover", elsewhere_label(room))
        offered = {entry["invocation"] for entry in await tab.commands()}
        assert {"peek new", "daily peek", "rating"} <= offered and "tournament new" not in offered
        await tab.command("peek new")
        [game_id] = await room.bot.service.open_tables(room.elsewhere.id, clover.id, "peek")
        assert (await room.bot.service.table(game_id)).place is Place.SERVER_APP
        player, rng = PeekGreedy(), random.Random(0)
        for _ in range(200):
            if (await room.bot.service.table(game_id)).finished:
                break
            state = PEEK.from_dict((await room.bot.service.parts.tables.load(game_id)).state)
            await tab.click(f"{custom_ids.ACTION}:", f":{player.choose(state, 0, rng).code}")
        table = await room.bot.service.table(game_id)
        assert table.finished and table.outcome is not None, "the deal was played to its end"
        await tab.view_as(room.elsewhere_player(room.players[0]))
        assert tab.shows(table.message_id) and "Peek" in tab.shown, "Ada sees Clover's table"
        assert bot_calls_to(room.env, room.elsewhere.id) == []
