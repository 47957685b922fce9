"""`python -m bot.bench --processes P [--store URL]`: P bot processes driving tables at once on ONE shared
database, next to one process driving all the tables on the same database just before.

Large Discord bots run their shards as several processes on one database; this says what a
second process buys on this machine and what it costs. Each process is the ordinary bench
(`python -m bot.bench`): it opens its own TableService on the shared store, creates its share of the
tables there (the database numbers them, so the processes never collide), says `ready`, and starts its
drive when every process is ready, so the drives overlap. Every process hears the others' writes (on
PostgreSQL, each group commit NOTIFYs the rest, which check their caches), so that cost is in the figure.

Reported, measured in this run:
- `one_process`: the single process's figures (its floors included: the backend's floor for this run);
- `each_process`: each process's throughput, latency, per-action cost and `process_cpu_s` (user + system
  CPU of the whole process, from the kernel), and `drive_cpu_s` (its CPU during the drive only);
- `total_actions_per_s`: every process's actions over the wall time from the first drive's start to the
  last drive's end (not a sum of rates, which would flatter processes that did not overlap);
- `server_cpu_s` (PostgreSQL only, when the server runs on this machine): the database server's CPU from
  the drives' start to the last one's end, since on a small machine the database shares the cores with the bot processes.
SQLite works too (the processes share one file; its writers take turns), so the two backends can be
compared; the floors are only taken in the one-process run.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from bot.store.factory import is_postgres

_KEEP = ("tables", "actions", "actions_per_s", "p50_ms", "p99_ms", "per_action_us", "cpu_us")


def _spawn(store: str, bench_args: list[str], *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "bot.bench", "--store", store, "--restart-tables", "0", *bench_args, *extra],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=tempfile.TemporaryFile(mode="w+"),  # read back only when the process fails
        text=True,
    )


def _last_error(child: subprocess.Popen[str]) -> str:
    """The failed process's last line of error output (its traceback's last line), for the message."""
    child.wait()
    err = child.stderr
    if err is None:
        return ""
    err.seek(0)
    lines = [line.strip() for line in err.read().splitlines() if line.strip()]
    return f": {lines[-1]}" if lines else ""


def _finish(child: subprocess.Popen[str]) -> dict[str, Any]:
    """The child's JSON line and its whole CPU time (user + system, from the kernel)."""
    assert child.stdout is not None
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    lines = [line for line in out.splitlines() if line.startswith("{")]
    if child.returncode != 0 or not lines:
        raise SystemExit(f"bot.bench: a bench process failed (exit {child.returncode}){_last_error(child)}")
    result: dict[str, Any] = json.loads(lines[-1])
    kept = {k: result[k] for k in _KEEP}
    return {
        **kept,
        "process_cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
        "drive_cpu_s": result.get("drive_cpu_s"),
        "drive_started_at": result.get("drive_started_at"),
        "drive_ended_at": result.get("drive_ended_at"),
        "floors": {k: result[k] for k in ("floor_us", "grouped_floor_us") if k in result},
    }


def _stat(pid: int) -> list[str]:
    with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
        return f.read().rsplit(")", 1)[1].split()  # fields from the 3rd on (the name may hold spaces)


def postmaster_pid(store: str) -> int | None:
    """The PostgreSQL server's main process on this machine, or None (a remote server, another user's
    /proc): the parent of this connection's backend, read while the backend still runs."""
    import asyncpg

    async def parent() -> int | None:
        conn = await asyncpg.connect(store)
        try:
            backend = int(await conn.fetchval("SELECT pg_backend_pid()"))
            pid = int(_stat(backend)[1])
            with open(f"/proc/{pid}/comm", encoding="ascii") as f:
                return pid if f.read().strip() in ("postgres", "postmaster") else None
        except (OSError, ValueError, IndexError):
            return None
        finally:
            await conn.close()

    return asyncio.run(parent())


