"""Persistent components, one DynamicItem per family of verbs, each doing its own work (as discord.py's
examples/views/dynamic_counter.py does): the lobby (join, leave, add an AI, start, cancel), a choice in the
game (act) and reading (my hand, the board, card texts).

They hold no game state: the custom id says which table, version, verb and action (ids.py), so a click
works after any restart; the table service decides everything (a stale board included). Errors take the
one path in clicks.py.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Self

import discord

from bot import render
from bot.discord_bot import boards, ids, pictures
from bot.discord_bot.clicks import Guarded
from bot.discord_bot.replies import send, update_message, within_budget
from bot.discord_bot.texts import t
from bot.tables import TableInfo, TableStatus, Update
from bot.tables.ai import policy_for_level

log = logging.getLogger("tricktable.discord")

_ID = r"t(?P<kind>[ts]):(?P<table>[0-9]+):(?P<ver>[0-9]+):"
LOBBY_TEMPLATE = _ID + r"(?P<verb>join|leave|ai|start|cancel)(?::(?P<arg>.+))?"
ACT_TEMPLATE = _ID + r"(?P<verb>act)(?::(?P<arg>.+))?"
READ_TEMPLATE = _ID + r"(?P<verb>hand|board|texts)(?::(?P<arg>.+))?"


class TableComponent(Guarded):
    """A button (`tt:`) or a select (`ts:`) of one table, rebuilt from its custom id."""

    def __init__(self, cid: ids.ComponentId, select: bool = False) -> None:
        item: discord.ui.Item[Any]
        if select:
            item = discord.ui.Select(custom_id=cid.select(), options=[discord.SelectOption(label="·")])
        else:
            item = discord.ui.Button(custom_id=cid.button(), label="·")
        super().__init__(item)  # type: ignore[call-arg]  # DynamicItem.__init__, next in the MRO
        self.cid = cid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        cid = ids.ComponentId(int(match["table"]), int(match["ver"]), match["verb"], match["arg"])
        return cls(cid, select=match["kind"] == "s")

    @property
    def table(self) -> int | None:
        return self.cid.table

    @staticmethod
    def values(interaction: discord.Interaction) -> list[str] | None:
        """A select's chosen values (None for a button)."""
        data: Any = interaction.data or {}
        if "values" not in data:
            return None
        return [str(v) for v in data["values"]]

    async def prepare(self, interaction: discord.Interaction) -> None:
        """Public table messages use the server's language, learned from any interaction on the table."""
        await self.kit.router.note_language(self.cid.table, interaction)


class LobbyComponent(TableComponent, discord.ui.DynamicItem[Any], template=LOBBY_TEMPLATE):
    """Join, Leave, Add AI (a button for a normal AI, a select naming the level), Start, Cancel: the
    lobby message is redrawn in place, in the table's language (it is public)."""

    async def run(self, interaction: discord.Interaction, lang: str) -> None:
        kit, table = self.kit, self.cid.table
        info = await within_budget(
            interaction, self._change(interaction, lang), ephemeral=True, update=True
        )
        game = await kit.service.game_of(table)
        embed, view = boards.lobby_message(info, game, kit.router.lang(table))
        await update_message(interaction, embed=embed, view=view)

    async def _change(self, interaction: discord.Interaction, lang: str) -> TableInfo:
        svc, table, verb, user = self.kit.service, self.cid.table, self.cid.verb, interaction.user.id
        if verb in (ids.JOIN, ids.START) and interaction.guild_id is not None:
            # before the service call: the game's first turns may be posted while this click is answered
            self.kit.router.hands.remember_lobby_click(table, user, interaction, lang)
        if verb == ids.JOIN:
            player = self.kit.prefs.player(interaction, lang)
            return await svc.join(table, player, open_limit=self.kit.settings.host.max_open_tables_per_person)
        if verb == ids.LEAVE:
            return await svc.leave(table, user)
        if verb == ids.ADD_AI:
            chosen = self.values(interaction)
            level = chosen[0] if chosen else "normal"
            return await svc.add_ai(table, user, policy_for_level(await svc.game_of(table), level))
        if verb == ids.START:
            return (await svc.start(table, user)).table
        return await svc.cancel(table, user)


