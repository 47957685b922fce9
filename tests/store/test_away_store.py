"""Time away and pause votes in both stores (AwayStore), and the clocks of time banks across processes.

The limit of days away is decided by the database (two `/away` at once in two processes: one passes); a
bank's clock that expires while the process that claimed it was killed is handled once, by the other.
"""

from __future__ import annotations

import asyncio

from hosttools import ALICE, BOB, FakeClock, human_table

from bot.settings import Settings
from bot.store.base import Store
from bot.store.factory import open_store
from bot.tables import TableService

DAY = 86400.0
SETTINGS = Settings(snapshot_every=4, async_bank=(1000, 100, 1500), away_max_days=14)


async def test_away_periods_and_the_limit(store: Store) -> None:
    assert await store.start_away(1, 1000.0, 1000.0 + 10 * DAY, 14 * DAY) is None
    assert await store.away_spans([1, 2], 2000.0) == {1: (1000.0, 1000.0 + 10 * DAY)}
    assert await store.end_away(1, 1000.0 + 2 * DAY)  # back early: 2 days used
    assert not await store.end_away(1, 1000.0 + 3 * DAY)  # not away any more
    now = 1000.0 + 3 * DAY
    assert await store.start_away(1, now, now + 13 * DAY, 14 * DAY) == 2 * DAY  # refused: 2 + 13 > 14
    assert await store.away_spans([1], now) == {1: (1000.0, 1000.0 + 2 * DAY)}  # nothing changed
    assert await store.start_away(1, now, now + 12 * DAY, 14 * DAY) is None
    later = now + DAY  # a new period replaces the current one from its start
    assert await store.start_away(1, later, later + DAY, 14 * DAY) is None
    assert await store.away_spans([1], later) == {1: (later, later + DAY)}


async def test_pause_votes(store: Store) -> None:
    assert await store.add_pause_vote(5, 1, 10.0) == {1}
    assert await store.add_pause_vote(5, 1, 11.0) == {1}  # the same vote
    assert await store.add_pause_vote(5, 2, 12.0) == {1, 2}
    assert await store.pause_votes(6) == frozenset()
    await store.clear_pause_votes(5)
    assert await store.pause_votes(5) == frozenset()


async def test_two_aways_at_once_keep_one_period_within_the_limit(db_target: str) -> None:
    """A new /away replaces the current one; two at once (two processes) leave one current period and
    no more time away than the limit."""
    one, two = await open_store(db_target), await open_store(db_target)
    try:
        assert await one.start_away(1, 0.0, 4 * DAY, 14 * DAY) is None  # 4 days used before
        start = 10 * DAY
        got = await asyncio.gather(
            one.start_away(1, start, start + 10 * DAY, 14 * DAY),
            two.start_away(1, start + 0.5, start + 0.5 + 10 * DAY, 14 * DAY),
        )
        assert None in got
        now = start + DAY
        span = (await one.away_spans([1], now))[1]
        assert span[1] in (start + 10 * DAY, start + 0.5 + 10 * DAY)
        used = await one.start_away(1, now, now + 14 * DAY, 14 * DAY)  # refused: says what is used
        assert used is not None and used <= 14 * DAY
    finally:
        await one.close()
        await two.close()


async def _pair(db_target: str, clock: FakeClock) -> tuple[TableService, TableService]:
    return (
        TableService(await open_store(db_target), SETTINGS, clock),
        TableService(await open_store(db_target), SETTINGS, clock),
    )


async def test_bank_expiry_claimed_by_a_killed_process_is_handled_once_by_the_other(db_target: str) -> None:
    clock = FakeClock()
    owner, other = await _pair(db_target, clock)
    try:
        table = await human_table(owner, clock_mode="async-bank")
        clock.now += 1100 + 1  # Alice's reserve (1000 + 100) ran out
        claimed = await owner.store.claim_due_deadlines(clock.now, lease=5.0)
        assert {t for t, _ in claimed} == {table}
        # the owner is killed here, before it played the expired decision (its claim is all it left)
        await owner.store.close()
        if other.store.__class__.__name__.startswith("Postgres"):
            assert await other.process_due_clocks(clock.now) == []  # claimed: not handled twice
            clock.now += 6  # the dead process's lease ran out
        updates = await other.process_due_clocks(clock.now)
        assert next(e.kind for u in updates for e, _ in u.events) == "host.clock_expired"
        assert await other.process_due_clocks(clock.now + 1) == []
        actions = await other.store.actions(table)
        assert [(a.seat, a.via) for a in actions] == [(0, "clock")]
        clocks = await other.seat_clocks(table)
        assert clocks[0].left == 0 and clocks[1].running  # Alice kept nothing; Bob's turn began
    finally:
        await other.close()


async def test_two_processes_expire_a_clock_once(db_target: str) -> None:
    clock = FakeClock()
    one, two = await _pair(db_target, clock)
    try:
        table = await human_table(one, clock_mode="async-bank")
        await two.get_table(table)
        clock.now += 1200
        await asyncio.gather(one.process_due_clocks(clock.now), two.process_due_clocks(clock.now))
        assert [a.via for a in await one.store.actions(table)] == ["clock"]
    finally:
        await one.close()
        await two.close()


async def test_votes_in_two_processes_pause_the_table(db_target: str) -> None:
    clock = FakeClock()
    one, two = await _pair(db_target, clock)
    try:
        table = await human_table(one, clock_mode="live")
        await two.get_table(table)
        await asyncio.gather(one.ask_pause(table, ALICE.user_id), two.ask_pause(table, BOB.user_id))
        fresh = TableService(await open_store(db_target), SETTINGS, clock)
        try:
            assert await fresh.is_paused(table)
            assert not (await fresh.seat_clocks(table))[0].running
        finally:
            await fresh.close()
    finally:
        await one.close()
        await two.close()


async def test_forgetting_a_person_forgets_their_time_away_and_votes(store: Store) -> None:
    assert await store.start_away(7, 1000.0, 1000.0 + DAY, 14 * DAY) is None
    await store.add_pause_vote(3, 7, 1000.0)
    await store.add_pause_vote(3, 8, 1000.0)
    await store.forget_user(7)
    assert await store.away_spans([7], 2000.0) == {}
    assert await store.pause_votes(3) == {8}
