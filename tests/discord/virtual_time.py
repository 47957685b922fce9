"""An event loop whose clock is virtual: waiting costs no real time.

Why: Discord's limits are measured in seconds and minutes (5 messages per 5 s per channel, an hour before
an edit counts as old, a minute of 503s), and discord.py honours them with `asyncio.sleep` and the loop's
`time()`. A test of those limits must not sleep for real minutes. On this loop `time()` moves only when
the loop has nothing to do: when every task waits for a timer, the clock jumps to the next timer.

Threads are the one trap: the SQLite store (aiosqlite) and picture drawing and the AI pool
(`run_in_executor`) run on worker threads and wake the loop when done. The loop counts that work in
flight (`thread_work`) and, while any is, waits for it in real time: it never jumps over work in flight,
so a `wait_for` cannot time out because a commit took a real millisecond.

    virtual_time.run(main())   # like asyncio.run, on this loop
"""

from __future__ import annotations

import asyncio
import functools
import selectors
import time
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import aiosqlite.core

T = TypeVar("T")

_REAL_POLL = 0.002  # seconds of real time between looks while a worker thread is busy


def _counted(method: Callable[..., Coroutine[Any, Any, Any]]) -> Callable[..., Coroutine[Any, Any, Any]]:
    """Wrap an aiosqlite coroutine that waits for its worker thread so a virtual loop counts it."""

    @functools.wraps(method)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        if not isinstance(loop, VirtualTimeLoop):
            return await method(*args, **kwargs)
        loop.thread_work += 1
        try:
            return await method(*args, **kwargs)
        finally:
            loop.thread_work -= 1

    wrapper.__virtual_counted__ = True  # type: ignore[attr-defined]
    return wrapper


def _count_aiosqlite() -> None:
    for name in ("_execute", "_connect"):
        method = getattr(aiosqlite.core.Connection, name)
        if not getattr(method, "__virtual_counted__", False):
            setattr(aiosqlite.core.Connection, name, _counted(method))


class _VirtualSelector(selectors.BaseSelector):
    """Wraps the real selector: real I/O is still polled, but a wait for a timer is skipped."""

    def __init__(self, loop: VirtualTimeLoop, real: selectors.BaseSelector) -> None:
        self._loop = loop
        self._real = real

    def register(self, fileobj: Any, events: int, data: Any = None) -> selectors.SelectorKey:
        return self._real.register(fileobj, events, data)

    def unregister(self, fileobj: Any) -> selectors.SelectorKey:
        return self._real.unregister(fileobj)

    def modify(self, fileobj: Any, events: int, data: Any = None) -> selectors.SelectorKey:
        return self._real.modify(fileobj, events, data)

    def get_key(self, fileobj: Any) -> selectors.SelectorKey:
        return self._real.get_key(fileobj)

    def get_map(self) -> Any:
        return self._real.get_map()

    def close(self) -> None:
        self._real.close()

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        if timeout is not None and timeout <= 0:
            return self._real.select(0)
        while True:
            events = self._real.select(0)
            if events:
                return events
            if self._loop.thread_work > 0:
                events = self._real.select(_REAL_POLL)
                if events:
                    return events
                continue
            if self._loop._ready:  # a thread finished and queued its callback after the poll above
                return []
            if timeout is None:
                return self._real.select(None)  # no timer at all: only real I/O can wake us
            self._loop.advance(timeout)
            return []


class VirtualTimeLoop(asyncio.SelectorEventLoop):
    """A selector event loop on a virtual clock (starts at 0, moves only by `advance`). With
    `count_cpu`, real time spent working counts too (a benchmark whose event loop may be saturated)."""

    _ready: Any

    def __init__(self, count_cpu: bool = False) -> None:
        _count_aiosqlite()
        self._count_cpu = count_cpu
        self._real_start = time.perf_counter()
        real = selectors.DefaultSelector()
        super().__init__(selector=_VirtualSelector(self, real))
        self._virtual_now = 0.0
        self.advanced = 0.0  # seconds skipped in all (the fake Discord ages its messages by it)
        self.thread_work = 0  # calls waiting for a worker thread

    def run_in_executor(self, executor: Any, func: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        future = super().run_in_executor(executor, func, *args)
        self.thread_work += 1

        def done(_: asyncio.Future[T]) -> None:
            self.thread_work -= 1

        future.add_done_callback(done)
        return future

    def time(self) -> float:
        if self._count_cpu:
            return self._virtual_now + (time.perf_counter() - self._real_start)
        return self._virtual_now

    def advance(self, seconds: float) -> None:
        self._virtual_now += seconds
        self.advanced += seconds


def run(main: Coroutine[Any, Any, T], count_cpu: bool = False) -> T:
    """asyncio.run on a virtual clock."""
    with asyncio.Runner(loop_factory=lambda: VirtualTimeLoop(count_cpu)) as runner:
        return runner.run(main)


def virtual_seconds() -> float:
    """Seconds the running loop has skipped (0 on an ordinary loop)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return 0.0
    return float(getattr(loop, "advanced", 0.0))
