"""The Dockerfile's HEALTHCHECK and compose.yaml's bot services ask the bot's own health checks."""

from pathlib import Path

import yaml

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[2]


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
        port = service["environment"]["METRICS_PORT"]
        assert all(mapping.endswith(f":{port}") for mapping in service["ports"])
