"""Several bot processes, the windows that used to lose a message: a lobby note, a closing note or a
reminder is a relay row written in the transaction of its change (before, a sender wrote it right after
the commit, and a process killed in between lost it), and a claimed row is a lease that the claimer
deletes once its listeners took the Update (before, the claim deleted it, so an owner killed between its
claim and its post lost it). Two services on one real PostgreSQL stand for two processes, as in
test_relay.py: A runs shard 0 of 2, B shard 1; the tables are on a server of shard 0 (A's).
"""

from __future__ import annotations

import asyncio
from typing import Any

from hosttools import ALICE, BOB, FakeClock
from test_relay import SERVER_A, Heard, _click, _process, _started, _Unreachable

from bot.tables import TableService


def _kinds(heard: Heard) -> list[str]:
    return [e.kind for u in heard.updates for e, _ in u.events]


def _killed_after_commit(svc: TableService) -> None:
    """Nothing `svc` would write after a commit ever arrives (it was killed right after committing)."""
    assert svc.relay is not None
    svc.relay.store = _Unreachable()  # type: ignore[assignment]


async def _relay_rows(svc: TableService) -> list[tuple[int, bool]]:
    async with svc.store._conn() as conn:  # type: ignore[attr-defined]
        rows = await conn.fetch("SELECT table_id, leased_until IS NOT NULL FROM relay ORDER BY id")
    return [(int(r[0]), bool(r[1])) for r in rows]


async def test_lobby_and_closing_notes_of_a_process_killed_after_its_commit_are_posted_by_the_owner(
    pg_server: Any,
) -> None:
    url = pg_server.create_database("lease_lobby")
    a, b = await _process(url, 0), await _process(url, 1)
    heard_a, heard_b = Heard(a), Heard(b)
    _killed_after_commit(b)
    try:
        info = await a.create(SERVER_A, 20, ALICE, "tiny", options={"rounds": "1"}, seed=5)
        await b.join(info.id, BOB)  # Bob's join reaches B, which dies after committing it
        await heard_a.until(1)
        await b.cancel(info.id, ALICE.user_id)
        await heard_a.until(2)
        assert _kinds(heard_a) == ["host.joined", "host.cancelled"]
        assert heard_b.updates == []
    finally:
        b.relay.store = b.store  # type: ignore[union-attr]
        await b.close()
        await a.close()


async def test_a_reminder_of_a_process_killed_after_its_clock_write_is_posted_by_the_owner(
    pg_server: Any,
) -> None:
    url = pg_server.create_database("lease_reminder")
    a, b = await _process(url, 0), await _process(url, 1)
    heard_a, heard_b = Heard(a), Heard(b)
    clock = FakeClock()
    a.clock = b.clock = clock
    try:
        info = await a.create(SERVER_A, 20, ALICE, "tiny", options={"rounds": "1"}, clock_seconds=60)
        await a.join(info.id, BOB)
        await a.start(info.id, ALICE.user_id)
        await a.drain_updates()
        before = len(heard_a.updates)
        _killed_after_commit(b)
        clock.now += 50  # past the reminder, before the clock runs out
        assert await b.process_due_clocks()  # B's clock tick took the table and wrote the reminder
        got = (await heard_a.until(before + 1))[before:]
        assert "host.clock_reminder" in [e.kind for u in got for e, _ in u.events]
        assert heard_b.updates == []
    finally:
        b.relay.store = b.store  # type: ignore[union-attr]
        await b.close()
        await a.close()


async def test_an_owner_killed_between_its_claim_and_its_post_leaves_the_message_to_the_next_owner(
    pg_server: Any,
) -> None:
    url = pg_server.create_database("lease_claim")
    a, b = await _process(url, 0), await _process(url, 1)
    Heard(a)
    a2: TableService | None = None
    try:
        table = await _started(a)
        await a.drain_updates()
        assert a.relay is not None
        a.relay.lease_seconds = 0.5
        a.relay.outbox.deliver = lambda updates: None  # type: ignore[method-assign]  # dies before posting
        made = await _click(b, table, "dm")  # by DM on B: a row for A
        await b.drain_updates()
        for _ in range(250):  # A claimed it (leased), and never posted it
            if await _relay_rows(a) == [(table, True)]:
                break
            await asyncio.sleep(0.02)
        assert await _relay_rows(a) == [(table, True)]
        await a.close()  # the process is gone; its lease runs out

        a2 = await _process(url, 0)  # the shard's next owner
        heard = Heard(a2)
        assert a2.relay is not None
        for _ in range(100):
            if heard.updates:
                break
            a2.relay.wake()  # its poll, sooner
            await asyncio.sleep(0.05)
        await a2.drain_updates()
        assert heard.updates == [made]  # posted by the next owner
        a2.relay.wake()
        await asyncio.sleep(0.3)
        await a2.drain_updates()
        assert heard.updates == [made]  # once
        assert await _relay_rows(a2) == []  # its lease ended with the post
    finally:
        if a2 is not None:
            await a2.close()
        await b.close()


async def test_pause_notes_and_the_away_redraw_of_a_process_killed_after_its_commit_are_posted_by_the_owner(
    pg_server: Any,
) -> None:
    """Every pause note (asked, declined, paused, resumed) rides in the write of its vote or its clocks,
    and so does the board redrawn when someone's time away begins: before, the sender task wrote them
    after the commit, and a process killed in between lost them."""
    url = pg_server.create_database("lease_pause")
    a, b = await _process(url, 0), await _process(url, 1)
    heard_a, heard_b = Heard(a), Heard(b)
    try:
        info = await a.create(
            SERVER_A, 20, ALICE, "tiny", options={"rounds": "2"}, seed=5, clock_mode="async", clock_seconds=86400
        )
        await a.join(info.id, BOB)
        await a.start(info.id, ALICE.user_id)
        await a.drain_updates()
        before = len(heard_a.updates)
        _killed_after_commit(b)  # every change below is B's; nothing it writes after a commit arrives
        await b.ask_pause(info.id, ALICE.user_id)
        await b.decline_pause(info.id, BOB.user_id)
        await b.ask_pause(info.id, ALICE.user_id)
        await b.ask_pause(info.id, BOB.user_id)  # every player agreed: paused
        await b.resume(info.id, BOB.user_id)
        await b.set_away(BOB.user_id, "2d")  # Bob's async clock stops: his board says so
        got = (await heard_a.until(before + 6))[before:]
        await asyncio.sleep(0.2)
        kinds = [[e.kind for e, _ in u.events] for u in heard_a.updates[before:]]
        assert kinds == [
            ["host.pause_asked"], ["host.pause_declined"], ["host.pause_asked"], ["host.paused"],
            ["host.resumed"], [],
        ], kinds
        assert [u.events[0][0].data.get("count") for u in got[:3]] == [1, None, 1]  # (1/2 agreed)
        assert heard_b.updates == []
    finally:
        b.relay.store = b.store  # type: ignore[union-attr]
        await b.close()
        await a.close()
