"""A week-long async game of three people with a time bank, played through the fake Discord (the real
discord.py) in virtual time, hour by hour.

Alice (English, UTC) answers six hours after her decision opens, but goes away for three days with /away;
Hana (Japanese, Asia/Tokyo, the default quiet hours 23:00-08:00) answers only in her daytime (09:00-22:00
in Tokyo); Carol never answers (absent without leave). Nobody is taken over while away or asleep, Carol
is, the game finishes, and every reserve the service reports is accounted: reserve = start + increments
- time used (time away not counted). Nothing reaches Hana with a sound during her night.

With TRICKTABLE_WEEK_TRANSCRIPT=/path.md the test writes what each person could see (their DMs, their
private replies, the table's thread), in the order it came, in their own time zone: the week read from
each player's side.
"""

from __future__ import annotations

import datetime as dt
import os
import types
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.discord_bot import hands, routing
from games.core import registry
from tests.discord.fake_discord import FakeMessage, FakeUser
from tests.discord.harness import Harness
from tests.discord.play import Table, fix_table_seed, open_table
from tests.discord.test_my_games_and_rematch import TINY, VirtualClock

HOUR, DAY = 3600.0, 86400.0
START, INC, CAP = 3 * DAY, 12 * HOUR, 30 * DAY  # a cap this high never binds: the sums are exact
SILENT = 1 << 12  # Discord's SUPPRESS_NOTIFICATIONS flag: the message arrives without a sound
TOKYO, UTC = ZoneInfo("Asia/Tokyo"), ZoneInfo("UTC")
MONDAY = dt.datetime(2026, 11, 30, 9, tzinfo=UTC).timestamp()


@pytest.fixture(autouse=True)
def tiny_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    games = dict(registry.all_games())
    games["tiny"] = TINY
    monkeypatch.setattr(registry, "all_games", lambda: games)
    yield


def readable(message: FakeMessage) -> str:
    """What a reader sees of a message: its words, its embeds, and its buttons and menus by label."""
    parts = [message.said()]
    for embed in message.embeds:
        parts += [embed.get("title", ""), embed.get("description", "")]
        parts += [f"{f.get('name', '')}: {f.get('value', '')}" for f in embed.get("fields", [])]
        parts.append((embed.get("footer") or {}).get("text", ""))
    labels = [b.get("label", "") for b in message.buttons() if b.get("label")]
    if labels:
        parts.append(" ".join(f"[{label}]" for label in labels))
    for select in message.selects():
        options = ", ".join(o.get("label", "") for o in select.get("options", []))
        parts.append(f"<menu: {options}>")
    return "\n".join(p for p in parts if p).strip()


@dataclass
class Seen:
    at: float
    where: str
    text: str
    edited: bool
    sound: bool  # it notified the reader (a DM without the silent flag, or a mention that notified them)


@dataclass
class Transcript:
    """Everything each person could see, the first time they could see it (and each time it changed)."""

    people: dict[str, tuple[FakeUser, ZoneInfo]]
    thread: int
    clock: VirtualClock
    seen: dict[str, list[Seen]] = field(default_factory=dict)
    last: dict[tuple[int, int], str] = field(default_factory=dict)

    def look(self, harness: Harness) -> None:
        for name, (user, _) in self.people.items():
            for m in list(harness.fake.messages.values()):
                if m.deleted or not m.visibility.visible_to(user.id):
                    continue
                kind = m.visibility.kind
                if kind == "public" and m.channel_id != self.thread:
                    continue
                text = readable(m)
                key = (user.id, m.id)
                if self.last.get(key) == text:
                    continue
                edited = key in self.last
                self.last[key] = text
                where = {"public": "thread", "dm": "DM", "ephemeral": "only you"}[kind]
                sound = not edited and (
                    (kind == "dm" and not m.flags & SILENT) or (kind == "public" and user.id in m.notified)
                )
                self.seen.setdefault(name, []).append(Seen(self.clock.now, where, text, edited, sound))

    def write(self, path: Path, summary: list[str]) -> None:
        out = ["# A week at a table with a time bank, from each player's side", "", *summary, ""]
        for name, (_, zone) in self.people.items():
            out += [f"## {name} ({zone.key})", ""]
            for s in self.seen.get(name, []):
                when = dt.datetime.fromtimestamp(s.at, zone).strftime("%a %d %b %H:%M")
                mark = " · edited" if s.edited else ""
                mark += " · 🔔" if s.sound else ""
                out.append(f"### {when} · {s.where}{mark}")
                out += ["    " + line for line in s.text.split("\n")]
                out.append("")
        path.write_text("\n".join(out), encoding="utf-8")


