"""Settings from the environment (and a `.env` file via python-dotenv). `.env.example` documents each."""

from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    return int(raw) if raw else default


@dataclass(frozen=True, slots=True)
class Settings:
    database_path: str = "./tricktable.db"
    live_clock_seconds: int = 120
    async_clock_seconds: int = 24 * 3600
    log_level: str = "INFO"
    idle_evict_seconds: int = 600  # a table untouched this long leaves memory (it stays in the DB)
    max_loaded_tables: int = 5000  # LRU cap on tables held in memory
    snapshot_every: int = 32  # actions between snapshots; replay after a restart is at most this long
    db_synchronous: str = "NORMAL"  # NORMAL survives a killed process; FULL also survives power loss

    @staticmethod
    def from_env(dotenv: bool = True) -> Settings:
        if dotenv:
            load_dotenv()
        return Settings(
            database_path=os.environ.get("TRICKTABLE_DB", "").strip() or "./tricktable.db",
            live_clock_seconds=_int("TRICKTABLE_LIVE_CLOCK_SECONDS", 120),
            async_clock_seconds=_int("TRICKTABLE_ASYNC_CLOCK_SECONDS", 24 * 3600),
            log_level=os.environ.get("TRICKTABLE_LOG_LEVEL", "").strip() or "INFO",
            idle_evict_seconds=_int("TRICKTABLE_IDLE_EVICT_SECONDS", 600),
            max_loaded_tables=_int("TRICKTABLE_MAX_LOADED_TABLES", 5000),
            snapshot_every=_int("TRICKTABLE_SNAPSHOT_EVERY", 32),
            db_synchronous=(os.environ.get("TRICKTABLE_DB_SYNCHRONOUS", "").strip() or "NORMAL").upper(),
        )
