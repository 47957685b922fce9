"""/away until when:<when> and /away off: time away (bot/tables/away.py). The person's async clocks stop on
every table of every server until they are back; a live table, or one made with "no time away", keeps
moving, and the reply says which. A private reply, so its times are Discord timestamps every reader sees in
their own time zone; a date the person writes is read in their zone (/settings me timezone; UTC when never
chosen, and the reply says so)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord_bot.personal_settings import lstr
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.replies import send, within_budget
from bot.discord_bot.texts import t
from bot.tables import ClockMode, TableService
from games.core import i18n

i18n.register(
    {
        "dc.cmd.away": {
            "en": "Time away: your async clocks stop while you are away",
            "ja": "離席: 離席中は非同期の持ち時間が止まります",
        },
        "dc.cmd.away.until": {
            "en": "Be away until a time (3d, 12h, 2026-12-24 18:00)",
            "ja": "指定の日時まで離席する（3d、12h、2026-12-24 18:00）",
        },
        "dc.cmd.away.off": {"en": "I am back: my clocks run again", "ja": "戻りました（持ち時間を再開）"},
        "dc.opt.away.when": {
            "en": "3d, 12h, 1w, 2026-12-24 or 2026-12-24 18:00",
            "ja": "3d、12h、1w、2026-12-24、2026-12-24 18:00",
        },
        "dc.away.set": {
            "en": "You are away until <t:{ts}:F> (<t:{ts}:R>). Your clocks stopped on {n} table(s); nobody "
            "is reminded or replaced by the AI for you meanwhile.",
            "ja": "<t:{ts}:F>（<t:{ts}:R>）まで離席にしました。{n} 卓で持ち時間を止めました。その間、"
            "通知もAIの代打ちもありません。",
        },
        "dc.away.utc": {
            "en": "(A date you write is read in UTC: set your time zone with /settings me timezone.)",
            "ja": "（日時は UTC として読みました。/settings me timezone でタイムゾーンを設定できます。）",
        },
        "dc.away.keep_moving": {
            "en": "These tables keep moving while you are away: {tables}.",
            "ja": "次の卓は離席中も進みます: {tables}",
        },
        "dc.away.live": {"en": "live", "ja": "対面"},
        "dc.away.no_time_away": {"en": "no time away", "ja": "離席なし"},
        "dc.away.back": {
            "en": "Welcome back: your clocks run again on {n} table(s).",
            "ja": "おかえりなさい。{n} 卓で持ち時間が再び動きます。",
        },
    }
)


class AwayCommands:
    def __init__(self, service: TableService, prefs: Preferences) -> None:
        self.service = service
        self.prefs = prefs

    def group(self) -> app_commands.Group:
        group = app_commands.Group(name="away", description=lstr("dc.cmd.away"))
        group.add_command(
            app_commands.Command(name="until", description=lstr("dc.cmd.away.until"), callback=self.until)
        )
        group.add_command(
            app_commands.Command(name="off", description=lstr("dc.cmd.away.off"), callback=self.off)
        )
        return group

    @app_commands.describe(when=lstr("dc.opt.away.when"))
    async def until(self, interaction: discord.Interaction, when: str) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._until(interaction, lang, when), ephemeral=True)

    async def _until(self, interaction: discord.Interaction, lang: str, when: str) -> None:
        mine = await self.service.get_personal(interaction.user.id)
        report = await self.service.set_away(interaction.user.id, when, mine.zone)
        lines = [t("dc.away.set", lang, ts=int(report.until), n=len(report.stopped))]
        if not mine.zone_chosen and any(c in when for c in "-/"):  # a date, read in UTC
            lines.append(t("dc.away.utc", lang))
        if report.keep_moving:
            named = ", ".join(
                f"#{info.id} ({t('dc.away.live' if info.clock_mode is ClockMode.LIVE else 'dc.away.no_time_away', lang)})"
                for info in report.keep_moving
            )
            lines.append("⚠️ " + t("dc.away.keep_moving", lang, tables=named))
        await send(interaction, content="\n".join(lines))

    async def off(self, interaction: discord.Interaction) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._off(interaction, lang), ephemeral=True)

    async def _off(self, interaction: discord.Interaction, lang: str) -> None:
        started = await self.service.end_away(interaction.user.id)
        await send(interaction, content=t("dc.away.back", lang, n=len(started)))
