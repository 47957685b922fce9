"""The SQLite backend of `python -m bot.bench`: a fresh file per run, and the floors (bare sqlite3 commits
of the very rows the host wrote: one transaction per action, and the same groups the host committed, each
on a fresh file with the same schema and pragmas)."""

from __future__ import annotations

import os
import sqlite3
import statistics
import time
from typing import Any

from bot.settings import Settings
from bot.store.factory import sqlite_path
from bot.store.records import TableWrite
from bot.store.sqlite.migrations import apply_migrations
from bot.store.sqlite.rows import apply_write, commit_writes


def _floor_db(
    path: str, synchronous: str, tables: list[tuple[Any, ...]], columns: list[str]
) -> sqlite3.Connection:
    """A fresh file with the same schema and pragmas, holding the tables' rows as they were before the
    drive (the store checks each write's base revision against them)."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {synchronous}")
    conn.execute("PRAGMA wal_autocheckpoint = 0")  # as the service: no checkpoint inside a commit
    apply_migrations(conn, path)
    if tables:
        marks = ",".join("?" * len(columns))
        conn.execute("BEGIN")
        conn.executemany(f"INSERT INTO tables ({','.join(columns)}) VALUES ({marks})", tables)
        conn.execute("COMMIT")
    return conn


def floor_us(
    path: str, writes: list[TableWrite], synchronous: str, tables: list[tuple[Any, ...]], columns: list[str]
) -> tuple[float, float]:
    """The floor: the very rows the host wrote for each action, one plain sqlite3 transaction per action,
    on a fresh file with the same schema and pragmas (no asyncio, no thread hop, no grouping)."""
    conn = _floor_db(path, synchronous, tables, columns)
    actions = sum(len(w.actions) for w in writes)
    started, cpu = time.perf_counter(), time.thread_time()
    for w in writes:
        conn.execute("BEGIN")
        apply_write(conn, w)
        conn.execute("COMMIT")
    elapsed, cpu = time.perf_counter() - started, time.thread_time() - cpu
    conn.close()
    return elapsed / max(1, actions) * 1e6, cpu / max(1, actions) * 1e6


def grouped_floor_us(
    path: str,
    groups: list[list[TableWrite]],
    synchronous: str,
    tables: list[tuple[Any, ...]],
    columns: list[str],
) -> tuple[float, float]:
    """The floor for a group committer: the same groups the host committed, each one plain sqlite3
    transaction with the store's own statements (`commit_writes`), on a fresh file (no asyncio, no hop)."""
    conn = _floor_db(path, synchronous, tables, columns)
    actions = sum(len(w.actions) for group in groups for w in group)
    started, cpu = time.perf_counter(), time.thread_time()
    for group in groups:
        refused = commit_writes(conn, group)
        assert not any(refused), refused
    elapsed, cpu = time.perf_counter() - started, time.thread_time() - cpu
    conn.close()
    return elapsed / max(1, actions) * 1e6, cpu / max(1, actions) * 1e6



class SqliteBackend:
    def reset(self, target: str) -> None:
        path = sqlite_path(target)
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)

    def tables_before(self, target: str) -> tuple[list[tuple[Any, ...]], list[str]]:
        conn = sqlite3.connect(sqlite_path(target))
        cur = conn.execute("SELECT * FROM tables")
        rows, columns = cur.fetchall(), [d[0] for d in cur.description]
        conn.close()
        return rows, columns

    def floors(
        self,
        target: str,
        writes: list[TableWrite],
        groups: list[list[TableWrite]],
        settings: Settings,
        tables: tuple[list[tuple[Any, ...]], list[str]],
    ) -> dict[str, float]:
        """Each floor is the median of three fresh files: one burst of load elsewhere does not decide."""
        path, sync = sqlite_path(target), settings.db_synchronous
        single = [floor_us(f"{path}.floor{i}", writes, sync, *tables) for i in range(3)]
        grouped = [grouped_floor_us(f"{path}.gfloor{i}", groups, sync, *tables) for i in range(3)]
        return {
            "floor_us": statistics.median(f[0] for f in single),
            "floor_cpu_us": statistics.median(f[1] for f in single),
            "grouped_floor_us": statistics.median(f[0] for f in grouped),
            "grouped_floor_cpu_us": statistics.median(f[1] for f in grouped),
        }
