"""Every Store method, the same expectations on both backends (SQLite and PostgreSQL).

What an operator relies on when switching DATABASE_URL: the same tables come back, the version check
refuses a stale writer, a repeated idempotency key is named as such, clocks and ratings round-trip.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.store.base import DuplicateKey, GuildRow, Store, VersionConflict
from bot.store.factory import open_store
from bot.store.records import (
    ActionRow,
    DeadlineRow,
    RatingRecord,
    ResultRow,
    ResultSeat,
    SeatRow,
    TableRow,
    TableWrite,
)

BIG = 1_234_567_890_123_456_789  # a Discord snowflake: needs 64 bits


def table_row(guild: int = 10, channel: int = 20, status: str = "lobby", seed: int = 7) -> TableRow:
    return TableRow(
        id=0,
        guild_id=guild,
        channel_id=channel,
        thread_id=None,
        game="tiny",
        variant="standard",
        options={"rounds": "3", "b": "x"},
        status=status,
        seed=seed,
        version=0,
        creator_id=BIG,
        clock_mode="live",
        clock_seconds=120,
        created_at=1000.5,
        updated_at=1000.5,
    )


SEATS = (SeatRow(0, BIG, "Alice"), SeatRow(1, 2, "Bob"), SeatRow(2, None, "AI", ai_policy="random"))


def action(seq: int, key: str | None = None, seat: int = 0) -> ActionRow:
    return ActionRow(
        seq=seq, seat=seat, action=f"play {seq}", user_id=BIG, via="user", at=1000.0 + seq, idem_key=key
    )


def write(table_id: int, base: int, count: int = 1, **kw: object) -> TableWrite:
    rows = [action(base + i + 1, f"k{table_id}-{base + i}") for i in range(count)]
    return TableWrite(table_id, base, base + count, 2000.0 + base, actions=rows, **kw)  # type: ignore[arg-type]


async def test_insert_and_load_round_trip(store: Store) -> None:
    table_id = await store.insert_table(table_row(), SEATS)
    loaded = await store.load(table_id)
    assert loaded is not None
    t = loaded.table
    assert (t.id, t.guild_id, t.creator_id, t.options, t.status, t.seed, t.version) == (
        table_id,
        10,
        BIG,
        {"rounds": "3", "b": "x"},
        "lobby",
        7,
        0,
    )
    assert (t.created_at, t.updated_at, t.clock_mode, t.clock_seconds, t.thread_id) == (
        1000.5,
        1000.5,
        "live",
        120,
        None,
    )
    assert loaded.seats == SEATS
    assert (loaded.snapshot_version, loaded.snapshot, loaded.tail, loaded.deadlines) == (0, None, (), ())
    assert await store.load(table_id + 999) is None


async def test_bulk_insert_gives_distinct_increasing_ids(store: Store) -> None:
    ids = await store.insert_tables_bulk([(table_row(seed=i), SEATS[:2]) for i in range(5)])
    assert ids == sorted(ids) and len(set(ids)) == 5
    assert [(await store.load(i)).table.seed for i in ids] == list(range(5))  # type: ignore[union-attr]


async def test_update_table_lobby_changes_and_conditional_status(store: Store) -> None:
    table_id = await store.insert_table(table_row(), SEATS[:1])
    assert await store.update_table(table_id, 1001.0, seats=SEATS[:2])
    assert await store.update_table(table_id, 1002.0, thread_id=BIG, set_thread=True)
    # a conditional change decided by the database: the second "start" finds the status already moved
    assert await store.update_table(table_id, 1003.0, status="playing", expect_status="lobby")
    assert not await store.update_table(table_id, 1004.0, status="cancelled", expect_status="lobby")
    loaded = await store.load(table_id)
    assert loaded is not None
    assert loaded.seats == SEATS[:2]
    assert (loaded.table.status, loaded.table.thread_id, loaded.table.updated_at) == ("playing", BIG, 1003.0)
    assert not await store.update_table(table_id + 999, 1005.0, status="x", expect_status="lobby")


async def test_commit_appends_log_snapshot_and_clocks(store: Store) -> None:
    table_id = await store.insert_table(table_row(status="playing"), SEATS)
    clocks = [DeadlineRow(0, 5000.0, 4000.0), DeadlineRow(1, 6000.0, 5500.0, True)]
    assert await store.commit([write(table_id, 0, 3, deadlines=clocks, snapshot=(3, '{"s":3}'))]) == [None]
    assert await store.commit([write(table_id, 3, 2)]) == [None]
    rows = await store.actions(table_id)
    assert [r.seq for r in rows] == [1, 2, 3, 4, 5]
    assert rows[0] == action(1, f"k{table_id}-0")
    assert [r.seq for r in await store.actions(table_id, after=3)] == [4, 5]
    assert await store.snapshot(table_id) == (3, '{"s":3}')
    loaded = await store.load(table_id)
    assert loaded is not None
    assert loaded.table.version == 5
    assert (loaded.snapshot_version, loaded.snapshot) == (3, '{"s":3}')
    assert [a.seq for a in loaded.tail] == [4, 5]
    assert loaded.recent_keys[0] == f"k{table_id}-4"
    assert loaded.deadlines == tuple(clocks)
    # clearing the clocks (an empty list) and leaving them (None)
    assert await store.commit([write(table_id, 5, 1, deadlines=[])]) == [None]
    assert (await store.load(table_id)).deadlines == ()  # type: ignore[union-attr]


async def test_group_commit_refuses_only_the_stale_and_repeated_writes(store: Store) -> None:
    a, b, c = await store.insert_tables_bulk([(table_row(seed=i), SEATS) for i in range(3)])
    assert await store.commit([write(a, 0), write(b, 0)]) == [None, None]
    # a repeated request carries the version it was made for: it collides and is named a repeat
    repeat = TableWrite(b, 0, 1, 3000.0, actions=[action(1, f"k{b}-0")])
    stale = TableWrite(a, 0, 1, 3000.0, actions=[action(1, "fresh key")])  # a is at version 1 already
    outcome = await store.commit([stale, repeat, write(c, 0)])
    assert isinstance(outcome[0], VersionConflict) and outcome[0].table_id == a
    assert isinstance(outcome[1], DuplicateKey)
    assert outcome[2] is None
    assert [r.seq for r in await store.actions(a)] == [1]
    assert [r.seq for r in await store.actions(b)] == [1]
    assert [r.seq for r in await store.actions(c)] == [1]
    assert await store.commit([]) == []


async def test_finishing_write_stores_status_seats_and_result(store: Store) -> None:
    table_id = await store.insert_table(table_row(status="playing", guild=BIG), SEATS)
    result = ResultRow(
        table_id,
        BIG,
        "tiny",
        4000.0,
        {"winner": [0], "scores": [3, 1, 0]},
        (ResultSeat(0, BIG, "Alice", 1, 3.0, None), ResultSeat(1, 2, "Bob", 2, 1.5, 1)),
    )
    seats = [SEATS[0], SeatRow(1, 2, "Bob", ai_policy="heuristic", left_as="resigned"), SEATS[2]]
    w = write(table_id, 0, 2, status="finished", result=result, seats=seats, deadlines=[])
    assert await store.commit([w]) == [None]
    loaded = await store.load(table_id)
    assert loaded is not None
    assert loaded.table.status == "finished" and loaded.seats == tuple(seats)
    assert await store.unrated_results() == [result]


async def test_table_rows_filters(store: Store) -> None:
    t1 = await store.insert_table(table_row(guild=1, channel=5, status="lobby"), SEATS[:1])
    t2 = await store.insert_table(table_row(guild=1, channel=6, status="playing"), SEATS[1:2])
    t3 = await store.insert_table(table_row(guild=2, channel=5, status="finished"), SEATS[:2])
    await store.update_table(t2, 1001.0, thread_id=77, set_thread=True)
    ids = lambda rows: [r[0].id for r in rows]  # noqa: E731
    assert ids(await store.table_rows()) == [t3, t2, t1]
    assert ids(await store.table_rows(guild_id=1)) == [t2, t1]
    assert ids(await store.table_rows(channel_id=77)) == [t2]  # a thread id matches too
    assert ids(await store.table_rows(statuses=("lobby", "finished"))) == [t3, t1]
    assert ids(await store.table_rows(user_id=2)) == [t3, t2]
    assert ids(await store.table_rows(limit=1)) == [t3]
    assert (await store.table_rows(guild_id=2))[0][1] == SEATS[:2]


async def test_due_deadlines(store: Store) -> None:
    a, b = await store.insert_tables_bulk([(table_row(status="playing"), SEATS)] * 2)
    await store.commit(
        [
            write(a, 0, deadlines=[DeadlineRow(0, 100.0, 50.0), DeadlineRow(1, 300.0, 200.0)]),
            write(b, 0, deadlines=[DeadlineRow(2, 100.0, 90.0, True)]),
        ]
    )
    assert await store.due_deadlines(10.0) == []
    assert await store.due_deadlines(60.0) == [
        (a, DeadlineRow(0, 100.0, 50.0)),
        (a, DeadlineRow(1, 300.0, 200.0)),
    ]
    due = await store.due_deadlines(100.0)
    assert {t for t, _ in due} == {a, b}
    assert len(await store.due_deadlines(100.0, limit=1)) == 2  # one table: both its clocks


async def test_ratings_round_trip_and_ranks(store: Store) -> None:
    table_id = await store.insert_table(table_row(status="playing"), SEATS)
    result = ResultRow(table_id, 10, "tiny", 4000.0, {}, (ResultSeat(0, BIG, "Alice", 1, 1.0, None),))
    await store.commit([write(table_id, 0, status="finished", result=result)])
    rows = [
        RatingRecord(-1, "tiny", BIG, "Alice", 27.0, 7.0, 6.0, 1, 1, 4000.0),
        RatingRecord(-1, "tiny", 2, "Bob", 23.0, 7.0, 2.0, 1, 0, 4000.0),
        RatingRecord(10, "*", BIG, "Alice", 27.0, 7.0, 6.0, 1, 1, 4000.0),
    ]
    await store.save_ratings(table_id, rows)
    assert await store.unrated_results() == []
    found = await store.ratings_for([(-1, "tiny", BIG), (-1, "tiny", 2), (-1, "tiny", 3)])
    assert found == {(-1, "tiny", BIG): rows[0], (-1, "tiny", 2): rows[1]}
    assert await store.ratings_for([]) == {}
    assert await store.leaderboard(-1, "tiny", 10) == rows[:2]
    assert await store.leaderboard(-1, "tiny", 1) == rows[:1]
    assert await store.player_ratings(2, -1) == [(rows[1], 2)]
    assert await store.player_ratings(BIG, 10) == [(rows[2], 1)]
    better = RatingRecord(-1, "tiny", 2, "Bob2", 30.0, 6.0, 12.0, 2, 1, 4100.0)
    await store.save_ratings(table_id, [better])  # an upsert: the row is replaced
    assert await store.leaderboard(-1, "tiny", 10) == [better, rows[0]]


async def test_user_and_guild_settings(store: Store) -> None:
    assert await store.get_settings(BIG) is None
    assert await store.update_settings(BIG, None, True) == (None, True)
    assert await store.get_settings(BIG) == (None, True)
    assert await store.update_settings(BIG, "ja", False) == ("ja", False)
    assert await store.get_settings(BIG) == ("ja", False)
    assert await store.guild_row(BIG) is None
    saved = await store.update_guild_settings(BIG, default_clock="async", table_channels="[1,2]")
    assert saved == GuildRow("async", "[1,2]")
    assert await store.guild_row(BIG) == saved


async def test_table_meta(store: Store) -> None:
    assert await store.get_table_meta(5) == {}
    await store.set_table_meta(5, {"board": '{"m":1}', "lang": '"ja"'})
    await store.set_table_meta(5, {"board": '{"m":2}', "lang": None})
    assert await store.get_table_meta(5) == {"board": '{"m":2}'}
    assert await store.get_table_meta(6) == {}


async def test_reopen_keeps_everything(db_target: str) -> None:
    first = await open_store(db_target)
    table_id = await first.insert_table(table_row(status="playing"), SEATS)
    await first.commit([write(table_id, 0, 2)])
    await first.close()
    second = await open_store(db_target)  # migrations run again: nothing to do, nothing lost
    try:
        assert [r.seq for r in await second.actions(table_id)] == [1, 2]
    finally:
        await second.close()


async def test_two_stores_on_one_database_race_one_version(db_target: str) -> None:
    """Two processes' stores append the same version: the database lets exactly one through."""
    one, two = await open_store(db_target), await open_store(db_target)
    try:
        ids = await one.insert_tables_bulk([(table_row(status="playing", seed=i), SEATS) for i in range(20)])
        for base in range(5):
            outcomes = await asyncio.gather(
                one.commit([write(t, base) for t in ids]),
                two.commit(
                    [
                        TableWrite(t, base, base + 1, 1.0, actions=[action(base + 1, f"two{t}-{base}")])
                        for t in ids
                    ]
                ),
            )
            for index in range(len(ids)):
                won = [o[index] is None for o in outcomes]
                assert sum(won) == 1, (base, outcomes[0][index], outcomes[1][index])
                lost = outcomes[won.index(False)][index]
                assert isinstance(lost, VersionConflict)
        for t in ids:
            assert [r.seq for r in await two.actions(t)] == [1, 2, 3, 4, 5]
    finally:
        await one.close()
        await two.close()


