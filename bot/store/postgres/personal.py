"""The PostgreSQL store's side of a person's day and of "Play again" (bot/store/personal.py has the
statements and why the database decides them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import asyncpg

from bot.store import personal
from bot.store.base import PersonalStore, RematchStore
from bot.store.personal import DueDigest, PersonRow
from bot.store.postgres.rows import insert_table_row, write_seats
from bot.store.records import SeatRow, TableRow
from bot.store.statements import numbered

_PERSON_ROW = numbered(personal.PERSON_ROW)
_PERSON_UPDATE = numbered(personal.PERSON_UPDATE)
_DIGESTS_DUE = numbered(personal.DIGESTS_DUE)
_MOVE_DIGEST = numbered(personal.MOVE_DIGEST)
_REMATCH_OF = numbered(personal.REMATCH_OF)
_REMATCH_INSERT = numbered(personal.REMATCH_INSERT) + " ON CONFLICT (source_id) DO NOTHING RETURNING table_id"


class PostgresPersonal(PersonalStore, RematchStore):
    """Mixed into PostgresStore: uses its pooled connections (`_conn`)."""

    _conn: Callable[..., Any]

    async def person(self, user_id: int) -> PersonRow | None:
        async with self._conn() as conn:
            row = await conn.fetchrow(_PERSON_ROW, user_id)
        return personal.person_row(row) if row else None

    async def update_person(self, user_id: int, change: PersonRow) -> PersonRow:
        async with self._conn() as conn:
            row = await conn.fetchrow(_PERSON_UPDATE, *personal.person_values(user_id, change))
        return personal.person_row(row)

    async def digests_due(self, now: float, limit: int = 500) -> list[DueDigest]:
        async with self._conn() as conn:
            rows = await conn.fetch(_DIGESTS_DUE, now, limit)
        return [personal.due_digest(r) for r in rows]

    async def move_digest(self, user_id: int, due_at: float | None, next_at: float) -> bool:
        async with self._conn() as conn:
            status = await conn.execute(_MOVE_DIGEST, next_at, user_id, due_at or 0.0)
        return str(status).endswith(" 1")

    async def rematch_of(self, source_id: int) -> int | None:
        async with self._conn() as conn:
            found = await conn.fetchval(_REMATCH_OF, source_id)
        return None if found is None else int(found)

    async def insert_rematch(self, source_id: int, row: TableRow, seats: Sequence[SeatRow]) -> tuple[int, bool]:
        """The rematch key is inserted last, in the table's transaction: the one that loses the race on
        the key (ON CONFLICT DO NOTHING, after waiting for the winner's commit) rolls its table back."""
        async with self._conn() as conn:
            found = await conn.fetchval(_REMATCH_OF, source_id)
            if found is not None:
                return int(found), False
            try:
                async with conn.transaction():
                    table_id = await insert_table_row(conn, row)
                    await write_seats(conn, table_id, seats)
                    if await conn.fetchval(_REMATCH_INSERT, source_id, table_id) is None:
                        raise _Lost
                return int(table_id), True
            except (_Lost, asyncpg.UniqueViolationError):
                winner = await conn.fetchval(_REMATCH_OF, source_id)
                return int(winner), False


class _Lost(Exception):
    """Another caller made the rematch first: this transaction's table is rolled back."""
