"""The PostgreSQL store's privacy and limit operations (bot/store/privacy.py has the statements and why)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.store.postgres.rows import insert_table_row, write_seats
from bot.store.privacy import (
    COUNT_OPEN,
    GUILD_USERS,
    OpenTablesLimit,
    PrivacyStore,
    guild_plan,
    user_plan,
)
from bot.store.records import SeatRow, TableRow
from bot.store.statements import numbered


class PostgresPrivacy(PrivacyStore):
    """Mixed into PostgresStore: uses its pooled connections (`_conn`), one transaction per operation."""

    _conn: Callable[..., Any]

    async def open_tables_of(self, user_id: int) -> int:
        async with self._conn() as conn:
            return int(await conn.fetchval(numbered(COUNT_OPEN), user_id, user_id))

    async def _execute_plan(self, plan: list[tuple[str, tuple[object, ...]]], conn: Any) -> int:
        changed = 0
        for sql, args in plan:
            status = await conn.execute(numbered(sql), *args)
            changed += int(status.rsplit(" ", 1)[-1]) if status.split(" ")[0] in ("UPDATE", "DELETE") else 0
        return changed

    async def forget_user(self, user_id: int) -> int:
        async with self._conn() as conn, conn.transaction():
            return await self._execute_plan(user_plan(user_id), conn)

    async def mark_guild_left(self, guild_id: int, at: float) -> None:
        async with self._conn() as conn:
            await conn.execute(
                "INSERT INTO guild_departures (guild_id, left_at) VALUES ($1, $2) ON CONFLICT (guild_id) DO NOTHING",
                guild_id,
                at,
            )

    async def mark_guild_back(self, guild_id: int) -> None:
        async with self._conn() as conn:
            await conn.execute("DELETE FROM guild_departures WHERE guild_id = $1", guild_id)

    async def guilds_left_before(self, at: float) -> list[int]:
        async with self._conn() as conn:
            rows = await conn.fetch("SELECT guild_id FROM guild_departures WHERE left_at <= $1 ORDER BY left_at", at)
            return [int(r[0]) for r in rows]

    async def forget_guild(self, guild_id: int) -> int:
        async with self._conn() as conn, conn.transaction(isolation="serializable"):
            users = [int(r[0]) for r in await conn.fetch(numbered(GUILD_USERS), guild_id, guild_id)]
            return await self._execute_plan(guild_plan(users, guild_id), conn)

    async def insert_table_within_limit(
        self, row: TableRow, seats: Sequence[SeatRow], user_id: int, limit: int
    ) -> int:
        async with self._conn() as conn, conn.transaction():
            # One person's creations are serialized by a transaction-scoped advisory lock on their id,
            # so two clicks at once cannot both pass the count.
            await conn.execute("SELECT pg_advisory_xact_lock($1)", user_id)
            count = int(await conn.fetchval(numbered(COUNT_OPEN), user_id, user_id))
            if count >= limit:
                raise OpenTablesLimit(count)
            table_id = int(await insert_table_row(conn, row))
            await write_seats(conn, table_id, seats)
            return table_id