class ActComponent(TableComponent, discord.ui.DynamicItem[Any], template=ACT_TEMPLATE):
    """A choice in the game, from a hand reply (button or select) or a DM form (select). The answer goes on
    the clicked message: a hand shows the next state (with the next choices when the seat owes one again);
    a DM form becomes the record of what was chosen."""

    async def run(self, interaction: discord.Interaction, lang: str) -> None:
        chosen = self.values(interaction)
        action = chosen[0] if chosen else self.cid.arg
        table, user = self.cid.table, interaction.user.id
        if not action:
            await send(interaction, content=t("dc.internal_error", lang, table=table))
            return
        if interaction.guild_id is None:  # a DM form
            await self._act(interaction, action, lang)
            return
        hands = self.kit.router.hands
        hands.click_started(table, user)
        try:
            await self._act(interaction, action, lang)
        finally:
            if hands.click_finished(table, user):
                await self._catch_up(table, user)

    async def _act(self, interaction: discord.Interaction, action: str, lang: str) -> None:
        kit, table, user = self.kit, self.cid.table, interaction.user.id
        svc = kit.service
        key = f"{table}:{self.cid.version}:{user}:{action}"
        update: Update = await within_budget(
            interaction, svc.submit(table, user, action, self.cid.version, key), ephemeral=True, update=True
        )
        info = await svc.get_table(table)
        game = await svc.game_of(table)
        seat_view = await svc.seat_view(table, user)
        names = render.names_of(info)
        label = kit.router.action_label(game, action, seat_view, lang, names)
        # what the choice showed this seat alone (a card received…): here, not again by DM
        private = [] if update.actor is None else render.private_lines(game, update, update.actor, lang)
        if interaction.guild_id is None:
            done = t("dc.dm.chosen", lang, table=table, game=boards.game_name(game, lang), action=label)
            await update_message(interaction, content="\n".join([done, *private])[:1990])
            return
        note = "\n".join([t("dc.chosen", lang, action=label), *private])
        embed, view = boards.hand_message(info, seat_view, game, lang, note=note)
        dressed = await pictures.hand(kit.prefs, info, seat_view, game, lang, embed, view, edit=True)
        await update_message(interaction, **dressed)
        if info.status is TableStatus.PLAYING:  # the reply the next turn's choices will be put into
            kit.router.hands.remember(table, user, interaction, seat_view.version, lang)

    async def _catch_up(self, table: int, user_id: int) -> None:
        """The table moved on while a click's answer was on its way: show the person the current hand."""
        kit = self.kit
        try:
            info = await kit.service.get_table(table)
            reply = kit.router.hands.get(table, user_id)
            seat = info.seat_of(user_id)
            if reply is None or seat is None or reply.version >= info.version:
                return
            await kit.router.edit_hand(info, await kit.service.game_of(table), seat, user_id)
        except Exception:
            log.exception("could not catch up the hand of user=%s table=%s", user_id, table)


class ReadComponent(TableComponent, discord.ui.DynamicItem[Any], template=READ_TEMPLATE):
    """My hand, the board, card texts: private answers that change nothing."""

    async def run(self, interaction: discord.Interaction, lang: str) -> None:
        replies, table, verb = self.kit.replies, self.cid.table, self.cid.verb
        if verb == ids.HAND:
            work = replies.hand(interaction, table, lang)
        elif verb == ids.TEXTS:
            work = replies.card_texts(interaction, table, lang)
        else:
            work = replies.board(interaction, table, lang)
        await within_budget(interaction, work, ephemeral=True)


FAMILIES: tuple[type[discord.ui.DynamicItem[Any]], ...] = (LobbyComponent, ActComponent, ReadComponent)
