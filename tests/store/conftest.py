"""Store fixtures: every store test runs on SQLite (a temporary file) and on a real PostgreSQL 15.

The PostgreSQL server is started once per test session (tests/store/pgserver.py) with each test on a
fresh database. Without the server binaries the PostgreSQL half skips with a message saying how to
enable it, except in CI (CI=true), where it fails: CI must run both backends.
"""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from pgserver import PgServer, available

from bot.store.base import Store
from bot.store.factory import open_store
from games.core import registry
from tests.system_parts import POSTGRESQL, require

# The host tests' helpers (the tiny game, table steps, the crash driver) are shared with these tests.
HOST_TESTS = Path(__file__).parent.parent / "bot"
if str(HOST_TESTS) not in sys.path:
    sys.path.insert(0, str(HOST_TESTS))

from tinygame import TINY  # noqa: E402

BACKENDS = ("sqlite", "postgres")
_names = itertools.count(1)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    require(POSTGRESQL, available())
    server = PgServer().init()
    server.start()
    try:
        yield server
    finally:
        server.remove()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_target(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A fresh, empty database of the test's backend: a SQLite path or a postgresql:// URL."""
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    server: PgServer = request.getfixturevalue("pg_server")
    return server.create_database(f"t{os.getpid()}_{next(_names)}")


@pytest.fixture
async def store(db_target: str) -> AsyncIterator[Store]:
    opened = await open_store(db_target)
    yield opened
    await opened.close()


@pytest.fixture(autouse=True)
def tiny_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make `tiny` resolvable by id without touching games/ (as tests/bot/conftest.py does)."""
    games = dict(registry.all_games())
    games["tiny"] = TINY
    monkeypatch.setattr(registry, "all_games", lambda: games)
    yield
