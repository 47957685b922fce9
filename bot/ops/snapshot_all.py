"""`python -m bot.ops.snapshot_all [--db PATH]`: pin every table in play to a snapshot before an engine
upgrade.

Why: a table is stored as its seed plus its action log, with a snapshot of the game state every N
actions. After a restart it is rebuilt from its latest snapshot (or from `setup(seed)` when it has none)
and the log after it is replayed through `game.apply`. A release that changes an engine's randomness or
rules would replay that tail differently: another deal, other cards from a mid-game reshuffle, or an
action that no longer replays at all. Run this with the OLD release, with the bot stopped: every table in
play gets a snapshot at its current version, so the new release rebuilds it from that snapshot with an
empty tail. See deploy/README.md, "Upgrading the engines".

It only writes snapshots, through the same store write the table service uses (a TableWrite that
carries a snapshot and no actions): a table's version, log, seats and status are never touched, and
running it twice is harmless (a table whose snapshot is already at its version is left as it is).
Lobby tables need nothing (they are dealt when they start, by whichever release runs then); finished
tables already got a snapshot at their last action when they ended.

Last line on stdout: {"tables": N, "snapshotted": N, "already_current": N, "failed": N}, where
`tables` counts the tables in play. Exit status 1 when a table failed to load (their ids on stderr),
2 when the database cannot be opened.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from dataclasses import dataclass, field

from bot.settings import Settings
from bot.store.base import Store, StoreError
from bot.store.records import TableWrite
from bot.store.sqlite import SqliteStore
from bot.tables.errors import TableUnavailable
from bot.tables.live import rebuild
from bot.tables.models import TableStatus

_EVERY_TABLE = 2**62  # table_rows() takes a limit; this tool wants every table in play


@dataclass(slots=True)
class Summary:
    tables: int = 0
    snapshotted: int = 0
    already_current: int = 0
    failed: list[tuple[int, str]] = field(default_factory=list)  # (table id, why)

    def line(self) -> str:
        return json.dumps(
            {
                "tables": self.tables,
                "snapshotted": self.snapshotted,
                "already_current": self.already_current,
                "failed": len(self.failed),
            }
        )


async def snapshot_all(store: Store) -> Summary:
    """Write a snapshot at its current version for every table in play that lacks one."""
    summary = Summary()
    rows = await store.table_rows(statuses=(TableStatus.PLAYING.value,), limit=_EVERY_TABLE)
    for row, _ in sorted(rows, key=lambda r: r[0].id):
        summary.tables += 1
        try:
            why = await _snapshot_one(store, row.id, summary)
        except TableUnavailable as err:
            why = str(err)
        if why is not None:
            summary.failed.append((row.id, why))
    return summary


async def _snapshot_one(store: Store, table_id: int, summary: Summary) -> str | None:
    """Snapshot one table; returns why it failed, or None. Every table is rebuilt, even one whose
    snapshot is current, so a table that would not load after the upgrade is reported now."""
    record = await store.load(table_id)
    if record is None:
        return "vanished while the tool ran"
    live = rebuild(record)  # the bot's own loading code: snapshot + tail through game.apply
    version = record.table.version
    if record.snapshot is not None and record.snapshot_version == version:
        summary.already_current += 1
        return None
    game, state = live.game, live.state
    text = json.dumps(game.to_json(state), separators=(",", ":"))  # as the service writes snapshots
    if game.to_json(game.from_json(json.loads(text))) != game.to_json(state):
        return "its state does not survive a JSON round trip; no snapshot written"
    # updated_at is kept as it is: the snapshot is the only thing this tool changes
    write = TableWrite(
        table_id=table_id,
        base_version=version,
        new_version=version,
        updated_at=record.table.updated_at,
        snapshot=(version, text),
    )
    (error,) = await store.commit([write])
    if error is not None:
        return f"snapshot refused: {error}"
    summary.snapshotted += 1
    return None


async def run(path: str, synchronous: str = "NORMAL") -> Summary:
    store = SqliteStore(path, synchronous)
    await store.open()
    try:
        return await snapshot_all(store)
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.ops.snapshot_all",
        description="Snapshot every table in play (run with the OLD release before an engine upgrade).",
    )
    parser.add_argument("--db", default=None, help="SQLite file (default: TRICKTABLE_DB or ./tricktable.db)")
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    path = args.db or settings.database_path
    if not os.path.exists(path):  # opening would create (and migrate) an empty database there
        print(f"no database at {path}", file=sys.stderr)
        return 2
    try:
        summary = asyncio.run(run(path, settings.db_synchronous))
    except StoreError as err:
        print(f"cannot open {path}: {err}", file=sys.stderr)
        return 2
    for table_id, why in summary.failed:
        print(f"table {table_id} failed: {why}", file=sys.stderr)
    print(summary.line())
    return 1 if summary.failed else 0


if __name__ == "__main__":
    sys.exit(main())