async def test_two_stores_race_a_conditional_lobby_change(db_target: str) -> None:
    one, two = await open_store(db_target), await open_store(db_target)
    try:
        ids = await one.insert_tables_bulk([(table_row(), SEATS)] * 10)
        for t in ids:
            results = await asyncio.gather(
                one.update_table(t, 1.0, status="playing", expect_status="lobby"),
                two.update_table(t, 2.0, status="cancelled", expect_status="lobby"),
            )
            assert sorted(results) == [False, True]
    finally:
        await one.close()
        await two.close()


@pytest.mark.parametrize("backend", ["postgres"])
async def test_postgres_schema_from_a_newer_tricktable_is_refused(db_target: str) -> None:
    from bot.store.base import StoreError

    store = await open_store(db_target)
    await store.close()
    import asyncpg

    conn = await asyncpg.connect(db_target)
    await conn.execute("UPDATE schema_version SET version = 999")
    await conn.close()
    with pytest.raises(StoreError, match="newer"):
        await open_store(db_target)


async def test_revision_decides_lobby_changes_and_writes(store: Store) -> None:
    """A change made on a stale copy of the table's row or seats is refused, whoever made it."""
    table_id = await store.insert_table(table_row(), SEATS[:1])
    assert (await store.load(table_id)).table.revision == 0  # type: ignore[union-attr]
    assert await store.update_table(table_id, 1.0, seats=SEATS[:2], expect_revision=0)
    assert not await store.update_table(table_id, 2.0, seats=SEATS[:1], expect_revision=0)  # stale copy
    assert await store.update_table(table_id, 3.0, status="playing", expect_revision=1)
    assert (await store.load(table_id)).table.revision == 2  # type: ignore[union-attr]
    # a TableWrite made on revision 1 (before the start) is refused, one made on 2 goes through
    stale = TableWrite(table_id, 0, 1, 4.0, actions=[action(1, "a")], base_revision=1)
    fresh = TableWrite(table_id, 0, 1, 4.0, actions=[action(1, "b")], base_revision=2)
    outcome = await store.commit([stale])
    assert isinstance(outcome[0], VersionConflict)
    assert await store.commit([fresh]) == [None]
    # handing a seat to an AI bumps the revision: a lobby change made before it is refused
    seats = [SEATS[0], SeatRow(1, 2, "Bob", ai_policy="random", left_as="replaced")]
    assert await store.commit([TableWrite(table_id, 1, 1, 5.0, seats=seats, base_revision=2)]) == [None]
    assert not await store.update_table(table_id, 6.0, status="aborted", expect_revision=2)
    assert (await store.load(table_id)).table.revision == 3  # type: ignore[union-attr]


