"""Settings an operator gets wrong stop the start with one clear line each, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.discord_bot.config import DiscordSettings
from bot.envparse import EXIT_CONFIG, SettingsError, parse_duration, redact_url
from bot.settings import Settings
from tests.system_parts import SYSTEMD_ANALYZE, require

ROOT = Path(__file__).resolve().parents[2]


def _problems(env: dict[str, str]) -> list[str]:
    with pytest.raises(SettingsError) as caught:
        DiscordSettings.from_env(dotenv=False, environ=env)
    return caught.value.problems


@pytest.mark.parametrize(
    ("raw", "seconds"), [("90", 90), ("90s", 90), ("2m", 120), ("2 min", 120), ("24h", 86400), ("3d", 259200)]
)
def test_durations_accept_units(raw: str, seconds: int) -> None:
    assert parse_duration(raw) == seconds
    assert Settings.from_env(dotenv=False, environ={"TRICKTABLE_LIVE_CLOCK_SECONDS": raw}).live_clock_seconds == seconds


def test_every_mistake_is_one_line_naming_the_variable_and_what_it_accepts() -> None:
    problems = _problems(
        {
            "TRICKTABLE_LIVE_CLOCK_SECONDS": "two minutes",
            "DISCORD_TABLE_CHANNELS": "#general",
            "TRICKTABLE_DB_SYNCHRONOUS": "sometimes",
            "DISCORD_SYNC_COMMANDS": "maybe",
            "TRICKTABLE_DEFAULT_CLOCK": "fast",
        }
    )
    assert len(problems) == 5
    by_name = {line.split(":", 1)[0]: line for line in problems}
    assert "2m" in by_name["TRICKTABLE_LIVE_CLOCK_SECONDS"] and "'two minutes'" in by_name["TRICKTABLE_LIVE_CLOCK_SECONDS"]
    assert "channel ids" in by_name["DISCORD_TABLE_CHANNELS"]  # "#general" no longer silently means "anywhere"
    assert "NORMAL, FULL" in by_name["TRICKTABLE_DB_SYNCHRONOUS"]
    assert "live, async" in by_name["TRICKTABLE_DEFAULT_CLOCK"]
    assert all("\n" not in line for line in problems)


def test_a_database_password_is_never_printed() -> None:
    problems = _problems({"DATABASE_URL": "mysql://bot:hunter2@db/tricktable"})
    assert problems and "hunter2" not in " ".join(problems)
    assert redact_url("postgresql://bot:hunter2@db:5432/t") == "postgresql://bot:***@db:5432/t"


def test_shard_ids_must_fit_the_shard_count() -> None:
    assert any("0 to 1" in p for p in _problems({"DISCORD_SHARD_COUNT": "2", "DISCORD_SHARD_IDS": "0,2"}))
    ok = DiscordSettings.from_env(dotenv=False, environ={"DISCORD_SHARD_COUNT": "4", "DISCORD_SHARD_IDS": "3,1"})
    assert ok.shard_count == 4 and ok.shard_ids == (1, 3)


def _run_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TRICKTABLE_", "DATABASE_"))}
    clean.update(env, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=clean, capture_output=True, text=True, timeout=60
    )


def test_the_bot_refuses_a_bad_value_at_start_with_ex_config_and_no_traceback(tmp_path: Path) -> None:
    done = _run_bot(
        tmp_path, DISCORD_TOKEN="sekrit.tok.en", TRICKTABLE_LIVE_CLOCK_SECONDS="2 fortnights",
        DATABASE_URL="postgresql://bot:hunter2@/x",
    )
    assert done.returncode == EXIT_CONFIG
    assert "TRICKTABLE_LIVE_CLOCK_SECONDS" in done.stderr and "DATABASE_URL" in done.stderr
    assert "Traceback" not in done.stderr
    assert "sekrit.tok.en" not in done.stderr and "hunter2" not in done.stderr


def test_the_unit_does_not_restart_on_a_configuration_error() -> None:
    unit = (ROOT / "deploy" / "tricktable.service").read_text()
    assert f"RestartPreventExitStatus={EXIT_CONFIG}" in unit


def test_env_example_documents_every_variable_and_parses_cleanly() -> None:
    import re

    from dotenv import dotenv_values

    example = {k: v or "" for k, v in dotenv_values(ROOT / ".env.example").items()}
    DiscordSettings.from_env(dotenv=False, environ=example)  # the example itself is valid
    read = set()
    for source in (ROOT / "bot").rglob("*.py"):
        read |= set(re.findall(r'"((?:TRICKTABLE|DISCORD|DATABASE)_[A-Z_]+)"', source.read_text()))
    commented = set(re.findall(r"^# ([A-Z_]+)=", (ROOT / ".env.example").read_text(), re.M))
    assert read - set(example) - commented == set()


def test_the_hardened_unit_scores_at_most_3_in_systemd_analyze_security(tmp_path: Path) -> None:
    import re
    import shutil

    require(SYSTEMD_ANALYZE, shutil.which("systemd-analyze") is not None)
    unit = (ROOT / "deploy" / "tricktable.service").read_text()
    copy = tmp_path / "tricktable.service"
    copy.write_text(unit.replace("/opt/tricktable/.venv/bin/python", sys.executable))
    done = subprocess.run(
        ["systemd-analyze", "security", "--offline=true", str(copy)], capture_output=True, text=True, timeout=60
    )
    score = re.search(r"Overall exposure level for \S+: ([0-9.]+)", done.stdout)
    assert score is not None, done.stdout + done.stderr
    assert float(score.group(1)) <= 3.0
