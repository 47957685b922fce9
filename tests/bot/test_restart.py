"""A table survives a restart: rebuilt from snapshot + log, identical, loaded on demand, evicted when idle."""

from __future__ import annotations

from hosttools import ALICE, BOB, FakeClock, human_table, open_service, play_first_legal, replay_matches

from bot.settings import Settings
from bot.tables import TableService, TableStatus


async def test_restart_rebuilds_the_same_table(db_path: str, settings: Settings, clock: FakeClock) -> None:
    svc = await open_service(db_path, settings, clock)
    table = await human_table(svc, players=3, rounds="4")
    assert await play_first_legal(svc, table, 6) == 6  # past one snapshot (every 4 actions in tests)
    before = await svc.seat_view(table, ALICE.user_id)
    assert (await svc.store.snapshot(table)) is not None
    await replay_matches(svc, table)
    await svc.close()

    again = await open_service(db_path, settings, clock)
    assert again.loaded_tables == 0  # nothing is loaded until someone needs it
    after = await again.seat_view(table, ALICE.user_id)
    assert (after.view, after.legal_actions, after.version) == (
        before.view,
        before.legal_actions,
        before.version,
    )
    await replay_matches(again, table)
    assert await play_first_legal(again, table, 50) > 0
    assert (await again.get_table(table)).status is TableStatus.FINISHED
    await replay_matches(again, table)
    await again.close()


async def test_idle_tables_leave_memory_and_come_back(service: TableService, clock: FakeClock) -> None:
    first = await human_table(service)
    second = await human_table(service)
    await play_first_legal(service, first, 1)
    clock.now += service.settings.idle_evict_seconds + 1
    await service.get_table(second)  # touched now: stays
    assert service.evict_idle() == 1 and service.loaded_tables == 1
    view = await service.seat_view(first, BOB.user_id)
    assert view.version == 1 and service.loaded_tables == 2


async def test_lru_cap_bounds_memory(db_path: str, clock: FakeClock) -> None:
    svc = await open_service(db_path, Settings(max_loaded_tables=3), clock)
    tables = [await human_table(svc, seed=i) for i in range(5)]
    assert svc.loaded_tables == 3
    for t in tables:
        assert (await svc.get_table(t)).status is TableStatus.PLAYING
    await svc.close()


async def test_restart_with_many_stored_tables_serves_at_once(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    """Nothing is loaded eagerly: a restart over thousands of stored tables serves its first action fast."""
    import time

    from bot.store.records import SeatRow, TableRow

    svc = await open_service(db_path, settings, clock)
    rows = [
        (
            TableRow(
                0, 1, 1, None, "tiny", "standard", {}, "playing", i, 0, 0, "live", 120, clock.now, clock.now
            ),
            [SeatRow(0, 100 + i, "a"), SeatRow(1, 200 + i, "b")],
        )
        for i in range(5000)
    ]
    ids = await svc.store.insert_tables_bulk(rows)
    await svc.close()
    started = time.perf_counter()
    again = await open_service(db_path, settings, clock)
    table = ids[len(ids) // 2]
    view = await again.seat_view(table, 100 + len(ids) // 2)
    await again.submit(table, 100 + len(ids) // 2, view.legal_actions[0], view.version)
    assert time.perf_counter() - started < 1.0
    assert again.loaded_tables == 1
    await again.close()
