"""Seasons in the store, written once for both backends (PostgreSQL numbers the `?` marks).

A server's two boards (per game and all games) are kept per season beside the all-time ones; the store
rates a result into its season inside the rating transaction (`apply_ratings`), so a game counts in
exactly one season, in finishing order, whichever process rates it. Every rating a result writes is also
kept in `rating_history` (season '' is all-time) for the trend since last week and the rating plot. A
season's end is a row in `season_ends` whose key refuses a second: the process whose insert took writes
the hall of fame (the top three of the all-games board) in the same transaction, and only it announces.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.store.records import RATING_COLUMNS, RatingRecord, ResultRow

ALL_TIME = ""  # the season key of the all-time boards (the `ratings` table)
HALL_PLACES = 3


class SeasonSettings(NamedTuple):
    """A server's season cadence ('monthly', 'quarterly', 'none') and announcement channel (None: none)."""

    cadence: str
    channel_id: int | None


class HallRow(NamedTuple):
    """One place of an ended season's hall of fame."""

    guild_id: int
    season: str
    place: int
    user_id: int
    name: str
    ordinal: float
    games: int
    wins: int


HALL_COLUMNS = ", ".join(HallRow._fields)
SETTINGS = "SELECT cadence, channel_id FROM season_settings WHERE guild_id = ?"
# (guild, cadence, channel, cadence, clear_channel (0/1), channel)
SET_SETTINGS = (
    "INSERT INTO season_settings (guild_id, cadence, channel_id) VALUES (?, COALESCE(?, 'monthly'), ?)"
    " ON CONFLICT (guild_id) DO UPDATE SET cadence = COALESCE(?, season_settings.cadence),"
    " channel_id = CASE WHEN ? = 1 THEN NULL ELSE COALESCE(?, season_settings.channel_id) END"
    " RETURNING cadence, channel_id"
)
SEASON_RATING_INSERT = (
    f"INSERT INTO season_ratings (season, {RATING_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)"
    " ON CONFLICT (scope, season, game, user_id) DO UPDATE SET name = excluded.name, mu = excluded.mu,"
    " sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games, wins = excluded.wins,"
    " updated_at = excluded.updated_at"
)
HISTORY_INSERT = (
    "INSERT INTO rating_history (scope, season, game, user_id, table_id, at, ordinal)"
    " VALUES (?,?,?,?,?,?,?) ON CONFLICT DO NOTHING"
)
MARK_SEASON = "UPDATE results SET season = ? WHERE table_id = ?"
SEASONS_OF = "SELECT DISTINCT season FROM season_ratings WHERE scope = ?"
ENDED_OF = "SELECT season FROM season_ends WHERE guild_id = ?"
OPEN_SEASONS = (
    "SELECT DISTINCT scope, season FROM season_ratings s WHERE NOT EXISTS"
    " (SELECT 1 FROM season_ends e WHERE e.guild_id = s.scope AND e.season = s.season)"
)
WAITING = "SELECT 1 FROM results WHERE guild_id = ? AND rated = 0 AND finished_at < ? LIMIT 1"
END = "INSERT INTO season_ends (guild_id, season, ended_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING guild_id"
HALL_INSERT = f"INSERT INTO hall_of_fame ({HALL_COLUMNS}) VALUES (?,?,?,?,?,?,?,?)"
HALL_OF = f"SELECT {HALL_COLUMNS} FROM hall_of_fame WHERE guild_id = ? ORDER BY season, place"
_ORDER = " ORDER BY ordinal DESC, wins DESC, user_id"
PLAYER_RESULTS = (
    "SELECT r.game, r.finished_at, s.placement FROM result_seats s JOIN results r ON r.table_id = s.table_id"
    " WHERE s.user_id = ? AND (? = -1 OR r.guild_id = ?) ORDER BY r.finish_seq, r.table_id"
)


def board_from(season: str) -> tuple[str, str, tuple[object, ...]]:
    """(table, extra WHERE, its argument) of a board: the all-time `ratings` or a season's rows."""
    if season == ALL_TIME:
        return "ratings", "", ()
    return "season_ratings", " AND season = ?", (season,)


def page_sql(season: str) -> tuple[str, str, tuple[object, ...]]:
    """(rows statement, count statement, season argument); rows take (scope, game, *season, limit, offset)."""
    table, extra, args = board_from(season)
    where = f" FROM {table} WHERE scope = ? AND game = ?{extra}"
    return f"SELECT {RATING_COLUMNS}{where}{_ORDER} LIMIT ? OFFSET ?", f"SELECT COUNT(*){where}", args


def rank_sql(season: str) -> tuple[str, str, tuple[object, ...]]:
    """(the player's row, how many rows sort before it); both take (scope, game, *season, user_id) and
    the second also (ordinal, ordinal, wins, wins, user_id): the rank is the row's place on the page order."""
    table, extra, args = board_from(season)
    where = f" FROM {table} WHERE scope = ? AND game = ?{extra}"
    return (
        f"SELECT {RATING_COLUMNS}{where} AND user_id = ?",
        f"SELECT COUNT(*){where} AND (ordinal > ? OR (ordinal = ? AND (wins > ? OR (wins = ? AND user_id < ?))))",
        args,
    )


def top_sql() -> str:
    """The hall of fame's candidates: a season's all-games board, best first (scope, season, limit)."""
    return f"SELECT {RATING_COLUMNS} FROM season_ratings WHERE scope = ? AND season = ? AND game = '*'{_ORDER} LIMIT ?"


def ordinals_at_sql(count: int) -> str:
    """Each listed player's latest rating on a board at or before a moment (scope, season, game,
    *user_ids, at)."""
    return (
        "SELECT h.user_id, h.ordinal FROM rating_history h WHERE h.scope = ? AND h.season = ? AND h.game = ?"
        f" AND h.user_id IN ({','.join('?' * count)}) AND h.at = (SELECT MAX(m.at) FROM rating_history m"
        " WHERE m.scope = h.scope AND m.season = h.season AND m.game = h.game AND m.user_id = h.user_id"
        " AND m.at <= ?)"
    )


def history_sql(games: int) -> str:
    """A player's all-time rating after each game (scope, user_id, *games), oldest first."""
    return (
        "SELECT game, at, ordinal FROM rating_history WHERE scope = ? AND season = '' AND user_id = ?"
        f" AND game IN ({','.join('?' * games)}) ORDER BY at, table_id"
    )


def season_values(season: str, rows: Sequence[RatingRecord]) -> list[tuple[object, ...]]:
    return [
        (season, r.scope, r.game, r.user_id, r.name, r.mu, r.sigma, r.ordinal, r.games, r.wins, r.updated_at)
        for r in rows
    ]


def history_values(result: ResultRow, season: str, rows: Sequence[RatingRecord]) -> list[tuple[object, ...]]:
    return [(r.scope, season, r.game, r.user_id, result.table_id, result.finished_at, r.ordinal) for r in rows]