async def test_a_write_without_log_rows_is_checked_against_its_version(store: Store) -> None:
    """A clock reminder computed on version 1 must not overwrite the clocks of version 2."""
    table_id = await store.insert_table(table_row(status="playing"), SEATS)
    await store.commit([write(table_id, 0, deadlines=[DeadlineRow(0, 100.0, 50.0)])])
    await store.commit([write(table_id, 1, deadlines=[DeadlineRow(1, 200.0, 150.0)])])
    reminder = TableWrite(table_id, 1, 1, 60.0, deadlines=[DeadlineRow(0, 100.0, 50.0, True)])
    outcome = await store.commit([reminder])
    assert isinstance(outcome[0], VersionConflict)
    assert (await store.load(table_id)).deadlines == (DeadlineRow(1, 200.0, 150.0),)  # type: ignore[union-attr]
    current = TableWrite(table_id, 2, 2, 160.0, deadlines=[DeadlineRow(1, 200.0, 150.0, True)])
    assert await store.commit([current]) == [None]


class _CountingRater:
    """Each result adds one game (and a win for placement 1) to each seat: order-sensitive via `order`."""

    def __init__(self) -> None:
        self.order: list[int] = []

    def keys(self, result: ResultRow) -> list[tuple[int, str, int]]:
        return [(-1, result.game, s.user_id) for s in result.seats if s.user_id is not None]

    def season_of(self, result: ResultRow, cadence: str) -> None:
        return None  # (seasons have their own tests: tests/store/test_seasons.py)

    def rate(self, result: ResultRow, current: dict) -> list[RatingRecord]:  # type: ignore[type-arg]
        self.order.append(result.table_id)
        out = []
        for s in result.seats:
            assert s.user_id is not None
            old = current.get((-1, result.game, s.user_id))
            games, wins = (old.games, old.wins) if old else (0, 0)
            won = int(s.placement == 1)
            out.append(
                RatingRecord(
                    -1,
                    result.game,
                    s.user_id,
                    s.name,
                    25.0,
                    8.0,
                    float(wins + won),
                    games + 1,
                    wins + won,
                    result.finished_at,
                )
            )
        return out


