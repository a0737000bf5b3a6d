"""deploy/kubernetes agrees with the bot: the settings it sets are settings the bot reads, the ports and
probe paths are the ones the ops server serves, and the pods' shards cover SHARD_COUNT once each."""

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from bot.config import Settings
from bot.ops.server import LIVE_PATH, METRICS_PATH, READY_PATH

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "deploy" / "kubernetes"
NOT_SETTINGS = {"SHARDS_PER_POD"}
"""What the manifests set for the pod's own start command rather than for the bot."""


def manifests() -> dict[str, dict]:
    """Every object in the folder, by kind."""
    found = {}
    for path in sorted(FOLDER.glob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            assert document["kind"] not in found, f"two {document['kind']}s"
            found[document["kind"]] = document
    return found


@pytest.fixture(scope="module")
def objects() -> dict[str, dict]:
    return manifests()


@pytest.fixture(scope="module")
def container(objects) -> dict:
    (bot,) = objects["StatefulSet"]["spec"]["template"]["spec"]["containers"]
    return bot


def test_every_setting_set_is_one_the_bot_reads_and_they_parse(objects, monkeypatch):
    config, secret = objects["ConfigMap"]["data"], objects["Secret"]["stringData"]
    read = {name.upper() for name in Settings.model_fields}
    assert set(config) | set(secret) <= read | NOT_SETTINGS
    assert {"DISCORD_TOKEN", "DATABASE_URL"} <= set(secret)
    for name, value in {**config, **secret, "DISCORD_TOKEN": "x"}.items():
        monkeypatch.setenv(name, value)
    settings = Settings(_env_file=None)
    assert settings.database_url is not None and settings.database_url.startswith("postgresql://")
    assert settings.metrics_port is not None and settings.log_format == "json"


def test_the_pods_read_the_config_map_and_the_secret(objects, container):
    sources = {next(iter(source)): source[next(iter(source))]["name"] for source in container["envFrom"]}
    assert sources == {"configMapRef": objects["ConfigMap"]["metadata"]["name"], "secretRef": "peapod"}
    assert objects["Secret"]["metadata"]["name"] == "peapod"


def test_probes_and_scraping_use_the_metrics_port_and_the_servers_paths(objects, container):
    port = int(objects["ConfigMap"]["data"]["METRICS_PORT"])
    (named,) = container["ports"]
    assert named == {"name": "metrics", "containerPort": port}
    probes = {kind: container[kind]["httpGet"] for kind in ("startupProbe", "livenessProbe", "readinessProbe")}
    assert probes == {
        "startupProbe": {"path": LIVE_PATH, "port": "metrics"},
        "livenessProbe": {"path": LIVE_PATH, "port": "metrics"},
        "readinessProbe": {"path": READY_PATH, "port": "metrics"},
    }
    annotations = objects["StatefulSet"]["spec"]["template"]["metadata"]["annotations"]
    scraped = {"prometheus.io/scrape": "true", "prometheus.io/port": str(port), "prometheus.io/path": METRICS_PATH}
    assert annotations == scraped
    (service_port,) = objects["Service"]["spec"]["ports"]
    assert service_port == {"name": "metrics", "port": port, "targetPort": "metrics"}
    assert objects["StatefulSet"]["spec"]["serviceName"] == objects["Service"]["metadata"]["name"]


def test_the_image_runs_as_the_dockerfiles_user(objects):
    context = objects["StatefulSet"]["spec"]["template"]["spec"]["securityContext"]
    assert f"--uid {context['runAsUser']} peapod" in (ROOT / "Dockerfile").read_text(encoding="utf-8")


@pytest.mark.skipif(shutil.which("sh") is None, reason="no POSIX shell to run the start command")
def test_each_pod_runs_its_own_shards_and_together_they_run_every_shard_once(objects, container, monkeypatch):
    """The start command, run for each ordinal (python replaced by printing SHARD_IDS): every pod's
    SHARD_IDS is valid for the bot, and the replicas cover 0 .. SHARD_COUNT - 1 exactly."""
    config = objects["ConfigMap"]["data"]
    replicas = objects["StatefulSet"]["spec"]["replicas"]
    count, per_pod = int(config["SHARD_COUNT"]), int(config["SHARDS_PER_POD"])
    assert count == replicas * per_pod
    shell, flag, script = container["command"]
    assert script.rstrip().endswith("exec python -m bot")
    script = script.replace("exec python -m bot", 'echo "$SHARD_IDS"')
    covered = []
    for ordinal in range(replicas):
        env = {"HOSTNAME": f"peapod-{ordinal}", "SHARDS_PER_POD": str(per_pod), "PATH": "/usr/bin:/bin"}
        ran = subprocess.run([shell, flag, script], env=env, capture_output=True, text=True, check=True, timeout=10)
        monkeypatch.setenv("SHARD_IDS", ran.stdout.strip())
        monkeypatch.setenv("SHARD_COUNT", str(count))
        settings = Settings(_env_file=None)
        assert settings.shard_ids is not None and len(settings.shard_ids) == per_pod
        covered += settings.shard_ids
    assert sorted(covered) == list(range(count))
