"""Bad input around time away and Play again, through the fake Discord in English and Japanese, each
answered in one line with nothing changed: time away beyond what is left of the 30-day allowance (the
cases of a time in the past, longer than the limit, unreadable, a zone that does not exist and pausing a
finished table are in test_away_and_pause.py and test_my_games_and_rematch.py), and Play again clicked by
someone who was not at the table, in either language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.tables import TableStatus
from games.core import registry
from tests.discord.fake_discord import GUILD_ID
from tests.discord.harness import Harness
from tests.discord.test_my_games_and_rematch import (
    TINY,
    VirtualClock,
    final_board,
    finish,
    play_again_id,
    tiny_table,
)

DAY = 86400.0


@pytest.fixture(autouse=True)
def tiny_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    games = dict(registry.all_games())
    games["tiny"] = TINY
    monkeypatch.setattr(registry, "all_games", lambda: games)
    yield


def one_line(harness: Harness, rec: object) -> str:
    text = harness.last_reply(rec).text().strip()
    assert text and "\n" not in text, text
    return text


async def test_time_away_beyond_what_is_left_of_the_allowance_is_one_line_and_changes_nothing(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = harness.fake
    alice, kenji = fake.add_user("alice"), fake.add_user("kenji", locale="ja")
    await harness.start_bot(default_clock="async")
    clock = VirtualClock(harness.service.clock())
    harness.service.clock = clock
    monkeypatch.setattr(fake, "_loop_time", clock)
    table = await tiny_table(harness, [alice, kenji], rounds=2)
    for who in (alice, kenji):  # ten of the fourteen days, then back by themselves
        await harness.cmd(who, "away until", when="10d")
    clock.now += 10 * DAY + 3600
    await harness.service.process_due_clocks(clock.now)
    await fake.settle()
    assert await harness.service.away_until([alice.id, kenji.id]) == {}
    before = await harness.service.seat_clocks(table.id)
    for who, needle in (
        (alice, "at most 14 days in any 30 days, and have 4d 0h of it left"),
        (kenji, "離席は30日間で最大14日までです。残りは 4日0時間 です。"),
    ):
        rec = await harness.cmd(who, "away until", when="5d")
        assert needle in one_line(harness, rec)
    assert await harness.service.away_until([alice.id, kenji.id]) == {}
    assert await harness.service.seat_clocks(table.id) == before
    rec = await harness.cmd(alice, "away until", when="3d")  # what is left is still there
    assert "You are away until" in harness.last_reply(rec).text()


@pytest.mark.parametrize(
    ("locale", "needle"),
    [
        ("en-US", "Only the players of table #{table} can ask for its rematch."),
        ("ja", "再戦を始められるのは"),
    ],
)
async def test_play_again_by_someone_not_at_the_table_is_one_line_and_makes_nothing(
    harness: Harness, locale: str, needle: str
) -> None:
    fake = harness.fake
    alice, bob, stranger = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("sam", locale=locale)
    await harness.start_bot()
    table = await tiny_table(harness, [alice, bob])
    await finish(table)
    board = final_board(table)
    before = len(fake.channel_messages(table.thread))
    rec = await harness.click(stranger, board, play_again_id(board))
    note = harness.last_reply(rec)
    assert note.visibility.kind == "ephemeral" and note.visibility.user_id == stranger.id
    assert needle.format(table=table.id) in one_line(harness, rec)
    assert await harness.service.list_tables(GUILD_ID, statuses=(TableStatus.LOBBY,)) == []
    assert len(fake.channel_messages(table.thread)) == before, "nothing posted in the thread"
    assert await harness.service.tables_of_user(stranger.id) == []