async def test_ratings_applied_exactly_once_by_two_stores_racing(db_target: str) -> None:
    """Two processes rating at once: every result counted once, in finishing order."""
    one, two = await open_store(db_target), await open_store(db_target)
    try:
        ids = await one.insert_tables_bulk([(table_row(status="playing", seed=i), SEATS) for i in range(24)])
        for i, t in enumerate(ids):
            result = ResultRow(
                t,
                10,
                "tiny",
                100.0 + i,
                {},
                (ResultSeat(0, BIG, "A", 1 + i % 2, 1.0, None), ResultSeat(1, 2, "B", 2 - i % 2, 0.0, None)),
            )
            await (one if i % 2 else two).commit([write(t, 0, status="finished", result=result)])
        raters = [_CountingRater() for _ in range(6)]
        done = await asyncio.gather(*((one, two)[i % 2].apply_ratings(r) for i, r in enumerate(raters)))
        rated = [t for d in done for t in d]
        assert sorted(rated) == sorted(ids)  # each exactly once
        for d in done:
            assert d == sorted(d, key=ids.index)  # in finishing order within every call
        board = {r.user_id: r for r in await one.leaderboard(-1, "tiny", 10)}
        assert (board[BIG].games, board[BIG].wins, board[2].games, board[2].wins) == (24, 12, 24, 12)
        assert await two.unrated_results() == []
    finally:
        await one.close()
        await two.close()


