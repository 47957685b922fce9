"""SHAKE-128 of one 64-bit draw on machine integers: the compiled build's deal keys without hashlib.

Why: every shuffle of a deal (games/core/rng.py) seeds SHAKE-128 with one draw, as eight little-endian
bytes, and reads 64-bit sort keys from its output. Through hashlib, each shuffle of the compiled build set
up and tore down an OpenSSL digest context, then read the bytes back as boxed integers, which the
selection of the first cards unboxed again: about 12,800 machine instructions a shuffle, five shuffles in
a two-player TIMETRAP deal. Here Keccak-f[1600], the permutation under SHAKE-128 (FIPS 202), runs on
mypyc's native `i64` in local variables, and `shake_order` offers each key to the selection
(`native64.Smallest`) as a machine integer, never boxed. The output is hashlib's, word for word:
tests/core/test_shake64.py holds both functions to `hashlib.shake_128` over many draws and lengths on the
compiled build.

Only the compiled build may call these functions: on the source an `i64` is a plain int that never wraps
and the shifts below would overflow into wrong keys; there (`native64.WRAPS` false) the RNG keeps hashlib.

How it is written: the permutation spelled out on named lanes (lane `a{x + 5*y}` is the state's word at
column x, row y), two rounds at a time, from the lanes a* into a second copy e* and back, so that each
lane is read once and written once a round and each row of the result is finished as soon as its five
inputs are (the form that kept the most values in machine registers of the ones counted). A rotation is
`(t << k) | ((t >> (64 - k)) & (2**k - 1))`, the masked arithmetic shift being the unsigned one; every
constant fits mypyc's small integers (a larger one is kept boxed and unboxed at each use).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from games.core.native64 import MIN_HALF, Smallest, smallest_first, wide

if TYPE_CHECKING:  # the compiler reads the native type; the source never needs mypy_extensions at run time
    from mypy_extensions import i64

RATE_WORDS: Final = 21  # SHAKE-128 reads 168 bytes, 21 words, from each permutation

# Keccak's 24 round constants (FIPS 202, algorithm 5: rc(t) from the LFSR x**8 + x**6 + x**5 + x**4 + 1).
# A round constant sets only bits 0, 1, 3, 7, 15, 31 and 63: here each is its seven flags (bit j for bit
# 2**j - 1), eight rounds to a word, the first round in the low bits. Written out, because a constant the
# compiler can read stays in the machine code (a tuple of them was read and unboxed each round: about 2,000
# instructions a shuffle). tests/core/test_shake64.py derives them again from the LFSR.
_ROUNDS_1_TO_8: Final[i64] = 0xAB_E509_FE17_8D01
_ROUNDS_9_TO_16: Final[i64] = 0xA7_767B_F4CD_460E
_ROUNDS_17_TO_24: Final[i64] = 0xE8_86C7_9CC5_A452


def shake_order(draw: i64, n: int, count: int) -> list[int]:
    """`native64.smallest_first(shake_keys(draw, n), count)`: the positions of the `count` least of the
    `n` keys, smallest first, ties in position order. Up to one permutation's 21 keys the keys go from the
    lanes to the selection as machine integers."""
    if n > RATE_WORDS:
        return smallest_first(shake_keys(draw, n), count)
    (
        a0,
        a1,
        a2,
        a3,
        a4,
        a5,
        a6,
        a7,
        a8,
        a9,
        a10,
        a11,
        a12,
        a13,
        a14,
        a15,
        a16,
        a17,
        a18,
        a19,
        a20,
        a21,
        a22,
        a23,
        a24,
    ) = _absorbed(draw)
    (
        a0,
        a1,
        a2,
        a3,
        a4,
        a5,
        a6,
        a7,
        a8,
        a9,
        a10,
        a11,
        a12,
        a13,
        a14,
        a15,
        a16,
        a17,
        a18,
        a19,
        a20,
        _,
        _,
        _,
        _,
    ) = _permute(
        a0,
        a1,
        a2,
        a3,
        a4,
        a5,
        a6,
        a7,
        a8,
        a9,
        a10,
        a11,
        a12,
        a13,
        a14,
        a15,
        a16,
        a17,
        a18,
        a19,
        a20,
        a21,
        a22,
        a23,
        a24,
    )
    pick = Smallest(count)
    while pick.wants_more():
        if n > 0:
            pick.offer(a0, 0)
        if n > 1:
            pick.offer(a1, 1)
        if n > 2:
            pick.offer(a2, 2)
        if n > 3:
            pick.offer(a3, 3)
        if n > 4:
            pick.offer(a4, 4)
        if n > 5:
            pick.offer(a5, 5)
        if n > 6:
            pick.offer(a6, 6)
        if n > 7:
            pick.offer(a7, 7)
        if n > 8:
            pick.offer(a8, 8)
        if n > 9:
            pick.offer(a9, 9)
        if n > 10:
            pick.offer(a10, 10)
        if n > 11:
            pick.offer(a11, 11)
        if n > 12:
            pick.offer(a12, 12)
        if n > 13:
            pick.offer(a13, 13)
        if n > 14:
            pick.offer(a14, 14)
        if n > 15:
            pick.offer(a15, 15)
        if n > 16:
            pick.offer(a16, 16)
        if n > 17:
            pick.offer(a17, 17)
        if n > 18:
            pick.offer(a18, 18)
        if n > 19:
            pick.offer(a19, 19)
        if n > 20:
            pick.offer(a20, 20)
        pick.end_pass()
    return pick.picked


def shake_keys(draw: i64, n: int) -> list[int]:
    """The first `n` 64-bit little-endian words of SHAKE-128 of the draw's eight little-endian bytes, each
    given as its signed bit pattern (what `struct` reads as `q`). `draw` is the draw's own signed bit
    pattern (`native64.to_bits`), as the keys are."""
    (
        a0,
        a1,
        a2,
        a3,
        a4,
        a5,
        a6,
        a7,
        a8,
        a9,
        a10,
        a11,
        a12,
        a13,
        a14,
        a15,
        a16,
        a17,
        a18,
        a19,
        a20,
        a21,
        a22,
        a23,
        a24,
    ) = _absorbed(draw)
    keys: list[int] = []
    while len(keys) < n:
        (
            a0,
            a1,
            a2,
            a3,
            a4,
            a5,
            a6,
            a7,
            a8,
            a9,
            a10,
            a11,
            a12,
            a13,
            a14,
            a15,
            a16,
            a17,
            a18,
            a19,
            a20,
            a21,
            a22,
            a23,
            a24,
        ) = _permute(
            a0,
            a1,
            a2,
            a3,
            a4,
            a5,
            a6,
            a7,
            a8,
            a9,
            a10,
            a11,
            a12,
            a13,
            a14,
            a15,
            a16,
            a17,
            a18,
            a19,
            a20,
            a21,
            a22,
            a23,
            a24,
        )
        keys.append(a0)
        if len(keys) == n:
            break
        keys.append(a1)
        if len(keys) == n:
            break
        keys.append(a2)
        if len(keys) == n:
            break
        keys.append(a3)
        if len(keys) == n:
            break
        keys.append(a4)
        if len(keys) == n:
            break
        keys.append(a5)
        if len(keys) == n:
            break
        keys.append(a6)
        if len(keys) == n:
            break
        keys.append(a7)
        if len(keys) == n:
            break
        keys.append(a8)
        if len(keys) == n:
            break
        keys.append(a9)
        if len(keys) == n:
            break
        keys.append(a10)
        if len(keys) == n:
            break
        keys.append(a11)
        if len(keys) == n:
            break
        keys.append(a12)
        if len(keys) == n:
            break
        keys.append(a13)
        if len(keys) == n:
            break
        keys.append(a14)
        if len(keys) == n:
            break
        keys.append(a15)
        if len(keys) == n:
            break
        keys.append(a16)
        if len(keys) == n:
            break
        keys.append(a17)
        if len(keys) == n:
            break
        keys.append(a18)
        if len(keys) == n:
            break
        keys.append(a19)
        if len(keys) == n:
            break
        keys.append(a20)
    return keys


def _absorbed(
    draw: i64,
) -> tuple[
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
]:
    """The state after absorbing the draw: its eight bytes, SHAKE's domain bits with the first padding bit
    (0x1F) in the next byte, and the last padding bit at the top of the rate's last byte (byte 167)."""
    return (draw, 0x1F, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, wide(MIN_HALF, 0), 0, 0, 0, 0)


