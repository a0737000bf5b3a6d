"""Peanuts live (#34): the race as a Discord Activity, served by the bot's web app.

Another front end of the same core (ARCHITECTURE.md, "The live race"): the web client in ``web/`` draws
what this server sends and sends moves; the moves go through the table service exactly as clicks do, and
the views reach every socket of a race, on any process, over the store's change notices. Discord-free:
Discord is only asked over HTTP (the code exchange, who the player is, where the Activity runs).

- :mod:`bot.live.words`: the sentences and labels the client shows, in the reader's language;
- :mod:`bot.live.discord_api`: the calls to Discord's HTTP API;
- :mod:`bot.live.views`: a race's view as the client draws it, for a racer or a spectator;
- :mod:`bot.live.hub`: the sockets of this process, the change notices, the heartbeat;
- :mod:`bot.live.server`: the aiohttp app (the page, ``/api/config``, ``/api/token``, ``/api/live``).

The protocol between the server and the client is docs/live-protocol.md.
"""
