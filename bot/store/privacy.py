"""What the store does for privacy and limits (docs/privacy.md), written once for both backends.

A person who asks to be forgotten, and a server the bot left, are anonymized in place: their Discord id
becomes a fresh negative id (so a finished table's seats and results still add up, and a rating row stays
one row) and their name becomes a placeholder. Nothing links the new id to the old one. Each operation is
one transaction, so a crash leaves either the old rows or the anonymized ones.

The statements below use `?` placeholders; the PostgreSQL store numbers them ($1, $2, …) in order.
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Sequence

from bot.store.records import SeatRow, TableRow

ANONYMOUS_NAME = "Former player"
OPEN_STATUSES = ("lobby", "playing")


class OpenTablesLimit(Exception):
    """The person already has `count` open tables, the limit."""

    def __init__(self, count: int) -> None:
        super().__init__(f"{count} open tables")
        self.count = count


def anonymous_id() -> int:
    """A fresh id no Discord user has (negative), unrelated to the one it replaces."""
    return -(secrets.randbits(52) + 1)


COUNT_OPEN = (
    "SELECT count(*) FROM tables t WHERE t.status IN ('lobby', 'playing') AND (t.creator_id = ?"
    " OR EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id = ? AND s.left_as IS NULL))"
)

# (statement, which arguments) for one person: u = their id, a = the anonymous id, n = the placeholder name
FORGET_USER: tuple[tuple[str, str], ...] = (
    # first, while the seats still name them: a cached copy of these tables elsewhere is now stale, so a
    # process holding one cannot write its old seats back (tables.revision, docs/architecture.md)
    (
        "UPDATE tables SET revision = revision + 1"
        " WHERE creator_id = ? OR id IN (SELECT table_id FROM seats WHERE user_id = ?)",
        "uu",
    ),
    ("UPDATE seats SET user_id = ?, name = ? WHERE user_id = ?", "anu"),
    ("UPDATE tables SET creator_id = ? WHERE creator_id = ?", "au"),
    ("UPDATE actions SET user_id = ? WHERE user_id = ?", "au"),
    ("UPDATE result_seats SET user_id = ?, name = ? WHERE user_id = ?", "anu"),
    ("UPDATE ratings SET user_id = ?, name = ? WHERE user_id = ?", "anu"),
    ("UPDATE season_ratings SET user_id = ?, name = ? WHERE user_id = ?", "anu"),  # seasons
    ("UPDATE hall_of_fame SET user_id = ?, name = ? WHERE user_id = ?", "anu"),
    ("UPDATE rating_history SET user_id = ? WHERE user_id = ?", "au"),
    ("DELETE FROM user_settings WHERE user_id = ?", "u"),
    ("DELETE FROM away_periods WHERE user_id = ?", "u"),  # time away and pause votes
    ("DELETE FROM pause_votes WHERE user_id = ?", "u"),
)

_IN_GUILD = "table_id IN (SELECT id FROM tables WHERE guild_id = ?)"
GUILD_USERS = (
    "SELECT DISTINCT user_id FROM seats WHERE user_id > 0 AND " + _IN_GUILD
    + " UNION SELECT DISTINCT creator_id FROM tables WHERE creator_id > 0 AND guild_id = ?"
)
# (statement, which arguments) per person of a server: g = the guild id
FORGET_IN_GUILD: tuple[tuple[str, str], ...] = (
    (  # as in FORGET_USER: cached copies elsewhere become stale
        "UPDATE tables SET revision = revision + 1 WHERE guild_id = ?"
        " AND (creator_id = ? OR id IN (SELECT table_id FROM seats WHERE user_id = ?))",
        "guu",
    ),
    ("UPDATE seats SET user_id = ?, name = ? WHERE user_id = ? AND " + _IN_GUILD, "anug"),
    ("UPDATE tables SET creator_id = ? WHERE creator_id = ? AND guild_id = ?", "aug"),
    ("UPDATE actions SET user_id = ? WHERE user_id = ? AND " + _IN_GUILD, "aug"),
    ("UPDATE result_seats SET user_id = ?, name = ? WHERE user_id = ? AND " + _IN_GUILD, "anug"),
)
# once per server
FORGET_GUILD: tuple[str, ...] = (
    "DELETE FROM ratings WHERE scope = ?",
    "DELETE FROM season_ratings WHERE scope = ?",  # seasons
    "DELETE FROM rating_history WHERE scope = ?",
    "DELETE FROM hall_of_fame WHERE guild_id = ?",
    "DELETE FROM season_ends WHERE guild_id = ?",
    "DELETE FROM season_settings WHERE guild_id = ?",
    "DELETE FROM guild_settings WHERE guild_id = ?",
    "DELETE FROM pause_votes WHERE table_id IN (SELECT id FROM tables WHERE guild_id = ?)",
    "DELETE FROM table_meta WHERE " + _IN_GUILD,
    "DELETE FROM guild_departures WHERE guild_id = ?",
)


def arguments(which: str, user: int, anon: int, name: str, guild: int = 0) -> tuple[object, ...]:
    values = {"u": user, "a": anon, "n": name, "g": guild}
    return tuple(values[c] for c in which)


class PrivacyStore(ABC):
    """The privacy and limit operations both stores implement (SqlitePrivacy, PostgresPrivacy)."""

    @abstractmethod
    async def open_tables_of(self, user_id: int) -> int:
        """Lobbies and tables in play that the person created or sits at."""

    @abstractmethod
    async def insert_table_within_limit(
        self, row: TableRow, seats: Sequence[SeatRow], user_id: int, limit: int
    ) -> int:
        """insert_table, refused with OpenTablesLimit when the person already has `limit` open tables
        (the count and the insert are one transaction)."""

    @abstractmethod
    async def forget_user(self, user_id: int) -> int:
        """Anonymize the person everywhere (one transaction); returns the rows changed."""

    @abstractmethod
    async def mark_guild_left(self, guild_id: int, at: float) -> None: ...

    @abstractmethod
    async def mark_guild_back(self, guild_id: int) -> None: ...

    @abstractmethod
    async def guilds_left_before(self, at: float) -> list[int]: ...

    @abstractmethod
    async def forget_guild(self, guild_id: int) -> int:
        """Anonymize every person in the server's tables, drop its board and settings; rows changed."""


def guild_plan(users: Sequence[int], guild_id: int) -> list[tuple[str, tuple[object, ...]]]:
    """Every statement (with its arguments) that forgets one server, in order."""
    plan: list[tuple[str, tuple[object, ...]]] = []
    for user in users:
        anon = anonymous_id()
        plan += [(sql, arguments(which, user, anon, ANONYMOUS_NAME, guild_id)) for sql, which in FORGET_IN_GUILD]
    plan += [(sql, (guild_id,)) for sql in FORGET_GUILD]
    return plan


def user_plan(user_id: int) -> list[tuple[str, tuple[object, ...]]]:
    anon = anonymous_id()
    return [(sql, arguments(which, user_id, anon, ANONYMOUS_NAME)) for sql, which in FORGET_USER]
