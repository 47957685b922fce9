"""What a person and a server chose, as the Discord front end applies it: one place that reads, caches and
forgets them (a person's language and DM pings, a server's clock, channels and picture switch).

This process is the only writer of a person's settings, so they are read once and kept; a server's picture
switch is trusted for a minute (admins of another process may change it). "Forget me" and /settings drop
what is kept here, so nothing stale outlives the change.
"""

from __future__ import annotations

import logging
import time

import discord

from bot.discord_bot.config import DiscordSettings, ServerSettings
from bot.discord_bot.texts import lang_of
from bot.tables import PlayerRef, TableService, UserSettings
from games.core import i18n

log = logging.getLogger("tricktable.discord")

PICTURES_TTL = 60.0  # seconds a server's picture switch is trusted before it is read again


class Preferences:
    """One per bot: handed to every module that answers in someone's language or by a server's choice."""

    def __init__(self, service: TableService, settings: DiscordSettings) -> None:
        self.service = service
        self.settings = settings
        self._users: dict[int, UserSettings] = {}
        self._seen_lang: dict[int, str] = {}  # user -> language of their Discord client, last seen
        self._pictures: dict[int, tuple[bool, float]] = {}  # guild -> (pictures on, read at)

    # ---- people ------------------------------------------------------------------------------------
    async def user_settings(self, user_id: int) -> UserSettings:
        """A user's saved settings, read once per process (this process is the only writer)."""
        found = self._users.get(user_id)
        if found is None:
            found = self._users[user_id] = await self.service.get_settings(user_id)
        return found

    async def set_user(self, user_id: int, language: str | None, dm_pings: bool | None) -> UserSettings:
        """/settings me: saved by the service, then kept here."""
        saved = await self.service.set_settings(user_id, language=language, dm_pings=dm_pings)
        self._users[saved.user_id] = saved
        return saved

    async def lang_for(self, interaction: discord.Interaction) -> str:
        """A language saved with /settings me wins; otherwise the user's Discord locale."""
        saved = await self.user_settings(interaction.user.id)
        self._seen_lang[interaction.user.id] = lang_of(interaction)
        # None = never chosen; an explicit choice (English included) overrides the client locale.
        return saved.language if saved.language is not None else lang_of(interaction)

    async def safe_lang(self, interaction: discord.Interaction) -> str:
        """lang_for, but never failing: an unreadable store still gets the user an answer in their locale."""
        try:
            return await self.lang_for(interaction)
        except Exception:
            log.exception("could not read settings of user=%s", interaction.user.id)
            return lang_of(interaction)

    async def dm_language(self, user_id: int) -> str:
        """For messages without an interaction (DMs): the saved choice, else the locale last seen."""
        saved = await self.user_settings(user_id)
        if saved.language is not None:
            return saved.language
        return self._seen_lang.get(user_id, i18n.DEFAULT_LANGUAGE)

    def forget_person(self, user_id: int) -> None:
        """Drop what this process remembers of a person who asked to be forgotten."""
        self._users.pop(user_id, None)
        self._seen_lang.pop(user_id, None)

    @staticmethod
    def player(interaction: discord.Interaction, lang: str) -> PlayerRef:
        """The person clicking, as the service seats them."""
        return PlayerRef(user_id=interaction.user.id, name=interaction.user.display_name, locale=lang)

    # ---- servers -----------------------------------------------------------------------------------
    async def server(self, guild_id: int) -> ServerSettings:
        """A server's settings as they apply: what its admins set with /settings server, else .env."""
        saved = await self.service.get_guild_settings(guild_id)
        return ServerSettings(
            default_clock=saved.default_clock or self.settings.default_clock,  # (a time bank too)
            table_channels=(
                saved.table_channels if saved.table_channels is not None else self.settings.table_channels
            ),
        )

    async def pictures_on(self, guild_id: int | None) -> bool:
        """Pictures on for this server? Off in DMs (their forms are plain selects), when the operator
        turned them off, and where admins chose text only."""
        if guild_id is None or not self.settings.pictures:
            return False
        found = self._pictures.get(guild_id)
        now = time.monotonic()
        if found is not None and now - found[1] < PICTURES_TTL:
            return found[0]
        try:
            saved = await self.service.get_guild_settings(guild_id)
            on = not saved.text_only
        except Exception:  # a picture must never cost the message
            log.exception("could not read the picture setting of guild=%s", guild_id)
            on = False
        self._pictures[guild_id] = (on, now)
        return on

    def forget_server(self, guild_id: int) -> None:
        """Drop the cached picture switch (after /settings server changed it)."""
        self._pictures.pop(guild_id, None)
