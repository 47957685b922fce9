"""The SQLite store's replay setting: whether a server's finished games show every hand in replays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.store.base import ReplayStore

SET_REVEALS = (
    "INSERT INTO guild_settings (guild_id, replay_reveals) VALUES (?, ?)"
    " ON CONFLICT (guild_id) DO UPDATE SET replay_reveals = excluded.replay_reveals RETURNING replay_reveals"
)


class SqliteReplays(ReplayStore):
    """Mixed into SqliteStore: uses its one connection thread (`_run`) and `BEGIN IMMEDIATE` (`_tx`)."""

    _run: Callable[..., Any]
    _tx: Callable[..., Any]

    async def replay_reveals(self, guild_id: int) -> bool:
        row = await self._run(
            lambda conn: conn.execute(
                "SELECT replay_reveals FROM guild_settings WHERE guild_id = ?", (guild_id,)
            ).fetchone()
        )
        return row is None or row[0] is None or bool(row[0])

    async def set_replay_reveals(self, guild_id: int, reveals: bool) -> bool:
        def work(conn: Any) -> bool:
            return bool(self._tx(conn, lambda: conn.execute(SET_REVEALS, (guild_id, int(reveals))).fetchone()[0]))

        return bool(await self._run(work))
