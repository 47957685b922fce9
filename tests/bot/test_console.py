"""Terminal play through the same service and a real SQLite file (python -m bot.console)."""

from __future__ import annotations

import builtins
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import console


def run(argv: list[str]) -> int:
    import asyncio

    return asyncio.run(console.main_async(console.parse_args(argv)))


def scripted(monkeypatch: pytest.MonkeyPatch, answers: Iterator[str]) -> None:
    def fake_input(prompt: str = "") -> str:
        print(prompt, end="")
        answer = next(answers)
        if answer == "^C":
            raise KeyboardInterrupt
        return answer

    monkeypatch.setattr(builtins, "input", fake_input)


def test_all_ai_table_plays_to_the_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "c.db")
    assert run(["--game", "tiny", "--players", "3", "--humans", "0", "--seed", "4", "--db", db]) == 0
    out = capsys.readouterr().out
    assert "Final result" in out and "1. " in out
    assert out.count("reveal") == 3  # the public log: three rounds revealed
    assert "my_pick: " not in out  # private events of AI seats stay private


def test_human_gets_reasons_then_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "c.db")
    answers = iter(["99", "play:nope", "", *["1"] * 20])
    scripted(monkeypatch, answers)
    assert (
        run(
            [
                "--game",
                "tiny",
                "--players",
                "3",
                "--humans",
                "1",
                "--seed",
                "2",
                "--db",
                db,
                "--option",
                "rounds=2",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Please enter a number from 1 to" in out
    assert "✗ That card is not in your hand." in out
    assert "'hand': [" in out and "1) play:" in out  # the seat's own view and numbered actions
    assert "🔒 my_pick: " in out  # the human's private event is shown to them
    assert "Final result" in out


def test_ctrl_c_saves_and_resume_continues(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "c.db")
    scripted(monkeypatch, iter(["1", "^C"]))
    assert run(["--game", "tiny", "--players", "3", "--humans", "1", "--seed", "5", "--db", db]) == 130
    out = capsys.readouterr().out
    assert "is saved" in out and "--resume 1" in out
    scripted(monkeypatch, iter(["1"] * 20))
    assert run(["--resume", "--db", db]) == 0
    assert "Final result" in capsys.readouterr().out


def test_question_mark_explains_cards_and_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A table that explains itself: at a decision `?` lists what the cards you can see do, `? N` what option N does; people
    are named (AI seats by their own names) and seats count from 1."""
    from games.core.registry import get_game

    db = str(tmp_path / "c.db")
    scripted(monkeypatch, iter(["?", "? 1", "? 99", "^C"]))
    argv = ["--game", "trickster", "--players", "4", "--humans", "1", "--seed", "3", "--db", db]
    assert run([*argv, "--option", "deck=fantasy"]) == 130
    out = capsys.readouterr().out
    effects = {text.effect for text in get_game("trickster").card_catalog("en")}
    explained = [line for line in out.splitlines() if " — " in line]
    assert any(line.split(" — ", 1)[1] in effects for line in explained), explained[:5]
    first = next(line.strip() for line in out.splitlines() if line.strip().startswith("1) "))
    assert f"{first} — " in out, "`? 1` tells what option 1 does"
    assert "Please enter a number from 1 to" in out  # `? 99`
    assert "Seat 1: You" in out and "Seat 0" not in out
    assert "Ada (AI)" in out and "AI 2" not in out
    order = next(line for line in out.splitlines() if line.startswith("Turn order: "))  # the game's board
    assert sorted(order[len("Turn order: ") :].split(" → ")) == ["Ada (AI)", "Basho (AI)", "Clio (AI)", "You"]


def test_japanese_terminal_explains_in_japanese(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "c.db")
    scripted(monkeypatch, iter(["?", "^C"]))
    argv = ["--game", "trickster-cot", "--players", "3", "--humans", "1", "--seed", "5", "--db", db]
    assert run([*argv, "--lang", "ja"]) == 130
    out = capsys.readouterr().out
    assert "席1: あなた" in out and "席0" not in out
    from games.core.registry import get_game

    effects = {text.effect for text in get_game("trickster-cot").card_catalog("ja")}
    assert any(line.split(" — ", 1)[-1] in effects for line in out.splitlines() if " — " in line), "`?` in Japanese"


def test_the_console_offers_a_rematch_after_a_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "c.db")
    offers = iter(["y", "n"])  # yes after the first game, no after the rematch

    def fake_input(prompt: str = "") -> str:
        print(prompt, end="")
        return next(offers) if "Play again" in prompt else "1"

    monkeypatch.setattr(builtins, "input", fake_input)
    argv = ["--game", "tiny", "--players", "2", "--humans", "1", "--seed", "3", "--db", db, "--option", "rounds=1"]
    assert run(argv) == 0
    out = capsys.readouterr().out
    assert out.count("Final result") == 2 and out.count("Play again (same game, options and seats)?") == 2
    assert "Rematch: table #2." in out
    db_rows = sqlite3.connect(db).execute("SELECT id, status, options FROM tables ORDER BY id").fetchall()
    assert db_rows == [(1, "finished", '{"rounds": "1"}'), (2, "finished", '{"rounds": "1"}')]
    assert sqlite3.connect(db).execute("SELECT source_id, table_id FROM rematches").fetchall() == [(1, 2)]
    seats = sqlite3.connect(db).execute("SELECT table_id, seat, user_id, ai_policy FROM seats ORDER BY 1, 2").fetchall()
    assert [r[1:] for r in seats if r[0] == 1] == [r[1:] for r in seats if r[0] == 2], "the same seats"
