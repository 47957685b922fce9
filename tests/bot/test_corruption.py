"""A broken table gets a clear error; the other tables keep working; a newer database is refused."""

from __future__ import annotations

import sqlite3

import pytest
from hosttools import ALICE, FakeClock, human_table, open_service, play_first_legal

from bot.settings import Settings
from bot.store.base import StoreError
from bot.tables import TableError, TableStatus


def poke(db_path: str, sql: str, *params: object) -> None:
    conn = sqlite3.connect(db_path)
    conn.execute(sql, params)
    conn.commit()
    conn.close()


async def test_unknown_action_in_the_log_breaks_only_that_table(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    svc = await open_service(db_path, settings, clock)
    broken, fine = await human_table(svc, seed=1), await human_table(svc, seed=2)
    await play_first_legal(svc, broken, 2)
    await svc.close()
    poke(db_path, "UPDATE actions SET action = 'explode:now' WHERE table_id = ? AND seq = 2", broken)
    svc = await open_service(db_path, settings, clock)
    with pytest.raises(TableError) as err:
        await svc.seat_view(broken, ALICE.user_id)
    assert err.value.code == "table_corrupt" and "explode" in err.value.message("en")
    assert err.value.message("ja") != err.value.message("en")
    assert await play_first_legal(svc, fine, 2) == 2
    aborted = await svc.abort(broken)  # an admin can still close it
    assert aborted.status is TableStatus.ABORTED
    await svc.close()


async def test_gap_in_the_log_is_reported(db_path: str, settings: Settings, clock: FakeClock) -> None:
    svc = await open_service(db_path, settings, clock)
    table = await human_table(svc)
    await play_first_legal(svc, table, 3)
    await svc.close()
    poke(db_path, "DELETE FROM actions WHERE table_id = ? AND seq = 2", table)
    svc = await open_service(db_path, settings, clock)
    with pytest.raises(TableError) as err:
        await svc.get_table(table)
    assert err.value.code == "table_corrupt"
    await svc.close()


async def test_missing_game_breaks_only_that_table(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    svc = await open_service(db_path, settings, clock)
    gone, fine = await human_table(svc, seed=1), await human_table(svc, seed=2)
    await svc.close()
    poke(db_path, "UPDATE tables SET game = 'uninstalled' WHERE id = ?", gone)
    svc = await open_service(db_path, settings, clock)
    with pytest.raises(TableError) as err:
        await svc.get_table(gone)
    assert err.value.code == "game_unavailable" and "uninstalled" in err.value.message("en")
    assert await play_first_legal(svc, fine, 1) == 1
    assert [t.id for t in await svc.list_tables(10)] == [fine, gone]  # listing still works
    await svc.close()


async def test_database_from_a_newer_version_is_refused(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    svc = await open_service(db_path, settings, clock)
    await svc.close()
    poke(db_path, "PRAGMA user_version = 999")
    with pytest.raises(StoreError, match="newer"):
        await open_service(db_path, settings, clock)


async def test_clock_of_a_broken_table_does_not_stop_the_others(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    svc = await open_service(db_path, settings, clock)
    broken, fine = (
        await human_table(svc, seed=1, clock_seconds=10),
        await human_table(svc, seed=2, clock_seconds=10),
    )
    await svc.close()
    poke(db_path, "UPDATE tables SET game = 'uninstalled' WHERE id = ?", broken)
    clock.now += 11
    svc = await open_service(db_path, settings, clock)
    updates = await svc.process_due_clocks()
    assert [u.table.id for u in updates] == [fine]
    assert await svc.store.due_deadlines(clock.now + 1000) == [] or all(
        t == fine for t, _ in await svc.store.due_deadlines(clock.now + 1000)
    )
    await svc.close()


async def test_unreadable_snapshot_breaks_only_that_table(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    svc = await open_service(db_path, settings, clock)
    broken, fine = await human_table(svc, seed=1), await human_table(svc, seed=2)
    await play_first_legal(svc, broken, settings.snapshot_every + 1)
    assert await svc.store.snapshot(broken) is not None
    await svc.close()
    poke(db_path, "UPDATE snapshots SET state = '{not json' WHERE table_id = ?", broken)
    svc = await open_service(db_path, settings, clock)
    with pytest.raises(TableError) as err:
        await svc.get_table(broken)
    assert err.value.code == "table_corrupt" and "snapshot" in err.value.message("en")
    assert await play_first_legal(svc, fine, 1) == 1
    await svc.close()
