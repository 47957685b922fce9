"""The SQLite store's migrations: the numbered files beside this module (bot/store/migrate.py has the
rule), tracked in SQLite's PRAGMA user_version."""

from __future__ import annotations

import sqlite3

from bot.store.base import StoreError
from bot.store.migrate import numbered


def migrations() -> list[tuple[int, str, str]]:
    return numbered(__name__)


def code_version() -> int:
    return len(migrations())


def apply_migrations(conn: sqlite3.Connection, path: str) -> int:
    """Bring the database to this code's schema; refuse a database from a newer Tricktable."""
    current = int(conn.execute("PRAGMA user_version").fetchone()[0])
    known = migrations()
    latest = len(known)
    if current > latest:
        raise StoreError(
            f"database {path} has schema version {current}, but this Tricktable only knows up to "
            f"{latest}: it was written by a newer version. Upgrade Tricktable (or use another "
            f"TRICKTABLE_DB); the file was left untouched."
        )
    for number, _name, sql in known[current:]:
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in statements(sql):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {number}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return latest


def statements(sql: str) -> list[str]:
    """Split a migration into statements (executescript would commit on its own, outside our BEGIN)."""
    lines = [line for line in sql.splitlines() if not line.lstrip().startswith("--")]
    out, buf = [], ""
    for line in lines:
        buf += line + "\n"
        if sqlite3.complete_statement(buf):
            out.append(buf.strip())
            buf = ""
    if buf.strip():
        out.append(buf.strip())
    return out
