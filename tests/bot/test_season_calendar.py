"""Season names and bounds (UTC): a month, a quarter, the year's turn, and what is not a season."""

from __future__ import annotations

import calendar

from bot.tables.seasons import bounds, newest_first, next_month, season_of


def utc(*parts: int) -> float:
    return float(calendar.timegm((*parts, 0, 0, 0)[:6]))


def test_the_season_of_a_moment_under_each_cadence() -> None:
    last_second = utc(2026, 12, 31, 23, 59, 59)
    assert season_of(last_second, "monthly") == "2026-12"
    assert season_of(last_second + 1, "monthly") == "2027-01"
    assert season_of(last_second, "quarterly") == "2026-Q4"
    assert season_of(utc(2026, 4, 1, 0, 0, 0), "quarterly") == "2026-Q2"
    assert season_of(last_second, "none") is None


def test_bounds_and_the_next_possible_end() -> None:
    assert bounds("2026-12") == (utc(2026, 12, 1, 0, 0, 0), utc(2027, 1, 1, 0, 0, 0))
    assert bounds("2026-Q4") == (utc(2026, 10, 1, 0, 0, 0), utc(2027, 1, 1, 0, 0, 0))
    assert bounds("2026-Q1") == (utc(2026, 1, 1, 0, 0, 0), utc(2026, 4, 1, 0, 0, 0))
    for bad in ("2026-13", "2026-00", "2026-Q5", "spring", "", "2026-1"):
        assert bounds(bad) is None
    assert next_month(utc(2026, 12, 15, 8, 0, 0)) == utc(2027, 1, 1, 0, 0, 0)
    assert newest_first(["2026-10", "2026-Q3", "2026-11", "x"]) == ["2026-11", "2026-10", "2026-Q3"]
