"""The PostgreSQL store's time away and pause votes (bot/store/away.py has the statements and why)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.store import away as sql
from bot.store.base import AwayStore
from bot.store.postgres.relay import RELAY_SEND, relay_columns
from bot.store.relay import RelayRow
from bot.store.statements import numbered


class PostgresAway(AwayStore):
    """Mixed into PostgresStore: uses its pooled connections (`_conn`), one transaction per operation; a
    transaction lock on the person makes two `/away` at once (two processes) check the limit one by one."""

    _conn: Callable[..., Any]

    async def start_away(
        self, user_id: int, starts_at: float, ends_at: float, allowed: float
    ) -> float | None:
        since = starts_at - sql.WINDOW
        async with self._conn() as conn, conn.transaction():
            await conn.execute(
                "SELECT pg_advisory_xact_lock(hashtext('away'), hashtext($1::text))", str(user_id)
            )
            await conn.execute(numbered(sql.FORGET_OLD), user_id, since)
            used = float(
                await conn.fetchval(numbered(sql.USED_PG), starts_at, since, user_id, since, starts_at)
            )
            if used + (ends_at - starts_at) > allowed:
                return used
            await conn.execute(numbered(sql.END_CURRENT), starts_at, user_id, starts_at, starts_at)
            await conn.execute(numbered(sql.INSERT), user_id, starts_at, ends_at)
            return None

    async def end_away(self, user_id: int, at: float) -> bool:
        async with self._conn() as conn:
            status = await conn.execute(numbered(sql.END_CURRENT), at, user_id, at, at)
        return bool(status != "UPDATE 0")

    async def away_spans(self, user_ids: Sequence[int], now: float) -> dict[int, tuple[float, float]]:
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        async with self._conn() as conn:
            rows = await conn.fetch(numbered(sql.spans(len(ids))), now, *ids)
        return {int(r[0]): (float(r[1]), float(r[2])) for r in rows}  # the latest wins

    async def add_pause_vote(
        self,
        table_id: int,
        user_id: int,
        at: float,
        note: Callable[[frozenset[int]], Sequence[RelayRow]] | None = None,
    ) -> frozenset[int]:
        async with self._conn() as conn, conn.transaction():
            # the table's votes one at a time: of two votes at once, the later reads after the earlier
            # committed and sees both (the note, written in the vote's transaction, counts them)
            await conn.execute("SELECT pg_advisory_xact_lock(hashtext('pause'), $1::int)", table_id)
            await conn.execute(numbered(sql.VOTE), table_id, user_id, at)
            rows = await conn.fetch(numbered(sql.VOTERS), table_id)
            voters = frozenset(int(r[0]) for r in rows)
            relay = note(voters) if note is not None else ()
            if relay:  # the vote's note for the table's owner (NOTIFY at commit)
                await conn.execute(RELAY_SEND, *relay_columns(relay, 1))
        return voters

    async def clear_pause_votes(self, table_id: int, relay: Sequence[RelayRow] = ()) -> None:
        async with self._conn() as conn, conn.transaction():
            await conn.execute(numbered(sql.CLEAR_VOTES), table_id)
            if relay:
                await conn.execute(RELAY_SEND, *relay_columns(relay, 1))

    async def pause_votes(self, table_id: int) -> frozenset[int]:
        async with self._conn() as conn:
            rows = await conn.fetch(numbered(sql.VOTERS), table_id)
        return frozenset(int(r[0]) for r in rows)
