"""The store interface the table service needs, as small Protocols (one per concern), so PostgreSQL can
implement it too and a test can fake one part. `Store` is all of them; `SqliteStore` implements it.

Every method is one round trip. Concurrency is decided by the database, never only by the caller's
locks, so several bot processes can share one store:
- a table's log key (table, seq) and its version (the log length) refuse a write made on a stale copy,
  also when the write adds no log rows (clocks, a seat handed to an AI);
- a table's `revision` (bumped by every change of its row or seats: lobby seats, status, thread, an AI
  taking a seat) refuses a lobby change or a TableWrite made on a stale copy (`expect_revision`,
  `TableWrite.base_revision`);
- ratings are applied by the store itself, inside one transaction per call, oldest finished game first,
  each result exactly once (`RatingStore.apply_ratings`).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from bot.store.personal import DueDigest, PersonRow
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
from bot.store.records import (
    GuildRow as GuildRow,  # (bot.tables reads it here, beside the Protocol that returns it)
)
from bot.store.relay import RelayRow
from bot.store.seasons import HallRow, SeasonSettings

RatingKey = tuple[int, str, int]  # (scope, game, user_id)


class StoreError(Exception):
    """The store cannot be used (e.g. the database was written by a newer Tricktable)."""


class VersionConflict(Exception):
    """Someone else changed this table first (its version or revision is not the one expected)."""

    def __init__(self, table_id: int, expected: int) -> None:
        super().__init__(f"table {table_id}: version {expected} is stale")
        self.table_id = table_id
        self.expected = expected


class DuplicateKey(Exception):
    """An idempotency key was already used on this table."""


class Rater(Protocol):
    """How a result moves ratings (pure; bot.tables.ratings). The store calls it inside its transaction."""

    def keys(self, result: ResultRow) -> Sequence[RatingKey]:
        """The rating rows `rate` needs to read."""
        ...

    def rate(self, result: ResultRow, current: Mapping[RatingKey, RatingRecord]) -> Sequence[RatingRecord]:
        """The new rows (missing keys in `current` are new players)."""
        ...

    def season_of(self, result: ResultRow, cadence: str) -> str | None:
        """The season the result counts in under its server's cadence (None: the server has none)."""
        ...

    def season_keys(self, result: ResultRow) -> Sequence[RatingKey]:
        """The season rows `rate_season` needs to read (within the result's season)."""
        ...

    def rate_season(
        self, result: ResultRow, current: Mapping[RatingKey, RatingRecord]
    ) -> Sequence[RatingRecord]:
        """The result's new rows on its season's boards."""
        ...


class TableStore(Protocol):
    """Tables and their seats."""

    def on_table_change(self, listener: Callable[[int, int, int], None]) -> None:
        """Call `listener(table_id, version, revision)` when ANOTHER process changed a table (-1: not
        known; table_id 0: any table may have changed, e.g. after the connection that listens was
        lost). A process drops its copy when it is behind. PostgreSQL hears it through LISTEN/NOTIFY; a
        store used by one process hears nothing, which is this default."""
        return None

    @abstractmethod
    async def insert_table(self, row: TableRow, seats: Sequence[SeatRow]) -> int:
        """Insert a new table (row.id and row.revision are ignored; revision starts at 0) and its seats;
        returns the new id."""

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
        expect_revision: int | None = None,
        relay: Sequence[RelayRow] = (),
    ) -> bool:
        """Change a table's row, seats or clocks in one transaction and bump its revision by one.

        Conditional: False (nothing changed) when the table's status is not `expect_status` or its
        revision is not `expect_revision` (when given). The caller's new revision is expect_revision + 1.
        `relay`: the change's Updates for another process's tables (a lobby note, a closing note), written
        in the same transaction (only a store several processes share gets any: bot/store/relay.py).
        """

    @abstractmethod
    async def load(self, table_id: int) -> LoadedTable | None:
        """The table's row (with its version and revision), seats, snapshot, log tail, keys, clocks."""

    @abstractmethod
    async def table_rows(
        self,
        guild_id: int | None = None,
        channel_id: int | None = None,
        statuses: Sequence[str] = (),
        user_id: int | None = None,
        limit: int = 100,
    ) -> list[tuple[TableRow, tuple[SeatRow, ...]]]: ...


