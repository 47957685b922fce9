"""Leaderboards and /stats as pictures with the same words below, and the leaderboard's ◀ ▶ pages.

A board message names its board in the buttons' custom ids (`lb:<g|w>:<season|all>:<game>:<page>`: the
server's or the global board, the season or all-time, the game or `*`), so a page button works after a
restart and keeps to the season the message showed even after the season ended. A click answers the
clicker privately with that page and their own rank (a private page is turned in place); a page that
no longer exists (the board shrank since the message was drawn) or a season the server does not have
is refused in one localized line and nothing changes.

Only public figures are drawn and written: names, ratings, their trend, games and wins.
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord
from discord import app_commands

from bot import art
from bot.art import charts
from bot.discord_bot import boards
from bot.discord_bot.clicks import Guarded
from bot.discord_bot.pictures import layout
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.replies import send, update_message, within_budget
from bot.discord_bot.texts import t
from bot.store.seasons import HallRow
from bot.tables import TableService
from bot.tables.errors import TableError
from bot.tables.results import BoardPage, PlayerFigures
from bot.tables.seasons import ALL_TIME, is_season
from games.core import i18n
from games.core.registry import get_game

LB_TEMPLATE = r"lb:(?P<scope>[gw]):(?P<season>all|\d{4}-(?:\d{2}|Q[1-4])):(?P<game>[a-z0-9_]+|\*):(?P<page>\d{1,5})"
ALL_NAMES = ("all", "all-time", "alltime", "通算")
BOARD_FILE = "leaderboard.png"
MEDALS = ("🥇", "🥈", "🥉")
STATS_FILE = "stats.png"

i18n.register(
    {
        "dc.lb.title": {"en": "Leaderboard: {game}", "ja": "ランキング: {game}"},
        "dc.lb.server": {"en": "this server", "ja": "このサーバー"},
        "dc.lb.global": {"en": "all servers", "ja": "全サーバー"},
        "dc.lb.all_time": {"en": "all-time", "ja": "通算"},
        "dc.lb.month": {"en": "{month} {year}", "ja": "{year}年{n}月"},
        "dc.lb.quarter": {"en": "{year} Q{q}", "ja": "{year}年 第{q}四半期"},
        "dc.lb.season_now": {"en": "season {season} (running)", "ja": "シーズン {season}（開催中）"},
        "dc.lb.season_past": {"en": "season {season} (ended)", "ja": "シーズン {season}（終了）"},
        "dc.lb.line": {
            "en": "{rank}. {name} — {rating} ({trend} in 7 days) · {games} games, {wins} wins",
            "ja": "{rank}位 {name} — {rating}（7日間 {trend}）・{games}戦 {wins}勝",
        },
        "dc.lb.you": {"en": "▸ {name}: {rank}. — {rating} · {games} games", "ja": "▸ {name}: {rank}位 — {rating}・{games}戦"},
        "dc.lb.page": {"en": "Page {page} of {pages} · {total} players", "ja": "{page} / {pages} ページ・{total}人"},
        "dc.lb.none_season": {
            "en": "No rated games in this season yet. `/leaderboard season:all` shows the all-time board.",
            "ja": "このシーズンのレーティング対象の対戦はまだありません。`/leaderboard season:all` で通算を表示します。",
        },
        "dc.stats.line": {
            "en": "{game} — {rating} (#{rank}) · {games} games, {wins} wins · average place {average} · best streak {streak}",
            "ja": "{game} — {rating}（{rank}位）・{games}戦 {wins}勝・平均順位 {average}・最長連勝 {streak}",
        },
        "dc.opt.season": {
            "en": "Which season (default: the current one; 'all' for all-time)",
            "ja": "どのシーズンか（既定: 開催中のもの。'all' で通算）",
        },
        "dc.hall.announce": {
            "en": "🏆 Season {season} is over. Hall of fame: {places}",
            "ja": "🏆 シーズン {season} が終わりました。殿堂入り: {places}",
        },
        "dc.hall.line": {"en": "🏆 Hall of fame: {places}", "ja": "🏆 殿堂入り: {places}"},
        "dc.hall.none": {"en": "nobody was rated this season", "ja": "このシーズンのレーティング対象者はいません"},
    }
)
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")


def season_label(season: str, lang: str) -> str:
    """A season's name for people: "November 2026" / "2026年11月", "2026 Q4"; '' is all-time."""
    if season == ALL_TIME:
        return t("dc.lb.all_time", lang)
    year, rest = season.split("-", 1)
    if rest.startswith("Q"):
        return t("dc.lb.quarter", lang, year=year, q=rest[1:])
    return t("dc.lb.month", lang, year=year, month=_MONTHS[int(rest) - 1], n=int(rest))


