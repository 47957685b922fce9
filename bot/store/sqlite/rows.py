"""The SQLite store's statements on a connection, as functions of (conn, …) that run on aiosqlite's
thread inside one unit of work: the store (store.py), its privacy operations (privacy.py) and the bench's
floors (bot/bench/sqlite.py) call them."""

from __future__ import annotations

import functools
import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from bot.store import statements
from bot.store.base import DuplicateKey, RatingKey, VersionConflict
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
from bot.store.sqlite.relay import insert_rows
from bot.store.statements import marks

# the version is the log's length, counted (PostgreSQL keeps it on the row)
TABLE_COLUMNS = table_columns(
    "(SELECT COALESCE(MAX(seq), 0) FROM actions WHERE actions.table_id = tables.id)"
)


def seats_of(conn: sqlite3.Connection, table_id: int) -> tuple[SeatRow, ...]:
    rows = conn.execute(
        f"SELECT {SEAT_COLUMNS} FROM seats WHERE table_id = ? ORDER BY seat",
        (table_id,),
    ).fetchall()
    return tuple(SeatRow(*r) for r in rows)


def any_unrated(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT 1 FROM results WHERE rated = 0 LIMIT 1").fetchone() is not None


def unrated_results(conn: sqlite3.Connection) -> list[ResultRow]:
    out = []
    for table_id, guild_id, game, finished_at, outcome in conn.execute(
        "SELECT table_id, guild_id, game, finished_at, outcome FROM results WHERE rated = 0"
        " ORDER BY finish_seq, table_id"
    ).fetchall():
        seats = conn.execute(
            f"SELECT {RESULT_SEAT_COLUMNS} FROM result_seats WHERE table_id = ?"
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


def ratings_for(conn: sqlite3.Connection, keys: Sequence[RatingKey]) -> dict[RatingKey, RatingRecord]:
    found = {}
    for key in keys:
        row = conn.execute(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE scope = ? AND game = ? AND user_id = ?", key
        ).fetchone()
        if row:
            found[key] = rating_record(row)
    return found


def save_ratings(conn: sqlite3.Connection, table_id: int, rows: Sequence[RatingRecord]) -> None:
    conn.executemany(
        f"INSERT OR REPLACE INTO ratings ({RATING_COLUMNS}) VALUES ({marks(10)})",
        [rating_values(r) for r in rows],
    )
    conn.execute("UPDATE results SET rated = 1 WHERE table_id = ?", (table_id,))


def insert_table_row(conn: sqlite3.Connection, row: TableRow) -> int:
    cur = conn.execute(
        statements.TABLE_INSERT,
        table_insert_values(row),
    )
    return int(cur.lastrowid or 0)


def write_seats(conn: sqlite3.Connection, table_id: int, seats: Sequence[SeatRow]) -> None:
    conn.executemany(
        statements.SEAT_INSERT,
        [seat_values(table_id, s) for s in seats],
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


def apply_write(conn: sqlite3.Connection, w: TableWrite) -> None:
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
                clock_row(w.table_id, w.deadlines),
            )
        else:
            conn.execute("DELETE FROM deadlines WHERE table_id = ?", (w.table_id,))
    _write_extras(conn, w)


def _write_extras(conn: sqlite3.Connection, w: TableWrite) -> None:
    """The rare parts of a write: a seat handed to an AI, the result of a finished game, the messages no
    log brings back (a reminder, the start: bot/store/sqlite/relay.py)."""
    if w.seats is not None:
        conn.execute("DELETE FROM seats WHERE table_id = ?", (w.table_id,))
        write_seats(conn, w.table_id, w.seats)
    _write_result(conn, w)
    if w.relay:
        insert_rows(conn, w.relay)


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
            f"INSERT OR REPLACE INTO result_seats (table_id, {RESULT_SEAT_COLUMNS}) VALUES ({marks(7)})",
            [result_seat_values(w.table_id, s) for s in r.seats],
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
    clocked = [clock_row(w.table_id, w.deadlines) for w in writes if w.deadlines]
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
            apply_write(conn, w)
        except (VersionConflict, DuplicateKey, sqlite3.IntegrityError) as err:
            conn.execute("ROLLBACK")
            outcome[index] = err
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        else:
            conn.execute("COMMIT")
    return outcome
