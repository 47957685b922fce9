"""The SQLite store: aiosqlite on one file in WAL mode.

Each public method is ONE hop to aiosqlite's worker thread: the whole unit of work (several statements
and the commit) runs there as one function. aiosqlite costs about 0.07 ms per awaited call, so a
begin/insert/update/commit sequence of awaits would cost several times the commit itself.
`commit()` takes many tables' writes at once (group commit, see bot/store/writer.py).
"""

from __future__ import annotations

import asyncio
import functools
import json
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import aiosqlite

from bot.store.base import DuplicateKey, GuildRow, Rater, RatingKey, Store, StoreError, VersionConflict
from bot.store.migrate import apply_migrations
from bot.store.records import (
    TABLE_INSERT_COLUMNS,
    ActionRow,
    DeadlineRow,
    LoadedTable,
    RatingRecord,
    ResultRow,
    ResultSeat,
    SeatRow,
    TableRow,
    TableWrite,
    table_insert_values,
)
from bot.store.records import action_row as _action
from bot.store.records import clock_row as _clock_row
from bot.store.records import decode_clocks as _decode_clocks
from bot.store.records import rating_record as _rating
from bot.store.records import table_row as _table
from bot.store.sqlite_privacy import SqlitePrivacy

T = TypeVar("T")

_TABLE_COLS = (
    "id, guild_id, channel_id, thread_id, game, variant, options, status, seed,"
    " (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE actions.table_id = tables.id), creator_id, "
    "clock_mode, clock_seconds, created_at, updated_at, revision"
)


def _seats(conn: sqlite3.Connection, table_id: int) -> tuple[SeatRow, ...]:
    rows = conn.execute(
        "SELECT seat, user_id, name, ai_policy, left_as FROM seats WHERE table_id = ? ORDER BY seat",
        (table_id,),
    ).fetchall()
    return tuple(SeatRow(*r) for r in rows)


_RATING_COLS = "scope, game, user_id, name, mu, sigma, ordinal, games, wins, updated_at"


