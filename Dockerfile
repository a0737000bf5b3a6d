# peapod: two stages, a slim runtime, a non-root user, the SQLite database on a volume.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY games games
COPY render render
COPY bot bot
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
RUN groupadd --gid 10001 peapod && useradd --create-home --uid 10001 --gid 10001 peapod
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/* && rm -rf /wheels && mkdir /data && chown peapod:peapod /data
USER peapod
WORKDIR /home/peapod
ENV DATABASE_PATH=/data/peapod.db METRICS_PORT=9100
VOLUME ["/data"]
# The Activity's page (Peanuts live) as `make web` built it; without a build the [t] matches nothing and the
# web app answers its page with a 503 that says to build it.
COPY --chown=peapod:peapod web/dis[t] /home/peapod/web/dist
# /metrics, /healthz and /readyz (README, "Metrics and health"); live means the event loop answers.
EXPOSE 9100
# The Activity (Peanuts live), when WEB_PORT=8080 and the application's id and secret are set.
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["python", "-m", "bot.ops.probe", "healthz"]
CMD ["python", "-m", "bot"]
