"""Is the bot healthy? `python -m bot.ops.health` answers for Docker's HEALTHCHECK and for operators.

The running bot writes a small heartbeat file (JSON: when the gateway was last connected and when the
clock loop last ran) every few seconds, and tells systemd the same through sd_notify (READY=1, then
WATCHDOG=1 only while both are fresh, so a hung bot is restarted by the unit's WatchdogSec). The command
reads that file and checks that the database answers:

    python -m bot.ops.health [--max-age SECONDS]      exit 0 healthy, 1 unhealthy; one line per check

Why a file and not an HTTP endpoint: the container is read-only with no open port, and the file lives
beside the database on the volume the bot already writes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HEARTBEAT_SECONDS = 15.0
DEFAULT_MAX_AGE = 120.0


def heartbeat_path(database_path: str | None = None) -> Path:
    """TRICKTABLE_HEALTH_FILE, else `tricktable.health` beside the SQLite database (or in the cwd)."""
    explicit = os.environ.get("TRICKTABLE_HEALTH_FILE", "").strip()
    if explicit:
        return Path(explicit)
    db = database_path or os.environ.get("TRICKTABLE_DB", "").strip() or "./tricktable.db"
    return Path(db).resolve().parent / "tricktable.health"


def _write(path: Path, record: dict[str, Any]) -> None:
    """Atomically replace the heartbeat file (a reader never sees half a file)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(record))
    os.replace(tmp, path)


def record_config_error(lines: list[str]) -> None:
    """Leave the configuration mistakes where the health check will show them (best effort)."""
    with contextlib.suppress(OSError):
        _write(heartbeat_path(), {"pid": os.getpid(), "at": time.time(), "config_error": lines})


def sd_notify(message: str) -> bool:
    """Send one sd_notify message when systemd asked for them (NOTIFY_SOCKET); False otherwise."""
    address = os.environ.get("NOTIFY_SOCKET", "")
    if not address:
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]
    with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.sendto(message.encode(), address)
        return True
    return False


class Heartbeat:
    """Writes the heartbeat from inside the bot; `gateway_ok` and `clock_ok` are probes of the live bot."""

    def __init__(self, path: Path, gateway_ok: Callable[[], bool], clock_ok: Callable[[], bool]) -> None:
        self.path = path
        self._gateway_ok = gateway_ok
        self._clock_ok = clock_ok
        self._record: dict[str, Any] = {"pid": os.getpid(), "started_at": time.time()}
        self._ready_sent = False

    def beat(self, now: float | None = None) -> dict[str, Any]:
        now = time.time() if now is None else now
        self._record["at"] = now
        if self._gateway_ok():
            self._record["gateway_at"] = now
        if self._clock_ok():
            self._record["clock_at"] = now
        with contextlib.suppress(OSError):
            _write(self.path, self._record)
        fresh = self._record.get("gateway_at") == now and self._record.get("clock_at") == now
        if fresh:
            if not self._ready_sent:
                sd_notify("READY=1")
                self._ready_sent = True
            sd_notify("WATCHDOG=1")
        return dict(self._record)

    async def run(self, interval: float = HEARTBEAT_SECONDS) -> None:
        while True:
            self.beat()
            await asyncio.sleep(interval)


def check_heartbeat(path: Path, max_age: float, now: float | None = None) -> list[tuple[bool, str]]:
    now = time.time() if now is None else now
    try:
        record = json.loads(path.read_text())
    except (OSError, ValueError):
        return [(False, f"heartbeat: no readable heartbeat file at {path} (is the bot running?)")]
    if record.get("config_error"):
        return [(False, "configuration error: " + "; ".join(record["config_error"]))]
    results = []
    for key, what in (("gateway_at", "gateway connected"), ("clock_at", "clock loop alive")):
        seen = record.get(key)
        if seen is None:
            results.append((False, f"{what}: never since the start"))
        else:
            age = now - float(seen)
            results.append((age <= max_age, f"{what}: {age:.0f} s ago (limit {max_age:.0f} s)"))
    return results


def check_database(database_path: str, database_url: str | None) -> tuple[bool, str]:
    if database_url and database_url.startswith(("postgresql:", "postgres:")):
        return _check_postgres(database_url)
    path = database_url[len("sqlite:///"):] if database_url and database_url.startswith("sqlite:///") else database_path
    if not Path(path).exists():
        return False, f"database: {path} does not exist"
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
        try:
            con.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            con.close()
    except sqlite3.Error as err:
        return False, f"database: {path} does not answer ({err})"
    return True, f"database: {path} answers"


def _check_postgres(url: str) -> tuple[bool, str]:
    from bot.envparse import redact_url

    async def probe() -> None:
        import asyncpg

        con = await asyncpg.connect(url, timeout=5)
        try:
            await con.fetchval("SELECT 1")
        finally:
            await con.close()

    try:
        asyncio.run(probe())
    except Exception as err:  # any failure to connect or query is "unhealthy", said in one line
        return False, f"database: {redact_url(url)} does not answer ({type(err).__name__})"
    return True, f"database: {redact_url(url)} answers"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.ops.health", description=__doc__.splitlines()[0])
    parser.add_argument("--max-age", type=float, default=DEFAULT_MAX_AGE, help="seconds a heartbeat stays fresh")
    args = parser.parse_args(argv)
    from bot.envparse import SettingsError
    from bot.settings import Settings

    try:
        settings = Settings.from_env()
    except SettingsError as err:
        print("unhealthy: configuration error\n" + "\n".join(f"  {p}" for p in err.problems))
        return 1
    results = [check_database(settings.database_path, settings.database_url)]
    results += check_heartbeat(heartbeat_path(settings.database_path), args.max_age)
    healthy = all(ok for ok, _ in results)
    print("healthy" if healthy else "unhealthy")
    for ok, line in results:
        print(f"  {'ok ' if ok else 'BAD'} {line}")
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