class LogStore(Protocol):
    """The action log, snapshots and the group commit of table writes."""

    @abstractmethod
    async def commit(self, writes: Sequence[TableWrite]) -> list[Exception | None]:
        """Commit writes together; per write, None or the reason it was refused (VersionConflict,
        DuplicateKey). A refused write never sinks the others. See TableWrite for the checks."""

    @abstractmethod
    async def actions(self, table_id: int, after: int = 0) -> list[ActionRow]: ...

    @abstractmethod
    async def snapshot(self, table_id: int) -> tuple[int, str] | None: ...


class ClockStore(Protocol):
    @abstractmethod
    async def due_deadlines(self, now: float, limit: int = 500) -> list[tuple[int, DeadlineRow]]:
        """(table_id, deadline) for every clock that is due or whose reminder is due."""

    async def claim_due_deadlines(
        self, now: float, lease: float = 5.0, limit: int = 500
    ) -> list[tuple[int, DeadlineRow]]:
        """Like due_deadlines, but each table's due clocks go to ONE caller when several processes share
        the store: the store hands the table's row to this caller for `lease` seconds (a new clock
        written for the table ends the claim; a process that dies mid-way loses it when the lease runs
        out, and another picks the table up). This default, for one process, is due_deadlines."""
        return await self.due_deadlines(now, limit)


class RatingStore(Protocol):
    """Results and ratings."""

    @abstractmethod
    async def unrated_results(self) -> list[ResultRow]:
        """Results whose ratings are not applied yet, in finishing order (the order they committed)."""

    @abstractmethod
    async def apply_ratings(self, rater: Rater) -> list[int]:
        """Rate every unrated result, in finishing order, in ONE transaction that re-reads: for each, read
        `rater.keys(result)`, write `rater.rate(result, current)` and mark the result rated. Two processes
        (or two games finishing at once) never rate a result twice or lose an update. Returns the table
        ids rated by this call, in order."""

    @abstractmethod
    async def ratings_for(self, keys: Sequence[RatingKey]) -> dict[RatingKey, RatingRecord]:
        """Rating rows by key (tools and tests; the service rates through apply_ratings)."""

    @abstractmethod
    async def save_ratings(self, table_id: int, rows: Sequence[RatingRecord]) -> None:
        """Write rating rows and mark the result rated, in one transaction (tools and tests: a blind
        write; the service rates through apply_ratings)."""

    @abstractmethod
    async def leaderboard(self, scope: int, game: str, limit: int) -> list[RatingRecord]: ...

    @abstractmethod
    async def player_ratings(self, user_id: int, scope: int) -> list[tuple[RatingRecord, int]]:
        """The player's rows in a scope with their rank (1 = best) on each board."""


