"""A PostgreSQL group commit is one round trip to the server (the target: per action at most 3x its
grouped floor). asyncpg's pool by default sends a session reset (`SELECT pg_advisory_unlock_all(); CLOSE ALL;
UNLISTEN *; RESET ALL`) every time a connection goes back to the pool, so each group commit, and each
acknowledgement waiting for it, paid a second round trip. The store keeps no session state on pooled
connections, so it sends none; a transaction somebody left open is still rolled back.
"""

from __future__ import annotations

from typing import Any

import asyncpg
from hosttools import human_table, play_first_legal
from pgserver import PgServer

from bot.settings import Settings
from bot.store.factory import open_store
from bot.store.postgres import PostgresStore
from bot.tables import TableService


class Statements:
    """Every statement the store's pooled connections send (asyncpg's query loggers)."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    def __call__(self, record: Any) -> None:
        self.sent.append(" ".join(str(record.query).split()))


async def _logged(store: PostgresStore, statements: Statements) -> None:
    pool = store._pool
    assert pool is not None
    held = [await pool.acquire() for _ in range(pool.get_size())]
    for conn in held:
        conn.add_query_logger(statements)
    for conn in held:
        await pool.release(conn)


async def test_a_group_commit_sends_one_statement_and_no_session_reset(pg_server: PgServer) -> None:
    target = pg_server.create_database("round_trips")
    store = await open_store(target)
    assert isinstance(store, PostgresStore)
    service = TableService(store, Settings())
    try:
        table = await human_table(service)
        statements = Statements()
        await _logged(store, statements)
        commits_before = service.writer.commits
        played = await play_first_legal(service, table, 4)
        commits = service.writer.commits - commits_before
        assert played == 4 and commits >= 4
        resets = [s for s in statements.sent if "RESET ALL" in s or "UNLISTEN" in s]
        assert not resets, resets[:2]
        group_commits = [s for s in statements.sent if s.startswith("WITH m AS ( UPDATE tables")]
        assert len(group_commits) == commits  # one statement per group commit, nothing around it
    finally:
        await service.close()


async def test_a_transaction_left_open_is_rolled_back_when_the_connection_returns(
    pg_server: PgServer,
) -> None:
    target = pg_server.create_database("left_open")
    store = await open_store(target)
    assert isinstance(store, PostgresStore) and store._pool is not None
    try:
        conn = await store._pool.acquire()
        await conn.execute("BEGIN")
        await conn.execute("CREATE TABLE scratch (x int)")
        await store._pool.release(conn)  # asyncpg rolls it back (and says so on the loop's handler)
        check = await asyncpg.connect(target)
        try:
            assert await check.fetchval("SELECT to_regclass('scratch')") is None
        finally:
            await check.close()
    finally:
        await store.close()
