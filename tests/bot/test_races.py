"""Shared state under concurrency: every write that depends on a read is decided by the database.

Games finishing at once in one process, and two bot processes (two services on one SQLite file) racing
joins, clocks and ratings: a lost race is retried or refused, never silently overwritten.
"""

from __future__ import annotations

import asyncio
import sqlite3

from hosttools import ALICE, BOB, CARL, FakeClock, human_table, open_service

from bot.settings import Settings
from bot.store.records import RatingRecord, ResultRow, ResultSeat
from bot.tables import PlayerRef, TableError, TableService, TableStatus
from bot.tables.ratings import ALL_GAMES, rate

PLAYERS = [PlayerRef(u, f"P{u}") for u in range(1, 5)]


async def _started_pair(service: TableService, first: PlayerRef, second: PlayerRef, seed: int) -> int:
    info = await service.create(10, 20, first, "tiny", options={"rounds": "1"}, seed=seed)
    await service.join(info.id, second)
    await service.start(info.id, first.user_id)
    return info.id


async def _play_to_the_end(service: TableService, table_id: int) -> None:
    """Each seat that owes a decision plays its first legal card, until the game is over."""
    while True:
        info = await service.get_table(table_id)
        if info.status is not TableStatus.PLAYING:
            return
        for seat in info.seats:
            assert seat.user_id is not None
            view = await service.seat_view(table_id, seat.user_id)
            if view.legal_actions:
                await service.submit(table_id, seat.user_id, view.legal_actions[0], view.version)
                break


def _results_in_finishing_order(db_path: str) -> list[ResultRow]:
    conn = sqlite3.connect(db_path)
    out = []
    for table_id, guild_id, game, finished_at in conn.execute(
        "SELECT table_id, guild_id, game, finished_at FROM results ORDER BY finish_seq"
    ).fetchall():
        seats = conn.execute(
            "SELECT seat, user_id, name, placement, score, team FROM result_seats WHERE table_id = ?"
            " ORDER BY seat",
            (table_id,),
        ).fetchall()
        out.append(ResultRow(table_id, guild_id, game, finished_at, {}, tuple(ResultSeat(*s) for s in seats)))
    conn.close()
    return out


def _rated_one_at_a_time(results: list[ResultRow]) -> dict[tuple[int, str, int], RatingRecord]:
    board: dict[tuple[int, str, int], RatingRecord] = {}
    for result in results:
        for row in rate(result, board, 0.0):
            board[(row.scope, row.game, row.user_id)] = row
    return board


async def _assert_boards_equal_one_at_a_time(service: TableService, db_path: str, games: int) -> None:
    conn = sqlite3.connect(db_path)
    assert conn.execute("SELECT COUNT(*) FROM results").fetchone()[0] == games
    played = dict(conn.execute("SELECT user_id, COUNT(*) FROM result_seats GROUP BY user_id").fetchall())
    conn.close()
    board = {r.user_id: r for r in await service.leaderboard(10, "tiny", limit=10)}
    # the leaderboard counts every finished game exactly once
    assert {u: board[u].games for u in board} == played
    overall = {r.user_id: r for r in await service.leaderboard(None, ALL_GAMES, limit=10)}
    assert {u: overall[u].games for u in overall} == played
    # and its ratings are those of the same games rated one at a time, in finishing order
    expected = _rated_one_at_a_time(_results_in_finishing_order(db_path))
    for user, row in board.items():
        want = expected[(10, "tiny", user)]
        assert (row.mu, row.sigma, row.wins) == (want.mu, want.sigma, want.wins)


