"""Copy-on-write edits of per-seat card zones (hands, Houses, tableaus), shared by both editions'
working copies (games/trickster/fx.py, games/trickster/cot/work.py).

A working copy starts with the input State's tuple of zones; the first edit copies it into a list
(the input is never touched), later edits change that list in place, and `freeze()` turns it back into
a tuple. Each function returns the list to store back on the working copy.
"""

from __future__ import annotations

Zones = list[tuple[int, ...]] | tuple[tuple[int, ...], ...]


def take(zones: Zones, seat: int, card: int) -> list[tuple[int, ...]]:
    """`card` out of `seat`'s zone (it must be there)."""
    if isinstance(zones, tuple):
        zones = list(zones)
    zone = zones[seat]
    i = zone.index(card)
    zones[seat] = zone[:i] + zone[i + 1 :]
    return zones


def put(zones: Zones, seat: int, card: int) -> list[tuple[int, ...]]:
    """`card` onto the end of `seat`'s zone (`t + (x,)`: on 3.11 `(*t, x)` builds a list first)."""
    if isinstance(zones, tuple):
        zones = list(zones)
    zones[seat] = zones[seat] + (card,)
    return zones


def replace(zones: Zones, seat: int, cards: tuple[int, ...]) -> list[tuple[int, ...]]:
    """`seat`'s zone replaced by `cards`."""
    if isinstance(zones, tuple):
        zones = list(zones)
    zones[seat] = cards
    return zones
