"""The Dockerfile's HEALTHCHECK and compose.yaml's bot services ask the bot's own health checks; the image builds
the Activity's page itself (a Node stage, as `make web`) and runs as its own user."""

import re
from pathlib import Path

import yaml

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[2]
WEB_PORT = "8080"
"""The Activity's web port in the image and in compose.yaml (WEB_PORT in .env)."""


def test_the_image_serves_metrics_and_checks_it_is_live():
    lines = (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines()
    (env,) = [line for line in lines if line.startswith("ENV ")]
    port = dict(pair.split("=", 1) for pair in env.split()[1:])["METRICS_PORT"]
    assert f"EXPOSE {port}" in lines
    (check,) = [line for line in lines if line.startswith("HEALTHCHECK ")]
    assert check.endswith('CMD ["python", "-m", "bot.ops.probe", "healthz"]')


def test_every_bot_service_checks_it_is_ready_and_sets_only_settings_the_bot_reads():
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    bots = {name: service for name, service in compose["services"].items() if name.startswith("bot")}
    assert bots
    read = {name.upper() for name in Settings.model_fields}
    for service in bots.values():
        assert service["healthcheck"]["test"] == ["CMD", "python", "-m", "bot.ops.probe", "readyz"]
        assert set(service["environment"]) <= read
        ports = {service["environment"]["METRICS_PORT"], WEB_PORT}
        assert all(mapping.rsplit(":", 1)[1] in ports for mapping in service["ports"])
        assert service["environment"]["WEB_PORT"] == "${WEB_PORT:+8080}", "the Activity only where .env enables it"


def stages() -> dict[str, list[str]]:
    """The Dockerfile's stages by name (the last one, the image, as "image"): each its instructions, FROM first."""
    found: dict[str, list[str]] = {}
    for line in (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines():
        if line.startswith("FROM "):
            words = line.split()
            lines = found.setdefault(words[3] if len(words) == 4 and words[2] == "AS" else "image", [])
        if line and not line.startswith("#"):
            lines.append(line)
    return found


def test_the_image_serves_the_activity_on_the_port_compose_maps():
    lines = (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines()
    assert f"EXPOSE {WEB_PORT}" in lines


def test_the_image_builds_the_activitys_page_from_a_fresh_checkout_as_make_web_does():
    found = stages()
    web, image = found["web"], found["image"]
    assert re.fullmatch(r"FROM node:\d+\.\d+\.\d+-[a-z]+-slim AS web", web[0]), "Node pinned by version"
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    (install,) = re.findall(r"cd web && (npm ci[^\n]*)", makefile)
    (build,) = re.findall(r"cd web && (npm run[^\n]*build)", makefile)
    runs = [line.removeprefix("RUN ") for line in web if line.startswith("RUN ")]
    assert runs == [install, build], "the locked packages, then the build, as `make web`"
    copied = {word for line in web if line.startswith("COPY ") for word in line.split()[1:-1]}
    assert copied == {"web/package.json", "web/package-lock.json", "web/index.html", "web/style.css", "web/src"}
    assert "COPY --from=web /web/dist /home/peapod/web/dist" in image, "where the bot looks (bot.live.server)"
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    assert {"web/dist", "web/node_modules", ".env", ".venv"} <= set(ignored), "a local build never reaches it"


def test_the_image_runs_as_its_own_user_not_root():
    image = stages()["image"]
    assert image[0] == "FROM python:3.11-slim"
    assert [line for line in image if line.startswith("USER ")] == ["USER peapod"]
    assert image.index("USER peapod") < image.index(next(line for line in image if line.startswith("CMD ")))
    assert all(line.startswith("COPY --from=") for line in image if line.startswith("COPY ")), "only built results"
