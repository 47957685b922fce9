"""The compiled build's SplitMix64 step on machine integers gives the source's draws.

`games.core.native64.splitmix` is only correct where `i64` wraps (the compiled build); there `Rng` uses
it for every draw and every seed. These tests run on both builds (CI runs tests/core on the compiled
one): on the compiled build they compare it with the plain-int step at the edges of the 64-bit range and
over many random states; on both they check that the path is taken exactly on the compiled build.
tests/core/test_rng_reference.py compares whole deals with the frozen reference on both builds.
"""

from __future__ import annotations

import random

import pytest

import games
from games.core import native64
from games.core.rng import Rng, seed_state

_MASK = (1 << 64) - 1


def _plain_step(state: int) -> tuple[int, int]:
    """SplitMix64 as its authors write it, on unbounded ints masked to 64 bits."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


compiled_only = pytest.mark.skipif(not native64.WRAPS, reason="machine integers only in the compiled build")


def test_the_native_path_is_taken_exactly_on_the_compiled_build() -> None:
    compiled = games.BUILD == "mypyc"
    assert native64.WRAPS is compiled


@compiled_only
def test_native_step_equals_the_plain_step_at_the_edges_of_the_range() -> None:
    edges = [0, 1, 2**30, 2**31, 2**32 - 1, 2**62 - 1, 2**62, 2**63 - 1, 2**63, 2**63 + 1, 2**64 - 2, _MASK]
    for state in edges:
        assert native64.splitmix(state) == _plain_step(state), hex(state)


@compiled_only
def test_native_step_equals_the_plain_step_over_many_random_states() -> None:
    chooser = random.Random(20261128)
    for _ in range(20_000):
        state = chooser.getrandbits(64)
        assert native64.splitmix(state) == _plain_step(state), hex(state)


def test_draws_follow_the_plain_step_on_this_build() -> None:
    """Seeds typed by users (negative, huge) and the draws after them: what `Rng` gives on this build,
    native path or not, is the plain step's sequence."""
    for seed in [0, 1, -1, 42, 2**63, 2**64, 2**70 + 3, -(2**65)]:
        state = _plain_step(seed & _MASK)[1]
        assert seed_state(seed) == state
        rng = Rng(state)
        for _ in range(50):
            state, expected = _plain_step(state)
            assert rng.next_u64() == expected
            assert rng.state == state


def _signed(keys: list[int]) -> list[int]:
    """Each unsigned 64-bit key's signed bit pattern, as a signed read of the same bytes gives it."""
    return [key - (1 << 64) if key >= 1 << 63 else key for key in keys]


def test_selection_gives_the_stable_sort_order_of_unsigned_keys_ties_included() -> None:
    """A deal's few-item shuffles take their order from `smallest_first` on the compiled build: it must be
    the order the source's stable sort gives, the first of equal keys first, on both sides of 2**63
    (where the signed pattern turns negative) and with as many ties as the small key ranges make."""
    chooser = random.Random(129000)
    ranges = [(0, 3), (2**63 - 2, 2**63 + 2), (2**64 - 4, _MASK), (0, _MASK)]
    for _ in range(3_000):
        low, high = chooser.choice(ranges)
        n = chooser.randint(0, 14)
        keys = [chooser.randint(low, high) for _ in range(n)]
        count = chooser.randint(0, n + 2)  # beyond three: several passes
        expected = sorted(range(n), key=keys.__getitem__)[:count]
        assert native64.smallest_first(_signed(keys), count) == expected, (keys, count)


def test_small_shuffles_and_heads_match_the_full_sort_on_this_build() -> None:
    """`shuffled` of a few items and `shuffled_head` take the selection path on the compiled build and the
    sort on the source: both give the sort's permutation, and leave the generator in the same state."""
    for seed in range(129001, 129401):
        for n in range(2, 14):
            items = [f"card{i}" for i in range(n)]
            whole = Rng(seed_state(seed))
            order = whole.shuffled(items)
            assert sorted(order) == sorted(items)
            for count in (1, 2, 3, n):
                again = Rng(seed_state(seed))
                assert again.shuffled_head(items, count) == order[:count]
                assert again.state == whole.state
