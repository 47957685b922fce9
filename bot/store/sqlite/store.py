"""The SQLite store: aiosqlite on one file in WAL mode.

Each public method is ONE hop to aiosqlite's worker thread: the whole unit of work (several statements
and the commit) runs there as one function (the statements are in rows.py). aiosqlite costs about
0.07 ms per awaited call, so a begin/insert/update/commit sequence of awaits would cost several times the
commit itself. `commit()` takes many tables' writes at once (group commit, see bot/store/writer.py).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

import aiosqlite

from bot.store import statements
from bot.store.base import Rater, RatingKey, Store, StoreError
from bot.store.records import (
    ACTION_COLUMNS,
    GUILD_COLUMNS,
    RATING_COLUMNS,
    ActionRow,
    DeadlineRow,
    GuildRow,
    LoadedTable,
    RatingRecord,
    ResultRow,
    SeatRow,
    TableRow,
    TableWrite,
    action_row,
    as_guild_row,
    decode_clocks,
    guild_values,
    rating_record,
    table_row,
    user_settings,
)
from bot.store.relay import RelayRow
from bot.store.sqlite.away import SqliteAway
from bot.store.sqlite.migrations import apply_migrations
from bot.store.sqlite.personal import SqlitePersonal
from bot.store.sqlite.privacy import SqlitePrivacy
from bot.store.sqlite.relay import SqliteRelay, insert_rows
from bot.store.sqlite.replays import SqliteReplays
from bot.store.sqlite.rows import (
    TABLE_COLUMNS,
    any_unrated,
    commit_writes,
    insert_table_row,
    ratings_for,
    save_ratings,
    seats_of,
    unrated_results,
    write_seats,
)
from bot.store.sqlite.seasons import SqliteSeasons, rate_into_season

T = TypeVar("T")


class SqliteStore(SqliteAway, SqlitePersonal, SqlitePrivacy, SqliteSeasons, SqliteReplays, SqliteRelay, Store):
    def __init__(self, path: str, synchronous: str = "NORMAL", checkpoint_every: int = 100) -> None:
        self.path = path
        self.synchronous = synchronous if synchronous in ("OFF", "NORMAL", "FULL", "EXTRA") else "NORMAL"
        self._db: aiosqlite.Connection | None = None
        self._checkpointer: aiosqlite.Connection | None = None
        self._checkpoint_task: asyncio.Task[None] | None = None
        self.checkpoint_every = checkpoint_every  # group commits between two background checkpoints
        self._since_checkpoint = 0
        self._last_checkpoint = time.monotonic()
        self.commit_cpu_seconds = 0.0
        self.schema_version = 0

    # --- plumbing ------------------------------------------------------------------------------------
    async def open(self) -> None:
        db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            self.schema_version = await db._execute(self._prepare, db._conn)  # type: ignore[no-untyped-call]
        except BaseException:
            await db.close()
            raise
        self._db = db
        if self.path != ":memory:":
            self._checkpointer = await aiosqlite.connect(self.path, isolation_level=None)
            await self._checkpointer.execute("PRAGMA busy_timeout = 5000")

    def _prepare(self, conn: sqlite3.Connection) -> int:
        conn.execute("PRAGMA busy_timeout = 5000")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal" and self.path != ":memory:":
            raise StoreError(f"could not switch {self.path} to WAL mode (got {mode})")
        conn.execute(f"PRAGMA synchronous = {self.synchronous}")
        # Checkpoints run on a second connection in the background (see commit()), so a group commit
        # only appends to the WAL and never waits for pages to be copied and synced into the database.
        conn.execute("PRAGMA wal_autocheckpoint = 0")
        return apply_migrations(conn, self.path)

    async def close(self) -> None:
        if self._checkpoint_task is not None:
            await self._checkpoint_task
            self._checkpoint_task = None
        if self._checkpointer is not None:
            await self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)")
            await self._checkpointer.close()
            self._checkpointer = None
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def _checkpoint(self) -> None:
        if self._checkpointer is not None:
            await self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)")

    async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn(conn)` on aiosqlite's thread: one hop for a whole unit of work."""
        if self._db is None:
            raise StoreError("the store is closed")
        db = self._db
        return await db._execute(lambda: fn(db._conn))  # type: ignore[no-any-return,no-untyped-call]

    @staticmethod
    def _tx(conn: sqlite3.Connection, fn: Callable[[], T]) -> T:
        conn.execute("BEGIN IMMEDIATE")
        try:
            result = fn()
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        return result

    # --- tables --------------------------------------------------------------------------------------
    async def insert_table(self, row: TableRow, seats: Sequence[SeatRow]) -> int:
        return (await self.insert_tables_bulk([(row, seats)]))[0]

    async def insert_tables_bulk(self, rows: Sequence[tuple[TableRow, Sequence[SeatRow]]]) -> list[int]:
        """Many new tables in one transaction (bench, imports)."""

        def work(conn: sqlite3.Connection) -> list[int]:
            def body() -> list[int]:
                ids = []
                for row, seats in rows:
                    table_id = insert_table_row(conn, row)
                    write_seats(conn, table_id, seats)
                    ids.append(table_id)
                return ids

            return self._tx(conn, body)

        return await self._run(work)

    async def update_table(
        self,
        table_id: int,
        updated_at: float,
        seats: Sequence[SeatRow] | None = None,
        status: str | None = None,
        thread_id: int | None = None,
        set_thread: bool = False,
        expect_status: str | None = None,
        clear_deadlines: bool = False,
        expect_revision: int | None = None,
        relay: Sequence[RelayRow] = (),
    ) -> bool:
        sql, params = statements.update_table(
            table_id, updated_at, status, thread_id, set_thread, expect_status, expect_revision
        )

        def work(conn: sqlite3.Connection) -> bool:
            def body() -> bool:
                cur = conn.execute(sql, params)
                if cur.rowcount == 0 and (expect_status is not None or expect_revision is not None):
                    return False
                if seats is not None:
                    conn.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
                    write_seats(conn, table_id, seats)
                if clear_deadlines:
                    conn.execute("DELETE FROM deadlines WHERE table_id = ?", (table_id,))
                insert_rows(conn, relay)  # the change's messages (a closing note), in its transaction
                return True

            return self._tx(conn, body)

        return await self._run(work)

    async def load(self, table_id: int) -> LoadedTable | None:
        def work(conn: sqlite3.Connection) -> LoadedTable | None:
            row = conn.execute(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                return None
            snap = conn.execute(
                "SELECT version, state FROM snapshots WHERE table_id = ?", (table_id,)
            ).fetchone()
            snap_version = int(snap[0]) if snap else 0
            tail = conn.execute(
                f"SELECT {ACTION_COLUMNS} FROM actions"
                " WHERE table_id = ? AND seq > ? ORDER BY seq",
                (table_id, snap_version),
            ).fetchall()
            keys = conn.execute(
                "SELECT idem_key FROM actions WHERE table_id = ? AND idem_key IS NOT NULL"
                " ORDER BY seq DESC LIMIT 16",
                (table_id,),
            ).fetchall()
            clocks = conn.execute("SELECT clocks FROM deadlines WHERE table_id = ?", (table_id,)).fetchone()
            return LoadedTable(
                table=table_row(row),
                seats=seats_of(conn, table_id),
                snapshot_version=snap_version,
                snapshot=snap[1] if snap else None,
                tail=tuple(action_row(a) for a in tail),
                recent_keys=tuple(k[0] for k in keys),
                deadlines=tuple(decode_clocks(clocks[0])) if clocks else (),
            )

        return await self._run(work)

    async def table_rows(
        self,
        guild_id: int | None = None,
        channel_id: int | None = None,
        statuses: Sequence[str] = (),
        user_id: int | None = None,
        limit: int = 100,
    ) -> list[tuple[TableRow, tuple[SeatRow, ...]]]:
        sql, params = statements.table_rows(TABLE_COLUMNS, guild_id, channel_id, statuses, user_id, limit)

        def work(conn: sqlite3.Connection) -> list[tuple[TableRow, tuple[SeatRow, ...]]]:
            rows = conn.execute(sql, params).fetchall()
            return [(table_row(r), seats_of(conn, r[0])) for r in rows]

        return await self._run(work)

    # --- the log -------------------------------------------------------------------------------------
    async def commit(self, writes: Sequence[TableWrite]) -> list[Exception | None]:
        def work(conn: sqlite3.Connection) -> list[Exception | None]:
            started = time.thread_time()
            outcome = commit_writes(conn, writes)
            self.commit_cpu_seconds += time.thread_time() - started  # CPU of the commit itself (bench)
            return outcome

        result = await self._run(work)
        self._since_checkpoint += 1
        due = self._since_checkpoint >= self.checkpoint_every or time.monotonic() - self._last_checkpoint > 30
        if due and (self._checkpoint_task is None or self._checkpoint_task.done()):
            self._since_checkpoint = 0
            self._last_checkpoint = time.monotonic()
            self._checkpoint_task = asyncio.create_task(self._checkpoint())
        return result

    async def actions(self, table_id: int, after: int = 0) -> list[ActionRow]:
        def work(conn: sqlite3.Connection) -> list[ActionRow]:
            rows = conn.execute(
                f"SELECT {ACTION_COLUMNS} FROM actions"
                " WHERE table_id = ? AND seq > ? ORDER BY seq",
                (table_id, after),
            ).fetchall()
            return [action_row(r) for r in rows]

        return await self._run(work)

    async def snapshot(self, table_id: int) -> tuple[int, str] | None:
        def work(conn: sqlite3.Connection) -> tuple[int, str] | None:
            row = conn.execute(
                "SELECT version, state FROM snapshots WHERE table_id = ?", (table_id,)
            ).fetchone()
            return (int(row[0]), str(row[1])) if row else None

        return await self._run(work)

    # --- clocks --------------------------------------------------------------------------------------
    async def due_deadlines(self, now: float, limit: int = 500) -> list[tuple[int, DeadlineRow]]:
        def work(conn: sqlite3.Connection) -> list[tuple[int, DeadlineRow]]:
            rows = conn.execute(
                "SELECT table_id, clocks FROM deadlines WHERE next_at <= ? ORDER BY next_at LIMIT ?",
                (now, limit),
            ).fetchall()
            return [(table_id, d) for table_id, clocks in rows for d in decode_clocks(clocks)]

        return await self._run(work)

    # --- results and ratings -------------------------------------------------------------------------
    async def unrated_results(self) -> list[ResultRow]:
        return await self._run(unrated_results)

    async def apply_ratings(self, rater: Rater) -> list[int]:
        """Every unrated result, in finishing order, rated inside ONE `BEGIN IMMEDIATE`: the unrated list
        and the ratings are read under the write lock, so no other writer (thread or process) can rate
        the same result or change a rating between the read and the write."""

        def work(conn: sqlite3.Connection) -> list[int]:
            def body() -> list[int]:
                done = []
                for result in unrated_results(conn):
                    current = ratings_for(conn, rater.keys(result))
                    written = rater.rate(result, current)
                    save_ratings(conn, result.table_id, written)
                    rate_into_season(conn, result, rater, written)  # its season and history, same lock
                    done.append(result.table_id)
                return done

            return self._tx(conn, body)

        if not await self._run(any_unrated):  # the common case: nothing to rate, no write lock taken
            return []
        return await self._run(work)

    async def ratings_for(self, keys: Sequence[RatingKey]) -> dict[RatingKey, RatingRecord]:
        return await self._run(lambda conn: ratings_for(conn, keys))

    async def save_ratings(self, table_id: int, rows: Sequence[RatingRecord]) -> None:
        def work(conn: sqlite3.Connection) -> None:
            self._tx(conn, lambda: save_ratings(conn, table_id, rows))

        await self._run(work)

    async def leaderboard(self, scope: int, game: str, limit: int) -> list[RatingRecord]:
        def work(conn: sqlite3.Connection) -> list[RatingRecord]:
            rows = conn.execute(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE scope = ? AND game = ?"
                " ORDER BY ordinal DESC, wins DESC, user_id LIMIT ?",
                (scope, game, limit),
            ).fetchall()
            return [rating_record(r) for r in rows]

        return await self._run(work)

    async def player_ratings(self, user_id: int, scope: int) -> list[tuple[RatingRecord, int]]:
        def work(conn: sqlite3.Connection) -> list[tuple[RatingRecord, int]]:
            out = []
            for row in conn.execute(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE scope = ? AND user_id = ? ORDER BY game",
                (scope, user_id),
            ).fetchall():
                record = rating_record(row)
                better = conn.execute(
                    "SELECT COUNT(*) FROM ratings WHERE scope = ? AND game = ? AND ordinal > ?",
                    (scope, record.game, record.ordinal),
                ).fetchone()[0]
                out.append((record, int(better) + 1))
            return out

        return await self._run(work)

    # --- user settings -------------------------------------------------------------------------------
    async def get_settings(self, user_id: int) -> tuple[str | None, bool] | None:
        def work(conn: sqlite3.Connection) -> tuple[str | None, bool] | None:
            row = conn.execute(
                "SELECT language, dm_pings FROM user_settings WHERE user_id = ?", (user_id,)
            ).fetchone()
            return user_settings(row) if row else None

        return await self._run(work)

    async def update_settings(
        self, user_id: int, language: str | None = None, dm_pings: bool | None = None
    ) -> tuple[str | None, bool]:
        pings = None if dm_pings is None else int(dm_pings)

        def work(conn: sqlite3.Connection) -> tuple[str | None, bool]:
            def body() -> tuple[str | None, bool]:
                row = conn.execute(
                    "INSERT INTO user_settings (user_id, language, dm_pings) VALUES (?, ?, COALESCE(?, 1))"
                    " ON CONFLICT (user_id) DO UPDATE SET language = COALESCE(?, language),"
                    " dm_pings = COALESCE(?, dm_pings) RETURNING language, dm_pings",
                    (user_id, language, pings, language, pings),
                ).fetchone()
                return user_settings(row)

            return self._tx(conn, body)

        return await self._run(work)

    # --- guild settings ------------------------------------------------------------------------------
    async def guild_row(self, guild_id: int) -> GuildRow | None:
        def work(conn: sqlite3.Connection) -> GuildRow | None:
            row = conn.execute(statements.GUILD_ROW, (guild_id,)).fetchone()
            return as_guild_row(row) if row else None

        return await self._run(work)

    async def update_guild_settings(
        self,
        guild_id: int,
        *,
        default_clock: str | None = None,
        table_channels: str | None = None,
        text_only: bool | None = None,
        ai_level: str | None = None,
    ) -> GuildRow:
        """One merging statement (the upsert's COALESCE keeps what is not given): two changes at once
        (two processes on one file) both stay."""
        values = guild_values(guild_id, GuildRow(default_clock, table_channels, text_only, ai_level))

        def work(conn: sqlite3.Connection) -> GuildRow:
            def body() -> GuildRow:
                return as_guild_row(conn.execute(statements.GUILD_UPDATE, values).fetchone())

            return self._tx(conn, body)

        return await self._run(work)

    async def add_guild_channel(self, guild_id: int, channel_id: int, base_channels: str) -> GuildRow:
        first = json.dumps(sorted({*json.loads(base_channels), channel_id}))

        def work(conn: sqlite3.Connection) -> GuildRow:
            def body() -> GuildRow:
                row = conn.execute(
                    "INSERT INTO guild_settings (guild_id, table_channels) VALUES (?, ?)"
                    " ON CONFLICT (guild_id) DO UPDATE SET table_channels = (SELECT json_group_array(v) FROM"
                    " (SELECT value AS v FROM json_each(COALESCE(guild_settings.table_channels, ?))"
                    " UNION SELECT ? ORDER BY 1))"
                    f" RETURNING {GUILD_COLUMNS}",
                    (guild_id, first, base_channels, channel_id),
                ).fetchone()
                return as_guild_row(row)

            return self._tx(conn, body)

        return await self._run(work)

    # --- front-end table metadata --------------------------------------------------------------------
    async def get_table_meta(self, table_id: int) -> dict[str, str]:
        def work(conn: sqlite3.Connection) -> dict[str, str]:
            rows = conn.execute("SELECT key, value FROM table_meta WHERE table_id = ?", (table_id,))
            return {str(k): str(v) for k, v in rows}

        return await self._run(work)

    async def set_table_meta(self, table_id: int, values: Mapping[str, str | None]) -> None:
        upserts = [(table_id, k, v) for k, v in values.items() if v is not None]
        deletes = [(table_id, k) for k, v in values.items() if v is None]

        def work(conn: sqlite3.Connection) -> None:
            def both() -> None:
                if upserts:
                    conn.executemany(
                        "INSERT OR REPLACE INTO table_meta (table_id, key, value) VALUES (?,?,?)", upserts
                    )
                if deletes:
                    conn.executemany("DELETE FROM table_meta WHERE table_id = ? AND key = ?", deletes)

            self._tx(conn, both)

        await self._run(work)
