"""Reading: /hand, /history, /rules, /card. Private answers that change nothing.

These are top-level commands (the names players type), so this class is not an `app_commands.Group`:
`commands()` binds its methods the way a group binds its children (discord.py's bound-method commands).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot import render
from bot.discord_bot import boards, game_records
from bot.discord_bot.commands.common import game_choices, resolve_table
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.replies import send, within_budget
from bot.discord_bot.table_replies import TableReplies
from bot.discord_bot.texts import ls, t
from bot.tables import TableService
from bot.tables.readers import check_readable
from games.core import i18n
from games.core.contract import CardText
from games.core.registry import all_games, get_game

log = logging.getLogger("tricktable.discord")


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


class ReadingCommands:
    def __init__(self, service: TableService, prefs: Preferences, replies: TableReplies) -> None:
        self.service = service
        self.prefs = prefs
        self.replies = replies

    def commands(self) -> list[app_commands.Command[Any, Any, Any]]:
        card: app_commands.Command[Any, Any, Any] = app_commands.Command(
            name="card", description=ls("dc.cmd.card"), callback=self.card
        )
        card.autocomplete("name")(self.card_complete)
        return [
            app_commands.Command(name="hand", description=ls("dc.cmd.hand"), callback=self.hand),
            app_commands.Command(name="history", description=ls("dc.cmd.history"), callback=self.history),
            app_commands.Command(name="rules", description=ls("dc.cmd.rules"), callback=self.rules),
            card,
        ]

    @app_commands.describe(table=ls("dc.opt.table"))
    async def hand(self, interaction: discord.Interaction, table: int | None = None) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._hand(interaction, lang, table), ephemeral=True)

    async def _hand(self, interaction: discord.Interaction, lang: str, table: int | None) -> None:
        tid = await resolve_table(self.service, interaction, table, lang)
        if tid is not None:
            await self.replies.hand(interaction, tid, lang)

    @app_commands.describe(table=ls("dc.opt.table"), file=game_records.FILE_OPTION)
    async def history(
        self, interaction: discord.Interaction, table: int | None = None, file: bool | None = None
    ) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._history(interaction, lang, table, bool(file)), ephemeral=True)

    async def _history(self, interaction: discord.Interaction, lang: str, table: int | None, file: bool) -> None:
        """The public log and the asker's own private events (a spectator sees the public log only);
        `file`: the game's record (JSON) and its summary attached (game_records.py)."""
        tid = await resolve_table(self.service, interaction, table, lang, finished=True)
        if tid is None:
            return
        if file:  # the record asks the replay's own question (replays.check_replayable)
            return await send(interaction, **await game_records.attachments(self.service, interaction, tid, lang))
        info = await self.service.get_table(tid)
        check_readable(info, interaction.guild_id, interaction.user.id)
        game = await self.service.game_of(tid)
        names = render.names_of(info)
        seated = any(s.user_id == interaction.user.id for s in info.seats)
        entries = await self.service.history(tid, interaction.user.id if seated else None)
        lines = [f"`{e.version:>4}` {boards.render_event(game, e.event, lang, names)}" for e in entries][-60:]
        if not lines:
            return await send(interaction, content=t("dc.history.none", lang))
        title = t("dc.history.title", lang, table=tid)
        embed = discord.Embed(title=title, description="\n".join(lines)[-3900:])
        await send(interaction, embed=embed, view=game_records.replay_view(info, lang))

    @app_commands.describe(game=ls("dc.opt.game"))
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._rules(interaction, lang, game), ephemeral=True)

    async def _rules(self, interaction: discord.Interaction, lang: str, game: str) -> None:
        the_game = get_game(game)
        page = the_game.rules_page(lang)
        chunks = [page[i : i + 3900] for i in range(0, len(page), 3900)] or [""]
        await send(interaction, embeds=[discord.Embed(title=boards.game_name(the_game, lang), description=chunks[0])])
        for chunk in chunks[1:8]:
            await send(interaction, embed=discord.Embed(description=chunk))

    @app_commands.describe(name=ls("dc.opt.card"), game=ls("dc.opt.game"))
    @app_commands.choices(game=game_choices())
    async def card(self, interaction: discord.Interaction, name: str, game: str | None = None) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._card(interaction, lang, name, game), ephemeral=True)

    async def _card(self, interaction: discord.Interaction, lang: str, name: str, game: str | None) -> None:
        found = find_card(name, game, lang)
        if found is None:
            return await send(interaction, content=t("dc.card.none", lang, name=name[:80]))
        game_id, text = found
        effect = text.effect + (f"\n{t('dc.card.ruling', lang)}" if text.ruling else "")
        embed = discord.Embed(title=text.name[:256], description=effect[:4000])
        embed.set_footer(text=boards.game_name(get_game(game_id), lang))
        await send(interaction, embed=embed)

    async def card_complete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
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
