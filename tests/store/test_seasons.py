"""Seasons in the store (both backends): each game is rated into exactly one season, the season of its
finish time under the server's cadence, in the rating transaction; a season's end and hall of fame are
recorded once, also when two processes notice the end at the same moment; boards page and rank."""

from __future__ import annotations

import asyncio
import calendar

import pytest
from hosttools import FakeClock, human_table, play_first_legal
from test_store_contract import SEATS, table_row, write

from bot.settings import Settings
from bot.store.base import Store
from bot.store.factory import open_store
from bot.store.records import RatingRecord, ResultRow, ResultSeat
from bot.store.seasons import ALL_TIME
from bot.tables import TableService, TableStatus
from bot.tables.errors import TableError
from bot.tables.ratings import OpenSkillRater

DEC_1 = float(calendar.timegm((2026, 12, 1, 0, 0, 0)))
NOV_30_LATE = DEC_1 - 120.0


async def _finished(store: Store, guild: int, at: float, winner: int = 1, loser: int = 2) -> int:
    [table] = await store.insert_tables_bulk([(table_row(guild=guild, status="playing"), SEATS)])
    seats = (ResultSeat(0, winner, f"P{winner}", 1, 1.0, None), ResultSeat(1, loser, f"P{loser}", 2, 0.0, None))
    result = ResultRow(table, guild, "tiny", at, {}, seats)
    assert await store.commit([write(table, 0, status="finished", result=result)]) == [None]
    return table


async def _season_games(store: Store, guild: int, season: str, user: int) -> int:
    found = await store.board_rank(guild, season, "*", user)
    return found[0].games if found else 0


async def test_results_count_in_the_season_of_their_finish_under_the_cadence(store: Store) -> None:
    """Monthly (the default), quarterly and none: the season of the finish time, the all-time board
    beside it, and the history of both."""
    await store.set_season_settings(11, cadence="quarterly")
    await store.set_season_settings(12, cadence="none", channel_id=77)
    oct_ = float(calendar.timegm((2026, 10, 20, 12, 0, 0)))
    for guild in (10, 11, 12):
        await _finished(store, guild, oct_)
        await _finished(store, guild, NOV_30_LATE)
        await _finished(store, guild, DEC_1 + 5)
    await store.apply_ratings(OpenSkillRater(DEC_1 + 10))
    assert sorted(await store.seasons_of(10)) == [("2026-10", False), ("2026-11", False), ("2026-12", False)]
    assert [await _season_games(store, 10, s, 1) for s in ("2026-10", "2026-11", "2026-12")] == [1, 1, 1]
    assert sorted(await store.seasons_of(11)) == [("2026-Q4", False)]
    assert await _season_games(store, 11, "2026-Q4", 1) == 3
    assert await store.seasons_of(12) == []
    assert await store.season_settings(12) == (("none", 77))
    for guild in (10, 11, 12):  # the all-time board counts every game
        assert await _season_games(store, guild, ALL_TIME, 2) == 3
    # a season starts fresh: December's single game rates like a first game, all-time has three behind it
    december = await store.board_rank(10, "2026-12", "tiny", 1)
    all_time = await store.board_rank(10, ALL_TIME, "tiny", 1)
    assert december is not None and all_time is not None
    assert december[0].ordinal < all_time[0].ordinal
    # the history: one all-time point per game, the December season's one point
    points = await store.rating_history(10, 1, ["tiny"])
    assert [at for _g, at, _o in points] == [oct_, NOV_30_LATE, DEC_1 + 5]
    assert points[-1][2] == all_time[0].ordinal
    assert await store.ordinals_at(10, "2026-12", "tiny", [1, 2], DEC_1 + 4) == {}
    assert await store.ordinals_at(10, ALL_TIME, "tiny", [1], NOV_30_LATE) == {1: points[1][2]}
    assert [p for _g, _at, p in await store.player_results(2, 10)] == [2, 2, 2]
    assert len(await store.player_results(2, -1)) == 9


