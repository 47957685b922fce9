"""SplitMix64's step on machine integers, for the compiled build (mypyc) of the seeded RNG.

Why a second copy of the arithmetic? `Rng` keeps its state as an unsigned 64-bit Python int, which the
compiled build holds as a boxed integer once it passes 2**62: every shift, xor, multiply and mask of the
step then allocates one, about 4,000 machine instructions a draw (docs/engine-speed.md). Here the same
step runs on mypyc's native `i64`, which wraps on overflow: the value is carried as its two's-complement
bit pattern, a logical right shift is an arithmetic one masked, and only the way in and out is boxed.

Only the compiled build may call `splitmix`: on the source an `i64` is a plain int that never wraps, so
the result would be wrong. `WRAPS` says which build this is, by asking the arithmetic itself, and `Rng`
takes this path only when it is true. tests/core/test_native64.py holds the native step equal to the
plain one on the compiled build (CI runs it there); on the source, where only the plain step runs, it
checks that the flag is off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # the compiler reads the native type; the source never needs mypy_extensions at run time
    from mypy_extensions import i64

_TWO63: Final = 1 << 63
_MIN: Final[i64] = -(1 << 63)
_MAX: Final[i64] = (1 << 63) - 1
# SplitMix64's constants as signed 64-bit patterns (each is above 2**63)
_GOLDEN: Final[i64] = 0x9E3779B97F4A7C15 - (1 << 64)
_MUL1: Final[i64] = 0xBF58476D1CE4E5B9 - (1 << 64)
_MUL2: Final[i64] = 0x94D049BB133111EB - (1 << 64)
# The same constants as halves: each half (and each low bit) is a small integer, which the compiler writes
# into the machine code. A constant beyond +-2**62 is instead kept as a boxed Python int and unboxed at
# every use (about 50 instructions each, six a draw); `_wide` rebuilds it from its half in two.
_MIN_HALF: Final = _MIN >> 1
_GOLDEN_HALF: Final = _GOLDEN >> 1
_MUL1_HALF: Final = _MUL1 >> 1
_MUL2_HALF: Final = _MUL2 >> 1


def _wide(half: i64, low: i64) -> i64:
    """`2 * half + low`, computed at run time: a 64-bit constant from a half that fits a small int."""
    return half * 2 + low


def _wraps() -> bool:
    """True where `i64` is a machine integer (compiled): the largest one plus one turns negative."""
    top: i64 = _MAX
    return top + 1 < 0


WRAPS: Final = _wraps()


def splitmix(state: int) -> tuple[int, int]:
    """(next state, output) of one SplitMix64 step from `state` in [0, 2**64): `rng._mix`'s values.

    In: `state - 2**63` fits an i64, and flipping its top bit gives `state`'s own bit pattern. Out: the
    reverse. `(x >> k) & (2**(64-k) - 1)` is the unsigned shift."""
    top = _wide(_MIN_HALF, 0)
    s: i64 = state - _TWO63
    s = (s ^ top) + _wide(_GOLDEN_HALF, _GOLDEN & 1)
    z: i64 = (s ^ ((s >> 30) & 0x3_FFFF_FFFF)) * _wide(_MUL1_HALF, _MUL1 & 1)
    z = (z ^ ((z >> 27) & 0x1F_FFFF_FFFF)) * _wide(_MUL2_HALF, _MUL2 & 1)
    z = z ^ ((z >> 31) & 0x1_FFFF_FFFF)
    return int(s ^ top) + _TWO63, int(z ^ top) + _TWO63


def smallest_first(keys: tuple[int, ...], count: int) -> list[int]:
    """The positions of the `count` smallest of a shuffle's 64-bit sort keys, smallest first, the first of
    equal keys first: the order a stable sort gives them. Each unsigned key is given as its signed bit
    pattern (the same 8 bytes read as a signed integer).

    Why: the shuffles of a deal (`Rng.shuffled_head`, and `Rng.shuffled` of a few items) ordered their keys
    by the builtin `min`, `list.index` and `sorted`, each a generic call over boxed 64-bit integers on the
    compiled build: about 5,000 instructions a small shuffle besides the hash. Here a pass reads every key
    once as a machine integer and keeps the three least (key, position) pairs above the last one picked,
    in three pairs of locals; most deals need one pass (TIMETRAP keeps two or three cards of a shuffle).
    Reading a key is the cost (a 64-bit key is a boxed int: about 150 instructions), so the passes are
    few rather than the comparisons. Flipping the top bit (`^ top`) turns the unsigned order into the
    signed one. Correct on both builds (an unbounded int flips the same way within the 64-bit range), but
    only cheap compiled: the source keeps its C-level `min` and `sorted`.
    """
    top = _wide(_MIN_HALF, 0)
    picked: list[int] = []
    last_key: i64 = 0
    last_at: i64 = -1  # nothing picked yet
    while len(picked) < count:
        found: i64 = 0  # how many of the three below hold a pair, least first
        key1: i64 = 0
        at1: i64 = 0
        key2: i64 = 0
        at2: i64 = 0
        key3: i64 = 0
        at3: i64 = 0
        at: i64 = 0
        for raw in keys:
            key: i64 = raw
            key = key ^ top
            # equal keys arrive in position order, so "after the last picked" and "less than" decide ties
            above_last = last_at < 0 or key > last_key or (key == last_key and at > last_at)
            if above_last and (found < 3 or key < key3):
                if found < 1 or key < key1:
                    key3, at3, key2, at2, key1, at1 = key2, at2, key1, at1, key, at
                elif found < 2 or key < key2:
                    key3, at3, key2, at2 = key2, at2, key, at
                else:
                    key3, at3 = key, at
                if found < 3:
                    found += 1
            at += 1  # noqa: SIM113 - a machine-integer position; enumerate's would be a Python int
        if found == 0:  # fewer keys than `count`
            break
        picked.append(int(at1))
        last_key, last_at = key1, at1
        if found > 1 and len(picked) < count:
            picked.append(int(at2))
            last_key, last_at = key2, at2
            if found > 2 and len(picked) < count:
                picked.append(int(at3))
                last_key, last_at = key3, at3
    return picked
