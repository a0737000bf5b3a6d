# peapod: three stages (the Activity's page built with Node, the Python wheels, and a slim runtime that gets
# only the results), a non-root user, the SQLite database on a volume. Builds from a fresh checkout.

# The Activity's page (Peanuts live), as `make web` builds it: the locked packages (npm ci), then esbuild.
# Node is pinned by version, an LTS line still maintained; it only builds, the runtime has no Node.
FROM node:24.20.0-trixie-slim AS web
WORKDIR /web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY web/index.html web/style.css ./
COPY web/src src
RUN npm run --silent build

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
# The built page, owned by root and only readable by the bot: it serves the files, it never writes them.
COPY --from=web /web/dist /home/peapod/web/dist
USER peapod
WORKDIR /home/peapod
ENV DATABASE_PATH=/data/peapod.db METRICS_PORT=9100
VOLUME ["/data"]
# /metrics, /healthz and /readyz (README, "Metrics and health"); live means the event loop answers.
EXPOSE 9100
# The Activity (Peanuts live), when WEB_PORT=8080 and the application's id and secret are set.
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["python", "-m", "bot.ops.probe", "healthz"]
CMD ["python", "-m", "bot"]
