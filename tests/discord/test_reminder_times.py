"""Reminders as true as their clocks, through the fake Discord (the real discord.py) in virtual time: the
private reminder DM names its deadline as a time in the reader's own zone (English, Japanese), and a
fixed clock that ran again after time away is not called "half gone" when it is reminded at a quarter of
what it held."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from zoneinfo import ZoneInfo

import pytest

from bot.discord_bot import times
from games.core import registry
from tests.discord.fake_discord import FakeMessage, FakeUser
from tests.discord.harness import Harness
from tests.discord.play import fix_table_seed
from tests.discord.test_my_games_and_rematch import TINY, VirtualClock
from tests.discord.test_quiet_hours import async_tiny

HOUR = 3600


@pytest.fixture(autouse=True)
def tiny_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    games = dict(registry.all_games())
    games["tiny"] = TINY
    monkeypatch.setattr(registry, "all_games", lambda: games)
    yield


async def reminder_dm(harness: Harness, clock: VirtualClock, who: FakeUser, hours: int) -> FakeMessage:
    """Move the clock hour by hour (up to `hours`) until `who` gets a reminder DM."""
    for _ in range(hours):
        clock.now += HOUR
        await harness.service.process_due_clocks(clock.now)
        await harness.fake.settle()
        dm = next((m for m in harness.fake.dms(who) if "⏳" in m.text()), None)
        if dm is not None:
            return dm
    raise AssertionError(f"no reminder DM for {who.name}: {[m.text() for m in harness.fake.dms(who)]}")


@pytest.mark.parametrize(
    ("locale", "zone", "expected"),
    [
        ("en", "America/New_York", "half your time is gone on table #{table} (deadline {at}, in 12h00m)"),
        ("ja", "Asia/Tokyo", "持ち時間が半分を過ぎました（期限 {at}、残り 12h00m）"),
    ],
)
async def test_the_private_reminder_names_its_deadline_in_the_readers_zone(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, locale: str, zone: str, expected: str
) -> None:
    fix_table_seed(monkeypatch, 3)
    fake = harness.fake
    alice, bob = fake.add_user("alice", locale=locale), fake.add_user("bob")
    await harness.start_bot()
    clock = VirtualClock(dt.datetime(2026, 11, 27, 12, tzinfo=dt.UTC).timestamp())
    harness.service.clock = clock
    monkeypatch.setattr(fake, "_loop_time", clock)
    await harness.cmd(alice, "settings me", timezone=zone, quiet="off")
    table, _ = await async_tiny(harness, alice, bob)  # alice leads: her 24 hours run
    due = harness.service._tables[table].deadlines[0].due_at
    dm = await reminder_dm(harness, clock, alice, 14)
    at = times.local(due, ZoneInfo(zone), locale)
    assert expected.format(table=table, at=f"{at} ({zone})") in dm.text(), dm.text()
    local_due = dt.datetime.fromtimestamp(due, ZoneInfo(zone))
    assert f"{local_due:%H:%M}" in at and (local_due.hour != dt.datetime.fromtimestamp(due, dt.UTC).hour)
    assert not harness.leaks, harness.leaks[:3]


@pytest.mark.parametrize(
    ("locale", "says", "never"),
    [
        ("en", "your time on table", "half your time"),
        ("ja", "持ち時間が少なくなっています", "半分を過ぎました"),
    ],
)
async def test_a_fixed_clock_back_from_time_away_is_not_called_half_gone(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, locale: str, says: str, never: str
) -> None:
    fix_table_seed(monkeypatch, 3)
    fake = harness.fake
    alice, bob = fake.add_user("alice", locale=locale), fake.add_user("bob")
    await harness.start_bot()
    clock = VirtualClock(dt.datetime(2026, 11, 27, 12, tzinfo=dt.UTC).timestamp())
    harness.service.clock = clock
    monkeypatch.setattr(fake, "_loop_time", clock)
    await harness.cmd(alice, "settings me", timezone="UTC", quiet="off")
    _, thread = await async_tiny(harness, alice, bob)
    clock.now += 4 * HOUR  # 20 of her 24 hours left
    await harness.cmd(alice, "away until", when="1d")
    clock.now += 10 * HOUR
    await harness.cmd(alice, "away off")  # back: 20 hours, reminded at a quarter of them (5 h left)
    dm = await reminder_dm(harness, clock, alice, 20)
    assert clock.now == pytest.approx(dt.datetime(2026, 11, 28, 17, tzinfo=dt.UTC).timestamp(), abs=HOUR)
    assert says in dm.text() and never not in dm.text(), dm.text()
    assert "in 5h00m" in dm.text() or "残り 5h00m" in dm.text(), dm.text()
    public = [m for m in fake.channel_messages(thread) if "⏳" in m.said()]
    assert all(never not in m.said() and "half your time" not in m.said() for m in public), [
        m.said() for m in public
    ]
