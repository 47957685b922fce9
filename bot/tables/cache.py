"""Tables in memory: loaded on demand (one load at a time per table), least recently used first out.

A cached table is only a copy: the store decides every change (see docs/architecture.md), and a copy that
lost a race is dropped (`forget`) and loaded again on its next use.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar, TypeVarTuple

from bot.tables.errors import TableError, TableUnavailable
from bot.tables.live import LiveTable, rebuild

if TYPE_CHECKING:
    from bot.tables.host import Host

log = logging.getLogger("tricktable.tables")

T = TypeVar("T")
Ts = TypeVarTuple("Ts")
ATTEMPTS = 3  # decisions made again on fresh data before a lost race is refused (store_conflict)


MAX_TABLE_ID = 2**63 - 1  # SQLite's INTEGER and PostgreSQL's BIGINT


class LostRace(Exception):
    """The store refused a write made on this process's copy of a table: someone else changed it first.
    The copy is dropped; `TableCache.run` loads the table again and lets the decision be made again."""


class TableCache:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.tables: OrderedDict[int, LiveTable] = OrderedDict()
        self._loading: dict[int, asyncio.Future[LiveTable]] = {}
        self.broken: dict[int, str] = {}  # tables that failed to load: logged once, skipped by clocks

    async def live(self, table_id: int) -> LiveTable:
        """The table in memory, loading it on demand (one load at a time per table). A number no table id
        column holds (a button's custom id typed by hand: 30 digits, zero) is a table that does not exist,
        not an overflow in the database driver."""
        if not 0 < table_id <= MAX_TABLE_ID:
            raise TableError("table_not_found", table=table_id)
        live = self.tables.get(table_id)
        now = self.host.clock()
        if live is not None:
            self.tables.move_to_end(table_id)
            live.last_used = now
            return live
        pending = self._loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveTable] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            record = await self.host.store.load(table_id)
            if record is None:
                raise TableError("table_not_found", table=table_id)
            try:
                live = rebuild(record)
            except TableUnavailable as err:
                if table_id not in self.broken:
                    log.error("table %s cannot be loaded: %s", table_id, err)
                self.broken[table_id] = err.code
                raise
            live.last_used = now
            self.tables[table_id] = live
            self.broken.pop(table_id, None)
            future.set_result(live)
            self._evict_over_cap()
            return live
        except BaseException as err:
            future.set_exception(err)
            future.exception()  # retrieved here; waiters re-raise it
            raise
        finally:
            del self._loading[table_id]

    async def run(self, table_id: int, decide: Callable[[LiveTable, *Ts], Awaitable[T]], *args: *Ts) -> T:
        """`decide(live, *args)` under the table's lock; when it lost a race (LostRace), again on a fresh
        copy. (`args` rather than a closure: a click makes no function object.)

        The checks inside `decide` then see what the winner wrote: a second join takes the next seat, a
        click on a board that moved on is refused as stale_version, a clock is judged on the real table.
        """
        for _ in range(ATTEMPTS):
            live = self.tables.get(table_id)
            if live is None:
                live = await self.live(table_id)
            else:  # in memory (nearly every click): what `live` does, without a coroutine of its own
                self.tables.move_to_end(table_id)
                live.last_used = self.host.clock()
            lock = live.lock
            if not lock.take_now():  # free: nearly always (bot/tables/lock.py)
                await lock.take()
            try:
                if self.tables.get(table_id) is not live:  # dropped or reloaded while we waited
                    continue
                try:
                    return await decide(live, *args)
                except LostRace:
                    self.forget(table_id)
            finally:
                lock.release()
        raise TableError("store_conflict", table=table_id)

    def changed_elsewhere(self, table_id: int, version: int, revision: int) -> None:
        """Another process changed a table (the store heard it): drop this copy if it is now behind, so
        the next click, board or clock uses the table as the database has it. 0: any table."""
        if table_id == 0:
            self.tables.clear()
            return
        live = self.tables.get(table_id)
        if live is not None and (live.info.version < version or live.revision < revision):
            self.forget(table_id)

    def forget(self, table_id: int) -> None:
        """Drop a table from memory; the next use reloads it from the store."""
        self.tables.pop(table_id, None)

    def _evict_over_cap(self) -> None:
        while len(self.tables) > self.host.settings.max_loaded_tables:
            oldest_id, oldest = next(iter(self.tables.items()))
            if oldest.lock.locked():
                self.tables.move_to_end(oldest_id)
                return
            del self.tables[oldest_id]

    def evict_idle(self, now: float) -> int:
        limit = now - self.host.settings.idle_evict_seconds
        idle = [tid for tid, t in self.tables.items() if t.last_used < limit and not t.lock.locked()]
        for tid in idle:
            del self.tables[tid]
        return len(idle)
