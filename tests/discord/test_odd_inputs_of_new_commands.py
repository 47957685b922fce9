"""Odd values typed into the new commands (/away until, /settings me timezone/quiet/digest, /leaderboard
season, /replay table, /history table file, /table pause table) through the fake Discord: empty, very
long, digits that are not ASCII ('²'), numbers past any column, SQL-looking text. Each gets one localized
line (English and Japanese), nothing changes (time away, a person's settings, a table), and nothing is
logged as the bot's own failure."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest

from games.core import registry
from tests.discord.fake_discord import GUILD_ID
from tests.discord.harness import Harness
from tests.discord.test_away_and_pause import tiny_table
from tests.discord.test_my_games_and_rematch import TINY

SQL = "'; DROP TABLE tables; --"
LONG = "9" * 5000  # Python reads at most 4,300 digits into an int; a float holds at most 309


@pytest.fixture(autouse=True)
def tiny_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    games = dict(registry.all_games())
    games["tiny"] = TINY
    monkeypatch.setattr(registry, "all_games", lambda: games)
    yield


def japanese(text: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)


async def test_odd_values_in_the_new_commands_get_one_localized_line_and_change_nothing(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    fake = harness.fake
    alice, kenji = fake.add_user("alice"), fake.add_user("kenji", locale="ja")
    await harness.start_bot(default_clock="async")
    table = await tiny_table(harness, [alice, kenji], rounds=2)
    svc = harness.service
    caplog.set_level(logging.ERROR, logger="tricktable.discord")
    people = [alice.id, kenji.id]
    before = (await svc.get_table(table.id), [await svc.get_personal(p) for p in people])
    cases: list[tuple[str, dict[str, Any]]] = [
        ("away until", {"when": "9" * 400 + "d"}),
        ("away until", {"when": LONG + "d"}),
        ("away until", {"when": " "}),
        ("away until", {"when": SQL}),
        ("away until", {"when": "²d"}),
        ("settings me", {"quiet": "²3:00-08:00"}),
        ("settings me", {"quiet": LONG + ":00-08:00"}),
        ("settings me", {"quiet": SQL}),
        ("settings me", {"quiet": ""}),
        ("settings me", {"timezone": "../../../etc/passwd"}),
        ("settings me", {"timezone": "Ａsia/Tokyo" * 500}),
        ("settings me", {"timezone": "", "quiet": "23:00-07:00"}),
        ("settings me", {"digest": -7}),
        ("settings me", {"digest": 2**70}),
        ("leaderboard", {"season": SQL}),
        ("leaderboard", {"season": "2026-Q9"}),
        ("leaderboard", {"season": "x" * 3000}),
        ("replay", {"table": -1}),
        ("replay", {"table": 2**64}),
        ("history", {"table": 0, "file": True}),
        ("history", {"table": 2**70, "file": True}),
        ("table pause", {"table": -3}),
        ("table pause", {"table": 2**64}),
    ]
    for command, options in cases:
        for user in (alice, kenji):
            reply = harness.last_reply(await harness.cmd(user, command, **options))
            text = reply.text().strip()
            assert text and "\n" not in text, (command, options, text[:300])
            assert japanese(text) == (user is kenji), (command, options, text[:300])
            assert "went wrong" not in text and "内部エラー" not in text, (command, options)
            assert len(text) < 400, (command, text[:100])
            failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
            assert not failures, (command, options, caplog.text)
    assert (await svc.get_table(table.id), [await svc.get_personal(p) for p in people]) == before
    assert await svc.away_until(people) == {}
    assert not harness.leaks


async def test_a_season_cadence_discord_never_offered_changes_no_other_server_setting(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    """/settings server takes several values at once; a season cadence that is not one of its choices (a
    client sending what it likes) is refused before any of them is saved."""
    boss = harness.fake.add_user("boss", admin=True)
    kenji = harness.fake.add_user("kenji", admin=True, locale="ja")
    await harness.start_bot()
    svc = harness.service
    caplog.set_level(logging.ERROR, logger="tricktable.discord")
    before = (await svc.get_guild_settings(GUILD_ID), await svc.seasons.settings(GUILD_ID))
    for user, needle in ((boss, "weekly"), (kenji, "weekly")):
        rec = await harness.cmd(user, "settings server", pictures=False, ai_level="strong", season="weekly")
        text = harness.last_reply(rec).text().strip()
        assert needle in text and "\n" not in text and japanese(text) == (user is kenji), text
        assert (await svc.get_guild_settings(GUILD_ID), await svc.seasons.settings(GUILD_ID)) == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
