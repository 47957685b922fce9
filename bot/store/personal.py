"""What the store keeps of a person's day and of "Play again", written once for both backends: a
person's time zone, quiet hours and daily digest (columns of `user_settings`), and the one rematch
lobby of each finished table (`rematches`).

Why the database decides: a person may change their time zone in one process while the digest sweep of
another moves their next digest on; the change is one merging upsert (None keeps the stored value), and
the digest is moved on by a conditional update on the time it was due, so exactly one process sends it.
Two "Play again" clicks at once (two processes) insert one rematch row: its key is the source table.

The statements use `?` placeholders; the PostgreSQL store numbers them (bot/store/statements.py).
"""

from __future__ import annotations

from typing import Any, NamedTuple


class PersonRow(NamedTuple):
    """A person's stored time settings; None = never chosen (the defaults apply)."""

    timezone: str | None = None  # an IANA name; None: UTC, and the bot says so
    quiet_start: int | None = None  # minutes after local midnight; None: the default (23:00)
    quiet_end: int | None = None  # minutes after local midnight; None: the default (08:00)
    digest_hour: int | None = None  # local hour of the daily digest; None or -1: off
    digest_next_at: float | None = None  # when the next digest is due (epoch seconds; 0: to schedule)


PERSON_COLUMNS = ", ".join(PersonRow._fields)
_GIVEN = ("timezone", "quiet_start", "quiet_end", "digest_hour")

PERSON_ROW = f"SELECT {PERSON_COLUMNS} FROM user_settings WHERE user_id = ?"

# One merging statement: what is not given keeps the stored value. A new time zone or digest hour sets
# digest_next_at to 0, "to schedule" (the digest sweep schedules it in the new zone; 0 is always due, so
# the sweep's one indexed range finds it), or to NULL when the digest is off.
_SCHEDULE = "CASE WHEN COALESCE(excluded.digest_hour, user_settings.digest_hour) >= 0 THEN 0 END"
PERSON_UPDATE = (
    f"INSERT INTO user_settings (user_id, {', '.join(_GIVEN)}, digest_next_at) VALUES (?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (user_id) DO UPDATE SET "
    + ", ".join(f"{c} = COALESCE(excluded.{c}, user_settings.{c})" for c in _GIVEN)
    + ", digest_next_at = CASE WHEN excluded.timezone IS NOT NULL OR excluded.digest_hour IS NOT NULL"
    f" THEN {_SCHEDULE} ELSE user_settings.digest_next_at END"
    f" RETURNING {PERSON_COLUMNS}"
)

# People whose digest is due or to schedule (0): one range of the partial index user_settings_digest, so
# the clock loop's sweep every second reads only those rows.
DIGESTS_DUE = (
    "SELECT user_id, timezone, digest_hour, digest_next_at FROM user_settings"
    " WHERE digest_next_at <= ? AND digest_hour >= 0 ORDER BY digest_next_at LIMIT ?"
)

# Move a digest on from the time it was due (0: to schedule) to the next one: the process whose update
# changes the row sends it; another that read the same due time changes nothing.
MOVE_DIGEST = "UPDATE user_settings SET digest_next_at = ? WHERE user_id = ? AND digest_next_at = ? AND digest_hour >= 0"

REMATCH_OF = "SELECT table_id FROM rematches WHERE source_id = ?"
REMATCH_INSERT = "INSERT INTO rematches (source_id, table_id) VALUES (?, ?)"


def person_values(user_id: int, row: PersonRow) -> tuple[Any, ...]:
    """`(user_id, timezone, quiet_start, quiet_end, digest_hour, digest_next_at)` to merge (a first row
    with the digest on is to schedule: 0)."""
    first = 0.0 if row.digest_hour is not None and row.digest_hour >= 0 else None
    return (user_id, row.timezone, row.quiet_start, row.quiet_end, row.digest_hour, first)


def person_row(row: Any) -> PersonRow:
    """A row selected (or returned) as PERSON_COLUMNS."""
    return PersonRow(
        None if row[0] is None else str(row[0]),
        None if row[1] is None else int(row[1]),
        None if row[2] is None else int(row[2]),
        None if row[3] is None else int(row[3]),
        None if row[4] is None else float(row[4]),
    )


class DueDigest(NamedTuple):
    user_id: int
    timezone: str | None
    hour: int
    due_at: float | None  # None: not scheduled yet (stored as 0)


def due_digest(row: Any) -> DueDigest:
    due = None if row[3] is None or float(row[3]) == 0.0 else float(row[3])
    return DueDigest(int(row[0]), None if row[1] is None else str(row[1]), int(row[2]), due)
