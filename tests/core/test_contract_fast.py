"""`new_outcome`, the quick Outcome of games that build one a game (TIMETRAP): the same result as the
dataclass's own constructor, so `simulate`, the leaderboards and replays read the same placements; and
`new_event`, the quick Event of the engines that build theirs in games/core, the same as the NamedTuple's."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from games.core.contract import Event, Outcome, new_event, new_outcome
from tests.build.final_tables import tables_without_final


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


def test_new_event_is_the_event_the_namedtuple_builds() -> None:
    data = {"card": "K-spades", "seat": 2}
    for audience in (None, frozenset({1, 3})):
        quick = new_event("played", data, audience)
        plain = Event(kind="played", data=data, audience=audience)
        assert quick == plain and type(quick) is Event
        assert quick.to_json() == plain.to_json()
        assert quick.visible_to(1) == plain.visible_to(1) and quick.visible_to(0) == plain.visible_to(0)
    assert new_event("over", {}) == Event("over", {}, None)


def test_the_quick_constructors_names_are_final() -> None:
    """Compiled, a module-level name without `Final` is a module-dict read on every use: new_event runs on
    every action of the engines that use it, new_outcome once a game."""
    plain = tables_without_final(Path(__file__).resolve().parents[2] / "games" / "core" / "contract.py")
    assert not {"_tuple_new", "_EVENT", "_new_object", "_store"} & set(plain), plain
