"""SQL both stores run as written, with `?` placeholders: SQLite runs it as is, PostgreSQL numbers the
placeholders ($1, $2, … : `numbered`). Only statements that are really the same live here; where the
backends differ (the group commit, clock claims, rating locks, JSON functions) each store keeps its own."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.store.records import GUILD_COLUMNS, SEAT_COLUMNS, TABLE_INSERT_COLUMNS, GuildRow

_MARK = re.compile(r"\?")


def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's $1, $2, … in order."""
    counter = iter(range(1, 10_000))
    return _MARK.sub(lambda _m: f"${next(counter)}", sql)


def marks(n: int) -> str:
    """`?,?,…` for n values."""
    return ",".join("?" * n)


def insert(table: str, columns: str) -> str:
    """`INSERT INTO table (columns) VALUES (?,…)`, one mark per column."""
    return f"INSERT INTO {table} ({columns}) VALUES ({marks(len(columns.split(',')))})"


TABLE_INSERT = insert("tables", TABLE_INSERT_COLUMNS)  # (PostgreSQL adds RETURNING id)
SEAT_INSERT = insert("seats", f"table_id, {SEAT_COLUMNS}")

GUILD_ROW = f"SELECT {GUILD_COLUMNS} FROM guild_settings WHERE guild_id = ?"

# One merging statement: what is not given (None) keeps the stored value, under the row's lock, so two
# admins changing different settings at once (two processes) both keep theirs.
GUILD_UPDATE = (
    f"INSERT INTO guild_settings (guild_id, {GUILD_COLUMNS}) VALUES ({marks(1 + len(GuildRow._fields))})"
    " ON CONFLICT (guild_id) DO UPDATE SET "
    + ", ".join(f"{c} = COALESCE(excluded.{c}, guild_settings.{c})" for c in GuildRow._fields)
    + f" RETURNING {GUILD_COLUMNS}"
)


def update_table(
    table_id: int,
    updated_at: float,
    status: str | None,
    thread_id: int | None,
    set_thread: bool,
    expect_status: str | None,
    expect_revision: int | None,
) -> tuple[str, list[Any]]:
    """The conditional update of a table's row (Store.update_table): the check and the change are one
    statement, so another writer cannot come in between; it bumps the revision."""
    sets = ["updated_at = ?", "revision = revision + 1"]
    params: list[Any] = [updated_at]
    if status is not None:
        sets.append("status = ?")
        params.append(status)
    if set_thread:
        sets.append("thread_id = ?")
        params.append(thread_id)
    where = ["id = ?"]
    params.append(table_id)
    if expect_status is not None:
        where.append("status = ?")
        params.append(expect_status)
    if expect_revision is not None:
        where.append("revision = ?")
        params.append(expect_revision)
    return f"UPDATE tables SET {', '.join(sets)} WHERE {' AND '.join(where)}", params


def table_rows(
    columns: str,
    guild_id: int | None,
    channel_id: int | None,
    statuses: Sequence[str],
    user_id: int | None,
    limit: int,
) -> tuple[str, list[Any]]:
    """The tables matching every filter given (Store.table_rows), newest first."""
    where: list[str] = []
    params: list[Any] = []
    if guild_id is not None:
        where.append("guild_id = ?")
        params.append(guild_id)
    if channel_id is not None:
        where.append("(channel_id = ? OR thread_id = ?)")
        params.extend((channel_id, channel_id))
    if statuses:
        where.append(f"status IN ({marks(len(statuses))})")
        params.extend(statuses)
    if user_id is not None:
        where.append("id IN (SELECT table_id FROM seats WHERE user_id = ?)")
        params.append(user_id)
    sql = f"SELECT {columns} FROM tables"
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY id DESC LIMIT ?"
    params.append(limit)
    return sql, params
