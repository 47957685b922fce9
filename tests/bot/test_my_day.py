"""My games, a person's day (time zone, quiet hours, the daily digest) and Play again, through the table
service in virtual time (the service's clock is a FakeClock)."""

from __future__ import annotations

import asyncio
import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from hosttools import ALICE, BOB, CARL, FakeClock, human_table, play_first_legal

from bot.tables import TableError, TableService, TableStatus
from bot.tables.digest import DigestNote
from bot.tables.quiet_hours import DEFAULT_QUIET, LAST_CALL, send_at

TOKYO = ZoneInfo("Asia/Tokyo")


def tokyo(day: int, hour: int, minute: int = 0) -> float:
    return dt.datetime(2026, 11, day, hour, minute, tzinfo=TOKYO).timestamp()


# ---- quiet hours (pure) ------------------------------------------------------------------------------
def test_a_reminder_at_night_waits_for_the_morning() -> None:
    assert send_at(tokyo(28, 2), TOKYO, DEFAULT_QUIET) == tokyo(28, 8)
    assert send_at(tokyo(28, 23, 30), TOKYO, DEFAULT_QUIET) == tokyo(29, 8)
    assert send_at(tokyo(28, 12), TOKYO, DEFAULT_QUIET) == tokyo(28, 12), "daytime: at once"
    assert send_at(tokyo(28, 2), TOKYO, (0, 0)) == tokyo(28, 2), "no quiet hours"


def test_a_reminder_comes_early_when_the_time_would_run_out_before_morning() -> None:
    runs_out = tokyo(28, 5)
    assert send_at(tokyo(28, 2), TOKYO, DEFAULT_QUIET, runs_out) == runs_out - LAST_CALL
    assert send_at(tokyo(28, 4, 30), TOKYO, DEFAULT_QUIET, runs_out) == tokyo(28, 4, 30), "less than an hour: now"
    assert send_at(tokyo(28, 2), TOKYO, DEFAULT_QUIET, tokyo(28, 12)) == tokyo(28, 8), "time enough: morning"


# ---- a person's settings ------------------------------------------------------------------------------
async def test_time_settings_default_to_utc_and_a_bad_zone_changes_nothing(service: TableService) -> None:
    mine = await service.get_personal(1)
    assert (mine.timezone, mine.zone_chosen, mine.quiet, mine.digest_hour) == ("UTC", False, DEFAULT_QUIET, None)
    await service.set_personal(1, timezone="asia/tokyo", quiet="22:30-07:00", digest_hour=9)
    bad_values = (
        {"timezone": "Mars/Olympus_Mons", "digest_hour": 7},  # with a good value: that one is not saved
        {"timezone": "UTC", "quiet": "late"},
        {"timezone": "UTC", "digest_hour": 24},
    )
    for bad in bad_values:
        with pytest.raises(TableError) as err:
            await service.set_personal(1, **bad)
        assert err.value.message("en") and err.value.message("ja") != err.value.message("en")
    mine = await service.get_personal(1)
    assert (mine.timezone, mine.quiet, mine.digest_hour) == ("Asia/Tokyo", (22 * 60 + 30, 7 * 60), 9)


# ---- my games ----------------------------------------------------------------------------------------
async def test_my_games_puts_the_tables_waiting_for_me_first(service: TableService, clock: FakeClock) -> None:
    first = await human_table(service, players=2, clock_mode="async")  # Alice leads: waits for Alice
    second = await human_table(service, players=2, clock_mode="async")
    await play_first_legal(service, second, 1)  # Alice led there: now waiting for P2
    lobby = await service.create(10, 20, BOB, "tiny")
    await service.join(lobby.id, ALICE)
    games = await service.my_games(ALICE.user_id)
    assert [g.table.id for g in games] == [first, second, lobby.id]
    assert [g.waiting for g in games] == [True, False, False]
    assert games[0].due_at is not None and games[0].due_at > clock.now
    assert games[1].to_act == ("P2",)
    assert [g.table.id for g in await service.my_games(BOB.user_id)] == [second, first, lobby.id]


# ---- the daily digest ----------------------------------------------------------------------------------
async def test_the_digest_comes_once_a_day_at_the_chosen_hour_and_never_when_off(
    service: TableService, clock: FakeClock
) -> None:
    notes: list[tuple[int, float, int]] = []

    async def got(note: DigestNote) -> None:
        notes.append((note.user_id, clock.now, len(note.waiting)))

    service.subscribe_digest(got)
    clock.now = tokyo(27, 12)
    await human_table(service, players=3, clock_mode="async")  # Alice (1) owes the lead; 2 and 3 wait
    await service.set_personal(ALICE.user_id, timezone="Asia/Tokyo", digest_hour=9)
    await service.set_personal(2, timezone="Asia/Tokyo", digest_hour=9)
    await service.set_personal(2, digest_hour=-1)  # turned off again
    for minutes in range(0, 3 * 24 * 60, 30):  # three days in half-hour ticks
        clock.now = tokyo(27, 12) + minutes * 60
        await service.digest.run(clock.now)
    assert notes == [(1, tokyo(28, 9), 1), (1, tokyo(29, 9), 1), (1, tokyo(30, 9), 1)]


