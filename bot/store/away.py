"""Time away and pause votes: the statements both stores run (with ? marks; PostgreSQL numbers them).

A person's time away is one row per period; coming back early moves its end. The limit of days away in
any 30 days is checked in the same transaction as the insert (SQLite: BEGIN IMMEDIATE; PostgreSQL: a
transaction lock on the person), so two `/away` at once (two processes) cannot pass it together.
"""

from __future__ import annotations

# time away already taken in the window [?, ?) by the person, the current period counted up to its start
USED = (
    "SELECT COALESCE(SUM(MIN(ends_at, ?) - MAX(starts_at, ?)), 0) FROM away_periods"
    " WHERE user_id = ? AND ends_at > ? AND starts_at < ?"
)
USED_PG = (
    "SELECT COALESCE(SUM(LEAST(ends_at, ?) - GREATEST(starts_at, ?)), 0) FROM away_periods"
    " WHERE user_id = ? AND ends_at > ? AND starts_at < ?"
)
END_CURRENT = "UPDATE away_periods SET ends_at = ? WHERE user_id = ? AND starts_at <= ? AND ends_at > ?"
INSERT = (
    "INSERT INTO away_periods (user_id, starts_at, ends_at) VALUES (?, ?, ?)"
    " ON CONFLICT (user_id, starts_at) DO UPDATE SET ends_at = excluded.ends_at"
)
FORGET_OLD = "DELETE FROM away_periods WHERE user_id = ? AND ends_at < ?"
WINDOW = 30 * 86400.0


def spans(count: int) -> str:
    """The periods of `count` people that began by a moment (one mark for it, then the ids), oldest first."""
    ids = ",".join("?" * count)
    return (
        "SELECT user_id, starts_at, ends_at FROM away_periods WHERE starts_at <= ?"
        f" AND user_id IN ({ids}) ORDER BY starts_at"
    )


VOTE = "INSERT INTO pause_votes (table_id, user_id, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"
VOTERS = "SELECT user_id FROM pause_votes WHERE table_id = ?"
CLEAR_VOTES = "DELETE FROM pause_votes WHERE table_id = ?"
