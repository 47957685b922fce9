"""Ratings with openskill (Plackett-Luce): per (server, game), per server over all games ("*"), and the
same two globally. Only human seats are rated; a game with fewer than two human sides still counts as a
game played (and a win) but moves no rating, so beating AI seats cannot farm rating.

Seasons: the server's two boards are also kept per season (bot/tables/seasons.py), starting fresh each
season with the same model; the store asks the rater which season a result counts in, inside the same
rating transaction, so each game lands in exactly one season.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.store.records import GLOBAL_SCOPE, RatingRecord, ResultRow
from bot.tables import seasons

ALL_GAMES = "*"


@cache
def model() -> Any:
    """The openskill model, imported on first use (a restart should not wait for it)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


def rating_keys(result: ResultRow) -> list[tuple[int, str, int]]:
    scopes = _scopes(result)
    return [(scope, game, s.user_id) for scope, game in scopes for s in result.seats if s.user_id is not None]


def _scopes(result: ResultRow) -> list[tuple[int, str]]:
    return [*_server_scopes(result), (GLOBAL_SCOPE, result.game), (GLOBAL_SCOPE, ALL_GAMES)]


def _server_scopes(result: ResultRow) -> list[tuple[int, str]]:
    """The boards a season keeps: the server's, per game and over all games (seasons are a server's)."""
    return [(result.guild_id, result.game), (result.guild_id, ALL_GAMES)]


@dataclass(frozen=True, slots=True)
class OpenSkillRater:
    """The store's `Rater` (bot/store/base.py): the store calls it inside its rating transaction."""

    now: float

    def keys(self, result: ResultRow) -> Sequence[tuple[int, str, int]]:
        return rating_keys(result)

    def rate(
        self, result: ResultRow, current: Mapping[tuple[int, str, int], RatingRecord]
    ) -> Sequence[RatingRecord]:
        return rate(result, current, self.now)

    def season_of(self, result: ResultRow, cadence: str) -> str | None:
        return seasons.season_of(result.finished_at, cadence)

    def season_keys(self, result: ResultRow) -> Sequence[tuple[int, str, int]]:
        return [(scope, game, s.user_id) for scope, game in _server_scopes(result) for s in result.seats
                if s.user_id is not None]

    def rate_season(
        self, result: ResultRow, current: Mapping[tuple[int, str, int], RatingRecord]
    ) -> Sequence[RatingRecord]:
        return rate(result, current, self.now, _server_scopes(result))


def rate(
    result: ResultRow,
    current: Mapping[tuple[int, str, int], RatingRecord],
    now: float,
    scopes: Sequence[tuple[int, str]] | None = None,
) -> list[RatingRecord]:
    """New rating rows for every rated seat of `result`, in each of its four scopes (or `scopes`: a
    season's two)."""
    humans = [s for s in result.seats if s.user_id is not None]
    if not humans:
        return []
    sides: dict[object, list[int]] = defaultdict(list)  # side key -> indexes into humans
    for index, s in enumerate(humans):
        sides[("team", s.team) if s.team is not None else ("seat", s.seat)].append(index)
    side_list = list(sides.values())
    ranks = [min(humans[i].placement for i in side) for side in side_list]
    out: list[RatingRecord] = []
    MODEL = model()
    for scope, game in _scopes(result) if scopes is None else scopes:
        olds = []
        for s in humans:
            assert s.user_id is not None
            old = current.get((scope, game, s.user_id))
            olds.append(old)
        mus = [o.mu if o else MODEL.mu for o in olds]
        sigmas = [o.sigma if o else MODEL.sigma for o in olds]
        if len(side_list) >= 2:
            teams = [[MODEL.rating(mu=mus[i], sigma=sigmas[i]) for i in side] for side in side_list]
            rated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
            for side, team in zip(side_list, rated, strict=True):
                for i, r in zip(side, team, strict=True):
                    mus[i], sigmas[i] = r.mu, r.sigma
        for i, s in enumerate(humans):
            assert s.user_id is not None
            old = olds[i]
            out.append(
                RatingRecord(
                    scope=scope,
                    game=game,
                    user_id=s.user_id,
                    name=s.name,
                    mu=mus[i],
                    sigma=sigmas[i],
                    ordinal=mus[i] - 3 * sigmas[i],
                    games=(old.games if old else 0) + 1,
                    wins=(old.wins if old else 0) + (1 if s.placement == 1 else 0),
                    updated_at=now,
                )
            )
    return out