class SeasonStore(Protocol):
    """Seasons (bot/store/seasons.py): boards by season, paging and ranks, season ends and the hall of
    fame, the rating history. Season '' (ALL_TIME) is the all-time board."""

    @abstractmethod
    async def season_settings(self, guild_id: int) -> SeasonSettings | None: ...

    @abstractmethod
    async def set_season_settings(
        self, guild_id: int, *, cadence: str | None = None, channel_id: int | None = None, clear_channel: bool = False
    ) -> SeasonSettings:
        """Change only what is given, in one merging statement; returns the stored settings."""

    @abstractmethod
    async def board_page(
        self, scope: int, season: str, game: str, offset: int, limit: int
    ) -> tuple[list[RatingRecord], int]:
        """One page of a board, best first, and how many rows the board has."""

    @abstractmethod
    async def board_rank(self, scope: int, season: str, game: str, user_id: int) -> tuple[RatingRecord, int] | None:
        """The player's row and its place (1 = first) in the page order, or None when not on the board."""

    @abstractmethod
    async def seasons_of(self, guild_id: int) -> list[tuple[str, bool]]:
        """(season, ended) for every season of the server that has a board."""

    @abstractmethod
    async def open_seasons(self) -> list[tuple[int, str]]:
        """(guild, season) of every season with a board whose end is not recorded yet."""

    @abstractmethod
    async def end_season(self, guild_id: int, season: str, ends_at: float, now: float) -> list[HallRow] | None:
        """Record the season's end and its hall of fame in one transaction, once: None when it was
        recorded before (by any process) or a result finished before `ends_at` is still unrated; else the
        hall of fame this call wrote (maybe empty)."""

    @abstractmethod
    async def hall_of_fame(self, guild_id: int) -> list[HallRow]: ...

    @abstractmethod
    async def ordinals_at(
        self, scope: int, season: str, game: str, user_ids: Sequence[int], at: float
    ) -> dict[int, float]:
        """Each player's rating on the board as it was at `at` (players rated only later are absent)."""

    @abstractmethod
    async def rating_history(self, scope: int, user_id: int, games: Sequence[str]) -> list[tuple[str, float, float]]:
        """(game, at, ordinal) of the player's all-time rating after each rated game, oldest first."""

    @abstractmethod
    async def player_results(self, user_id: int, scope: int) -> list[tuple[str, float, int]]:
        """(game, finished_at, placement) of every result of the player in the scope, in finishing order."""


class SettingsStore(Protocol):
    """Per-user and per-server settings (not table concerns)."""

    @abstractmethod
    async def get_settings(self, user_id: int) -> tuple[str | None, bool] | None: ...

    @abstractmethod
    async def update_settings(
        self, user_id: int, language: str | None = None, dm_pings: bool | None = None
    ) -> tuple[str | None, bool]:
        """Change only what is given (None keeps the stored value) in ONE statement the database decides,
        so two changes at once (two processes) both stay; returns the stored (language, dm_pings)."""

    @abstractmethod
    async def guild_row(self, guild_id: int) -> GuildRow | None:
        """Every stored setting of a server in one read (None: the server never set anything)."""

    @abstractmethod
    async def update_guild_settings(
        self,
        guild_id: int,
        *,
        default_clock: str | None = None,
        table_channels: str | None = None,
        text_only: bool | None = None,
        ai_level: str | None = None,
    ) -> GuildRow:
        """Change only what is given (None keeps the stored value) in ONE statement the database decides,
        so two admins changing different settings at once (two processes) both keep theirs; returns the
        merged row as stored."""

    @abstractmethod
    async def add_guild_channel(self, guild_id: int, channel_id: int, base_channels: str) -> GuildRow:
        """Add one channel to the server's table channels in ONE statement: the stored list (or
        `base_channels`, a JSON list, where the server has none yet) plus `channel_id`, sorted, no
        duplicates; two channels added at once both stay. Returns the merged row."""


class PersonalStore(Protocol):
    """A person's day (time zone, quiet hours, daily digest): columns of their settings row, merged by
    the database like `update_settings` (bot/store/personal.py says why)."""

    @abstractmethod
    async def person(self, user_id: int) -> PersonRow | None:
        """The person's stored time settings (None: they never set any setting)."""

    @abstractmethod
    async def update_person(self, user_id: int, change: PersonRow) -> PersonRow:
        """Merge the fields of `change` that are not None with the stored row in ONE statement (two
        changes at once both stay); a new time zone or digest hour unschedules the next digest.
        Returns the merged row."""

    @abstractmethod
    async def digests_due(self, now: float, limit: int = 500) -> list[DueDigest]:
        """People whose digest is on and due (or not scheduled yet)."""

    @abstractmethod
    async def move_digest(self, user_id: int, due_at: float | None, next_at: float) -> bool:
        """Move the person's digest from `due_at` (None: unscheduled) to `next_at`, only if it is still
        `due_at`: True for exactly one caller (the one that sends it)."""


