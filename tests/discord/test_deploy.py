"""deploy/: the online backup copies a live WAL database consistently; the unit file keeps its promises."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.system_parts import SYSTEMD_ANALYZE, require

ROOT = Path(__file__).resolve().parents[2]


def test_online_backup_copies_a_database_that_is_being_written(tmp_path: Path) -> None:
    db = tmp_path / "live.db"
    writer = sqlite3.connect(db)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("CREATE TABLE log (seq INTEGER PRIMARY KEY, action TEXT)")
    writer.executemany("INSERT INTO log (action) VALUES (?)", [(f"play:c{i}",) for i in range(500)])
    writer.commit()  # the rows are in the WAL, not yet checkpointed into the main file
    done = subprocess.run(
        [sys.executable, "-m", "bot.ops.backup", "create", "--db", str(db), "--dir", str(tmp_path / "backups")],
        cwd=ROOT, capture_output=True, text=True,
    )
    writer.close()
    assert done.returncode == 0, done.stderr
    (out,) = (tmp_path / "backups").glob("tricktable-*.db")
    assert sqlite3.connect(out).execute("SELECT count(*) FROM log").fetchone()[0] == 500


def test_unit_runs_as_its_own_user_restarts_and_reads_the_token_from_a_file() -> None:
    unit = (ROOT / "deploy" / "tricktable.service").read_text()
    for line in ("User=tricktable", "Restart=on-failure", "EnvironmentFile=/etc/tricktable/env",
                 "StateDirectory=tricktable", "TRICKTABLE_DB=/var/lib/tricktable/"):
        assert line in unit


def test_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    require(SYSTEMD_ANALYZE, shutil.which("systemd-analyze") is not None)
    unit = (ROOT / "deploy" / "tricktable.service").read_text()
    # The venv path does not exist on a build machine; point ExecStart at this Python to verify the rest.
    copy = tmp_path / "tricktable.service"
    copy.write_text(unit.replace("/opt/tricktable/.venv/bin/python", sys.executable))
    done = subprocess.run(["systemd-analyze", "verify", str(copy)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "tricktable.service" not in done.stderr, done.stderr


def test_dockerfile_is_non_root_and_keeps_the_database_on_a_volume() -> None:
    text = (ROOT / "deploy" / "Dockerfile").read_text()
    assert "USER tricktable" in text and 'VOLUME ["/data"]' in text and "-slim" in text
    assert "TRICKTABLE_DB=/data/" in text
