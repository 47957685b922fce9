"""The PostgreSQL store's relay of Updates between processes (bot/store/relay.py says what; the table is
in migrations/0008_relay.sql, its leases in 0013). Rows are written and announced (NOTIFY
tricktable_relay, payload the shards they are for) in one statement, so an owner never hears of rows it
cannot see yet."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.store.relay import Claimed, RelayRow, RelayStore, shard_of

RELAY_CHANNEL = "tricktable_relay"

RELAY_SEND = """
WITH r AS (
  INSERT INTO relay (guild_id, table_id, version, payload, shard)
  SELECT g, t, v, p, s FROM unnest($1::bigint[], $2::bigint[], $3::int[], $4::text[], $5::int[])
      WITH ORDINALITY AS u(g, t, v, p, s, n)
  ORDER BY n
  RETURNING 1
)
SELECT (SELECT COUNT(*) FROM r), pg_notify('tricktable_relay', $6)
"""
# a claim is a lease: rows nobody holds (never claimed, or their lease ran out: the owner that took them
# died before its listeners had them) are marked, and deleted by `relay_done` once posted
_CLAIM = """
UPDATE relay SET leased_until = now() + $3 * interval '1 second' WHERE id IN (
  SELECT id FROM relay
  WHERE ($1::int[] IS NULL OR shard = ANY($1::int[])) AND (leased_until IS NULL OR leased_until < now())
  ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
RETURNING id, table_id, payload
"""
_DONE = "DELETE FROM relay WHERE id = ANY($1::bigint[])"
# a row still leased is its owner's (posting it while Discord is away): not dropped under it
_EXPIRE = """
DELETE FROM relay WHERE created_at < now() - $1 * interval '1 second'
  AND (leased_until IS NULL OR leased_until < now())
RETURNING table_id
"""


def relay_columns(rows: Sequence[RelayRow], shard_count: int) -> list[Any]:
    """The rows as the statements' arrays (server, table, version, payload, shard), then the NOTIFY
    payload: the shards they are for. Also the group commit's (rows.py), which writes the relayed
    Updates of a click in the same transaction as the click itself."""
    of = [r.shard if r.shard >= 0 else shard_of(r.guild_id, shard_count) for r in rows]
    columns: list[Any] = [[r[i] for r in rows] for i in range(4)]
    return [*columns, of, " ".join(str(s) for s in sorted(set(of)))]


class PostgresRelay(RelayStore):
    """Mixed into PostgresStore: its pooled connections (`_conn`); its listening connection calls
    `_heard_relay` (added next to the table-change listener, and again after a reconnect)."""

    _conn: Callable[..., Any]

    def on_relay(self, listener: Callable[[frozenset[int]], None]) -> None:
        self.__dict__.setdefault("_relay_listeners", []).append(listener)

    def _heard_relay(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        shards = frozenset(int(s) for s in payload.split())
        for listener in self.__dict__.get("_relay_listeners", ()):
            listener(shards)

    async def relay_send(self, rows: Sequence[RelayRow], shard_count: int) -> None:
        if not rows:
            return
        async with self._conn() as conn:
            await conn.execute(RELAY_SEND, *relay_columns(rows, shard_count))

    async def relay_claim(
        self, shard_ids: Sequence[int] | None, limit: int, lease_seconds: float = 60.0
    ) -> list[Claimed]:
        async with self._conn() as conn:
            rows = await conn.fetch(
                _CLAIM, None if shard_ids is None else list(shard_ids), limit, float(lease_seconds)
            )
        return sorted(Claimed(int(r[0]), int(r[1]), str(r[2])) for r in rows)

    async def relay_done(self, ids: Sequence[int]) -> None:
        if ids:
            async with self._conn() as conn:
                await conn.execute(_DONE, list(ids))

    async def relay_expire(self, keep_seconds: float) -> list[int]:
        async with self._conn() as conn:
            rows = await conn.fetch(_EXPIRE, float(keep_seconds))
        return sorted(int(r[0]) for r in rows)
