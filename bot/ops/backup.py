"""Online backups of the SQLite database, with rotation, and their restore.

    python -m bot.ops.backup create [--db PATH] [--dir DIR] [--keep N]   a consistent copy while the bot runs
    python -m bot.ops.backup list   [--dir DIR]                          the copies, newest first
    python -m bot.ops.backup restore BACKUP [--db PATH]                  put a copy back (the bot stopped)

`create` uses SQLite's online backup API, which copies a consistent snapshot even while the bot writes
(WAL mode: a plain `cp` can miss the latest actions still in the -wal file). Each copy is checked with
`PRAGMA integrity_check`, written under a temporary name and renamed, so a half-written copy never looks
like a backup; then all but the newest N are deleted. Defaults come from the same settings as the bot
(TRICKTABLE_DB) and TRICKTABLE_BACKUP_DIR (default: `backups/` beside the database), so the systemd timer
and the compose service need no arguments.

`restore` refuses while the bot holds the database (it would overwrite tables in play), checks the copy,
keeps the current file as `<db>.before-restore`, and removes stale -wal/-shm files. PostgreSQL
deployments back up with pg_dump instead (deploy/README.md).
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import time
from pathlib import Path

PREFIX = "tricktable-"
SUFFIX = ".db"


class BackupError(Exception):
    """A backup or restore that could not be done; the message is one line for the operator."""


def default_db() -> Path:
    return Path(os.environ.get("TRICKTABLE_DB", "").strip() or "./tricktable.db")


def default_dir(db: Path) -> Path:
    explicit = os.environ.get("TRICKTABLE_BACKUP_DIR", "").strip()
    return Path(explicit) if explicit else db.resolve().parent / "backups"


def _check(path: Path) -> None:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        result = con.execute("PRAGMA integrity_check").fetchone()[0]
    except sqlite3.DatabaseError as err:
        raise BackupError(f"{path} is not a readable SQLite database ({err})") from err
    finally:
        con.close()
    if result != "ok":
        raise BackupError(f"{path} failed its integrity check: {result}")


def backups(directory: Path) -> list[Path]:
    """The backups in `directory`, newest first (their names sort by time)."""
    if not directory.is_dir():
        return []
    return sorted(directory.glob(f"{PREFIX}*{SUFFIX}"), reverse=True)


def create(db: Path, directory: Path, keep: int = 14, now: float | None = None) -> Path:
    """A checked online copy of `db` in `directory`; keeps the newest `keep` copies."""
    if not db.exists():
        raise BackupError(f"no database at {db} (set TRICKTABLE_DB or --db)")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise BackupError(f"cannot create the backup folder {directory}: {err.strerror}") from err
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.time() if now is None else now))
    target = directory / f"{PREFIX}{stamp}{SUFFIX}"
    partial = directory / f".{target.name}.partial"
    src = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        dst = sqlite3.connect(partial)
        try:
            with dst:
                src.backup(dst, pages=1024, sleep=0.005)  # small steps: the bot keeps writing meanwhile
            # The copy inherits the bot's WAL mode, and a WAL file opened read-only (the check below, an
            # operator's look) leaves -wal and -shm files beside it that nothing removes: a backup is one
            # self-contained file in the rollback journal mode instead (a restored database goes back
            # to WAL when the bot opens it).
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
    except sqlite3.Error as err:
        partial.unlink(missing_ok=True)
        raise BackupError(f"backup of {db} failed: {err}") from err
    finally:
        src.close()
    _check(partial)
    os.replace(partial, target)
    for old in backups(directory)[max(keep, 1):]:
        old.unlink(missing_ok=True)
    # Side files that versions before self-contained backups left beside each one (their check's -wal/-shm).
    for side in ("-wal", "-shm"):
        for stray in directory.glob(f".{PREFIX}*{SUFFIX}.partial{side}"):
            stray.unlink(missing_ok=True)
    return target


def _in_use(db: Path) -> bool:
    """True when another connection holds the database (the bot running): an exclusive lock fails."""
    if not db.exists():
        return False
    con = sqlite3.connect(db, timeout=0.2, isolation_level=None)
    try:
        con.execute("BEGIN EXCLUSIVE")
        con.execute("ROLLBACK")
        return False
    except sqlite3.OperationalError:
        return True
    finally:
        con.close()


def _copy(source: str, target: Path) -> None:
    """SQLite's backup API from `source` (a path or a read-only URI) into a new file `target`."""
    src = sqlite3.connect(source, uri=source.startswith("file:"))
    dst = sqlite3.connect(target)
    try:
        with dst:
            src.backup(dst)
    finally:
        dst.close()
        src.close()


def restore(backup: Path, db: Path) -> Path | None:
    """Put `backup` in place of `db`; returns where the replaced database was kept (None if none)."""
    if not backup.exists():
        raise BackupError(f"no backup at {backup}")
    _check(backup)
    if _in_use(db):
        raise BackupError(f"{db} is in use: stop the bot first (systemctl stop tricktable / docker compose stop)")
    kept = None
    if db.exists():
        kept = db.with_name(db.name + ".before-restore")
        _copy(str(db), kept)  # a consistent copy of the current file, WAL included
    partial = db.with_name(f".{db.name}.restoring")
    _copy(f"file:{backup}?mode=ro", partial)
    for extra in ("-wal", "-shm"):
        Path(str(db) + extra).unlink(missing_ok=True)
    os.replace(partial, db)
    return kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.ops.backup", description="Online SQLite backups and restore.")
    sub = parser.add_subparsers(dest="command", required=True)
    make = sub.add_parser("create", help="a consistent copy while the bot runs, then rotation")
    make.add_argument("--db", type=Path, default=None)
    make.add_argument("--dir", type=Path, default=None)
    make.add_argument("--keep", type=int, default=int(os.environ.get("TRICKTABLE_BACKUP_KEEP", "14") or 14))
    show = sub.add_parser("list", help="the backups, newest first")
    show.add_argument("--db", type=Path, default=None)
    show.add_argument("--dir", type=Path, default=None)
    back = sub.add_parser("restore", help="put a backup back in place (stop the bot first)")
    back.add_argument("backup", type=Path)
    back.add_argument("--db", type=Path, default=None)
    args = parser.parse_args(argv)
    db = args.db or default_db()
    try:
        if args.command == "create":
            target = create(db, args.dir or default_dir(db), keep=args.keep)
            print(f"backed up {db} -> {target}")
        elif args.command == "list":
            for path in backups(args.dir or default_dir(db)):
                print(f"{path}  {path.stat().st_size} bytes")
        else:
            kept = restore(args.backup, db)
            print(f"restored {args.backup} -> {db}" + (f" (the replaced database is kept as {kept})" if kept else ""))
    except BackupError as err:
        sys.stderr.write(f"tricktable backup: {err}\n")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
