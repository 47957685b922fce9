"""The PostgreSQL backend of `python -m bot.bench --store postgresql://…` (chosen by bot/bench/drive.py).

The floors commit the very rows the host wrote with bare asyncpg on one plain connection, in a fresh
database on the same server with the same schema and the same tables as before the drive: no pool, no
group committer, no version or revision checks, no notifications. `floor_us`: one statement (its own
transaction) per action; `grouped_floor_us`: one statement per group, the same groups the host
committed. Each statement appends the log rows, upserts the snapshots and clocks and drops the cleared
clocks with `unnest`ed arrays, which is the least a client can send for those bytes.

The bench runs inside an event loop and its Backend methods are plain functions, so each one runs its
asyncpg work on a loop of its own in a helper thread (`_sync`).

`python -m bot.bench --store postgresql://… --processes P` runs P processes on ONE shared database
(bot/bench/processes.py). (Each process drives its own tables: the cross-process paths are covered by
tests/store/test_processes.py, not timed here.)
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import statistics
import time
from collections.abc import Coroutine, Sequence
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.settings import Settings
from bot.store.postgres.migrations import apply_migrations
from bot.store.postgres.rows import apply_writes, columns
from bot.store.records import TableWrite, clock_row

T = TypeVar("T")

_FLOOR_SQL = """
WITH
  a AS (
    INSERT INTO actions (table_id, seq, seat, action, user_id, via, at, idem_key)
    SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[], $4::text[], $5::bigint[], $6::text[],
                         $7::float8[], $8::text[])
  ),
  s AS (
    INSERT INTO snapshots (table_id, version, state)
    SELECT * FROM unnest($9::bigint[], $10::int[], $11::text[])
    ON CONFLICT (table_id) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state
  ),
  d AS (
    INSERT INTO deadlines (table_id, next_at, clocks)
    SELECT * FROM unnest($12::bigint[], $13::float8[], $14::text[])
    ON CONFLICT (table_id) DO UPDATE SET next_at = EXCLUDED.next_at, clocks = EXCLUDED.clocks
  )
DELETE FROM deadlines WHERE table_id = ANY($15::bigint[])
"""


def _sync(coro: Coroutine[Any, Any, T]) -> T:
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def _with_database(url: str, database: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + database, parts.query, parts.fragment))


def _floor_args(writes: Sequence[TableWrite]) -> list[Any]:
    actions = [
        (w.table_id, a.seq, a.seat, a.action, a.user_id, a.via, a.at, a.idem_key)
        for w in writes
        for a in w.actions
    ]
    snaps = [(w.table_id, w.snapshot[0], w.snapshot[1]) for w in writes if w.snapshot is not None]
    clocked = [clock_row(w.table_id, w.deadlines) for w in writes if w.deadlines]
    unclocked = [w.table_id for w in writes if w.deadlines is not None and not w.deadlines]
    return [*columns(actions, 8), *columns(snaps, 3), *columns(clocked, 3), unclocked]


async def _empty(url: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    finally:
        await conn.close()


async def _fresh_floor_database(url: str, tables: tuple[list[tuple[Any, ...]], list[str]]) -> str:
    """`<database>_floor`, created anew with the schema and the tables as they were before the drive."""
    name = (urlsplit(url).path.lstrip("/") or "postgres") + "_floor"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    floor_url = _with_database(url, name)
    conn = await asyncpg.connect(floor_url)
    try:
        await apply_migrations(conn, "bench floor")
        rows, columns = tables
        if rows:
            await conn.copy_records_to_table("tables", records=rows, columns=columns)
    finally:
        await conn.close()
    return floor_url


async def _time(url: str, statements: Sequence[Sequence[TableWrite]]) -> tuple[float, float]:
    """Wall and CPU seconds of committing each group as one statement on one plain connection."""
    conn = await asyncpg.connect(url)
    try:
        prepared = await conn.prepare(_FLOOR_SQL)
        args = [_floor_args(group) for group in statements]
        started, cpu = time.perf_counter(), time.thread_time()
        for arg in args:
            await prepared.fetch(*arg)
        return time.perf_counter() - started, time.thread_time() - cpu
    finally:
        await conn.close()


async def _time_store_statement(url: str, statements: Sequence[Sequence[TableWrite]]) -> float:
    """Wall seconds of the store's own group statement (checks, conditional update, NOTIFY) for the same
    groups on one plain connection: what the database asks of the host's write, without the service."""
    conn = await asyncpg.connect(url)
    try:
        started = time.perf_counter()
        for group in statements:
            await apply_writes(conn, group, "bench")
        return time.perf_counter() - started
    finally:
        await conn.close()


async def _floors(
    url: str, writes: list[TableWrite], groups: list[list[TableWrite]], tables: tuple[list[Any], list[str]]
) -> dict[str, float]:
    actions = max(1, sum(len(w.actions) for w in writes))
    single, grouped, statement = [], [], []
    for _ in range(
        3
    ):  # each the median of three fresh databases: one burst of load elsewhere does not decide
        floor_url = await _fresh_floor_database(url, tables)
        single.append(await _time(floor_url, [[w] for w in writes]))
        floor_url = await _fresh_floor_database(url, tables)
        grouped.append(await _time(floor_url, groups))
        floor_url = await _fresh_floor_database(url, tables)
        statement.append(await _time_store_statement(floor_url, groups))
    return {
        "floor_us": statistics.median(s[0] for s in single) / actions * 1e6,
        "floor_cpu_us": statistics.median(s[1] for s in single) / actions * 1e6,
        "grouped_floor_us": statistics.median(g[0] for g in grouped) / actions * 1e6,
        "grouped_floor_cpu_us": statistics.median(g[1] for g in grouped) / actions * 1e6,
        "store_statement_us": statistics.median(statement) / actions * 1e6,
    }


async def _tables_before(url: str) -> tuple[list[tuple[Any, ...]], list[str]]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT * FROM tables")
        columns = list(rows[0].keys()) if rows else []
        return [tuple(r) for r in rows], columns
    finally:
        await conn.close()


class PostgresBackend:
    def reset(self, target: str) -> None:
        """An empty database (every Tricktable table dropped); the service migrates it on open."""
        _sync(_empty(target))

    def tables_before(self, target: str) -> tuple[list[tuple[Any, ...]], list[str]]:
        return _sync(_tables_before(target))

    def floors(
        self,
        target: str,
        writes: list[TableWrite],
        groups: list[list[TableWrite]],
        settings: Settings,
        tables: tuple[list[tuple[Any, ...]], list[str]],
    ) -> dict[str, float]:
        return _sync(_floors(target, writes, groups, tables))
