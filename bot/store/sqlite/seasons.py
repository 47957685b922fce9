"""The SQLite store's seasons (bot/store/seasons.py has the statements and why)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

from bot.store import seasons as q
from bot.store.base import Rater, SeasonStore
from bot.store.records import RatingRecord, ResultRow, rating_record
from bot.store.seasons import ALL_TIME, HALL_PLACES, HallRow, SeasonSettings


def rate_into_season(conn: sqlite3.Connection, result: ResultRow, rater: Rater, written: Sequence[RatingRecord]) -> None:
    """Inside apply_ratings' transaction, after the all-time rows: their history, then the result's
    season (the server's cadence read under the same lock), its rows and their history."""
    conn.executemany(q.HISTORY_INSERT, q.history_values(result, ALL_TIME, written))
    row = conn.execute(q.SETTINGS, (result.guild_id,)).fetchone()
    season = rater.season_of(result, row[0] if row else "monthly")
    if season is None:
        return
    current = {
        (key[0], key[1], key[2]): record
        for key, record in _season_ratings(conn, season, rater.season_keys(result)).items()
    }
    rows = rater.rate_season(result, current)
    conn.executemany(q.SEASON_RATING_INSERT, q.season_values(season, rows))
    conn.executemany(q.HISTORY_INSERT, q.history_values(result, season, rows))
    conn.execute(q.MARK_SEASON, (season, result.table_id))


def _season_ratings(
    conn: sqlite3.Connection, season: str, keys: Sequence[tuple[int, str, int]]
) -> dict[tuple[int, str, int], RatingRecord]:
    found = {}
    for key in keys:
        row = conn.execute(
            "SELECT scope, game, user_id, name, mu, sigma, ordinal, games, wins, updated_at FROM season_ratings"
            " WHERE scope = ? AND season = ? AND game = ? AND user_id = ?",
            (key[0], season, key[1], key[2]),
        ).fetchone()
        if row:
            found[key] = rating_record(row)
    return found


class SqliteSeasons(SeasonStore):
    """Mixed into SqliteStore: uses its one connection thread (`_run`) and `BEGIN IMMEDIATE` (`_tx`)."""

    _run: Callable[..., Any]
    _tx: Callable[..., Any]

    async def season_settings(self, guild_id: int) -> SeasonSettings | None:
        row = await self._run(lambda conn: conn.execute(q.SETTINGS, (guild_id,)).fetchone())
        return SeasonSettings(*row) if row else None

    async def set_season_settings(
        self, guild_id: int, *, cadence: str | None = None, channel_id: int | None = None, clear_channel: bool = False
    ) -> SeasonSettings:
        args = (guild_id, cadence, channel_id, cadence, int(clear_channel), channel_id)

        def work(conn: sqlite3.Connection) -> SeasonSettings:
            return SeasonSettings(*self._tx(conn, lambda: conn.execute(q.SET_SETTINGS, args).fetchone()))

        result: SeasonSettings = await self._run(work)
        return result

    async def board_page(
        self, scope: int, season: str, game: str, offset: int, limit: int
    ) -> tuple[list[RatingRecord], int]:
        rows_sql, count_sql, extra = q.page_sql(season)

        def work(conn: sqlite3.Connection) -> tuple[list[RatingRecord], int]:
            rows = conn.execute(rows_sql, (scope, game, *extra, limit, offset)).fetchall()
            total = conn.execute(count_sql, (scope, game, *extra)).fetchone()[0]
            return [rating_record(r) for r in rows], int(total)

        page: tuple[list[RatingRecord], int] = await self._run(work)
        return page

    async def board_rank(self, scope: int, season: str, game: str, user_id: int) -> tuple[RatingRecord, int] | None:
        row_sql, before_sql, extra = q.rank_sql(season)

        def work(conn: sqlite3.Connection) -> tuple[RatingRecord, int] | None:
            row = conn.execute(row_sql, (scope, game, *extra, user_id)).fetchone()
            if row is None:
                return None
            r = rating_record(row)
            before = conn.execute(
                before_sql, (scope, game, *extra, r.ordinal, r.ordinal, r.wins, r.wins, r.user_id)
            ).fetchone()[0]
            return r, int(before) + 1

        found: tuple[RatingRecord, int] | None = await self._run(work)
        return found

    async def seasons_of(self, guild_id: int) -> list[tuple[str, bool]]:
        def work(conn: sqlite3.Connection) -> list[tuple[str, bool]]:
            ended = {r[0] for r in conn.execute(q.ENDED_OF, (guild_id,))}
            return [(r[0], r[0] in ended) for r in conn.execute(q.SEASONS_OF, (guild_id,))]

        found: list[tuple[str, bool]] = await self._run(work)
        return found

    async def open_seasons(self) -> list[tuple[int, str]]:
        rows = await self._run(lambda conn: conn.execute(q.OPEN_SEASONS).fetchall())
        return [(int(r[0]), str(r[1])) for r in rows]

    async def end_season(self, guild_id: int, season: str, ends_at: float, now: float) -> list[HallRow] | None:
        def work(conn: sqlite3.Connection) -> list[HallRow] | None:
            def body() -> list[HallRow] | None:  # BEGIN IMMEDIATE: no rating runs between the steps
                if conn.execute(q.WAITING, (guild_id, ends_at)).fetchone() is not None:
                    return None
                if conn.execute(q.END, (guild_id, season, now)).fetchone() is None:
                    return None
                top = [rating_record(r) for r in conn.execute(q.top_sql(), (guild_id, season, HALL_PLACES))]
                hall = [
                    HallRow(guild_id, season, place, r.user_id, r.name, r.ordinal, r.games, r.wins)
                    for place, r in enumerate(top, start=1)
                ]
                conn.executemany(q.HALL_INSERT, hall)
                return hall

            found: list[HallRow] | None = self._tx(conn, body)
            return found

        ended: list[HallRow] | None = await self._run(work)
        return ended

    async def hall_of_fame(self, guild_id: int) -> list[HallRow]:
        rows = await self._run(lambda conn: conn.execute(q.HALL_OF, (guild_id,)).fetchall())
        return [HallRow(*r) for r in rows]

    async def ordinals_at(
        self, scope: int, season: str, game: str, user_ids: Sequence[int], at: float
    ) -> dict[int, float]:
        if not user_ids:
            return {}
        sql = q.ordinals_at_sql(len(user_ids))
        rows = await self._run(lambda conn: conn.execute(sql, (scope, season, game, *user_ids, at)).fetchall())
        return {int(r[0]): float(r[1]) for r in rows}

    async def rating_history(self, scope: int, user_id: int, games: Sequence[str]) -> list[tuple[str, float, float]]:
        if not games:
            return []
        sql = q.history_sql(len(games))
        rows = await self._run(lambda conn: conn.execute(sql, (scope, user_id, *games)).fetchall())
        return [(str(r[0]), float(r[1]), float(r[2])) for r in rows]

    async def player_results(self, user_id: int, scope: int) -> list[tuple[str, float, int]]:
        rows = await self._run(lambda conn: conn.execute(q.PLAYER_RESULTS, (user_id, scope, scope)).fetchall())
        return [(str(r[0]), float(r[1]), int(r[2])) for r in rows]