def _round_constant(flags: i64) -> i64:
    """A round constant from its seven flags (bit j of `flags` sets bit 2**j - 1)."""
    return (
        (flags & 3)
        | ((flags & 4) << 1)
        | ((flags & 8) << 4)
        | ((flags & 16) << 11)
        | ((flags & 32) << 26)
        | ((flags & 64) << 57)
    )


def _permute(
    a0: i64,
    a1: i64,
    a2: i64,
    a3: i64,
    a4: i64,
    a5: i64,
    a6: i64,
    a7: i64,
    a8: i64,
    a9: i64,
    a10: i64,
    a11: i64,
    a12: i64,
    a13: i64,
    a14: i64,
    a15: i64,
    a16: i64,
    a17: i64,
    a18: i64,
    a19: i64,
    a20: i64,
    a21: i64,
    a22: i64,
    a23: i64,
    a24: i64,
) -> tuple[
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
]:
    """Keccak-f[1600]: 24 rounds of theta, rho, pi, chi and iota on the 25 lanes."""
    # each column's parity, which a round's first step (theta) reads: a round leaves the next one's here
    c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20
    c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21
    c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22
    c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23
    c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24
    for word in range(3):
        flags: i64 = _ROUNDS_1_TO_8 if word == 0 else _ROUNDS_9_TO_16 if word == 1 else _ROUNDS_17_TO_24
        for _ in range(4):
            first = _round_constant(flags & 127)
            second = _round_constant((flags >> 7) & 127)
            flags = flags >> 14
            d0 = c4 ^ ((c1 << 1) | ((c1 >> 63) & 0x1))
            d1 = c0 ^ ((c2 << 1) | ((c2 >> 63) & 0x1))
            d2 = c1 ^ ((c3 << 1) | ((c3 >> 63) & 0x1))
            d3 = c2 ^ ((c4 << 1) | ((c4 >> 63) & 0x1))
            d4 = c3 ^ ((c0 << 1) | ((c0 >> 63) & 0x1))
            b0 = a0 ^ d0
            t = a6 ^ d1
            b1 = (t << 44) | ((t >> 20) & 0xFFFFFFFFFFF)
            t = a12 ^ d2
            b2 = (t << 43) | ((t >> 21) & 0x7FFFFFFFFFF)
            t = a18 ^ d3
            b3 = (t << 21) | ((t >> 43) & 0x1FFFFF)
            t = a24 ^ d4
            b4 = (t << 14) | ((t >> 50) & 0x3FFF)
            e0 = b0 ^ (~b1 & b2)
            e0 = e0 ^ first
            c0 = e0
            e1 = b1 ^ (~b2 & b3)
            c1 = e1
            e2 = b2 ^ (~b3 & b4)
            c2 = e2
            e3 = b3 ^ (~b4 & b0)
            c3 = e3
            e4 = b4 ^ (~b0 & b1)
            c4 = e4
            t = a3 ^ d3
            b0 = (t << 28) | ((t >> 36) & 0xFFFFFFF)
            t = a9 ^ d4
            b1 = (t << 20) | ((t >> 44) & 0xFFFFF)
            t = a10 ^ d0
            b2 = (t << 3) | ((t >> 61) & 0x7)
            t = a16 ^ d1
            b3 = (t << 45) | ((t >> 19) & 0x1FFFFFFFFFFF)
            t = a22 ^ d2
            b4 = (t << 61) | ((t >> 3) & 0x1FFFFFFFFFFFFFFF)
            e5 = b0 ^ (~b1 & b2)
            c0 = c0 ^ e5
            e6 = b1 ^ (~b2 & b3)
            c1 = c1 ^ e6
            e7 = b2 ^ (~b3 & b4)
            c2 = c2 ^ e7
            e8 = b3 ^ (~b4 & b0)
            c3 = c3 ^ e8
            e9 = b4 ^ (~b0 & b1)
            c4 = c4 ^ e9
            t = a1 ^ d1
            b0 = (t << 1) | ((t >> 63) & 0x1)
            t = a7 ^ d2
            b1 = (t << 6) | ((t >> 58) & 0x3F)
            t = a13 ^ d3
            b2 = (t << 25) | ((t >> 39) & 0x1FFFFFF)
            t = a19 ^ d4
            b3 = (t << 8) | ((t >> 56) & 0xFF)
            t = a20 ^ d0
            b4 = (t << 18) | ((t >> 46) & 0x3FFFF)
            e10 = b0 ^ (~b1 & b2)
            c0 = c0 ^ e10
            e11 = b1 ^ (~b2 & b3)
            c1 = c1 ^ e11
            e12 = b2 ^ (~b3 & b4)
            c2 = c2 ^ e12
            e13 = b3 ^ (~b4 & b0)
            c3 = c3 ^ e13
            e14 = b4 ^ (~b0 & b1)
            c4 = c4 ^ e14
            t = a4 ^ d4
            b0 = (t << 27) | ((t >> 37) & 0x7FFFFFF)
            t = a5 ^ d0
            b1 = (t << 36) | ((t >> 28) & 0xFFFFFFFFF)
            t = a11 ^ d1
            b2 = (t << 10) | ((t >> 54) & 0x3FF)
            t = a17 ^ d2
            b3 = (t << 15) | ((t >> 49) & 0x7FFF)
            t = a23 ^ d3
            b4 = (t << 56) | ((t >> 8) & 0xFFFFFFFFFFFFFF)
            e15 = b0 ^ (~b1 & b2)
            c0 = c0 ^ e15
            e16 = b1 ^ (~b2 & b3)
            c1 = c1 ^ e16
            e17 = b2 ^ (~b3 & b4)
            c2 = c2 ^ e17
            e18 = b3 ^ (~b4 & b0)
            c3 = c3 ^ e18
            e19 = b4 ^ (~b0 & b1)
            c4 = c4 ^ e19
            t = a2 ^ d2
            b0 = (t << 62) | ((t >> 2) & 0x3FFFFFFFFFFFFFFF)
            t = a8 ^ d3
            b1 = (t << 55) | ((t >> 9) & 0x7FFFFFFFFFFFFF)
            t = a14 ^ d4
            b2 = (t << 39) | ((t >> 25) & 0x7FFFFFFFFF)
            t = a15 ^ d0
            b3 = (t << 41) | ((t >> 23) & 0x1FFFFFFFFFF)
            t = a21 ^ d1
            b4 = (t << 2) | ((t >> 62) & 0x3)
            e20 = b0 ^ (~b1 & b2)
            c0 = c0 ^ e20
            e21 = b1 ^ (~b2 & b3)
            c1 = c1 ^ e21
            e22 = b2 ^ (~b3 & b4)
            c2 = c2 ^ e22
            e23 = b3 ^ (~b4 & b0)
            c3 = c3 ^ e23
            e24 = b4 ^ (~b0 & b1)
            c4 = c4 ^ e24
            d0 = c4 ^ ((c1 << 1) | ((c1 >> 63) & 0x1))
            d1 = c0 ^ ((c2 << 1) | ((c2 >> 63) & 0x1))
            d2 = c1 ^ ((c3 << 1) | ((c3 >> 63) & 0x1))
            d3 = c2 ^ ((c4 << 1) | ((c4 >> 63) & 0x1))
            d4 = c3 ^ ((c0 << 1) | ((c0 >> 63) & 0x1))
            b0 = e0 ^ d0
            t = e6 ^ d1
            b1 = (t << 44) | ((t >> 20) & 0xFFFFFFFFFFF)
            t = e12 ^ d2
            b2 = (t << 43) | ((t >> 21) & 0x7FFFFFFFFFF)
            t = e18 ^ d3
            b3 = (t << 21) | ((t >> 43) & 0x1FFFFF)
            t = e24 ^ d4
            b4 = (t << 14) | ((t >> 50) & 0x3FFF)
            a0 = b0 ^ (~b1 & b2)
            a0 = a0 ^ second
            c0 = a0
            a1 = b1 ^ (~b2 & b3)
            c1 = a1
            a2 = b2 ^ (~b3 & b4)
            c2 = a2
            a3 = b3 ^ (~b4 & b0)
            c3 = a3
            a4 = b4 ^ (~b0 & b1)
            c4 = a4
            t = e3 ^ d3
            b0 = (t << 28) | ((t >> 36) & 0xFFFFFFF)
            t = e9 ^ d4
            b1 = (t << 20) | ((t >> 44) & 0xFFFFF)
            t = e10 ^ d0
            b2 = (t << 3) | ((t >> 61) & 0x7)
            t = e16 ^ d1
            b3 = (t << 45) | ((t >> 19) & 0x1FFFFFFFFFFF)
            t = e22 ^ d2
            b4 = (t << 61) | ((t >> 3) & 0x1FFFFFFFFFFFFFFF)
            a5 = b0 ^ (~b1 & b2)
            c0 = c0 ^ a5
            a6 = b1 ^ (~b2 & b3)
            c1 = c1 ^ a6
            a7 = b2 ^ (~b3 & b4)
            c2 = c2 ^ a7
            a8 = b3 ^ (~b4 & b0)
            c3 = c3 ^ a8
            a9 = b4 ^ (~b0 & b1)
            c4 = c4 ^ a9
            t = e1 ^ d1
            b0 = (t << 1) | ((t >> 63) & 0x1)
            t = e7 ^ d2
            b1 = (t << 6) | ((t >> 58) & 0x3F)
            t = e13 ^ d3
            b2 = (t << 25) | ((t >> 39) & 0x1FFFFFF)
            t = e19 ^ d4
            b3 = (t << 8) | ((t >> 56) & 0xFF)
            t = e20 ^ d0
            b4 = (t << 18) | ((t >> 46) & 0x3FFFF)
            a10 = b0 ^ (~b1 & b2)
            c0 = c0 ^ a10
            a11 = b1 ^ (~b2 & b3)
            c1 = c1 ^ a11
            a12 = b2 ^ (~b3 & b4)
            c2 = c2 ^ a12
            a13 = b3 ^ (~b4 & b0)
            c3 = c3 ^ a13
            a14 = b4 ^ (~b0 & b1)
            c4 = c4 ^ a14
            t = e4 ^ d4
            b0 = (t << 27) | ((t >> 37) & 0x7FFFFFF)
            t = e5 ^ d0
            b1 = (t << 36) | ((t >> 28) & 0xFFFFFFFFF)
            t = e11 ^ d1
            b2 = (t << 10) | ((t >> 54) & 0x3FF)
            t = e17 ^ d2
            b3 = (t << 15) | ((t >> 49) & 0x7FFF)
            t = e23 ^ d3
            b4 = (t << 56) | ((t >> 8) & 0xFFFFFFFFFFFFFF)
            a15 = b0 ^ (~b1 & b2)
            c0 = c0 ^ a15
            a16 = b1 ^ (~b2 & b3)
            c1 = c1 ^ a16
            a17 = b2 ^ (~b3 & b4)
            c2 = c2 ^ a17
            a18 = b3 ^ (~b4 & b0)
            c3 = c3 ^ a18
            a19 = b4 ^ (~b0 & b1)
            c4 = c4 ^ a19
            t = e2 ^ d2
            b0 = (t << 62) | ((t >> 2) & 0x3FFFFFFFFFFFFFFF)
            t = e8 ^ d3
            b1 = (t << 55) | ((t >> 9) & 0x7FFFFFFFFFFFFF)
            t = e14 ^ d4
            b2 = (t << 39) | ((t >> 25) & 0x7FFFFFFFFF)
            t = e15 ^ d0
            b3 = (t << 41) | ((t >> 23) & 0x1FFFFFFFFFF)
            t = e21 ^ d1
            b4 = (t << 2) | ((t >> 62) & 0x3)
            a20 = b0 ^ (~b1 & b2)
            c0 = c0 ^ a20
            a21 = b1 ^ (~b2 & b3)
            c1 = c1 ^ a21
            a22 = b2 ^ (~b3 & b4)
            c2 = c2 ^ a22
            a23 = b3 ^ (~b4 & b0)
            c3 = c3 ^ a23
            a24 = b4 ^ (~b0 & b1)
            c4 = c4 ^ a24
    return (
        a0,
        a1,
        a2,
        a3,
        a4,
        a5,
        a6,
        a7,
        a8,
        a9,
        a10,
        a11,
        a12,
        a13,
        a14,
        a15,
        a16,
        a17,
        a18,
        a19,
        a20,
        a21,
        a22,
        a23,
        a24,
    )
