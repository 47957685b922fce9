"""Whole random games with every invariant checked after every action (games.tools.simulate.play_one)."""

from __future__ import annotations

import pytest

from games.core.policy import random_policy
from games.timetrap.ai import heuristic_policy
from games.tools.simulate import play_one, replay

from .helpers import G


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_invariant(players: int) -> None:
    reasons = set()
    for seed in range(25):
        run = play_one(G, players, [random_policy] * players, seed, check=True)
        assert run.violations == [], run.violations[:3]
        assert run.outcome is not None
        reasons.add(run.outcome.details["reason"])
    assert reasons & {"last_survivor", "emptied_day7", "fewest"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_playouts_keep_every_invariant(players: int) -> None:
    for seed in range(6):
        policies = [heuristic_policy, random_policy, heuristic_policy, random_policy][:players]
        run = play_one(G, players, policies, 100 + seed, check=True)
        assert run.violations == [], run.violations[:3]


def test_fixed_dates_playout() -> None:
    run = play_one(G, 3, [random_policy] * 3, 9, options={"dates": "B3,Y1,B4,Y2,B5,Y3"}, check=True)
    assert run.violations == []


def test_seed_and_log_replay_the_same_table() -> None:
    run = play_one(G, 4, [random_policy] * 4, 77, check=False)
    again = play_one(G, 4, [random_policy] * 4, 77, check=False)
    assert run.log == again.log
    final = replay(G, 4, 77, run.log)
    assert G.is_over(final) and G.outcome(final) == run.outcome


def test_heuristic_beats_random() -> None:
    """A small sample (the 2000-game figure is in the report): the heuristic seat wins more than 1/3."""
    from games.tools.simulate import win_share

    share = 0.0
    games = 300
    for index in range(games):
        seat = index % 3
        policies = [random_policy] * 3
        policies[seat] = heuristic_policy
        run = play_one(G, 3, policies, 5000 + index, check=False)
        assert run.outcome is not None
        share += win_share(run.outcome, [seat])
    assert share / games > 0.37
