"""The server's take-over level on databases written before it (SQLite migration 0008, PostgreSQL 0007):
an old row reads as 'not set' with its other settings kept, and `bot.ops.copy` moves the level."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg
from pgserver import PgServer

from bot.ops import copy as store_copy
from bot.store.base import GuildRow
from bot.store.factory import open_store
from bot.store.postgres.migrations import migrations as pg_migrations
from bot.store.sqlite.migrations import migrations as sqlite_migrations
from bot.store.sqlite.migrations import statements
from bot.tables import ClockMode, GuildSettings
from bot.tables.preferences import Preferences

GUILD = 2**62 + 7


async def _stored(target: str) -> tuple[GuildRow | None, GuildSettings]:
    store = await open_store(target)
    try:
        return await store.guild_row(GUILD), await Preferences(store).get_guild_settings(GUILD)
    finally:
        await store.close()


async def test_an_old_sqlite_file_reads_the_level_as_not_set(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path, isolation_level=None)
    for number, name, sql in sqlite_migrations():
        if "ai_level" in name:
            break
        for statement in statements(sql):
            conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {number}")
    conn.execute("INSERT INTO guild_settings VALUES (?, 'async', '[5]', 1)", (GUILD,))
    conn.close()
    row, settings = await _stored(f"sqlite:///{path}")
    assert row == GuildRow("async", "[5]", True, None)
    assert settings == GuildSettings(GUILD, ClockMode.ASYNC, frozenset({5}), True, None)


async def test_an_old_postgresql_database_reads_the_level_as_not_set(pg_server: PgServer) -> None:
    url = pg_server.create_database("guild_level_old")
    conn = await asyncpg.connect(url)
    try:
        last = 0
        for number, name, sql in pg_migrations():
            if "ai_level" in name:
                break
            await conn.execute(sql)
            last = number
        await conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        await conn.execute("INSERT INTO schema_version VALUES ($1)", last)
        await conn.execute("INSERT INTO guild_settings VALUES ($1, 'async', '[5]', 1)", GUILD)
    finally:
        await conn.close()
    row, settings = await _stored(url)
    assert row == GuildRow("async", "[5]", True, None)
    assert settings == GuildSettings(GUILD, ClockMode.ASYNC, frozenset({5}), True, None)


async def test_the_copy_moves_the_level_both_ways(tmp_path: Path, pg_server: PgServer) -> None:
    source = f"sqlite:///{tmp_path / 'bot.db'}"
    store = await open_store(source)
    try:
        await store.update_guild_settings(GUILD, default_clock="live", ai_level="strong")
        await store.update_guild_settings(GUILD + 1, text_only=True)  # a server without a level
    finally:
        await store.close()
    destination = pg_server.create_database("guild_level_copy")
    quiet = open("/dev/null", "w")  # noqa: SIM115
    assert (await store_copy.copy(source, destination, out=quiet)).ok
    assert (await _stored(destination))[0] == GuildRow("live", None, None, "strong")
    back = f"sqlite:///{tmp_path / 'back.db'}"
    assert (await store_copy.copy(destination, back, out=quiet)).ok
    assert (await _stored(back))[0] == GuildRow("live", None, None, "strong")
    moved = await open_store(back)
    try:
        assert await moved.guild_row(GUILD + 1) == GuildRow(None, None, True, None)
    finally:
        await moved.close()
