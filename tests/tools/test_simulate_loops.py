"""simulate's two loops play the same game: the unchecked one (the benchmark's) inlines the random
policy's draw and skips `is_over` while someone is to act, so a seed found slow or failing in one mode
must replay identically in the other (games/tools/simulate.py)."""

from __future__ import annotations

import pytest

from games.core.policy import random_policy
from games.core.registry import get_game
from games.tools.simulate import play_one


@pytest.mark.parametrize(("game_id", "players"), [("trickster", 4), ("trickster-cot", 3), ("timetrap", 4)])
def test_checked_and_unchecked_runs_of_a_seed_are_the_same_game(game_id: str, players: int) -> None:
    game = get_game(game_id)
    heuristic = game.policies()["heuristic"]
    for seed in range(3):
        # seat 0 plays the heuristic (the loop's general path), the others the inlined random draw
        policies = [heuristic] + [random_policy] * (players - 1)
        checked = play_one(game, players, policies, seed, check=True)
        unchecked = play_one(game, players, policies, seed, check=False)
        assert checked.violations == [] and unchecked.violations == []
        assert unchecked.log == checked.log and unchecked.actions == checked.actions
        assert unchecked.outcome == checked.outcome
