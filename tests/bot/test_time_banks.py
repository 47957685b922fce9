"""Time banks, time away and pauses through the table service, on virtual time (the clocks take `now`).

A bank's reserve is start + the increments (each capped) - the time the decisions took; each person's
reserve is their own, also in simultaneous decisions; a reserve that runs out lets the AI play that one
decision. Time away stops a person's async clocks (no reminder, no take-over); a pause stops every clock
of a table once every person agreed, and any player resumes it.
"""

from __future__ import annotations

import dataclasses

import pytest
from hosttools import ALICE, FakeClock, human_table, open_service

from bot import render
from bot.settings import Settings
from bot.tables import TableService
from bot.tables import bank as banks
from bot.tables.errors import TableError

BANK = (1000, 100, 1500)  # start, increment, cap (seconds)


@pytest.fixture
def settings() -> Settings:
    return Settings(snapshot_every=4, live_bank=BANK, async_bank=BANK, away_max_days=14)


async def left(service: TableService, table: int) -> dict[int, float]:
    return {s: round(c.left, 3) for s, c in (await service.seat_clocks(table)).items()}


async def act(service: TableService, table: int, user: int) -> None:
    view = await service.seat_view(table, user)
    await service.submit(table, user, view.legal_actions[0], view.version)


async def test_reserve_is_start_plus_increments_minus_time_used(
    service: TableService, clock: FakeClock
) -> None:
    table = await human_table(service, clock_mode="async-bank")
    info = await service.get_table(table)
    assert info.clock_bank == "1000,100,1500"
    # Alice leads: her decision began with start + increment; Bob owes nothing and keeps his start
    assert await left(service, table) == {0: 1100, 1: 1000}
    clock.now += 300
    await act(service, table, ALICE.user_id)
    # Alice used 300 of 1100; Bob's decision begins with 1000 + 100
    assert await left(service, table) == {0: 800, 1: 1100}
    clock.now += 50
    clocks = await service.seat_clocks(table)
    assert clocks[1].running and not clocks[0].running and clocks[0].why == "idle"
    await act(service, table, 2)
    # Bob used 50 of 1100: 1050; whoever leads next begins with the increment added (never past the cap)
    for seat, c in (await service.seat_clocks(table)).items():
        reserve = {0: 800, 1: 1050}[seat]
        assert c.left == (min(1500, reserve + 100) if c.running else reserve)


async def test_cap_holds_and_an_empty_reserve_lets_the_ai_play_once(
    service: TableService, clock: FakeClock
) -> None:
    table = await human_table(service, clock_mode="live-bank", rounds="5")
    for _ in range(4):  # quick decisions: the reserve grows to the cap and no further
        for user in (ALICE.user_id, 2):
            view = await service.seat_view(table, user)
            if view.legal_actions:
                await service.submit(table, user, view.legal_actions[0], view.version)
                clock.now += 1
    assert max((await left(service, table)).values()) <= 1500
    running = next(s for s, c in (await service.seat_clocks(table)).items() if c.running)
    reserve = (await service.seat_clocks(table))[running].left
    clock.now += reserve + 1
    updates = await service.process_due_clocks()
    assert next(e.kind for u in updates for e, _ in u.events) == "host.clock_expired"
    # the person may come back: their next decision has the increment, not nothing
    clocks = await service.seat_clocks(table)
    assert clocks[running].left in (0.0, 100.0)


async def test_simultaneous_decisions_take_from_each_reserve(service: TableService, clock: FakeClock) -> None:
    table = await human_table(service, players=3, clock_mode="async-bank")
    clock.now += 100
    await act(service, table, ALICE.user_id)  # now seats 1 and 2 pick secretly at the same time
    assert await left(service, table) == {0: 1000, 1: 1100, 2: 1100}
    clock.now += 200
    await act(service, table, 2)  # seat 1 used 200
    clock.now += 500
    assert (await left(service, table))[1] == 1100 - 200  # seat 1 stopped at its own use
    assert (await left(service, table))[2] == 1100 - 700  # seat 2 still deciding: 700 used


