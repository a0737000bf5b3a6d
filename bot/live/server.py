"""The Activity's web app (``WEB_PORT``): the built page, the code exchange and the race's WebSocket.

Routes (docs/live-protocol.md): ``GET /`` and the static files of ``web/dist`` (a short 503 page when the
client is not built), ``GET /api/config``, ``POST /api/token``, ``GET /api/live`` (the WebSocket).

A socket says hello with its access token and its Activity instance; the server believes neither until
Discord confirms them (who holds the token; where the instance runs and that this person is in it). The race
is the one launched last in the instance's channel: its racers get their seat, anyone else there watches.
A move goes through the table service exactly as a click (the same validation, committed before it is
acknowledged); the views then reach every socket of the race over the store's change notices
(:mod:`bot.live.hub`), and the race's table message is redrawn by the process that owns it, as for a move
made elsewhere (``service.hand_over``).
"""

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from bot.core.errors import NoHintError, ServiceError, StoreUnavailableError
from bot.core.service import TableService
from bot.i18n import ENGLISH, Words, words_for
from bot.i18n.choose import private_locale
from bot.live import words as live_words
from bot.live.discord_api import DiscordApi, Refusal
from bot.live.hub import Hub, Peer
from bot.live.views import KIND
from bot.store import Store, StoreError
from games.errors import PlayerError

log = logging.getLogger(__name__)

CHECKOUT_DIST = Path(__file__).resolve().parents[2] / "web" / "dist"
"""Where ``make web`` puts the built client in a checkout."""


def web_dist() -> Path:
    """The built client: the checkout's (``make run``, ``make play``), else ``web/dist`` in the working directory
    (the image copies it to /home/peapod/web/dist)."""
    return CHECKOUT_DIST if CHECKOUT_DIST.is_dir() else Path("web/dist").resolve()

HELLO_SECONDS = 10.0
"""How long a new socket has to say hello."""
REFUSED = 4003
"""The close code of a refused socket."""
NOT_BUILT = (
    "<!doctype html><meta charset=utf-8><title>peapod live</title>"
    "<p>The Activity's page is not built: run <code>make web</code> (README, “Peanuts live”).</p>"
)
MAX_FRAME = 64 * 1024


@dataclass(frozen=True, slots=True)
class Joined:
    """A socket Discord vouched for: who, in which instance, which race and seat, in which words and deck."""

    user_id: int
    name: str
    instance_id: str
    game_id: int
    seat: int | None
    words: Words
    deck: str
    """The deck the person chose with ``/settings deck:`` (``"standard"`` or ``"four-colour"``)."""


def refusal_text(error: BaseException, words: Words) -> str:
    """The sentence for a refused move or hint, in ``words``; an apology (and a log line) for our own errors."""
    if isinstance(error, PlayerError):
        return words.phrase(error.phrase)
    if isinstance(error, StoreUnavailableError):
        return words(live_words.STORE_DOWN)
    if isinstance(error, ServiceError):
        return words(error.message_id, **error.parts)
    if isinstance(error, Refusal):
        return words(error.message)
    log.error("unexpected error in a live race", exc_info=error)
    return words(live_words.APOLOGY)


