"""The PostgreSQL store's statements on a connection, as functions of (conn, …): the store (store.py),
its privacy operations (privacy.py) and the bench's floors (bot/bench/postgres.py) call them.

A group commit is ONE statement in the common case: data-modifying CTEs over `unnest`ed arrays append
every table's log rows, snapshots and clocks at once, and a single statement is its own transaction, so
a group costs one round trip. Writes with rare parts (a result, replaced seats) add a transaction
around it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import asyncpg

from bot.store import statements
from bot.store.base import DuplicateKey, RatingKey, VersionConflict
from bot.store.postgres.relay import relay_columns
from bot.store.records import (
    RATING_COLUMNS,
    RESULT_SEAT_COLUMNS,
    SEAT_COLUMNS,
    RatingRecord,
    ResultRow,
    ResultSeat,
    SeatRow,
    TableRow,
    TableWrite,
    clock_row,
    rating_record,
    rating_values,
    result_seat_values,
    seat_values,
    table_columns,
    table_insert_values,
)
from bot.store.statements import marks, numbered

TABLE_COLUMNS = table_columns("log_version")
_TABLE_INSERT = numbered(statements.TABLE_INSERT) + " RETURNING id"
_SEAT_INSERT = numbered(statements.SEAT_INSERT)

# A write refused by the database: its log rows collide, or its table's row is not as the writer saw it.
REFUSED = (asyncpg.UniqueViolationError, asyncpg.RaiseError)

# One group commit: every part is an array (possibly empty) so the statement is prepared once.
# `m` checks and locks each written table's row (version and revision as the writer saw them) and moves
# its version on; when a row does not match, the final SELECT raises and the whole statement is undone.
_GROUP_SQL = """
WITH
  m AS (
    UPDATE tables t SET
        log_version = u.new_version,
        revision = t.revision + u.bump,
        updated_at = CASE WHEN u.touch THEN u.at ELSE t.updated_at END,
        status = COALESCE(u.status, t.status)
    FROM unnest($1::bigint[], $2::int[], $3::int[], $4::bigint[], $5::int[], $6::bool[], $7::float8[],
                $8::text[]) AS u(id, base_version, new_version, base_revision, bump, touch, at, status)
    WHERE t.id = ANY($1::bigint[])  -- an index scan of the written tables, not a scan of all of them
      AND t.id = u.id AND t.log_version = u.base_version
      AND (u.base_revision IS NULL OR t.revision = u.base_revision)
    RETURNING t.id
  ),
  a AS (
    INSERT INTO actions (table_id, seq, seat, action, user_id, via, at, idem_key)
    SELECT * FROM unnest($9::bigint[], $10::int[], $11::int[], $12::text[], $13::bigint[], $14::text[],
                         $15::float8[], $16::text[])
  ),
  s AS (
    INSERT INTO snapshots (table_id, version, state)
    SELECT * FROM unnest($17::bigint[], $18::int[], $19::text[])
    ON CONFLICT (table_id) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state
  ),
  d AS (
    INSERT INTO deadlines (table_id, next_at, clocks)
    SELECT * FROM unnest($20::bigint[], $21::float8[], $22::text[])
    ON CONFLICT (table_id) DO UPDATE SET next_at = EXCLUDED.next_at, clocks = EXCLUDED.clocks,
        claimed_until = 0
  ),
  x AS (
    DELETE FROM deadlines WHERE table_id = ANY($23::bigint[])
  )
SELECT CASE WHEN (SELECT COUNT(*) FROM m) = $24 THEN 1 ELSE tricktable_refuse('stale table') END,
       (SELECT COUNT(pg_notify('tricktable_tables', p)) FROM unnest($25::text[]) AS p)
"""
# The same with Updates for the processes that own these tables' channels (relay.py), written in this
# order and announced at commit. A separate statement, so a group without them (one process: always)
# pays nothing for them.
_GROUP_RELAY_SQL = _GROUP_SQL.replace(
    """
SELECT CASE""",
    """,
  r AS (
    INSERT INTO relay (guild_id, table_id, version, payload, shard)
    SELECT g, t, v, p, s FROM unnest($26::bigint[], $27::bigint[], $28::int[], $29::text[], $30::int[])
        WITH ORDINALITY AS u(g, t, v, p, s, n)
    ORDER BY n
  )
