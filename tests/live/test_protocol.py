"""The live race's server (docs/live-protocol.md) against a fake of Discord's HTTP: the code exchange, the
checks of who a socket is and where its Activity runs (and the refusals), moves through the core, the views
every socket gets, spectators, reconnecting, the heartbeat, and the race's end."""

import random

import pytest

from bot.live.hub import GONE, SILENT_SECONDS
from bot.live.server import REFUSED
from games.ai.peanuts_ai import GreedyPlayer
from games.ai.registry import HINTS
from games.peanuts import GAME

from .conftest import ANN, BOB, CAT, CHANNEL, DAN, SECRET, Live, Socket


async def test_the_code_exchange_gives_a_token_and_refuses_a_bad_code(live: Live):
    code = live.fake.person(ANN, "Ann")
    async with live.session.post(live.url + "/api/token", json={"code": code}) as response:
        assert response.status == 200
        token = (await response.json())["access_token"]
    assert live.fake.tokens[token] == ANN
    async with live.session.post(live.url + "/api/token", json={"code": "forged"}) as response:
        assert response.status == 400
        assert "sign-in code" in (await response.json())["error"]
    async with live.session.post(live.url + "/api/token", data=b"not json") as response:
        assert response.status == 400
    async with live.session.get(live.url + "/api/config") as response:
        assert await response.json() == {"client_id": "555", "mock": False}


async def test_a_wrong_client_secret_is_refused_by_discord(live: Live):
    live.fake.client_secret = SECRET + "-rotated"
    async with live.session.post(live.url + "/api/token", json={"code": f"mock:{ANN}"}) as response:
        assert response.status == 400


async def test_the_page_says_plainly_when_it_is_not_built(live: Live, tmp_path):
    live.server._static = tmp_path / "nothing"
    async with live.session.get(live.url + "/") as response:
        assert response.status == 503
        assert "make web" in await response.text()


async def refused(socket) -> str:
    frame = await socket.frame()
    assert frame["type"] == "refused", frame
    closed = await socket.frame()
    assert closed == {"type": "closed", "code": REFUSED}
    return frame["reason"]


async def test_a_bad_token_a_forged_instance_and_an_outsider_are_refused(live: Live):
    await live.race()
    ws = await live.session.ws_connect(live.url + "/api/live")
    await ws.send_json({"type": "hello", "access_token": "forged", "instance_id": "i-1"})
    assert "sign-in" in await refused(Socket(ws))
    assert "no such Activity" in await refused(await live.connect(ANN, instance="i-forged"))
    assert "not in this Activity" in await refused(await live.connect(DAN))
    ws = await live.session.ws_connect(live.url + "/api/live")
    await ws.send_json({"type": "move", "id": 1, "code": "t"})
    assert "did not say who you are" in await refused(Socket(ws))


async def test_an_activity_where_no_race_was_launched_is_refused(live: Live):
    await live.race(launch=False)
    assert "press Play live" in await refused(await live.connect(ANN))


async def test_racers_join_with_their_seat_and_a_move_reaches_the_other_racer(live: Live):
    game_id = await live.race()
    ann, bob = await live.connect(ANN), await live.connect(BOB)
    (welcome, view), (bob_welcome, bob_view) = await ann.joined(), await bob.joined()
    assert welcome["seat"] == 0 and bob_welcome["seat"] == 1 and welcome["game"] == game_id
    assert welcome["names"] == ["Ann", "Bob"] and welcome["words"]["title"] == "Peanuts live"
    assert welcome["user"] == {"id": str(ANN), "name": "Ann"}
    assert view["seat"] == 0 and view["legal"] and not view["over"]
    assert {"code": "t", "kind": "turn"} in view["legal"]
    stock = view["players"][0]["stock"]
    await ann.send(type="move", id=7, code="t")
    assert (await ann.until("ack")) == {"type": "ack", "id": 7, "version": view["version"] + 1}
    seen = await bob.view_at_least(view["version"] + 1)
    assert seen["players"][0]["stock"] == stock - 3 and seen["seat"] == 1
    assert (await live.service.table(game_id)).version == view["version"] + 1, "saved before the ack"
    assert bob_view["players"][0]["name"] == "Ann"


