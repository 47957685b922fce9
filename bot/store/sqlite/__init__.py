"""The SQLite store (aiosqlite on one file): store.py, its statements (rows.py), privacy.py, migrations/."""

from bot.store.sqlite.store import SqliteStore

__all__ = ["SqliteStore"]
