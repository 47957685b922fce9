"""The PostgreSQL store's replay setting: whether a server's finished games show every hand in replays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.store.base import ReplayStore

_SET_REVEALS = (
    "INSERT INTO guild_settings (guild_id, replay_reveals) VALUES ($1, $2)"
    " ON CONFLICT (guild_id) DO UPDATE SET replay_reveals = excluded.replay_reveals RETURNING replay_reveals"
)


class PostgresReplays(ReplayStore):
    """Mixed into PostgresStore: uses its pooled connections (`_conn`)."""

    _conn: Callable[..., Any]

    async def replay_reveals(self, guild_id: int) -> bool:
        async with self._conn() as conn:
            value = await conn.fetchval("SELECT replay_reveals FROM guild_settings WHERE guild_id = $1", guild_id)
        return value is None or bool(value)

    async def set_replay_reveals(self, guild_id: int, reveals: bool) -> bool:
        async with self._conn() as conn:
            return bool(await conn.fetchval(_SET_REVEALS, guild_id, int(reveals)))
