"""Reminders that respect the night, through the fake Discord in virtual time: a table's reminder that
falls inside the person's quiet hours (their time zone, /settings me) waits for the morning."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from zoneinfo import ZoneInfo

import pytest

from games.core import registry
from tests.discord.fake_discord import GUILD_ID
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

