"""/settings: a person's own (language, DM pings, "forget me") and a server's (admins: default clock, table
channels, pictures, the AI that takes over seats). Saved by the service, applied through preferences.py."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord_bot import personal_settings, privacy, replay_settings, season_settings
from bot.discord_bot.commands.common import CLOCK_CHOICES, is_admin
from bot.discord_bot.config import DiscordSettings
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.replies import send, within_budget
from bot.discord_bot.texts import ls, t
from bot.tables import TableService

AI_LEVELS = ("easy", "normal", "strong")


class SettingsCommands(app_commands.Group, name="settings", description=ls("dc.cmd.settings")):
    def __init__(self, service: TableService, prefs: Preferences, settings: DiscordSettings) -> None:
        super().__init__()
        self.service = service
        self.prefs = prefs
        self.settings = settings

    @app_commands.command(name="me", description=ls("dc.cmd.settings.me"))
    @app_commands.describe(language=ls("dc.opt.language"), dm_pings=ls("dc.opt.dm_pings"), forget=ls("dc.opt.forget"))
    @app_commands.describe(  # a person's day: time zone, quiet hours, daily digest (personal_settings.py)
        timezone=personal_settings.lstr("dc.opt.timezone"),
        quiet=personal_settings.lstr("dc.opt.quiet"),
        digest=personal_settings.lstr("dc.opt.digest"),
    )
    @app_commands.autocomplete(timezone=personal_settings.zone_autocomplete)
    @app_commands.choices(digest=personal_settings.DIGEST_CHOICES)
    @app_commands.choices(
        language=[app_commands.Choice(name="English", value="en"), app_commands.Choice(name="日本語", value="ja")]
    )
    async def me(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        dm_pings: bool | None = None,
        forget: bool | None = None,
        timezone: str | None = None,
        quiet: str | None = None,
        digest: int | None = None,
    ) -> None:
        lang = await self.prefs.safe_lang(interaction)
        day = (timezone, quiet, digest)
        await within_budget(interaction, self._me(interaction, lang, language, dm_pings, forget, day), ephemeral=True)

    async def _me(
        self,
        interaction: discord.Interaction,
        lang: str,
        language: str | None,
        dm_pings: bool | None,
        forget: bool | None,
        day: tuple[str | None, str | None, int | None] = (None, None, None),
    ) -> None:
        if forget:  # docs/privacy.md: a confirm button, then the service forgets the person
            text, view = privacy.forget_prompt(interaction.user.id, lang)
            return await send(interaction, content=text, view=view)
        mine = await personal_settings.save(self.service, interaction.user.id, *day)  # checked first: a bad
        saved = await self.prefs.set_user(interaction.user.id, language, dm_pings)  # value changes nothing
        if language is not None:
            lang = language
        text = t(
            "dc.settings.me",
            lang,
            language={"en": "English", "ja": "日本語"}.get(saved.language or "", t("dc.lang.auto", lang)),
            dm=t("dc.on" if saved.dm_pings else "dc.off", lang),
        )
        await send(interaction, content=text + "\n" + personal_settings.describe(mine, lang))

    @app_commands.command(name="server", description=ls("dc.cmd.settings.server"))
    @app_commands.describe(
        default_clock=ls("dc.opt.default_clock"),
        tables_channel=ls("dc.opt.tables_channel"),
        any_channel=ls("dc.opt.any_channel"),
        pictures=ls("dc.opt.pictures"),
        ai_level=ls("dc.opt.ai_level"),
        replay_reveals=replay_settings.OPTION,
        season=season_settings.lstr("dc.opt.season_cadence"),
        season_channel=season_settings.lstr("dc.opt.season_channel"),
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    @app_commands.choices(
        default_clock=CLOCK_CHOICES,
        ai_level=[app_commands.Choice(name=ls(f"dc.choice.ai_{level}"), value=level) for level in AI_LEVELS],
        season=season_settings.SEASON_CHOICES,
    )
    async def server(
        self,
        interaction: discord.Interaction,
        default_clock: str | None = None,
        # the raw resolved channel (only its id is used): no dependence on the guild cache
        tables_channel: app_commands.AppCommandChannel | None = None,
        any_channel: bool | None = None,
        pictures: bool | None = None,
        ai_level: str | None = None,
        replay_reveals: bool | None = None,
        season: str | None = None,
        season_channel: app_commands.AppCommandChannel | None = None,
    ) -> None:
        lang = await self.prefs.safe_lang(interaction)
        work = self._server(interaction, lang, default_clock, tables_channel, any_channel, pictures, ai_level,
                            seasons=(season, season_channel), reveals=replay_reveals)
        await within_budget(interaction, work, ephemeral=True)

    async def _server(
        self,
        interaction: discord.Interaction,
        lang: str,
        default_clock: str | None,
        tables_channel: app_commands.AppCommandChannel | None,
        any_channel: bool | None,
        pictures: bool | None,
        ai_level: str | None,
        reveals: bool | None = None,
        seasons: tuple[str | None, app_commands.AppCommandChannel | None] = (None, None),
    ) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            return await send(interaction, content=t("dc.guild_only", lang))
        if not is_admin(interaction):
            return await send(interaction, content=t("dc.admin_only", lang))
        season_settings.check(seasons[0])  # before any value is saved: one bad value changes nothing
        channels: set[int] | None = None
        if any_channel:
            channels = set() if tables_channel is None else {tables_channel.id}
        elif tables_channel is not None:
            # added by the database to the stored list (or to .env's): two admins adding at once both stay
            await self.service.add_table_channel(guild_id, tables_channel.id, self.settings.table_channels)
        if default_clock is not None or channels is not None or pictures is not None or ai_level is not None:
            text_only = None if pictures is None else not pictures
            await self.service.set_guild_settings(
                guild_id, default_clock, channels, text_only=text_only, ai_level=ai_level
            )
            self.prefs.forget_server(guild_id)
        server = await self.prefs.server(guild_id)
        saved = await self.service.get_guild_settings(guild_id)
        shown = not saved.text_only and self.settings.pictures
        level = saved.ai_level or self.settings.host.ai_takeover_level  # unset: the operator's level
        where = ", ".join(f"<#{c}>" for c in sorted(server.table_channels)) or t("dc.anywhere", lang)
        current = t("dc.settings.server", lang, clock=t(f"dc.choice.{server.default_clock}", lang), channels=where)
        current += "\n" + t("dc.settings.pictures", lang, state=t("dc.on" if shown else "dc.off", lang))
        current += "\n" + t("dc.settings.ai_level", lang, level=t(f"dc.level.{level}", lang))
        current += "\n" + season_settings.describe(await season_settings.save(self.service, guild_id, *seasons), lang)
        current += "\n" + replay_settings.describe(await replay_settings.save(self.service, guild_id, reveals), lang)
        await send(interaction, content=f"{current}\n{t('dc.settings.server_help', lang)}")
