"""The SQLite store's relay rows (bot/store/relay.py says what; the table is migrations/0014_relay.sql).

SQLite is one bot process's store, so nothing is handed to another process: the rows are the messages the
bot posts itself that no log can bring back (a reminder, a pause note, a closing note), written in the
transaction of their change (`insert_rows`, called inside it) and deleted once Discord took their post. A
claim marks rows with this store's holder token instead of a lease: a row another holder claimed was left
by a bot process that is gone (killed before its post went through), so the next claim takes it.
"""

from __future__ import annotations

import sqlite3
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from bot.store.relay import Claimed, RelayRow, RelayStore, shard_of

_INSERT = "INSERT INTO relay (shard, guild_id, table_id, version, payload, created_at) VALUES (?,?,?,?,?,?)"


def insert_rows(conn: sqlite3.Connection, rows: Sequence[RelayRow], shard_count: int = 1) -> None:
    """Write `rows` in the caller's transaction, in this order."""
    if rows:
        now = time.time()
        conn.executemany(
            _INSERT,
            [
                (r.shard if r.shard >= 0 else shard_of(r.guild_id, shard_count), r.guild_id, r.table_id,
                 r.version, r.payload, now)
                for r in rows
            ],
        )  # fmt: skip


class SqliteRelay(RelayStore):
    """Mixed into SqliteStore: uses its one connection thread (`_run`) and `BEGIN IMMEDIATE` (`_tx`)."""

    _run: Callable[..., Any]
    _tx: Callable[..., Any]
    relay_shared = False  # one process's: the bot posts for every server

    @property
    def _holder(self) -> str:
        return self.__dict__.setdefault("_relay_holder", uuid.uuid4().hex)  # type: ignore[no-any-return]

    def on_relay(self, listener: Callable[[frozenset[int]], None]) -> None:
        """One process: nobody else writes rows to hear of (the relay claims when it wrote some itself)."""

    async def relay_send(self, rows: Sequence[RelayRow], shard_count: int) -> None:
        if rows:
            await self._run(lambda conn: self._tx(conn, lambda: insert_rows(conn, rows, shard_count)))

    async def relay_claim(
        self, shard_ids: Sequence[int] | None, limit: int, lease_seconds: float = 60.0
    ) -> list[Claimed]:
        """Rows of these shards this store has not claimed yet, oldest first (`lease_seconds` is unused: a
        row is this process's until it is deleted, and a row another holder claimed is a dead process's)."""
        ids = None if shard_ids is None else list(shard_ids)
        shards = "" if ids is None else f"shard IN ({','.join('?' * len(ids))}) AND "
        sql = (
            "UPDATE relay SET holder = ? WHERE id IN (SELECT id FROM relay WHERE "
            f"{shards}holder IS NOT ? ORDER BY id LIMIT ?) RETURNING id, table_id, payload"
        )
        params = [self._holder, *(ids or ()), self._holder, limit]

        def work(conn: sqlite3.Connection) -> list[tuple[Any, ...]]:
            return self._tx(conn, lambda: conn.execute(sql, params).fetchall())  # type: ignore[no-any-return]

        rows = await self._run(work)
        return sorted(Claimed(int(r[0]), int(r[1]), str(r[2])) for r in rows)

    async def relay_done(self, ids: Sequence[int]) -> None:
        if ids:
            marks = ",".join("?" * len(ids))
            await self._run(
                lambda conn: self._tx(
                    conn, lambda: conn.execute(f"DELETE FROM relay WHERE id IN ({marks})", list(ids))
                )
            )

    async def relay_expire(self, keep_seconds: float) -> list[int]:
        """Drop rows older than `keep_seconds` that this process does not hold (it still posts those)."""
        sql = "DELETE FROM relay WHERE created_at < ? AND holder IS NOT ? RETURNING table_id"
        params = (time.time() - keep_seconds, self._holder)

        def work(conn: sqlite3.Connection) -> list[tuple[Any, ...]]:
            return self._tx(conn, lambda: conn.execute(sql, params).fetchall())  # type: ignore[no-any-return]

        return sorted(int(r[0]) for r in await self._run(work))
