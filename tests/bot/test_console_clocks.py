"""Time banks, time away and pauses in the terminal (python -m bot.console), through the same service as
Discord: the board's reserve lines, `away` with bad input answered in one line, `pause` then a refused
move, `resume`, and the game goes on to its end."""

from __future__ import annotations

import asyncio
import builtins
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import console


def scripted(monkeypatch: pytest.MonkeyPatch, answers: Iterator[str]) -> None:
    def fake_input(prompt: str = "") -> str:
        print(prompt, end="")
        return next(answers)

    monkeypatch.setattr(builtins, "input", fake_input)


def test_console_bank_away_pause_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "c.db")
    answers = iter(["away yesterday", "away 3d", "away off", "pause", "1", "resume", *["1"] * 20, "n"])
    scripted(monkeypatch, answers)
    argv = ["--game", "tiny", "--players", "2", "--humans", "1", "--seed", "2", "--db", db]
    argv += ["--option", "rounds=2", "--clock", "async-bank"]
    assert asyncio.run(console.main_async(console.parse_args(argv))) == 0
    out = capsys.readouterr().out
    assert "⏱ You · 3d 12h left" in out or "⏱ You · 3d 11h left" in out  # the reserve on the board
    assert "✗ I cannot read “yesterday” as a time." in out  # one line, nothing changed
    assert "You is away until" in out and "UTC; clocks stopped on 1 table(s)." in out
    assert "You is back." in out
    assert "Table #1 is paused" in out
    assert "✗ Table #1 is paused. Any player can resume it with /table resume." in out  # the move refused
    assert "Table #1 resumed." in out
    assert "Final result" in out


def test_console_reminder_names_its_deadline_in_utc(capsys: pytest.CaptureFixture[str]) -> None:
    """A private reminder at the terminal says when the time runs out (UTC, as the console's clock lines),
    not only how much is left."""
    import datetime as dt
    import sys
    import types

    from bot.tables.models import Update
    from games.core.contract import Event

    sys.path.insert(0, str(Path(__file__).parent))
    from tinygame import TINY

    due = dt.datetime(2026, 12, 1, 9, tzinfo=dt.UTC).timestamp()
    term = console.Console(None, TINY, 1, [1], "en", "unused.db")  # type: ignore[arg-type]
    term.human_seats = {0}
    data = {"name": "Ann", "seat": 0, "table": 1, "left": "12h00m", "due": due}
    reminder = Event("host.clock_reminder", data, audience=frozenset({0}))
    table = types.SimpleNamespace(seats=[types.SimpleNamespace(name="Ann")])
    asyncio.run(term.on_update(Update(table=table, events=((reminder, reminder.audience),), to_act=frozenset())))  # type: ignore[arg-type]
    out = capsys.readouterr().out
    assert "🔒 ⏳ Ann, half your time is gone on table #1 (deadline 2026-12-01 09:00 UTC, in 12h00m)." in out, out
