"""Short garbage-collection pauses with many tables loaded.

CPython's full collection walks every tracked object, so its pause grows with the tables in memory (about
18 tracked objects per loaded table: the State, TableInfo and its seats, clocks, lock…): ~100-170 ms at
10,000 loaded tables, and under load it comes every few thousand actions. Table data lives long and holds
no reference cycles, so it need not be walked again and again: whatever survives a collection of the two
young generations (which has just freed the young cycles) is frozen into the permanent generation
(`gc.freeze`, O(1)) instead of being promoted to the old generation. A full collection then has almost
nothing to walk, whatever the number of loaded tables. Measured with `python -m bot.bench --tables 10000`
(docs/architecture.md). Frozen objects are still freed by reference counting as usual (a replaced State,
an evicted table); only a reference cycle that dies after it was frozen is not reclaimed until `sweep()`
(unfreeze, one full collection, freeze again), which the clock loop runs once an hour: that one pause is
as long as a full collection without this policy. The bench reports how many such cycles it found.

The young generation needs help too. CPython starts a young collection when allocations exceed
deallocations by 700, and a freed old object counts as a deallocation: when every action allocates a new
State and frees the one it replaces, the count stays low while the young list grows to every State
created since (measured: young collections walking 100,000+ objects, 100 ms). So `tick()`, called after
each group commit, collects the youngest generation itself every YOUNG_EVERY commits (about a thousand new
objects: ~2 ms of CPU at most, where every 8 commits measured 7 ms), and every tenth time the next one (its
survivors are frozen). Every commit would
cost more (a collection has a fixed cost of tens of µs), and with fewer than TICK_FROM_TABLES tables loaded
the host does not tick at all: CPython's own young collections then stay a few ms long, and ticking cost
about 5 µs of CPU per action at 1,000 tables (measured with the bench).

Process-wide and opt-in (`Settings.gc_freeze`: on for the bot, off for tests and tools that make their own
Settings), since a test session creates and drops cyclic garbage all the time.
"""

from __future__ import annotations

import gc
import time
from typing import Any

SWEEP_SECONDS = 3600.0  # how often frozen objects are examined again (one full, long pause)

YOUNG_EVERY = 2  # group commits between two collections of the youngest generation
MIDDLE_EVERY = 10  # collections of the youngest generation between two of the middle one
TICK_FROM_TABLES = 2000  # loaded tables from which the host ticks after its group commits

_installed = False
_last_sweep = time.monotonic()
_ticks = 0


def _freeze_survivors(phase: str, info: dict[str, Any]) -> None:
    if phase == "stop" and info.get("generation", 0) >= 1:
        gc.freeze()


def install() -> None:
    """Freeze what was loaded so far, and from now on whatever survives a collection of the young
    generations. Idempotent."""
    global _installed
    if not _installed:
        gc.callbacks.append(_freeze_survivors)
        _installed = True
    gc.collect()  # the callback freezes the survivors: modules, the engines' tables, the store


def uninstall() -> None:
    """Back to CPython's default (tests); frozen objects are examined again."""
    global _installed
    if _installed:
        gc.callbacks.remove(_freeze_survivors)
        _installed = False
    gc.unfreeze()


def installed() -> bool:
    return _installed


def tick() -> None:
    """After a group commit: collect the young generations while they are small (see above)."""
    global _ticks
    if _installed:
        _ticks += 1
        if _ticks % YOUNG_EVERY == 0:
            gc.collect(1 if _ticks % (YOUNG_EVERY * MIDDLE_EVERY) == 0 else 0)


def thaw() -> int:
    """Examine every frozen object once more (one long pause) and freeze the survivors again; returns
    the unreachable objects found, i.e. the cycles that had died frozen."""
    gc.unfreeze()
    found = gc.collect()
    if not _installed:
        return found
    gc.freeze()
    return found


def sweep(now: float | None = None) -> bool:
    """Once every SWEEP_SECONDS: examine the frozen objects again (frees cycles that formed among them).
    Returns True when it ran."""
    global _last_sweep
    now = time.monotonic() if now is None else now
    if not _installed or now - _last_sweep < SWEEP_SECONDS:
        return False
    _last_sweep = now
    thaw()
    return True
