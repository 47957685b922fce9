"""`python -m bot.ops.health` and the systemd watchdog tell a hung or broken bot from a healthy one."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.ops.health import Heartbeat, check_database, check_heartbeat

ROOT = Path(__file__).resolve().parents[2]


def test_the_heartbeat_notifies_systemd_only_while_gateway_and_clocks_are_alive(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    address = str(tmp_path / "notify")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(address)
    listener.settimeout(0.5)
    monkeypatch.setenv("NOTIFY_SOCKET", address)
    gateway = {"up": True}
    beat = Heartbeat(tmp_path / "hb", gateway_ok=lambda: gateway["up"], clock_ok=lambda: True)
    beat.beat(now=1000.0)
    assert listener.recv(100) == b"READY=1" and listener.recv(100) == b"WATCHDOG=1"
    gateway["up"] = False  # disconnected: no watchdog ping, so systemd restarts a bot stuck like this
    record = beat.beat(now=1030.0)
    with pytest.raises(TimeoutError):
        listener.recv(100)
    assert record["gateway_at"] == 1000.0 and record["clock_at"] == 1030.0
    listener.close()


def test_a_stale_heartbeat_is_unhealthy_and_says_which_part(tmp_path: Path) -> None:
    path = tmp_path / "hb"
    path.write_text(json.dumps({"gateway_at": 1000.0, "clock_at": 1190.0}))
    results = check_heartbeat(path, max_age=120, now=1200.0)
    assert [ok for ok, _ in results] == [False, True]
    assert "gateway connected: 200 s ago" in results[0][1]
    assert not check_heartbeat(tmp_path / "missing", 120)[0][0]


def test_the_database_check_opens_the_file_read_only(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    assert not check_database(str(db), None)[0]
    sqlite3.connect(db).execute("CREATE TABLE x (a)").connection.commit()
    assert check_database(str(db), None)[0]


def _health(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TRICKTABLE_", "DATABASE_"))}
    clean.update(env, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "bot.ops.health"], cwd=tmp_path, env=clean, capture_output=True, text=True, timeout=60
    )


def test_the_command_exits_0_when_healthy_and_1_otherwise(tmp_path: Path) -> None:
    import time

    db = tmp_path / "t.db"
    sqlite3.connect(db).execute("CREATE TABLE x (a)").connection.commit()
    now = time.time()
    (tmp_path / "tricktable.health").write_text(json.dumps({"gateway_at": now, "clock_at": now}))
    healthy = _health(tmp_path, TRICKTABLE_DB=str(db))
    assert healthy.returncode == 0, healthy.stdout
    assert healthy.stdout.startswith("healthy")
    broken = _health(tmp_path, TRICKTABLE_DB=str(db), TRICKTABLE_LIVE_CLOCK_SECONDS="soon")
    assert broken.returncode == 1 and "TRICKTABLE_LIVE_CLOCK_SECONDS" in broken.stdout
    assert "Traceback" not in broken.stdout + broken.stderr


def _idling_bot(tmp_path: Path, **settings: str) -> tuple[subprocess.Popen[str], dict[str, str]]:
    """`python -m bot --wait-on-config-error` (the image's command) with a configuration error, once it
    has recorded the error for the health check; and its environment."""
    import time

    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TRICKTABLE_", "DATABASE_"))}
    env.update(PYTHONPATH=str(ROOT), TRICKTABLE_DB=str(tmp_path / "t.db"), **settings)
    bot = subprocess.Popen(
        [sys.executable, "-m", "bot", "--wait-on-config-error"], cwd=tmp_path, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.time() + 30
    while not (tmp_path / "tricktable.health").exists() and time.time() < deadline and bot.poll() is None:
        time.sleep(0.1)
    return bot, env


def test_in_a_container_a_configuration_error_idles_and_the_health_check_names_it(tmp_path: Path) -> None:
    """`restart: unless-stopped` would restart an exiting bot forever: with --wait-on-config-error it prints
    the mistake once, stays up, and `python -m bot.ops.health` reports the mistake until .env is fixed."""
    bot, env = _idling_bot(tmp_path, DISCORD_TABLE_CHANNELS="#general")
    try:
        assert bot.poll() is None  # still running: no restart loop
        health = subprocess.run(
            [sys.executable, "-m", "bot.ops.health"], cwd=tmp_path, env={**env, "DISCORD_TABLE_CHANNELS": ""},
            capture_output=True, text=True, timeout=60,
        )
        assert health.returncode == 1 and "DISCORD_TABLE_CHANNELS" in health.stdout
    finally:
        bot.terminate()
        _, err = bot.communicate(timeout=30)
    assert err.count("DISCORD_TABLE_CHANNELS") == 1 and "Traceback" not in err


def test_an_idling_configuration_error_stops_at_once_on_sigterm(tmp_path: Path) -> None:
    """`docker stop` sends SIGTERM to the bot, which is PID 1 in its container, where a signal without a
    handler is ignored: the stop would hang for the grace period and end in a kill. The idle loop handles
    SIGTERM itself and exits with the configuration error's status (78) at once."""
    import signal

    bot, _ = _idling_bot(tmp_path)
    try:
        assert bot.poll() is None  # idling on the missing token
        bot.send_signal(signal.SIGTERM)
        _, err = bot.communicate(timeout=10)
    finally:
        bot.kill()
    assert bot.returncode == 78, err
    assert "DISCORD_TOKEN: not set" in err and "Traceback" not in err
