"""Discord settings from the environment (and `.env`), next to the host's bot.settings.Settings.

The token is a secret: it is never logged, and a log filter redacts it should any library print it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from dotenv import find_dotenv, load_dotenv

from bot.envparse import EnvReader
from bot.settings import Settings


@dataclass(frozen=True, slots=True)
class DiscordSettings:
    token: str = field(repr=False)
    dev_guild_id: int | None = None  # commands sync to this guild at once (global sync takes up to an hour)
    default_clock: str = "live"
    sync_commands: bool = True
    table_channels: frozenset[int] = frozenset()  # where /table new works (empty: any channel)
    shard_count: int | None = None  # None: one process runs every shard Discord recommends
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs (None: all of shard_count)
    pictures: bool = True  # card pictures on hands and boards (a server may still choose text only)
    # DISCORD_THREAD_PACE: seconds between two requests to one table's thread: Discord lets a channel take
    # about 5 message posts and edits per 5 s, so a table paced at one a second never meets a 429 (updates
    # that arrive meanwhile are merged into the next edit). Tests that run in real time set 0.
    thread_pace: float = 1.0
    # DISCORD_GLOBAL_RATE: requests per second the bot allows itself outside interactions, under Discord's
    # global 50/s per bot token with room for what it does not pace (commands' own requests, lobby
    # redraws); docs/discord.md, section 7: ask Discord for more, then raise this. Tests in real time set 0.
    global_rate: float = 40.0
    metrics_port: int | None = None  # TRICKTABLE_METRICS_PORT: a Prometheus endpoint (bot/metrics.py); off when unset
    host: Settings = field(default_factory=Settings)

    @staticmethod
    def from_env(dotenv: bool = True, environ: Mapping[str, str] | None = None) -> DiscordSettings:
        """Every setting, or SettingsError listing every mistake (the token itself is never printed)."""
        if dotenv:
            # The .env of the directory we run in (`make run` runs at the repository root); variables
            # already set in the environment (systemd's EnvironmentFile, docker's env_file) win.
            load_dotenv(find_dotenv(usecwd=True))
        env = EnvReader(os.environ if environ is None else environ)
        host = Settings.read(env)
        shard_count = env.integer("DISCORD_SHARD_COUNT", 0, minimum=1) or None
        shard_ids = env.integers("DISCORD_SHARD_IDS")
        if shard_ids is not None and shard_count is None:
            env.problems.append("DISCORD_SHARD_IDS: needs DISCORD_SHARD_COUNT (the total number of shards)")
        elif shard_ids is not None and shard_count is not None and max(shard_ids) >= shard_count:
            env.problems.append(
                f"DISCORD_SHARD_IDS: expected shard numbers from 0 to {shard_count - 1} "
                f"(DISCORD_SHARD_COUNT={shard_count})"
            )
        settings = DiscordSettings(
            token=env.raw("DISCORD_TOKEN"),
            dev_guild_id=env.snowflake("DISCORD_DEV_GUILD_ID", None),
            default_clock=env.choice(
                "TRICKTABLE_DEFAULT_CLOCK", "live", ("live", "async", "live-bank", "async-bank")
            ),
            sync_commands=env.boolean("DISCORD_SYNC_COMMANDS", True),
            table_channels=env.snowflakes("DISCORD_TABLE_CHANNELS"),
            shard_count=shard_count,
            shard_ids=shard_ids,
            pictures=env.boolean("DISCORD_PICTURES", True),
            metrics_port=env.integer("TRICKTABLE_METRICS_PORT", 0, minimum=1, maximum=65535) or None,
            thread_pace=env.number("DISCORD_THREAD_PACE", 1.0, minimum=0.0, maximum=60.0),
            global_rate=env.number("DISCORD_GLOBAL_RATE", 40.0, minimum=0.0, maximum=10000.0),
            host=host,
        )
        env.check()
        return settings


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
