"""Answering one person about one table: their hand with its choices, the board, the card texts.

Shared by the slash commands (/hand, /table status) and the buttons (My hand, Board, Card texts), so a
hand looks the same however it was asked for. A hand reply in a server is remembered (routing.HandReplies)
so the person's next turn can be put into it.
"""

from __future__ import annotations

import discord

from bot.discord_bot import boards, pictures
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.replies import send, send_tracked
from bot.discord_bot.routing import Router
from bot.tables import TableService, TableStatus


class TableReplies:
    def __init__(self, service: TableService, prefs: Preferences, router: Router) -> None:
        self.service = service
        self.prefs = prefs
        self.router = router

    async def hand(
        self, interaction: discord.Interaction, table: int, lang: str, note: str | None = None
    ) -> None:
        """The private board with buttons for exactly the user's legal actions (a spectator sees the public one)."""
        svc = self.service
        info = await svc.get_table(table)
        game = await svc.game_of(table)
        prefs = self.prefs
        if info.seat_of(interaction.user.id) is None:
            public = await svc.public_view(table)
            embed, _ = boards.hand_message(info, public, game, lang, note=note)
            await send(interaction, ephemeral=True, **await pictures.hand(prefs, info, public, game, lang, embed, None))
            return
        seat_view = await svc.seat_view(table, interaction.user.id)
        embed, view = boards.hand_message(info, seat_view, game, lang, note=note)
        dressed = await pictures.hand(prefs, info, seat_view, game, lang, embed, view)
        message_id = await send_tracked(interaction, ephemeral=True, **dressed)
        if interaction.guild_id is not None and info.status is TableStatus.PLAYING:  # next turns go here
            self.router.hands.remember(table, interaction.user.id, interaction, seat_view.version, lang, message_id)

    async def card_texts(self, interaction: discord.Interaction, table: int, lang: str) -> None:
        """What every card the reader can see does: their hand, the table, the cards their choices name."""
        svc = self.service
        info = await svc.get_table(table)
        game = await svc.game_of(table)
        if info.seat_of(interaction.user.id) is None:
            seat_view = await svc.public_view(table)
        else:
            seat_view = await svc.seat_view(table, interaction.user.id)
        await send(interaction, embed=boards.card_texts_embed(info, seat_view, game, lang), ephemeral=True)

    async def board(self, interaction: discord.Interaction, table: int, lang: str) -> None:
        """The public board (or the lobby), privately, in the asker's language."""
        svc = self.service
        info = await svc.get_table(table)
        game = await svc.game_of(table)
        if info.status is TableStatus.LOBBY:
            embed, view = boards.lobby_message(info, game, lang)
            await send(interaction, embed=embed, view=view, ephemeral=True)
            return
        public = await svc.public_view(table)
        await self.router.restore(table)
        clocks = await svc.clock_board(table)
        embed, bview = boards.board_message(info, public, game, lang, self.router.to_act_of(table), clocks)
        dressed = await pictures.board(self.prefs, svc, info, public, game, lang, embed, bview)
        await send(interaction, ephemeral=True, **dressed)

