"""Kill -9 in the middle of play, restart: every acknowledged action is in the log, every table replays
to its snapshot, nothing is lost or doubled."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from hosttools import open_service, play_first_legal, replay_matches

from bot.settings import Settings

HERE = Path(__file__).parent
ROOT = HERE.parent.parent


async def test_sigkill_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db = str(tmp_path / "kill.db")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(HERE)]))
    child = subprocess.Popen(
        [sys.executable, str(HERE / "kill_driver.py"), db, "40", "8"],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    acks: list[tuple[int, int, str]] = []
    try:
        assert child.stdout.readline().strip() == "ready"
        while len(acks) < 400:
            line = child.stdout.readline()
            assert line, "driver stopped early"
            _, table_text, version_text, key = line.split()
            acks.append((int(table_text), int(version_text), key))
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert child.returncode == -signal.SIGKILL

    svc = await open_service(db, Settings(snapshot_every=4))
    logs: dict[int, dict[int, str | None]] = {}
    for table in range(1, 41):
        rows = await svc.store.actions(table)
        assert [r.seq for r in rows] == list(range(1, len(rows) + 1))  # contiguous: nothing doubled
        keys = [r.idem_key for r in rows]
        assert len(keys) == len(set(keys))
        logs[table] = {r.seq: r.idem_key for r in rows}
        await replay_matches(svc, table)  # loads (snapshot + tail) and compares with a full replay
    for table, version, key in acks:
        assert logs[table].get(version) == key, f"acknowledged action {table}/{version} lost"
    assert sum(len(v) for v in logs.values()) >= len(acks)
    busy = max(logs, key=lambda t: len(logs[t]))
    await play_first_legal(svc, busy, 1)  # and play goes on
    await svc.close()


async def test_sigkill_mid_bench_then_restart(tmp_path: Path) -> None:
    """The real benchmark (Trickster when installed), killed with SIGKILL after a few hundred acks."""
    from games.core.registry import all_games

    game = "trickster" if "trickster" in all_games() else "timetrap"
    db = str(tmp_path / "bench.db")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bot.bench",
            "--tables",
            "30",
            "--actions",
            "400",
            "--concurrency",
            "8",
            "--restart-tables",
            "0",
            "--game",
            game,
            "--db",
            db,
            "--acks",
            "--snapshot-every",
            "8",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        cwd=str(ROOT),
    )
    assert child.stdout is not None
    acks: list[tuple[int, int, str]] = []
    try:
        while len(acks) < 300:
            line = child.stdout.readline()
            assert line, "bench stopped early"
            if line.startswith("ack "):
                _, table_text, version_text, key = line.split()
                acks.append((int(table_text), int(version_text), key))
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()

    svc = await open_service(db, Settings(snapshot_every=8))
    tables = {t for t, _, _ in acks}
    for table in tables:
        rows = await svc.store.actions(table)
        assert [r.seq for r in rows] == list(range(1, len(rows) + 1))
        by_seq = {r.seq: r.idem_key for r in rows}
        for t, version, key in acks:
            if t == table:
                assert by_seq.get(version) == key, f"acknowledged action {t}/{version} lost"
        await replay_matches(svc, table)
    await svc.close()