def hall_places(hall: list[HallRow] | tuple[HallRow, ...]) -> str:
    """🥇 name (rating) · 🥈 … · 🥉 …"""
    return " · ".join(f"{MEDALS[h.place - 1] if h.place <= len(MEDALS) else h.place} {h.name} ({h.ordinal:.1f})" for h in hall)


def custom_id(world: bool, season: str, game: str, page: int) -> str:
    return f"lb:{'w' if world else 'g'}:{season or 'all'}:{game}:{page}"


def _game_label(game: str, lang: str) -> str:
    return t("dc.all_games", lang) if game == "*" else boards.game_name(get_game(game), lang)


async def resolve_season(service: TableService, guild_id: int | None, season: str | None) -> str:
    """The season a /leaderboard asks for: none given is the server's current season (all-time where the
    server keeps none, and for the global board); 'all' is all-time; a name must be one of the server's
    seasons (refused with the list otherwise)."""
    wanted = (season or "").strip()
    if wanted.lower() in ALL_NAMES:
        return ALL_TIME
    if guild_id is None:
        if wanted:
            raise TableError("season_global")
        return ALL_TIME
    if not wanted:
        return await service.seasons.current(guild_id) or ALL_TIME
    known = [name for name, _ended in await service.seasons.known(guild_id)]
    current = await service.seasons.current(guild_id)
    if wanted.upper() in known or wanted.upper() == current:
        return wanted.upper()
    listed = ", ".join(["all", *known[:12]])
    raise TableError("season_unknown", season=wanted[:40], known=listed)


async def board_message(
    service: TableService,
    prefs: Preferences,
    guild_id: int | None,
    season: str,
    game: str,
    page: int,
    viewer: discord.abc.User,
    lang: str,
) -> dict[str, Any]:
    """Message arguments for one page: the picture in a V2 block with the words below (or the embed where
    pictures are off), and ◀ ▶ when the board has more than one page."""
    found = await service.board_page(guild_id, season, None if game == "*" else game, page, viewer.id)
    title = t("dc.lb.title", lang, game=_game_label(game, lang))
    subtitle = await _subtitle(service, guild_id, season, lang)
    lines = [_line(found, i, lang) for i in range(len(found.rows))]
    if not lines:
        lines = [t("dc.lb.none_season" if season else "dc.leaderboard.none", lang)]
    if season and guild_id is not None:
        hall = await service.seasons.hall(guild_id, season)
        if hall:
            lines.insert(0, t("dc.hall.line", lang, places=hall_places(hall)))
    on_page = found.viewer is not None and any(r.user_id == viewer.id for r in found.rows)
    if found.viewer is not None and not on_page:
        own = found.viewer
        lines.append(t("dc.lb.you", lang, name=own.name, rank=own.rank, rating=f"{own.rating:.1f}", games=own.games))
    embed = discord.Embed(title=title, description="\n".join(lines))
    embed.set_footer(text=f"{subtitle} · " + t("dc.lb.page", lang, page=page + 1, pages=found.pages, total=found.total))
    view = _pager(found, guild_id is None)
    if not await prefs.pictures_on(guild_id):
        return {"embed": embed, "view": view}
    rows = [(r.rank, r.name, r.rating, found.trends[i], r.games, r.wins) for i, r in enumerate(found.rows)]
    v = found.viewer
    me = (v.rank, v.name, v.rating, found.viewer_trend, v.games, v.wins) if v is not None else None
    scene = charts.leaderboard_scene(title, subtitle, rows, me, on_page, page, found.pages, found.total, lang)
    png = await _draw(scene)
    files = [discord.File(io.BytesIO(png), filename=BOARD_FILE, description=title)]
    return {"view": layout(embed, view, files), "files": files}


def _line(found: BoardPage, i: int, lang: str) -> str:
    r = found.rows[i]
    trend = charts.trend_text(found.trends[i], lang)
    return t("dc.lb.line", lang, rank=r.rank, name=r.name, rating=f"{r.rating:.1f}", trend=trend, games=r.games,
             wins=r.wins)


async def _subtitle(service: TableService, guild_id: int | None, season: str, lang: str) -> str:
    where = t("dc.lb.global" if guild_id is None else "dc.lb.server", lang)
    if season == ALL_TIME:
        return f"{t('dc.lb.all_time', lang)} · {where}"
    running = guild_id is not None and season == await service.seasons.current(guild_id)
    code = "dc.lb.season_now" if running else "dc.lb.season_past"
    return f"{t(code, lang, season=season_label(season, lang))} · {where}"


def _pager(found: BoardPage, world: bool) -> discord.ui.View | None:
    if found.pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    back = max(found.page - 1, 0)
    ahead = min(found.page + 1, found.pages - 1)
    view.add_item(discord.ui.Button(label="◀", custom_id=custom_id(world, found.season, found.game, back),
                                    disabled=found.page == 0))
    view.add_item(discord.ui.Button(label="▶", custom_id=custom_id(world, found.season, found.game, ahead),
                                    disabled=found.page >= found.pages - 1))
    view.stop()  # drawn only: clicks reach the DynamicItems
    return view


