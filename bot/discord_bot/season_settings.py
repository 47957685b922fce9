"""`/settings server season:` (monthly, quarterly or none) and `season_channel:` (where a season's end is
announced): saved by the service in one merging statement, described in the settings reply."""

from __future__ import annotations

from discord import app_commands

from bot.discord_bot.texts import t
from bot.store.seasons import SeasonSettings
from bot.tables import TableService
from bot.tables.seasons import CADENCES, check_cadence
from games.core import i18n

i18n.register(
    {
        "dc.opt.season_cadence": {
            "en": "Seasons: ratings restart each month (default), each quarter, or never",
            "ja": "シーズン: レーティングを毎月（既定）・四半期ごとにリセット、またはなし",
        },
        "dc.opt.season_channel": {
            "en": "Channel where a season's end and its hall of fame are announced",
            "ja": "シーズン終了と殿堂入りを告知するチャンネル",
        },
        "dc.choice.season_monthly": {"en": "monthly", "ja": "毎月"},
        "dc.choice.season_quarterly": {"en": "quarterly", "ja": "四半期ごと"},
        "dc.choice.season_none": {"en": "none (all-time only)", "ja": "なし（通算のみ）"},
        "dc.settings.season": {"en": "Seasons: {cadence} · announced in: {channel}", "ja": "シーズン: {cadence}・告知先: {channel}"},
        "dc.settings.season_nowhere": {"en": "nowhere", "ja": "なし"},
    }
)


def lstr(code: str) -> app_commands.locale_str:
    return app_commands.locale_str(t(code, "en"), ja=t(code, "ja"))


SEASON_CHOICES = [app_commands.Choice(name=lstr(f"dc.choice.season_{c}"), value=c) for c in CADENCES]


def check(cadence: str | None) -> None:
    """Before /settings server saves anything: a cadence it never offered is refused (check_cadence)."""
    check_cadence(cadence)


async def save(
    service: TableService, guild_id: int, cadence: str | None, channel: app_commands.AppCommandChannel | None
) -> SeasonSettings:
    """Store what was given (nothing given: read only)."""
    if cadence is None and channel is None:
        return await service.seasons.settings(guild_id)
    return await service.seasons.set_settings(guild_id, cadence, channel.id if channel is not None else None)


def describe(saved: SeasonSettings, lang: str) -> str:
    channel = f"<#{saved.channel_id}>" if saved.channel_id else t("dc.settings.season_nowhere", lang)
    return t("dc.settings.season", lang, cadence=t(f"dc.choice.season_{saved.cadence}", lang), channel=channel)