class SqliteStore(SqlitePrivacy, Store):
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
                    table_id = _insert_table_row(conn, row)
                    _write_seats(conn, table_id, seats)
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
    ) -> bool:
        def work(conn: sqlite3.Connection) -> bool:
            def body() -> bool:
                # one conditional statement: the check and the change cannot be split by another writer
                sets: list[str] = ["updated_at = ?", "revision = revision + 1"]
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
                cur = conn.execute(f"UPDATE tables SET {', '.join(sets)} WHERE {' AND '.join(where)}", params)
                if cur.rowcount == 0 and (expect_status is not None or expect_revision is not None):
                    return False
                if seats is not None:
                    conn.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
                    _write_seats(conn, table_id, seats)
                if clear_deadlines:
                    conn.execute("DELETE FROM deadlines WHERE table_id = ?", (table_id,))
                return True

            return self._tx(conn, body)

        return await self._run(work)

    async def load(self, table_id: int) -> LoadedTable | None:
        def work(conn: sqlite3.Connection) -> LoadedTable | None:
            row = conn.execute(f"SELECT {_TABLE_COLS} FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                return None
            snap = conn.execute(
                "SELECT version, state FROM snapshots WHERE table_id = ?", (table_id,)
            ).fetchone()
            snap_version = int(snap[0]) if snap else 0
            tail = conn.execute(
                "SELECT seq, seat, action, user_id, via, at, idem_key FROM actions"
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
                table=_table(row),
                seats=_seats(conn, table_id),
                snapshot_version=snap_version,
                snapshot=snap[1] if snap else None,
                tail=tuple(_action(a) for a in tail),
                recent_keys=tuple(k[0] for k in keys),
                deadlines=tuple(_decode_clocks(clocks[0])) if clocks else (),
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
        where: list[str] = []
        params: list[Any] = []
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if channel_id is not None:
            where.append("(channel_id = ? OR thread_id = ?)")
            params.extend((channel_id, channel_id))
        if statuses:
            where.append(f"status IN ({','.join('?' * len(statuses))})")
            params.extend(statuses)
        if user_id is not None:
            where.append("id IN (SELECT table_id FROM seats WHERE user_id = ?)")
            params.append(user_id)
        sql = f"SELECT {_TABLE_COLS} FROM tables"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY id DESC LIMIT ?"
        params.append(limit)

        def work(conn: sqlite3.Connection) -> list[tuple[TableRow, tuple[SeatRow, ...]]]:
            rows = conn.execute(sql, params).fetchall()
            return [(_table(r), _seats(conn, r[0])) for r in rows]

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
                "SELECT seq, seat, action, user_id, via, at, idem_key FROM actions"
                " WHERE table_id = ? AND seq > ? ORDER BY seq",
                (table_id, after),
            ).fetchall()
            return [_action(r) for r in rows]

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
            return [(table_id, d) for table_id, clocks in rows for d in _decode_clocks(clocks)]

        return await self._run(work)

    # --- results and ratings -------------------------------------------------------------------------
    async def unrated_results(self) -> list[ResultRow]:
        return await self._run(_unrated_results)

    async def apply_ratings(self, rater: Rater) -> list[int]:
        """Every unrated result, in finishing order, rated inside ONE `BEGIN IMMEDIATE`: the unrated list
        and the ratings are read under the write lock, so no other writer (thread or process) can rate
        the same result or change a rating between the read and the write."""

        def work(conn: sqlite3.Connection) -> list[int]:
            def body() -> list[int]:
                done = []
                for result in _unrated_results(conn):
                    current = _ratings_for(conn, rater.keys(result))
                    _save_ratings(conn, result.table_id, rater.rate(result, current))
                    done.append(result.table_id)
                return done

            return self._tx(conn, body)

        if not await self._run(_any_unrated):  # the common case: nothing to rate, no write lock taken
            return []
        return await self._run(work)

    async def ratings_for(self, keys: Sequence[RatingKey]) -> dict[RatingKey, RatingRecord]:
        return await self._run(lambda conn: _ratings_for(conn, keys))

    async def save_ratings(self, table_id: int, rows: Sequence[RatingRecord]) -> None:
        def work(conn: sqlite3.Connection) -> None:
            self._tx(conn, lambda: _save_ratings(conn, table_id, rows))

        await self._run(work)

    async def leaderboard(self, scope: int, game: str, limit: int) -> list[RatingRecord]:
        def work(conn: sqlite3.Connection) -> list[RatingRecord]:
            rows = conn.execute(
                f"SELECT {_RATING_COLS} FROM ratings WHERE scope = ? AND game = ?"
                " ORDER BY ordinal DESC, wins DESC, user_id LIMIT ?",
                (scope, game, limit),
            ).fetchall()
            return [_rating(r) for r in rows]

        return await self._run(work)

    async def player_ratings(self, user_id: int, scope: int) -> list[tuple[RatingRecord, int]]:
        def work(conn: sqlite3.Connection) -> list[tuple[RatingRecord, int]]:
            out = []
            for row in conn.execute(
                f"SELECT {_RATING_COLS} FROM ratings WHERE scope = ? AND user_id = ? ORDER BY game",
                (scope, user_id),
            ).fetchall():
                record = _rating(row)
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
            return (None if row[0] is None else str(row[0]), bool(row[1])) if row else None

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
                return (None if row[0] is None else str(row[0]), bool(row[1]))

            return self._tx(conn, body)

        return await self._run(work)

    async def set_settings(self, user_id: int, language: str | None, dm_pings: bool) -> None:
        def work(conn: sqlite3.Connection) -> None:
            self._tx(
                conn,
                lambda: conn.execute(
                    "INSERT OR REPLACE INTO user_settings (user_id, language, dm_pings) VALUES (?,?,?)",
                    (user_id, language, int(dm_pings)),
                ),
            )

        await self._run(work)

    # --- guild settings ------------------------------------------------------------------------------
    async def get_guild_settings(self, guild_id: int) -> tuple[str | None, str | None] | None:
        def work(conn: sqlite3.Connection) -> tuple[str | None, str | None] | None:
            row = conn.execute(
                "SELECT default_clock, table_channels FROM guild_settings WHERE guild_id = ?", (guild_id,)
            ).fetchone()
            return (row[0], row[1]) if row else None

        return await self._run(work)

    async def set_guild_settings(
        self, guild_id: int, default_clock: str | None, table_channels: str | None
    ) -> None:
        def work(conn: sqlite3.Connection) -> None:
            self._tx(
                conn,
                lambda: conn.execute(
                    "INSERT INTO guild_settings (guild_id, default_clock, table_channels) VALUES (?,?,?) "
                    "ON CONFLICT (guild_id) DO UPDATE SET default_clock = excluded.default_clock, "
                    "table_channels = excluded.table_channels",
                    (guild_id, default_clock, table_channels),
                ),
            )

        await self._run(work)

    async def get_guild_text_only(self, guild_id: int) -> bool | None:
        def work(conn: sqlite3.Connection) -> bool | None:
            row = conn.execute(
                "SELECT text_only FROM guild_settings WHERE guild_id = ?", (guild_id,)
            ).fetchone()
            return None if row is None or row[0] is None else bool(row[0])

        return await self._run(work)

    async def set_guild_text_only(self, guild_id: int, text_only: bool | None) -> None:
        value = None if text_only is None else int(text_only)

        def work(conn: sqlite3.Connection) -> None:
            self._tx(
                conn,
                lambda: conn.execute(
                    "INSERT INTO guild_settings (guild_id, text_only) VALUES (?,?) "
                    "ON CONFLICT (guild_id) DO UPDATE SET text_only = excluded.text_only",
                    (guild_id, value),
                ),
            )

        await self._run(work)

    async def guild_row(self, guild_id: int) -> GuildRow | None:
        def work(conn: sqlite3.Connection) -> GuildRow | None:
            row = conn.execute(
                "SELECT default_clock, table_channels, text_only, ai_level FROM guild_settings WHERE guild_id = ?",
                (guild_id,),
            ).fetchone()
            return _guild_row(row) if row else None

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
        values = (guild_id, default_clock, table_channels, None if text_only is None else int(text_only), ai_level)

        def work(conn: sqlite3.Connection) -> GuildRow:
            def body() -> GuildRow:
                row = conn.execute(
                    "INSERT INTO guild_settings (guild_id, default_clock, table_channels, text_only, ai_level)"
                    " VALUES (?,?,?,?,?) ON CONFLICT (guild_id) DO UPDATE SET"
                    " default_clock = COALESCE(excluded.default_clock, default_clock),"
                    " table_channels = COALESCE(excluded.table_channels, table_channels),"
                    " text_only = COALESCE(excluded.text_only, text_only),"
                    " ai_level = COALESCE(excluded.ai_level, ai_level)"
                    " RETURNING default_clock, table_channels, text_only, ai_level",
                    values,
                ).fetchone()
                return _guild_row(row)

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
                    " RETURNING default_clock, table_channels, text_only, ai_level",
                    (guild_id, first, base_channels, channel_id),
                ).fetchone()
                return _guild_row(row)

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


