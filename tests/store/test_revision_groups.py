"""The revision check inside a group commit (both stores): among the writes of many tables committed
together, the one made on a stale copy (an AI took a seat meanwhile, from another process) or on a table
that is gone is refused, and every other table's write goes through; the clocks stored are read back as
written (the SQLite store writes their JSON by hand)."""

from __future__ import annotations

import json

from test_store_contract import SEATS, table_row, write

from bot.store.base import Store, VersionConflict
from bot.store.records import DeadlineRow, SeatRow, TableWrite, decode_clocks
from bot.store.records import clock_row as _clock_row


async def test_a_stale_revision_in_a_group_is_refused_and_the_others_commit(store: Store) -> None:
    tables = [await store.insert_table(table_row(status="playing"), SEATS) for _ in range(5)]
    stale = tables[2]
    # another process hands a seat of `stale` to an AI: its revision moves from 0 to 1
    seats = [SEATS[0], SeatRow(1, 2, "Bob", ai_policy="random", left_as="replaced"), SEATS[2]]
    assert await store.commit([TableWrite(stale, 0, 0, 1.0, seats=seats, base_revision=0)]) == [None]
    group = [write(t, 0, base_revision=0) for t in tables]
    outcome = await store.commit(group)
    assert [type(o) for o in outcome] == [type(None)] * 2 + [VersionConflict] + [type(None)] * 2
    for t in tables:
        loaded = await store.load(t)
        assert loaded is not None
        assert loaded.table.version == (0 if t == stale else 1)


async def test_a_write_for_a_table_that_is_gone_is_refused_alone(store: Store) -> None:
    kept = await store.insert_table(table_row(status="playing"), SEATS)
    outcome = await store.commit([write(kept, 0, base_revision=0), write(kept + 1000, 0, base_revision=0)])
    assert outcome[0] is None
    assert isinstance(outcome[1], VersionConflict)


async def test_clocks_are_read_back_as_written(store: Store) -> None:
    table_id = await store.insert_table(table_row(status="playing"), SEATS)
    clocks = [DeadlineRow(0, 1764151234.123456, 1764151174.5, True), DeadlineRow(2, 2000, 1500.25, False)]
    assert await store.commit([write(table_id, 0, deadlines=clocks, base_revision=0)]) == [None]
    loaded = await store.load(table_id)
    assert loaded is not None
    assert list(loaded.deadlines) == clocks


def test_sqlite_clock_text_is_what_json_writes() -> None:
    clocks = [
        DeadlineRow(0, 1764151234.123456, 1764151174.5, True, since=1764150000.25),
        DeadlineRow(3, 2000, 1e16, False),
        DeadlineRow(4, 1e18, 1e18, True, since=1500.5, held=86400.0, why="idle"),  # a stopped time bank
    ]
    expected: list[list[object]] = [[d.seat, d.due_at, d.remind_at, int(d.reminded), d.since] for d in clocks]
    expected[2] += [86400.0, "idle"]
    assert _clock_row(7, clocks) == (7, 2000, json.dumps(expected, separators=(",", ":")))
    assert decode_clocks(_clock_row(7, clocks)[2]) == clocks
    old = json.dumps([[0, 5.0, 2.5, 1]])  # a clock written before time banks reads as running
    assert decode_clocks(old) == [DeadlineRow(0, 5.0, 2.5, True)]
