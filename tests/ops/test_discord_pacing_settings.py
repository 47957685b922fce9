"""The Discord pacing an operator sets in .env (DISCORD_THREAD_PACE, DISCORD_GLOBAL_RATE): read at start,
a mistake stops it with one line naming the setting, and .env.example says them."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord_bot.config import DiscordSettings
from bot.envparse import SettingsError

ROOT = Path(__file__).resolve().parents[2]


def test_the_pacing_is_read_from_the_environment() -> None:
    default = DiscordSettings.from_env(dotenv=False, environ={})
    assert (default.thread_pace, default.global_rate) == (1.0, 40.0)
    raised = DiscordSettings.from_env(
        dotenv=False, environ={"DISCORD_THREAD_PACE": "0.5", "DISCORD_GLOBAL_RATE": "450"}
    )
    assert (raised.thread_pace, raised.global_rate) == (0.5, 450.0)
    off = DiscordSettings.from_env(dotenv=False, environ={"DISCORD_THREAD_PACE": "0", "DISCORD_GLOBAL_RATE": "0"})
    assert (off.thread_pace, off.global_rate) == (0.0, 0.0)


@pytest.mark.parametrize(
    ("name", "raw"),
    [
        ("DISCORD_THREAD_PACE", "fast"),
        ("DISCORD_THREAD_PACE", "-1"),
        ("DISCORD_THREAD_PACE", "3600"),
        ("DISCORD_GLOBAL_RATE", "50/s"),
        ("DISCORD_GLOBAL_RATE", "nan"),
        ("DISCORD_GLOBAL_RATE", "-5"),
    ],
)
def test_a_wrong_pacing_is_one_line_naming_the_setting(name: str, raw: str) -> None:
    with pytest.raises(SettingsError) as caught:
        DiscordSettings.from_env(dotenv=False, environ={name: raw})
    (line,) = caught.value.problems
    assert line.startswith(f"{name}: expected a number of at least 0") and repr(raw) in line and "\n" not in line


def test_env_example_names_the_pacing_with_its_defaults() -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
    assert "DISCORD_THREAD_PACE=1.0" in example and "DISCORD_GLOBAL_RATE=40" in example
    values = dict(line.split("=", 1) for line in example if line.startswith(("DISCORD_THREAD", "DISCORD_GLOBAL")))
    settings = DiscordSettings.from_env(dotenv=False, environ=values)
    assert (settings.thread_pace, settings.global_rate) == (1.0, 40.0)
