"""One decision at a time on a table: a first-come, first-served lock whose free case costs a plain call.

Every click takes its table's lock. `async with asyncio.Lock()` runs two coroutines to do it (`__aenter__`
and `acquire`) and a third to let go (`__aexit__`), even when nobody else holds the lock, which is nearly
always: about 1% of the host's CPU per action in `python -m bot.bench`. Here a free lock is taken by
`take_now()`; only a caller that finds it held awaits `take()`.

Same promises as asyncio.Lock: waiters are served in the order they came, a free lock is never taken
ahead of a waiter, and a waiter cancelled while it waits (or just after it was handed the lock) does not
keep the lock from the others.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque


class TableLock:
    __slots__ = ("_held", "_waiters")

    def __init__(self) -> None:
        self._held = False
        # waiters in arrival order; `release` hands the lock straight to the first one still waiting
        self._waiters: deque[asyncio.Future[None]] = deque()

    def locked(self) -> bool:
        return self._held

    def take_now(self) -> bool:
        """Take the lock if it is free and nobody waits for it; False (nothing taken) otherwise."""
        if self._held or self._waiters:
            return False
        self._held = True
        return True

    async def take(self) -> None:
        """Wait for the lock and take it (in arrival order)."""
        if self.take_now():
            return
        handed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(handed)
        try:
            await handed
        except asyncio.CancelledError:
            if handed.done() and not handed.cancelled():
                self.release()  # handed the lock as we were cancelled: pass it on
            raise
        finally:
            if handed.cancelled():  # `release` drops waiters it finds cancelled: it may be gone already
                with contextlib.suppress(ValueError):
                    self._waiters.remove(handed)

    def release(self) -> None:
        """Let go: the first caller still waiting now holds the lock, or it is free."""
        if not self._held:
            raise RuntimeError("TableLock.release: the lock is not held")
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)  # the lock stays held, now on the waiter's behalf
                return
        self._held = False
