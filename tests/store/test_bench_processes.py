"""`python -m bot.bench --processes P`: several bot processes drive tables on ONE shared store
(two processes should be no slower in total than one; each process's CPU use is reported beside the
throughput).

Each backend: the processes really share the database (their tables are numbered by it, so all of them
are there afterwards), their drives overlap, every action each was given is counted, and the report has
each process's CPU beside the throughput (and, on PostgreSQL, the server's CPU).
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store.factory import open_store

ROOT = Path(__file__).parent.parent.parent


def _bench(store: str, *args: str) -> dict[str, object]:
    run = subprocess.run(
        [sys.executable, "-m", "bot.bench", "--store", store, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    result: dict[str, object] = json.loads(run.stdout.strip().splitlines()[-1])
    return result


async def _tables_in(target: str) -> int:
    store = await open_store(target)
    try:
        return len(await store.table_rows(limit=1000))
    finally:
        await store.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_two_processes_share_one_store(db_target: str, backend: str) -> None:
    result = _bench(db_target, "--processes", "2", "--tables", "6", "--actions", "5", "--concurrency", "2")
    assert result["processes"] == 2
    assert result["store"] == ("postgresql" if backend == "postgres" else "sqlite")
    each = result["each_process"]
    assert isinstance(each, list) and len(each) == 2
    assert [e["tables"] for e in each] == [3, 3]
    assert all(e["actions"] == 3 * 5 for e in each)  # every table took its five actions
    assert result["drives_overlap_s"] is not None
    assert float(result["total_actions_per_s"]) > 0 and float(result["one_process_actions_per_s"]) > 0
    assert all(float(cpu) > 0 for cpu in result["process_cpu_s"])  # type: ignore[union-attr]
    one = result["one_process"]
    assert isinstance(one, dict) and one["tables"] == 6 and one["floors"]["grouped_floor_us"] > 0
    # one store: both processes' tables are in it (3 driven + 1 warm-up table each)
    assert asyncio.run(_tables_in(db_target)) == 2 * (3 + 1)
    if backend == "postgres":  # the server runs on this machine: its CPU is reported beside the bot's
        assert result["server_cpu_s"] is not None


def test_processes_must_fit_the_tables(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "bot.bench", "--processes", "4", "--tables", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and "--processes must be between 1 and --tables" in run.stderr
