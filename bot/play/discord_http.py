"""A fake of the part of Discord's HTTP API the live race asks (``DISCORD_API_URL``), for tests and ``make play``.

It answers, as Discord does:

- ``POST /oauth2/token`` (form: the app's ``client_id`` and ``client_secret``, ``grant_type=authorization_code``,
  ``code``): a code it knows becomes an access token for its person; anything else is 400 ``invalid_grant``
  (401 ``invalid_client`` for the wrong secret);
- ``GET /users/@me`` (``Authorization: Bearer <token>``): the person holding the token, else 401;
- ``GET /users/{id}`` and ``GET /applications/{app}/activity-instances/{instance}`` (``Authorization: Bot
  <token>``): a person, an instance (its ``location.channel_id`` and ``users``), else 404; 401 for another
  bot's token.

People come from :meth:`FakeDiscord.person` (the play players, a test's users); the code ``mock:<id>`` (or
``mock:<name>``) is each person's, which is what the page's ``DiscordSDKMock`` sends in ``make play``. An
instance is where an Activity was launched (:meth:`FakeDiscord.launched`, told by
:mod:`bot.play.activity`), with the people given; in ``make play`` (``open_instances``) any instance id the
page's mock makes up runs where Play live was pressed last, with every player in it.
"""

import secrets
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.play.activity import Launch


@dataclass
class FakePerson:
    id: int
    name: str
    locale: str = "en-US"


@dataclass
class FakeInstance:
    id: str
    channel_id: int
    guild_id: int | None
    users: set[int] = field(default_factory=set)


class FakeDiscord:
    """The fake (see the module's docstring); ``start()`` serves it on a local port, ``url`` is its base."""

    def __init__(self, *, client_id: int, client_secret: str, bot_token: str, open_instances: bool = False) -> None:
        self.client_id = client_id
        self.client_secret = client_secret
        self.bot_token = bot_token
        self.open_instances = open_instances
        self.people: dict[int, FakePerson] = {}
        self.codes: dict[str, int] = {}
        self.tokens: dict[str, int] = {}
        self.instances: dict[str, FakeInstance] = {}
        self.last_launch: Launch | None = None
        self.requests: list[str] = []
        """Each request as ``"METHOD /path"``, in order (tests count them)."""
        self._runner: web.AppRunner | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def person(self, user_id: int, name: str, locale: str = "en-US") -> str:
        """Add a person; returns the code the page's ``authorize`` would give them."""
        self.people[user_id] = FakePerson(user_id, name, locale)
        self.codes[f"mock:{user_id}"] = user_id
        self.codes[f"mock:{name}"] = user_id
        return f"mock:{user_id}"

    def token_for(self, user_id: int) -> str:
        """An access token for a person (as if they had signed in)."""
        token = secrets.token_urlsafe(16)
        self.tokens[token] = user_id
        return token

    def instance(self, instance_id: str, channel_id: int, users: set[int], guild_id: int | None = None) -> None:
        """An Activity instance running in ``channel_id`` with ``users`` in it."""
        self.instances[instance_id] = FakeInstance(instance_id, channel_id, guild_id, set(users))

    def launched(self, launch: Launch) -> None:
        """An Activity was launched (SimCord's callback 12): its instance runs there, its launcher in it."""
        self.last_launch = launch
        known = self.instances.get(launch.instance_id)
        if known is None:
            self.instance(launch.instance_id, launch.channel_id, {launch.user_id}, launch.guild_id)
        else:
            known.users.add(launch.user_id)

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._log])
        app.router.add_post("/oauth2/token", self._token)
        app.router.add_get("/users/@me", self._me)
        app.router.add_get("/users/{user_id}", self._user)
        app.router.add_get("/applications/{app_id}/activity-instances/{instance_id}", self._instance)
        return app

    async def start(self, port: int = 0) -> str:
        """Serve on a local port; returns the base URL."""
        self._runner = web.AppRunner(self.app(), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        return self.url

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    @web.middleware
    async def _log(self, request: web.Request, handler: Any) -> web.StreamResponse:
        self.requests.append(f"{request.method} {request.path}")
        response: web.StreamResponse = await handler(request)
        return response

    def _person_json(self, person: FakePerson) -> dict[str, Any]:
        return {
            "id": str(person.id),
            "username": person.name.lower(),
            "global_name": person.name,
            "discriminator": "0",
            "avatar": None,
            "locale": person.locale,
        }

    def _check_bot(self, request: web.Request) -> None:
        if request.headers.get("Authorization") != f"Bot {self.bot_token}":
            raise web.HTTPUnauthorized(text='{"message": "401: Unauthorized", "code": 0}')

    async def _token(self, request: web.Request) -> web.Response:
        form = await request.post()
        if form.get("client_id") != str(self.client_id) or form.get("client_secret") != self.client_secret:
            return web.json_response({"error": "invalid_client"}, status=401)
        if form.get("grant_type") != "authorization_code":
            return web.json_response({"error": "unsupported_grant_type"}, status=400)
        user_id = self.codes.get(str(form.get("code")))
        if user_id is None:
            return web.json_response({"error": "invalid_grant"}, status=400)
        token = self.token_for(user_id)
        return web.json_response(
            {"access_token": token, "token_type": "Bearer", "expires_in": 604800, "scope": "identify"}
        )

    async def _me(self, request: web.Request) -> web.Response:
        header = request.headers.get("Authorization", "")
        user_id = self.tokens.get(header.removeprefix("Bearer ")) if header.startswith("Bearer ") else None
        if user_id is None or user_id not in self.people:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return web.json_response(self._person_json(self.people[user_id]))

    async def _user(self, request: web.Request) -> web.Response:
        self._check_bot(request)
        person = (
            self.people.get(int(request.match_info["user_id"])) if request.match_info["user_id"].isdigit() else None
        )
        if person is None:
            return web.json_response({"message": "Unknown User", "code": 10013}, status=404)
        return web.json_response(self._person_json(person))

    async def _instance(self, request: web.Request) -> web.Response:
        self._check_bot(request)
        instance_id = request.match_info["instance_id"]
        if request.match_info["app_id"] != str(self.client_id):
            return web.json_response({"message": "Unknown Application", "code": 10002}, status=404)
        instance = self.instances.get(instance_id)
        if instance is None and self.open_instances and self.last_launch is not None:
            launch = self.last_launch
            instance = FakeInstance(instance_id, launch.channel_id, launch.guild_id, set(self.people))
        if instance is None:
            return web.json_response({"message": "Unknown Activity Instance", "code": 10070}, status=404)
        return web.json_response(
            {
                "application_id": str(self.client_id),
                "instance_id": instance.id,
                "launch_id": str(abs(hash(instance.id)) % 10**18),
                "location": {
                    "id": f"gc-{instance.guild_id}-{instance.channel_id}",
                    "kind": "gc" if instance.guild_id is not None else "pc",
                    "channel_id": str(instance.channel_id),
                    "guild_id": str(instance.guild_id) if instance.guild_id is not None else None,
                },
                "users": [str(user) for user in sorted(instance.users)],
            }
        )
