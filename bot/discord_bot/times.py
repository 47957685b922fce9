"""Times as each reader should read them: in the reader's own time zone where the text is private (a
reply only they see, their DMs), and as Discord timestamps (`<t:…:R>`, `<t:…:f>`) where it is public, so
every reader's client shows their own local time."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

WEEKDAYS_JA = "月火水木金土日"


def local(epoch: float, zone: ZoneInfo, lang: str) -> str:
    """'Sat 28 Nov 09:00' / '11月28日(土) 09:00' in `zone`."""
    at = dt.datetime.fromtimestamp(epoch, zone)
    if lang == "ja":
        return f"{at.month}月{at.day}日({WEEKDAYS_JA[at.weekday()]}) {at:%H:%M}"
    return f"{at:%a} {at.day} {at:%b %H:%M}"


def public(epoch: float, style: str = "R") -> str:
    """A Discord timestamp: every reader's client shows it in their own zone (R: 'in 3 hours')."""
    return f"<t:{int(epoch)}:{style}>"


def span(seconds: float, lang: str) -> str:
    """'2d 4h' / '2日4時間', '3h 05m' / '3時間5分', '12m' / '12分'."""
    left = max(0, int(seconds))
    days, rest = divmod(left, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if lang == "ja":
        if days:
            return f"{days}日{hours}時間"
        return f"{hours}時間{minutes}分" if hours else f"{minutes}分"
    if days:
        return f"{days}d {hours}h"
    return f"{hours}h {minutes:02d}m" if hours else f"{minutes}m"
