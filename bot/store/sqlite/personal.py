"""The SQLite store's side of a person's day and of "Play again" (bot/store/personal.py has the
statements and why the database decides them)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

from bot.store import personal
from bot.store.base import PersonalStore, RematchStore
from bot.store.personal import DueDigest, PersonRow
from bot.store.records import SeatRow, TableRow
from bot.store.sqlite.rows import insert_table_row, write_seats


class SqlitePersonal(PersonalStore, RematchStore):
    """Mixed into SqliteStore: uses its one connection thread (`_run`) and `BEGIN IMMEDIATE` (`_tx`)."""

    _run: Callable[..., Any]
    _tx: Callable[..., Any]

    async def person(self, user_id: int) -> PersonRow | None:
        def work(conn: sqlite3.Connection) -> PersonRow | None:
            row = conn.execute(personal.PERSON_ROW, (user_id,)).fetchone()
            return personal.person_row(row) if row else None

        found: PersonRow | None = await self._run(work)
        return found

    async def update_person(self, user_id: int, change: PersonRow) -> PersonRow:
        values = personal.person_values(user_id, change)

        def work(conn: sqlite3.Connection) -> PersonRow:
            return self._tx(conn, lambda: personal.person_row(conn.execute(personal.PERSON_UPDATE, values).fetchone()))  # type: ignore[no-any-return]

        merged: PersonRow = await self._run(work)
        return merged

    async def digests_due(self, now: float, limit: int = 500) -> list[DueDigest]:
        def work(conn: sqlite3.Connection) -> list[DueDigest]:
            return [personal.due_digest(r) for r in conn.execute(personal.DIGESTS_DUE, (now, limit))]

        due: list[DueDigest] = await self._run(work)
        return due

    async def move_digest(self, user_id: int, due_at: float | None, next_at: float) -> bool:
        def work(conn: sqlite3.Connection) -> bool:
            def body() -> bool:
                cur = conn.execute(personal.MOVE_DIGEST, (next_at, user_id, due_at or 0.0))
                return cur.rowcount == 1

            return bool(self._tx(conn, body))

        return bool(await self._run(work))

    async def rematch_of(self, source_id: int) -> int | None:
        def work(conn: sqlite3.Connection) -> int | None:
            row = conn.execute(personal.REMATCH_OF, (source_id,)).fetchone()
            return None if row is None else int(row[0])

        found: int | None = await self._run(work)
        return found

    async def insert_rematch(self, source_id: int, row: TableRow, seats: Sequence[SeatRow]) -> tuple[int, bool]:
        def work(conn: sqlite3.Connection) -> tuple[int, bool]:
            def body() -> tuple[int, bool]:  # BEGIN IMMEDIATE: the look-up and the insert are one decision
                found = conn.execute(personal.REMATCH_OF, (source_id,)).fetchone()
                if found is not None:
                    return int(found[0]), False
                table_id = insert_table_row(conn, row)
                write_seats(conn, table_id, seats)
                conn.execute(personal.REMATCH_INSERT, (source_id, table_id))
                return table_id, True

            made: tuple[int, bool] = self._tx(conn, body)
            return made

        result: tuple[int, bool] = await self._run(work)
        return result
