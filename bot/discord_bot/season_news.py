"""A season's end announced in the channel the server chose (`/settings server season_channel:`): the
hall of fame's top three. The service tells only the process whose record of the end took (once across
processes), so the message is posted once."""

from __future__ import annotations

import logging

import discord

from bot.discord_bot.leaderboards import hall_places, season_label
from bot.discord_bot.routing import Router
from bot.discord_bot.texts import t
from bot.tables.seasons import SeasonEnd
from games.core import i18n

log = logging.getLogger("tricktable.discord")


def announcement(end: SeasonEnd, lang: str) -> str:
    places = hall_places(end.hall)
    return t("dc.hall.announce", lang, season=season_label(end.season, lang), places=places or t("dc.hall.none", lang))


class SeasonNews:
    """The service's season-end listener (TableService.on_season_end)."""

    def __init__(self, router: Router) -> None:
        self.router = router

    async def announce(self, end: SeasonEnd) -> None:
        if end.channel_id is None:
            return
        guild = self.router.discord.get_guild(end.guild_id)
        locale = str(guild.preferred_locale) if guild is not None else i18n.DEFAULT_LANGUAGE
        lang = i18n.normalize_language(locale)
        try:
            await self.router.discord.get_partial_messageable(end.channel_id).send(
                content=announcement(end, lang), allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as err:  # a deleted channel or lost permission: the hall stays stored
            log.warning("season %s of server %s: could not announce: %s", end.season, end.guild_id, err)
