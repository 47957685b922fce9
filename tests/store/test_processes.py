"""Two bot processes on one PostgreSQL database, under load: SIGKILL one, restart the database.

Nothing acknowledged is lost or doubled, the survivor serves every table and every clock, and a database
restart fails only the requests in flight (with a clear error) while the pool reconnects.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import asyncpg
from hosttools import replay_matches
from pgserver import PgServer

from bot.settings import Settings
from bot.store.factory import open_store
from bot.tables import TableService

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
TABLES = 200  # tiny games of 15 decisions: enough play for the whole run
LEASE = 5.0  # how long a process's claim on a due clock lasts (Store.claim_due_deadlines)
CLOCK = 3  # seconds per decision: clocks expire all the time during the run


class Driver:
    """One child bot process; its stdout lines go to a shared queue as (name, line)."""

    def __init__(self, url: str, name: str, lines: queue.Queue[tuple[str, str]], create: bool) -> None:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(HERE.parent / "bot"), str(HERE)]))
        args = [sys.executable, str(HERE / "pg_driver.py"), url, name, str(TABLES), "6", str(CLOCK)]
        self.name = name
        self.proc = subprocess.Popen(
            [*args, *(["--create"] if create else [])], stdout=subprocess.PIPE, text=True, env=env
        )
        self._thread = threading.Thread(target=self._pump, args=(lines,), daemon=True)
        self._thread.start()

    def _pump(self, lines: queue.Queue[tuple[str, str]]) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            lines.put((self.name, line.strip()))
        lines.put((self.name, "<eof>"))

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()


class Run:
    def __init__(self, url: str) -> None:
        self.url = url
        self.lines: queue.Queue[tuple[str, str]] = queue.Queue()
        self.acks: list[tuple[str, int, int, str]] = []  # (process, table, version, key)
        self.refused: list[tuple[str, str]] = []

    def wait_for(self, name: str, text: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            who, line = self._next(deadline)
            if who == name and line == text:
                return
        raise AssertionError(f"{name} never said {text!r}")

    def collect(
        self, count: int, by: str | None = None, timeout: float = 120
    ) -> list[tuple[str, int, int, str]]:
        got: list[tuple[str, int, int, str]] = []
        deadline = time.monotonic() + timeout
        while len(got) < count:
            assert time.monotonic() < deadline, f"only {len(got)} of {count} acknowledgements"
            before = len(self.acks)
            self._next(deadline)
            got.extend(a for a in self.acks[before:] if by is None or a[0] == by)
        return got

    def _next(self, deadline: float) -> tuple[str, str]:
        who, line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
        if line.startswith("ack "):
            _, name, table, version, key = line.split()
            self.acks.append((name, int(table), int(version), key))
        elif line.startswith("refused "):
            self.refused.append((who, line))
        return who, line


async def _check_log(url: str, acks: list[tuple[str, int, int, str]]) -> dict[int, list[asyncpg.Record]]:
    """Every acknowledged action is in the log at its version; the logs are contiguous, keys unique."""
    svc = TableService(await open_store(url), Settings(snapshot_every=4))
    logs = {}
    try:
        for table in range(1, TABLES + 1):
            rows = await svc.host.store.actions(table)
            assert [r.seq for r in rows] == list(range(1, len(rows) + 1)), f"table {table}: gap or double"
            keys = [r.idem_key for r in rows if r.idem_key is not None]
            assert len(keys) == len(set(keys)), f"table {table}: an action applied twice"
            logs[table] = rows
            await replay_matches(svc, table)
        for name, table, version, key in acks:
            at = {r.seq: r.idem_key for r in logs[table]}
            assert at.get(version) == key, f"acknowledged action {name}:{table}/{version} lost"
    finally:
        await svc.close()
    return logs


async def _overdue_clocks(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        return int(
            await conn.fetchval("SELECT COUNT(*) FROM deadlines WHERE next_at < $1", time.time() - 1.5)
        )
    finally:
        await conn.close()


async def test_sigkill_one_of_two_processes_under_load(pg_server: PgServer) -> None:
    url = pg_server.create_database("two_processes_kill")
    run = Run(url)
    one = Driver(url, "A", run.lines, create=True)
    two: Driver | None = None
    try:
        run.wait_for("A", "ready")
        two = Driver(url, "B", run.lines, create=False)
        run.wait_for("B", "ready")
        run.collect(200)  # both processes clicking the same tables, clocks expiring in both
        for _ in range(16):  # B started second: on a fast machine A may take the first 200 alone
            if {a[0] for a in run.acks} == {"A", "B"}:
                break
            run.collect(50)
        assert {a[0] for a in run.acks} == {"A", "B"}
        one.kill()  # mid-commit, mid-clock, whatever it was doing
        killed_at = len(run.acks)
        after = run.collect(100, by="B")
        assert after, "the survivor stopped"
        # clicks stop; the survivor alone must keep every clock: none stays overdue
        two.proc.send_signal(signal.SIGUSR1)
        time.sleep(CLOCK + LEASE + 1.5)  # the dead process's clock claims run out, the survivor takes them
        assert await _overdue_clocks(url) == 0
    finally:
        one.kill()
        if two is not None:
            two.kill()
    logs = await _check_log(url, run.acks)
    # the survivor played on (clicks and clocks) after the kill; nothing the dead process acked is lost
    assert any(a[0] == "A" for a in run.acks[:killed_at])
    clock_moves = sum(1 for rows in logs.values() for r in rows if r.via == "clock")
    assert clock_moves > 0


async def test_database_restart_mid_run(pg_server: PgServer) -> None:
    """Stop and start PostgreSQL under load: in-flight requests fail with a clear error, the pool
    reconnects by itself, and nothing acknowledged is lost."""
    server = PgServer().init()  # a server of its own: restarting the shared one would disturb other tests
    server.start()
    try:
        url = server.create_database("restart")
        run = Run(url)
        one = Driver(url, "A", run.lines, create=True)
        try:
            run.wait_for("A", "ready")
            run.collect(100)
            server.restart()
            refused_before = len(run.refused)
            run.collect(100)  # acknowledgements resume without restarting the bot process
            assert one.proc.poll() is None
        finally:
            one.kill()
        reasons = {line.split()[-1] for _, line in run.refused[:]}
        assert len(run.refused) >= refused_before
        assert reasons <= {"StoreError", "TableError", "VersionConflict", "IllegalAction"}, reasons
        await _check_log(url, run.acks)
    finally:
        server.remove()


async def test_a_request_while_the_database_is_down_fails_clearly_then_the_pool_reconnects() -> None:
    import pytest

    from bot.store.base import StoreError

    server = PgServer().init()
    server.start()
    try:
        store = await open_store(server.create_database("down"))
        try:
            assert await store.load(1) is None
            server.stop()
            with pytest.raises(StoreError, match=r"lost the connection to the database.*not acknowledged"):
                await store.load(1)
            server.start()
            assert await store.load(1) is None  # the same store, no restart of the bot process
        finally:
            await store.close()
    finally:
        server.remove()
