"""Seasons: a server's ratings also kept per month or per quarter, so a board restarts and newcomers have
a reason to play; the all-time rating stays beside it.

A season is named by its first day in UTC: "2026-11" (a month) or "2026-Q4" (a quarter). A result counts
in the season of its finish time under the server's cadence at the moment it is rated; the store decides
that in the rating transaction (bot/store/seasons.py). The end of a season is noticed by the service's
clock loop (`Seasons.tick`: once at start, then at each month's start, and every minute while an ended
season still waits for its results to be rated): once a season's last day is over (and a grace minute
for games finishing right then), the store records the end and the hall of fame once, however
many processes notice; the process whose record took tells its listeners (the Discord front end
announces it in the server's chosen channel).
"""

from __future__ import annotations

import calendar
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from bot.store.seasons import ALL_TIME, HallRow, SeasonSettings
from bot.tables.errors import TableError
from games.core import i18n

if TYPE_CHECKING:
    from bot.tables.host import Host
    from bot.tables.results import Results

CADENCES = ("monthly", "quarterly", "none")
DEFAULT_CADENCE = "monthly"
GRACE = 60.0  # seconds after a season's end before it is closed: a game finishing right then still counts
CHECK_EVERY = 60.0
_MONTH = re.compile(r"^(\d{4})-(\d{2})$")
_QUARTER = re.compile(r"^(\d{4})-Q([1-4])$")

log = logging.getLogger("tricktable.seasons")

i18n.register(
    {
        "season_unknown": {
            "en": "There is no season “{season}” on this server's boards (seasons here: {known}).",
            "ja": "このサーバーの順位表にシーズン「{season}」はありません（あるシーズン: {known}）。",
        },
        "season_page_gone": {
            "en": "That page of the leaderboard no longer exists (it has {pages} now). Open /leaderboard again.",
            "ja": "順位表のそのページはもうありません（現在 {pages} ページ）。/leaderboard を開き直してください。",
        },
        "season_global": {
            "en": "Seasons belong to a server; the global board is all-time only.",
            "ja": "シーズンはサーバーごとのものです。全体の順位表は通算のみです。",
        },
        "season_cadence": {
            "en": "“{got}” is not a season length: choose one of {choices}.",
            "ja": "「{got}」はシーズンの長さとして選べません。{choices} から選んでください。",
        },
    }
)


def check_cadence(cadence: str | None) -> None:
    """TableError season_cadence for a cadence /settings server never offered (a client that sends what it
    likes), checked before any of the command's other values is saved: one bad value changes nothing."""
    if cadence is not None and cadence not in CADENCES:
        raise TableError("season_cadence", got=cadence[:30], choices=", ".join(CADENCES))


def season_of(at: float, cadence: str) -> str | None:
    """The season a moment falls in under a cadence (None: the server keeps no seasons)."""
    when = datetime.fromtimestamp(at, UTC)
    if cadence == "monthly":
        return f"{when.year:04d}-{when.month:02d}"
    if cadence == "quarterly":
        return f"{when.year:04d}-Q{(when.month - 1) // 3 + 1}"
    return None


def bounds(season: str) -> tuple[float, float] | None:
    """(start, end) of a season in UTC seconds; None when the name is not a season."""
    if match := _MONTH.match(season):
        year, month, months = int(match.group(1)), int(match.group(2)), 1
    elif match := _QUARTER.match(season):
        year, month, months = int(match.group(1)), 3 * int(match.group(2)) - 2, 3
    else:
        return None
    if not 1 <= month <= 12:
        return None
    end_month = month + months
    end_year = year + (end_month - 1) // 12
    end_month = (end_month - 1) % 12 + 1
    start = calendar.timegm((year, month, 1, 0, 0, 0))
    return float(start), float(calendar.timegm((end_year, end_month, 1, 0, 0, 0)))


def next_month(at: float) -> float:
    """The start of the month after `at` (UTC): the next moment any season can end."""
    when = datetime.fromtimestamp(at, UTC)
    year, month = (when.year + 1, 1) if when.month == 12 else (when.year, when.month + 1)
    return float(calendar.timegm((year, month, 1, 0, 0, 0)))


def is_season(name: str) -> bool:
    return bounds(name) is not None


def newest_first(seasons: list[str]) -> list[str]:
    return sorted((s for s in seasons if is_season(s)), key=lambda s: bounds(s) or (0.0, 0.0), reverse=True)


@dataclass(frozen=True, slots=True)
class SeasonEnd:
    """A season just ended on a server: its hall of fame and the channel to announce it in (None: none)."""

    guild_id: int
    season: str
    channel_id: int | None
    hall: tuple[HallRow, ...]


Listener = Callable[[SeasonEnd], Awaitable[None]]


class Seasons:
    """The service's season concern: settings, the current season, and the periodic rollover."""

    def __init__(self, host: Host, results: Results) -> None:
        self.host = host
        self.results = results
        self.listeners: list[Listener] = []
        self._next_check = float("-inf")

    async def settings(self, guild_id: int) -> SeasonSettings:
        found = await self.host.store.season_settings(guild_id)
        return found or SeasonSettings(DEFAULT_CADENCE, None)

    async def set_settings(
        self, guild_id: int, cadence: str | None = None, channel_id: int | None = None, clear_channel: bool = False
    ) -> SeasonSettings:
        check_cadence(cadence)
        return await self.host.store.set_season_settings(
            guild_id, cadence=cadence, channel_id=channel_id, clear_channel=clear_channel
        )

    async def current(self, guild_id: int, now: float | None = None) -> str | None:
        """The season running now on the server (None: the server keeps none)."""
        cadence = (await self.settings(guild_id)).cadence
        return season_of(self.host.clock() if now is None else now, cadence)

    async def known(self, guild_id: int) -> list[tuple[str, bool]]:
        """(season, ended) of the server's seasons with a board, newest first."""
        found = dict(await self.host.store.seasons_of(guild_id))
        return [(s, found[s]) for s in newest_first(list(found))]

    async def hall(self, guild_id: int, season: str) -> list[HallRow]:
        """The hall of fame of an ended season (empty until its end is recorded)."""
        return [h for h in await self.host.store.hall_of_fame(guild_id) if h.season == season]

    async def tick(self, now: float | None = None) -> list[SeasonEnd]:
        """The clock loop's call: close every season whose end (plus the grace minute) has passed; the
        store is asked at start, then after each month's start (every minute while a season waits). Results still unrated are rated first; the store refuses the end while one
        that finished inside the season waits, and records it once across processes."""
        now = self.host.clock() if now is None else now
        if now < self._next_check:
            return []
        waiting = False  # a season over but not recorded by this call (its results still being rated)
        ended = []
        for guild_id, season in await self.host.store.open_seasons():
            span = bounds(season)
            if span is None or span[1] + GRACE > now:
                continue
            await self.results.rate_pending()
            hall = await self.host.store.end_season(guild_id, season, span[1], now)
            if hall is None:
                waiting = True
                continue
            end = SeasonEnd(guild_id, season, (await self.settings(guild_id)).channel_id, tuple(hall))
            ended.append(end)
            for listener in self.listeners:
                try:
                    await listener(end)
                except Exception:
                    log.exception("season end listener (guild %s, season %s)", guild_id, season)
        # every season ends at the start of a month: with nothing left over, the next look is then
        self._next_check = now + CHECK_EVERY if waiting else next_month(now) + GRACE
        return ended


__all__ = ["ALL_TIME", "CADENCES", "SeasonEnd", "Seasons", "bounds", "season_of"]
