"""Reminders that respect the night, through the fake Discord in virtual time: a table's reminder that
falls inside the person's quiet hours (their time zone, /settings me) waits for the morning."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterator
from zoneinfo import ZoneInfo

import pytest

from games.core import registry
from tests.discord.fake_discord import GUILD_ID, FakeUser
from tests.discord.harness import Harness
from tests.discord.play import fix_table_seed
from tests.discord.test_my_games_and_rematch import TINY, VirtualClock

TOKYO = ZoneInfo("Asia/Tokyo")


@pytest.fixture(autouse=True)
def tiny_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    games = dict(registry.all_games())
    games["tiny"] = TINY
    monkeypatch.setattr(registry, "all_games", lambda: games)
    yield


async def test_quiet_hours_hold_the_reminder_until_the_morning(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 3)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    clock = VirtualClock(dt.datetime(2026, 11, 27, 14, tzinfo=TOKYO).timestamp())
    harness.service.clock = clock
    await harness.cmd(alice, "settings me", timezone="Asia/Tokyo")  # the default quiet hours: 23:00-08:00
    before = set(fake.threads())
    await harness.cmd(alice, "table new", game="tiny", options="rounds=2", clock="async")  # 24 h a decision
    thread = next(t for t in fake.threads() if t not in before)
    lobby = fake.channel_messages(thread)[-1]
    for who, verb in ((bob, ":join"), (alice, ":start")):
        await harness.click(who, lobby, next(b["custom_id"] for b in lobby.buttons() if b["custom_id"].endswith(verb)))
    reminded: list[float] = []
    while clock.now < dt.datetime(2026, 11, 28, 12, tzinfo=TOKYO).timestamp() and not reminded:
        clock.now += 600
        await harness.service.process_due_clocks(clock.now)
        await fake.settle()
        in_thread = harness.newest(lambda m: m.channel_id == thread and "⏳" in m.said() and alice.id in m.notified)
        if in_thread is not None or any("⏳" in m.said() for m in fake.dms(alice)):  # a DM, or a mention
            reminded.append(clock.now)
    # half of her 24 hours came at 02:00 in Tokyo: the reminder waited for 08:00
    assert reminded == [dt.datetime(2026, 11, 28, 8, tzinfo=TOKYO).timestamp()], [
        dt.datetime.fromtimestamp(r, TOKYO) for r in reminded
    ]
    assert not harness.leaks, harness.leaks[:3]


async def test_a_public_reminder_shows_its_deadline_as_a_discord_timestamp(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 3)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    alice.dms_open = False  # the reminder cannot reach her by DM: it is a mention in the thread
    await harness.start_bot()
    clock = VirtualClock(dt.datetime(2026, 11, 27, 12, tzinfo=TOKYO).timestamp())
    harness.service.clock = clock
    # Discord remembers a message nonce for minutes: its clock is this test's clock (hours pass below)
    monkeypatch.setattr(fake, "_loop_time", clock)
    await harness.service.set_personal(alice.id, quiet="off")
    before = set(fake.threads())
    await harness.cmd(alice, "table new", game="tiny", options="rounds=2", clock="async")
    thread = next(t for t in fake.threads() if t not in before)
    lobby = fake.channel_messages(thread)[-1]
    for who, verb in ((bob, ":join"), (alice, ":start")):
        await harness.click(who, lobby, next(b["custom_id"] for b in lobby.buttons() if b["custom_id"].endswith(verb)))
    table = (await harness.service.list_tables(GUILD_ID))[0]
    due = harness.service._tables[table.id].deadlines[0].due_at
    clock.now += 13 * 3600  # past half of her 24 hours
    await harness.service.process_due_clocks(clock.now)
    await fake.settle()
    reminder = harness.newest(lambda m: m.channel_id == thread and "⏳" in m.said())
    assert reminder is not None and alice.id in reminder.notified
    assert f"(deadline: <t:{int(due)}:R>)" in reminder.said(), reminder.said()



async def async_tiny(harness: Harness, creator: FakeUser, joiner: FakeUser) -> tuple[int, int]:
    """An async tiny table (24 h a decision) opened, joined and started through Discord: (table, thread)."""
    fake = harness.fake
    before = set(fake.threads())
    await harness.cmd(creator, "table new", game="tiny", options="rounds=2", clock="async")
    thread = next(t for t in fake.threads() if t not in before)
    lobby = fake.channel_messages(thread)[-1]
    for who, verb in ((joiner, ":join"), (creator, ":start")):
        await harness.click(who, lobby, next(b["custom_id"] for b in lobby.buttons() if b["custom_id"].endswith(verb)))
    return (await harness.service.list_tables(GUILD_ID))[0].id, thread


async def test_a_turn_mention_at_night_names_without_waking_and_a_last_call_reminder_wakes(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 3)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bob.dms_open = False  # his secret pick cannot come by DM: the thread mentions him
    await harness.start_bot()
    clock = VirtualClock(dt.datetime(2026, 11, 27, 20, tzinfo=TOKYO).timestamp())
    harness.service.clock = clock
    monkeypatch.setattr(fake, "_loop_time", clock)
    await harness.service.set_personal(bob.id, timezone="Asia/Tokyo")
    table, thread = await async_tiny(harness, alice, bob)
    assert harness.bot is not None
    harness.bot.router.hands.drop(table, bob.id)  # his hand reply is too old to refresh (15 minutes)
    clock.now = dt.datetime(2026, 11, 28, 2, tzinfo=TOKYO).timestamp()  # alice leads at 02:00, bob's night
    view = await harness.service.seat_view(table, alice.id)
    await harness.service.submit(table, alice.id, view.legal_actions[0], view.version)
    await fake.settle()
    turn = harness.newest(lambda m: m.channel_id == thread and f"<@{bob.id}>" in m.said())
    assert turn is not None and bob.id not in turn.notified, "named, but his phone stays quiet"
    # his 24 hours would run out at 02:00 tomorrow: the reminder at 14:00 (half) is daytime and notifies
    clock.now = dt.datetime(2026, 11, 28, 14, 10, tzinfo=TOKYO).timestamp()
    await harness.service.process_due_clocks(clock.now)
    await fake.settle()
    reminder = harness.newest(lambda m: m.channel_id == thread and "⏳" in m.said())
    assert reminder is not None and bob.id in reminder.notified


async def test_a_reminder_held_until_the_last_call_wakes_the_person(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 3)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    alice.dms_open = False  # the reminder is a mention in the thread
    await harness.start_bot()
    clock = VirtualClock(dt.datetime(2026, 11, 27, 20, tzinfo=TOKYO).timestamp())
    harness.service.clock = clock
    monkeypatch.setattr(fake, "_loop_time", clock)
    await harness.service.set_personal(alice.id, timezone="Asia/Tokyo")
    await harness.service.set_personal(bob.id, timezone="Asia/Tokyo")
    table, thread = await async_tiny(harness, alice, bob)
    live = harness.service._tables[table]  # her clock: 8 hours, as a quick async game would give
    live.deadlines[0] = dataclasses.replace(live.deadlines[0], due_at=clock.now + 8 * 3600, remind_at=clock.now + 4 * 3600)
    await harness.service.clocks.write_clocks(live, clock.now)
    sent: list[float] = []
    while clock.now < dt.datetime(2026, 11, 28, 3, 50, tzinfo=TOKYO).timestamp() and not sent:
        clock.now += 600
        await harness.service.process_due_clocks(clock.now)
        await fake.settle()
        reminder = harness.newest(lambda m: m.channel_id == thread and "⏳" in m.said())
        if reminder is not None:
            sent.append(clock.now)
            assert alice.id in reminder.notified, "the last call wakes her: her time runs out at 04:00"
    assert sent == [dt.datetime(2026, 11, 28, 3, tzinfo=TOKYO).timestamp()]
