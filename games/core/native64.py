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


def _wraps() -> bool:
    """True where `i64` is a machine integer (compiled): the largest one plus one turns negative."""
    top: i64 = _MAX
    return top + 1 < 0


WRAPS: Final = _wraps()


def splitmix(state: int) -> tuple[int, int]:
    """(next state, output) of one SplitMix64 step from `state` in [0, 2**64): `rng._mix`'s values.

    In: `state - 2**63` fits an i64, and flipping its top bit gives `state`'s own bit pattern. Out: the
    reverse. `(x >> k) & (2**(64-k) - 1)` is the unsigned shift."""
    s: i64 = state - _TWO63
    s = (s ^ _MIN) + _GOLDEN
    z: i64 = (s ^ ((s >> 30) & 0x3_FFFF_FFFF)) * _MUL1
    z = (z ^ ((z >> 27) & 0x1F_FFFF_FFFF)) * _MUL2
    z = z ^ ((z >> 31) & 0x1_FFFF_FFFF)
    return int(s ^ _MIN) + _TWO63, int(z ^ _MIN) + _TWO63