@pytest.mark.parametrize("backend", ["postgres"])
async def test_each_due_clock_is_claimed_by_one_process(db_target: str) -> None:
    """Two processes ticking at once split the due tables; a claim lasts until new clocks are written
    or its lease runs out (the claimer died), then another process takes the table."""
    one, two = await open_store(db_target), await open_store(db_target)
    try:
        ids = await one.insert_tables_bulk([(table_row(status="playing"), SEATS)] * 30)
        await one.commit([write(t, 0, deadlines=[DeadlineRow(0, 100.0, 50.0)]) for t in ids])
        got = await asyncio.gather(*(s.claim_due_deadlines(120.0, lease=5.0) for s in (one, two, one, two)))
        claimed = [t for g in got for t, _ in g]
        assert sorted(claimed) == sorted(ids)  # every due table once, to exactly one caller
        assert await two.claim_due_deadlines(124.0, lease=5.0) == []  # still claimed
        await one.commit([write(ids[0], 1, deadlines=[DeadlineRow(1, 110.0, 105.0)])])  # a new clock
        assert [t for t, _ in await two.claim_due_deadlines(124.0)] == [ids[0]]  # ends the claim
        again = await two.claim_due_deadlines(126.0, lease=5.0)  # the others' leases ran out
        assert sorted({t for t, _ in again}) == sorted(ids[1:])
        assert await one.due_deadlines(126.0) != []  # reading the due clocks claims nothing
    finally:
        await one.close()
        await two.close()
