"""The launcher's own small page: choose a player and a place, and the SimCord page opens there.

It serves on loopback only, and like SimCord's page it trusts a request only with the random token
of the link printed in the terminal (sent by the page as a header) and a local ``Host``.
"""

import html
import secrets
from dataclasses import asdict

from aiohttp import web
from simcord.actors import MemberActor

from bot.play.live import PlayLive
from bot.play.room import BOT_NAME, PlayRoom
from bot.play.stage import Stage, places

TOKEN_HEADER = "X-Peapod-Token"

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>peapod play</title>
<style>
body { background: #313338; color: #dbdee1; font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 36rem; }
h1 { font-size: 1.4rem; } label, p { color: #b5bac1; }
select, button { font: inherit; background: #1e1f22; color: #f2f3f5; border: 1px solid #4e5058; border-radius: 4px; }
ul { list-style: none; padding: 0; }
button.place { width: 100%; text-align: left; margin: .25rem 0; padding: .5rem .75rem; cursor: pointer; }
button.place:hover { background: #404249; }
.count { float: right; color: #949ba4; }
</style></head><body>
<h1>__BOT__: play without Discord</h1>
<p>Pick who you are and where to look. The page that opens is a Discord-like channel: type <b>/</b>
for the commands, switch players with <b>Viewing as</b>, and come back here (the browser's Back
button) to open a race's thread, a player's direct messages, the group DM, or a server that never
added peapod (where each player installed it to themselves: it answers there through the interaction alone).</p>
<label>Viewing as <select id="viewer">__OPTIONS__</select></label>
<p id="live" hidden><a id="live-link" target="_blank" rel="noopener">Open Peanuts live</a>: the race launched
with <b>Play live</b>, as this player, in a tab of its own (one tab a racer; any other player watches).</p>
<ul id="places"></ul>
<p id="status" role="status"></p>
<script>
const token = location.hash.slice(1);
const viewer = document.getElementById("viewer");
const list = document.getElementById("places");
viewer.value = sessionStorage.getItem("peapod-viewer") || viewer.value;
async function call(path, body) {
  const response = await fetch(path, {method: body ? "POST" : "GET", headers: {"X-Peapod-Token": token,
    "Content-Type": "application/json"}, body: body ? JSON.stringify(body) : undefined});
  if (!response.ok) throw new Error(await response.text());
  return response.json();
}
async function show() {
  let shown;
  try { shown = await call("/api/places?viewer=" + encodeURIComponent(viewer.value)); }
  catch (error) { document.getElementById("status").textContent = "peapod play is not answering."; return; }
  document.getElementById("status").textContent = "";
  document.getElementById("live").hidden = !shown.live;
  if (shown.live) {
    const link = document.getElementById("live-link");
    link.href = shown.live;
    link.textContent = "Open Peanuts live as " + viewer.value;
  }
  list.replaceChildren(...shown.places.map((place) => {
    const item = document.createElement("li");
    const open = Object.assign(document.createElement("button"), {className: "place", textContent: place.label});
    open.append(Object.assign(document.createElement("span"), {className: "count",
      textContent: place.messages + (place.messages === 1 ? " message" : " messages")}));
    open.addEventListener("click", async () => {
      try {
        location.assign((await call("/api/show", {viewer: viewer.value, place: place.key})).url);
      } catch (error) {
        document.getElementById("status").textContent = "Could not open it: " + error.message;
      }
    });
    item.append(open);
    return item;
  }));
}
viewer.addEventListener("change", () => { sessionStorage.setItem("peapod-viewer", viewer.value); show(); });
window.addEventListener("pageshow", show);
setInterval(show, 2000);
</script></body></html>
"""


class Hub:
    """The places page of one play session; ``url`` is a credential, like the Preview's."""

    def __init__(self, room: PlayRoom, stage: Stage, port: int | None = None, live: PlayLive | None = None) -> None:
        self._room = room
        self._stage = stage
        self._live = live
        self._port = port or 0
        self._token = secrets.token_urlsafe(32)
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/#{self._token}"

    async def __aenter__(self) -> "Hub":
        app = web.Application()
        app.router.add_get("/", self._index)
        app.router.add_get("/api/places", self._places)
        app.router.add_post("/api/show", self._show)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self._port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    def _local(self, request: web.Request) -> None:
        if request.headers.get("Host") not in {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}:
            raise web.HTTPForbidden()

    def _trusted(self, request: web.Request) -> None:
        self._local(request)
        if not secrets.compare_digest(request.headers.get(TOKEN_HEADER, ""), self._token):
            raise web.HTTPUnauthorized()

    def _player(self, name: object) -> MemberActor:
        try:
            return self._room.player(str(name))
        except ValueError:
            raise web.HTTPBadRequest(text="no such player") from None

    async def _index(self, request: web.Request) -> web.Response:
        self._local(request)
        options = "".join(
            f'<option value="{html.escape(player.name)}">{html.escape(player.name)}</option>'
            for player in self._room.players
        )
        page = _PAGE.replace("__BOT__", BOT_NAME).replace("__OPTIONS__", options)
        return web.Response(text=page, content_type="text/html", headers={"Cache-Control": "no-store"})

    async def _places(self, request: web.Request) -> web.Response:
        self._trusted(request)
        player = self._player(request.query.get("viewer"))
        return web.json_response(
            {"places": [asdict(place) for place in places(self._room, player)], "live": self._live_url(player)}
        )

    def _live_url(self, player: MemberActor) -> str | None:
        """The Activity's page as ``player`` sees it, once Play live was pressed on a race; else None."""
        if self._live is None or self._live.fake.last_launch is None:
            return None
        return self._live.url_for(player.name)

    async def _show(self, request: web.Request) -> web.Response:
        self._trusted(request)
        body = await request.json()
        if not isinstance(body, dict):
            raise web.HTTPBadRequest(text="a JSON object is needed")
        player = self._player(body.get("viewer"))
        try:
            preview = await self._stage.show(player, str(body.get("place")))
        except ValueError as exc:
            raise web.HTTPBadRequest(text=str(exc)) from None
        return web.json_response({"url": preview.url})