async def test_two_processes_send_a_digest_once(service: TableService, db_path: str, clock: FakeClock) -> None:
    other = await TableService.open(db_path, service.settings)
    other.clock = clock
    try:
        sent: list[int] = []

        async def got(note: DigestNote) -> None:
            sent.append(note.user_id)

        for svc in (service, other):
            svc.subscribe_digest(got)
        await human_table(service, players=2, clock_mode="async")
        await service.set_personal(ALICE.user_id, digest_hour=9)
        clock.now = dt.datetime(2026, 11, 28, 8, tzinfo=dt.UTC).timestamp()
        await service.digest.run(clock.now)  # scheduled for 09:00 UTC
        clock.now += 3600
        await asyncio.gather(service.digest.run(clock.now), other.digest.run(clock.now))
        assert sent == [ALICE.user_id]
    finally:
        await other.close()


# ---- play again ----------------------------------------------------------------------------------------
async def finished_table(service: TableService, ai: int = 1) -> int:
    info = await service.create(10, 20, ALICE, "tiny", options={"rounds": "1"}, clock_mode="async", clock_seconds=600)
    await service.join(info.id, BOB)
    for _ in range(ai):
        await service.add_ai(info.id, ALICE.user_id, "random")
    await service.start(info.id, ALICE.user_id)
    await play_first_legal(service, info.id, 10)
    assert (await service.get_table(info.id)).status is TableStatus.FINISHED
    return info.id


async def test_play_again_keeps_the_settings_and_seats_and_starts_when_all_clicked(service: TableService) -> None:
    source = await finished_table(service)
    before = await service.get_table(source)
    first = await service.play_again(source, BOB)
    again = await service.play_again(source, BOB)  # a second click does nothing twice
    assert first.created and first.joined and not again.created and not again.joined
    lobby = first.table
    assert (lobby.game, lobby.variant, dict(lobby.options), lobby.clock_mode, lobby.clock_seconds) == (
        before.game, before.variant, dict(before.options), before.clock_mode, before.clock_seconds
    )
    assert lobby.status is TableStatus.LOBBY and lobby.creator_id == ALICE.user_id
    assert [(s.user_id, s.ai_policy) for s in lobby.seats] == [(BOB.user_id, None), (None, "random")]
    last = await service.play_again(source, ALICE)
    assert last.joined and last.started is not None and last.table.id == lobby.id
    assert last.table.status is TableStatus.PLAYING
    assert {s.user_id for s in last.table.seats} == {ALICE.user_id, BOB.user_id, None}
    # a rematch of the rematch
    await play_first_legal(service, lobby.id, 10)
    second = await service.play_again(lobby.id, ALICE)
    assert second.created and second.table.id not in (source, lobby.id)


async def test_two_clicks_at_once_make_one_rematch(service: TableService) -> None:
    source = await finished_table(service, ai=0)
    clicks = await asyncio.gather(service.play_again(source, BOB), service.play_again(source, BOB))
    assert sorted(c.created for c in clicks) == [False, True]
    assert clicks[0].table.id == clicks[1].table.id
    lobbies = await service.list_tables(10, statuses=(TableStatus.LOBBY, TableStatus.PLAYING))
    assert [t.id for t in lobbies] == [clicks[0].table.id]


async def test_play_again_by_someone_not_at_the_table_changes_nothing(service: TableService) -> None:
    source = await finished_table(service, ai=0)
    with pytest.raises(TableError) as err:
        await service.play_again(source, CARL)
    assert err.value.code == "not_at_table"
    assert "#" in err.value.message("en") and err.value.message("ja") != err.value.message("en")
    assert await service.list_tables(10) == []
    playing = await human_table(service, players=2)
    with pytest.raises(TableError) as err:
        await service.play_again(playing, ALICE)
    assert err.value.code == "wrong_status"
    assert await service.rematch.store.rematch_of(source) is None


# ---- quiet hours on the turn clocks ---------------------------------------------------------------------
async def reminder_times(service: TableService, clock: FakeClock, until: float, name: str = "Alice") -> list[float]:
    """Tick the clocks every ten minutes until `until`; when each reminder to `name` was sent."""
    sent: list[float] = []
    while clock.now < until:
        clock.now += 600
        for update in await service.process_due_clocks(clock.now):
            sent += [
                clock.now for event, _ in update.events
                if event.kind == "host.clock_reminder" and event.data["name"] == name
            ]  # fmt: skip
    return sent


