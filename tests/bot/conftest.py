"""Host test fixtures: a service on a real SQLite file, with the tiny game registered for the run."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from hosttools import FakeClock, open_service
from tinygame import TINY

from bot.settings import Settings
from bot.tables.service import TableService
from games.core import registry


@pytest.fixture(autouse=True)
def tiny_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make `tiny` resolvable by id without touching games/ (the registry is a cached dict)."""
    games = dict(registry.all_games())
    games["tiny"] = TINY
    monkeypatch.setattr(registry, "all_games", lambda: games)
    yield


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "t.db")


@pytest.fixture
def settings() -> Settings:
    return Settings(snapshot_every=4)


@pytest.fixture
async def service(db_path: str, settings: Settings, clock: FakeClock) -> AsyncIterator[TableService]:
    svc = await open_service(db_path, settings, clock)
    yield svc
    await svc.close()
