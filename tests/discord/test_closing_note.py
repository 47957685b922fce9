"""The closing note of a game stopped without a result: when an admin aborts a table in play, or its
creator cancels it, its thread says so (the players see why the game stopped), its last board loses its
buttons' purpose, and the bot logs no error doing it."""

from __future__ import annotations

import logging

import pytest

from tests.discord.harness import Harness
from tests.discord.play import fix_table_seed, open_table


async def test_an_aborted_game_says_so_in_its_thread(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    fix_table_seed(monkeypatch, 9)
    alice, bob = harness.fake.add_user("alice"), harness.fake.add_user("bob", locale="ja")
    boss = harness.fake.add_user("boss", admin=True)
    await harness.start_bot()
    table = await open_table(harness, [alice, bob], ai=2)
    before = {m.id for m in harness.fake.channel_messages(table.thread)}
    caplog.set_level(logging.WARNING)
    rec = await harness.cmd(boss, "table abort", table=table.id)
    assert harness.last_reply(rec).text() == "Done."
    posted = [m for m in harness.fake.channel_messages(table.thread) if m.id not in before or m.edits]
    said = "\n".join(m.text() for m in posted)
    assert "An admin aborted the table." in said, said
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR or "listener failed" in r.getMessage()]
    assert not errors, [r.getMessage() for r in errors]
    assert not harness.leaks


async def test_a_cancelled_lobby_closes_quietly(harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """The lobby message itself says the table was cancelled (the click edits it); nothing else is posted
    and no error is logged for the table that never had a board."""
    alice = harness.fake.add_user("alice")
    await harness.start_bot()
    await harness.cmd(alice, "table new", game="trickster")
    lobby = harness.newest(lambda m: any(b.get("label") == "Cancel" for b in m.buttons()))
    assert lobby is not None
    caplog.set_level(logging.WARNING)
    await harness.click_label(alice, lobby, "Cancel")
    assert "cancel" in lobby.text().lower(), lobby.text()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR or "listener failed" in r.getMessage()]
    assert not errors, [r.getMessage() for r in errors]
