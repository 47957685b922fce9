"""The PostgreSQL store (asyncpg, several processes on one database): store.py, its statements (rows.py),
privacy.py, the relay between processes (relay.py), migrations/."""

from bot.store.postgres.store import PostgresStore, redact

__all__ = ["PostgresStore", "redact"]