SELECT CASE""",
).replace(
    "unnest($25::text[]) AS p)\n",
    "unnest($25::text[]) AS p),\n       (SELECT COUNT(pg_notify('tricktable_relay', p)) FROM unnest($31::text[]) AS p)\n",
)
assert _GROUP_RELAY_SQL.count("$31") == 1 and "INSERT INTO relay" in _GROUP_RELAY_SQL
CHANNEL = "tricktable_tables"  # NOTIFY payload: "<sender token> <table>:<version>:<revision> ..."
_PAYLOAD = 7000  # bytes per notification (PostgreSQL's limit is 8000)


def columns(rows: Sequence[tuple[Any, ...]], width: int) -> list[list[Any]]:
    """Rows to per-column lists (the unnest arrays)."""
    if not rows:
        return [[] for _ in range(width)]
    return [list(column) for column in zip(*rows, strict=True)]


def _group_args(writes: Sequence[TableWrite]) -> list[Any]:
    rows = [
        (
            w.table_id,
            w.base_version,
            w.actions[-1].seq if w.actions else w.base_version,
            w.base_revision,
            1 if w.status is not None or w.seats is not None else 0,  # a lobby-relevant change: revision + 1
            w.status is not None or w.snapshot is not None or w.seats is not None,
            w.updated_at,
            w.status,
        )
        for w in writes
    ]
    actions = [
        (w.table_id, a.seq, a.seat, a.action, a.user_id, a.via, a.at, a.idem_key)
        for w in writes
        for a in w.actions
    ]
    snaps = [(w.table_id, w.snapshot[0], w.snapshot[1]) for w in writes if w.snapshot is not None]
    clocked = [clock_row(w.table_id, w.deadlines) for w in writes if w.deadlines]
    unclocked = [w.table_id for w in writes if w.deadlines is not None and not w.deadlines]
    return [
        *columns(rows, 8),
        *columns(actions, 8),
        *columns(snaps, 3),
        *columns(clocked, 3),
        unclocked,
        len({w.table_id for w in writes}),
    ]


def payloads(token: str, changes: Sequence[tuple[int, int, int]]) -> list[str]:
    """NOTIFY payloads telling the other processes which tables moved on (chunked under the limit)."""
    out: list[str] = []
    line = token
    for table_id, version, revision in changes:
        item = f" {table_id}:{version}:{revision}"
        if len(line) + len(item) > _PAYLOAD:
            out.append(line)
            line = token
        line += item
    if line != token:
        out.append(line)
    return out


def _relayed(writes: Sequence[TableWrite]) -> list[Any]:
    """The writes' relayed Updates as _GROUP_RELAY_SQL's arrays, and the NOTIFY for their owners. The
    shard was set by the sender (relay.py)."""
    rows = [row for w in writes for row in w.relay]
    *columns, shards = relay_columns(rows, 1)
    return [*columns, [shards]]


def _changes(writes: Sequence[TableWrite]) -> list[tuple[int, int, int]]:
    return [
        (
            w.table_id,
            w.actions[-1].seq if w.actions else w.base_version,
            -1
            if w.base_revision is None
            else w.base_revision + (w.status is not None or w.seats is not None),
        )
        for w in writes
    ]


async def unrated_results(conn: asyncpg.Connection) -> list[ResultRow]:
    results = await conn.fetch(
        "SELECT table_id, guild_id, game, finished_at, outcome FROM results WHERE rated = 0"
        " ORDER BY finish_seq, table_id"
    )
    seats = await conn.fetch(
        f"SELECT table_id, {RESULT_SEAT_COLUMNS} FROM result_seats"
        " WHERE table_id = ANY($1::bigint[]) ORDER BY table_id, seat",
        [r[0] for r in results],
    )
    by_table: dict[int, list[ResultSeat]] = {}
    for s in seats:
        by_table.setdefault(s[0], []).append(ResultSeat(*tuple(s)[1:]))
    return [
        ResultRow(r[0], r[1], r[2], r[3], json.loads(r[4]), tuple(by_table.get(r[0], ()))) for r in results
    ]


async def ratings_for(conn: asyncpg.Connection, keys: Sequence[RatingKey]) -> dict[RatingKey, RatingRecord]:
    if not keys:
        return {}
    scopes, games, users = columns(list(keys), 3)
    rows = await conn.fetch(
        f"SELECT {RATING_COLUMNS} FROM ratings WHERE (scope, game, user_id) IN"
        " (SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[]))",
        scopes,
        games,
        users,
    )
    return {(r[0], r[1], r[2]): rating_record(r) for r in rows}


async def save_ratings(conn: asyncpg.Connection, table_id: int, rows: Sequence[RatingRecord]) -> None:
    values = [rating_values(r) for r in rows]
    if values:
        await conn.executemany(
            f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES ({numbered(marks(10))})"
            " ON CONFLICT (scope, game, user_id) DO UPDATE SET name = EXCLUDED.name,"
            " mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, ordinal = EXCLUDED.ordinal,"
            " games = EXCLUDED.games, wins = EXCLUDED.wins, updated_at = EXCLUDED.updated_at",
            values,
        )
    await conn.execute("UPDATE results SET rated = 1 WHERE table_id = $1", table_id)


async def seats_of(conn: asyncpg.Connection, table_ids: Sequence[int]) -> dict[int, tuple[SeatRow, ...]]:
    rows = await conn.fetch(
        f"SELECT table_id, {SEAT_COLUMNS} FROM seats"
        " WHERE table_id = ANY($1::bigint[]) ORDER BY table_id, seat",
        list(table_ids),
    )
    out: dict[int, list[SeatRow]] = {}
    for r in rows:
        out.setdefault(r[0], []).append(SeatRow(*tuple(r)[1:]))
    return {k: tuple(v) for k, v in out.items()}


async def insert_table_row(conn: asyncpg.Connection, row: TableRow) -> int:
    table_id = await conn.fetchval(
        _TABLE_INSERT,
        *table_insert_values(row),
    )
    return int(table_id)


async def write_seats(conn: asyncpg.Connection, table_id: int, seats: Sequence[SeatRow]) -> None:
    if seats:
        await conn.executemany(
            _SEAT_INSERT,
            [seat_values(table_id, s) for s in seats],
        )


async def apply_writes(conn: asyncpg.Connection, writes: Sequence[TableWrite], token: str) -> None:
    """Writes as one statement (its own transaction), or one transaction when rare parts come along.
    The other processes hear of it (NOTIFY, delivered only if the statement commits)."""
    args = [*_group_args(writes), payloads(token, _changes(writes))]
    sql = _GROUP_SQL
    if any(w.relay for w in writes):
        args.extend(_relayed(writes))
        sql = _GROUP_RELAY_SQL
    if not any(w.seats is not None or w.result is not None for w in writes):
        await conn.execute(sql, *args)
        return
    async with conn.transaction():
        await conn.execute(sql, *args)
        for w in writes:
            await _write_extras(conn, w)


async def _write_extras(conn: asyncpg.Connection, w: TableWrite) -> None:
    """The rare parts of a write: a seat handed to an AI, the result of a finished game."""
    if w.seats is not None:
        await conn.execute("DELETE FROM seats WHERE table_id = $1", w.table_id)
        await write_seats(conn, w.table_id, w.seats)
    r = w.result
    if r is not None:
        await conn.execute(
            # finish_seq: the finishing order across processes, taken inside the write's transaction
            "INSERT INTO results (table_id, guild_id, game, finished_at, outcome, rated, finish_seq)"
            " VALUES ($1,$2,$3,$4,$5,0,nextval('results_finish_order')) ON CONFLICT (table_id) DO UPDATE"
            " SET guild_id = EXCLUDED.guild_id, game = EXCLUDED.game, finished_at = EXCLUDED.finished_at,"
            " outcome = EXCLUDED.outcome, rated = 0, finish_seq = EXCLUDED.finish_seq",
            w.table_id,
            r.guild_id,
            r.game,
            r.finished_at,
            json.dumps(r.outcome, sort_keys=True),
        )
        if r.seats:
            await conn.executemany(
                f"INSERT INTO result_seats (table_id, {RESULT_SEAT_COLUMNS}) VALUES ({numbered(marks(7))})"
                " ON CONFLICT (table_id, seat) DO UPDATE SET"
                " user_id = EXCLUDED.user_id, name = EXCLUDED.name, placement = EXCLUDED.placement,"
                " score = EXCLUDED.score, team = EXCLUDED.team",
                [result_seat_values(w.table_id, s) for s in r.seats],
            )


async def collision(conn: asyncpg.Connection, w: TableWrite) -> Exception:
    """Why a write's log rows collided: a repeated idempotency key, or a stale version."""
    keys = [a.idem_key for a in w.actions if a.idem_key is not None]
    if keys:
        found = await conn.fetchval(
            "SELECT idem_key FROM actions WHERE table_id = $1 AND idem_key = ANY($2::text[]) LIMIT 1",
            w.table_id,
            keys,
        )
        if found is not None:
            return DuplicateKey(f"table {w.table_id}: key {found!r} was already used")
    return VersionConflict(w.table_id, w.base_version)