async def test_reminder_comes_at_a_quarter_of_the_reserve(service: TableService, clock: FakeClock) -> None:
    await human_table(service, clock_mode="async-bank")
    clock.now += 1100 * 3 / 4 - 1
    assert await service.process_due_clocks() == []
    clock.now += 2
    reminders = await service.process_due_clocks()
    event = reminders[0].events[0][0]
    assert event.kind == "host.clock_reminder" and event.data["reserve"] is True
    assert reminders[0].events[0][1] == frozenset({0})
    game = await service.game_of(reminders[0].table.id)
    text = render.event_text(game, event, "en")
    assert "a quarter of your reserve is left" in text and "(4m34s)" in text, text
    assert "4分の1" in render.event_text(game, event, "ja")


async def test_away_stops_clocks_no_reminder_no_takeover(service: TableService, clock: FakeClock) -> None:
    table = await human_table(service, clock_mode="async")  # fixed 24 h clocks
    clock.now += 3600
    report = await service.set_away(ALICE.user_id, "3d")
    assert report.stopped == (table,)
    clock.now += 2 * 86400  # far past the 24 h clock: nothing happens
    assert await service.process_due_clocks() == []
    assert (await service.get_table(table)).version == 0
    assert (await service.away_until([ALICE.user_id, 2])) == {ALICE.user_id: report.until}
    clock.now += 86400 + 10  # back after the 3 days: the clock runs again with what it had (23 h)
    assert await service.process_due_clocks() == []
    clocks = await service.seat_clocks(table)
    assert clocks[0].running and round(clocks[0].left) == 23 * 3600 - 10
    clock.now += 23 * 3600
    assert (await service.process_due_clocks())[0].events[0][0].kind == "host.clock_expired"


async def test_back_early_restarts_clocks_from_then(service: TableService, clock: FakeClock) -> None:
    table = await human_table(service, clock_mode="async-bank")
    await service.set_away(ALICE.user_id, "5d")
    clock.now += 86400
    assert await service.end_away(ALICE.user_id) == (table,)
    clocks = await service.seat_clocks(table)
    assert clocks[0].running and clocks[0].left == 1100  # nothing counted while away
    with pytest.raises(TableError) as err:
        await service.end_away(ALICE.user_id)
    assert err.value.code == "away_off_not_away"


async def test_decision_begun_while_away_stops_when_due(service: TableService, clock: FakeClock) -> None:
    table = await human_table(service, clock_mode="async")
    await service.set_away(2, "2d")  # Bob owes nothing yet
    clock.now += 100
    await act(service, table, ALICE.user_id)  # Bob's 24 h clock begins while he is away
    clock.now += 86400
    assert await service.process_due_clocks() == []  # judged at his reminder: stopped, not reminded
    clock.now += 86400  # he is back after 2 days
    await service.process_due_clocks()
    clocks = await service.seat_clocks(table)
    # nothing ran while he was away: his full 24 h run from when he came back (100 s ago)
    assert clocks[1].running and round(clocks[1].left) == 86400 - 100
    assert (await service.get_table(table)).version == 1


async def test_live_and_no_away_tables_keep_moving(service: TableService, clock: FakeClock) -> None:
    live = await human_table(service, clock_mode="live")
    quick = await human_table(service, clock_mode="async", away_ok=False)
    report = await service.set_away(ALICE.user_id, "1d")
    assert report.stopped == () and {t.id for t in report.keep_moving} == {live, quick}
    clock.now += 86400 + 10
    expired = {u.table.id for u in await service.process_due_clocks() if u.actor is not None}
    assert expired == {live, quick}


@pytest.mark.parametrize(
    ("until", "code"),
    [("yesterday", "away_unreadable"), ("1970-01-01", "away_past"), ("15d", "away_too_long")],
)
async def test_bad_away_changes_nothing(
    service: TableService, clock: FakeClock, until: str, code: str
) -> None:
    table = await human_table(service, clock_mode="async")
    with pytest.raises(TableError) as err:
        await service.set_away(ALICE.user_id, until)
    assert err.value.code == code
    assert err.value.message("en") and err.value.message("ja") != err.value.message("en")
    assert await service.away_until([ALICE.user_id]) == {}
    assert (await service.seat_clocks(table))[0].running


async def test_days_away_are_limited_per_30_days(service: TableService, clock: FakeClock) -> None:
    await service.set_away(ALICE.user_id, "10d")
    clock.now += 10 * 86400 + 1
    with pytest.raises(TableError) as err:
        await service.set_away(ALICE.user_id, "5d")
    assert err.value.code == "away_limit" and "4d" in err.value.message("en")
    assert "4日" in err.value.message("ja") and "4d" not in err.value.message("ja")  # Japanese units in Japanese
    await service.set_away(ALICE.user_id, "3d")  # within what is left
    clock.now += 34 * 86400  # a month later the old periods no longer count
    await service.set_away(ALICE.user_id, "14d")