async def test_a_refused_move_gets_a_sentence_and_changes_nothing(live: Live):
    game_id = await live.race()
    ann = await live.connect(ANN)
    _, view = await ann.joined()
    await ann.send(type="move", id=3, code="c1.KS>b+")
    frame = await ann.until("refused")
    assert frame["id"] == 3 and frame["reason"] and "Traceback" not in frame["reason"]
    await ann.send(type="move", id=4, code="nonsense!")
    assert (await ann.until("refused"))["id"] == 4
    assert (await live.service.table(game_id)).version == view["version"]
    await ann.send(type="hint", id=5)
    hint = await ann.until("hint")
    assert hint["id"] == 5 and hint["code"] is None and hint["text"]


@pytest.mark.parametrize("hints", [HINTS, {**HINTS, "peanuts": lambda state: None}], ids=["registry", "hinter"])
async def test_the_welcome_says_whether_the_race_gives_hints_as_the_hint_registry_does(live: Live, hints):
    await live.race()
    welcome, _ = await (await live.connect(ANN)).joined()
    assert welcome["hints"] is ("peanuts" in hints)
    if hints is HINTS:
        assert welcome["hints"] is False  # the bot's own registry has no Peanuts hinter: the page shows no Hint


async def test_the_welcome_carries_the_deck_each_person_chose(live: Live):
    await live.race()
    await live.service.choose_deck(BOB, "four-colour")
    await live.service.choose_deck(CAT, "four-colour")
    await live.service.choose_deck(CAT, "standard")
    decks = {}
    for user_id in (ANN, BOB, CAT):
        welcome, _ = await (await live.connect(user_id)).joined()
        decks[user_id] = welcome["deck"]
    assert decks == {ANN: "standard", BOB: "four-colour", CAT: "standard"}


async def test_a_spectator_sees_no_hidden_card_and_cannot_move(live: Live):
    game_id = await live.race()
    cat = await live.connect(CAT)
    welcome, view = await cat.joined()
    assert welcome["seat"] is None and view["seat"] is None and view["legal"] == []
    record = await live.service.parts.tables.load(game_id)
    state = GAME.from_dict(record.state)
    shown = repr(view)
    for layout in state.players:
        hidden = [*layout.stock, *layout.peanut[:-1], *layout.waste[: -max(layout.fan, 1)]]
        for card in hidden:
            assert f"'{card.code}{card.deck}'" not in shown, f"{card} is hidden"
    for player in view["players"]:
        assert set(player["peanut"]) == {"top", "count"} and isinstance(player["stock"], int)
    await cat.send(type="move", id=1, code="t")
    assert "watching" in (await cat.until("refused"))["reason"]


async def test_a_racer_of_another_race_watches_this_one(live: Live):
    await live.race(players=(ANN, BOB))
    await live.race(players=(CAT, DAN), seed=8)  # launched last in channel 20: the Activity there shows it
    welcome, _ = await (await live.connect(ANN)).joined()
    assert welcome["seat"] is None


async def test_a_racer_who_reconnects_gets_their_seat_and_the_latest_view(live: Live):
    game_id = await live.race()
    ann = await live.connect(ANN)
    await ann.joined()
    await ann.send(type="move", id=1, code="t")
    await ann.until("ack")
    await ann.close()
    again = await live.connect(ANN)
    welcome, view = await again.joined()
    assert welcome["seat"] == 0 and view["version"] == (await live.service.table(game_id)).version
    assert len(await live.store.live_sockets(game_id)) == 1, "the closed socket's row is gone"
    assert await live.store.instance_games("i-1") == [game_id]


async def test_a_silent_socket_is_closed_after_thirty_seconds_and_a_pinging_one_is_not(live: Live):
    game_id = await live.race()
    ann, bob = await live.connect(ANN), await live.connect(BOB)
    await ann.joined()
    await bob.joined()
    live.clock.now += SILENT_SECONDS - 5
    await bob.send(type="ping")
    assert await bob.until("pong") == {"type": "pong"}
    live.clock.now += 10
    assert await live.server.hub.reap() == 1
    assert await ann.until("closed") == {"type": "closed", "code": GONE}
    assert [socket.user_id for socket in await live.store.live_sockets(game_id)] == [BOB]


