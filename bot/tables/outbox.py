"""Updates out: every listener receives every Update, in order, from one dispatcher task.

The dispatcher runs apart from the tables' locks, so a slow listener (Discord HTTP) never holds a table.

A listener has taken an Update when it returned, unless it returned a future: then it promised to say
later (the Discord Router queues the Update and posts it on its own time; its future is done once Discord
took the post, or the Update was merged into a later one that Discord took, or dropped by a rule). Only
when every listener has taken it does `taken` fire (the relay then ends the row's lease), so a process
killed in between leaves a relayed row to the shard's next owner.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, Protocol

from bot.store.relay import RelayRow
from bot.tables.models import Update

log = logging.getLogger("tricktable.tables")

# None: taken on return; a future: taken when it is done with a result (cancelled or failed: never)
Taken = asyncio.Future[None]
Listener = Callable[[Update], Awaitable[Taken | None]]


class Router(Protocol):
    """Where Updates go with several processes (bot/tables/relay.py's Relay)."""

    def route(self, updates: Sequence[Update]) -> Sequence[Update]: ...
    def split(self, updates: Sequence[Update]) -> tuple[Sequence[Update], list[RelayRow]]: ...
    def admit(self, local: Sequence[Update]) -> Sequence[Update]: ...


class Outbox:
    def __init__(self) -> None:
        self.listeners: list[Listener] = []
        self.queue: asyncio.Queue[Update] | None = None
        self.task: asyncio.Task[None] | None = None
        # the coroutine the dispatcher task runs: the service names it (front ends' tests recognise the
        # long-lived task by its name), and it calls `run` below
        self.runner: Callable[[], Coroutine[Any, Any, None]] = self.run
        # with several processes: keeps the Updates this process posts, sends the others to their owner
        self.relay: Router | None = None
        # called with each Update once every listener took it (the relay then ends a claimed row's lease)
        self.taken: Callable[[Update], None] | None = None

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self.listeners.append(listener)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self.listeners.remove(listener)

        return unsubscribe

    def publish(self, updates: Sequence[Update]) -> None:
        if self.relay is not None:  # Updates of tables another process owns go to it (bot/tables/relay.py)
            updates = self.relay.route(updates)
        self.deliver(updates)

    def for_commit(self, updates: Sequence[Update]) -> tuple[Sequence[Update], list[RelayRow]]:
        """Before a commit: the Updates this process posts, and the rows its commit carries to the other
        processes (none with one process). After the commit, `publish_committed` the first part."""
        if self.relay is None:
            return updates, []
        return self.relay.split(updates)

    def publish_committed(self, updates: Sequence[Update]) -> None:
        self.deliver(updates if self.relay is None else self.relay.admit(updates))

    def deliver(self, updates: Sequence[Update]) -> None:
        """To this process's listeners (what `publish` keeps, and what the relay brings in)."""
        if not self.listeners or not updates:
            return
        if self.queue is None:
            self.queue = asyncio.Queue()
        for update in updates:
            self.queue.put_nowait(update)
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self.runner())

    async def run(self) -> None:
        assert self.queue is not None
        while True:
            update = await self.queue.get()
            try:
                listeners = list(self.listeners)
                promises: list[Taken] = []
                for listener in listeners:
                    try:
                        promise = await listener(update)
                    except Exception:
                        log.exception(
                            "listener failed on table %s version %s", update.table.id, update.table.version
                        )
                        continue
                    if promise is not None:
                        promises.append(promise)
                if listeners:  # with no listener nobody took it: a relayed row waits for the next owner
                    self._when_taken(update, promises)
            finally:
                self.queue.task_done()

    def _when_taken(self, update: Update, promises: list[Taken]) -> None:
        """Fire `taken` once every promise is kept (at once without any); a broken one (cancelled: the
        process is going away) keeps it from firing."""
        taken = self.taken
        if taken is None:
            return
        waiting = [p for p in promises if not p.done()]
        if any(p.cancelled() or p.exception() is not None for p in promises if p.done()):
            return
        if not waiting:
            taken(update)
            return
        left = len(waiting)

        def kept(promise: Taken) -> None:
            nonlocal left
            left -= 1
            if promise.cancelled() or promise.exception() is not None:
                left = -len(waiting)  # broken: never fires
            if left == 0:
                taken(update)

        for promise in waiting:
            promise.add_done_callback(kept)

    async def drain(self) -> None:
        """Wait until every published Update has reached the listeners."""
        if self.queue is not None and self.task is not None and not self.task.done():
            await self.queue.join()

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None
