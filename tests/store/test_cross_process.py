"""Several bot processes on one database: a process's copy of a table never decides on stale data.

Processes tell each other through PostgreSQL LISTEN/NOTIFY which tables moved on, so a process drops
its copy of a table another process changed; and a click made on a board newer than the process's copy
(it arrived before the notification) reloads the table and is applied, not refused as stale.
"""

from __future__ import annotations

import asyncio

from hosttools import ALICE, human_table, play_first_legal

from bot.settings import Settings
from bot.store.factory import open_store
from bot.tables import TableService

SETTINGS = Settings(snapshot_every=4)


async def _pair(db_target: str) -> tuple[TableService, TableService]:
    return (
        TableService(await open_store(db_target), SETTINGS),
        TableService(await open_store(db_target), SETTINGS),
    )


async def _heard(condition: object, seconds: float = 5.0) -> bool:
    for _ in range(int(seconds / 0.02)):
        if callable(condition) and condition():
            return True
        await asyncio.sleep(0.02)
    return False


async def _move(svc: TableService, table: int, key: str) -> int:
    """The first seat that may act plays its first legal action; returns the new version."""
    info = await svc.get_table(table)
    for seat in info.seats:
        assert seat.user_id is not None
        view = await svc.seat_view(table, seat.user_id)
        if view.legal_actions:
            update = await svc.submit(table, seat.user_id, view.legal_actions[0], view.version, key)
            return update.table.version
    raise AssertionError("nobody to act")


async def test_a_click_on_a_board_newer_than_the_copy_is_applied(db_target: str) -> None:
    """(Both backends.) Process two holds version 1; the player clicks the board process one showed."""
    one, two = await _pair(db_target)
    try:
        table = await human_table(one, players=2, rounds="3")
        await one.get_table(table)  # one holds version 0
        await _move(two, table, "by two")  # two moved it on and showed the new board
        behind = one.host.cache.tables.get(table)
        if behind is not None:  # (PostgreSQL may already have told one to drop it)
            assert behind.info.version == 0
        board = [await two.seat_view(table, u) for u in (1, 2)]
        view = next(v for v in board if v.legal_actions)
        user = board.index(view) + 1
        update = await one.submit(table, user, view.legal_actions[0], view.version, "newer board")
        assert update.table.version == view.version + 1 == 2
    finally:
        await one.close()
        await two.close()


async def test_processes_drop_copies_another_process_changed(pg_server: object) -> None:
    url = pg_server.create_database("notify")  # type: ignore[attr-defined]
    one, two = await _pair(url)
    try:
        table = await human_table(one, players=2, rounds="3")
        await two.get_table(table)
        assert table in two.host.cache.tables
        await play_first_legal(one, table, 1)
        assert await _heard(lambda: table not in two.host.cache.tables)  # told, not found out by a refusal
        assert (await two.get_table(table)).version == (await one.get_table(table)).version
        # a lobby change made by one reaches two as well
        lobby = await one.create(10, 20, ALICE, "tiny", options={"rounds": "1"})
        await two.get_table(lobby.id)
        await one.set_thread(lobby.id, 555)
        assert await _heard(lambda: lobby.id not in two.host.cache.tables)
        assert (await two.get_table(lobby.id)).thread_id == 555
        # its own changes do not make a process drop its copies
        await play_first_legal(one, table, 1)
        await asyncio.sleep(0.2)
        assert table in one.host.cache.tables
    finally:
        await one.close()
        await two.close()


async def test_lost_listening_connection_drops_all_copies_and_listens_again(pg_server: object) -> None:
    url = pg_server.create_database("relisten")  # type: ignore[attr-defined]
    one, two = await _pair(url)
    try:
        table = await human_table(one, players=2, rounds="3")
        await two.get_table(table)
        two.host.store._listen.terminate()  # type: ignore[attr-defined]  # as a database restart would
        assert await _heard(lambda: table not in two.host.cache.tables)
        assert await _heard(lambda: two.host.store._listen is not None)  # type: ignore[attr-defined]
        await two.get_table(table)
        await play_first_legal(one, table, 1)
        assert await _heard(lambda: table not in two.host.cache.tables)  # hearing again
    finally:
        await one.close()
        await two.close()
