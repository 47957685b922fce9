"""The store interface the table service needs: small on purpose, so PostgreSQL can implement it too.

Every method is one round trip. Concurrency is decided by the database (the log's (table, seq) key and
the table's version), never only by the caller's locks, so several bot processes can share one store.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence

from bot.store.records import (
    ActionRow,
    DeadlineRow,
    LoadedTable,
    RatingRecord,
    ResultRow,
    SeatRow,
    TableRow,
    TableWrite,
)


class StoreError(Exception):
    """The store cannot be used (e.g. the database was written by a newer Tricktable)."""


class VersionConflict(Exception):
    """Someone else advanced this table first (the expected version is stale)."""

    def __init__(self, table_id: int, expected: int) -> None:
        super().__init__(f"table {table_id}: version {expected} is stale")
        self.table_id = table_id
        self.expected = expected


class DuplicateKey(Exception):
    """An idempotency key was already used on this table."""


class Store(ABC):
    @abstractmethod
    async def open(self) -> None: ...

    @abstractmethod
    async def close(self) -> None: ...

    # tables and seats
    @abstractmethod
    async def insert_table(self, row: TableRow, seats: Sequence[SeatRow]) -> int:
        """Insert a new table (row.id is ignored) and its seats; returns the new id."""

    async def insert_tables_bulk(self, rows: Sequence[tuple[TableRow, Sequence[SeatRow]]]) -> list[int]:
        """Many new tables at once (benchmarks, imports); a store may do it in one transaction."""
        return [await self.insert_table(row, seats) for row, seats in rows]

    @abstractmethod
    async def update_table(
        self,
        table_id: int,
        updated_at: float,
        seats: Sequence[SeatRow] | None = None,
        status: str | None = None,
        thread_id: int | None = None,
        set_thread: bool = False,
        expect_status: str | None = None,
        clear_deadlines: bool = False,
    ) -> bool:
        """Change a table's lobby data. False when `expect_status` did not match (nothing changed)."""

    @abstractmethod
    async def load(self, table_id: int) -> LoadedTable | None: ...

    @abstractmethod
    async def table_rows(
        self,
        guild_id: int | None = None,
        channel_id: int | None = None,
        statuses: Sequence[str] = (),
        user_id: int | None = None,
        limit: int = 100,
    ) -> list[tuple[TableRow, tuple[SeatRow, ...]]]: ...

    # the log
    @abstractmethod
    async def commit(self, writes: Sequence[TableWrite]) -> list[Exception | None]:
        """Commit writes together; per write, None or the reason it was refused."""

    @abstractmethod
    async def actions(self, table_id: int, after: int = 0) -> list[ActionRow]: ...

    @abstractmethod
    async def snapshot(self, table_id: int) -> tuple[int, str] | None: ...

    # clocks
    @abstractmethod
    async def due_deadlines(self, now: float, limit: int = 500) -> list[tuple[int, DeadlineRow]]:
        """(table_id, deadline) for every clock that is due or whose reminder is due."""

    # results and ratings
    @abstractmethod
    async def unrated_results(self) -> list[ResultRow]: ...

    @abstractmethod
    async def ratings_for(
        self, keys: Sequence[tuple[int, str, int]]
    ) -> dict[tuple[int, str, int], RatingRecord]: ...

    @abstractmethod
    async def save_ratings(self, table_id: int, rows: Sequence[RatingRecord]) -> None:
        """Write rating rows and mark the result rated, in one transaction."""

    @abstractmethod
    async def leaderboard(self, scope: int, game: str, limit: int) -> list[RatingRecord]: ...

    @abstractmethod
    async def player_ratings(self, user_id: int, scope: int) -> list[tuple[RatingRecord, int]]:
        """The player's rows in a scope with their rank (1 = best) on each board."""

    # user settings
    @abstractmethod
    async def get_settings(self, user_id: int) -> tuple[str | None, bool] | None: ...

    @abstractmethod
    async def set_settings(self, user_id: int, language: str | None, dm_pings: bool) -> None: ...

    # per-server settings: (default clock or None, JSON list of channel ids or None) — None = not set
    @abstractmethod
    async def get_guild_settings(self, guild_id: int) -> tuple[str | None, str | None] | None: ...

    @abstractmethod
    async def set_guild_settings(
        self, guild_id: int, default_clock: str | None, table_channels: str | None
    ) -> None: ...

    # per-server card pictures (migration 0006): True = text only; None = never set (pictures on)
    @abstractmethod
    async def get_guild_text_only(self, guild_id: int) -> bool | None: ...

    @abstractmethod
    async def set_guild_text_only(self, guild_id: int, text_only: bool | None) -> None: ...

    # a front end's per-table bookkeeping: key -> JSON text
    @abstractmethod
    async def get_table_meta(self, table_id: int) -> dict[str, str]: ...

    @abstractmethod
    async def set_table_meta(self, table_id: int, values: Mapping[str, str | None]) -> None:
        """Upsert each key; a None value deletes that key."""
