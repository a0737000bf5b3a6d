"""The Dockerfile's HEALTHCHECK and compose.yaml's bot services ask the bot's own health checks."""

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


def test_the_image_serves_the_activity_on_the_port_compose_maps():
    lines = (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines()
    assert f"EXPOSE {WEB_PORT}" in lines
    assert any(line.startswith("COPY ") and "web/dis[t]" in line for line in lines), "the built page, if built"