def daytime_in_tokyo(at: float) -> bool:
    return 9 <= dt.datetime.fromtimestamp(at, TOKYO).hour < 22


def quiet_in_tokyo(at: float) -> bool:
    hour = dt.datetime.fromtimestamp(at, TOKYO).hour
    return hour >= 23 or hour < 8


async def test_a_week_through_discord_one_away_one_asleep_at_night_one_absent(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 11)
    fake = harness.fake
    harness.pictures = False  # the texts are what this test reads (the pictures are the board's as ever)
    alice, hana, carol = fake.add_user("alice"), fake.add_user("hana", locale="ja"), fake.add_user("carol")
    clock = VirtualClock(MONDAY)
    # Every clock is the week's: Discord's (nonces, old messages' edits), the Router's (a board older than
    # an hour is posted anew) and its hand replies' (an interaction can be answered for 15 minutes only:
    # after that a decision comes by DM form, as it would in a real week)
    monkeypatch.setattr(fake, "_loop_time", clock)
    monkeypatch.setattr(routing, "_now", clock)
    monkeypatch.setattr(hands, "time", types.SimpleNamespace(monotonic=clock))
    await harness.start_bot(host={"async_bank": (int(START), int(INC), int(CAP))}, default_clock="async-bank")
    harness.service.clock = clock
    await harness.cmd(hana, "settings me", timezone="Asia/Tokyo")  # quiet hours 23:00-08:00 by default
    table: Table = await open_table(harness, [alice, hana, carol], ai=0, game="tiny", options="rounds=5")
    svc = harness.service
    seats = {0: "alice", 1: "hana", 2: "carol"}
    transcript = Transcript(
        {"alice": (alice, UTC), "hana": (hana, TOKYO), "carol": (carol, UTC)}, table.thread, clock
    )
    transcript.look(harness)

    away_from = MONDAY + 2 * DAY + 3 * HOUR  # Wednesday noon: alice goes away for three days
    away_until = away_from + 3 * DAY
    ledger = dict.fromkeys(seats, START)  # what each reserve must hold
    increments = dict.fromkeys(seats, 0)
    used = dict.fromkeys(seats, 0.0)
    opened: dict[int, float] = {}
    shown: dict[int, float] = {}  # seat -> the reserve the service last reported (after its last decision)
    logged = 0
    compared = 0
    stopped_while_away: set[float] = set()  # when alice's clock was seen stopped for her time away

    def away(seat: int, start: float, end: float) -> float:
        return max(0.0, min(end, away_until) - max(start, away_from)) if seat == 0 else 0.0

    async def account() -> None:
        nonlocal logged, compared
        actions = await svc.store.actions(table.id)
        for row in actions[logged:]:
            if row.seat not in opened:
                continue  # (no human decision: none in this game)
            start = opened.pop(row.seat)
            took = row.at - start - away(row.seat, start, row.at)
            used[row.seat] += min(took, ledger[row.seat])
            ledger[row.seat] = max(0.0, ledger[row.seat] - took)
        logged = len(actions)
        if (await svc.get_table(table.id)).status.value != "playing":
            return
        for seat, c in (await svc.seat_clocks(table.id)).items():
            if (c.running or c.why == "away") and seat not in opened:  # a decision began (stopped: away)
                ledger[seat] = min(CAP, ledger[seat] + INC)
                increments[seat] += 1
                opened[seat] = c.since
            if c.why == "away":
                stopped_while_away.add(clock.now)
            if seat in opened:
                spent = clock.now - opened[seat] - away(seat, opened[seat], clock.now)
                expect = ledger[seat] - spent
            else:
                expect = ledger[seat]
            assert c.left == pytest.approx(expect, abs=1.0), (seats[seat], c, expect, clock.now - MONDAY)
            compared += 1
            if seat not in opened:
                shown[seat] = c.left

    def answers_now(seat: int) -> bool:
        if seat not in opened:
            return False
        if seat == 0:  # alice: six hours of her own time after the decision opened, never while away
            return not away_from <= clock.now < away_until and (
                clock.now - opened[0] - away(0, opened[0], clock.now) >= 6 * HOUR
            )
        if seat == 1:  # hana: an hour after it opened, in her daytime only
            return clock.now - opened[1] >= HOUR and daytime_in_tokyo(clock.now)
        return False  # carol never answers

    async def step() -> None:
        await svc.process_due_clocks(clock.now)
        await fake.settle()
        transcript.look(harness)
        await account()

    await account()
    while not table.over():
        assert clock.now - MONDAY < 30 * DAY, "the game never ended"
        clock.now += HOUR
        if clock.now == away_from:
            rec = await harness.cmd(alice, "away until", when="3d")
            assert "You are away until" in harness.last_reply(rec).text()
            await fake.settle()
        await step()
        for seat in (0, 1):
            if answers_now(seat) and seat in table.to_act() and not table.over():
                await table.act(seat, via_dm=True)
                await fake.settle()
                transcript.look(harness)
                await account()

    actions = await svc.store.actions(table.id)
    via = {seats[s]: {a.via for a in actions if a.seat == s} for s in seats}
    finished = clock.now
    summary = [
        f"Started Mon 30 Nov 2026 09:00 UTC, finished {dt.datetime.fromtimestamp(finished, UTC):%a %d %b %H:%M} UTC "
        f"({(finished - MONDAY) / DAY:.1f} days); {len(actions)} decisions.",
        "Bank: 3d start, +12h a decision (cap 30d, never reached). Alice away Wed 02 Dec 12:00 - Sat 05 Dec "
        "12:00 UTC; Hana answers 09:00-22:00 Tokyo only; Carol never answers.",
        "",
        "| player | decisions (by hand / by the AI) | increments | time used | start + increments - used "
        "| reserve the service last showed between decisions |",
        "|---|---|---|---|---|---|",
    ]
    for s, name in seats.items():
        mine = [a for a in actions if a.seat == s]
        by_ai = sum(a.via == "clock" for a in mine)
        expect = START + increments[s] * INC - used[s]
        summary.append(
            f"| {name} | {len(mine) - by_ai} / {by_ai} | {increments[s]} × 12h | {used[s] / HOUR:.1f}h "
            f"| {expect / HOUR:.1f}h | {shown.get(s, START) / HOUR:.1f}h |"
        )
    path = os.environ.get("TRICKTABLE_WEEK_TRANSCRIPT")
    if path:
        transcript.write(Path(path), summary)

    assert via["alice"] == {"user"} and via["hana"] == {"user"}, via  # never taken over, away or asleep
    assert via["carol"] == {"clock"}, via  # absent without leave: every decision of hers by the AI
    assert finished - MONDAY >= 7 * DAY, "a week-long game"
    assert not [a for a in actions if a.seat == 0 and away_from <= a.at < away_until]
    assert len(stopped_while_away) > 24, "her clock stood still for the days she was away"
    assert all(daytime_in_tokyo(a.at) for a in actions if a.seat == 1)
    for s in seats:  # reserve = start + increments - time used, for every seat
        assert ledger[s] == pytest.approx(START + increments[s] * INC - used[s], abs=1.0)
    assert compared > 50, compared  # the service's reserves were compared all week
    # what each person saw: alice's boards named her away while she was; Hana's night stayed quiet
    thread_seen = [s for s in transcript.seen["hana"] if s.where == "thread"]
    assert any("alice · " in s.text and "away until" in s.text for s in thread_seen) or any(
        "alice" in s.text and "まで離席中" in s.text for s in thread_seen
    )
    woke_while_away = [s for s in transcript.seen["alice"] if s.sound and away_from <= s.at < away_until]
    assert any(s.where == "DM" and away_from <= s.at < away_until for s in transcript.seen["alice"])
    assert woke_while_away == [], [s.text[:80] for s in woke_while_away]  # her decision came, silently
    woke_at_night = [s for s in transcript.seen["hana"] if s.sound and quiet_in_tokyo(s.at)]
    assert woke_at_night == [], [(dt.datetime.fromtimestamp(s.at, TOKYO), s.text[:80]) for s in woke_at_night]
    assert any("⏰ carol" in s.text for s in transcript.seen["alice"]), "the take-overs are told"
    # each of Carol's decisions was reminded once by DM (a reminder keeps the table's version: still sent),
    # its deadline in her own zone
    reminders = [s for s in transcript.seen["carol"] if s.where == "DM" and "⏳ carol" in s.text]
    assert len(reminders) == len([a for a in actions if a.seat == 2]), [s.text for s in reminders]
    assert all("(UTC)" in s.text and s.sound for s in reminders)
    assert not harness.leaks, harness.leaks[:3]
