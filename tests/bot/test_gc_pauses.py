"""GC pauses with many tables loaded (bot/tables/gcpause.py): the tables' long-lived objects are frozen,
so a garbage collection walks only what is new, whatever the number of loaded tables."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from hosttools import open_service, play_first_legal

from bot.settings import Settings
from bot.tables import PlayerRef, TableService, gcpause


@pytest.fixture
def policy() -> Iterator[None]:
    yield
    gcpause.uninstall()


def walked_by_a_full_collection() -> int:
    """The objects a full collection examines (the frozen ones are skipped)."""
    return sum(len(gc.get_objects(generation)) for generation in range(3))


async def tables_in_play(service: TableService, count: int) -> list[int]:
    ids = []
    for i in range(count):
        info = await service.create(10, 20, PlayerRef(1000 + i, "A"), "tiny", options={"rounds": "5"}, seed=i)
        await service.join(info.id, PlayerRef(2000 + i, "B"))
        await service.start(info.id, 1000 + i)
        ids.append(info.id)
    return ids


async def test_loaded_tables_are_not_walked_by_collections(db_path: str, policy: None) -> None:
    service = await open_service(db_path, Settings(gc_freeze=True))
    assert gcpause.installed()
    ids = await tables_in_play(service, 300)
    for table in ids[:50]:  # play on: new States replace frozen ones
        await play_first_legal(service, table, 3)
    gc.collect(1)
    # 300 loaded tables hold thousands of tracked objects; a collection now walks a few hundred at most
    assert walked_by_a_full_collection() < 1000
    assert gc.get_freeze_count() > 300 * 10
    # the hourly sweep frees the reference cycles that died frozen (the test session makes some)
    gcpause.thaw()
    assert gcpause.thaw() == 0
    assert gcpause.installed() and gc.get_freeze_count() > 300 * 10  # and the survivors stay frozen
    await service.close()


async def test_young_collections_stay_small_when_old_objects_are_freed(
    db_path: str, policy: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each action frees a frozen State and allocates a new one: CPython's allocation count then never
    starts a young collection, so with many tables loaded the host collects after its group commits."""
    monkeypatch.setattr(gcpause, "TICK_FROM_TABLES", 50)  # "many" for a fast test
    monkeypatch.setattr(gcpause, "YOUNG_EVERY", 1)
    service = await open_service(db_path, Settings(gc_freeze=True))
    ids = await tables_in_play(service, 100)
    for table in ids:
        await play_first_legal(service, table, 4)
    assert len(gc.get_objects(0)) + len(gc.get_objects(1)) < 1000
    await service.close()


async def test_the_policy_is_off_unless_asked(service: TableService) -> None:
    """Tests and tools that build their own Settings keep CPython's default (the bot turns it on)."""
    assert not gcpause.installed()
    assert Settings.from_env(dotenv=False, environ={}).gc_freeze
