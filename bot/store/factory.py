"""One door to a store: a database URL (or a plain SQLite path) gives the right backend.

`postgresql://…` / `postgres://…` → PostgresStore (asyncpg); `sqlite:///path`, a plain path, or
nothing → SqliteStore as before. `DATABASE_URL` (bot/settings.py) wins over `TRICKTABLE_DB` when set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.envparse import redact_url
from bot.store.base import Store, StoreError

if TYPE_CHECKING:
    from bot.settings import Settings

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(target: str) -> bool:
    return target.startswith(POSTGRES_SCHEMES)


def sqlite_path(target: str) -> str:
    """`sqlite:///x.db` → `x.db`, `sqlite:////abs/x.db` → `/abs/x.db`; a plain path is itself."""
    if target.startswith("sqlite:///"):
        return target[len("sqlite:///") :] or ":memory:"
    if target.startswith("sqlite://"):
        raise StoreError(f"{target!r}: a SQLite URL is sqlite:///relative/path or sqlite:////absolute/path")
    return target


def store_target(path: str | None, settings: Settings) -> str:
    """Where the host's store lives: DATABASE_URL when set, unless the caller names another SQLite file.

    Front ends pass `settings.database_path` (TRICKTABLE_DB) explicitly; with DATABASE_URL set that means
    "the configured database", so the URL wins. A different explicit path (tests, `--db`) is used as is.
    """
    url = settings.database_url
    if url and (path is None or path == settings.database_path):
        return url
    return path or settings.database_path


def make_store(target: str, synchronous: str = "NORMAL") -> Store:
    """A store for `target` (not opened yet: `await store.open()`)."""
    if is_postgres(target):
        from bot.store.postgres import PostgresStore  # asyncpg only when PostgreSQL is used

        return PostgresStore(target)
    if "://" in target and not target.startswith("sqlite:"):
        scheme = target.split("://", 1)[0]
        raise StoreError(
            f"DATABASE_URL {redact_url(target)}: unknown scheme {scheme!r} (use postgresql://… or sqlite:///…)"
        )
    from bot.store.sqlite import SqliteStore

    return SqliteStore(sqlite_path(target), synchronous)


async def open_store(target: str, synchronous: str = "NORMAL") -> Store:
    """Make and open the store; StoreError (one clear line, password redacted) when it cannot be used."""
    store = make_store(target, synchronous)
    await store.open()
    return store


async def check_store(target: str, synchronous: str = "NORMAL") -> None:
    """Open and close the store once (connect, migrate): the start-up check of a bot process."""
    store = await open_store(target, synchronous)
    await store.close()
