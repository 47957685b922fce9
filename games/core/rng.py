"""A tiny seeded RNG whose whole state is one integer, so it lives inside a game State.

Why not `random.Random`? Its state is a 625-word tuple: bulky in JSON and slow to copy. SplitMix64 is a
64-bit counter plus a mixer; seed + action log replays a table exactly, and a state round-trips as an int.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from hashlib import shake_128
from operator import itemgetter
from typing import TYPE_CHECKING, Final, TypeVar

from games.core.native64 import WRAPS, from_bits, splitmix, splitmix_bits, to_bits
from games.core.shake64 import shake_order

if TYPE_CHECKING:  # the compiler reads the native type; the source never needs mypy_extensions at run time
    from mypy_extensions import i64

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any user seed into a well-mixed starting state."""
    if WRAPS:  # the compiled build: the same step on machine integers (games/core/native64.py)
        return splitmix(seed & _MASK)[1]
    _, mixed = _mix(seed & _MASK)
    return mixed


def _mix(state: int) -> tuple[int, int]:
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


class Rng:
    """Mutable cursor over an RNG state; read `.state` back into the new game State after use.

    The source keeps the state as an int (`_state`). The compiled build keeps its bit pattern in a machine
    integer (`_bits`, games/core/native64.py): a state above 2**62 is a boxed int there, and converting it
    in and out of every step cost ~1k instructions a draw (several a deal); now only `Rng(...)` and a read
    of `.state` convert."""

    __slots__ = ("_bits", "_state")

    def __init__(self, state: int) -> None:
        if WRAPS:
            self._bits: i64 = to_bits(state & _MASK)
            self._state = 0
        else:
            self._bits = 0
            self._state = state & _MASK

    @property
    def state(self) -> int:
        """The state to store in the game's State (an int in [0, 2**64)); the next draws continue from it."""
        return from_bits(self._bits) if WRAPS else self._state

    def next_u64(self) -> int:
        if WRAPS:  # the compiled build: the same step on machine integers (games/core/native64.py)
            self._bits, value = splitmix_bits(self._bits)
            return from_bits(value)
        # _mix written out (one call and one tuple fewer per draw; the same arithmetic)
        state = self._state = (self._state + _GOLDEN) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def _next_bits(self) -> i64:
        """`next_u64`'s draw as its signed bit pattern, for the compiled build's deal hash
        (games/core/shake64.py), which reads it as a machine integer: only the compiled build calls it."""
        self._bits, bits = splitmix_bits(self._bits)
        return bits

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias (rejection sampling)."""
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
        """A uniformly random permutation of a copy of `items`, using one draw of this RNG.

        Why not Fisher-Yates with a draw per swap? A deal is the costliest step of a simulated game's
        set-up (48 Python-level draws for a 49-card deck). Here one draw seeds SHAKE-128, whose output
        gives every position a 64-bit sort key, and one C-level sort orders them: a uniform permutation
        (two equal keys, chance about n**2 / 2**65, keep their original order), and the same on every
        machine (keys are read little-endian).
        """
        n = len(items)
        if n < 2:
            return list(items)
        if WRAPS and n <= _SELECT_AT_MOST:  # the compiled build, a few items: as shuffled_head does there
            return [items[at] for at in shake_order(self._next_bits(), n, n)]
        by_key = _sort_keys(self.next_u64(), n).__getitem__  # plain ints: a list indexes faster than an array
        return list(itemgetter(*sorted(range(n), key=by_key))(items))

    def shuffled_head(self, items: Sequence[T], count: int) -> list[T]:
        """`self.shuffled(items)[:count]`, the RNG left in the same state, without sorting every item.

        A deal that keeps only the first few of a shuffle (TIMETRAP: two discards of eleven time cards,
        three of seven date cards) takes the `count` smallest of the same keys in order, by C-level `min`
        and `index` (the first of equal keys, where the stable sort puts it): about a third of a shuffle's
        instructions. The compiled build hashes and selects on machine integers instead (games/core/shake64.py).
        tests/timetrap/test_fast_paths.py and tests/core/test_native64.py hold it to `shuffled` over many
        seeds and sizes.
        """
        n = len(items)
        if n < 2:  # shuffled draws nothing then
            return list(items)[:count]
        if count > n:
            count = n
        if WRAPS:  # the compiled build: the hash and the selection on machine integers (games/core/shake64.py)
            return [items[at] for at in shake_order(self._next_bits(), n, count)]
        left = _sort_keys(self.next_u64(), n)
        head: list[T] = []
        while len(head) < count:  # no range(min(...)) to build: ~1.5k instructions a deal fewer on the source
            at = left.index(min(left))
            head.append(items[at])
            left[at] = _TAKEN
        return head


def _sort_keys(draw: int, n: int) -> list[int]:
    """The 64-bit sort keys of `n` positions for one shuffle: SHAKE-128 seeded by the draw, read
    little-endian (the same on every machine). A list, because `sorted`'s key function is its bound
    `__getitem__`: a list's is a method that C calls directly, a tuple's a slot wrapper (about 0.7% of a
    compiled Trickster action slower, counted)."""
    keys = array("Q", shake_128(draw.to_bytes(8, "little")).digest(8 * n))
    if _BIG_ENDIAN:
        keys.byteswap()
    return keys.tolist()


# Up to how many items the compiled build's `shuffled` orders its keys by selection (a pass per three items)
# rather than by `sorted` with a key function: TIMETRAP's four set-up discards, KINGs' king colours.
_SELECT_AT_MOST: Final = 8

_TAKEN: Final = 1 << 64  # above every 64-bit sort key: marks a key shuffled_head has taken


_BIG_ENDIAN: Final = sys.byteorder == "big"
if array("Q").itemsize != 8:  # pragma: no cover - every CPython platform has 8-byte unsigned long long
    raise ImportError("games.core.rng needs 8-byte array('Q') items")
