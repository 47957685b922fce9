"""What a store offers for relaying Updates between bot processes (bot/tables/relay.py uses it), and for
the messages a bot posts itself that no log brings back (bot/tables/relay_own.py): rows written in the
transaction of their change, deleted once Discord took their post.

A store several processes share relays between them (PostgreSQL: bot/store/postgres/relay.py); the SQLite
store is one process's (bot/store/sqlite/relay.py): it relays nothing, its rows are the bot's own messages,
posted by its next start when it was killed before their post went through.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol, runtime_checkable


class RelayRow(NamedTuple):
    """One Update on its way: the table's server (its shard decides the owner), table, version, text, and
    the owner's shard (-1: worked out from the server by the store, with the sender's shard count)."""

    guild_id: int
    table_id: int
    version: int
    payload: str
    shard: int = -1


class Claimed(NamedTuple):
    id: int  # the order the rows were written in (per sender: the order they were published in)
    table_id: int
    payload: str


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's shard of a server; a table without a server (0) belongs to shard 0, like DMs."""
    return (guild_id >> 22) % shard_count if guild_id > 0 else 0


@runtime_checkable
class RelayStore(Protocol):
    relay_shared: bool = True  # several processes use it (the relay hands rows between them)

    def on_relay(self, listener: Callable[[frozenset[int]], None]) -> None:
        """Call `listener(shards)` when another process wrote rows for tables of those shards."""

    async def relay_send(self, rows: Sequence[RelayRow], shard_count: int) -> None:
        """Write the rows (in this order) and tell the owners, in one statement."""

    async def relay_claim(
        self, shard_ids: Sequence[int] | None, limit: int, lease_seconds: float = 60.0
    ) -> list[Claimed]:
        """Lease and return up to `limit` rows of these shards (None: all), oldest first: rows never
        claimed, or whose lease ran out (their claimer died before posting them). A row is leased by one
        process at a time; two claiming at once take different rows."""

    async def relay_done(self, ids: Sequence[int]) -> None:
        """Delete claimed rows whose Updates the claimer's listeners took (the lease's end)."""

    async def relay_expire(self, keep_seconds: float) -> list[int]:
        """Drop rows older than `keep_seconds` (nobody runs their shard); returns their tables."""
