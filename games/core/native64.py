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

from typing import TYPE_CHECKING, Final, final

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
# every use (about 50 instructions each, six a draw); `wide` rebuilds it from its half in two.
MIN_HALF: Final = _MIN >> 1
_GOLDEN_HALF: Final = _GOLDEN >> 1
_MUL1_HALF: Final = _MUL1 >> 1
_MUL2_HALF: Final = _MUL2 >> 1


def wide(half: i64, low: i64) -> i64:
    """`2 * half + low`, computed at run time: a 64-bit constant from a half that fits a small int."""
    return half * 2 + low


def _wraps() -> bool:
    """True where `i64` is a machine integer (compiled): the largest one plus one turns negative."""
    top: i64 = _MAX
    return top + 1 < 0


WRAPS: Final = _wraps()


def splitmix(state: int) -> tuple[int, int]:
    """(next state, output) of one SplitMix64 step from `state` in [0, 2**64): `rng._mix`'s values."""
    next_bits, output = splitmix_bits(to_bits(state))
    return from_bits(next_bits), from_bits(output)


def splitmix_bits(bits: i64) -> tuple[i64, i64]:
    """One SplitMix64 step on bit patterns: (next state, output), each an unsigned 64-bit value given as its
    signed bit pattern (`to_bits`). What the compiled `Rng` steps: nothing boxed. `(x >> k) & (2**(64-k) - 1)`
    is the unsigned shift."""
    s = bits + wide(_GOLDEN_HALF, _GOLDEN & 1)
    z: i64 = (s ^ ((s >> 30) & 0x3_FFFF_FFFF)) * wide(_MUL1_HALF, _MUL1 & 1)
    z = (z ^ ((z >> 27) & 0x1F_FFFF_FFFF)) * wide(_MUL2_HALF, _MUL2 & 1)
    return s, z ^ ((z >> 31) & 0x1_FFFF_FFFF)


def to_bits(value: int) -> i64:
    """The signed bit pattern of `value` in [0, 2**64): `value - 2**63` fits an i64, and flipping its top bit
    gives `value`'s own bits."""
    shifted: i64 = value - _TWO63
    return shifted ^ wide(MIN_HALF, 0)


def from_bits(bits: i64) -> int:
    """The unsigned value in [0, 2**64) whose bit pattern `bits` is: `to_bits` undone."""
    return int(bits ^ wide(MIN_HALF, 0)) + _TWO63


def smallest_first(keys: list[int], count: int) -> list[int]:
    """The positions of the `count` smallest of `keys`, each a 64-bit unsigned key given as its signed bit
    pattern: `Smallest` fed from a list (the deal offers its keys straight from the hash, games/core/shake64.py)."""
    pick = Smallest(count)
    while pick.wants_more():
        at: i64 = 0
        for key in keys:
            pick.offer(key, at)
            at += 1  # noqa: SIM113 - a machine-integer position; enumerate's would be a Python int
        pick.end_pass()
    return pick.picked


@final
class Smallest:
    """The positions of the `count` smallest of a shuffle's 64-bit sort keys, smallest first, the first of
    equal keys first: the order a stable sort gives them. Each unsigned key is offered as its signed bit
    pattern (the same 8 bytes read as a signed integer), with its position, in position order.

    Why: the shuffles of a deal (`Rng.shuffled_head`, and `Rng.shuffled` of a few items) ordered their keys
    by the builtin `min`, `list.index` and `sorted`, each a generic call over boxed 64-bit integers on the
    compiled build: about 5,000 instructions a small shuffle besides the hash. Here a pass offers every key
    once as a machine integer, and the three least (key, position) pairs above the last one picked are kept
    in fields; most deals need one pass (TIMETRAP keeps two or three cards of a shuffle). Flipping the top
    bit (`^ top`) turns the unsigned order into the signed one. Correct on both builds (an unbounded int
    flips the same way within the 64-bit range), but only cheap compiled.

    A pass: `offer` each key with its position, then `end_pass`; again while `wants_more`. `picked` holds
    the positions, smallest first.
    """

    def __init__(self, count: int) -> None:
        self.count: i64 = count
        self.picked: list[int] = []
        self.top: i64 = wide(MIN_HALF, 0)
        self.last_key: i64 = 0
        self.last_at: i64 = -1  # nothing picked yet
        self.found: i64 = 0  # how many of the three pairs below hold a key this pass, least first
        self.more: bool = count > 0
        self.key1: i64 = 0
        self.at1: i64 = 0
        self.key2: i64 = 0
        self.at2: i64 = 0
        self.key3: i64 = 0
        self.at3: i64 = 0

    def wants_more(self) -> bool:
        return self.more

    def offer(self, raw: i64, at: i64) -> None:
        """One key of this pass; keys come in position order, so "after the last picked" and "less than"
        decide ties."""
        key = raw ^ self.top
        if self.last_at >= 0 and (key < self.last_key or (key == self.last_key and at <= self.last_at)):
            return  # picked already, or before the last picked
        found = self.found
        if found < 3 or key < self.key3:
            if found < 1 or key < self.key1:
                self.key3, self.at3, self.key2, self.at2 = self.key2, self.at2, self.key1, self.at1
                self.key1, self.at1 = key, at
            elif found < 2 or key < self.key2:
                self.key3, self.at3 = self.key2, self.at2
                self.key2, self.at2 = key, at
            else:
                self.key3, self.at3 = key, at
            if found < 3:
                self.found = found + 1

    def end_pass(self) -> None:
        """Take this pass's least keys, up to `count` in all; another pass is wanted if some remain."""
        found = self.found
        picked = self.picked
        if found == 0:  # fewer keys than `count`
            self.more = False
            return
        picked.append(int(self.at1))
        self.last_key, self.last_at = self.key1, self.at1
        if found > 1 and len(picked) < self.count:
            picked.append(int(self.at2))
            self.last_key, self.last_at = self.key2, self.at2
            if found > 2 and len(picked) < self.count:
                picked.append(int(self.at3))
                self.last_key, self.last_at = self.key3, self.at3
        self.found = 0
        self.more = len(picked) < self.count
