"""Settings come from the environment; shared texts render outcomes in both languages."""

from __future__ import annotations

import pytest
from tinygame import TINY

from bot import render
from bot.settings import Settings
from bot.tables.models import ClockMode, SeatInfo, TableInfo, TableStatus
from games.core.contract import Outcome


def test_settings_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRICKTABLE_DB", "/tmp/x.db")
    monkeypatch.setenv("TRICKTABLE_LIVE_CLOCK_SECONDS", "90")
    monkeypatch.setenv("TRICKTABLE_ASYNC_CLOCK_SECONDS", "3600")
    monkeypatch.setenv("TRICKTABLE_DB_SYNCHRONOUS", "full")
    s = Settings.from_env(dotenv=False)
    assert (s.database_path, s.live_clock_seconds, s.async_clock_seconds, s.db_synchronous) == (
        "/tmp/x.db",
        90,
        3600,
        "FULL",
    )
    for name in ("TRICKTABLE_DB", "TRICKTABLE_LIVE_CLOCK_SECONDS", "TRICKTABLE_ASYNC_CLOCK_SECONDS"):
        monkeypatch.delenv(name)
    default = Settings.from_env(dotenv=False)
    assert (default.database_path, default.live_clock_seconds, default.async_clock_seconds) == (
        "./tricktable.db",
        120,
        86400,
    )


def test_env_example_documents_every_host_setting() -> None:
    from pathlib import Path

    text = (Path(__file__).parents[2] / ".env.example").read_text(encoding="utf-8")
    for name in (
        "TRICKTABLE_DB",
        "TRICKTABLE_LIVE_CLOCK_SECONDS",
        "TRICKTABLE_ASYNC_CLOCK_SECONDS",
        "TRICKTABLE_LOG_LEVEL",
        "TRICKTABLE_IDLE_EVICT_SECONDS",
        "TRICKTABLE_MAX_LOADED_TABLES",
        "TRICKTABLE_SNAPSHOT_EVERY",
        "TRICKTABLE_DB_SYNCHRONOUS",
    ):
        assert f"{name}=" in text


def test_outcome_lines_share_places_in_both_languages() -> None:
    seats = tuple(SeatInfo(i, i + 1, n) for i, n in enumerate(["Ann", "Ben", "Cy"]))
    info = TableInfo(
        1, 1, 1, None, "tiny", "standard", {}, TableStatus.FINISHED, 3, seats, 1, ClockMode.LIVE, 120, 0, 0
    )
    outcome = Outcome(placements=(2, 1, 2), scores=(1.0, 3.0, 1.0))
    assert render.outcome_lines(info, outcome, "en") == [
        "Final result (the highest score wins)",
        "1. Ben — 3",
        "2. Ann — 1",
        "2. Cy — 1",
    ]
    assert render.outcome_lines(info, outcome, "ja")[1] == "1位 Ben — 3"
    assert render.waiting_line(info, frozenset({0, 2})) == "Waiting for: Ann, Cy"
    assert render.time_left(1000.0 + 3725, now=1000.0) == "1h02m"
    assert render.event_text(
        TINY, TINY.apply(TINY.setup(2, {}, 1), 0, f"play:{TINY.setup(2, {}, 1).hands[0][0]}")[1][0]
    )
