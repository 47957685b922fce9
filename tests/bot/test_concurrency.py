"""Stale buttons and double clicks: refused with a reason, never applied twice (in one process or two)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest
from hosttools import ALICE, BOB, FakeClock, human_table, open_service

from bot.settings import Settings
from bot.store.records import TableWrite
from bot.tables import TableError, TableService


async def test_two_concurrent_submissions_with_one_version_apply_once(service: TableService) -> None:
    table = await human_table(service)
    view = await service.seat_view(table, ALICE.user_id)
    results = await asyncio.gather(
        service.submit(table, ALICE.user_id, view.legal_actions[0], view.version, "a"),
        service.submit(table, ALICE.user_id, view.legal_actions[1], view.version, "b"),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], TableError) and errors[0].code == "stale_version"
    assert len(await service.store.actions(table)) == 1


async def test_a_double_click_counts_once(service: TableService) -> None:
    table = await human_table(service)
    view = await service.seat_view(table, ALICE.user_id)
    await service.submit(table, ALICE.user_id, view.legal_actions[0], view.version, "click")
    with pytest.raises(TableError) as err:
        await service.submit(table, ALICE.user_id, view.legal_actions[0], view.version, "click")
    assert err.value.code == "duplicate_submission"
    assert err.value.message("ja")
    assert len(await service.store.actions(table)) == 1


async def test_the_database_decides_between_two_processes(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    """Two services on one file (two bot processes): the second writer of a version is refused."""
    one = await open_service(db_path, settings, clock)
    two = await open_service(db_path, settings, clock)
    table = await human_table(one)
    view_one = await one.seat_view(table, ALICE.user_id)
    view_two = await two.seat_view(table, ALICE.user_id)  # both processes hold version 0 in memory
    await one.submit(table, ALICE.user_id, view_one.legal_actions[0], 0, "p1")
    with pytest.raises(TableError) as err:
        await two.submit(table, ALICE.user_id, view_two.legal_actions[1], 0, "p2")
    assert err.value.code == "stale_version"
    assert [a.idem_key for a in await one.store.actions(table)] == ["p1"]
    fresh = await two.seat_view(table, BOB.user_id)  # the loser reloaded the table from the store
    assert fresh.version == 1
    await one.close()
    await two.close()


async def test_a_key_reused_across_processes_is_a_duplicate(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    one = await open_service(db_path, settings, clock)
    table = await human_table(one)
    view = await one.seat_view(table, ALICE.user_id)
    await one.submit(table, ALICE.user_id, view.legal_actions[0], 0, "retry-me")
    two = await open_service(db_path, settings, clock)
    bob = await two.seat_view(table, BOB.user_id)
    with pytest.raises(TableError) as err:
        await two.submit(table, BOB.user_id, bob.legal_actions[0], bob.version, "retry-me")
    assert err.value.code == "duplicate_submission"
    await one.close()
    await two.close()


async def test_a_refused_write_does_not_sink_its_group(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    """Group commit: one stale table in a group is refused alone; the other tables' actions commit."""
    one = await open_service(db_path, settings, clock)
    two = await open_service(db_path, settings, clock)
    stale, fresh = await human_table(one, seed=1), await human_table(one, seed=2)
    old = await two.seat_view(stale, ALICE.user_id)  # process two caches version 0 of `stale`
    new = await one.seat_view(stale, ALICE.user_id)
    await one.submit(stale, ALICE.user_id, new.legal_actions[0], 0)
    ok = await two.seat_view(fresh, ALICE.user_id)
    sizes: list[int] = []
    plain_commit = two.store.commit

    async def spy(writes: Sequence[TableWrite]) -> list[Exception | None]:
        sizes.append(len(writes))
        return await plain_commit(writes)

    two.store.commit = spy  # type: ignore[method-assign]
    results = await asyncio.gather(
        two.submit(stale, ALICE.user_id, old.legal_actions[1], 0, "x"),
        two.submit(fresh, ALICE.user_id, ok.legal_actions[0], 0, "y"),
        return_exceptions=True,
    )
    assert isinstance(results[0], TableError) and results[0].code == "stale_version"
    assert not isinstance(results[1], Exception)
    assert sizes == [2]  # both writes went in one group
    assert [a.idem_key for a in await two.store.actions(fresh)] == ["y"]
    assert len(await two.store.actions(stale)) == 1
    await one.close()
    await two.close()
