"""`python -m bot.bench --ai search` reports what a player at a strong seat waits for: the search's
decisions with their wait in the queue and their search apart, the playouts, and the decisions the
normal AI made instead, by reason (a short run: two tables, one worker)."""

from __future__ import annotations

import argparse

import pytest

from bot.bench import ai


@pytest.mark.parametrize("pace", ["instant", "human"])
def test_the_ai_bench_separates_queue_and_search_and_counts_fallbacks(
    pace: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRICKTABLE_AI_WORKERS", "1")
    monkeypatch.setattr(ai, "HUMAN_SECONDS", (0.05, 0.2))  # human pace, shortened for a test
    args = argparse.Namespace(tables=2, game=None, players=None, seed=1, ai_seconds=3.0, ai_pace=pace)
    report = ai.main(args)
    assert report["pace"] == pace and report["ai_workers"] == 1
    assert report["strong_decisions"] + report["fallback_decisions"] > 0
    assert sum(report["fallbacks_by_reason"].values()) == report["fallback_decisions"]
    for key in ("queue_p50_ms", "queue_p99_ms", "search_p50_ms", "search_p99_ms", "playouts_mean",
                "seat_decision_p99_ms", "decision_p99_ms", "loop_lag_p99_ms"):
        assert report[key] >= 0, key
    if report["strong_decisions"]:
        assert report["playouts_mean"] > 0
    assert report["budget_ms"] == 200 and report["think_ms"] == 100
    # the load lasts the time asked: a table whose game ended starts the next one
    assert report["seconds"] >= 0.9 * args.ai_seconds
    assert report["games"] >= report["tables"] and report["finished_tables"] <= report["games"]
