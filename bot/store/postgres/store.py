"""The PostgreSQL store: asyncpg on a connection pool, the same interface and schema as the SQLite store.

Chosen by `DATABASE_URL=postgresql://…` (bot/store/factory.py). Several bot processes may share one
database: every decision that depends on a read is made by the database (the log's key is the version
check, lobby changes are conditional updates), never by a process's memory.

A group commit is ONE statement in the common case (rows.py). When the group is refused (a stale
version or a repeated key somewhere in it), the writes are retried one by one so only the offending ones
fail, exactly like the SQLite store.

A lost connection (the server restarted, the network dropped) fails the calls in flight with a
`StoreError` that says so; the pool opens fresh connections for the next calls.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from urllib.parse import urlsplit

import asyncpg

from bot.envparse import redact_url
from bot.store import statements
from bot.store.base import Rater, RatingKey, Store, StoreError
from bot.store.postgres.away import PostgresAway
from bot.store.postgres.migrations import apply_migrations
from bot.store.postgres.personal import PostgresPersonal
from bot.store.postgres.privacy import PostgresPrivacy
from bot.store.postgres.relay import RELAY_CHANNEL, RELAY_SEND, PostgresRelay, relay_columns
from bot.store.postgres.replays import PostgresReplays
from bot.store.postgres.rows import (
    CHANNEL,
    REFUSED,
    TABLE_COLUMNS,
    apply_writes,
    collision,
    insert_table_row,
    payloads,
    ratings_for,
    save_ratings,
    seats_of,
    unrated_results,
    write_seats,
)
from bot.store.postgres.seasons import RATING_LOCK, PostgresSeasons, rate_into_season
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

_RATING_LOCK = RATING_LOCK  # advisory lock key of rating application ("trkr"), shared with season ends

# The connection-level failures a caller can do nothing about but retry later.
_LOST = (
    OSError,
    asyncio.TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.CannotConnectNowError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.InternalClientError,  # the protocol's state after the server went away mid-operation
)

redact = redact_url  # the password (if any) as ***, for messages and logs
_GUILD_ROW = statements.numbered(statements.GUILD_ROW)
_GUILD_UPDATE = statements.numbered(statements.GUILD_UPDATE)


async def _keep_session(_conn: asyncpg.Connection) -> None:
    """The pool's reset on release: nothing to send. asyncpg's default sends `SELECT
    pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL` each time a connection goes back to the
    pool, one more round trip per group commit that the acknowledgement waited for. This store leaves no
    session state on a pooled connection (its advisory locks are transaction-level, it never SETs, LISTENs
    on its own connection, declares a cursor outside a transaction), and asyncpg still rolls back a
    transaction left open before calling this."""


class PostgresStore(PostgresAway, PostgresPersonal, PostgresRelay, PostgresPrivacy, PostgresSeasons, PostgresReplays, Store):
    def __init__(self, url: str, min_size: int = 2, max_size: int = 8, timeout: float = 10.0) -> None:
        self.url = url
        self.min_size = min_size
        self.max_size = max_size
        self.timeout = timeout
        self._pool: asyncpg.Pool | None = None
        self.token = secrets.token_hex(6)  # names this process in its notifications (it skips its own)
        self._listeners: list[Callable[[int, int, int], None]] = []
        self._listen: asyncpg.Connection | None = None
        self._relisten: asyncio.Task[None] | None = None
        self._closing = False
        self.schema_version = 0
        self.commit_cpu_seconds = 0.0  # (the SQLite store measures its commit CPU; here it is the server's)

    # --- plumbing ------------------------------------------------------------------------------------
    async def open(self) -> None:
        where = redact(self.url)
        try:
            pool = await asyncpg.create_pool(
                self.url,
                min_size=self.min_size,
                max_size=self.max_size,
                timeout=self.timeout,
                command_timeout=60,
                reset=_keep_session,
            )
        except asyncpg.InvalidPasswordError as err:
            raise StoreError(f"the database {where} refused the password: {self._reason(err)}") from None
        except (asyncpg.PostgresError, *_LOST) as err:
            raise StoreError(f"cannot connect to the database {where}: {self._reason(err)}") from None
        except ValueError as err:  # a malformed URL
            raise StoreError(f"DATABASE_URL {where} is not a valid PostgreSQL URL: {err}") from None
        try:
            async with pool.acquire() as conn:
                self.schema_version = await apply_migrations(conn, where)
        except BaseException:
            await pool.close()
            raise
        self._pool = pool
        await self._start_listening()

    # --- hearing the other processes (LISTEN/NOTIFY) ---------------------------------------------------
    def on_table_change(self, listener: Callable[[int, int, int], None]) -> None:
        self._listeners.append(listener)

    async def _start_listening(self) -> None:
        conn = await asyncpg.connect(self.url, timeout=self.timeout)
        await conn.add_listener(CHANNEL, self._heard)
        await conn.add_listener(RELAY_CHANNEL, self._heard_relay)  # Updates for our shards (relay.py)
        conn.add_termination_listener(self._lost_listener)
        self._listen = conn

    def _heard(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        token, _, items = payload.partition(" ")
        if token == self.token:
            return
        for item in items.split():
            table_id, version, revision = (int(x) for x in item.split(":"))
            for listener in self._listeners:
                listener(table_id, version, revision)

    def _lost_listener(self, _conn: object) -> None:
        """The listening connection died (database restart): listen again, and meanwhile every cached
        table may have been changed unheard, so the listeners drop them all (table 0)."""
        self._listen = None
        if self._closing:
            return
        for listener in self._listeners:
            listener(0, -1, -1)
        if self._relisten is None or self._relisten.done():
            self._relisten = asyncio.get_running_loop().create_task(self._listen_again())

    async def _listen_again(self) -> None:
        delay = 0.2
        while not self._closing and self._listen is None:
            try:
                await self._start_listening()
            except (asyncpg.PostgresError, *_LOST):
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
                continue
            for listener in self._listeners:  # changes made while nobody listened
                listener(0, -1, -1)

    def _reason(self, err: BaseException) -> str:
        """The error's text without the password, should a driver ever quote the URL."""
        text = str(err) or type(err).__name__
        password = urlsplit(self.url).password if "://" in self.url else None
        return text.replace(password, "***") if password else text

    async def close(self) -> None:
        self._closing = True
        if self._relisten is not None:
            self._relisten.cancel()
        if self._listen is not None:
            listen, self._listen = self._listen, None
            listen.terminate()
        if self._pool is not None:
            pool, self._pool = self._pool, None
            try:
                await asyncio.wait_for(pool.close(), timeout=10)
            except (TimeoutError, *_LOST):
                pool.terminate()

    @contextlib.asynccontextmanager
    async def _conn(self) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection; a lost connection becomes a StoreError that says what happened."""
        if self._pool is None:
            raise StoreError("the store is closed")
        try:
            async with self._pool.acquire() as conn:
                yield conn
        except _LOST as err:
            # every pooled connection may be dead (a server restart): replace them all on next use
            await self._pool.expire_connections()
            raise StoreError(
                f"lost the connection to the database ({self._reason(err)}); the request was not "
                "acknowledged, try again"
            ) from err

    # --- tables --------------------------------------------------------------------------------------
    async def insert_table(self, row: TableRow, seats: Sequence[SeatRow]) -> int:
        return (await self.insert_tables_bulk([(row, seats)]))[0]

    async def insert_tables_bulk(self, rows: Sequence[tuple[TableRow, Sequence[SeatRow]]]) -> list[int]:
        async with self._conn() as conn, conn.transaction():
            ids = []
            for row, seats in rows:
                table_id = await insert_table_row(conn, row)
                await write_seats(conn, table_id, seats)
                ids.append(table_id)
            return ids

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
        sql = statements.numbered(sql) + " RETURNING log_version, revision"
        async with self._conn() as conn, conn.transaction():
            changed = await conn.fetchrow(sql, *params)
            if changed is None:
                return not (expect_status is not None or expect_revision is not None)
            if seats is not None:
                await conn.execute("DELETE FROM seats WHERE table_id = $1", table_id)
                await write_seats(conn, table_id, seats)
            if clear_deadlines:
                await conn.execute("DELETE FROM deadlines WHERE table_id = $1", table_id)
            if relay:  # the change's Updates for their owner, in its transaction (NOTIFY at commit)
                await conn.execute(RELAY_SEND, *relay_columns(relay, 1))
            for payload in payloads(self.token, [(table_id, changed[0], changed[1])]):
                await conn.execute("SELECT pg_notify($1, $2)", CHANNEL, payload)
            return True

    async def load(self, table_id: int) -> LoadedTable | None:
        async with self._conn() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            row = await conn.fetchrow(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = $1", table_id)
            if row is None:
                return None
            snap = await conn.fetchrow("SELECT version, state FROM snapshots WHERE table_id = $1", table_id)
            snap_version = int(snap[0]) if snap else 0
            tail = await conn.fetch(
                f"SELECT {ACTION_COLUMNS} FROM actions"
                " WHERE table_id = $1 AND seq > $2 ORDER BY seq",
                table_id,
                snap_version,
            )
            keys = await conn.fetch(
                "SELECT idem_key FROM actions WHERE table_id = $1 AND idem_key IS NOT NULL"
                " ORDER BY seq DESC LIMIT 16",
                table_id,
            )
            clocks = await conn.fetchval("SELECT clocks FROM deadlines WHERE table_id = $1", table_id)
            seats = await seats_of(conn, [table_id])
            return LoadedTable(
                table=table_row(row),
                seats=seats.get(table_id, ()),
                snapshot_version=snap_version,
                snapshot=snap[1] if snap else None,
                tail=tuple(action_row(a) for a in tail),
                recent_keys=tuple(k[0] for k in keys),
                deadlines=tuple(decode_clocks(clocks)) if clocks else (),
            )

    async def table_rows(
        self,
        guild_id: int | None = None,
        channel_id: int | None = None,
        statuses: Sequence[str] = (),
        user_id: int | None = None,
        limit: int = 100,
    ) -> list[tuple[TableRow, tuple[SeatRow, ...]]]:
        sql, params = statements.table_rows(TABLE_COLUMNS, guild_id, channel_id, statuses, user_id, limit)
        sql = statements.numbered(sql)
        async with self._conn() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            rows = await conn.fetch(sql, *params)
            seats = await seats_of(conn, [r[0] for r in rows])
        return [(table_row(r), seats.get(r[0], ())) for r in rows]

    # --- the log -------------------------------------------------------------------------------------
    async def commit(self, writes: Sequence[TableWrite]) -> list[Exception | None]:
        outcome: list[Exception | None] = [None] * len(writes)
        if not writes:
            return outcome
        async with self._conn() as conn:
            try:
                await apply_writes(conn, writes, self.token)
                return outcome
            except (*REFUSED, asyncpg.CardinalityViolationError, asyncpg.DeadlockDetectedError):
                pass  # somewhere in the group (or a lock-order clash with another process): one by one
            for index, w in enumerate(writes):
                try:
                    await apply_writes(conn, [w], self.token)
                except REFUSED:
                    outcome[index] = await collision(conn, w)
                except asyncpg.IntegrityConstraintViolationError as err:
                    outcome[index] = StoreError(f"table {w.table_id}: {err}")
        return outcome

    async def actions(self, table_id: int, after: int = 0) -> list[ActionRow]:
        async with self._conn() as conn:
            rows = await conn.fetch(
                f"SELECT {ACTION_COLUMNS} FROM actions"
                " WHERE table_id = $1 AND seq > $2 ORDER BY seq",
                table_id,
                after,
            )
        return [action_row(r) for r in rows]

    async def snapshot(self, table_id: int) -> tuple[int, str] | None:
        async with self._conn() as conn:
            row = await conn.fetchrow("SELECT version, state FROM snapshots WHERE table_id = $1", table_id)
        return (int(row[0]), str(row[1])) if row else None

    # --- clocks --------------------------------------------------------------------------------------
    async def due_deadlines(self, now: float, limit: int = 500) -> list[tuple[int, DeadlineRow]]:
        async with self._conn() as conn:
            rows = await conn.fetch(
                "SELECT table_id, clocks FROM deadlines WHERE next_at <= $1 ORDER BY next_at LIMIT $2",
                now,
                limit,
            )
        return [(r[0], d) for r in rows for d in decode_clocks(r[1])]

    async def claim_due_deadlines(
        self, now: float, lease: float = 5.0, limit: int = 500
    ) -> list[tuple[int, DeadlineRow]]:
        """Due clock rows not claimed by a live process, claimed for `lease` seconds. SKIP LOCKED: two
        processes claiming at once take different rows and never wait for each other."""
        async with self._conn() as conn:
            rows = await conn.fetch(
                "UPDATE deadlines d SET claimed_until = $1 + $3 FROM ("
                " SELECT table_id FROM deadlines WHERE next_at <= $1 AND claimed_until <= $1"
                " ORDER BY next_at LIMIT $2 FOR UPDATE SKIP LOCKED) AS due"
                " WHERE d.table_id = due.table_id RETURNING d.table_id, d.next_at, d.clocks",
                now,
                limit,
                lease,
            )
        rows = sorted(rows, key=lambda r: (r[1], r[0]))
        return [(r[0], d) for r in rows for d in decode_clocks(r[2])]

    # --- results and ratings -------------------------------------------------------------------------
    async def unrated_results(self) -> list[ResultRow]:
        async with self._conn() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            return await unrated_results(conn)

    async def apply_ratings(self, rater: Rater) -> list[int]:
        """Every unrated result, in finishing order, in ONE transaction that holds a transaction-level
        advisory lock: two processes (or two games finishing at once) never rate a result twice or
        lose an update, because the unrated list and the ratings are read under the lock."""
        async with self._conn() as conn:
            if await conn.fetchval("SELECT 1 FROM results WHERE rated = 0 LIMIT 1") is None:
                return []  # the common case: nothing to rate, no lock taken
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", _RATING_LOCK)
                done = []
                for result in await unrated_results(conn):
                    current = await ratings_for(conn, rater.keys(result))
                    written = rater.rate(result, current)
                    await save_ratings(conn, result.table_id, written)
                    await rate_into_season(conn, result, rater, written)  # its season and history, same lock
                    done.append(result.table_id)
                return done

    async def ratings_for(self, keys: Sequence[RatingKey]) -> dict[RatingKey, RatingRecord]:
        async with self._conn() as conn:
            return await ratings_for(conn, keys)

    async def save_ratings(self, table_id: int, rows: Sequence[RatingRecord]) -> None:
        async with self._conn() as conn, conn.transaction():
            await save_ratings(conn, table_id, rows)

    async def leaderboard(self, scope: int, game: str, limit: int) -> list[RatingRecord]:
        async with self._conn() as conn:
            rows = await conn.fetch(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE scope = $1 AND game = $2"
                " ORDER BY ordinal DESC, wins DESC, user_id LIMIT $3",
                scope,
                game,
                limit,
            )
        return [rating_record(r) for r in rows]

    async def player_ratings(self, user_id: int, scope: int) -> list[tuple[RatingRecord, int]]:
        async with self._conn() as conn:
            rows = await conn.fetch(
                f"SELECT {RATING_COLUMNS}, (SELECT COUNT(*) FROM ratings b WHERE b.scope = r.scope"
                " AND b.game = r.game AND b.ordinal > r.ordinal) FROM ratings r"
                " WHERE scope = $1 AND user_id = $2 ORDER BY game",
                scope,
                user_id,
            )
        return [(rating_record(tuple(r)[:10]), int(r[10]) + 1) for r in rows]

    # --- user settings -------------------------------------------------------------------------------
    async def get_settings(self, user_id: int) -> tuple[str | None, bool] | None:
        async with self._conn() as conn:
            row = await conn.fetchrow(
                "SELECT language, dm_pings FROM user_settings WHERE user_id = $1", user_id
            )
        return user_settings(row) if row else None

    async def update_settings(
        self, user_id: int, language: str | None = None, dm_pings: bool | None = None
    ) -> tuple[str | None, bool]:
        """One merging statement: two changes at once (two processes) both stay."""
        pings = None if dm_pings is None else int(dm_pings)
        async with self._conn() as conn:
            row = await conn.fetchrow(
                "INSERT INTO user_settings (user_id, language, dm_pings) VALUES ($1, $2, COALESCE($3::int, 1))"
                " ON CONFLICT (user_id) DO UPDATE SET language = COALESCE($2, user_settings.language),"
                " dm_pings = COALESCE($3::int, user_settings.dm_pings) RETURNING language, dm_pings",
                user_id,
                language,
                pings,
            )
        return user_settings(row)

    # --- guild settings ------------------------------------------------------------------------------
    async def guild_row(self, guild_id: int) -> GuildRow | None:
        async with self._conn() as conn:
            row = await conn.fetchrow(_GUILD_ROW, guild_id)
        return as_guild_row(row) if row else None

    async def update_guild_settings(
        self,
        guild_id: int,
        *,
        default_clock: str | None = None,
        table_channels: str | None = None,
        text_only: bool | None = None,
        ai_level: str | None = None,
    ) -> GuildRow:
        """One merging statement (COALESCE with the stored row, under its row lock): two changes at once
        (two processes) both stay."""
        async with self._conn() as conn:
            row = await conn.fetchrow(
                _GUILD_UPDATE,
                *guild_values(guild_id, GuildRow(default_clock, table_channels, text_only, ai_level)),
            )
        return as_guild_row(row)

    async def add_guild_channel(self, guild_id: int, channel_id: int, base_channels: str) -> GuildRow:
        """One statement under the row's lock: two channels added at once (two processes) both stay."""
        first = json.dumps(sorted({*json.loads(base_channels), channel_id}))
        async with self._conn() as conn:
            row = await conn.fetchrow(
                "INSERT INTO guild_settings (guild_id, table_channels) VALUES ($1, $2)"
                " ON CONFLICT (guild_id) DO UPDATE SET table_channels = (SELECT jsonb_agg(v ORDER BY v)::text FROM"
                " (SELECT jsonb_array_elements_text(COALESCE(guild_settings.table_channels, $3)::jsonb)::bigint AS v"
                " UNION SELECT $4::bigint) AS merged)"
                f" RETURNING {GUILD_COLUMNS}",
                guild_id,
                first,
                base_channels,
                channel_id,
            )
        return as_guild_row(row)

    # --- front-end table metadata --------------------------------------------------------------------
    async def get_table_meta(self, table_id: int) -> dict[str, str]:
        async with self._conn() as conn:
            rows = await conn.fetch("SELECT key, value FROM table_meta WHERE table_id = $1", table_id)
        return {str(k): str(v) for k, v in rows}

    async def set_table_meta(self, table_id: int, values: Mapping[str, str | None]) -> None:
        upserts = [(table_id, k, v) for k, v in values.items() if v is not None]
        deletes = [k for k, v in values.items() if v is None]
        async with self._conn() as conn, conn.transaction():
            if upserts:
                await conn.executemany(
                    "INSERT INTO table_meta (table_id, key, value) VALUES ($1,$2,$3)"
                    " ON CONFLICT (table_id, key) DO UPDATE SET value = EXCLUDED.value",
                    upserts,
                )
            if deletes:
                await conn.execute(
                    "DELETE FROM table_meta WHERE table_id = $1 AND key = ANY($2::text[])", table_id, deletes
                )
