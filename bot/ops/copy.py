"""`python -m bot.ops.copy --from sqlite:///tricktable.db --to postgresql://…`: move a bot's data.

Copies every row of every table (tables, seats, the action logs, snapshots, clocks, results, ratings,
user and server settings, the front end's table metadata) with their ids, then verifies: the row counts
match, and every table loads from the destination exactly as from the source and rebuilds to the same
game state. Either side may be SQLite or PostgreSQL (so the same command also moves back).

The destination becomes a mirror of the source, in one transaction per run: rows are upserted by key and
rows the source no longer has are removed (a clock that ran out since the last run, a deleted meta key),
so running it again — e.g. once while the bot still runs and once more after stopping it — is safe and
quick. It refuses a destination that holds tables the source does not have (another bot's data).
Stop the bot for the final run: the copy is consistent per run, but writes made after it are not moved.

Exit status: 0 copied and verified, 1 verification failed, 2 a database could not be opened or used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.envparse import redact_url
from bot.store.base import Store, StoreError
from bot.store.factory import is_postgres, open_store, sqlite_path
from bot.tables.errors import TableUnavailable
from bot.tables.live import rebuild
from games.core.registry import get_game

# Every table of the schema with its key (the same names in both backends' migrations).
TABLES: dict[str, tuple[str, ...]] = {
    "tables": ("id",),
    "seats": ("table_id", "seat"),
    "actions": ("table_id", "seq"),
    "snapshots": ("table_id",),
    "deadlines": ("table_id",),
    "results": ("table_id",),
    "result_seats": ("table_id", "seat"),
    "ratings": ("scope", "game", "user_id"),
    "user_settings": ("user_id",),
    "guild_settings": ("guild_id",),
    "table_meta": ("table_id", "key"),
    "guild_departures": ("guild_id",),
    "season_settings": ("guild_id",),  # seasons: cadence, boards, history, ends, hall of fame
    "season_ratings": ("scope", "season", "game", "user_id"),
    "rating_history": ("scope", "season", "game", "user_id", "table_id"),
    "season_ends": ("guild_id", "season"),
    "hall_of_fame": ("guild_id", "season", "place"),
    "rematches": ("source_id",),  # Play again: each finished table's one rematch
    "away_periods": ("user_id", "starts_at"),
    "pause_votes": ("table_id", "user_id"),
}
# Bookkeeping one backend keeps for itself (not copied): PostgreSQL's log length on the row, clock claims.
DERIVED = {"log_version", "claimed_until"}
# Tables of bookkeeping (not copied): messages on their way to Discord (bot/store/relay.py), posted by the
# bot on the source before its final stop.
NOT_COPIED = frozenset({"relay"})
_CHUNK = 5000


class CopyError(Exception):
    """The copy cannot go on (a one-line reason for the operator)."""


@dataclass
class Report:
    counts: dict[str, tuple[int, int]]  # table -> (source rows, destination rows)
    tables_checked: int
    mismatches: list[str]

    @property
    def ok(self) -> bool:
        return not self.mismatches and all(a == b for a, b in self.counts.values())


class _Side:
    """Raw row access to one database, below the Store interface (the copy needs every row as is)."""

    async def columns(self, table: str) -> list[str]:
        raise NotImplementedError

    async def count(self, table: str) -> int:
        raise NotImplementedError

    async def read(self, table: str, columns: Sequence[str], key: Sequence[str]) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    async def table_ids(self) -> set[int]:
        return {int(r[0]) for r in await self.read("tables", ["id"], ["id"])}

    async def mirror(self, data: dict[str, tuple[list[str], list[tuple[Any, ...]]]]) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError


class _SqliteSide(_Side):
    def __init__(self, path: str) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None)
        self.conn.execute("PRAGMA busy_timeout = 5000")

    async def columns(self, table: str) -> list[str]:
        return [str(r[1]) for r in self.conn.execute(f"PRAGMA table_info({table})")]

    async def count(self, table: str) -> int:
        return int(self.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])

    async def read(self, table: str, columns: Sequence[str], key: Sequence[str]) -> list[tuple[Any, ...]]:
        sql = f"SELECT {', '.join(columns)} FROM {table} ORDER BY {', '.join(key)}"
        return [tuple(r) for r in self.conn.execute(sql)]

    async def mirror(self, data: dict[str, tuple[list[str], list[tuple[Any, ...]]]]) -> None:
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            for table, (columns, rows) in data.items():
                key = TABLES[table]
                temp = f"copy_{table}"
                conn.execute(f"CREATE TEMP TABLE {temp} AS SELECT {', '.join(columns)} FROM {table} WHERE 0")
                marks = ",".join("?" * len(columns))
                conn.executemany(f"INSERT INTO {temp} VALUES ({marks})", rows)
                conn.execute(_delete_missing(table, temp, key))
                conn.execute(_upsert(table, temp, columns, key, sqlite=True))
                conn.execute(f"DROP TABLE {temp}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    async def close(self) -> None:
        self.conn.close()


class _PostgresSide(_Side):
    def __init__(self, conn: Any) -> None:
        self.conn = conn

    @staticmethod
    async def connect(url: str) -> _PostgresSide:
        import asyncpg

        return _PostgresSide(await asyncpg.connect(url))

    async def columns(self, table: str) -> list[str]:
        rows = await self.conn.fetch(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
            " AND table_name = $1 ORDER BY ordinal_position",
            table,
        )
        return [str(r[0]) for r in rows]

    async def count(self, table: str) -> int:
        return int(await self.conn.fetchval(f"SELECT COUNT(*) FROM {table}"))

    async def read(self, table: str, columns: Sequence[str], key: Sequence[str]) -> list[tuple[Any, ...]]:
        sql = f"SELECT {', '.join(columns)} FROM {table} ORDER BY {', '.join(key)}"
        return [tuple(r) for r in await self.conn.fetch(sql)]

    async def mirror(self, data: dict[str, tuple[list[str], list[tuple[Any, ...]]]]) -> None:
        conn = self.conn
        async with conn.transaction():
            for table, (columns, rows) in data.items():
                key = TABLES[table]
                temp = f"copy_{table}"
                await conn.execute(
                    f"CREATE TEMP TABLE {temp} ON COMMIT DROP AS SELECT {', '.join(columns)} FROM {table}"
                    " WITH NO DATA"
                )
                for start in range(0, len(rows), _CHUNK):
                    # SQLite hands back int/float/str/None: asyncpg encodes them for these columns
                    chunk = rows[start : start + _CHUNK]
                    await conn.copy_records_to_table(temp, records=chunk, columns=columns)
                await conn.execute(_delete_missing(table, temp, key))
                await conn.execute(_upsert(table, temp, columns, key, sqlite=False))
            # new tables made after the move must not reuse a copied id, nor results a finishing number
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('tables', 'id'), COALESCE(MAX(id), 0) + 1, false)"
                " FROM tables"
            )
            await conn.execute(
                "SELECT setval('results_finish_order', COALESCE(MAX(finish_seq), 0) + 1, false) FROM results"
            )
            await conn.execute(
                "UPDATE tables SET log_version = COALESCE("
                "(SELECT MAX(seq) FROM actions WHERE actions.table_id = tables.id), 0)"
            )

    async def close(self) -> None:
        await self.conn.close()


def _delete_missing(table: str, temp: str, key: Sequence[str]) -> str:
    match = " AND ".join(f"c.{k} = {table}.{k}" for k in key)
    return f"DELETE FROM {table} WHERE NOT EXISTS (SELECT 1 FROM {temp} c WHERE {match})"


def _upsert(table: str, temp: str, columns: Sequence[str], key: Sequence[str], sqlite: bool) -> str:
    others = [c for c in columns if c not in key]
    action = "DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in others) if others else "DO NOTHING"
    where = " WHERE true" if sqlite else ""  # SQLite's parser needs it before ON CONFLICT
    cols = ", ".join(columns)
    return f"INSERT INTO {table} ({cols}) SELECT {cols} FROM {temp}{where} ON CONFLICT ({', '.join(key)}) {action}"


async def _side(target: str) -> _Side:
    if is_postgres(target):
        return await _PostgresSide.connect(target)
    return _SqliteSide(sqlite_path(target))


async def copy(source: str, destination: str, out: Any = sys.stdout) -> Report:
    """Mirror `source` into `destination` and verify; raises CopyError / StoreError when it cannot."""
    # Opening each side as a store migrates both to this code's schema (and refuses a newer one).
    for target in (source, destination):
        opened = await open_store(target)
        await opened.close()
    src, dst = await _side(source), await _side(destination)
    try:
        foreign = await dst.table_ids() - await src.table_ids()
        if foreign:
            raise CopyError(
                f"the destination holds {len(foreign)} table(s) the source does not have (e.g. id "
                f"{min(foreign)}): it is not a copy of this source, so nothing was changed"
            )
        data: dict[str, tuple[list[str], list[tuple[Any, ...]]]] = {}
        for table, key in TABLES.items():
            columns = [c for c in await src.columns(table) if c not in DERIVED]
            missing = set(columns) - set(await dst.columns(table))
            if missing:
                raise CopyError(f"the destination's {table} lacks columns {sorted(missing)}")
            data[table] = (columns, await src.read(table, columns, key))
            print(f"{table}: {len(data[table][1])} rows", file=out)
        await dst.mirror(data)
        counts = {table: (await src.count(table), await dst.count(table)) for table in TABLES}
    finally:
        await src.close()
        await dst.close()
    report = Report(counts, 0, [])
    await _verify_tables(source, destination, report)
    return report


async def _verify_tables(source: str, destination: str, report: Report) -> None:
    """Every table loads the same from both sides and rebuilds to the same game state."""
    src: Store = await open_store(source)
    dst: Store = await open_store(destination)
    try:
        ids = sorted(r[0].id for r in await src.table_rows(limit=2**62))
        for table_id in ids:
            a, b = await src.load(table_id), await dst.load(table_id)
            if a != b:
                report.mismatches.append(f"table {table_id}: loads differently")
                continue
            if await src.actions(table_id) != await dst.actions(table_id):
                report.mismatches.append(f"table {table_id}: its log differs")
                continue
            if a is not None and _state_of(a) != _state_of(b):
                report.mismatches.append(f"table {table_id}: rebuilds to a different state")
            report.tables_checked += 1
    finally:
        await src.close()
        await dst.close()


def _state_of(record: Any) -> str:
    """The rebuilt game state as JSON text, or the reason it cannot be rebuilt (the same on both sides)."""
    try:
        live = rebuild(record)
    except TableUnavailable as err:
        return f"unavailable: {err.code}"
    if live.state is None:
        return "no state (lobby or ended before start)"
    return json.dumps(get_game(live.info.game).to_json(live.state), sort_keys=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.ops.copy", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--from", dest="source", required=True, help="sqlite:///tricktable.db or postgresql://…"
    )
    parser.add_argument("--to", dest="destination", required=True, help="postgresql://… or sqlite:///…")
    args = parser.parse_args(argv)
    try:
        report = asyncio.run(copy(args.source, args.destination))
    except (StoreError, CopyError, OSError, sqlite3.Error) as err:
        print(f"copy failed: {_safe(str(err), args.source, args.destination)}", file=sys.stderr)
        return 2
    except Exception as err:  # a driver error: one line, no traceback, no password
        text = _safe(f"{type(err).__name__}: {err}", args.source, args.destination)
        print(f"copy failed: {text}", file=sys.stderr)
        return 2
    for table, (a, b) in report.counts.items():
        if a != b:
            print(f"MISMATCH {table}: {a} rows in the source, {b} in the destination", file=sys.stderr)
    for line in report.mismatches:
        print(f"MISMATCH {line}", file=sys.stderr)
    if not report.ok:
        return 1
    total = sum(a for a, _ in report.counts.values())
    print(
        f"copied {total} rows from {redact_url(args.source)} to {redact_url(args.destination)}; "
        f"counts match and all {report.tables_checked} tables rebuild identically"
    )
    return 0


def _safe(text: str, *urls: str) -> str:
    from urllib.parse import urlsplit

    for url in urls:
        password = urlsplit(url).password if "://" in url else None
        if password:
            text = text.replace(password, "***")
    return text


if __name__ == "__main__":
    raise SystemExit(main())
