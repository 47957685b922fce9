"""A throwaway PostgreSQL 15 server for tests and benchmarks (Debian's server binaries, no service).

initdb into a fresh temporary folder, pg_ctl on a private unix socket folder and a private loopback
port, stopped and deleted at the end. PostgreSQL refuses to run as root, so as root every server
command runs as the unprivileged `nobody` (runuser) and the folder is handed to it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

PG_BIN = Path(os.environ.get("TRICKTABLE_PG_BIN", "/usr/lib/postgresql/15/bin"))
USER = "tricktable"  # the database superuser initdb creates (trust authentication: private server)


def available() -> bool:
    return (PG_BIN / "initdb").is_file() and (PG_BIN / "pg_ctl").is_file()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PgServer:
    """One private server. `url(db)` is an asyncpg/libpq URL over the unix socket."""

    def __init__(self, durable: bool = False) -> None:
        self.durable = durable  # fsync on (benchmarks); tests run with fsync off (a kill -9 is no crash)
        self.root = Path(tempfile.mkdtemp(prefix="tricktable-pg-"))
        self.data = self.root / "data"
        self.sockets = self.root / "sock"
        self.log = self.root / "server.log"
        self.port = _free_port()
        self._as_user: list[str] = []
        if os.geteuid() == 0:
            self._as_user = ["runuser", "-u", "nobody", "--"]
        self.sockets.mkdir()
        if self._as_user:
            os.chmod(self.root, 0o755)
            shutil.chown(self.root, "nobody")
            shutil.chown(self.sockets, "nobody")

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            [*self._as_user, *args], capture_output=True, text=True, timeout=120, cwd=self.root
        )
        if done.returncode != 0:
            tail = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{args[0]} failed ({done.returncode}): {done.stderr.strip()}\n{tail}")

    def init(self) -> PgServer:
        self._run(
            str(PG_BIN / "initdb"),
            "-D",
            str(self.data),
            "-U",
            USER,
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        return self

    def start(self) -> None:
        options = [
            f"-k {self.sockets}",
            f"-p {self.port}",
            "-h 127.0.0.1",
            "-c max_connections=200",
            "-c shared_buffers=64MB",
        ]
        if not self.durable:
            options += ["-c fsync=off", "-c full_page_writes=off", "-c synchronous_commit=off"]
        self._run(
            str(PG_BIN / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-w",
            "-t",
            "60",
            "-o",
            " ".join(options),
            "start",
        )

    def stop(self, mode: str = "fast") -> None:
        self._run(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def restart(self) -> None:
        self.stop()
        self.start()

    def remove(self) -> None:
        with contextlib.suppress(Exception):  # already stopped
            self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@/{database}?host={self.sockets}&port={self.port}"

    def tcp_url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """A fresh database on this server; returns its URL."""
        self._psql(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def _psql(self, sql: str) -> None:
        psql = PG_BIN / "psql"
        subprocess.run(
            [
                str(psql),
                "-X",
                "-q",
                "-v",
                "ON_ERROR_STOP=1",
                "-h",
                str(self.sockets),
                "-p",
                str(self.port),
                "-U",
                USER,
                "-d",
                "postgres",
                "-c",
                sql,
            ],
            check=True,
            capture_output=True,
            text=True,
            timeout=60,
        )
