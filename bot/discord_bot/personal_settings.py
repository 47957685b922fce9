"""/settings me's options for a person's day: time zone (IANA names, suggested as they type), quiet
hours and the daily digest's hour. Saved by the service (bot/tables/personal.py) before any other option
of the same command, so a bad value is refused with one line and changes nothing."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord_bot.texts import t
from bot.tables import TableService
from bot.tables.personal import DIGEST_OFF, PersonalTime, zone_names
from bot.tables.quiet_hours import hhmm
from games.core import i18n

i18n.register(
    {
        "dc.settings.time": {
            "en": "Time zone: {zone} · Quiet hours: {quiet} · Daily digest: {digest}",
            "ja": "タイムゾーン: {zone}・静かな時間帯: {quiet}・毎日のまとめ: {digest}",
        },
        "dc.settings.zone_default": {
            "en": "UTC (not chosen: set yours with /settings me timezone)",
            "ja": "UTC（未設定: /settings me timezone で選べます）",
        },
        "dc.settings.quiet_default": {"en": "{range} (default)", "ja": "{range}（既定）"},
        "dc.settings.quiet_waits": {
            "en": "{range} (default, from when you set your time zone)",
            "ja": "{range}（既定。タイムゾーンを設定すると有効になります）",
        },
        "dc.settings.digest_at": {"en": "at {hour} your time", "ja": "毎日 {hour}（現地時刻）"},
        "dc.opt.timezone": {
            "en": "Your time zone (an IANA name such as Asia/Tokyo)",
            "ja": "あなたのタイムゾーン（Asia/Tokyo などの IANA 名）",
        },
        "dc.opt.quiet": {
            "en": "Quiet hours, no reminders then, e.g. 23:00-08:00 (or off)",
            "ja": "通知しない時間帯（例 23:00-08:00、なしは off）",
        },
        "dc.opt.digest": {
            "en": "A daily DM listing the games that wait for you, at this hour",
            "ja": "手番待ちの卓を毎日この時刻にDMでお知らせ",
        },
    }
)


def lstr(code: str) -> app_commands.locale_str:
    """A command text from this module's catalog entries (the Translator reads the `ja` extra)."""
    return app_commands.locale_str(t(code, "en"), ja=t(code, "ja"))


DIGEST_CHOICES = [app_commands.Choice(name=app_commands.locale_str("off", ja="オフ"), value=DIGEST_OFF)] + [
    app_commands.Choice(name=f"{hour:02d}:00", value=hour) for hour in range(24)
]


async def zone_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Up to 25 IANA names: those starting with what was typed first, then those containing it."""
    typed = current.strip().lower().replace(" ", "_")
    names = zone_names()
    starts = [n for n in names if n.lower().startswith(typed) or n.lower().split("/")[-1].startswith(typed)]
    contains = [n for n in names if typed in n.lower() and n not in starts]
    return [app_commands.Choice(name=n, value=n) for n in (starts + contains)[:25]]


async def save(
    service: TableService, user_id: int, timezone: str | None, quiet: str | None, digest: int | None
) -> PersonalTime:
    """Check and save what was given (nothing when nothing was): TableError on a bad value."""
    if timezone is None and quiet is None and digest is None:
        return await service.get_personal(user_id)
    return await service.set_personal(user_id, timezone=timezone, quiet=quiet, digest_hour=digest)


def describe(mine: PersonalTime, lang: str) -> str:
    zone = mine.timezone if mine.zone_chosen else t("dc.settings.zone_default", lang)
    span = "off" if mine.quiet[0] == mine.quiet[1] else f"{hhmm(mine.quiet[0])}-{hhmm(mine.quiet[1])}"
    quiet = span if mine.quiet_chosen else t(
        "dc.settings.quiet_default" if mine.quiet_applies else "dc.settings.quiet_waits", lang, range=span
    )
    digest = (
        t("dc.off", lang) if mine.digest_hour is None
        else t("dc.settings.digest_at", lang, hour=f"{mine.digest_hour:02d}:00")
    )  # fmt: skip
    return t("dc.settings.time", lang, zone=zone, quiet=quiet, digest=digest)
