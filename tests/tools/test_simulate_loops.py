"""simulate's two loops play the same game: the unchecked one (the benchmark's) inlines the random
policy's draw and skips `is_over` while someone is to act, so a seed found slow or failing in one mode
must replay identically in the other (games/tools/simulate.py)."""

from __future__ import annotations

import random

import pytest

from games.core.native64 import WRAPS
from games.core.policy import random_policy
from games.core.registry import get_game
from games.tools.simulate import GameRun, _one_of, _play_unchecked, _play_unchecked_compiled, play_one
from tests.core.toy_game import ToyGame


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


def test_a_lone_seat_is_told_by_its_value_whichever_engine_made_the_set() -> None:
    """The unchecked loops find the seat of a one-seat `to_act` set in a dict of the sets seen so far: a
    game whose `to_act` builds a new set every turn, played after engines whose shared sets were seen first
    (equal sets, other objects), and a game with turns where several seats act, must play as the checked
    loop plays them (it sorts each set itself)."""
    toy = ToyGame()
    for game, players in ((get_game("timetrap"), 3), (toy, 3), (get_game("trickster"), 4), (toy, 2)):
        policies = [random_policy] * players
        for seed in range(136000, 136004):
            checked = play_one(game, players, policies, seed, check=True)
            unchecked = play_one(game, players, policies, seed, check=False)
            assert checked.violations == [] and unchecked.violations == []
            assert unchecked.log == checked.log and len(checked.log) > 0


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


@pytest.mark.parametrize(("game_id", "players"), [("timetrap", 2), ("kings", 3), ("trickster", 4)])
def test_a_seed_plays_the_same_game_whatever_was_played_before(game_id: str, players: int) -> None:
    """play_one lends the last game's policy RNG to the next, reseeded: a seed's game must not depend on
    which games came before it (or on a game that failed half-way), and must be the game a fresh
    `random.Random(seed)` plays, the policies drawing from it (a searching seat, gauss included)."""
    game = get_game(game_id)
    heuristic = game.policies()["heuristic"]
    policies = [heuristic] + [random_policy] * (players - 1)
    seeds = list(range(129500, 129512))

    def fresh(seed: int) -> list[tuple[int, str]]:
        state = game.setup(players, {}, seed, None)
        run = GameRun(outcome=None, actions=0)
        (_play_unchecked_compiled if WRAPS else _play_unchecked)(
            game, state, policies, seed, random.Random(seed), run
        )
        return run.log

    expected = {seed: fresh(seed) for seed in seeds}
    forwards = {seed: play_one(game, players, policies, seed, check=False).log for seed in seeds}

    class Resigns(Exception):
        pass

    def resigning(view, legal, rng):  # type: ignore[no-untyped-def]
        rng.random()
        raise Resigns

    with pytest.raises(Resigns):  # a game that fails half-way, its generator drawn from, leaves nothing behind
        play_one(game, players, [resigning] * players, seeds[0], check=False)
    random.Random(1).gauss(0, 1)  # a used generator elsewhere changes nothing either
    backwards = {seed: play_one(game, players, policies, seed, check=False).log for seed in reversed(seeds)}
    assert forwards == expected and backwards == expected


def test_the_lent_generator_is_reset_as_a_new_one_is() -> None:
    """After a game whose policy drew gaussians (Random keeps a spare one in `gauss_next`), the next game's
    generator gives exactly a new `random.Random(seed)`'s draws: floats, integers and gaussians."""
    game = get_game("timetrap")

    def gaussian_policy(view, legal, rng):  # type: ignore[no-untyped-def]
        rng.gauss(0.0, 1.0)
        if rng.gauss_next is None:  # gaussians come in pairs: leave the spare one behind
            rng.gauss(0.0, 1.0)
        return legal[0]

    play_one(game, 2, [gaussian_policy] * 2, 129600, check=False)
    seen: list[float] = []

    def recording_policy(view, legal, rng):  # type: ignore[no-untyped-def]
        seen.extend((rng.gauss(0.0, 1.0), rng.random(), float(rng.randrange(1000))))
        return legal[0]

    play_one(game, 2, [recording_policy] * 2, 129601, check=False)
    reference = random.Random(129601)
    expected = [value for _ in range(len(seen) // 3)
                for value in (reference.gauss(0.0, 1.0), reference.random(), float(reference.randrange(1000)))]
    assert seen == expected
