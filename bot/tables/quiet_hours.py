"""Reminders that respect the night: when a DM or mention meant for now should reach a person.

Pure (no store, no clock of its own), so the turn clocks, the daily digest and any front end ask the same
question the same way: given the person's time zone and quiet hours, a message that would arrive inside
them waits for the morning (the end of the quiet hours, local time), unless the person's time would run
out before then: it then comes at the last sensible moment, LAST_CALL before the time runs out (at once
when less than that is left). Times are epoch seconds; local times are minutes after local midnight.
"""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

DEFAULT_QUIET = (23 * 60, 8 * 60)  # 23:00-08:00 local
LAST_CALL = 3600.0  # a held reminder comes an hour before the time runs out, rather than after
UTC = ZoneInfo("UTC")
_DIGITS = re.compile(r"[0-9]{1,2}")
_FULL_WIDTH = str.maketrans("０１２３４５６７８９：", "0123456789:")  # as a Japanese keyboard types them


def is_quiet(minute: int, quiet: tuple[int, int]) -> bool:
    """Whether `minute` (after local midnight) falls inside quiet hours [start, end), which may wrap
    midnight; equal ends: no quiet hours."""
    start, end = quiet
    if start == end:
        return False
    if start < end:
        return start <= minute < end
    return minute >= start or minute < end


def morning(now: float, zone: ZoneInfo, quiet: tuple[int, int]) -> float:
    """The next end of the quiet hours after `now`, local time (today's, or tomorrow's once it passed)."""
    local = dt.datetime.fromtimestamp(now, zone)
    end = dt.time(quiet[1] // 60, quiet[1] % 60)
    day = local.date()
    for _ in range(3):  # today's end, or tomorrow's (a day a clock change skips the hour still has one)
        at = dt.datetime.combine(day, end, tzinfo=zone).timestamp()
        if at > now:
            return at
        day += dt.timedelta(days=1)
    return now


def send_at(now: float, zone: ZoneInfo, quiet: tuple[int, int], runs_out: float | None = None) -> float:
    """When a message meant for `now` should be sent: `now` outside quiet hours; inside them the morning,
    or LAST_CALL before `runs_out` (never before `now`) when the time would run out before the morning."""
    local = dt.datetime.fromtimestamp(now, zone)
    if not is_quiet(local.hour * 60 + local.minute, quiet):
        return now
    wake = morning(now, zone, quiet)
    if runs_out is not None and runs_out - LAST_CALL < wake:
        return max(now, runs_out - LAST_CALL)
    return wake


def next_local_hour(now: float, zone: ZoneInfo, hour: int) -> float:
    """The next moment after `now` when the local clock shows `hour`:00 (the daily digest's time)."""
    local = dt.datetime.fromtimestamp(now, zone)
    day = local.date()
    for _ in range(3):
        at = dt.datetime.combine(day, dt.time(hour), tzinfo=zone).timestamp()
        if at > now:
            return at
        day += dt.timedelta(days=1)
    return now + 86400.0


def parse_hhmm(text: str) -> int | None:
    """'23:00' or '7' -> minutes after midnight; None when unreadable."""
    hours, _, minutes = text.translate(_FULL_WIDTH).strip().partition(":")  # ２３：００ too
    if not _DIGITS.fullmatch(hours) or (minutes and not _DIGITS.fullmatch(minutes)):
        return None  # not '²3' (a digit to str.isdigit, not to int) nor 5,000 digits (int refuses them)
    h, m = int(hours), int(minutes or 0)
    return h * 60 + m if 0 <= h < 24 and 0 <= m < 60 else None


def parse_quiet(text: str) -> tuple[int, int] | None:
    """'23:00-08:00' -> (1380, 480); 'off' -> (0, 0) (no quiet hours); None when unreadable."""
    raw = text.strip().lower().replace("〜", "-").replace("~", "-").replace("–", "-")
    if raw in ("off", "none", "0", "オフ", "なし"):
        return (0, 0)
    start, sep, end = raw.partition("-")
    first, last = parse_hhmm(start), parse_hhmm(end)
    if not sep or first is None or last is None:
        return None
    return first, last


def hhmm(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"
