"""The terminal table a newcomer meets with `make play`: saving, resuming, forced choices."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _console(tmp_path: Path, *args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRICKTABLE_")}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot.console", *args], cwd=tmp_path, env=env, input=stdin,
        capture_output=True, text=True, timeout=120,
    )


def test_the_saved_table_hint_is_a_command_that_works_as_printed(tmp_path: Path) -> None:
    first = _console(tmp_path, "--players", "4", "--humans", "1", "--seed", "3", "--db", "play.db", stdin="q\n")
    assert first.returncode == 130
    hint = next(line for line in first.stdout.splitlines() if "--resume" in line)
    command = shlex.split(hint.split("Continue with:", 1)[1])
    assert command[0] == sys.executable or Path(tmp_path, command[0]).exists()
    again = subprocess.run(
        command, cwd=tmp_path, input="q\n", capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert again.returncode == 130, again.stderr
    assert "Table #1" in again.stdout


def test_make_play_offers_to_continue_the_saved_table(tmp_path: Path) -> None:
    _console(tmp_path, "--players", "4", "--humans", "1", "--db", "play.db", stdin="q\n")
    resumed = _console(tmp_path, "--players", "4", "--humans", "1", "--db", "play.db", "--offer-resume", stdin="y\nq\n")
    assert "Continue it?" in resumed.stdout and "Table #1" in resumed.stdout and "Table #2" not in resumed.stdout
    declined = _console(tmp_path, "--players", "4", "--humans", "1", "--db", "play.db", "--offer-resume", stdin="n\nq\n")
    assert "Table #2" in declined.stdout


def test_resuming_a_table_that_does_not_exist_or_is_over_is_an_error(tmp_path: Path) -> None:
    missing = _console(tmp_path, "--resume", "99", "--db", "play.db", stdin="")
    assert missing.returncode == 2 and "#99" in missing.stderr
    _console(tmp_path, "--players", "3", "--humans", "0", "--db", "play.db", stdin="")  # plays to the end
    over = _console(tmp_path, "--resume", "1", "--db", "play.db", stdin="")
    assert over.returncode == 2 and "not in play" in over.stderr


def test_a_forced_single_choice_is_not_a_menu_of_one(tmp_path: Path) -> None:
    # Trickster's last trick leaves one card in every hand: the console offers it with Enter.
    done = _console(tmp_path, "--players", "3", "--humans", "1", "--seed", "5", "--db", "play.db", stdin="1\n" * 400)
    assert "Only one choice" in done.stdout
    assert "Choose 1-1 " not in done.stdout
