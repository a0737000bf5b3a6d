"""The metrics are defined once, with labels of few values, and move as the bot's calls say."""

import pytest

from bot.ops import metrics
from bot.store import StaleGameError

FEW_VALUED = {"kind", "outcome", "route", "error", "game", "level", "cause"}


def value(name: str, **labels: str) -> float:
    return metrics.REGISTRY.get_sample_value(name, labels) or 0.0


def test_no_metric_is_labelled_by_anything_with_many_values():
    """No user, guild, channel or game id: every label is one of a few known kinds of value."""
    labelled = {
        name: getattr(metric, "_labelnames", ())
        for name, metric in vars(metrics).items()
        if hasattr(metric, "_labelnames") and hasattr(metric, "_name")
    }
    assert len(labelled) >= 14
    assert {name: labels for name, labels in labelled.items() if not set(labels) <= FEW_VALUED} == {}


def test_an_interactions_outcome_is_one_of_three():
    with pytest.raises(ValueError, match="answered"):
        metrics.interaction_done("act", "crashed", None, 0.1)


def test_a_deadline_is_counted_by_its_kind_and_late_only_past_the_margin():
    before = value("peapod_deadlines_fired_total", kind="ai"), value("peapod_deadlines_late_total", kind="ai")
    metrics.deadline_fired("ai:2", due_at=100.0, now=100.5)
    metrics.deadline_fired("ai:0", due_at=100.0, now=100.0 + metrics.LATE_AFTER + 1)
    assert value("peapod_deadlines_fired_total", kind="ai") == before[0] + 2
    assert value("peapod_deadlines_late_total", kind="ai") == before[1] + 1


def test_store_errors_are_counted_by_class_and_ai_time_by_game_and_level():
    before = value("peapod_store_errors_total", error="StaleGameError")
    metrics.StoreMetrics(4).failed(StaleGameError(42, 3))
    assert value("peapod_store_errors_total", error="StaleGameError") == before + 1
    assert value("peapod_db_pool_size") == 4
    counted = value("peapod_ai_decision_seconds_count", game="peanuts", level="hard")
    metrics.ai_decided("peanuts", "hard", 0.8)
    assert value("peapod_ai_decision_seconds_count", game="peanuts", level="hard") == counted + 1
