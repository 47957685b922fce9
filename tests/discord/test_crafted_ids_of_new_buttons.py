"""Custom ids of the replay, leaderboard, pause and Play again buttons crafted by hand (a modified client
sends any custom id it likes): a table that does not exist or whose number no database column holds, a
step or a round far beyond the replay, a value that only looks like a number, a page far past the end.
Each is answered in one localized line (English and Japanese), nothing changes, and nothing is logged as
the bot's own failure (an error log is what wakes an operator)."""

from __future__ import annotations

import logging

import pytest

from bot.tables import TableStatus
from tests.discord.harness import Harness
from tests.discord.test_replays import button, finished_table

HUGE = "9" * 30  # beyond a 64-bit integer column (SQLite and PostgreSQL both refuse it)


async def test_crafted_ids_of_the_new_buttons_get_one_localized_line_and_change_nothing(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    table, alice, bob = await finished_table(harness, monkeypatch)
    caplog.set_level(logging.ERROR, logger="tricktable.discord")
    svc = harness.service
    before = await svc.get_table(table.id)
    message = harness.last_reply(await harness.cmd(alice, "replay", table=table.id))
    gone, old = "does not exist", "out of date"
    crafted: list[tuple[str, list[str] | None, str]] = [
        (f"rp:{HUGE}:0:o", None, gone),
        (f"rp:{table.id + 500}:0:o", None, gone),
        ("rp:0:0:o", None, gone),
        (f"rp:{table.id}:{HUGE}:n", None, old),
        (f"rq:{HUGE}", ["0"], gone),
        (f"rq:{table.id}", ["²"], old),  # a digit to str.isdigit, not to int()
        (f"rq:{table.id}", ["-1"], old),
        (f"rq:{table.id}", [HUGE], old),
        (f"tz:agree:{HUGE}", None, gone),
        (f"tz:resume:{table.id + 500}", None, gone),
        (f"tp:{HUGE}", None, gone),
        (f"lb:g:all:*:{'9' * 5}", None, "no longer exists"),
        ("lb:g:2026-13:*:0", None, "2026-13"),  # not a season (it was answered as the global board)
        ("lb:g:all:nosuchgame:0", None, "Unknown game"),
    ]
    for custom_id, values, needle in crafted:
        for user in (alice, bob):
            carrier = button(message, "▶") if values is None else message.selects()[0]  # a client that
            carrier["custom_id"] = custom_id  # sends what it likes: the id on the message, as Discord checks
            reply = harness.last_reply(await harness.click(user, message, custom_id, values))
            assert reply is not message, custom_id  # the replay message is left as it was
            text = reply.text().strip()
            assert text and "\n" not in text and not reply.buttons(), (custom_id, user.name, text)
            japanese = any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)
            assert japanese == (user is bob), (custom_id, text)
            assert user is bob or needle in text, (custom_id, text)
            assert "went wrong" not in text and "内部エラー" not in text, (custom_id, text)
            assert not [r for r in caplog.records if r.levelno >= logging.ERROR], (custom_id, caplog.text)
    after = await svc.get_table(table.id)
    assert after.status is TableStatus.FINISHED and after.version == before.version
    assert not harness.leaks
