"""Rows exchanged with a store, and how a database row becomes one. Plain data, so both stores produce the
same records.

Each record's columns are listed here once, in the order its converter reads them (`table_row`,
`as_guild_row`, …), and both stores select, insert and return them through these lists: a new column of
these tables is added here and in the two migration folders, not in each store."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bot.store.relay import RelayRow

GLOBAL_SCOPE = -1  # the ratings scope of the global board (guild ids are positive; the terminal is 0)


@dataclass(frozen=True, slots=True)
class TableRow:
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: str
    variant: str
    options: dict[str, str]
    status: str
    seed: int
    version: int
    creator_id: int
    clock_mode: str
    clock_seconds: int
    created_at: float
    updated_at: float
    # bumped by every change of the row or its seats (lobby seats, status, thread, an AI taking a seat):
    # a lobby change or TableWrite made on an older revision is refused (see bot/store/base.py)
    revision: int = 0
    clock_bank: str | None = None  # time bank "start,increment,cap" seconds (bot/tables/bank.py); None: fixed
    away_ok: bool = True  # False: a quick async game where time away does not stop the clocks


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    user_id: int | None
    name: str
    ai_policy: str | None = None
    left_as: str | None = None


@dataclass(frozen=True, slots=True)
class ActionRow:
    seq: int
    seat: int
    action: str
    user_id: int | None
    via: str  # user | ai | clock
    at: float
    idem_key: str | None = None


@dataclass(frozen=True, slots=True)
class DeadlineRow:
    """One seat's clock. Running (`held` None): it runs out at `due_at`, reminds at `remind_at`, and has
    run since `since`. Stopped (`held` = the seconds it still holds): `why` says why ("idle": a time bank's
    reserve while the seat owes nothing; "away": its person is away, looked at again at `due_at`;
    "paused": the table is paused) and `due_at` is when the clock loop looks at it again (FAR: never)."""

    seat: int
    due_at: float
    remind_at: float
    reminded: bool = False
    since: float = 0.0
    held: float | None = None
    why: str = ""


@dataclass(frozen=True, slots=True)
class ResultSeat:
    seat: int
    user_id: int | None
    name: str
    placement: int
    score: float
    team: int | None


@dataclass(frozen=True, slots=True)
class ResultRow:
    table_id: int
    guild_id: int
    game: str
    finished_at: float
    outcome: dict[str, Any]
    seats: tuple[ResultSeat, ...]


@dataclass(frozen=True, slots=True)
class LoadedTable:
    """Everything needed to rebuild one table: its row, seats, latest snapshot and the log after it."""

    table: TableRow
    seats: tuple[SeatRow, ...]
    snapshot_version: int  # 0 with snapshot None: rebuild from setup(seed)
    snapshot: str | None
    tail: tuple[ActionRow, ...]
    recent_keys: tuple[str, ...]
    deadlines: tuple[DeadlineRow, ...]


@dataclass(slots=True)
class TableWrite:
    """One table's change, committed with other tables' changes in one transaction (group commit).

    Refused as a whole (VersionConflict / DuplicateKey), with other writes in the same group unaffected,
    when: the table's version in the database (its log length) is not `base_version` (also for a write
    that adds no log rows: clocks only, a seat handed to an AI); `base_revision` is given and the table's
    revision is not it; or an idempotency key repeats. A write that sets `status` or `seats` bumps the
    revision by one (the writer's new revision is base_revision + 1).
    """

    table_id: int
    base_version: int
    new_version: int
    updated_at: float
    actions: list[ActionRow] = field(default_factory=list)
    snapshot: tuple[int, str] | None = None
    deadlines: list[DeadlineRow] | None = None  # None: unchanged; a list replaces the table's deadlines
    status: str | None = None
    result: ResultRow | None = None
    seats: list[SeatRow] | None = None  # None: unchanged; a list replaces the seats (an AI takes over)
    base_revision: int | None = None  # None: the revision is not checked (tools); the service always sets it
    # Updates for the process that owns the table's channel, when that is another process (several
    # processes on PostgreSQL, bot/tables/relay.py): written in the same transaction as the actions, so
    # a process killed after its commit cannot lose them. Stores shared by one process ignore them.
    relay: list[RelayRow] = field(default_factory=list)


class GuildRow(NamedTuple):
    """A server's stored settings as the database holds them; None = not set on this server (the
    operator's default applies)."""

    default_clock: str | None = None
    table_channels: str | None = None  # JSON list of channel ids; '[]' = any channel
    text_only: bool | None = None  # True: no card pictures
    ai_level: str | None = None  # easy | normal | strong: the AI that takes over a seat here


@dataclass(frozen=True, slots=True)
class RatingRecord:
    scope: int  # GLOBAL_SCOPE (-1): global; otherwise a guild id
    game: str  # a game id, or "*" for all games
    user_id: int
    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int
    updated_at: float = 0.0


def table_columns(version: str) -> str:
    """The `tables` columns in `table_row`'s order; `version` is how the backend reads the log's length
    (SQLite counts the log, PostgreSQL keeps it on the row)."""
    return (
        "id, guild_id, channel_id, thread_id, game, variant, options, status, seed,"
        f" {version}, creator_id, clock_mode, clock_seconds, created_at, updated_at, revision, clock_bank,"
        " away_ok"
    )


def table_row(row: Sequence[Any]) -> TableRow:
    """A `tables` row selected with `table_columns`."""
    return TableRow(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        thread_id=row[3],
        game=row[4],
        variant=row[5],
        options=json.loads(row[6]),
        status=row[7],
        seed=row[8],
        version=row[9],
        creator_id=row[10],
        clock_mode=row[11],
        clock_seconds=row[12],
        created_at=row[13],
        updated_at=row[14],
        revision=row[15],
        clock_bank=row[16],
        away_ok=bool(row[17]),
    )


ACTION_COLUMNS = "seq, seat, action, user_id, via, at, idem_key"
SEAT_COLUMNS = "seat, user_id, name, ai_policy, left_as"
RESULT_SEAT_COLUMNS = "seat, user_id, name, placement, score, team"
RATING_COLUMNS = "scope, game, user_id, name, mu, sigma, ordinal, games, wins, updated_at"
GUILD_COLUMNS = ", ".join(GuildRow._fields)


def action_row(row: Sequence[Any]) -> ActionRow:
    return ActionRow(
        seq=row[0], seat=row[1], action=row[2], user_id=row[3], via=row[4], at=row[5], idem_key=row[6]
    )


def seat_values(table_id: int, s: SeatRow) -> tuple[Any, ...]:
    """A seat as `(table_id, SEAT_COLUMNS…)`."""
    return (table_id, s.seat, s.user_id, s.name, s.ai_policy, s.left_as)


def result_seat_values(table_id: int, s: ResultSeat) -> tuple[Any, ...]:
    """A result's seat as `(table_id, RESULT_SEAT_COLUMNS…)`."""
    return (table_id, s.seat, s.user_id, s.name, s.placement, s.score, s.team)


def rating_record(row: Sequence[Any]) -> RatingRecord:
    return RatingRecord(*row)


def rating_values(r: RatingRecord) -> tuple[Any, ...]:
    """A rating as `RATING_COLUMNS` values."""
    return (r.scope, r.game, r.user_id, r.name, r.mu, r.sigma, r.ordinal, r.games, r.wins, r.updated_at)


def as_guild_row(row: Sequence[Any]) -> GuildRow:
    """A `guild_settings` row selected (or returned) as `GUILD_COLUMNS`; text_only is stored as 0/1."""
    return GuildRow(row[0], row[1], None if row[2] is None else bool(row[2]), row[3])


def guild_values(guild_id: int, row: GuildRow) -> tuple[Any, ...]:
    """`(guild_id, GUILD_COLUMNS…)` to write (text_only as 0/1)."""
    text_only = None if row.text_only is None else int(row.text_only)
    return (guild_id, row.default_clock, row.table_channels, text_only, row.ai_level)


def user_settings(row: Sequence[Any]) -> tuple[str | None, bool]:
    """A `user_settings` row's (language, dm_pings)."""
    return (None if row[0] is None else str(row[0]), bool(row[1]))


TABLE_INSERT_COLUMNS = (
    "guild_id, channel_id, thread_id, game, variant, options, status, seed, creator_id, clock_mode,"
    " clock_seconds, created_at, updated_at, clock_bank, away_ok"
)


def table_insert_values(row: TableRow) -> tuple[Any, ...]:
    """A new table's values in TABLE_INSERT_COLUMNS order (both stores insert the same columns)."""
    return (
        row.guild_id,
        row.channel_id,
        row.thread_id,
        row.game,
        row.variant,
        json.dumps(row.options, sort_keys=True),
        row.status,
        row.seed,
        row.creator_id,
        row.clock_mode,
        row.clock_seconds,
        row.created_at,
        row.updated_at,
        row.clock_bank,
        int(row.away_ok),
    )


def clock_row(table_id: int, clocks: Sequence[DeadlineRow]) -> tuple[int, float, str]:
    """One table's clocks as a row (both stores): the earliest pending moment, and every seat's clock.

    The JSON is written by hand: the very text `json.dumps(…, separators=(",", ":"))` writes for these
    ints and finite floats (both use repr), in a third of the time (json.dumps builds an encoder per call;
    this runs for nearly every action)."""
    next_at = min(d.due_at if d.reminded else min(d.due_at, d.remind_at) for d in clocks)
    text = ",".join([_clock_json(d) for d in clocks])
    return table_id, next_at, f"[{text}]"


def _clock_json(d: DeadlineRow) -> str:
    """A running clock as before time banks (4 items, plus when it started); a stopped one with what it
    holds and why (`why` is one of a few plain words, so it needs no escaping)."""
    if d.held is None:
        return f"[{d.seat},{d.due_at!r},{d.remind_at!r},{int(d.reminded)},{d.since!r}]"
    return f'[{d.seat},{d.due_at!r},{d.remind_at!r},{int(d.reminded)},{d.since!r},{d.held!r},"{d.why}"]'


def decode_clocks(text: str) -> list[DeadlineRow]:
    out = []
    for c in json.loads(text):
        since = float(c[4]) if len(c) > 4 else 0.0
        held = float(c[5]) if len(c) > 5 and c[5] is not None else None
        why = str(c[6]) if len(c) > 6 else ""
        out.append(DeadlineRow(int(c[0]), float(c[1]), float(c[2]), bool(c[3]), since, held, why))
    return out
