"""Online backup of the Tricktable database while the bot runs (SQLite's backup API; WAL-safe).

    python deploy/backup.py /var/lib/tricktable/tricktable.db /var/backups/tricktable-$(date +%F).db

The copy is a consistent snapshot even with the bot writing; it is checked with `PRAGMA integrity_check`.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path


def backup(source: str, target: str) -> None:
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    try:
        with dst:
            src.backup(dst, pages=1024)
        result = dst.execute("PRAGMA integrity_check").fetchone()[0]
        if result != "ok":
            raise SystemExit(f"backup {target} failed its integrity check: {result}")
    finally:
        dst.close()
        src.close()


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        sys.stderr.write(__doc__ or "")
        return 2
    backup(argv[1], argv[2])
    print(f"backed up {argv[1]} -> {argv[2]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
