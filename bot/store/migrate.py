"""Numbered SQL migrations (migrations/NNNN_name.sql), tracked in SQLite's PRAGMA user_version."""

from __future__ import annotations

import re
import sqlite3
from importlib import resources

from bot.store.base import StoreError

_NAME = re.compile(r"^(\d{4})_[\w-]+\.sql$")


def migrations(package: str = "bot.store.migrations") -> list[tuple[int, str, str]]:
    """(number, file name, SQL) in order; numbers must run 1, 2, 3… without gaps. Each store keeps its own
    numbered folder (SQLite here, PostgreSQL in bot.store.pg_migrations); the rule is the same."""
    found = []
    for entry in resources.files(package).iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    for index, (number, name, _) in enumerate(found, start=1):
        if number != index:
            raise StoreError(f"migration {name} is out of sequence (expected number {index})")
    return found


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
            for statement in _statements(sql):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {number}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return latest


def _statements(sql: str) -> list[str]:
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