async def _draw(scene: dict[str, Any]) -> bytes:
    import asyncio

    key = art.scene_key(scene)
    png = art.CACHE.get(key)
    if png is None:
        png = await asyncio.to_thread(charts.render_chart, scene)
        art.CACHE.put(key, png)
    return png


async def stats_message(
    service: TableService, prefs: Preferences, guild_id: int | None, who: discord.abc.User, lang: str
) -> dict[str, Any]:
    """/stats: the rating plot and per-game figures as a picture, the same figures as words below."""
    figures: PlayerFigures = await service.player_figures(who.id, guild_id)
    title = t("dc.stats.title", lang, name=who.display_name)
    if not figures.games:
        return {"content": f"**{title}**\n" + t("dc.stats.none", lang)}
    ordered = sorted(figures.games, key=lambda g: (g.game != "*", g.game))  # all games first
    lines = [
        t("dc.stats.line", lang, game=_game_label(g.game, lang), rating=f"{g.rating:.1f}", rank=g.rank, games=g.games,
          wins=g.wins, average="–" if g.average_place is None else f"{g.average_place:.2f}", streak=g.best_streak)
        for g in ordered
    ]
    embed = discord.Embed(title=title, description="\n".join(lines))
    where = t("dc.lb.global" if guild_id is None else "dc.lb.server", lang)
    embed.set_footer(text=f"{t('dc.lb.all_time', lang)} · {where}")
    if not await prefs.pictures_on(guild_id):
        return {"embed": embed}
    rows = [(_game_label(g.game, lang), g.rating, g.rank, g.games, g.wins, g.average_place, g.best_streak, g.points)
            for g in ordered]
    scene = charts.stats_scene(title, f"{t('dc.lb.all_time', lang)} · {where}", rows, lang)
    png = await _draw(scene)
    files = [discord.File(io.BytesIO(png), filename=STATS_FILE, description=title)]
    return {"view": layout(embed, None, files), "files": files}


class LeaderboardPageButton(Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=LB_TEMPLATE):
    """◀ / ▶ of a leaderboard message: the clicker's own copy of that page (their rank included)."""

    def __init__(self, world: bool, season: str, game: str, page: int) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id(world, season, game, page), label="·"))
        self.world, self.season, self.game, self.page = world, season, game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeaderboardPageButton:
        season = "" if match["season"] == "all" else match["season"]
        return cls(match["scope"] == "w", season, match["game"], int(match["page"]))

    async def run(self, interaction: discord.Interaction, lang: str) -> None:
        kit = self.kit
        guild_id = None if self.world else interaction.guild_id
        if self.season and guild_id is None:
            raise TableError("season_global")
        if self.season and not is_season(self.season):  # a custom id typed by hand: "2026-13"
            raise TableError("season_unknown", season=self.season, known="all")
        if self.season and guild_id is not None:
            known = [name for name, _ended in await kit.service.seasons.known(guild_id)]
            if self.season not in known and self.season != await kit.service.seasons.current(guild_id):
                raise TableError("season_unknown", season=self.season, known=", ".join(["all", *known[:12]]))
        if self.game != "*":
            get_game(self.game)  # a game no longer installed: its refusal line
        work = board_message(kit.service, kit.prefs, guild_id, self.season, self.game, self.page, interaction.user, lang)
        message = await within_budget(interaction, work, ephemeral=True)
        own = interaction.message is not None and interaction.message.flags.ephemeral
        if own:  # the clicker's private copy: turn the page in place
            await update_message(interaction, view=message.get("view"), embed=message.get("embed"),
                                 attachments=message.get("files", []))
        else:  # the public message stays as it is; the clicker gets their own copy
            await send(interaction, ephemeral=True, **message)


async def leaderboard_command(
    service: TableService,
    prefs: Preferences,
    interaction: discord.Interaction,
    lang: str,
    game: str | None,
    scope: str,
    season: str | None,
) -> None:
    guild = None if scope == "global" or interaction.guild_id is None else interaction.guild_id
    chosen = await resolve_season(service, guild, season)
    message = await board_message(service, prefs, guild, chosen, game or "*", 0, interaction.user, lang)
    await send(interaction, ephemeral=False, **message)


async def season_choices(service: TableService, guild_id: int | None, current: str) -> list[app_commands.Choice[str]]:
    """/leaderboard season's suggestions: 'all' and the server's seasons, newest first (what was typed
    narrows them)."""
    names = ["all"]
    if guild_id is not None:
        names += [name for name, _ended in await service.seasons.known(guild_id)]
    typed = current.strip().lower()
    return [app_commands.Choice(name=n, value=n) for n in names if typed in n.lower()][:25]
