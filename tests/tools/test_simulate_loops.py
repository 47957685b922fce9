"""simulate's two loops play the same game: the unchecked one (the benchmark's) inlines the random
policy's draw and skips `is_over` while someone is to act, so a seed found slow or failing in one mode
must replay identically in the other (games/tools/simulate.py)."""

from __future__ import annotations

import random

import pytest

from games.core.policy import random_policy
from games.core.registry import get_game
from games.tools.simulate import GameRun, _one_of, _play_unchecked, _play_unchecked_compiled, play_one


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


@pytest.mark.parametrize(
    ("game_id", "variant", "players"),
    [("trickster", None, 4), ("kings", None, 4), ("kings", "napoleon", 5), ("dream-capture", None, 6),
     ("timetrap", None, 2)],
)
def test_the_source_and_the_compiled_spelling_of_the_unchecked_loop_play_the_same_game(
    game_id: str, variant: str | None, players: int
) -> None:
    """play_one picks `_play_unchecked_compiled` on the compiled build and `_play_unchecked` on the
    source; whichever build runs this, both spellings must play every seed alike: the same log (so the
    same draws), the same last state and no violation. Seats mix the inlined random draw, a policy
    called with its view and, in Trickster, Napoleon and Capture of Dreams, turns with several seats to
    act (the loops' seeded choice among them)."""
    game = get_game(game_id)
    heuristic = game.policies()["heuristic"]
    policies = [heuristic] + [random_policy] * (players - 1)
    for seed in range(120000, 120006):
        runs, finals = [], []
        for loop in (_play_unchecked, _play_unchecked_compiled):
            state = game.setup(players, {}, seed, variant)
            run = GameRun(outcome=None, actions=0)
            finals.append(game.to_json(loop(game, state, policies, seed, random.Random(seed), run)))
            runs.append(run)
        assert runs[0].violations == runs[1].violations == []
        assert runs[0].log == runs[1].log and runs[0].actions == runs[1].actions == len(runs[0].log) > 0
        assert finals[0] == finals[1]
        assert game.is_over(game.from_json(finals[0]))


def test_the_loops_choice_among_several_seats_draws_as_random_choice() -> None:
    """`_one_of` replaces `rng.choice` on the turns where several seats are to act: the same seat and the
    same state of the generator after it, for every size a table can have and many seeds."""
    for size in range(1, 9):
        seats = list(range(10, 10 + size))
        for seed in range(120100, 120160):
            ours, theirs = random.Random(seed), random.Random(seed)
            for _ in range(5):
                assert _one_of(ours, seats) == theirs.choice(seats)
            assert ours.getstate() == theirs.getstate()