async def test_quiet_hours_hold_a_reminder_until_the_morning(service: TableService, clock: FakeClock) -> None:
    await service.set_personal(ALICE.user_id, timezone="Asia/Tokyo")
    clock.now = tokyo(27, 14)
    await human_table(service, players=2, clock_mode="async", clock_seconds=12 * 3600)  # half time: 20:00
    await human_table(service, players=2, clock_mode="async", clock_seconds=24 * 3600)  # half time: 02:00
    sent = await reminder_times(service, clock, tokyo(28, 12))
    assert sent == [tokyo(27, 20), tokyo(28, 8)], [dt.datetime.fromtimestamp(s, TOKYO) for s in sent]


async def test_a_reminder_comes_early_when_the_time_would_run_out_before_the_morning(
    service: TableService, clock: FakeClock
) -> None:
    await service.set_personal(ALICE.user_id, timezone="Asia/Tokyo")
    await service.set_personal(2, timezone="Europe/Paris")  # 16:00 there at 00:00 in Tokyo: not quiet
    clock.now = tokyo(27, 20)
    await human_table(service, players=2, clock_mode="async", clock_seconds=8 * 3600)  # half 00:00, out 04:00
    sent = await reminder_times(service, clock, tokyo(28, 3, 30))
    assert sent == [tokyo(28, 3)], [dt.datetime.fromtimestamp(s, TOKYO) for s in sent]  # an hour before 04:00


async def test_my_games_shows_my_time_bank(service: TableService, clock: FakeClock) -> None:
    from bot.tables import bank as banks

    info = await service.create(10, 20, ALICE, "tiny", options={"rounds": "2"}, clock_mode="async-bank")
    await service.join(info.id, BOB)
    await service.start(info.id, ALICE.user_id)
    bank = banks.parse((await service.get_table(info.id)).clock_bank)
    assert bank is not None
    first = min(bank.cap, bank.start + bank.increment)  # the decision's increment joined the reserve
    mine = (await service.my_games(ALICE.user_id))[0]
    assert mine.waiting and mine.reserve == first and mine.due_at == clock.now + first
    clock.now += 3600
    assert (await service.my_games(ALICE.user_id))[0].reserve == first - 3600
    theirs = (await service.my_games(BOB.user_id))[0]
    assert not theirs.waiting and theirs.reserve == bank.start and theirs.due_at is None


async def test_play_again_keeps_a_time_bank_and_no_time_away(service: TableService) -> None:
    info = await service.create(
        10, 20, ALICE, "tiny", options={"rounds": "1"}, clock_mode="async-bank", away_ok=False
    )
    await service.join(info.id, BOB)
    await service.start(info.id, ALICE.user_id)
    await play_first_legal(service, info.id, 10)
    source = await service.get_table(info.id)
    assert source.status is TableStatus.FINISHED and source.clock_bank
    click = await service.play_again(info.id, ALICE)
    assert (click.table.clock_mode, click.table.clock_bank, click.table.away_ok) == (
        source.clock_mode, source.clock_bank, False
    )


async def test_quiet_hours_wait_for_a_chosen_time_zone(service: TableService, clock: FakeClock) -> None:
    """23:00-08:00 in UTC would be the middle of the day for much of the world: without a chosen zone
    (or chosen quiet hours) nothing is held."""
    utc = dt.UTC
    clock.now = dt.datetime(2026, 11, 27, 14, tzinfo=utc).timestamp()
    await human_table(service, players=2, clock_mode="async", clock_seconds=24 * 3600)  # half: 02:00 UTC
    assert not (await service.get_personal(ALICE.user_id)).quiet_applies
    sent = await reminder_times(service, clock, dt.datetime(2026, 11, 28, 3, tzinfo=utc).timestamp())
    assert sent == [dt.datetime(2026, 11, 28, 2, tzinfo=utc).timestamp()]
    assert not await service.asleep(ALICE.user_id)
    await service.set_personal(ALICE.user_id, quiet="01:00-09:00")  # chosen quiet hours apply (in UTC)
    assert await service.asleep(ALICE.user_id)


async def test_two_processes_clicking_play_again_at_once_make_one_lobby(
    service: TableService, db_path: str, clock: FakeClock
) -> None:
    source = await finished_table(service, ai=0)
    other = await TableService.open(db_path, service.settings)
    other.clock = clock
    try:
        clicks = await asyncio.gather(service.play_again(source, ALICE), other.play_again(source, BOB))
        assert sorted(c.created for c in clicks) == [False, True]
        assert clicks[0].table.id == clicks[1].table.id
        rematch = clicks[0].table.id
        lobbies = await service.store.table_rows(guild_id=10, statuses=("lobby", "playing"))
        assert [row.id for row, _ in lobbies] == [rematch]
        assert {seat.user_id for seat in lobbies[0][1]} == {ALICE.user_id, BOB.user_id}
        assert [row.status for row, _ in lobbies] == ["playing"], "both are in: it started, once"
    finally:
        await other.close()