async def test_pause_by_all_then_any_player_resumes(service: TableService, clock: FakeClock) -> None:
    table = await human_table(service, clock_mode="live")
    state = await service.ask_pause(table, ALICE.user_id)
    assert not state.paused and state.voters == {ALICE.user_id}
    assert (await service.seat_clocks(table))[0].running
    state = await service.ask_pause(table, 2)
    assert state.paused and await service.is_paused(table)
    clock.now += 10_000
    assert await service.process_due_clocks() == []
    view = await service.seat_view(table, ALICE.user_id)
    with pytest.raises(TableError) as err:
        await service.submit(table, ALICE.user_id, view.legal_actions[0], view.version)
    assert err.value.code == "table_paused"
    await service.resume(table, 2)
    clocks = await service.seat_clocks(table)
    assert clocks[0].running and clocks[0].left == 120  # the live clock had not moved when paused
    await service.submit(table, ALICE.user_id, view.legal_actions[0], view.version)


async def test_pausing_a_finished_table_is_refused(service: TableService, clock: FakeClock) -> None:
    table = await human_table(service, rounds="1")
    await act(service, table, ALICE.user_id)
    await act(service, table, 2)
    assert (await service.get_table(table)).status.value == "finished"
    with pytest.raises(TableError) as err:
        await service.ask_pause(table, ALICE.user_id)
    assert err.value.code == "pause_not_playing"
    assert "#" in err.value.message("ja") and err.value.message("en") != err.value.message("ja")
    assert await service.store.pause_votes(table) == frozenset()


async def test_banks_survive_a_restart(db_path: str, settings: Settings, clock: FakeClock) -> None:
    svc = await open_service(db_path, settings, clock)
    table = await human_table(svc, clock_mode="async-bank")
    clock.now += 300
    await act(svc, table, ALICE.user_id)
    await svc.close()
    again = await open_service(db_path, settings, clock)
    assert await left(again, table) == {0: 800, 1: 1100}
    await again.close()


def test_settings_read_the_bank_and_away_defaults() -> None:
    env = {"TRICKTABLE_ASYNC_BANK_START": "2d", "TRICKTABLE_AWAY_MAX_DAYS": "7"}
    read = Settings.from_env(dotenv=False, environ=env)
    assert read.async_bank == (2 * 86400, 12 * 3600, 5 * 86400) and read.away_max_days == 7
    assert dataclasses.replace(read).live_bank == (300, 20, 600)


async def test_only_a_running_clock_is_a_deadline_on_the_hand(
    service: TableService, clock: FakeClock
) -> None:
    table = await human_table(service, clock_mode="async-bank")
    assert (await service.seat_view(table, ALICE.user_id)).deadline == clock.now + 1100
    assert (await service.seat_view(table, 2)).deadline is None  # Bob owes nothing: his reserve waits
    await service.set_away(ALICE.user_id, "1d")
    assert (await service.seat_view(table, ALICE.user_id)).deadline is None  # stopped while away


async def test_back_from_away_on_a_paused_table_waits_for_the_resume(
    service: TableService, clock: FakeClock
) -> None:
    table = await human_table(service, clock_mode="async")
    await service.set_away(ALICE.user_id, "1d")
    await service.ask_pause(table, ALICE.user_id)
    assert (await service.ask_pause(table, 2)).paused
    clock.now += 86400 + 10  # Alice is back, the table still paused
    assert await service.process_due_clocks() == []
    clocks = await service.seat_clocks(table)
    assert clocks[0].why == "paused" and clocks[0].left == 86400
    await service.resume(table, 2)
    assert (await service.seat_clocks(table))[0].running


@pytest.mark.parametrize(
    ("seconds", "en", "ja"),
    [(2 * 86400 + 4 * 3600, "2d 4h", "2日4時間"), (5 * 3600 + 600, "5h 10m", "5時間10分"), (245, "4m 05s", "4分05秒"), (12, "12s", "12秒")],
)
def test_a_reserve_reads_in_the_readers_language(seconds: int, en: str, ja: str) -> None:
    """A board's clock lines and the away refusal write a reserve in the reader's language."""
    assert banks.duration(seconds) == en and banks.duration(seconds, "ja") == ja