async def test_a_cadence_change_merges_and_keeps_the_channel(store: Store) -> None:
    assert await store.season_settings(5) is None
    assert await store.set_season_settings(5, channel_id=9) == ("monthly", 9)
    assert await store.set_season_settings(5, cadence="quarterly") == ("quarterly", 9)
    assert await store.set_season_settings(5, clear_channel=True) == ("quarterly", None)


async def test_boards_page_and_rank_in_page_order(store: Store) -> None:
    rows = [
        RatingRecord(10, "*", user, f"U{user}", 25.0, 8.0, float(user % 7), 3, user % 3, 1.0) for user in range(1, 24)
    ]
    await store.save_ratings(0, rows)
    first, total = await store.board_page(10, ALL_TIME, "*", 0, 10)
    third, _ = await store.board_page(10, ALL_TIME, "*", 20, 10)
    assert total == 23 and len(first) == 10 and len(third) == 3
    order = [r.user_id for r in first] + [r.user_id for r in (await store.board_page(10, ALL_TIME, "*", 10, 10))[0]]
    order += [r.user_id for r in third]
    assert sorted(order) == list(range(1, 24))
    for place, user in enumerate(order, start=1):
        found = await store.board_rank(10, ALL_TIME, "*", user)
        assert found is not None and found[1] == place
    assert await store.board_rank(10, ALL_TIME, "*", 999) is None
    assert await store.board_page(10, "2026-11", "*", 0, 10) == ([], 0)


async def test_a_season_end_waits_for_its_unrated_results_and_is_recorded_once(store: Store) -> None:
    table = await _finished(store, 10, NOV_30_LATE)
    await store.apply_ratings(OpenSkillRater(NOV_30_LATE))
    await _finished(store, 10, NOV_30_LATE + 1)  # finished inside November, not rated yet
    assert await store.end_season(10, "2026-11", DEC_1, DEC_1 + 61) is None
    assert await store.open_seasons() == [(10, "2026-11")]
    await store.apply_ratings(OpenSkillRater(DEC_1 + 61))
    hall = await store.end_season(10, "2026-11", DEC_1, DEC_1 + 62)
    assert hall is not None and [(h.place, h.user_id, h.games) for h in hall] == [(1, 1, 2), (2, 2, 2)]
    assert await store.end_season(10, "2026-11", DEC_1, DEC_1 + 63) is None  # the key refuses a second
    assert await store.hall_of_fame(10) == hall
    assert await store.open_seasons() == []
    assert await store.seasons_of(10) == [("2026-11", True)]
    assert table > 0


async def test_a_month_ends_while_games_finish_in_two_processes(db_target: str) -> None:
    """Two services on one database, virtual time: games finish in both just before and just after
    midnight on 1 December while both notice November's end; every game counts in exactly one season,
    the season of its finish time, and the hall of fame is written once (by one process)."""
    clock = FakeClock(NOV_30_LATE)
    one = TableService(await open_store(db_target), Settings(), clock=clock)
    two = TableService(await open_store(db_target), Settings(), clock=clock)
    ended: list[tuple[str, object]] = []
    for name, svc in (("one", one), ("two", two)):
        svc.on_season_end(lambda end, name=name: _note(ended, name, end))
    try:
        tables = [await human_table((one, two)[i % 2], players=3, rounds="1", seed=i) for i in range(8)]

        async def finish(i: int) -> None:
            svc = (one, two)[i % 2]
            await play_first_legal(svc, tables[i], 50)
            assert (await svc.get_table(tables[i])).status is TableStatus.FINISHED

        await asyncio.gather(*(finish(i) for i in range(4)))  # in November, in both processes at once
        assert await one.seasons.tick() == [] and one.seasons._next_check == DEC_1 + 60  # next look: December
        clock.now = DEC_1 + 61  # past the end and its grace minute
        ends = await asyncio.gather(*(finish(i) for i in range(4, 8)), one.seasons.tick(), two.seasons.tick())
        noticed = [e for found in ends[-2:] for e in (found or [])]
        assert len(noticed) == 1 and len(ended) == 1  # one process recorded and announced it
        assert await one.store.end_season(10, "2026-11", DEC_1, DEC_1 + 99) is None
        hall = await two.store.hall_of_fame(10)
        assert len(hall) == 3 and [h.place for h in hall] == [1, 2, 3]
        await one.results.rate_pending()
        for user in (1, 2, 3):  # each of the eight games in exactly one season
            nov = await _season_games(one.store, 10, "2026-11", user)
            dec = await _season_games(one.store, 10, "2026-12", user)
            assert (nov, dec) == (4, 4)
            assert await _season_games(one.store, 10, ALL_TIME, user) == 8
        assert sum(h.games for h in hall) == 12  # November's board as it was at its end
    finally:
        await one.close()
        await two.close()


