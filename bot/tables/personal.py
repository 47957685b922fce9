"""A person's day: their time zone, quiet hours and daily digest hour, and when a reminder meant for now
should reach them (bot/tables/quiet_hours.py decides it; this module reads what the person chose).

Saved in the person's settings row; every change is merged by the database in one statement (None keeps
the stored value), as `update_settings` is, so a time zone set in one process and quiet hours in another
both stay. Nothing is cached here: reminders and digests are rare, and another process may have changed
the row.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import cast
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.store.base import PersonalStore, Store
from bot.store.personal import PersonRow
from bot.tables import quiet_hours
from bot.tables.errors import TableError
from games.core import i18n

i18n.register(
    {
        "bad_timezone": {
            "en": "“{zone}” is not a time zone I know. Use an IANA name such as Europe/Paris, "
            "America/New_York or Asia/Tokyo (the list suggests them as you type).",
            "ja": "「{zone}」というタイムゾーンはありません。Asia/Tokyo や Europe/Paris のような IANA 名で"
            "指定してください（入力すると候補が出ます）。",
        },
        "bad_quiet": {
            "en": "“{got}” is not a quiet-hours range. Write it as 23:00-08:00 (or “off”).",
            "ja": "「{got}」は静かな時間帯として読めません。23:00-08:00 のように書いてください（なしは off）。",
        },
        "bad_digest_hour": {
            "en": "The digest hour must be from 0 to 23 (your local time), or off.",
            "ja": "まとめ通知の時刻は 0〜23 時（あなたの現地時刻）か off で指定してください。",
        },
    }
)

DIGEST_OFF = -1


@dataclass(frozen=True, slots=True)
class PersonalTime:
    """What a person chose for their day, with the defaults filled in and said which are defaults."""

    user_id: int
    timezone: str = "UTC"
    zone_chosen: bool = False  # False: never chosen, UTC applies (and front ends say so)
    quiet: tuple[int, int] = quiet_hours.DEFAULT_QUIET
    quiet_chosen: bool = False
    digest_hour: int | None = None  # None: the daily digest is off (the default)

    @property
    def zone(self) -> ZoneInfo:
        return zone_of(self.timezone)

    @property
    def quiet_applies(self) -> bool:
        """Quiet hours hold messages once the person chose a time zone (or quiet hours themselves): the
        default 23:00-08:00 in UTC would be the middle of the day for much of the world."""
        return self.zone_chosen or self.quiet_chosen


@functools.lru_cache(maxsize=512)
def zone_of(name: str) -> ZoneInfo:
    """The ZoneInfo of an IANA name; UTC for a name no longer known (tzdata dropped it)."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return quiet_hours.UTC


@functools.lru_cache(maxsize=1)
def zone_names() -> tuple[str, ...]:
    """Every IANA time zone name, sorted (the autocomplete's list)."""
    return tuple(sorted(available_timezones()))


def check_zone(name: str) -> str:
    """The zone's canonical spelling as IANA lists it (case-insensitive), or TableError bad_timezone."""
    wanted = name.strip()
    by_lower = {z.lower(): z for z in zone_names()}
    found = by_lower.get(wanted.lower())
    if found is None:
        raise TableError("bad_timezone", zone=wanted[:60])
    return found


def personal_time(user_id: int, row: PersonRow | None) -> PersonalTime:
    row = row or PersonRow()
    quiet_set = row.quiet_start is not None and row.quiet_end is not None
    quiet = (cast(int, row.quiet_start), cast(int, row.quiet_end)) if quiet_set else quiet_hours.DEFAULT_QUIET
    hour = row.digest_hour if row.digest_hour is not None and row.digest_hour >= 0 else None
    return PersonalTime(user_id, row.timezone or "UTC", row.timezone is not None, quiet, quiet_set, hour)


class Personal:
    def __init__(self, store: Store) -> None:
        self.store = cast(PersonalStore, store)  # both stores implement it (bot/store/*/personal.py)

    async def get(self, user_id: int) -> PersonalTime:
        return personal_time(user_id, await self.store.person(user_id))

    async def set(
        self,
        user_id: int,
        timezone: str | None = None,
        quiet: str | None = None,
        digest_hour: int | None = None,
    ) -> PersonalTime:
        """Check every value first (one bad value changes nothing), then merge them in one statement.
        `quiet`: "23:00-08:00" or "off"; `digest_hour`: 0-23, or DIGEST_OFF."""
        zone = None if timezone is None else check_zone(timezone)
        start = end = None
        if quiet is not None:
            parsed = quiet_hours.parse_quiet(quiet)
            if parsed is None:
                raise TableError("bad_quiet", got=quiet.strip()[:40])
            start, end = parsed
        if digest_hour is not None and not (digest_hour == DIGEST_OFF or 0 <= digest_hour <= 23):
            raise TableError("bad_digest_hour")
        row = await self.store.update_person(user_id, PersonRow(zone, start, end, digest_hour))
        return personal_time(user_id, row)

    async def asleep(self, user_id: int, now: float) -> bool:
        """Whether `now` falls inside the person's quiet hours (a DM sent then makes no sound)."""
        mine = await self.get(user_id)
        return mine.quiet_applies and quiet_hours.send_at(now, mine.zone, mine.quiet) > now

    async def send_at(self, user_id: int, now: float, runs_out: float | None) -> float:
        """When a reminder meant for `now` should reach the person (quiet_hours.send_at)."""
        mine = await self.get(user_id)
        return quiet_hours.send_at(now, mine.zone, mine.quiet, runs_out) if mine.quiet_applies else now