def _any_unrated(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT 1 FROM results WHERE rated = 0 LIMIT 1").fetchone() is not None


def _unrated_results(conn: sqlite3.Connection) -> list[ResultRow]:
    out = []
    for table_id, guild_id, game, finished_at, outcome in conn.execute(
        "SELECT table_id, guild_id, game, finished_at, outcome FROM results WHERE rated = 0"
        " ORDER BY finish_seq, table_id"
    ).fetchall():
        seats = conn.execute(
            "SELECT seat, user_id, name, placement, score, team FROM result_seats WHERE table_id = ?"
            " ORDER BY seat",
            (table_id,),
        ).fetchall()
        out.append(
            ResultRow(
                table_id,
                guild_id,
                game,
                finished_at,
                json.loads(outcome),
                tuple(ResultSeat(*s) for s in seats),
            )
        )
    return out


def _ratings_for(conn: sqlite3.Connection, keys: Sequence[RatingKey]) -> dict[RatingKey, RatingRecord]:
    found = {}
    for key in keys:
        row = conn.execute(
            f"SELECT {_RATING_COLS} FROM ratings WHERE scope = ? AND game = ? AND user_id = ?", key
        ).fetchone()
        if row:
            found[key] = _rating(row)
    return found


def _save_ratings(conn: sqlite3.Connection, table_id: int, rows: Sequence[RatingRecord]) -> None:
    conn.executemany(
        f"INSERT OR REPLACE INTO ratings ({_RATING_COLS}) VALUES (?,?,?,?,?,?,?,?,?,?)",
        [
            (r.scope, r.game, r.user_id, r.name, r.mu, r.sigma, r.ordinal, r.games, r.wins, r.updated_at)
            for r in rows
        ],
    )
    conn.execute("UPDATE results SET rated = 1 WHERE table_id = ?", (table_id,))


def _insert_table_row(conn: sqlite3.Connection, row: TableRow) -> int:
    cur = conn.execute(
        f"INSERT INTO tables ({TABLE_INSERT_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
        table_insert_values(row),
    )
    return int(cur.lastrowid or 0)


def _write_seats(conn: sqlite3.Connection, table_id: int, seats: Sequence[SeatRow]) -> None:
    conn.executemany(
        "INSERT INTO seats (table_id, seat, user_id, name, ai_policy, left_as) VALUES (?,?,?,?,?,?)",
        [(table_id, s.seat, s.user_id, s.name, s.ai_policy, s.left_as) for s in seats],
    )


def _collision(conn: sqlite3.Connection, w: TableWrite) -> Exception:
    """Why a write's log rows collided: a repeated idempotency key, or a stale version."""
    keys = [a.idem_key for a in w.actions if a.idem_key is not None]
    if keys:
        found = conn.execute(
            f"SELECT idem_key FROM actions WHERE table_id = ? AND idem_key IN ({','.join('?' * len(keys))})",
            (w.table_id, *keys),
        ).fetchone()
        if found is not None:
            return DuplicateKey(f"table {w.table_id}: key {found[0]!r} was already used")
    return VersionConflict(w.table_id, w.base_version)


def _check_bases(conn: sqlite3.Connection, writes: Sequence[TableWrite]) -> None:
    """Refuse (VersionConflict) a write made on a stale copy: its table's revision is not `base_revision`,
    or, for a write without log rows, the table's version is not `base_version` (a write with log rows is
    checked by the log's key). Only reads: inside BEGIN IMMEDIATE nobody can write in between."""
    revised = [w for w in writes if w.base_revision is not None]
    for start in range(0, len(revised), _CHUNK):
        chunk = revised[start : start + _CHUNK]
        stale = conn.execute(
            _stale_revision_sql(len(chunk)), [v for w in chunk for v in (w.table_id, w.base_revision)]
        ).fetchone()
        if stale is not None:
            w = next(w for w in chunk if w.table_id == stale[0])
            raise VersionConflict(w.table_id, w.base_version)
    unlogged = [w for w in writes if not w.actions]
    for start in range(0, len(unlogged), _CHUNK):
        chunk = unlogged[start : start + _CHUNK]
        found = dict(
            conn.execute(
                "SELECT table_id, MAX(seq) FROM actions"
                f" WHERE table_id IN ({','.join('?' * len(chunk))}) GROUP BY table_id",
                [w.table_id for w in chunk],
            ).fetchall()
        )
        for w in chunk:
            if found.get(w.table_id, 0) != w.base_version:
                raise VersionConflict(w.table_id, w.base_version)


@functools.lru_cache(maxsize=64)
def _stale_revision_sql(n: int) -> str:
    """The first of `n` (table id, base revision) pairs whose table is missing or at another revision.

    One statement and one step that finds nothing in the common case: rowid look-ups from a VALUES list
    (`id IN (…)` builds a temporary index, and fetching every row's revision costs a step per row, each
    giving up the GIL: measured 3x the CPU of this form, and a slower event loop)."""
    return (
        f"SELECT w.column1 FROM (VALUES {','.join(['(?,?)'] * n)}) AS w"
        " LEFT JOIN tables ON tables.id = w.column1 WHERE tables.revision IS NOT w.column2 LIMIT 1"
    )


def _bumps(w: TableWrite) -> int:
    """1 when the write changes the table's row or seats in a way a lobby decision depends on."""
    return 1 if w.status is not None or w.seats is not None else 0


def _apply_write(conn: sqlite3.Connection, w: TableWrite) -> None:
    """One table's write on its own (the fallback when its group was refused)."""
    _check_bases(conn, [w])
    if w.actions:
        try:
            conn.executemany(
                "INSERT INTO actions (table_id, seq, seat, action, user_id, via, at, idem_key)"
                " VALUES (?,?,?,?,?,?,?,?)",
                [
                    (w.table_id, a.seq, a.seat, a.action, a.user_id, a.via, a.at, a.idem_key)
                    for a in w.actions
                ],
            )
        except sqlite3.IntegrityError as err:
            raise _collision(conn, w) from err
    if w.status is not None or w.snapshot is not None or w.seats is not None:
        conn.execute(
            "UPDATE tables SET updated_at = ?, status = COALESCE(?, status), revision = revision + ?"
            " WHERE id = ?",
            (w.updated_at, w.status, _bumps(w), w.table_id),
        )
    if w.snapshot is not None:
        conn.execute(
            "INSERT OR REPLACE INTO snapshots (table_id, version, state) VALUES (?,?,?)",
            (w.table_id, w.snapshot[0], w.snapshot[1]),
        )
    if w.deadlines is not None:
        if w.deadlines:
            conn.execute(
                "INSERT OR REPLACE INTO deadlines (table_id, next_at, clocks) VALUES (?,?,?)",
                _clock_row(w.table_id, w.deadlines),
            )
        else:
            conn.execute("DELETE FROM deadlines WHERE table_id = ?", (w.table_id,))
    _write_extras(conn, w)


def _write_extras(conn: sqlite3.Connection, w: TableWrite) -> None:
    """The rare parts of a write: a seat handed to an AI, the result of a finished game."""
    if w.seats is not None:
        conn.execute("DELETE FROM seats WHERE table_id = ?", (w.table_id,))
        _write_seats(conn, w.table_id, w.seats)
    _write_result(conn, w)


def _write_result(conn: sqlite3.Connection, w: TableWrite) -> None:
    r = w.result
    if r is not None:
        conn.execute(
            # finish_seq: the finishing order, decided inside the write's transaction
            "INSERT OR REPLACE INTO results (table_id, guild_id, game, finished_at, outcome, rated, finish_seq)"
            " VALUES (?,?,?,?,?,0,(SELECT COALESCE(MAX(finish_seq), 0) + 1 FROM results))",
            (w.table_id, r.guild_id, r.game, r.finished_at, json.dumps(r.outcome, sort_keys=True)),
        )
        conn.executemany(
            "INSERT OR REPLACE INTO result_seats (table_id, seat, user_id, name, placement, score, team)"
            " VALUES (?,?,?,?,?,?,?)",
            [(w.table_id, s.seat, s.user_id, s.name, s.placement, s.score, s.team) for s in r.seats],
        )


_CHUNK = 400  # rows per multi-row statement (well under SQLite's bound-variable limit)


def _many(
    conn: sqlite3.Connection, head: str, width: int, rows: Sequence[tuple[Any, ...]], tail: str = ""
) -> int:
    """`head VALUES (?,..),(?,..)… tail` in chunks: one sqlite step per chunk instead of one per row.

    aiosqlite's worker thread gives up the GIL around every step; when the event loop is busy, taking
    it back can cost a whole switch interval, so a group commit makes as few steps as it can.
    """
    changed = 0
    one = "(" + ",".join("?" * width) + ")"
    for start in range(0, len(rows), _CHUNK):
        chunk = rows[start : start + _CHUNK]
        sql = f"{head} VALUES {','.join([one] * len(chunk))} {tail}"
        before = conn.total_changes
        conn.execute(sql, [value for row in chunk for value in row])
        changed += conn.total_changes - before  # (cursor.rowcount is -1 for a statement opening with WITH)
    return changed


def _apply_group(conn: sqlite3.Connection, writes: Sequence[TableWrite]) -> None:
    """Every write of a group with a handful of multi-row statements.

    The version check is the log's key: a stale write's rows collide (IntegrityError), and the caller
    falls back to write-by-write transactions to find which one; revisions, and the versions of writes
    without log rows, are read first (`_check_bases`). Only the log and the clocks change on a plain
    action, so a commit dirties few pages.
    """
    _check_bases(conn, writes)
    rows = [
        (w.table_id, a.seq, a.seat, a.action, a.user_id, a.via, a.at, a.idem_key)
        for w in writes
        for a in w.actions
    ]
    if rows:
        _many(conn, "INSERT INTO actions (table_id, seq, seat, action, user_id, via, at, idem_key)", 8, rows)
    meta = [
        (w.updated_at, w.status, _bumps(w), w.table_id)
        for w in writes
        if w.status is not None or w.snapshot is not None or w.seats is not None
    ]
    if meta:
        conn.executemany(
            "UPDATE tables SET updated_at = ?, status = COALESCE(?, status), revision = revision + ?"
            " WHERE id = ?",
            meta,
        )
    snaps = [(w.table_id, w.snapshot[0], w.snapshot[1]) for w in writes if w.snapshot is not None]
    if snaps:
        _many(conn, "INSERT OR REPLACE INTO snapshots (table_id, version, state)", 3, snaps)
    clocked = [_clock_row(w.table_id, w.deadlines) for w in writes if w.deadlines]
    if clocked:
        _many(conn, "INSERT OR REPLACE INTO deadlines (table_id, next_at, clocks)", 3, clocked)
    unclocked = [w.table_id for w in writes if w.deadlines is not None and not w.deadlines]
    for start in range(0, len(unclocked), _CHUNK):
        chunk = unclocked[start : start + _CHUNK]
        conn.execute(f"DELETE FROM deadlines WHERE table_id IN ({','.join('?' * len(chunk))})", chunk)
    for w in writes:
        _write_extras(conn, w)


def commit_writes(conn: sqlite3.Connection, writes: Sequence[TableWrite]) -> list[Exception | None]:
    """All writes in one transaction; if one is refused, commit the others one by one.

    A refused write (stale version, repeated key) must not sink the other tables of its group.
    """
    outcome: list[Exception | None] = [None] * len(writes)
    conn.execute("BEGIN IMMEDIATE")
    try:
        _apply_group(conn, writes)
    except (VersionConflict, DuplicateKey, sqlite3.IntegrityError):
        conn.execute("ROLLBACK")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    else:
        conn.execute("COMMIT")
        return outcome
    for index, w in enumerate(writes):
        conn.execute("BEGIN IMMEDIATE")
        try:
            _apply_write(conn, w)
        except (VersionConflict, DuplicateKey, sqlite3.IntegrityError) as err:
            conn.execute("ROLLBACK")
            outcome[index] = err
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        else:
            conn.execute("COMMIT")
    return outcome


def _guild_row(row: Any) -> GuildRow:
    return GuildRow(row[0], row[1], None if row[2] is None else bool(row[2]), row[3])
