"""Results and ratings: a finished game's result row, the ratings it moves, leaderboards and stats.

The result is written with the game's final actions (one TableWrite), numbered in finishing order by the
store; ratings follow in the store's own transaction (`rate_pending`), which re-reads the ratings and the
result's `rated` mark, so every game is rated exactly once and in finishing order whichever process gets
there first; a crash in between leaves the result unrated and it is rated at the next start (or next
finish).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.store.records import GLOBAL_SCOPE, ResultRow, ResultSeat
from bot.tables import ratings
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
