"""Discord settings from the environment (and `.env`), next to the host's bot.settings.Settings.

The token is a secret: it is never logged, and a log filter redacts it should any library print it.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field

from dotenv import find_dotenv, load_dotenv

from bot.settings import Settings


@dataclass(frozen=True, slots=True)
class DiscordSettings:
    token: str = field(repr=False)
    dev_guild_id: int | None = None  # commands sync to this guild at once (global sync takes up to an hour)
    default_clock: str = "live"
    sync_commands: bool = True
    table_channels: frozenset[int] = frozenset()  # where /table new works (empty: any channel)
    host: Settings = field(default_factory=Settings)

    @staticmethod
    def from_env(dotenv: bool = True) -> DiscordSettings:
        if dotenv:
            # The .env of the directory we run in (`make run` runs at the repository root); variables
            # already set in the environment (systemd's EnvironmentFile, docker's env_file) win.
            load_dotenv(find_dotenv(usecwd=True))
        guild = os.environ.get("DISCORD_DEV_GUILD_ID", "").strip()
        clock = (os.environ.get("TRICKTABLE_DEFAULT_CLOCK", "").strip() or "live").lower()
        channels = os.environ.get("DISCORD_TABLE_CHANNELS", "").replace(",", " ").split()
        return DiscordSettings(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            dev_guild_id=int(guild) if guild else None,
            default_clock=clock if clock in ("live", "async") else "live",
            sync_commands=os.environ.get("DISCORD_SYNC_COMMANDS", "1").strip() not in ("0", "false", "no"),
            table_channels=frozenset(int(c) for c in channels if c.isdigit()),
            host=Settings.from_env(dotenv=False),
        )


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """One server's settings as they apply: its own (/settings server), else the .env defaults above."""

    default_clock: str
    table_channels: frozenset[int]


class RedactToken(logging.Filter):
    """Replaces the token in any log record (message and arguments) with a placeholder."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self._token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if not self._token:
            return True
        message = record.getMessage()
        if self._token in message:
            record.msg = message.replace(self._token, "[token redacted]")
            record.args = None
        return True