async def _note(ended: list[tuple[str, object]], name: str, end: object) -> None:
    ended.append((name, end))


async def test_board_page_trend_since_last_week_and_own_rank(db_target: str) -> None:
    """The trend is the rating now minus the rating a week ago on the same board (None: not rated then);
    a page past the end of the board is refused; the viewer's row carries their place."""
    day = 24 * 3600.0
    start = float(calendar.timegm((2026, 11, 2, 12, 0, 0)))
    svc = TableService(await open_store(db_target), Settings(), clock=FakeClock(start + 10 * day))
    try:
        await _finished(svc.store, 10, start, winner=1, loser=2)  # ten days ago
        await _finished(svc.store, 10, start + 9 * day, winner=1, loser=3)  # yesterday: 3 is new
        await svc.results.rate_pending()
        page = await svc.board_page(10, ALL_TIME, None, 0, viewer_id=3)
        trends = dict(zip([r.user_id for r in page.rows], page.trends, strict=True))
        week_ago = await svc.store.ordinals_at(10, ALL_TIME, "*", [1, 2], start + 3 * day)
        now = {r.user_id: r.rating for r in page.rows}
        assert trends[1] == pytest.approx(now[1] - week_ago[1]) and trends[1] > 0
        assert trends[2] == pytest.approx(0.0) and trends[3] is None
        assert page.viewer is not None and page.viewer.user_id == 3 and page.viewer.rank == now_rank(page, 3)
        assert page.viewer_trend is None  # 3 was not rated a week ago
        assert (await svc.board_page(10, ALL_TIME, None, 0, viewer_id=1)).viewer_trend == pytest.approx(trends[1])
        season = await svc.board_page(10, "2026-11", None, 0, viewer_id=None)
        assert [r.games for r in season.rows if r.user_id == 1] == [2]
        with pytest.raises(TableError):
            await svc.board_page(10, ALL_TIME, None, 1)
    finally:
        await svc.close()


def now_rank(page: object, user: int) -> int:
    return next(r.rank for r in page.rows if r.user_id == user)  # type: ignore[attr-defined]


async def test_forgetting_a_person_reaches_the_season_boards_history_and_hall(store: Store) -> None:
    await _finished(store, 10, NOV_30_LATE, winner=1, loser=2)
    await store.apply_ratings(OpenSkillRater(NOV_30_LATE))
    assert await store.end_season(10, "2026-11", DEC_1, DEC_1 + 61) is not None
    await store.forget_user(1)  # type: ignore[attr-defined]
    assert await store.board_rank(10, "2026-11", "*", 1) is None
    assert await store.rating_history(10, 1, ["tiny", "*"]) == []
    assert [h.name for h in await store.hall_of_fame(10)] == ["Former player", "P2"]
    assert 1 not in {h.user_id for h in await store.hall_of_fame(10)}
    await store.forget_guild(10)  # type: ignore[attr-defined]
    assert await store.hall_of_fame(10) == [] and await store.seasons_of(10) == []
