"""/table: open a table, list the server's tables, and a seat's or an admin's changes to one table.

Each command is a service call and a reply; errors go to the tree's one hook (commands/__init__.py).
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.discord_bot import boards
from bot.discord_bot.commands.common import (
    CLOCK_CHOICES,
    game_choices,
    is_admin,
    readable_table,
    resolve_table,
)
from bot.discord_bot.config import DiscordSettings
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.replies import send, within_budget
from bot.discord_bot.routing import Router
from bot.discord_bot.table_replies import TableReplies
from bot.discord_bot.texts import ls, t
from bot.tables import ClockMode, TableError, TableInfo, TableService, TableStatus
from games.core import i18n
from games.core.errors import GameError
from games.core.registry import get_game

log = logging.getLogger("tricktable.discord")


def parse_options(raw: str | None) -> dict[str, str]:
    """'deck=fantasy rounds=3' -> {'deck': 'fantasy', 'rounds': '3'}; the game validates the values."""
    options: dict[str, str] = {}
    for part in (raw or "").split():
        key, sep, value = part.partition("=")
        if not sep or not key or not value:
            raise ValueError(part)
        options[key.strip()] = value.strip()
    return options


class TableCommands(app_commands.Group, name="table", description=ls("dc.cmd.table"), guild_only=True):
    def __init__(
        self,
        service: TableService,
        prefs: Preferences,
        router: Router,
        replies: TableReplies,
        settings: DiscordSettings,
    ) -> None:
        super().__init__()
        self.service = service
        self.prefs = prefs
        self.router = router
        self.replies = replies
        self.settings = settings

    # ---- /table new --------------------------------------------------------------------------------
    @app_commands.command(name="new", description=ls("dc.cmd.table.new"))
    @app_commands.describe(
        game=ls("dc.opt.game"), variant=ls("dc.opt.variant"), options=ls("dc.opt.options"), clock=ls("dc.opt.clock"),
        time_away=ls("dc.opt.time_away"),
    )
    @app_commands.choices(game=game_choices(), clock=CLOCK_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        variant: str | None = None,
        options: str | None = None,
        clock: str | None = None,
        time_away: bool | None = None,
    ) -> None:
        lang = await self.prefs.safe_lang(interaction)
        work = self._open(interaction, lang, game, variant, options, clock, time_away)
        await within_budget(interaction, work, ephemeral=True)

    async def _open(
        self,
        interaction: discord.Interaction,
        lang: str,
        game: str,
        variant: str | None,
        options: str | None,
        clock: str | None,
        time_away: bool | None = None,
    ) -> None:
        """A lobby in a new thread of this channel (or here, when no thread can be made), announced publicly."""
        if interaction.guild_id is None or interaction.channel is None:
            return await send(interaction, content=t("dc.guild_only", lang))
        try:
            parsed = parse_options(options)
        except ValueError as err:
            return await send(interaction, content=t("dc.bad_options", lang, got=str(err)))
        channel = interaction.channel
        in_thread = isinstance(channel, discord.Thread)
        server = await self.prefs.server(interaction.guild_id)
        allowed = server.table_channels
        home = channel.parent_id if in_thread else channel.id  # type: ignore[union-attr]
        if allowed and home not in allowed and channel.id not in allowed:
            where = ", ".join(f"<#{c}>" for c in sorted(allowed))
            return await send(interaction, content=t("dc.not_here", lang, where=where))
        info = await self.service.create(
            interaction.guild_id,
            channel.parent_id if in_thread and channel.parent_id else channel.id,  # type: ignore[union-attr]
            self.prefs.player(interaction, lang),
            game,
            variant=variant,
            options=parsed,
            clock_mode=clock or server.default_clock,  # live, async or a time bank
            away_ok=time_away is not False,
            thread_id=channel.id if in_thread else None,
            open_limit=self.settings.host.max_open_tables_per_person,
        )
        await self.router.note_language(info.id, interaction, fallback=lang)
        lang = self.router.lang(info.id)  # the lobby and announcement are public
        the_game = get_game(info.game)
        if not interaction.response.is_done():  # (already deferred privately when this was slow)
            await interaction.response.defer(thinking=True)  # public: the announcement (or lobby) follows
        embed, view = boards.lobby_message(info, the_game, lang)
        thread: discord.Thread | None = None
        if isinstance(channel, discord.TextChannel):
            try:
                thread = await channel.create_thread(
                    name=f"#{info.id} {boards.game_name(the_game, lang)}"[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=10080 if info.clock_mode is ClockMode.ASYNC else 1440,
                )
            except discord.HTTPException as err:
                log.info("no thread for table=%s (%s); using the channel", info.id, err.code)
        if thread is None:
            return await send(interaction, embed=embed, view=view, ephemeral=False)
        info = await self.service.set_thread(info.id, thread.id)
        if view is not None:
            view.stop()  # drawn only: clicks reach the DynamicItems
            lobby_message = await thread.send(embed=embed, view=view)
            await self.router.remember_lobby(info.id, thread.id, lobby_message.id)
        else:
            await thread.send(embed=embed)
        opened = t(
            "dc.lobby.opened",
            lang,
            user=interaction.user.mention,
            table=info.id,
            game=boards.game_name(the_game, lang),
            where=thread.mention,
        )
        await send(interaction, content=opened, ephemeral=False)

    @new.autocomplete("variant")
    async def variant_complete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game_id = getattr(interaction.namespace, "game", None)
        lang = i18n.normalize_language(str(interaction.locale))
        try:
            info = get_game(game_id or "").info
        except GameError:
            return []
        return [
            app_commands.Choice(name=v.names.get(lang) or v.names.get("en") or v.id, value=v.id)
            for v in info.variants
            if current.lower() in v.id.lower()
        ][:25]

    @new.autocomplete("options")
    async def options_complete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game_id = getattr(interaction.namespace, "game", None)
        try:
            info = get_game(game_id or "").info
        except GameError:
            return []
        suggestions = []
        for option in info.options:
            for choice in option.choices or ((option.default,) if option.default else ()):
                text = f"{current} {option.name}={choice}".strip()
                suggestions.append(app_commands.Choice(name=text[:100], value=text[:100]))
        return suggestions[:25]

    # ---- /table list, status -----------------------------------------------------------------------
    @app_commands.command(name="list", description=ls("dc.cmd.table.list"))
    async def list_tables(self, interaction: discord.Interaction) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._list(interaction, lang), ephemeral=True)

    async def _list(self, interaction: discord.Interaction, lang: str) -> None:
        guild = interaction.guild_id or 0
        tables = await self.service.list_tables(guild)
        done = await self.service.list_tables(guild, statuses=(TableStatus.FINISHED,))

        def line(info: TableInfo) -> str:
            where = info.thread_id or info.channel_id
            return t(
                "dc.list.line",
                lang,
                table=info.id,
                game=boards.game_name(get_game(info.game), lang),
                status=boards.status_text(info.status, lang),
                n=len(info.seats),
                where=f" · <#{where}>",
            )

        lines = [line(info) for info in tables[:25]] or [t("dc.list.none", lang)]
        if done:
            lines.append(f"**{t('dc.list.finished', lang)}**")
            lines.extend(line(info) for info in done[:10])
        await send(interaction, content="\n".join(lines)[:1990])

    @app_commands.command(name="status", description=ls("dc.cmd.table.status"))
    @app_commands.describe(table=ls("dc.opt.table"))
    async def status(self, interaction: discord.Interaction, table: int | None = None) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._status(interaction, lang, table), ephemeral=True)

    async def _status(self, interaction: discord.Interaction, lang: str, table: int | None) -> None:
        tid = await readable_table(self.service, interaction, table, lang)
        if tid is not None:
            await self.replies.board(interaction, tid, lang)

    # ---- a seat's changes ----------------------------------------------------------------------------
    @app_commands.command(name="leave", description=ls("dc.cmd.table.leave"))
    @app_commands.describe(table=ls("dc.opt.table"))
    async def leave(self, interaction: discord.Interaction, table: int | None = None) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._leave(interaction, lang, table), ephemeral=True)

    async def _leave(self, interaction: discord.Interaction, lang: str, table: int | None) -> None:
        tid = await resolve_table(self.service, interaction, table, lang)
        if tid is not None:
            info = await self.service.leave(tid, interaction.user.id)
            await send(interaction, content=t("dc.done", lang))
            await self.router.refresh_lobby(info)

    @app_commands.command(name="resign", description=ls("dc.cmd.table.resign"))
    @app_commands.describe(table=ls("dc.opt.table"))
    async def resign(self, interaction: discord.Interaction, table: int | None = None) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._resign(interaction, lang, table), ephemeral=True)

    async def _resign(self, interaction: discord.Interaction, lang: str, table: int | None) -> None:
        tid = await resolve_table(self.service, interaction, table, lang)
        if tid is not None:
            await self.service.resign(tid, interaction.user.id)
            await send(interaction, content=t("dc.done", lang))

    # ---- an admin's changes --------------------------------------------------------------------------
    @app_commands.command(name="abort", description=ls("dc.cmd.table.abort"))
    @app_commands.describe(table=ls("dc.opt.table"))
    @app_commands.default_permissions(manage_guild=True)
    async def abort(self, interaction: discord.Interaction, table: int) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._abort(interaction, lang, table), ephemeral=True)

    async def _abort(self, interaction: discord.Interaction, lang: str, table: int) -> None:
        if not is_admin(interaction):
            return await send(interaction, content=t("dc.admin_only", lang))
        await self._same_guild(interaction, table)
        await self.service.abort(table)
        await send(interaction, content=t("dc.done", lang))

    @app_commands.command(name="replace", description=ls("dc.cmd.table.replace"))
    @app_commands.describe(table=ls("dc.opt.table"), seat=ls("dc.opt.seat"))
    @app_commands.default_permissions(manage_guild=True)
    async def replace(self, interaction: discord.Interaction, table: int, seat: int) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._replace(interaction, lang, table, seat), ephemeral=True)

    async def _replace(self, interaction: discord.Interaction, lang: str, table: int, seat: int) -> None:
        if not is_admin(interaction):
            return await send(interaction, content=t("dc.admin_only", lang))
        await self._same_guild(interaction, table)
        await self.service.replace_with_ai(table, seat - 1)
        await send(interaction, content=t("dc.done", lang))

    async def _same_guild(self, interaction: discord.Interaction, table: int) -> TableInfo:
        """Admins of one server cannot touch another server's tables."""
        info = await self.service.get_table(table)
        if info.guild_id != interaction.guild_id:
            raise TableError("table_not_found", table=table)
        return info
