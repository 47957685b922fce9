"""The host's settings, from the environment (and a `.env` file via python-dotenv).

`.env.example` documents each variable. Every value is checked at start: a mistake stops the start with
one line naming the variable and what it accepts (`bot.envparse.SettingsError`), never a traceback and
never a silent fallback to a default.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from dotenv import load_dotenv

from bot.envparse import EnvReader

AI_LEVELS = ("easy", "normal", "strong")


@dataclass(frozen=True, slots=True)
class Settings:
    database_path: str = "./tricktable.db"
    database_url: str | None = None  # postgresql://… selects PostgreSQL; None or sqlite:///… is SQLite
    live_clock_seconds: int = 120
    async_clock_seconds: int = 24 * 3600
    log_level: str = "INFO"
    idle_evict_seconds: int = 600  # a table untouched this long leaves memory (it stays in the DB)
    max_loaded_tables: int = 5000  # LRU cap on tables held in memory
    snapshot_every: int = 32  # actions between snapshots; replay after a restart is at most this long
    db_synchronous: str = "NORMAL"  # NORMAL survives a killed process; FULL also survives power loss
    max_open_tables_per_person: int = 5  # lobbies and tables in play one person may have opened at once
    forget_guild_after_seconds: int = 30 * 86400  # a server the bot left: its data is anonymized after this
    ai_workers: int = 1  # processes that run AI searches off the event loop (0: in the event loop's thread)
    ai_takeover_level: str = "normal"  # the AI that plays an absent or resigned player's seat
    gc_freeze: bool = False  # freeze long-lived objects after full collections (bot/tables/gcpause.py)
    # time banks (bot/tables/bank.py): a reserve to start with, a time added per decision, and a cap
    live_bank: tuple[int, int, int] = (300, 20, 600)
    async_bank: tuple[int, int, int] = (3 * 86400, 12 * 3600, 5 * 86400)
    away_max_days: int = 14  # time away (bot/tables/away.py): at most this many days in any 30 days

    @staticmethod
    def read(env: EnvReader) -> Settings:
        """Every host setting from `env`; problems are collected in `env` (call env.check())."""
        return Settings(
            database_path=env.text("TRICKTABLE_DB", "./tricktable.db"),
            database_url=env.database_url("DATABASE_URL", "") or None,
            live_clock_seconds=env.duration("TRICKTABLE_LIVE_CLOCK_SECONDS", 120, minimum=10),
            async_clock_seconds=env.duration("TRICKTABLE_ASYNC_CLOCK_SECONDS", 24 * 3600, minimum=60),
            log_level=env.choice(
                "TRICKTABLE_LOG_LEVEL", "INFO", ("DEBUG", "INFO", "WARNING", "ERROR"), upper=True
            ),
            idle_evict_seconds=env.duration("TRICKTABLE_IDLE_EVICT_SECONDS", 600, minimum=1),
            max_loaded_tables=env.integer("TRICKTABLE_MAX_LOADED_TABLES", 5000, minimum=1),
            snapshot_every=env.integer("TRICKTABLE_SNAPSHOT_EVERY", 32, minimum=1, maximum=10_000),
            db_synchronous=env.choice("TRICKTABLE_DB_SYNCHRONOUS", "NORMAL", ("NORMAL", "FULL"), upper=True),
            max_open_tables_per_person=env.integer("TRICKTABLE_MAX_OPEN_TABLES_PER_PERSON", 5, minimum=1),
            forget_guild_after_seconds=env.duration(
                "TRICKTABLE_FORGET_GUILD_AFTER", 30 * 86400, minimum=0
            ),
            ai_workers=env.integer("TRICKTABLE_AI_WORKERS", 1, minimum=0, maximum=64),
            ai_takeover_level=env.choice("TRICKTABLE_AI_LEVEL", "normal", AI_LEVELS),
            gc_freeze=env.boolean("TRICKTABLE_GC_FREEZE", True),
            live_bank=(
                env.duration("TRICKTABLE_LIVE_BANK_START", 300, minimum=10),
                env.duration("TRICKTABLE_LIVE_BANK_INCREMENT", 20, minimum=0),
                env.duration("TRICKTABLE_LIVE_BANK_CAP", 600, minimum=10),
            ),
            async_bank=(
                env.duration("TRICKTABLE_ASYNC_BANK_START", 3 * 86400, minimum=60),
                env.duration("TRICKTABLE_ASYNC_BANK_INCREMENT", 12 * 3600, minimum=0),
                env.duration("TRICKTABLE_ASYNC_BANK_CAP", 5 * 86400, minimum=60),
            ),
            away_max_days=env.integer("TRICKTABLE_AWAY_MAX_DAYS", 14, minimum=0, maximum=30),
        )

    @staticmethod
    def from_env(dotenv: bool = True, environ: Mapping[str, str] | None = None) -> Settings:
        """The settings, or SettingsError listing every mistake."""
        if dotenv:
            load_dotenv()
        env = EnvReader(os.environ if environ is None else environ)
        settings = Settings.read(env)
        env.check()
        return settings