class LiveServer:
    """The web app over the table service, the store and Discord's API (see the module's docstring)."""

    def __init__(
        self,
        service: TableService,
        store: Store,
        api: DiscordApi,
        *,
        client_id: int,
        mock: bool = False,
        static: Path | None = None,
        hub: Hub | None = None,
        session: aiohttp.ClientSession | None = None,
    ) -> None:
        self._service = service
        self._api = api
        self._client_id = client_id
        self._mock = mock
        self._static = static if static is not None else web_dist()
        self.hub = hub or Hub(service, store, names=api.name_of)
        self._session = session
        self._runner: web.AppRunner | None = None
        self._redrawing: set[asyncio.Task[None]] = set()
        self.port = 0

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/api/config", self._config)
        app.router.add_post("/api/token", self._token)
        app.router.add_get("/api/live", self._live)
        app.router.add_get("/", self._index)
        if (self._static / "index.html").is_file():
            app.router.add_static("/", self._static, append_version=False)
        return app

    async def start(self, port: int, host: str = "0.0.0.0") -> None:
        """Serve on ``port`` (0: any free port, then in :attr:`port`) and hear the store's change notices."""
        await self.hub.start()
        self._runner = web.AppRunner(self.app(), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None) or ()
        self.port = sockets[0].getsockname()[1] if sockets else port

    async def stop(self) -> None:
        """Close the sockets (their clients reconnect elsewhere) and stop serving."""
        await self.hub.stop()
        if self._runner is not None:
            await self._runner.cleanup()
        await asyncio.gather(*self._redrawing, return_exceptions=True)
        if self._session is not None:
            await self._session.close()

    async def _index(self, request: web.Request) -> web.StreamResponse:
        index = self._static / "index.html"
        if not index.is_file():
            return web.Response(status=503, text=NOT_BUILT, content_type="text/html")
        return web.FileResponse(index)

    async def _config(self, request: web.Request) -> web.Response:
        return web.json_response({"client_id": str(self._client_id), "mock": self._mock})

    async def _token(self, request: web.Request) -> web.Response:
        try:
            body = await request.json()
        except ValueError:
            body = None
        code = body.get("code") if isinstance(body, dict) else None
        if not isinstance(code, str) or not code or len(code) > 512:
            return web.json_response({"error": ENGLISH(live_words.BAD_CODE)}, status=400)
        try:
            token = await self._api.exchange(code)
        except Refusal as refusal:
            status = 502 if refusal.message == live_words.DISCORD_DOWN else 400
            return web.json_response({"error": ENGLISH(refusal.message)}, status=status)
        return web.json_response({"access_token": token})

    async def _live(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=MAX_FRAME)
        await ws.prepare(request)
        try:
            joined = await self._hello(ws)
        except Refusal as refusal:
            await self._refuse(ws, refusal, ENGLISH)
            return ws
        except StoreError as error:
            if not isinstance(error, StoreUnavailableError):
                log.exception("could not check a live socket's hello")
            await self._refuse(ws, Refusal(live_words.STORE_DOWN), ENGLISH)
            return ws
        peer = Peer(
            game_id=joined.game_id,
            user_id=joined.user_id,
            seat=joined.seat,
            words=joined.words,
            send=ws.send_str,
            close=lambda code: ws.close(code=code),
            heard=self.hub.clock(),
        )
        try:
            await self._welcome(ws, joined, peer)
            async for message in ws:
                if message.type is not aiohttp.WSMsgType.TEXT:
                    break
                self.hub.heard(peer)
                await self._answer(ws, peer, message.data)
        finally:
            await self.hub.leave(peer)
        return ws

    async def _hello(self, ws: web.WebSocketResponse) -> Joined:
        try:
            message = await ws.receive(timeout=HELLO_SECONDS)
        except TimeoutError:
            raise Refusal(live_words.BAD_HELLO) from None
        hello = _frame(message)
        token, instance_id = hello.get("access_token"), hello.get("instance_id")
        if hello.get("type") != "hello" or not isinstance(token, str) or not isinstance(instance_id, str):
            raise Refusal(live_words.BAD_HELLO)
        if not token or not instance_id or len(instance_id) > 100:
            raise Refusal(live_words.BAD_HELLO)
        return await self.join(token, instance_id)

    async def join(self, access_token: str, instance_id: str) -> Joined:
        """Who the socket is and which race it joins, as Discord and the database say. Raises Refusal."""
        person = await self._api.me(access_token)
        instance = await self._api.instance(instance_id)
        if person.id not in instance.users:
            raise Refusal(live_words.NOT_IN_INSTANCE)
        launch = await self._service.live_race(instance.channel_id)
        if launch is None:
            raise Refusal(live_words.NO_RACE)
        try:
            table = await self._service.table(launch.game_id)
        except ServiceError:
            raise Refusal(live_words.NO_RACE) from None
        if table.kind != KIND:
            raise Refusal(live_words.NOT_A_RACE)
        await self._service.live_joined(instance.id, launch)
        chosen = (await self._service.user_language(person.id)).chosen
        words = words_for(private_locale(chosen, person.locale))
        deck = (await self._service.user_settings(person.id)).deck
        seat = table.players.index(person.id) if person.id in table.players else None
        self.hub.known(person.id, person.name)
        return Joined(person.id, person.name, instance.id, launch.game_id, seat, words, deck)

    async def _refuse(self, ws: web.WebSocketResponse, refusal: Refusal, words: Words) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await ws.send_json({"type": "refused", "reason": words(refusal.message)})
        await ws.close(code=REFUSED)

    async def _welcome(self, ws: web.WebSocketResponse, joined: Joined, peer: Peer) -> None:
        table = await self._service.table(joined.game_id)
        names = await self.hub.names(table, joined.words)
        await ws.send_json(
            {
                "type": "welcome",
                "game": joined.game_id,
                "seat": joined.seat,
                "user": {"id": str(joined.user_id), "name": joined.name},
                "names": names,
                "lang": joined.words.locale,
                "words": live_words.labels(joined.words),
                "hints": self._service.offers_hints(table.kind),
                "deck": joined.deck,
            }
        )
        await self.hub.join(peer, joined.instance_id)

    async def _answer(self, ws: web.WebSocketResponse, peer: Peer, data: str) -> None:
        try:
            frame = _frame(data)
        except Refusal as refusal:
            await ws.send_json({"type": "refused", "reason": peer.words(refusal.message)})
            return
        kind, ident = frame.get("type"), frame.get("id")
        if kind == "ping":
            await ws.send_json({"type": "pong"})
        elif kind == "move":
            await ws.send_json(await self.move(peer, ident, frame.get("code")))
        elif kind == "hint":
            await ws.send_json(await self.hint(peer, ident))
        else:
            await ws.send_json({"type": "refused", "id": ident, "reason": peer.words(live_words.NOT_UNDERSTOOD)})

    async def move(self, peer: Peer, ident: Any, code: Any) -> dict[str, Any]:
        """Play ``code`` for the socket's racer, as a click would; the answer frame (ack once saved, or why not)."""
        if peer.seat is None:
            return {"type": "refused", "id": ident, "reason": peer.words(live_words.WATCHING)}
        if not isinstance(code, str) or not code or len(code) > 60:
            return {"type": "refused", "id": ident, "reason": peer.words(live_words.NOT_UNDERSTOOD)}
        self.hub.moving(peer.game_id)
        table = None
        try:
            table = await self._service.act(peer.game_id, peer.user_id, code)
        except Exception as error:  # noqa: BLE001 - every refusal is a sentence; ours are logged
            return {"type": "refused", "id": ident, "reason": refusal_text(error, peer.words)}
        finally:
            if table is None:
                self.hub.not_moved(peer.game_id)  # refused, or cancelled with its socket
        self.hub.moved(table)
        self._redraw(peer.game_id)
        return {"type": "ack", "id": ident, "version": table.version}

    async def hint(self, peer: Peer, ident: Any) -> dict[str, Any]:
        """A good move for the socket's racer and why (the same hint as the table's Hint button)."""
        if peer.seat is None:
            return {"type": "refused", "id": ident, "reason": peer.words(live_words.WATCHING)}
        words = peer.words
        try:
            hint = await self._service.hint(peer.game_id, peer.user_id)
        except NoHintError as error:
            return {"type": "hint", "id": ident, "code": None, "text": refusal_text(error, words)}
        except Exception as error:  # noqa: BLE001
            return {"type": "refused", "id": ident, "reason": refusal_text(error, words)}
        if hint is None:
            return {"type": "hint", "id": ident, "code": None, "text": live_words.plain(words(live_words.NO_HINT))}
        text = words(live_words.HINT, move=words.phrase(hint.action.phrase), why=words.phrase(hint.why))
        return {"type": "hint", "id": ident, "code": hint.action.code, "text": live_words.plain(text)}

    def _redraw(self, game_id: int) -> None:
        """The race's table message follows: handed to the process that owns its channel, as any redraw."""
        task = asyncio.create_task(self._hand_over(game_id), name="peapod-live-redraw")
        self._redrawing.add(task)
        task.add_done_callback(self._redrawing.discard)

    async def _hand_over(self, game_id: int) -> None:
        try:
            await self._service.hand_over(game_id)
        except Exception:
            log.warning("could not ask for live race %s's table to be redrawn", game_id, exc_info=True)