async def test_a_move_made_elsewhere_reaches_the_sockets(live: Live):
    """The call the board's buttons make (``service.act``) is heard over the store's change notice."""
    game_id = await live.race()
    bob = await live.connect(BOB)
    _, view = await bob.joined()
    await live.service.act(game_id, ANN, "t")
    assert (await bob.view_at_least(view["version"] + 1))["players"][0]["waste"]["count"] == 3


async def test_a_race_played_live_to_its_end_stores_its_result_and_ratings(live: Live):
    game_id = await live.race(seed=3)
    sockets = {0: await live.connect(ANN), 1: await live.connect(BOB)}
    latest = {seat: (await socket.joined())[1] for seat, socket in sockets.items()}
    player, rng = GreedyPlayer(), random.Random(3)
    for step in range(600):
        record = await live.service.parts.tables.load(game_id)
        if record.status == "finished":
            break
        seat = step % 2
        action = player.choose(GAME.from_dict(record.state), seat, rng)
        if action is None:
            continue
        await sockets[seat].send(type="move", id=step, code=action.code)
        while (frame := await sockets[seat].frame()).get("id") != step:
            assert frame["type"] == "view", frame
            latest[seat] = frame
        assert frame["type"] in ("ack", "refused"), frame
    table = await live.service.table(game_id)
    assert table.finished
    for seat, socket in sockets.items():
        if latest[seat]["version"] < table.version:
            latest[seat] = await socket.view_at_least(table.version)
        last = latest[seat]
        assert last["over"] and last["outcome"]["text"] and last["legal"] == [] and last["seat"] == seat
    assert len(await live.store.results(game_id)) == 2
    ratings = await live.store.ratings(10, "peanuts", [ANN, BOB])
    assert set(ratings) == {ANN, BOB} and all(rating.games == 1 for rating in ratings.values())
    assert table.channel_id == CHANNEL


async def test_nonsense_frames_are_answered_not_fatal(live: Live):
    await live.race()
    ann = await live.connect(ANN)
    await ann.joined()
    await ann.ws.send_str("not json")
    assert (await ann.until("refused"))["reason"]
    await ann.send(type="dance", id=9)
    assert (await ann.until("refused"))["id"] == 9
    await ann.send(type="ping")
    assert await ann.until("pong")


async def test_the_built_page_and_its_files_are_served(live: Live, tmp_path):
    built = tmp_path / "dist"
    built.mkdir()
    (built / "index.html").write_text("<!doctype html><title>peapod live</title>", encoding="utf-8")
    (built / "app.js").write_text("console.log('race');", encoding="utf-8")
    await live.server.stop()
    live.server._static = built
    await live.server.start(0, "127.0.0.1")
    async with live.session.get(live.url + "/") as response:
        assert response.status == 200 and "peapod live" in await response.text()
    async with live.session.get(live.url + "/app.js") as response:
        assert response.status == 200 and "race" in await response.text()
    async with live.session.get(live.url + "/../secret") as response:
        assert response.status == 404


async def test_a_move_made_here_is_sent_from_the_table_it_saved_and_its_notice_sends_nothing_more(live: Live):
    game_id = await live.race()
    ann, bob = await live.connect(ANN), await live.connect(BOB)
    _, view = await ann.joined()
    await bob.joined()
    await live.server.hub.idle()
    loads = []
    table = live.service.table

    async def counted(*args, **kwargs):
        loads.append(args)
        return await table(*args, **kwargs)

    live.service.table = counted
    await ann.send(type="move", id=1, code="t")
    await bob.view_at_least(view["version"] + 1)
    await live.service.act(game_id, BOB, "t")  # made elsewhere: its notice loads the game
    await ann.view_at_least(view["version"] + 2)
    assert loads == [(game_id,)], "one load: for the move made elsewhere only"
