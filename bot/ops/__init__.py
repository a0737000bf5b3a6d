"""Running the bot as a service: Prometheus metrics, the health checks, and log lines for collectors.

- :mod:`bot.ops.metrics`: the process's metrics, defined once, and the small calls that move them;
- :mod:`bot.ops.server`: one HTTP app serving ``/metrics``, ``/healthz`` and ``/readyz``;
- :mod:`bot.ops.bot_checks`: what that server asks of a running bot (shards, database, games running);
- :mod:`bot.ops.probe`: the command Docker and compose run to ask it;
- :mod:`bot.ops.logs`: text or JSON log lines that carry the shard, guild and game they concern;
- :mod:`bot.ops.failures`: failures said in one line per cause, with no traceback (readiness, DMs, answers);
- :mod:`bot.ops.intake`: which clicks are taken on, and which are shed as busy as they enter.
"""
