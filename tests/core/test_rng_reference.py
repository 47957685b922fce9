"""The RNG gives exactly the draws and permutations it always gave.

Every seeded game of every game replays from its seed and action log, so a faster `Rng` must keep
every state it steps through, every `below` and every `shuffled` permutation. The reference below is a
verbatim copy of games/core/rng.py as it was before its draws were written out inline (commit 3003d2c);
it is compared over many seeds, sizes and kinds of sequence, draws interleaved as a deal makes them.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from hashlib import shake_128
from operator import itemgetter
from typing import TypeVar

import pytest

from games.core.rng import Rng, seed_state

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_BIG_ENDIAN = sys.byteorder == "big"


def _ref_seed_state(seed: int) -> int:
    _, mixed = _ref_mix(seed & _MASK)
    return mixed


def _ref_mix(state: int) -> tuple[int, int]:
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


class _RefRng:
    """games.core.rng.Rng at 3003d2c."""

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next_u64(self) -> int:
        self.state, out = _ref_mix(self.state)
        return out

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = _MASK - (_MASK + 1) % n
        while True:
            value = self.next_u64()
            if value <= limit:
                return value % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        n = len(out)
        if n < 2:
            return out
        seed = self.next_u64()
        keys = array("Q", shake_128(seed.to_bytes(8, "little")).digest(8 * n))
        if _BIG_ENDIAN:
            keys.byteswap()
        by_key = keys.tolist().__getitem__
        return list(itemgetter(*sorted(range(n), key=by_key))(out))


# The sizes the games shuffle (a 2-player TIMETRAP deal's 4-card discard pile, 7 date cards, 11 time
# cards, Trickster's and KINGs' decks, Capture of Dreams' 78 cards) and every size up to 20.
_SIZES = (*range(21), 24, 32, 36, 40, 45, 49, 52, 56, 64, 78, 100)


@pytest.mark.parametrize("size", _SIZES)
def test_shuffled_gives_the_reference_permutation_and_state_over_many_seeds(size: int) -> None:
    deck = [f"c{i}" for i in range(size)]
    for seed in range(400):
        rng, ref = Rng(seed_state(seed)), _RefRng(_ref_seed_state(seed))
        assert rng.state == ref.state
        for _ in range(3):
            assert rng.shuffled(deck) == ref.shuffled(deck)
            assert rng.state == ref.state


def test_every_draw_interleaved_as_deals_make_them_matches_the_reference() -> None:
    """Shuffles of tuples, lists, ranges and strings between below(), choice() and next_u64(), from
    seeds spread over the whole 64-bit range (and beyond it, as a user may type any integer)."""
    kinds: tuple[Sequence[object], ...] = (tuple(range(11)), list("abcdefg"), range(21), "abcd", ("x", "y"))
    seeds = [*range(200), *(s * 0x9E3779B97F4A7C15 + 12345 for s in range(200)), -1, 2**64, 2**70 + 3]
    for seed in seeds:
        rng, ref = Rng(seed_state(seed)), _RefRng(_ref_seed_state(seed))
        for step in range(12):
            items = kinds[step % len(kinds)]
            assert rng.shuffled(items) == ref.shuffled(items)
            assert rng.below(step + 1) == ref.below(step + 1)
            assert rng.choice(items) == ref.choice(items)
            assert rng.next_u64() == ref.next_u64()
            assert rng.state == ref.state


def test_repeated_items_come_out_in_the_reference_order() -> None:
    """Repeated items (equal values, distinct positions) come out as the reference orders them."""
    deck = ["a", "a", "b", "b", "b", "c"] * 3
    for seed in range(300):
        rng, ref = Rng(seed_state(seed)), _RefRng(_ref_seed_state(seed))
        assert rng.shuffled(deck) == ref.shuffled(deck)