async def test_games_finishing_at_once_are_each_rated_once_in_finishing_order(
    service: TableService, db_path: str
) -> None:
    """Today's bug: 200 games with 8-16 finishing at once were counted as 128/109 on the leaderboard."""
    games = 64
    tables = []
    for i in range(games):
        first, second = PLAYERS[i % 4], PLAYERS[(i + 1 + i // 4) % 4]
        if first == second:
            second = PLAYERS[(i + 2) % 4]
        tables.append(await _started_pair(service, first, second, seed=i))
    for start in range(0, games, 16):  # 16 games finishing concurrently at a time
        await asyncio.gather(*(_play_to_the_end(service, t) for t in tables[start : start + 16]))
    await _assert_boards_equal_one_at_a_time(service, db_path, games)


async def test_two_processes_joining_one_lobby_keep_both_players(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    """Today's bug: both joins were acknowledged, the database kept one, and the game started without the
    other. Now the second write is refused by the database and the join is decided again on fresh data."""
    one = await open_service(db_path, settings, clock)
    two = await open_service(db_path, settings, clock)
    info = await one.create(10, 20, ALICE, "tiny", options={"rounds": "1"}, seed=3)
    await two.get_table(info.id)  # both processes hold the lobby with one seat
    joined = await asyncio.gather(one.join(info.id, BOB), two.join(info.id, CARL))
    assert {s.user_id for s in joined[0].seats} >= {ALICE.user_id, BOB.user_id}
    assert {s.user_id for s in joined[1].seats} >= {ALICE.user_id, CARL.user_id}
    third = await open_service(db_path, settings, clock)
    seats = (await third.get_table(info.id)).seats
    assert sorted(s.user_id for s in seats) == [1, 2, 3] and [s.seat for s in seats] == [0, 1, 2]
    started = await one.start(info.id, ALICE.user_id)
    assert len(started.table.seats) == 3
    for svc in (one, two, third):
        await svc.close()


async def test_a_stale_process_does_not_rewrite_a_clock(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    """Today's bug: a process holding an old copy of the table rewrote its clock row, so the seat that owed
    a move had no deadline after a restart (and the reminder went to a seat that had already played)."""
    one = await open_service(db_path, settings, clock)
    two = await open_service(db_path, settings, clock)
    start = clock.now
    table = await human_table(one, clock_seconds=100)
    await two.get_table(table)  # process two caches version 0: Alice owes, reminder at +50
    clock.now = start + 10
    alice = await one.seat_view(table, ALICE.user_id)
    await one.submit(table, ALICE.user_id, alice.legal_actions[0], alice.version)  # now Bob owes, due +110
    clock.now = start + 61  # Bob's reminder is due; process two's copy says Alice's is
    reminders = await two.process_due_clocks()
    assert [(u.events[0][0].kind, u.events[0][1]) for u in reminders] == [
        ("host.clock_reminder", frozenset({1}))
    ]
    await one.close()
    await two.close()
    again = await open_service(db_path, settings, clock)
    bob = await again.seat_view(table, BOB.user_id)
    assert bob.deadline == start + 110
    clock.now = start + 111
    expired = await again.process_due_clocks()
    assert [u.actor for u in expired] == [1]
    await again.close()


async def test_two_processes_rate_every_game_once(db_path: str, settings: Settings, clock: FakeClock) -> None:
    """Games finish in two processes at once while each also rates what it finds unrated (as at start):
    every game is rated exactly once (never lost, never twice), in finishing order."""
    one = await open_service(db_path, settings, clock)
    two = await open_service(db_path, settings, clock)
    games = 24
    tables = []
    for i in range(games):
        first, second = PLAYERS[i % 4], PLAYERS[(i + 1) % 4]
        tables.append((one if i % 2 else two, await _started_pair(one, first, second, seed=100 + i)))

    async def rate_again(svc: TableService) -> None:
        for _ in range(12):
            await svc._rate_pending()
            await asyncio.sleep(0)

    await asyncio.gather(*(_play_to_the_end(svc, t) for svc, t in tables), rate_again(one), rate_again(two))
    await _assert_boards_equal_one_at_a_time(one, db_path, games)
    await one.close()
    await two.close()


async def test_a_click_on_a_table_another_process_aborted_is_refused(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    """An admin aborts a table in one process while the other still holds it in play: a click there is
    refused with the table's real status, and nothing reaches the log of the aborted table."""
    one = await open_service(db_path, settings, clock)
    two = await open_service(db_path, settings, clock)
    table = await human_table(one)
    alice = await two.seat_view(table, ALICE.user_id)  # process two holds the table in play
    await one.abort(table)
    try:
        await two.submit(table, ALICE.user_id, alice.legal_actions[0], alice.version, "late")
    except TableError as err:
        assert err.code == "wrong_status" and "aborted" in err.message("en")
    else:
        raise AssertionError("a click on an aborted table was accepted")
    assert await one.store.actions(table) == []
    await one.close()
    await two.close()


async def test_two_processes_changing_one_persons_settings_keep_both_changes(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    """A language chosen in one process and DM pings turned off in another at the same moment: both stay
    (the store merges the change; before, each wrote back what it had read and one was lost)."""
    one = await open_service(db_path, settings, clock)
    two = await open_service(db_path, settings, clock)
    await asyncio.gather(one.set_settings(7, language="ja"), two.set_settings(7, dm_pings=False))
    mine = await one.get_settings(7)
    assert (mine.language, mine.dm_pings) == ("ja", False)
    await one.close()
    await two.close()


async def test_a_stale_process_cannot_write_a_forgotten_persons_seat_back(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    """docs/privacy.md: a forgotten person's seat is anonymized in the store. Another process that still
    holds the table in memory must not write the old seat (their id and name) back when it next changes
    the seats: forgetting makes every cached copy of their tables stale."""
    one = await open_service(db_path, settings, clock)
    two = await open_service(db_path, settings, clock)
    table = await human_table(one, players=3, rounds="5")
    await one.resign(table, BOB.user_id)  # Bob's seat is played by an AI; the table plays on
    await two.get_table(table)  # process two holds the table with Bob's name and id
    await one.privacy.forget_person(BOB.user_id)
    await two.replace_with_ai(table, 2)  # an admin in process two replaces seat 2: the seats are written
    third = await open_service(db_path, settings, clock)
    seats = (await third.get_table(table)).seats
    assert BOB.user_id not in {s.user_id for s in seats} and "P2" not in {s.name for s in seats}
    for svc in (one, two, third):
        await svc.close()
