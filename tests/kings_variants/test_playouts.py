"""Random playouts with every invariant checked after every action (games.tools.simulate.play_one)."""

from __future__ import annotations

import pytest

from games.core.policy import random_policy
from games.kings.variants import ENGINES
from games.tools.simulate import play_one

PLAYERS = {"ombre": 3, "whist": 4, "napoleon": 5}


@pytest.mark.parametrize("variant", sorted(ENGINES))
def test_random_playouts_keep_invariants(variant: str) -> None:
    game = ENGINES[variant]
    n = PLAYERS[variant]
    for seed in range(10):
        run = play_one(game, n, [random_policy] * n, seed, check=True)
        assert run.violations == []
        assert run.outcome is not None
        assert run.outcome.placements.count(1) >= 1


@pytest.mark.parametrize("variant", sorted(ENGINES))
def test_heuristic_playouts_keep_invariants(variant: str) -> None:
    game = ENGINES[variant]
    n = PLAYERS[variant]
    heuristic = game.policies()["heuristic"]
    for seed in range(3):
        run = play_one(game, n, [heuristic] * n, seed, check=True)
        assert run.violations == []
