"""The PostgreSQL store's migrations: the numbered files beside this module (bot/store/migrate.py has the
rule), tracked in a one-row schema_version table.

Several processes may start at once against one database: the migration runs under a transaction-level
advisory lock, so exactly one of them applies each step and the others see the result.
"""

from __future__ import annotations

import asyncpg

from bot.store.base import StoreError
from bot.store.migrate import numbered

_LOCK = 0x7472_6B74  # advisory lock key of the migration step ("trkt")


def migrations() -> list[tuple[int, str, str]]:
    return numbered(__name__)


def code_version() -> int:
    return len(migrations())


async def apply_migrations(conn: asyncpg.Connection, where: str) -> int:
    """Bring the database to this code's schema; refuse a database from a newer Tricktable."""
    known = migrations()
    latest = len(known)
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        current = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
        if current > latest:
            raise StoreError(
                f"database {where} has schema version {current}, but this Tricktable only knows up to "
                f"{latest}: it was written by a newer version. Upgrade Tricktable (or point DATABASE_URL "
                f"at another database); the database was left untouched."
            )
        for _number, _name, sql in known[current:]:
            await conn.execute(sql)  # no arguments: the simple protocol runs the file's statements
        if current < latest:
            await conn.execute("DELETE FROM schema_version")
            await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", latest)
    return latest
