"""Time banks, time away and pauses through the fake Discord (the real discord.py): /table new offers the
banks; /away until stops the person's async clocks and warns about a live table; bad input (a time in the
past, beyond the limit, unreadable; pausing a finished table) is one localized line (English, Japanese) and
changes nothing; /table pause asks every player with buttons, pauses when all agreed, and any player
resumes."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.tables import TableStatus
from games.core import registry
from tests.discord.fake_discord import FakeUser
from tests.discord.harness import Harness
from tests.discord.play import Table, open_table
from tests.discord.test_my_games_and_rematch import VirtualClock

sys.path.insert(0, str(Path(__file__).parent.parent / "bot"))
from tinygame import TINY


@pytest.fixture(autouse=True)
def tiny_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    games = dict(registry.all_games())
    games["tiny"] = TINY
    monkeypatch.setattr(registry, "all_games", lambda: games)
    yield


async def tiny_table(harness: Harness, people: list[FakeUser], rounds: int = 2) -> Table:
    return await open_table(harness, people, ai=0, game="tiny", options=f"rounds={rounds}")


def one_line(harness: Harness, rec: object) -> str:
    text = harness.last_reply(rec).text().strip()
    assert len(text.split("\n")) == 1, text
    return text


async def test_table_new_offers_a_time_bank(harness: Harness) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    await harness.start_bot()
    await harness.cmd(alice, "table new", game="tiny", clock="async-bank", time_away=False)
    info = (await harness.service.tables_of_user(alice.id))[0]
    assert (
        info.clock_bank == "259200,43200,432000" and info.clock_mode.value == "async"
    )  # 3 d + 12 h, cap 5 d
    assert not info.away_ok
    lobby = harness.newest(lambda m: "async, time bank" in m.text())
    assert lobby is not None, "the lobby names the clock"


async def test_away_stops_clocks_and_warns_about_a_live_table(harness: Harness) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot(default_clock="async")
    slow = await tiny_table(harness, [alice, bob])
    rec = await harness.cmd(alice, "away until", when="3d")
    text = harness.last_reply(rec).text()
    assert "You are away until <t:" in text and "stopped on 1 table" in text
    assert (await harness.service.seat_clocks(slow.id))[0].why == "away"
    await harness.stop_bot()
    await harness.start_bot(default_clock="live")
    quick = await tiny_table(harness, [alice, bob])
    rec = await harness.cmd(alice, "away until", when="2d")
    assert f"#{quick.id} (live)" in harness.last_reply(rec).text()  # the warning: it keeps moving
    rec = await harness.cmd(alice, "away off")
    assert "Welcome back" in harness.last_reply(rec).text()
    assert (await harness.service.seat_clocks(slow.id))[0].running


@pytest.mark.parametrize(
    ("when", "en", "ja"),
    [
        ("2001-01-01", "already passed", "過ぎています"),
        ("20d", "at most 14 days", "最大14日"),
        ("next tuesday-ish", "cannot read", "読めません"),
    ],
)
async def test_bad_away_is_one_localized_line_and_changes_nothing(
    harness: Harness, when: str, en: str, ja: str
) -> None:
    fake = harness.fake
    alice, kenji = fake.add_user("alice"), fake.add_user("kenji", locale="ja")
    await harness.start_bot(default_clock="async")
    table = await tiny_table(harness, [alice, kenji])
    for who, needle in ((alice, en), (kenji, ja)):
        rec = await harness.cmd(who, "away until", when=when)
        assert needle in one_line(harness, rec)
    assert await harness.service.away_until([alice.id, kenji.id]) == {}
    assert (await harness.service.seat_clocks(table.id))[0].running


async def test_pause_by_every_player_and_resume(harness: Harness) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    table = await tiny_table(harness, [alice, bob])
    rec = await harness.cmd(alice, "table pause", channel_id=table.thread)
    ask = harness.last_reply(rec)
    assert "asks to pause" in ask.text() and "(1/2 agreed)" in ask.text()
    assert not await harness.service.is_paused(table.id)
    rec = await harness.click_label(bob, ask, "Agree to pause")
    paused = harness.last_reply(rec)
    assert "is paused" in paused.text() and await harness.service.is_paused(table.id)
    rec = await harness.click_label(bob, paused, "Resume")
    assert "resumed" in harness.last_reply(rec).text()
    assert not await harness.service.is_paused(table.id)


async def test_pausing_a_finished_table_is_one_localized_line(harness: Harness) -> None:
    fake = harness.fake
    alice, kenji = fake.add_user("alice"), fake.add_user("kenji", locale="ja")
    await harness.start_bot()
    table = await tiny_table(harness, [alice, kenji], rounds=1)
    svc = harness.service
    while not table.over():
        seat = next(s for s in table.to_act() if s in table.people)
        user = table.people[seat].id
        view = await svc.seat_view(table.id, user)
        await svc.submit(table.id, user, view.legal_actions[0], view.version)
        await fake.settle()
    assert (await svc.get_table(table.id)).status is TableStatus.FINISHED
    for who, needle in (
        (alice, "only a game in progress can be paused"),
        (kenji, "一時停止できるのは対局中の卓だけ"),
    ):
        rec = await harness.cmd(who, "table pause", table=table.id)
        assert needle in one_line(harness, rec)
    assert await svc.store.pause_votes(table.id) == frozenset()


async def test_the_board_shows_reserves_and_who_is_away(harness: Harness) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot(default_clock="async-bank")
    table = await tiny_table(harness, [alice, bob])
    board = table.board()
    text = board.text()
    due = int(harness.service.clock()) + 3 * 86400 + 12 * 3600
    assert re.search(r"alice · time runs out <t:(\d+):R>", text) and "bob · 3d 0h in reserve" in text, text
    assert (
        abs(int(re.findall(r"alice · time runs out <t:(\d+):R>", text)[0]) - due) <= 5
    )  # counts down by itself
    await harness.cmd(bob, "away until", when="2d")
    rec = await harness.cmd(alice, "table status", table=table.id)
    shown = harness.last_reply(rec).text()
    assert "bob · away until <t:" in shown and "alice · time runs out <t:" in shown, shown


async def test_the_servers_default_clock_can_be_a_bank(harness: Harness) -> None:
    fake = harness.fake
    alice, boss = fake.add_user("alice"), fake.add_user("boss", admin=True)
    await harness.start_bot()
    rec = await harness.cmd(boss, "settings server", default_clock="async-bank")
    assert "async, time bank" in harness.last_reply(rec).text()
    await harness.cmd(alice, "table new", game="tiny")
    info = (await harness.service.tables_of_user(alice.id))[0]
    assert info.clock_bank is not None and info.clock_mode.value == "async" and info.away_ok


async def test_away_and_back_redraw_the_boards_of_the_persons_tables_at_once(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/away and /away off: each of the person's async tables shows it on its board now (one board edit per
    table, no new message), not at the table's next move; a live table's board is left alone; and when the
    time away ends by itself, the clock loop redraws the board too."""
    fake = harness.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    boss = fake.add_user("boss", admin=True)
    await harness.start_bot(default_clock="async-bank")
    clock = VirtualClock(harness.service.clock())
    harness.service.clock = clock
    monkeypatch.setattr(fake, "_loop_time", clock)
    first = await tiny_table(harness, [alice, bob])
    second = await tiny_table(harness, [carol, bob])
    await harness.cmd(boss, "settings server", default_clock="live")
    quick = await tiny_table(harness, [alice, bob])
    await fake.settle()
    boards = {t.id: t.board() for t in (first, second, quick)}
    edits = {t: b.edits for t, b in boards.items()}
    posts = {t.id: len(fake.channel_messages(t.thread)) for t in (first, second, quick)}

    def drawn() -> dict[int, int]:
        return {t: boards[t].edits - edits[t] for t in boards}

    await harness.cmd(bob, "away until", when="2d")
    await fake.settle()
    assert drawn() == {first.id: 1, second.id: 1, quick.id: 0}
    assert {t.id: len(fake.channel_messages(t.thread)) for t in (first, second, quick)} == posts
    for t in (first, second):
        assert "bob · away until <t:" in t.board().text(), t.board().text()
    await harness.cmd(bob, "away off")
    await fake.settle()
    assert drawn() == {first.id: 2, second.id: 2, quick.id: 0}
    assert all("away until" not in t.board().text() for t in (first, second))
    # away again for a day, and back by itself: the clock loop redraws the boards when he is due back
    await harness.cmd(bob, "away until", when="1d")
    await fake.settle()
    assert "bob · away until <t:" in first.board().text()
    clock.now += 86400 + 60
    await harness.service.process_due_clocks(clock.now)
    await fake.settle()
    assert drawn()[first.id] == 4 and "away until" not in first.board().text(), first.board().text()
    assert not harness.leaks, harness.leaks[:3]
