"""Final results people read: a game whose scores only mark the winner (TIMETRAP's last
survivor) shows places, not "higher score wins" over a column of 1 and 0s."""

from __future__ import annotations

from bot import render
from bot.tables.models import ClockMode, SeatInfo, TableInfo, TableStatus
from games.core.contract import Outcome


def _info(names: list[str]) -> TableInfo:
    seats = tuple(SeatInfo(i, 100 + i, name) for i, name in enumerate(names))
    return TableInfo(
        1, 1, 1, None, "timetrap", "standard", {}, TableStatus.FINISHED, 9, seats, 100, ClockMode.LIVE, 60,
        0.0, 0.0, 7,
    )


def test_a_winner_marker_is_shown_as_places_only_in_both_languages() -> None:
    outcome = Outcome(placements=(2, 1, 3), scores=(0.0, 1.0, 0.0))
    info = _info(["Ada", "Basho", "Clio"])
    assert render.outcome_lines(info, outcome, "en") == ["Final result", "1. Basho", "2. Ada", "3. Clio"]
    ja = render.outcome_lines(info, outcome, "ja")
    assert ja[1:] == ["1位 Basho", "2位 Ada", "3位 Clio"] and "高い" not in ja[0]


def test_points_still_show_with_the_direction_that_wins() -> None:
    outcome = Outcome(placements=(2, 1, 3), scores=(10.0, 25.0, 4.0))
    lines = render.outcome_lines(_info(["Ada", "Basho", "Clio"]), outcome, "en")
    assert "highest" in lines[0] and lines[1].startswith("1. Basho") and "25" in lines[1]
