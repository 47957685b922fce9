"""The Discord client: wiring (setup_hook), component clicks → service calls, and the error path.

Everything a click needs comes from its custom id and the service; nothing here knows a game's rules.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands

from bot import render
from bot.discord_bot import boards, ids, pictures, privacy
from bot.discord_bot.commands import install_commands
from bot.discord_bot.components import TableButton, TableSelect
from bot.discord_bot.config import DiscordSettings, ServerSettings
from bot.discord_bot.replies import report_error, send, send_tracked, update_message, within_budget
from bot.discord_bot.routing import Router
from bot.discord_bot.texts import Translator, lang_of, t
from bot.ops.health import Heartbeat, heartbeat_path
from bot.tables import ClockMode, PlayerRef, TableInfo, TableService, TableStatus, Update, UserSettings
from bot.tables.ai import policy_for_level
from games.core import i18n
from games.core.errors import GameError

log = logging.getLogger("tricktable.discord")


class TricktableBot(discord.Client):
    """One process, one service. `service` may be given (tests, bench); otherwise it is opened from settings.

    With DISCORD_SHARD_COUNT set, `bot_class` gives ShardedTricktableBot (below) instead.
    """

    def __init__(
        self,
        settings: DiscordSettings,
        service: TableService | None = None,
        clock_interval: float | None = 1.0,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # threads and channels; no privileged intent is needed
        sharding: dict[str, Any] = {}  # only ShardedTricktableBot is given shard settings
        if settings.shard_count is not None:
            sharding["shard_count"] = settings.shard_count
        if settings.shard_ids is not None:
            sharding["shard_ids"] = list(settings.shard_ids)
        super().__init__(
            intents=intents,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
            **sharding,
        )
        self.settings = settings
        self.service: TableService = service  # type: ignore[assignment]  # set in setup_hook when None
        self._owns_service = service is None
        self._clock_interval = clock_interval
        self.tree = app_commands.CommandTree(self)
        self.router = Router(self)
        self._user_settings: dict[int, UserSettings] = {}
        self._seen_lang: dict[int, str] = {}  # user -> language of their Discord client, last seen
        self._unsubscribe: Any = None
        self._heartbeat: asyncio.Task[None] | None = None
        install_commands(self.tree, self)

    async def setup_hook(self) -> None:
        if self.service is None:
            self.service = await TableService.open(self.settings.host.database_path, self.settings.host)
        # this process posts for its shards' servers; other tables' Updates go to their owner (relay.py)
        self.service.own_shards(self.settings.shard_count, self.settings.shard_ids)
        self._unsubscribe = self.service.subscribe(self.router.on_update)
        self.add_dynamic_items(TableButton, TableSelect, privacy.ForgetButton)
        await self.tree.set_translator(Translator())
        if self.settings.sync_commands:
            if self.settings.dev_guild_id:
                guild = discord.Object(self.settings.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        if self._clock_interval:
            self.service.start_clock_loop(self._clock_interval)
            self._heartbeat = asyncio.create_task(self._health().run())

    def _health(self) -> Heartbeat:
        """The heartbeat `python -m bot.health` and systemd's watchdog read (bot/health.py)."""
        return Heartbeat(
            heartbeat_path(self.settings.host.database_path),
            gateway_ok=lambda: self.is_ready() and not self.is_closed(),
            clock_ok=self.service.clock_loop_alive,
        )

    async def close(self) -> None:
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            self._heartbeat = None
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        await self.router.drain()
        if self._owns_service and self.service is not None:
            await self.service.close()
        await super().close()

    # ---- who is clicking ---------------------------------------------------------------------------
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

    async def user_settings(self, user_id: int) -> UserSettings:
        """A user's saved settings, read once per process (this process is the only writer)."""
        found = self._user_settings.get(user_id)
        if found is None:
            found = self._user_settings[user_id] = await self.service.get_settings(user_id)
        return found

    async def server_settings(self, guild_id: int) -> ServerSettings:
        """A server's settings as they apply: what its admins set with /settings server, else .env."""
        saved = await self.service.get_guild_settings(guild_id)
        return ServerSettings(
            default_clock=(saved.default_clock or ClockMode(self.settings.default_clock)).value,
            table_channels=(
                saved.table_channels if saved.table_channels is not None else self.settings.table_channels
            ),
        )

    def remember_settings(self, saved: UserSettings) -> None:
        self._user_settings[saved.user_id] = saved

    def forget_settings(self, user_id: int) -> None:
        """Drop what this process remembers of a person who asked to be forgotten."""
        self._user_settings.pop(user_id, None)
        self._seen_lang.pop(user_id, None)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await privacy.guild_removed(self, guild)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        await privacy.guild_joined(self, guild)

    @staticmethod
    def player(interaction: discord.Interaction, lang: str) -> PlayerRef:
        return PlayerRef(user_id=interaction.user.id, name=interaction.user.display_name, locale=lang)

    # ---- components ----------------------------------------------------------------------------------
    async def handle_component(
        self, interaction: discord.Interaction, cid: ids.ComponentId, values: list[str] | None
    ) -> None:
        lang = await self.safe_lang(interaction)
        try:
            await self._component(interaction, cid, values, lang)
        except GameError as err:
            if err.code == "stale_version":
                await self._answer_stale(interaction, cid.table, lang)
            else:
                await report_error(interaction, err, lang, cid.table)
        except Exception as err:  # one table's failure must never escape into discord.py's loop
            await report_error(interaction, err, lang, cid.table)

    async def _component(
        self, interaction: discord.Interaction, cid: ids.ComponentId, values: list[str] | None, lang: str
    ) -> None:
        svc = self.service
        table = cid.table
        await self.router.note_language(table, interaction)
        verb = cid.verb
        if verb == ids.ACT:
            action = values[0] if values else cid.arg
            if not action:
                return await send(interaction, content=t("dc.internal_error", lang, table=table))
            if interaction.guild_id is None:  # a DM form
                return await self._act(interaction, cid, action, lang)
            user = interaction.user.id
            self.router.hands.click_started(table, user)
            try:
                return await self._act(interaction, cid, action, lang)
            finally:
                if self.router.hands.click_finished(table, user):
                    await self._catch_up(table, user)
        if verb == ids.HAND:
            return await within_budget(interaction, self.send_hand(interaction, table, lang), ephemeral=True)
        if verb == ids.TEXTS:
            return await within_budget(interaction, self.send_card_texts(interaction, table, lang), ephemeral=True)
        if verb == ids.BOARD:
            return await within_budget(interaction, self.send_board(interaction, table, lang), ephemeral=True)
        if verb in (ids.JOIN, ids.LEAVE, ids.ADD_AI, ids.START, ids.CANCEL):
            info = await within_budget(
                interaction, self._lobby(interaction, cid, lang, values), ephemeral=True, update=True
            )
            game = await svc.game_of(table)
            # The lobby is public: drawn in the table's language, not the clicker's.
            embed, view = boards.lobby_message(info, game, self.router.lang(table))
            return await update_message(interaction, embed=embed, view=view)
        log.warning("unknown component verb %r table=%s", verb, table)

    async def _act(self, interaction: discord.Interaction, cid: ids.ComponentId, action: str, lang: str) -> None:
        """Submit a choice and answer on the clicked message: a hand shows the next state (with the next
        choices when the seat owes one again); a DM form becomes the record of what was chosen."""
        svc, table, user = self.service, cid.table, interaction.user.id
        key = f"{table}:{cid.version}:{user}:{action}"
        update: Update = await within_budget(
            interaction, svc.submit(table, user, action, cid.version, key), ephemeral=True, update=True
        )
        info: TableInfo = await svc.get_table(table)
        game = await svc.game_of(table)
        seat_view = await svc.seat_view(table, user)
        names = render.names_of(info)
        label = self.router.action_label(game, action, seat_view, lang, names)
        # what the choice showed this seat alone (a card received…): here, not again by DM
        private = [] if update.actor is None else render.private_lines(game, update, update.actor, lang)
        if interaction.guild_id is None:
            done = t("dc.dm.chosen", lang, table=table, game=boards.game_name(game, lang), action=label)
            return await update_message(interaction, content="\n".join([done, *private])[:1990])
        note = "\n".join([t("dc.chosen", lang, action=label), *private])
        embed, view = boards.hand_message(info, seat_view, game, lang, note=note)
        dressed = await pictures.hand(self, info, seat_view, game, lang, embed, view, edit=True)
        await update_message(interaction, **dressed)
        if info.status is TableStatus.PLAYING:  # the reply the next turn's choices will be put into
            self.router.hands.remember(table, user, interaction, seat_view.version, lang)

    async def _catch_up(self, table: int, user_id: int) -> None:
        """The table moved on while a click's answer was on its way: show the person the current hand."""
        try:
            info = await self.service.get_table(table)
            reply = self.router.hands.get(table, user_id)
            seat = info.seat_of(user_id)
            if reply is None or seat is None or reply.version >= info.version:
                return
            await self.router.edit_hand(info, await self.service.game_of(table), seat, user_id)
        except Exception:
            log.exception("could not catch up the hand of user=%s table=%s", user_id, table)

    async def _lobby(
        self, interaction: discord.Interaction, cid: ids.ComponentId, lang: str, values: list[str] | None = None
    ) -> TableInfo:
        svc, table, verb = self.service, cid.table, cid.verb
        if verb in (ids.JOIN, ids.START) and interaction.guild_id is not None:
            # before the service call: the game's first turns may be posted while this click is answered
            self.router.hands.remember_lobby_click(table, interaction.user.id, interaction, lang)
        if verb == ids.JOIN:
            return await svc.join(
                table, self.player(interaction, lang), open_limit=self.settings.host.max_open_tables_per_person
            )
        if verb == ids.LEAVE:
            return await svc.leave(table, interaction.user.id)
        if verb == ids.ADD_AI:  # the button adds a normal AI; the select names the level
            level = values[0] if values else "normal"
            return await svc.add_ai(table, interaction.user.id, policy_for_level(await svc.game_of(table), level))
        if verb == ids.START:
            return (await svc.start(table, interaction.user.id)).table
        return await svc.cancel(table, interaction.user.id)

    async def send_hand(
        self, interaction: discord.Interaction, table: int, lang: str, note: str | None = None
    ) -> None:
        """The private board with buttons for exactly the user's legal actions (a spectator sees the public one)."""
        svc = self.service
        info = await svc.get_table(table)
        game = await svc.game_of(table)
        if info.seat_of(interaction.user.id) is None:
            public = await svc.public_view(table)
            embed, view = boards.hand_message(info, public, game, lang, note=note)
            return await send(interaction, ephemeral=True, **await pictures.hand(self, info, public, game, lang, embed, None))
        seat_view = await svc.seat_view(table, interaction.user.id)
        embed, view = boards.hand_message(info, seat_view, game, lang, note=note)
        dressed = await pictures.hand(self, info, seat_view, game, lang, embed, view)
        message_id = await send_tracked(interaction, ephemeral=True, **dressed)
        if interaction.guild_id is not None and info.status is TableStatus.PLAYING:  # next turns go here
            self.router.hands.remember(table, interaction.user.id, interaction, seat_view.version, lang, message_id)

    async def send_card_texts(self, interaction: discord.Interaction, table: int, lang: str) -> None:
        """What every card the reader can see does: their hand, the table, the cards their choices name."""
        svc = self.service
        info = await svc.get_table(table)
        game = await svc.game_of(table)
        if info.seat_of(interaction.user.id) is None:
            seat_view = await svc.public_view(table)
        else:
            seat_view = await svc.seat_view(table, interaction.user.id)
        await send(interaction, embed=boards.card_texts_embed(info, seat_view, game, lang), ephemeral=True)

    async def send_board(self, interaction: discord.Interaction, table: int, lang: str) -> None:
        svc = self.service
        info = await svc.get_table(table)
        game = await svc.game_of(table)
        if info.status is TableStatus.LOBBY:
            embed, view = boards.lobby_message(info, game, lang)
            return await send(interaction, embed=embed, view=view, ephemeral=True)
        public = await svc.public_view(table)
        await self.router.restore(table)
        embed, bview = boards.board_message(info, public, game, lang, self.router.to_act_of(table))
        await send(interaction, ephemeral=True, **await pictures.board(self, info, public, game, lang, embed, bview))

    async def _answer_stale(self, interaction: discord.Interaction, table: int, lang: str) -> None:
        try:
            await self.send_hand(interaction, table, lang, note=t("dc.stale", lang))
        except Exception as err:
            await report_error(interaction, err, lang, table)


class ShardedTricktableBot(TricktableBot, discord.AutoShardedClient):
    """The bot on discord.py's AutoShardedClient: this process runs the shards DISCORD_SHARD_IDS of
    DISCORD_SHARD_COUNT (all of them when no ids are given); several such processes share one PostgreSQL
    database (deploy/README.md, "Growing past one machine")."""


def bot_class(settings: DiscordSettings) -> type[TricktableBot]:
    """The plain client by default (one process, Discord's single shard); sharded when configured."""
    return ShardedTricktableBot if settings.shard_count is not None else TricktableBot
