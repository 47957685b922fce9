"""The SQLite store's time away and pause votes (bot/store/away.py has the statements and why)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

from bot.store import away as sql
from bot.store.base import AwayStore
from bot.store.relay import RelayRow
from bot.store.sqlite.relay import insert_rows


class SqliteAway(AwayStore):
    """Mixed into SqliteStore: uses its one connection thread (`_run`) and `BEGIN IMMEDIATE` (`_tx`)."""

    _run: Callable[..., Any]
    _tx: Callable[..., Any]

    async def start_away(
        self, user_id: int, starts_at: float, ends_at: float, allowed: float
    ) -> float | None:
        def work(conn: sqlite3.Connection) -> float | None:
            def body() -> float | None:
                since = starts_at - sql.WINDOW
                conn.execute(sql.FORGET_OLD, (user_id, since))
                used = float(
                    conn.execute(sql.USED, (starts_at, since, user_id, since, starts_at)).fetchone()[0]
                )
                if used + (ends_at - starts_at) > allowed:
                    return used
                conn.execute(sql.END_CURRENT, (starts_at, user_id, starts_at, starts_at))
                conn.execute(sql.INSERT, (user_id, starts_at, ends_at))
                return None

            return self._tx(conn, body)  # type: ignore[no-any-return]

        result = await self._run(work)
        return None if result is None else float(result)

    async def end_away(self, user_id: int, at: float) -> bool:
        def work(conn: sqlite3.Connection) -> bool:
            with conn:
                return conn.execute(sql.END_CURRENT, (at, user_id, at, at)).rowcount > 0

        return bool(await self._run(work))

    async def away_spans(self, user_ids: Sequence[int], now: float) -> dict[int, tuple[float, float]]:
        ids = sorted(set(user_ids))
        if not ids:
            return {}

        def work(conn: sqlite3.Connection) -> dict[int, tuple[float, float]]:
            rows = conn.execute(sql.spans(len(ids)), (now, *ids)).fetchall()
            return {int(u): (float(s), float(e)) for u, s, e in rows}  # the latest wins

        return dict(await self._run(work))

    async def add_pause_vote(
        self,
        table_id: int,
        user_id: int,
        at: float,
        note: Callable[[frozenset[int]], Sequence[RelayRow]] | None = None,
    ) -> frozenset[int]:
        def work(conn: sqlite3.Connection) -> frozenset[int]:
            with conn:
                conn.execute(sql.VOTE, (table_id, user_id, at))
                voters = frozenset(int(r[0]) for r in conn.execute(sql.VOTERS, (table_id,)))
                if note is not None:  # the note counting these votes, in their transaction
                    insert_rows(conn, note(voters))  # (made on this thread: a plain function, no I/O)
                return voters

        return frozenset(await self._run(work))

    async def clear_pause_votes(self, table_id: int, relay: Sequence[RelayRow] = ()) -> None:
        def work(conn: sqlite3.Connection) -> None:
            with conn:
                conn.execute(sql.CLEAR_VOTES, (table_id,))
                insert_rows(conn, relay)

        await self._run(work)

    async def pause_votes(self, table_id: int) -> frozenset[int]:
        def work(conn: sqlite3.Connection) -> frozenset[int]:
            return frozenset(int(r[0]) for r in conn.execute(sql.VOTERS, (table_id,)))

        return frozenset(await self._run(work))
