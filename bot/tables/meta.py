"""A front end's own per-table bookkeeping (JSON values), kept across restarts. Not part of the table's
log: the host never reads it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.store.base import Store


class TableMeta:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def get(self, table_id: int) -> dict[str, Any]:
        return {k: json.loads(v) for k, v in (await self.store.get_table_meta(table_id)).items()}

    async def set(self, table_id: int, values: Mapping[str, Any]) -> None:
        """Set keys (JSON-serialisable values); a None value removes the key."""
        await self.store.set_table_meta(
            table_id,
            {k: None if v is None else json.dumps(v, separators=(",", ":")) for k, v in values.items()},
        )
