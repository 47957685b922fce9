"""The compiled build's SHAKE-128 on machine integers gives hashlib's keys, and the deal order they make.

`games.core.shake64` replaces `hashlib.shake_128` in the compiled build's deals (`Rng.shuffled_head`, and
`Rng.shuffled` of a few items): a wrong word would deal different cards on the two builds from the same
seed. These tests hold it to hashlib, word for word, over many draws (the edges of the 64-bit range
included) and lengths (within one permutation's 21 words and across several), and its selection to the
stable sort of hashlib's keys. It is only correct where `i64` wraps, so the comparisons run on the compiled
build (CI runs tests/core there); the round constants are checked on both builds.
tests/core/test_rng_reference.py compares whole deals with the frozen reference on both builds.
"""

from __future__ import annotations

import random
import struct
from hashlib import shake_128

import pytest

from games.core import native64, shake64

compiled_only = pytest.mark.skipif(not native64.WRAPS, reason="machine integers only in the compiled build")

_EDGES = [0, 1, 2**31, 2**32 - 1, 2**62 - 1, 2**62, 2**63 - 1, 2**63, 2**63 + 1, 2**64 - 2, 2**64 - 1]


def _hashlib_keys(draw: int, n: int) -> list[int]:
    """The RNG's keys as hashlib gives them: SHAKE-128 of the draw's eight little-endian bytes, read as
    little-endian signed words (the signed bit pattern of each unsigned key)."""
    return list(struct.unpack(f"<{n}q", shake_128(draw.to_bytes(8, "little")).digest(8 * n)))


def _pattern(draw: int) -> int:
    """The signed bit pattern of an unsigned 64-bit draw (what `native64.to_bits` gives)."""
    return draw - (1 << 64) if draw >= 1 << 63 else draw


def _draws(seed: int, count: int) -> list[int]:
    chooser = random.Random(seed)
    return _EDGES + [chooser.getrandbits(64) for _ in range(count)]


@compiled_only
def test_keys_are_hashlibs_within_one_permutation_and_across_several() -> None:
    for n in [*range(0, 23), 41, 42, 43, 49, 63, 64, 100]:
        for draw in _draws(135000 + n, 40):
            assert shake64.shake_keys(_pattern(draw), n) == _hashlib_keys(draw, n), (hex(draw), n)


@compiled_only
def test_order_is_the_stable_sort_of_hashlibs_keys() -> None:
    """The positions a deal takes: the `count` least unsigned keys, in order, for every size a deal uses
    and beyond (a count over three takes several selection passes; over 21 keys, several permutations)."""
    for n in [*range(0, 24), 30, 49]:
        for draw in _draws(135100 + n, 25):
            unsigned = [key % (1 << 64) for key in _hashlib_keys(draw, n)]
            order = sorted(range(n), key=unsigned.__getitem__)
            for count in range(0, n + 2):
                assert shake64.shake_order(_pattern(draw), n, count) == order[:count], (hex(draw), n, count)


@compiled_only
def test_a_draws_bit_pattern_is_the_draw() -> None:
    """`splitmix_bits`, which the compiled `Rng` steps and whose draw feeds the hash, steps the state as
    `splitmix` does and gives the same output, as bit patterns; `to_bits` and `from_bits` convert both ways."""
    chooser = random.Random(135200)
    for state in [*_EDGES, *(chooser.getrandbits(64) for _ in range(5_000))]:
        next_state, output = native64.splitmix(state)
        bits = native64.to_bits(state)
        assert bits == _pattern(state) and native64.from_bits(bits) == state, hex(state)
        assert native64.splitmix_bits(bits) == (_pattern(next_state), _pattern(output)), hex(state)


def test_round_constants_are_the_lfsrs() -> None:
    """The packed round constants are FIPS 202's rc(t) (algorithm 5): bit 2**j - 1 of round i's constant
    is rc(j + 7i), from the LFSR x**8 + x**6 + x**5 + x**4 + 1 started at 1."""

    def rc(t: int) -> int:
        r = 1
        for _ in range(t % 255):
            r <<= 1
            if r & 0x100:
                r ^= 0x171
        return r & 1

    packed = [shake64._ROUNDS_1_TO_8, shake64._ROUNDS_9_TO_16, shake64._ROUNDS_17_TO_24]
    for round_index in range(24):
        flags = (packed[round_index // 8] >> (7 * (round_index % 8))) & 127
        for j in range(7):
            assert (flags >> j) & 1 == rc(j + 7 * round_index), (round_index, j)
        expected = sum(rc(j + 7 * round_index) << ((1 << j) - 1) for j in range(7))
        constant = shake64._round_constant(flags)
        assert constant % (1 << 64) == expected, round_index
