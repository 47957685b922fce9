"""Random and heuristic playouts with every invariant checked after every action (games.tools.simulate)."""

from __future__ import annotations

import pytest

from games.core.policy import random_policy
from games.dream_capture.ai import heuristic_policy
from games.dream_capture.game import GAME
from games.tools.simulate import play_one, replay, win_share


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playouts_keep_every_invariant(seed: int) -> None:
    run = play_one(GAME, 6, [random_policy] * 6, seed, options={"deals": "2"}, check=True)
    assert run.violations == []
    assert run.outcome is not None
    assert run.actions == 2 * (18 + 90) + 1  # discards and plays of two deals, and one "deal"


def test_a_whole_six_deal_game_with_mixed_policies_keeps_every_invariant() -> None:
    policies = [heuristic_policy, random_policy] * 3
    run = play_one(GAME, 6, policies, 99, check=True)
    assert run.violations == [] and run.outcome is not None
    assert run.actions == 6 * (18 + 90) + 5
    assert run.outcome.teams == ((0, 2, 4), (1, 3, 5))
    places = run.outcome.placements
    assert len({places[s] for s in (0, 2, 4)}) == 1 and len({places[s] for s in (1, 3, 5)}) == 1


def test_seed_and_log_replay_the_table() -> None:
    run = play_one(GAME, 6, [random_policy] * 6, 5, options={"deals": "1"}, check=False)
    state = replay(GAME, 6, 5, run.log, options={"deals": "1"})
    assert GAME.is_over(state) and GAME.outcome(state) == run.outcome


def test_heuristic_team_beats_random_team() -> None:
    """A small sample (the 1000-game figure comes from `python -m games simulate`)."""
    shares = []
    for seed in range(8):
        team = (0, 2, 4) if seed % 2 == 0 else (1, 3, 5)
        policies = [heuristic_policy if s in team else random_policy for s in range(6)]
        run = play_one(GAME, 6, policies, 1000 + seed, check=False)
        assert run.outcome is not None
        shares.append(win_share(run.outcome, team))
    assert sum(shares) / len(shares) >= 0.75