class RematchStore(Protocol):
    """"Play again": one rematch lobby per finished table, decided by the database."""

    @abstractmethod
    async def rematch_of(self, source_id: int) -> int | None:
        """The rematch table of `source_id`, if one was made."""

    @abstractmethod
    async def insert_rematch(self, source_id: int, row: TableRow, seats: Sequence[SeatRow]) -> tuple[int, bool]:
        """Insert the rematch lobby of `source_id` and its key in ONE transaction, unless one exists:
        (table id, True) for the caller that made it, (the existing id, False) for every other caller
        (also one that raced it from another process)."""


class AwayStore(Protocol):
    """Time away (bot/tables/away.py) and the votes to pause a table (bot/tables/pause.py)."""

    @abstractmethod
    async def start_away(self, user_id: int, starts_at: float, ends_at: float, allowed: float) -> float | None:
        """Record the person away from `starts_at` to `ends_at` (ending a current period at `starts_at`),
        in ONE transaction that first adds up their time away in the 30 days before `starts_at`: None when
        recorded, or the seconds already used when the new period would pass `allowed` (nothing changed)."""

    @abstractmethod
    async def end_away(self, user_id: int, at: float) -> bool:
        """The person is back at `at`: their current period ends there (False: they were not away)."""

    @abstractmethod
    async def away_spans(self, user_ids: Sequence[int], now: float) -> dict[int, tuple[float, float]]:
        """Each person's latest period of time away that began by `now`: (starts_at, ends_at); a person
        is away at `now` when ends_at > now."""

    @abstractmethod
    async def add_pause_vote(
        self,
        table_id: int,
        user_id: int,
        at: float,
        note: Callable[[frozenset[int]], Sequence[RelayRow]] | None = None,
    ) -> frozenset[int]:
        """The person agrees to pause the table (a second vote is the same vote); returns every voter
        (of two votes at once, the later one sees both). `note(voters)`, called inside the vote's
        transaction, returns the rows of the vote's note for another process (bot/store/relay.py),
        written in that transaction."""

    @abstractmethod
    async def clear_pause_votes(self, table_id: int, relay: Sequence[RelayRow] = ()) -> None:
        """Forget the table's votes; `relay`: the rows of the note saying so, in the same transaction."""

    @abstractmethod
    async def pause_votes(self, table_id: int) -> frozenset[int]: ...


class ReplayStore(Protocol):
    """A server's choice for replays of its finished games (/settings server replay_reveals)."""

    @abstractmethod
    async def replay_reveals(self, guild_id: int) -> bool:
        """True (the default, also for a server that never chose): a finished game's replay shows every
        hand and hidden choice; False: each viewer sees only what their seat saw."""

    @abstractmethod
    async def set_replay_reveals(self, guild_id: int, reveals: bool) -> bool:
        """One upsert (two admins at once: the last write stands, nothing else of the row changes)."""


class MetaStore(Protocol):
    """A front end's per-table bookkeeping: key -> JSON text."""

    @abstractmethod
    async def get_table_meta(self, table_id: int) -> dict[str, str]: ...

    @abstractmethod
    async def set_table_meta(self, table_id: int, values: Mapping[str, str | None]) -> None:
        """Upsert each key; a None value deletes that key."""


class Store(
    TableStore, LogStore, ClockStore, RatingStore, SeasonStore, SettingsStore, MetaStore, AwayStore, ReplayStore, Protocol
):
    """Everything the table service uses. Subclass it explicitly (the abstract methods are enforced)."""

    @abstractmethod
    async def open(self) -> None: ...

    @abstractmethod
    async def close(self) -> None: ...
