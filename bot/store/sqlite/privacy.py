"""The SQLite store's privacy and limit operations (bot/store/privacy.py has the statements and why)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from bot.store.privacy import (
    COUNT_OPEN,
    GUILD_USERS,
    OpenTablesLimit,
    PrivacyStore,
    guild_plan,
    user_plan,
)
from bot.store.records import SeatRow, TableRow
from bot.store.sqlite.rows import insert_table_row, write_seats

T = TypeVar("T")


class SqlitePrivacy(PrivacyStore):
    """Mixed into SqliteStore: uses its one connection thread (`_run`) and `BEGIN IMMEDIATE` (`_tx`)."""

    _run: Callable[..., Any]
    _tx: Callable[..., Any]

    async def open_tables_of(self, user_id: int) -> int:
        def work(conn: sqlite3.Connection) -> int:
            return int(conn.execute(COUNT_OPEN, (user_id, user_id)).fetchone()[0])

        return int(await self._run(work))

    async def _execute_plan(self, plan_of: Callable[[sqlite3.Connection], list[tuple[str, tuple[object, ...]]]]) -> int:
        def work(conn: sqlite3.Connection) -> int:
            def body() -> int:
                changed = 0
                for sql, args in plan_of(conn):
                    changed += max(conn.execute(sql, args).rowcount, 0)
                return changed

            return int(self._tx(conn, body))

        return int(await self._run(work))

    async def forget_user(self, user_id: int) -> int:
        return await self._execute_plan(lambda _conn: user_plan(user_id))

    async def mark_guild_left(self, guild_id: int, at: float) -> None:
        def work(conn: sqlite3.Connection) -> None:
            with conn:
                conn.execute(
                    "INSERT INTO guild_departures (guild_id, left_at) VALUES (?, ?)"
                    " ON CONFLICT (guild_id) DO NOTHING",
                    (guild_id, at),
                )

        await self._run(work)

    async def mark_guild_back(self, guild_id: int) -> None:
        def work(conn: sqlite3.Connection) -> None:
            with conn:
                conn.execute("DELETE FROM guild_departures WHERE guild_id = ?", (guild_id,))

        await self._run(work)

    async def guilds_left_before(self, at: float) -> list[int]:
        def work(conn: sqlite3.Connection) -> list[int]:
            rows = conn.execute("SELECT guild_id FROM guild_departures WHERE left_at <= ? ORDER BY left_at", (at,))
            return [int(r[0]) for r in rows]

        return list(await self._run(work))

    async def forget_guild(self, guild_id: int) -> int:
        def plan(conn: sqlite3.Connection) -> list[tuple[str, tuple[object, ...]]]:
            users = [int(r[0]) for r in conn.execute(GUILD_USERS, (guild_id, guild_id))]
            return guild_plan(users, guild_id)

        return await self._execute_plan(plan)

    async def insert_table_within_limit(
        self, row: TableRow, seats: Sequence[SeatRow], user_id: int, limit: int
    ) -> int:
        def work(conn: sqlite3.Connection) -> int:
            def body() -> int:  # BEGIN IMMEDIATE: the count and the insert are one decision
                count = int(conn.execute(COUNT_OPEN, (user_id, user_id)).fetchone()[0])
                if count >= limit:
                    raise OpenTablesLimit(count)
                table_id = insert_table_row(conn, row)
                write_seats(conn, table_id, seats)
                return table_id

            return int(self._tx(conn, body))

        return int(await self._run(work))