def _frame(message: Any) -> dict[str, Any]:
    """A client's JSON frame (a text message, or its data). Raises Refusal for anything else."""
    data = getattr(message, "data", message)
    if getattr(message, "type", aiohttp.WSMsgType.TEXT) is not aiohttp.WSMsgType.TEXT or not isinstance(data, str):
        raise Refusal(live_words.BAD_HELLO)
    try:
        frame = json.loads(data)
    except ValueError:
        raise Refusal(live_words.NOT_UNDERSTOOD) from None
    if not isinstance(frame, dict):
        raise Refusal(live_words.NOT_UNDERSTOOD)
    return frame


async def serve(
    service: TableService,
    store: Store,
    *,
    port: int,
    api_url: str,
    client_id: int,
    client_secret: str,
    bot_token: str,
    mock: bool = False,
    static: Path | None = None,
    host: str = "0.0.0.0",
) -> LiveServer:
    """Start the Activity's web app on ``port`` (``python -m bot`` and ``make play``); stop it with ``stop()``."""
    session = aiohttp.ClientSession()
    api = DiscordApi(session, api_url, client_id=client_id, client_secret=client_secret, bot_token=bot_token)
    server = LiveServer(service, store, api, client_id=client_id, mock=mock, static=static, session=session)
    try:
        await server.start(port, host)
    except BaseException:
        await server.stop()
        raise
    return server
