"""DATABASE_URL picks the store; a wrong or unreachable one stops the bot with one clear line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pgserver import PgServer

from bot.settings import Settings
from bot.store.factory import store_target
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from bot.tables import TableService

ROOT = Path(__file__).parent.parent.parent


def _run_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TRICKTABLE_", "DATABASE_"))
    }
    clean.update(env, PYTHONPATH=str(ROOT), DISCORD_TOKEN="sekrit.tok.en")
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=clean, capture_output=True, text=True, timeout=60
    )


def _one_clear_line(done: subprocess.CompletedProcess[str], secret: str) -> str:
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert secret not in done.stderr + done.stdout
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("tricktable: database: "), done.stderr
    return done.stderr


def test_unreachable_database_url_is_one_line_without_the_password(tmp_path: Path) -> None:
    done = _run_bot(tmp_path, DATABASE_URL="postgresql://bot:hunter2secret@127.0.0.1:9/tricktable")
    line = _one_clear_line(done, "hunter2secret")
    assert "cannot connect" in line and "postgresql://bot:***@127.0.0.1:9/tricktable" in line


def test_a_database_that_does_not_exist_is_one_line(tmp_path: Path, pg_server: PgServer) -> None:
    url = f"postgresql://tricktable:pa55word@127.0.0.1:{pg_server.port}/no_such_database"
    line = _one_clear_line(_run_bot(tmp_path, DATABASE_URL=url), "pa55word")
    assert "no_such_database" in line and "does not exist" in line


async def test_database_url_selects_postgresql(tmp_path: Path, pg_server: PgServer) -> None:
    url = pg_server.create_database("url_selects")
    settings = Settings(database_path=str(tmp_path / "unused.db"), database_url=url)
    # front ends pass the configured path explicitly: DATABASE_URL still wins over it
    svc = await TableService.open(settings.database_path, settings)
    try:
        assert isinstance(svc.host.store, PostgresStore)
    finally:
        await svc.close()
    assert not (tmp_path / "unused.db").exists()


@pytest.mark.parametrize(
    ("path", "url", "expected"),
    [
        (None, None, "./tricktable.db"),
        (None, "sqlite:///x.db", "sqlite:///x.db"),
        ("other.db", "postgresql://h/db", "other.db"),  # a different explicit file (tests, --db)
        ("./tricktable.db", "postgresql://h/db", "postgresql://h/db"),
    ],
)
def test_store_target(path: str | None, url: str | None, expected: str) -> None:
    assert store_target(path, Settings(database_url=url)) == expected


async def test_sqlite_url_is_the_sqlite_store(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'b.db'}")
    svc = await TableService.open(None, settings)
    try:
        assert isinstance(svc.host.store, SqliteStore) and svc.host.store.path == str(tmp_path / "b.db")
    finally:
        await svc.close()
