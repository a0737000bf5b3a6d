"""What the live race asks of Discord's HTTP API (``DISCORD_API_URL``; a fake in tests and ``make play``).

- the OAuth2 code exchange (``POST /oauth2/token``, with the application's id and client secret): the code
  the Embedded App SDK's ``authorize`` gave the page becomes an access token;
- who holds an access token (``GET /users/@me``, as that bearer);
- where an Activity instance runs and who is in it (``GET /applications/{app}/activity-instances/{id}``,
  as the bot): a socket is only believed about its instance when Discord says so;
- a player's name (``GET /users/{id}``, as the bot), for the names over the layouts.

Every refusal is a :class:`Refusal` carrying the message id of a sentence for people.
"""

import logging
from dataclasses import dataclass
from typing import Any

import aiohttp

from bot.live import words

log = logging.getLogger(__name__)

TIMEOUT = aiohttp.ClientTimeout(total=5)
"""How long one request to Discord may take."""


class Refusal(Exception):
    """A request the live race refuses; ``message`` is the message id of the sentence saying why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class Person:
    """Who holds an access token."""

    id: int
    name: str
    locale: str | None = None


@dataclass(frozen=True, slots=True)
class Instance:
    """An Activity instance: the channel it runs in and the people in it."""

    id: str
    channel_id: int
    users: frozenset[int]


def _name(user: dict[str, Any]) -> str:
    return str(user.get("global_name") or user.get("username") or user.get("id"))


class DiscordApi:
    """The calls to Discord the live race makes, over one aiohttp session."""

    def __init__(
        self, session: aiohttp.ClientSession, base_url: str, *, client_id: int, client_secret: str, bot_token: str
    ) -> None:
        self._session = session
        self._base = base_url.rstrip("/")
        self._client_id = client_id
        self._client_secret = client_secret
        self._bot = {"Authorization": f"Bot {bot_token}"}

    async def _get(self, path: str, headers: dict[str, str], missing: str) -> dict[str, Any]:
        try:
            async with self._session.get(self._base + path, headers=headers, timeout=TIMEOUT) as response:
                if response.status in (401, 403, 404):
                    raise Refusal(missing)
                if response.status >= 400:
                    log.warning("Discord answered %s to GET %s", response.status, path.split("/")[1])
                    raise Refusal(words.DISCORD_DOWN)
                data = await response.json()
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            log.warning("could not ask Discord (%s)", type(error).__name__)
            raise Refusal(words.DISCORD_DOWN) from error
        if not isinstance(data, dict):
            raise Refusal(words.DISCORD_DOWN)
        return data

    async def exchange(self, code: str) -> str:
        """The access token for a code the page's ``authorize`` got. Raises Refusal."""
        form = {
            "client_id": str(self._client_id),
            "client_secret": self._client_secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        try:
            async with self._session.post(self._base + "/oauth2/token", data=form, timeout=TIMEOUT) as response:
                if 400 <= response.status < 500:
                    raise Refusal(words.BAD_CODE)
                if response.status >= 500:
                    raise Refusal(words.DISCORD_DOWN)
                data = await response.json()
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            log.warning("could not exchange a code with Discord (%s)", type(error).__name__)
            raise Refusal(words.DISCORD_DOWN) from error
        token = data.get("access_token") if isinstance(data, dict) else None
        if not isinstance(token, str) or not token:
            raise Refusal(words.BAD_CODE)
        return token

    async def me(self, access_token: str) -> Person:
        """Who holds ``access_token``. Raises Refusal."""
        user = await self._get("/users/@me", {"Authorization": f"Bearer {access_token}"}, words.BAD_TOKEN)
        try:
            return Person(int(user["id"]), _name(user), user.get("locale"))
        except (KeyError, TypeError, ValueError) as error:
            raise Refusal(words.BAD_TOKEN) from error

    async def instance(self, instance_id: str) -> Instance:
        """Where an Activity instance runs and who is in it. Raises Refusal (no such instance: a forged id)."""
        path = f"/applications/{self._client_id}/activity-instances/{instance_id}"
        data = await self._get(path, self._bot, words.NO_INSTANCE)
        try:
            return Instance(
                str(data["instance_id"]),
                int(data["location"]["channel_id"]),
                frozenset(int(user) for user in data.get("users") or ()),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise Refusal(words.NO_INSTANCE) from error

    async def name_of(self, user_id: int) -> str | None:
        """A user's name as Discord shows it, or None when Discord does not say."""
        try:
            return _name(await self._get(f"/users/{user_id}", self._bot, words.DISCORD_DOWN))
        except Refusal:
            return None