def server_cpu_s(postmaster: int | None) -> float | None:
    """CPU seconds the server has used so far: the postmaster's own and its reaped children's (a backend
    that ended adds its time to the postmaster's cutime/cstime), plus every live child's."""
    if postmaster is None:
        return None
    tick = os.sysconf("SC_CLK_TCK")
    try:
        fields = _stat(postmaster)
        total = sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime stime cutime cstime
    except (OSError, ValueError, IndexError):
        return None
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = _stat(int(entry))
            if int(fields[1]) == postmaster:
                total += int(fields[11]) + int(fields[12])
        except (OSError, ValueError, IndexError):
            continue
    return total / tick


async def _migrated(store: str) -> None:
    """The schema, made once before the processes open the store (two first openings of an empty
    SQLite file would both try to create it)."""
    from bot.store.factory import open_store

    opened = await open_store(store)
    await opened.close()


def _drive_together(
    store: str, shares: list[int], bench_args: list[str], seed: int, floors: bool
) -> dict[str, Any]:
    """One bench process per share of tables, on the same store; their drives start together. Each
    process deals its tables from its own seeds."""
    extra = ["--no-reset", "--wait-go"] + ([] if floors else ["--no-floors"])
    children = [
        _spawn(store, ["--tables", str(n), *bench_args, "--seed", str(seed + 100_000 * i)], *extra)
        for i, n in enumerate(shares)
    ]
    for child in children:  # each has created its tables and is ready to drive
        assert child.stdout is not None
        if child.stdout.readline().strip() != "ready":
            for other in children:
                other.kill()
            raise SystemExit(f"bot.bench: a bench process failed before its drive{_last_error(child)}")
    postmaster = postmaster_pid(store) if is_postgres(store) else None
    server_before = server_cpu_s(postmaster)
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    for child in children:  # each prints `driven` when its drive is over (before its floors)
        assert child.stdout is not None
        while (line := child.stdout.readline()) and line.strip() != "driven":
            pass
    server_after = server_cpu_s(postmaster)
    each = [_finish(child) for child in children]
    started = min(e["drive_started_at"] for e in each)
    ended = max(e["drive_ended_at"] for e in each)
    actions = sum(e["actions"] for e in each)
    return {
        "actions_per_s": round(actions / (ended - started), 1) if ended > started else 0.0,
        "drive_cpu_s": [e["drive_cpu_s"] for e in each],
        "process_cpu_s": [e["process_cpu_s"] for e in each],
        # the server's CPU from the go to the end of the last drive
        "server_cpu_s": None
        if server_before is None or server_after is None
        else round(server_after - server_before, 2),
        "drives_overlap_s": round(
            min(e["drive_ended_at"] for e in each) - max(e["drive_started_at"] for e in each), 2
        ),
        "each": each,
    }


def run_processes(
    store: str, count: int, tables: int, bench_args: list[str], seed: int, reset: Callable[[str], None]
) -> dict[str, Any]:
    """One process with `tables` tables, then `count` processes with tables/count each, on one store.

    `reset(store)` empties the store before each part (the backend's reset)."""
    reset(store)
    asyncio.run(_migrated(store))
    one = _drive_together(store, [tables], bench_args, seed, floors=True)
    reset(store)
    asyncio.run(_migrated(store))
    several = _drive_together(store, [tables // count] * count, bench_args, seed, floors=False)
    return {
        "processes": count,
        "store": "postgresql" if is_postgres(store) else "sqlite",
        "total_actions_per_s": several["actions_per_s"],
        "one_process_actions_per_s": one["actions_per_s"],
        "drive_cpu_s": several["drive_cpu_s"],
        "one_process_drive_cpu_s": one["drive_cpu_s"][0],
        "process_cpu_s": several["process_cpu_s"],
        "server_cpu_s": several["server_cpu_s"],
        "drives_overlap_s": several["drives_overlap_s"],
        "one_process": {**one["each"][0], "server_cpu_s": one["server_cpu_s"]},
        "each_process": several["each"],
        "measured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
