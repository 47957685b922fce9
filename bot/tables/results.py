"""Results and ratings: a finished game's result row, the ratings it moves, leaderboards and stats.

The result is written with the game's final actions (one TableWrite), numbered in finishing order by the
store; ratings follow in the store's own transaction (`rate_pending`), which re-reads the ratings and the
result's `rated` mark, so every game is rated exactly once and in finishing order whichever process gets
there first; a crash in between leaves the result unrated and it is rated at the next start (or next
finish).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.store.records import GLOBAL_SCOPE, RatingRecord, ResultRow, ResultSeat
from bot.tables import ratings
from bot.tables.errors import TableError
from bot.tables.models import PlayerStats, RatingRow, TableInfo

if TYPE_CHECKING:
    from bot.tables.host import Host


def result_row(info: TableInfo, outcome: Any, now: float) -> ResultRow:
    """The rated result of a finished game: a resigned player is last (outside team games), a player an
    admin replaced is not rated."""
    n = len(info.seats)
    worst = max(outcome.placements) if outcome.placements else n
    team_of: dict[int, int] = {}
    for index, team in enumerate(outcome.teams or ()):
        for seat in team:
            team_of[seat] = index
    seats = []
    for s in info.seats:
        placement = outcome.placements[s.seat]
        rated_user = s.user_id if s.left in (None, "resigned") else None
        if s.left == "resigned" and outcome.teams is None:
            placement = worst + 1
        seats.append(
            ResultSeat(
                s.seat, rated_user, s.name, placement, float(outcome.scores[s.seat]), team_of.get(s.seat)
            )
        )
    return ResultRow(info.id, info.guild_id, info.game, now, outcome.to_json(), tuple(seats))


class Results:
    def __init__(self, host: Host) -> None:
        self.host = host

    async def rate_pending(self) -> list[int]:
        """Rate every finished game not rated yet (this process's and any other's), oldest first, each
        exactly once: the store does it in one transaction (RatingStore.apply_ratings)."""
        return await self.host.store.apply_ratings(ratings.OpenSkillRater(self.host.clock()))

    async def leaderboard(self, guild_id: int | None, game: str | None, limit: int) -> list[RatingRow]:
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        rows = await self.host.store.leaderboard(scope, game or ratings.ALL_GAMES, limit)
        return [
            RatingRow(i + 1, r.user_id, r.name, r.game, r.games, r.wins, r.ordinal, r.mu, r.sigma)
            for i, r in enumerate(rows)
        ]

    async def player_stats(self, user_id: int, guild_id: int | None) -> PlayerStats:
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        rows = await self.host.store.player_ratings(user_id, scope)
        return PlayerStats(
            user_id=user_id,
            guild_id=guild_id,
            rows=tuple(
                RatingRow(rank, r.user_id, r.name, r.game, r.games, r.wins, r.ordinal, r.mu, r.sigma)
                for r, rank in rows
            ),
        )

    # --- boards by season, pages and figures (bot/tables/seasons.py) -----------------------------------
    async def board_page(
        self, guild_id: int | None, season: str, game: str | None, page: int, viewer_id: int | None
    ) -> BoardPage:
        """One page of a board (season '' = all-time; global boards are all-time only), each row's trend
        since last week, and the viewer's own row when they are on the board. Raises TableError
        (season_page_gone) for a page past the end of a board that has rows."""
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        board = game or ratings.ALL_GAMES
        store = self.host.store
        records, total = await store.board_page(scope, season, board, page * PAGE_SIZE, PAGE_SIZE)
        pages = max(1, -(-total // PAGE_SIZE))
        if page < 0 or page >= pages:
            raise TableError("season_page_gone", pages=pages)
        rows = tuple(_row(page * PAGE_SIZE + i + 1, r) for i, r in enumerate(records))
        viewer = None
        if viewer_id is not None:
            found = await store.board_rank(scope, season, board, viewer_id)
            viewer = _row(found[1], found[0]) if found else None
        listed = [r.user_id for r in rows] + ([viewer.user_id] if viewer is not None else [])
        before = await store.ordinals_at(scope, season, board, listed, self.host.clock() - WEEK)

        def trend(r: RatingRow) -> float | None:
            return (r.rating - before[r.user_id]) if r.user_id in before else None

        trends = tuple(trend(r) for r in rows)
        mine = trend(viewer) if viewer is not None else None
        return BoardPage(guild_id, season, board, page, pages, total, rows, trends, viewer, mine)

    async def player_figures(self, user_id: int, guild_id: int | None) -> PlayerFigures:
        """The /stats picture's data: per game (and all games) the rating and rank, games, wins, average
        place and best winning streak, and the rating after each game (for the plot)."""
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        stats = await self.player_stats(user_id, guild_id)
        results = await self.host.store.player_results(user_id, scope)
        games = [r.game for r in stats.rows]
        history = await self.host.store.rating_history(scope, user_id, games)
        figures = []
        for row in stats.rows:
            places = [p for g, _at, p in results if row.game in (g, ratings.ALL_GAMES)]
            figures.append(
                GameFigures(
                    game=row.game,
                    rating=row.rating,
                    rank=row.rank,
                    games=row.games,
                    wins=row.wins,
                    average_place=sum(places) / len(places) if places else None,
                    best_streak=_best_streak(places),
                    points=tuple((at, o) for g, at, o in history if g == row.game),
                )
            )
        return PlayerFigures(user_id, guild_id, tuple(figures))


PAGE_SIZE = 10
WEEK = 7 * 24 * 3600.0


def _row(rank: int, r: RatingRecord) -> RatingRow:
    return RatingRow(rank, r.user_id, r.name, r.game, r.games, r.wins, r.ordinal, r.mu, r.sigma)


def _best_streak(places: list[int]) -> int:
    best = run = 0
    for place in places:
        run = run + 1 if place == 1 else 0
        best = max(best, run)
    return best


@dataclass(frozen=True, slots=True)
class BoardPage:
    """A page of a leaderboard: `trends[i]` is rows[i]'s rating change since a week ago (None: not rated
    then); `viewer` is the viewer's own row (rank = place on the board), None when not on it, and
    `viewer_trend` its change."""

    guild_id: int | None
    season: str
    game: str
    page: int
    pages: int
    total: int
    rows: tuple[RatingRow, ...]
    trends: tuple[float | None, ...]
    viewer: RatingRow | None
    viewer_trend: float | None = None


@dataclass(frozen=True, slots=True)
class GameFigures:
    game: str
    rating: float
    rank: int
    games: int
    wins: int
    average_place: float | None
    best_streak: int
    points: tuple[tuple[float, float], ...]  # (finished_at, rating after that game), oldest first


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    user_id: int
    guild_id: int | None
    games: tuple[GameFigures, ...]
