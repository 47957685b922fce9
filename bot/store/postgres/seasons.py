"""The PostgreSQL store's seasons (bot/store/seasons.py has the statements and why)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import asyncpg

from bot.store import seasons as q
from bot.store.base import Rater, SeasonStore
from bot.store.records import RatingRecord, ResultRow, rating_record
from bot.store.seasons import ALL_TIME, HALL_PLACES, HallRow, SeasonSettings
from bot.store.statements import numbered

RATING_LOCK = 0x7472_6B72  # the rating transaction's advisory lock (store.py): a season ends between ratings

_SETTINGS = numbered(q.SETTINGS)
_SET_SETTINGS = numbered(q.SET_SETTINGS)
_SEASON_RATING_INSERT = numbered(q.SEASON_RATING_INSERT)
_HISTORY_INSERT = numbered(q.HISTORY_INSERT)
_SEASON_RATINGS = (
    "SELECT scope, game, user_id, name, mu, sigma, ordinal, games, wins, updated_at FROM season_ratings"
    " WHERE season = $1 AND (scope, game, user_id) IN"
    " (SELECT * FROM unnest($2::bigint[], $3::text[], $4::bigint[]))"
)


async def rate_into_season(
    conn: asyncpg.Connection, result: ResultRow, rater: Rater, written: Sequence[RatingRecord]
) -> None:
    """Inside apply_ratings' transaction (under its advisory lock), after the all-time rows: their
    history, then the result's season (the server's cadence read in the same transaction), its rows and
    their history."""
    history = q.history_values(result, ALL_TIME, written)
    if history:
        await conn.executemany(_HISTORY_INSERT, history)
    row = await conn.fetchrow(_SETTINGS, result.guild_id)
    season = rater.season_of(result, row[0] if row else "monthly")
    if season is None:
        return
    keys = list(rater.season_keys(result))
    found = await conn.fetch(
        _SEASON_RATINGS, season, [k[0] for k in keys], [k[1] for k in keys], [k[2] for k in keys]
    )
    current = {(r[0], r[1], r[2]): rating_record(r) for r in found}
    rows = rater.rate_season(result, current)
    if rows:
        await conn.executemany(_SEASON_RATING_INSERT, q.season_values(season, rows))
        await conn.executemany(_HISTORY_INSERT, q.history_values(result, season, rows))
    await conn.execute(numbered(q.MARK_SEASON), season, result.table_id)


class PostgresSeasons(SeasonStore):
    """Mixed into PostgresStore: uses its pooled connections (`_conn`), one transaction per operation."""

    _conn: Callable[..., Any]

    async def season_settings(self, guild_id: int) -> SeasonSettings | None:
        async with self._conn() as conn:
            row = await conn.fetchrow(_SETTINGS, guild_id)
        return SeasonSettings(row[0], row[1]) if row else None

    async def set_season_settings(
        self, guild_id: int, *, cadence: str | None = None, channel_id: int | None = None, clear_channel: bool = False
    ) -> SeasonSettings:
        async with self._conn() as conn:
            row = await conn.fetchrow(
                _SET_SETTINGS, guild_id, cadence, channel_id, cadence, int(clear_channel), channel_id
            )
        return SeasonSettings(row[0], row[1])

    async def board_page(
        self, scope: int, season: str, game: str, offset: int, limit: int
    ) -> tuple[list[RatingRecord], int]:
        rows_sql, count_sql, extra = q.page_sql(season)
        async with self._conn() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            rows = await conn.fetch(numbered(rows_sql), scope, game, *extra, limit, offset)
            total = await conn.fetchval(numbered(count_sql), scope, game, *extra)
        return [rating_record(r) for r in rows], int(total)

    async def board_rank(self, scope: int, season: str, game: str, user_id: int) -> tuple[RatingRecord, int] | None:
        row_sql, before_sql, extra = q.rank_sql(season)
        async with self._conn() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            row = await conn.fetchrow(numbered(row_sql), scope, game, *extra, user_id)
            if row is None:
                return None
            r = rating_record(row)
            before = await conn.fetchval(
                numbered(before_sql), scope, game, *extra, r.ordinal, r.ordinal, r.wins, r.wins, r.user_id
            )
        return r, int(before) + 1

    async def seasons_of(self, guild_id: int) -> list[tuple[str, bool]]:
        async with self._conn() as conn:
            ended = {r[0] for r in await conn.fetch(numbered(q.ENDED_OF), guild_id)}
            rows = await conn.fetch(numbered(q.SEASONS_OF), guild_id)
        return [(r[0], r[0] in ended) for r in rows]

    async def open_seasons(self) -> list[tuple[int, str]]:
        async with self._conn() as conn:
            rows = await conn.fetch(q.OPEN_SEASONS)
        return [(int(r[0]), str(r[1])) for r in rows]

    async def end_season(self, guild_id: int, season: str, ends_at: float, now: float) -> list[HallRow] | None:
        async with self._conn() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", RATING_LOCK)  # no rating in between
            if await conn.fetchval(numbered(q.WAITING), guild_id, ends_at) is not None:
                return None
            if await conn.fetchval(numbered(q.END), guild_id, season, now) is None:
                return None  # the key refused it: recorded before, by this process or another
            top = [rating_record(r) for r in await conn.fetch(numbered(q.top_sql()), guild_id, season, HALL_PLACES)]
            hall = [
                HallRow(guild_id, season, place, r.user_id, r.name, r.ordinal, r.games, r.wins)
                for place, r in enumerate(top, start=1)
            ]
            if hall:
                await conn.executemany(numbered(q.HALL_INSERT), hall)
            return hall

    async def hall_of_fame(self, guild_id: int) -> list[HallRow]:
        async with self._conn() as conn:
            rows = await conn.fetch(numbered(q.HALL_OF), guild_id)
        return [HallRow(*tuple(r)) for r in rows]

    async def ordinals_at(
        self, scope: int, season: str, game: str, user_ids: Sequence[int], at: float
    ) -> dict[int, float]:
        if not user_ids:
            return {}
        async with self._conn() as conn:
            rows = await conn.fetch(numbered(q.ordinals_at_sql(len(user_ids))), scope, season, game, *user_ids, at)
        return {int(r[0]): float(r[1]) for r in rows}

    async def rating_history(self, scope: int, user_id: int, games: Sequence[str]) -> list[tuple[str, float, float]]:
        if not games:
            return []
        async with self._conn() as conn:
            rows = await conn.fetch(numbered(q.history_sql(len(games))), scope, user_id, *games)
        return [(str(r[0]), float(r[1]), float(r[2])) for r in rows]

    async def player_results(self, user_id: int, scope: int) -> list[tuple[str, float, int]]:
        async with self._conn() as conn:
            rows = await conn.fetch(numbered(q.PLAYER_RESULTS), user_id, scope, scope)
        return [(str(r[0]), float(r[1]), int(r[2])) for r in rows]
