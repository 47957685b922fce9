"""Every command and every component family answers a failure the same way (the tree's on_error hook for
commands, the wrapper every DynamicItem mixes in for clicks): a private note naming the table, the error
logged with it, and discord.py's loop never sees the exception."""

from __future__ import annotations

import logging

import pytest

from tests.discord.harness import Harness
from tests.discord.play import fix_table_seed, open_table, options_of, play_until, solo_turn_of


class Broken(RuntimeError):
    pass


async def _fail(*_args: object, **_kwargs: object) -> object:
    raise Broken("the store is away")


async def test_a_failure_in_any_command_or_click_takes_the_one_path(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    fix_table_seed(monkeypatch, 6)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    table = await open_table(harness, [alice, bob], ai=2)
    await play_until(table, solo_turn_of(0))
    svc = harness.service
    hand = await table.open_hand(alice)
    board = table.board()
    read = next(b["custom_id"] for b in board.buttons() if b["custom_id"].endswith(":hand"))
    act, value = options_of(hand)[0]

    caplog.set_level(logging.ERROR, logger="tricktable.discord")
    for name in ("list_tables", "history", "board_page", "set_settings", "seat_view", "submit"):
        monkeypatch.setattr(svc, name, _fail)
    answers = [
        await harness.cmd(alice, "table list"),
        await harness.cmd(alice, "history", table=table.id),
        await harness.cmd(alice, "leaderboard"),
        await harness.cmd(alice, "settings me", dm_pings=False),
        await harness.click(alice, board, read),
        await harness.click(alice, hand, act, None if value is None else [value]),
    ]
    for rec in answers:
        note = harness.last_reply(rec)
        assert note.visibility.kind == "ephemeral" and note.visibility.user_id == alice.id
        assert "Something went wrong on our side" in note.text()
    assert f"table #{table.id}" in harness.last_reply(answers[1]).text()
    failures = [r for r in caplog.records if r.exc_info and isinstance(r.exc_info[1], Broken)]
    assert len(failures) == len(answers), [r.getMessage() for r in caplog.records]

