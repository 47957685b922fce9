"""A person's day (time zone, quiet hours, digest) and "Play again" on both stores: every write two
clicks or two processes could race is decided by the database."""

from __future__ import annotations

import asyncio

from bot.store.base import Store
from bot.store.personal import PersonRow
from bot.store.records import SeatRow, TableRow


def lobby_row(source: int) -> TableRow:
    return TableRow(
        id=0, guild_id=1, channel_id=2, thread_id=None, game="tiny", variant="standard", options={},
        status="lobby", seed=source, version=0, creator_id=10, clock_mode="async", clock_seconds=60,
        created_at=0.0, updated_at=0.0,
    )  # fmt: skip


async def test_time_settings_merge_like_the_other_settings(store: Store) -> None:
    assert await store.person(5) is None
    for user in range(1, 11):
        await asyncio.gather(
            store.update_person(user, PersonRow(timezone="Asia/Tokyo")),
            store.update_person(user, PersonRow(quiet_start=60, quiet_end=420)),
            store.update_person(user, PersonRow(digest_hour=9)),
            store.update_settings(user, language="ja"),
        )
        assert await store.person(user) == PersonRow("Asia/Tokyo", 60, 420, 9, 0.0)  # 0: to schedule
        assert await store.get_settings(user) == ("ja", True)
    assert await store.update_person(1, PersonRow()) == PersonRow("Asia/Tokyo", 60, 420, 9, 0.0)
    assert (await store.update_person(1, PersonRow(digest_hour=-1))).digest_next_at is None  # off


async def test_a_due_digest_is_moved_on_by_exactly_one_caller(store: Store) -> None:
    await store.update_person(7, PersonRow(timezone="UTC", digest_hour=9))
    await store.update_person(8, PersonRow(digest_hour=-1))  # off: never due
    due = await store.digests_due(1000.0)
    assert [(d.user_id, d.hour, d.due_at) for d in due] == [(7, 9, None)]
    first = await asyncio.gather(*(store.move_digest(7, None, 2000.0) for _ in range(4)))
    assert sorted(first) == [False, False, False, True]
    assert await store.digests_due(1999.0) == []
    assert [d.due_at for d in await store.digests_due(2000.0)] == [2000.0]
    moved = await asyncio.gather(*(store.move_digest(7, 2000.0, 3000.0) for _ in range(4)))
    assert sorted(moved) == [False, False, False, True]
    # a new hour unschedules it (the sweep schedules it again in the person's zone)
    await store.update_person(7, PersonRow(digest_hour=10))
    assert [(d.hour, d.due_at) for d in await store.digests_due(0.0)] == [(10, None)]


async def test_the_digest_sweep_reads_one_index_range(store: Store, backend: str) -> None:
    """The clock loop asks every second: its query must not scan every person's settings."""
    from bot.store import personal

    if backend != "sqlite":
        return  # (PostgreSQL's planner prefers a scan on a tiny table; the same partial index serves it)
    plan = await store._run(  # type: ignore[attr-defined]
        lambda conn: conn.execute("EXPLAIN QUERY PLAN " + personal.DIGESTS_DUE, (0.0, 10)).fetchall()
    )
    assert any("user_settings_digest" in str(row) for row in plan), plan


async def test_two_rematch_clicks_at_once_make_one_lobby(store: Store) -> None:
    results = await asyncio.gather(
        *(store.insert_rematch(99, lobby_row(99), [SeatRow(0, 100 + i, f"p{i}")]) for i in range(5))
    )
    made = [r for r in results if r[1]]
    assert len(made) == 1
    assert {r[0] for r in results} == {made[0][0]}
    assert await store.rematch_of(99) == made[0][0]
    assert await store.rematch_of(98) is None
    lobbies = await store.table_rows(guild_id=1, statuses=("lobby",))
    assert [row.id for row, _ in lobbies] == [made[0][0]], "the losers' tables were rolled back"
