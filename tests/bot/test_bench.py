"""`python -m bot.bench`: the operator's load test runs to its JSON line, also with more actions per table
than a game lasts (it used to crash picking a finished table for the restart figure)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.bench import drive as bench
from bot.tables import gcpause


@pytest.fixture
def no_policy_left() -> Iterator[None]:
    yield
    gcpause.uninstall()  # the bench turns the bot's GC policy on, process-wide


def test_more_actions_than_a_game_lasts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_policy_left: None
) -> None:
    store = f"sqlite:///{tmp_path / 'bench.db'}"
    args = ["--tables", "3", "--actions", "20000", "--concurrency", "2", "--restart-tables", "8"]
    assert bench.main([*args, "--store", store, "--game", "trickster"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    # every table played to its end, and the restart figures were still taken (on a table in play)
    assert result["actions"] > 3 * 20
    assert result["restart_first_action_ms"] is not None and result["restart_process_ms"] is not None
    # the DESIGN.md keys first, and the new figures beside them
    assert list(result)[:9] == [
        "tables", "actions", "actions_per_s", "p50_ms", "p99_ms", "floor_us", "per_action_us",
        "ratio_to_floor", "rss_mb",
    ]  # fmt: skip
    for key in ("grouped_floor_us", "ratio_to_grouped_floor", "gc_max_pause_ms", "gc_max_pause_cpu_ms"):
        assert result[key] is not None
    assert result["store"] == "sqlite"
