"""`new_outcome`, the quick Outcome of games that build one a game (TIMETRAP): the same result as the
dataclass's own constructor, so `simulate`, the leaderboards and replays read the same placements."""

from __future__ import annotations

import dataclasses

import pytest

from games.core.contract import Outcome, new_outcome


def test_new_outcome_is_the_outcome_the_constructor_builds() -> None:
    placements, scores = (1, 3, 2), (1.0, 0.0, 0.0)
    details = {"winner": 0, "reason": "fewest", "hands": [1, 4, 2]}
    quick = new_outcome(placements, scores, details)
    plain = Outcome(placements=placements, scores=scores, details=details)
    assert quick == plain
    assert quick.to_json() == plain.to_json()
    for f in dataclasses.fields(Outcome):  # a field added to Outcome must be set here too
        assert getattr(quick, f.name) == getattr(plain, f.name)


def test_new_outcome_stays_frozen() -> None:
    quick = new_outcome((1, 2), (1.0, 0.0), {})
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.placements = (2, 1)  # type: ignore[misc]
