"""The slash commands. Each one is a service call and a reply; private answers are ephemeral.

Command texts are locale_strs (English, Japanese via texts.Translator); game choices come from the
registry when the tree is built, so a newly installed game appears after a restart and a sync.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import render
from bot.discord_bot import boards, privacy
from bot.discord_bot.pictures import forget_setting
from bot.discord_bot.replies import report_error, send, within_budget
from bot.discord_bot.texts import ls, t
from bot.tables import ClockMode, TableInfo, TableStatus
from games.core import i18n
from games.core.contract import CardText
from games.core.errors import GameError
from games.core.registry import all_games, get_game

if TYPE_CHECKING:
    from bot.discord_bot.client import TricktableBot

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


def _game_choices() -> list[app_commands.Choice[str]]:
    choices = []
    for game_id, game in list(all_games().items())[:25]:
        names = game.info.names
        name = app_commands.locale_str(names.get("en", game_id), ja=names.get("ja", names.get("en", game_id)))
        choices.append(app_commands.Choice(name=name, value=game_id))
    return choices


def card_entries(game: str | None, lang: str) -> list[tuple[str, CardText]]:
    """(game id, card text) of every card kind of one game, or of every game; never raises."""
    out: list[tuple[str, CardText]] = []
    for game_id, the_game in all_games().items():
        if game is not None and game_id != game:
            continue
        try:
            out.extend((game_id, text) for text in the_game.card_catalog(lang))
        except Exception:  # one game's missing texts must not hide the others'
            log.exception("card catalog of %s failed", game_id)
    return out


def find_card(name: str, game: str | None, lang: str) -> tuple[str, CardText] | None:
    """A card picked from the autocomplete ("game:key"), else one whose name matches what was typed."""
    entries = card_entries(game, lang)
    for game_id, text in entries:
        if name == f"{game_id}:{text.key}"[:100]:
            return game_id, text
    wanted = name.strip().lower()
    exact = [(g, c) for g, c in entries if c.name.lower() == wanted or c.key.lower() == wanted]
    partial = [(g, c) for g, c in entries if wanted and wanted in c.name.lower()]
    found = exact or partial
    return found[0] if found else None


def install_commands(tree: app_commands.CommandTree[Any], bot: TricktableBot) -> None:
    """Build every command as closures over `bot` (the service lives on it)."""

    async def guarded(interaction: discord.Interaction, table: int | None, work: Any) -> None:
        """Run a command: privately acknowledged if slow (Discord's 3 s), errors through the one handler."""
        lang = await bot.safe_lang(interaction)
        try:
            await within_budget(interaction, work(lang), ephemeral=True)
        except Exception as err:
            await report_error(interaction, err, lang, table)

    async def resolve_table(
        interaction: discord.Interaction, table: int | None, lang: str, finished: bool = False
    ) -> int | None:
        """The table named, else the user's table in this thread/channel, else their latest one. With
        `finished` (reading commands such as /history), a table's own thread finds it whatever its
        status, and the user's finished tables count too."""
        if table is not None:
            return table
        if finished and interaction.guild_id is not None and interaction.channel_id is not None:
            in_thread = await bot.service.list_tables(
                interaction.guild_id, channel_id=interaction.channel_id, statuses=tuple(TableStatus)
            )
            own = [info for info in in_thread if info.thread_id == interaction.channel_id]
            if own:
                return own[0].id
        mine = await bot.service.tables_of_user(interaction.user.id, active_only=not finished)
        here = [info for info in mine if interaction.channel_id in (info.thread_id, info.channel_id)]
        candidates = here or mine
        if not candidates:
            await send(interaction, content=t("dc.no_table", lang))
            return None
        return candidates[0].id

    def is_admin(interaction: discord.Interaction) -> bool:
        perms = interaction.permissions
        return bool(perms.manage_guild or perms.administrator)

    # ---- /table ------------------------------------------------------------------------------------------
    table_group = app_commands.Group(name="table", description=ls("dc.cmd.table"), guild_only=True)

    @table_group.command(name="new", description=ls("dc.cmd.table.new"))
    @app_commands.describe(
        game=ls("dc.opt.game"),
        variant=ls("dc.opt.variant"),
        options=ls("dc.opt.options"),
        clock=ls("dc.opt.clock"),
    )
    @app_commands.choices(
        game=_game_choices(),
        clock=[
            app_commands.Choice(name=ls("dc.choice.live"), value="live"),
            app_commands.Choice(name=ls("dc.choice.async"), value="async"),
        ],
    )
    async def table_new(
        interaction: discord.Interaction,
        game: str,
        variant: str | None = None,
        options: str | None = None,
        clock: str | None = None,
    ) -> None:
        async def work(lang: str) -> None:
            if interaction.guild_id is None or interaction.channel is None:
                return await send(interaction, content=t("dc.guild_only", lang))
            try:
                parsed = parse_options(options)
            except ValueError as err:
                return await send(interaction, content=t("dc.bad_options", lang, got=str(err)))
            channel = interaction.channel
            in_thread = isinstance(channel, discord.Thread)
            server = await bot.server_settings(interaction.guild_id)
            allowed = server.table_channels
            home = channel.parent_id if in_thread else channel.id  # type: ignore[union-attr]
            if allowed and home not in allowed and channel.id not in allowed:
                where = ", ".join(f"<#{c}>" for c in sorted(allowed))
                return await send(interaction, content=t("dc.not_here", lang, where=where))
            info = await bot.service.create(
                interaction.guild_id,
                channel.parent_id if in_thread and channel.parent_id else channel.id,  # type: ignore[union-attr]
                bot.player(interaction, lang),
                game,
                variant=variant,
                options=parsed,
                clock_mode=ClockMode(clock or server.default_clock),
                thread_id=channel.id if in_thread else None,
                open_limit=bot.settings.host.max_open_tables_per_person,
            )
            await bot.router.note_language(info.id, interaction, fallback=lang)
            lang = bot.router.lang(info.id)  # the lobby and announcement are public
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
                await send(interaction, embed=embed, view=view, ephemeral=False)
                return
            info = await bot.service.set_thread(info.id, thread.id)
            if view is not None:
                view.stop()  # drawn only: clicks reach the DynamicItems
                lobby_message = await thread.send(embed=embed, view=view)
                await bot.router.remember_lobby(info.id, thread.id, lobby_message.id)
            else:
                await thread.send(embed=embed)
            where = thread.mention
            await send(
                interaction,
                content=t(
                    "dc.lobby.opened",
                    lang,
                    user=interaction.user.mention,
                    table=info.id,
                    game=boards.game_name(the_game, lang),
                    where=where,
                ),
                ephemeral=False,
            )

        await guarded(interaction, None, work)

    @table_new.autocomplete("variant")
    async def variant_complete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
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

    @table_new.autocomplete("options")
    async def options_complete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
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

    @table_group.command(name="list", description=ls("dc.cmd.table.list"))
    async def table_list(interaction: discord.Interaction) -> None:
        async def work(lang: str) -> None:
            guild = interaction.guild_id or 0
            tables = await bot.service.list_tables(guild)
            done = await bot.service.list_tables(guild, statuses=(TableStatus.FINISHED,))

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

        await guarded(interaction, None, work)

    @table_group.command(name="status", description=ls("dc.cmd.table.status"))
    @app_commands.describe(table=ls("dc.opt.table"))
    async def table_status(interaction: discord.Interaction, table: int | None = None) -> None:
        async def work(lang: str) -> None:
            tid = await resolve_table(interaction, table, lang)
            if tid is not None:
                await bot.send_board(interaction, tid, lang)

        await guarded(interaction, table, work)

    @table_group.command(name="leave", description=ls("dc.cmd.table.leave"))
    @app_commands.describe(table=ls("dc.opt.table"))
    async def table_leave(interaction: discord.Interaction, table: int | None = None) -> None:
        async def work(lang: str) -> None:
            tid = await resolve_table(interaction, table, lang)
            if tid is not None:
                info = await bot.service.leave(tid, interaction.user.id)
                await send(interaction, content=t("dc.done", lang))
                await bot.router.refresh_lobby(info)

        await guarded(interaction, table, work)

    @table_group.command(name="resign", description=ls("dc.cmd.table.resign"))
    @app_commands.describe(table=ls("dc.opt.table"))
    async def table_resign(interaction: discord.Interaction, table: int | None = None) -> None:
        async def work(lang: str) -> None:
            tid = await resolve_table(interaction, table, lang)
            if tid is not None:
                await bot.service.resign(tid, interaction.user.id)
                await send(interaction, content=t("dc.done", lang))

        await guarded(interaction, table, work)

    @table_group.command(name="abort", description=ls("dc.cmd.table.abort"))
    @app_commands.describe(table=ls("dc.opt.table"))
    @app_commands.default_permissions(manage_guild=True)
    async def table_abort(interaction: discord.Interaction, table: int) -> None:
        async def work(lang: str) -> None:
            if not is_admin(interaction):
                return await send(interaction, content=t("dc.admin_only", lang))
            await _same_guild(interaction, table)
            await bot.service.abort(table)
            await send(interaction, content=t("dc.done", lang))

        await guarded(interaction, table, work)

    @table_group.command(name="replace", description=ls("dc.cmd.table.replace"))
    @app_commands.describe(table=ls("dc.opt.table"), seat=ls("dc.opt.seat"))
    @app_commands.default_permissions(manage_guild=True)
    async def table_replace(interaction: discord.Interaction, table: int, seat: int) -> None:
        async def work(lang: str) -> None:
            if not is_admin(interaction):
                return await send(interaction, content=t("dc.admin_only", lang))
            await _same_guild(interaction, table)
            await bot.service.replace_with_ai(table, seat - 1)
            await send(interaction, content=t("dc.done", lang))

        await guarded(interaction, table, work)

    async def _same_guild(interaction: discord.Interaction, table: int) -> TableInfo:
        """Admins of one server cannot touch another server's tables."""
        from bot.tables.errors import TableError

        info = await bot.service.get_table(table)
        if info.guild_id != interaction.guild_id:
            raise TableError("table_not_found", table=table)
        return info

    tree.add_command(table_group)

    # ---- /hand, /history, /rules ---------------------------------------------------------------------
    @tree.command(name="hand", description=ls("dc.cmd.hand"))
    @app_commands.describe(table=ls("dc.opt.table"))
    async def hand(interaction: discord.Interaction, table: int | None = None) -> None:
        async def work(lang: str) -> None:
            tid = await resolve_table(interaction, table, lang)
            if tid is not None:
                await bot.send_hand(interaction, tid, lang)

        await guarded(interaction, table, work)

    @tree.command(name="history", description=ls("dc.cmd.history"))
    @app_commands.describe(table=ls("dc.opt.table"))
    async def history(interaction: discord.Interaction, table: int | None = None) -> None:
        async def work(lang: str) -> None:
            tid = await resolve_table(interaction, table, lang, finished=True)
            if tid is None:
                return
            info = await bot.service.get_table(tid)
            game = await bot.service.game_of(tid)
            names = render.names_of(info)
            seated = any(s.user_id == interaction.user.id for s in info.seats)
            entries = await bot.service.history(tid, interaction.user.id if seated else None)
            lines = [f"`{e.version:>4}` {boards.render_event(game, e.event, lang, names)}" for e in entries][-60:]
            if not lines:
                return await send(interaction, content=t("dc.history.none", lang))
            title = t("dc.history.title", lang, table=tid)
            embed = discord.Embed(title=title, description="\n".join(lines)[-3900:])
            await send(interaction, embed=embed)

        await guarded(interaction, table, work)

    @tree.command(name="rules", description=ls("dc.cmd.rules"))
    @app_commands.describe(game=ls("dc.opt.game"))
    @app_commands.choices(game=_game_choices())
    async def rules(interaction: discord.Interaction, game: str) -> None:
        async def work(lang: str) -> None:
            the_game = get_game(game)
            page = the_game.rules_page(lang)
            chunks = [page[i : i + 3900] for i in range(0, len(page), 3900)] or [""]
            embeds = [discord.Embed(title=boards.game_name(the_game, lang), description=chunks[0])]
            await send(interaction, embeds=embeds)
            for chunk in chunks[1:8]:
                await send(interaction, embed=discord.Embed(description=chunk))

        await guarded(interaction, None, work)

    @tree.command(name="card", description=ls("dc.cmd.card"))
    @app_commands.describe(name=ls("dc.opt.card"), game=ls("dc.opt.game"))
    @app_commands.choices(game=_game_choices())
    async def card(interaction: discord.Interaction, name: str, game: str | None = None) -> None:
        async def work(lang: str) -> None:
            found = find_card(name, game, lang)
            if found is None:
                return await send(interaction, content=t("dc.card.none", lang, name=name[:80]))
            game_id, text = found
            effect = text.effect + (f"\n{t('dc.card.ruling', lang)}" if text.ruling else "")
            embed = discord.Embed(title=text.name[:256], description=effect[:4000])
            embed.set_footer(text=boards.game_name(get_game(game_id), lang))
            await send(interaction, embed=embed)

        await guarded(interaction, None, work)

    @card.autocomplete("name")
    async def card_complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        lang = i18n.normalize_language(str(interaction.locale))
        wanted = getattr(interaction.namespace, "game", None)
        needle = current.strip().lower()
        choices: list[app_commands.Choice[str]] = []
        for game_id, text in card_entries(wanted, lang):
            if needle in text.name.lower() or needle in text.key.lower():
                label = f"{text.name} · {boards.game_name(get_game(game_id), lang)}"
                choices.append(app_commands.Choice(name=label[:100], value=f"{game_id}:{text.key}"[:100]))
            if len(choices) >= 25:
                break
        return choices

    # ---- /leaderboard, /stats ------------------------------------------------------------------------
    @tree.command(name="leaderboard", description=ls("dc.cmd.leaderboard"))
    @app_commands.describe(game=ls("dc.opt.game"), scope=ls("dc.opt.scope"))
    @app_commands.choices(
        game=_game_choices(),
        scope=[
            app_commands.Choice(name=ls("dc.choice.server"), value="server"),
            app_commands.Choice(name=ls("dc.choice.global"), value="global"),
        ],
    )
    async def leaderboard(
        interaction: discord.Interaction, game: str | None = None, scope: str = "server"
    ) -> None:
        async def work(lang: str) -> None:
            guild = None if scope == "global" or interaction.guild_id is None else interaction.guild_id
            rows = await bot.service.leaderboard(guild, game, limit=10)
            name = boards.game_name(get_game(game), lang) if game else t("dc.all_games", lang)
            title = t("dc.leaderboard.title", lang, game=name, scope=t(f"dc.choice.{scope}", lang))
            if not rows:
                return await send(
                    interaction, content=f"**{title}**\n" + t("dc.leaderboard.none", lang), ephemeral=False
                )
            lines = [
                t(
                    "dc.leaderboard.line",
                    lang,
                    rank=r.rank,
                    name=r.name,
                    rating=f"{r.rating:.1f}",
                    games=r.games,
                    wins=r.wins,
                )
                for r in rows
            ]
            await send(
                interaction, embed=discord.Embed(title=title, description="\n".join(lines)), ephemeral=False
            )

        await guarded(interaction, None, work)

    @tree.command(name="stats", description=ls("dc.cmd.stats"))
    @app_commands.describe(user=ls("dc.opt.user"))
    async def stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
        async def work(lang: str) -> None:
            who = user or interaction.user
            result = await bot.service.player_stats(who.id, interaction.guild_id)
            title = t("dc.stats.title", lang, name=who.display_name)
            if not result.rows:
                return await send(interaction, content=f"**{title}**\n" + t("dc.stats.none", lang))
            lines = []
            for r in result.rows:
                name = t("dc.all_games", lang) if r.game == "*" else boards.game_name(get_game(r.game), lang)
                lines.append(
                    t(
                        "dc.leaderboard.line",
                        lang,
                        rank=r.rank,
                        name=name,
                        rating=f"{r.rating:.1f}",
                        games=r.games,
                        wins=r.wins,
                    )
                )
            await send(interaction, embed=discord.Embed(title=title, description="\n".join(lines)))

        await guarded(interaction, None, work)

    # ---- /settings ---------------------------------------------------------------------------------------
    settings_group = app_commands.Group(name="settings", description=ls("dc.cmd.settings"))

    @settings_group.command(name="me", description=ls("dc.cmd.settings.me"))
    @app_commands.describe(
        language=ls("dc.opt.language"), dm_pings=ls("dc.opt.dm_pings"), forget=ls("dc.opt.forget")
    )
    @app_commands.choices(
        language=[
            app_commands.Choice(name="English", value="en"),
            app_commands.Choice(name="日本語", value="ja"),
        ]
    )
    async def settings_me(
        interaction: discord.Interaction,
        language: str | None = None,
        dm_pings: bool | None = None,
        forget: bool | None = None,
    ) -> None:
        async def work(lang: str) -> None:
            if forget:  # docs/privacy.md: a confirm button, then the service forgets the person
                text, view = privacy.forget_prompt(interaction.user.id, lang)
                return await send(interaction, content=text, view=view)
            saved = await bot.service.set_settings(interaction.user.id, language=language, dm_pings=dm_pings)
            bot.remember_settings(saved)
            if language is not None:
                lang = language
            text = t(
                "dc.settings.me",
                lang,
                language={"en": "English", "ja": "日本語"}.get(saved.language or "", t("dc.lang.auto", lang)),
                dm=t("dc.on" if saved.dm_pings else "dc.off", lang),
            )
            await send(interaction, content=text)

        await guarded(interaction, None, work)

    @settings_group.command(name="server", description=ls("dc.cmd.settings.server"))
    @app_commands.describe(
        default_clock=ls("dc.opt.default_clock"),
        tables_channel=ls("dc.opt.tables_channel"),
        any_channel=ls("dc.opt.any_channel"),
        pictures=ls("dc.opt.pictures"),
        ai_level=ls("dc.opt.ai_level"),
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    @app_commands.choices(
        default_clock=[
            app_commands.Choice(name=ls("dc.choice.live"), value="live"),
            app_commands.Choice(name=ls("dc.choice.async"), value="async"),
        ],
        ai_level=[
            app_commands.Choice(name=ls(f"dc.choice.ai_{level}"), value=level)
            for level in ("easy", "normal", "strong")
        ],
    )
    async def settings_server(
        interaction: discord.Interaction,
        default_clock: str | None = None,
        # the raw resolved channel (only its id is used): no dependence on the guild cache
        tables_channel: app_commands.AppCommandChannel | None = None,
        any_channel: bool | None = None,
        pictures: bool | None = None,
        ai_level: str | None = None,
    ) -> None:
        async def work(lang: str) -> None:
            guild_id = interaction.guild_id
            if guild_id is None:
                return await send(interaction, content=t("dc.guild_only", lang))
            if not is_admin(interaction):
                return await send(interaction, content=t("dc.admin_only", lang))
            channels: set[int] | None = None
            if any_channel:
                channels = set() if tables_channel is None else {tables_channel.id}
            elif tables_channel is not None:
                # added by the database to the stored list (or to .env's): two admins adding at once both stay
                await bot.service.add_table_channel(guild_id, tables_channel.id, bot.settings.table_channels)
            if default_clock is not None or channels is not None or pictures is not None or ai_level is not None:
                text_only = None if pictures is None else not pictures
                await bot.service.set_guild_settings(
                    guild_id, default_clock, channels, text_only=text_only, ai_level=ai_level
                )
                forget_setting(guild_id)
            server = await bot.server_settings(guild_id)
            saved = await bot.service.get_guild_settings(guild_id)
            shown = not saved.text_only and bot.settings.pictures
            level = saved.ai_level or bot.settings.host.ai_takeover_level  # unset: the operator's level
            where = ", ".join(f"<#{c}>" for c in sorted(server.table_channels)) or t("dc.anywhere", lang)
            current = t(
                "dc.settings.server",
                lang,
                clock=t(f"dc.choice.{server.default_clock}", lang),
                channels=where,
            )
            current += "\n" + t("dc.settings.pictures", lang, state=t("dc.on" if shown else "dc.off", lang))
            current += "\n" + t("dc.settings.ai_level", lang, level=t(f"dc.level.{level}", lang))
            await send(interaction, content=f"{current}\n{t('dc.settings.server_help', lang)}")

        await guarded(interaction, None, work)

    tree.add_command(settings_group)


__all__ = ["install_commands", "parse_options"]
