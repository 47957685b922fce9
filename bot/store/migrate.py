"""The rule both stores' migrations follow: a folder of numbered files, NNNN_name.sql, run 1, 2, 3… without
gaps (bot/store/sqlite/migrations/, bot/store/postgres/migrations/; each applies them its own way)."""

from __future__ import annotations

import re
from importlib import resources

from bot.store.base import StoreError

_NAME = re.compile(r"^(\d{4})_[\w-]+\.sql$")


def numbered(package: str) -> list[tuple[int, str, str]]:
    """(number, file name, SQL) of the package's migration files in order; numbers must run 1, 2, 3…
    without gaps."""
    found = []
    for entry in resources.files(package).iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    for index, (number, name, _) in enumerate(found, start=1):
        if number != index:
            raise StoreError(f"migration {name} is out of sequence (expected number {index})")
    return found
