"""Running the bot: settings from the environment, a clear exit without a token, no token in logs."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.discord_bot.config import DiscordSettings, RedactToken

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_the_bot_exits_at_once_pointing_to_env_example(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 78  # EX_CONFIG: the unit's RestartPreventExitStatus
    assert ".env.example" in done.stderr and "make play" in done.stderr


def test_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", " abc.def ")
    monkeypatch.setenv("DISCORD_DEV_GUILD_ID", "123456789012345678")
    monkeypatch.setenv("TRICKTABLE_DEFAULT_CLOCK", "async")
    monkeypatch.setenv("TRICKTABLE_DB", "/tmp/x.db")
    monkeypatch.setenv("DISCORD_TABLE_CHANNELS", "111111111111111111, 222222222222222222")
    s = DiscordSettings.from_env(dotenv=False)
    assert s.table_channels == {111111111111111111, 222222222222222222}
    assert s.token == "abc.def" and s.dev_guild_id == 123456789012345678 and s.default_clock == "async"
    assert s.host.database_path == "/tmp/x.db"
    assert "abc.def" not in repr(s)


def test_the_token_is_redacted_from_log_records() -> None:
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "connecting with %s", ("sekrit.token",), None)
    RedactToken("sekrit.token").filter(record)
    assert "sekrit.token" not in record.getMessage()


def test_unreachable_discord_is_one_clear_line_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import discord

    from bot.__main__ import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "sekrit.tok.en")
    monkeypatch.setenv("TRICKTABLE_DB", str(tmp_path / "t.db"))
    monkeypatch.setattr(discord.http.Route, "BASE", "http://127.0.0.1:9/api/v10")  # nothing listens there
    root = logging.getLogger()
    saved = (root.handlers[:], root.level)
    try:
        assert main() == 1
    finally:
        root.handlers[:], level = saved
        root.setLevel(level)
    err = capsys.readouterr().err
    assert "could not reach Discord" in err
    assert "sekrit.tok.en" not in err
