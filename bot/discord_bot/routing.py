"""Service Updates → Discord messages: public events and the board to the table's thread, private events
and secret choices to their seat's DMs, a person's fresh choices into the hand reply they last used.

A quiet thread, within Discord's limits: the board and the running log are one message, so one edit
carries a decision's lines and the new state (a new board message only when it must mention someone, holds
the result, is full or old; the old one stays as a snapshot). A mention only when it is that person's turn
and their hand reply could not be refreshed (see hands.py) nor a DM form delivered; the half-time reminder
is a mention too. Each table's thread gets at most one request per `pace` seconds (Discord's channel
bucket is about 5 per 5 s): updates that arrive meanwhile are merged into the next edit, the last state
always lands. "Someone has chosen" events stay out of the thread (the board shows
who is still choosing; /history keeps them). Private events that only repeat what the player just did
(their click's answer shows them) are not DMed.

Each table has its own poster task fed in order, so one slow or failing table never delays or stops
another, and a click is answered before its consequences are posted. What is kept here (board and lobby
message ids, who owes a decision, a table's language) lives in memory and is also saved as
the table's front-end metadata (`TableService.set_table_meta`), so after a restart the same board is
edited (or re-posted when old), nobody is pinged twice for a decision already announced, and public
messages keep the table's language. A table's metadata is read back the first time it is used.
"""

from __future__ import annotations

import asyncio
import collections
import hashlib
import json
import logging
import re
import time
from collections.abc import Callable, Mapping
from typing import Any

import aiohttp
import discord

from bot import render
from bot.discord_bot import boards, pictures, times
from bot.discord_bot.hands import HandReplies
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.replies import inert
from bot.discord_bot.texts import t
from bot.tables import TableService, relay_codec
from bot.tables.models import ClockMode, SeatView, TableInfo, TableStatus, Update
from games.core import i18n
from games.core.contract import Event, Game

log = logging.getLogger("tricktable.discord")

FRESH_BOARD_AFTER = 50 * 60  # seconds: edits to messages older than an hour are limited (error 30046)
DMS_CLOSED = 50007
DMS_RETRY_AFTER = 3600  # seconds before we try the DMs of someone who had closed them again
TOO_MANY_OLD_EDITS = 30046
THREAD_ARCHIVED = 50083  # editing a message in an archived thread; posting in it wakes it
LOG_LIMIT = 1900  # characters of one thread log message (Discord's content limit is 2,000)
_MENTION = re.compile(r"<@!?([0-9]+)>")
PRUNE_EVERY = 256  # posts between sweeps of hand replies Discord no longer lets us edit
RETRY_FIRST = 2.0  # seconds before the first retry of a batch Discord did not take; doubled each time
RETRY_LONGEST = 60.0
CLOSED = (TableStatus.CANCELLED, TableStatus.ABORTED)  # closed before a board: never started (version 0)
RETRY_ATTEMPTS = 60  # about an hour of Discord away before a batch is given up (its lines stay in /history)
NONCES_KEPT = 4096  # batch nonces remembered (Discord's nonce window is minutes: more than enough)
SINCE_SHOWN = 12  # lines of "what happened" in a refreshed hand (the thread log has them all)
# Prompt kinds that are private choices even when one seat owes them alone (a donor's secret gift, a
# returned exchange card, a sealed bid): their owner gets the DM form like for simultaneous choices.
PRIVATE_CHOICE_KINDS = frozenset({"give-card", "exchange", "exchange_return", "bid", "house"})


class Router:
    """The service listener; one per bot. It only posts: handed the service (to read what to show), the
    preferences (who wants DMs, in which language) and the Discord connection it posts through."""

    def __init__(
        self,
        service: TableService,
        prefs: Preferences,
        discord_client: discord.Client,
        pace: float = 1.0,
        global_rate: float = 0.0,
    ) -> None:
        self.service = service
        self.pace = pace  # seconds between two requests to one table's thread (see DiscordSettings.thread_pace)
        self.budget = Budget(global_rate)  # the bot's share of Discord's global limit (DiscordSettings.global_rate)
        self.prefs = prefs
        self.discord = discord_client  # only to post: channels by id and DMs
        self._chains: dict[int, asyncio.Task[None]] = {}  # table -> its poster task
        self._pending: dict[int, list[tuple[Update, list[int] | None]]] = {}
        self._boards: dict[int, tuple[int, int, float]] = {}  # table -> (channel id, message id, posted at)
        self._lobbies: dict[int, tuple[int, int]] = {}  # table -> (channel id, lobby message id)
        self._to_act: dict[int, frozenset[int]] = {}
        self._lang: dict[int, str] = {}
        self._restored: set[int] = set()  # tables whose saved metadata is in memory
        self._late: set[int] = set()  # tables whose poster holds updates not yet tracked
        self._saved_decisions: dict[int, str] = {}  # table -> last saved decisions (skip equal writes)
        self.dms_closed: dict[int, float] = {}  # user -> when Discord said 50007 (we retry after an hour)
        # user -> their DM channel's id: opened once (discord.py keeps only the last 128 DM channels, so
        # with more people it asked Discord again, and the budget counted a request even when it did not)
        self.dm_channels: dict[int, int] = {}
        self.hands = HandReplies()
        self._posts = 0
        self._logs: dict[int, str] = {}  # table -> the running log its board message carries
        self._slot: dict[int, float] = {}  # table -> loop time before which its thread gets no request
        self._made: dict[int, int] = {}  # table -> thread requests of the batch being posted
        self._nonce: dict[int, str] = {}  # table -> the nonce of its batch's posts (a retry is found, not doubled)
        self._attempts: dict[int, int] = {}  # table -> failed tries of the batch it is posting
        self._logged: dict[int, int] = {}  # table -> newest version whose lines are in its thread's log
        self._catch_up: dict[int, int] = {}  # table -> logged version read back after a restart
        self._dm_done: dict[tuple[int, int], str] = {}  # (table, seat) -> the batch (nonce) its DM was sent for
        self._taken: dict[int, asyncio.Future[None]] = {}  # id(Update) -> kept once Discord took it
        self._nonces_used: dict[str, None] = {}  # the batch nonces this process used last, oldest first

    # ---- bookkeeping ----------------------------------------------------------------------------------
    async def restore(self, table: int) -> None:
        """Read a table's saved bookkeeping once per process (after a restart, or first use)."""
        if table in self._restored:
            return
        try:
            meta = await self.service.get_table_meta(table)
        except Exception:
            log.exception("could not read the saved bookkeeping of table=%s", table)
            meta = {}
        if table in self._restored:  # another task restored it meanwhile
            return
        self._restored.add(table)
        lang = meta.get("lang")
        if isinstance(lang, str) and table not in self._lang:
            self._lang[table] = lang
        board = meta.get("board")
        if isinstance(board, list) and len(board) == 3 and table not in self._boards:
            age = max(0.0, time.time() - float(board[2]))
            self._boards[table] = (int(board[0]), int(board[1]), _now() - age)
        lobby = meta.get("lobby")
        if isinstance(lobby, list) and len(lobby) == 2 and table not in self._lobbies:
            self._lobbies[table] = (int(lobby[0]), int(lobby[1]))
        logged = meta.get("logged")
        if isinstance(logged, int) and table not in self._logged:
            self._catch_up[table] = logged
        decisions = meta.get("decisions")
        if isinstance(decisions, dict) and table not in self._to_act:
            self._to_act[table] = frozenset(int(s) for s in decisions.get("to_act", ()))
            self._saved_decisions[table] = self._decisions_json(table)

    async def _save(self, table: int, values: Mapping[str, Any]) -> None:
        """Save bookkeeping; a failure only costs what a restart used to cost (a fresh board, a re-ping)."""
        try:
            await self.service.set_table_meta(table, values)
        except Exception:
            log.exception("could not save the bookkeeping of table=%s", table)

    def _decisions_json(self, table: int) -> str:
        return json.dumps(sorted(self._to_act.get(table, frozenset())))

    async def _save_decisions(self, table: int) -> None:
        current = self._decisions_json(table)
        if self._saved_decisions.get(table) == current:
            return
        self._saved_decisions[table] = current
        await self._save(table, {"decisions": {"to_act": sorted(self._to_act.get(table, ()))}})

    async def note_language(
        self, table: int, interaction: discord.Interaction, fallback: str | None = None
    ) -> None:
        """Public table messages use the server's language (learned from any interaction on the table)."""
        await self.restore(table)
        if table in self._lang:
            return
        if interaction.guild_locale is not None:
            self._lang[table] = i18n.normalize_language(str(interaction.guild_locale))
        elif fallback is not None:
            self._lang[table] = fallback
        else:
            return
        await self._save(table, {"lang": self._lang[table]})

    def lang(self, table: int) -> str:
        return self._lang.get(table, i18n.DEFAULT_LANGUAGE)

    def to_act_of(self, table: int) -> frozenset[int]:
        return self._to_act.get(table, frozenset())

    async def remember_lobby(self, table: int, channel_id: int, message_id: int) -> None:
        self._lobbies[table] = (channel_id, message_id)
        await self._save(table, {"lobby": [channel_id, message_id]})

    async def refresh_lobby(self, info: TableInfo) -> None:
        """Redraw a lobby changed by a command rather than by one of its own buttons (e.g. /table leave)."""
        await self.restore(info.id)
        known = self._lobbies.get(info.id)
        if known is None:
            return
        game = await self.service.game_of(info.id)
        embed, view = boards.lobby_message(info, game, self.lang(info.id))
        message = self.discord.get_partial_messageable(known[0]).get_partial_message(known[1])
        try:
            await message.edit(embed=embed, view=inert(view))
        except discord.HTTPException as err:
            log.info("could not redraw the lobby of table=%s (%s)", info.id, err.code)

    async def remember_board(self, table: int, channel_id: int, message_id: int) -> None:
        self._boards[table] = (channel_id, message_id, _now())
        await self._save(table, {"board": [channel_id, message_id, time.time()]})

    @staticmethod
    def action_label(
        game: Game[Any], action: str, seat_view: SeatView, lang: str, names: list[str] | None = None
    ) -> str:
        try:
            return game.render_action(action, seat_view.view, lang, names=names)
        except Exception:  # a label must never break a reply
            return action

    def queued(self) -> int:
        """Updates waiting to be posted (an operators' metric: it grows while Discord holds us back)."""
        return sum(len(queue) for queue in self._pending.values())

    async def drain(self) -> None:
        pending = [task for task in self._chains.values() if not task.done()]
        if pending:
            await asyncio.wait(pending, timeout=10)

    # ---- the listener ----------------------------------------------------------------------------------
    async def on_update(self, update: Update) -> asyncio.Future[None]:
        """Called by the service for every Update: queue it for the table's poster and return at once,
        with a promise kept once Discord took it (bot/tables/outbox.py: until then a relayed Update's row
        stays in the database, so a process killed before posting leaves it to the next owner)."""
        table = update.table.id
        taken = asyncio.get_running_loop().create_future()
        self._taken[id(update)] = taken
        queue = self._pending.setdefault(table, [])
        # Decisions are tracked in order: at once when this table's bookkeeping is in memory, else by the
        # poster after it has read the saved bookkeeping (a restart).
        owed = (
            self._track_decisions(update)
            if table in self._restored and table not in self._late and all(o is not None for _, o in queue)
            else None
        )
        queue.append((update, owed))
        worker = self._chains.get(table)
        if worker is None or worker.done():
            self._chains[table] = asyncio.get_running_loop().create_task(
                self._drain(table), name=f"tricktable-post-{table}"
            )
        return taken

    def _done_with(self, updates: list[Update]) -> None:
        """Discord took these (or they were merged into what it took, or dropped by a rule): keep the
        promises `on_update` made."""
        for update in updates:
            taken = self._taken.pop(id(update), None)
            if taken is not None and not taken.done():
                taken.set_result(None)

    def _track_decisions(self, update: Update) -> list[int]:
        """Seats that now owe a decision they did not owe before (or owe again right after acting)."""
        table = update.table.id
        previous = self._to_act.get(table, frozenset())
        self._to_act[table] = update.to_act
        if update.table.status is not TableStatus.PLAYING:
            return []
        return sorted(s for s in update.to_act if s not in previous or s == update.actor)

    async def _drain(self, table: int) -> None:
        """Post everything queued for one table; updates that arrived together (a click and the AI
        replies it caused) become one log message, one board refresh and one DM per person."""
        loop = asyncio.get_running_loop()
        while self._pending.get(table):
            wait = self._slot.get(table, 0.0) - loop.time()
            if wait > 0:  # the thread's share of its channel bucket is spent: merge what arrives meanwhile
                await asyncio.sleep(wait)
            queued = self._pending.pop(table)
            self._made[table] = 0
            last = queued[-1][0].table
            batch: list[tuple[Update, list[int]]] | None = None
            try:
                if any(o is None for _, o in queued):
                    self._late.add(table)
                    try:
                        await self.restore(table)
                    finally:
                        # no await between here and the end of tracking: later updates come after these
                        batch = [(u, self._track_decisions(u) if o is None else o) for u, o in queued]
                        self._late.discard(table)
                else:
                    batch = [(u, o) for u, o in queued if o is not None]
                await self._save_decisions(table)
                await self.post(batch)
                self._attempts.pop(table, None)
                self._done_with([u for u, _ in batch])
            except Exception as err:
                attempt = self._attempts.get(table, 0) + 1
                if transient(err) and attempt <= RETRY_ATTEMPTS:
                    # Discord is busy or away: the same batch again, first, in order (what arrives
                    # meanwhile is merged behind it; the board then shows the newest state, so an
                    # overtaken edit is never sent after a newer one).
                    self._attempts[table] = attempt
                    delay = min(RETRY_LONGEST, RETRY_FIRST * 2 ** (attempt - 1))
                    log.warning(
                        "posting for table=%s failed (%s); retry %s in %.0f s", table, _reason(err), attempt, delay
                    )
                    self._pending[table] = list(batch if batch is not None else queued) + self._pending.get(table, [])
                    self._made.pop(table, None)
                    self._slot[table] = loop.time() + delay
                    continue
                self._attempts.pop(table, None)
                log.exception("posting updates failed table=%s version=%s", last.id, last.version)
                # given up (Discord refused it, or was away for an hour): posting it again would not help
                self._done_with([u for u, _ in (batch if batch is not None else queued)])
            made = self._made.pop(table, 0)
            if made:
                self._slot[table] = loop.time() + self.pace * made
            if last.status not in (TableStatus.LOBBY, TableStatus.PLAYING) and not self._pending.get(table):
                self._forget(table)
                await self._save(table, dict.fromkeys(("lang", "board", "lobby", "decisions")))
        # Nothing queued (and no await since the check): this poster ends; the next update starts another.
        if self._chains.get(table) is asyncio.current_task():
            del self._chains[table]

    async def send_public(self, info: TableInfo, board: bool = False, **kwargs: Any) -> TableInfo:
        """Post in the table's thread; if the thread is gone (deleted: 10003), the table moves to its channel."""
        return (await self._send_public(info, board, **kwargs))[0]

    async def _send_public(
        self, info: TableInfo, board: bool = False, **kwargs: Any
    ) -> tuple[TableInfo, discord.Message]:
        target = info.thread_id or info.channel_id
        await self._count(info.id)
        try:
            message = await self.discord.get_partial_messageable(target).send(**kwargs)
        except discord.NotFound:
            if info.thread_id is None:
                raise
            log.warning("thread of table=%s is gone; posting in its channel from now on", info.id)
            info = await self.service.set_thread(info.id, None)
            target = info.channel_id
            message = await self.discord.get_partial_messageable(target).send(**kwargs)
        if board:
            await self.remember_board(info.id, target, message.id)
        return info, message

    def _forget(self, table: int) -> None:
        """A table that is over keeps nothing in memory (its buttons still work: they ask the service)."""
        for memo in (
            self._boards,
            self._lobbies,
            self._to_act,
            self._lang,
            self._saved_decisions,
            self._logs,
            self._slot,
            self._logged,
            self._catch_up,
        ):
            memo.pop(table, None)
        for key in [k for k in self._dm_done if k[0] == table]:
            del self._dm_done[key]
        self.hands.forget_table(table)
        self.hands.prune()
        self._restored.discard(table)

    async def post(self, batch: list[tuple[Update, list[int]]]) -> None:
        last = batch[-1][0]
        info = last.table
        if info.status is TableStatus.LOBBY or (info.status in CLOSED and info.version == 0):
            return  # the lobby message itself is edited by the click that changed it (closed too: no board)
        svc = self.service
        game = await svc.game_of(info.id)
        lang = self.lang(info.id)
        names = render.names_of(info)
        seats = {s.seat: s for s in info.seats}

        if not self._attempts.get(info.id):  # a retry keeps its nonce: Discord hands back what it made
            self._nonce[info.id] = self._batch_nonce([u for u, _ in batch])
        lines: list[str] = await self._missed_lines(info, game, lang, names, batch)
        reminders: list[Event] = []
        finished = False
        for update, _ in batch:
            for event, audience in update.events:
                if event.kind == "host.clock_reminder":
                    reminders.append(event)
                if audience is not None or render.is_quiet(event):
                    continue
                if event.kind == "host.finished" and update.outcome is not None:
                    continue  # the result below says it
                lines.append(boards.render_event(game, event, lang, names))
            results = boards.results_lines(info, update, lang)
            finished = finished or bool(results)
            lines.extend(results)
        # Who must decide now: owed during the batch and still owing at its end.
        owed = sorted({s for _, seats_owed in batch for s in seats_owed} & set(last.to_act))
        secret: set[int] = set()
        reached: set[int] = set()
        for seat in owed:
            person = seats.get(seat)
            if person is None or person.user_id is None or person.is_ai:
                continue
            if await self._is_private_choice(last, person.user_id):
                secret.add(seat)
            if await self._reach_hand(info, game, seat, person.user_id, _seen_by(batch, seat)):
                reached.add(seat)
        delivered = await self._private(info, batch, game, seats, owed, secret, reached)
        pings: list[str] = []
        for seat in owed:
            person = seats.get(seat)
            if person is None or person.user_id is None or person.is_ai or seat in reached | delivered:
                continue
            code = "dc.ping.secret" if seat in secret else "dc.ping.turn"
            pings.append(t(code, lang, who=f"<@{person.user_id}>", table=info.id))
        for event in reminders:
            person = seats.get(int(event.data.get("seat", -1)))
            if person is not None and person.user_id is not None and not person.is_ai:
                due = event.data.get("due")  # public: a Discord timestamp, read in each reader's own time
                left = times.public(due) if isinstance(due, (int, float)) else event.data.get("left", "")
                kind = "_reserve" if event.data.get("reserve") else "_left" if event.data.get("part") else ""
                pings.append(t("dc.ping.reminder" + kind, lang, who=f"<@{person.user_id}>", table=info.id, left=left))
        reminded = [seats.get(int(e.data.get("seat", -1))) for e in reminders]
        urgent = frozenset(p.user_id for p in reminded if p is not None and p.user_id is not None)
        await self.show(info, game, lang, last.to_act, lines, pings, fresh=finished, urgent=urgent)
        self._catch_up.pop(info.id, None)
        if self._logged.get(info.id) != last.table.version:
            self._logged[info.id] = last.table.version
            await self._save(info.id, {"logged": last.table.version})  # a restart catches up from here
        self._posts += 1
        if self._posts % PRUNE_EVERY == 0:
            self.hands.prune()  # replies of people who went quiet on tables still in play

    def _batch_nonce(self, updates: list[Update]) -> str:
        """The nonce of a batch's posts, from what its Updates say (table, versions, events, who owes):
        when this process was killed after Discord made a post but before the leases of the relayed
        Updates in it ended, the next owner posts the same batch with the same nonce, and Discord hands
        back that message (within its nonce window) instead of making a second. A batch that merged
        more gets another nonce (a second message rather than lines lost). A nonce this process already
        used (the same content again, e.g. two redraws of one version) takes the post count too, so
        Discord never hands back an older board for a new batch. At most 25 characters (Discord's)."""
        seed = "\n".join(relay_codec.encode(u) for u in updates)
        nonce = hashlib.blake2b(seed.encode(), digest_size=10).hexdigest()
        if nonce in self._nonces_used:
            nonce = hashlib.blake2b(f"{seed}#{self._posts}".encode(), digest_size=10).hexdigest()
        self._nonces_used[nonce] = None
        if len(self._nonces_used) > NONCES_KEPT:
            del self._nonces_used[next(iter(self._nonces_used))]
        return nonce

    async def _missed_lines(
        self, info: TableInfo, game: Game[Any], lang: str, names: list[str], batch: list[tuple[Update, list[int]]]
    ) -> list[str]:
        """After a restart: the public lines of the moves the thread never got (the process that applied
        them stopped before posting, e.g. killed while Discord was away), read back from the table's log."""
        logged = self._catch_up.get(info.id)
        first = min(update.table.version for update, _ in batch)
        if logged is None or first - 1 <= logged:
            return []
        try:
            entries = await self.service.history(info.id, None)
        except Exception:
            log.exception("could not read the missed lines of table=%s", info.id)
            return []
        return [
            boards.render_event(game, entry.event, lang, names)
            for entry in entries
            if logged < entry.version < first and not render.is_quiet(entry.event) and entry.event.kind != "host.finished"
        ]

    async def _reach_hand(
        self, info: TableInfo, game: Game[Any], seat: int, user_id: int, seen: list[Event]
    ) -> bool:
        """Put the seat's new choices into the hand reply its person used last, if Discord still lets us."""
        if self.hands.answering(info.id, user_id):
            return True  # their own click is being answered with the fresh hand
        reply = self.hands.get(info.id, user_id)
        if reply is None:
            return False
        if reply.version >= (await self.service.get_table(info.id)).version:
            return True  # it already shows this very state (answered by their click just now)
        return await self.edit_hand(info, game, seat, user_id, seen)

    async def edit_hand(
        self, info: TableInfo, game: Game[Any], seat: int, user_id: int, seen: list[Event] | None = None
    ) -> bool:
        """Edit the person's latest hand reply to the current state (False when it is gone or too old),
        with what just happened (`seen`: the events that led to it) above the board."""
        reply = self.hands.get(info.id, user_id)
        if reply is None:
            return False
        seat_view = await self.service.seat_view(info.id, user_id)
        info = await self.service.get_table(info.id)
        names = render.names_of(info)
        kept = (seen or [])[-SINCE_SHOWN:]
        note = None
        if kept:
            when = await self._reader_time(user_id, reply.lang, kept)  # an ephemeral reply is private too
            note = "\n".join(
                [f"*{t('dc.since', reply.lang)}*", *(boards.render_event(game, e, reply.lang, names, when) for e in kept)]
            )
        embed, view = boards.hand_message(info, seat_view, game, reply.lang, note=note)
        try:
            dressed = await pictures.hand(self.prefs, info, seat_view, game, reply.lang, embed, view, edit=reply.sent)
            if reply.sent:
                await reply.edit_with(dressed)
            else:
                await reply.send_with(dressed)
        except discord.HTTPException as err:
            if transient(err):
                raise  # Discord is busy or away: the batch is tried again
            log.info("hand of user=%s table=%s could not be refreshed (%s)", user_id, info.id, err.code)
            self.hands.drop(info.id, user_id)
            return False
        reply.version = seat_view.version
        return True

    async def _is_private_choice(self, update: Update, user_id: int) -> bool:
        """Owed out of the normal turn order: several seats at once, or a kind that is secret by nature."""
        if len(update.to_act) > 1:
            return True
        seat_view = await self.service.seat_view(update.table.id, user_id)
        return seat_view.prompt is not None and seat_view.prompt.kind in PRIVATE_CHOICE_KINDS

    async def _count(self, table: int) -> None:
        """One more request to the table's thread in this batch (it paces the next one), once the bot's
        share of the global budget allows it."""
        if table in self._made:
            self._made[table] += 1
        await self.budget.take()

    async def show(
        self,
        info: TableInfo,
        game: Game[Any],
        lang: str,
        to_act: frozenset[int],
        lines: list[str] | None = None,
        pings: list[str] | None = None,
        fresh: bool = False,
        urgent: frozenset[int] = frozenset(),
    ) -> None:
        """The board and the running log are one message: one edit carries the new lines and the new
        state. A new board message (and so one request still) when someone must be mentioned (an edit does
        not notify), for the result, when the log is full, when the board is old (edits of messages older
        than an hour are capped: 30046) or gone. The old board message then stays as it was: a snapshot
        of the table at that moment, its lines kept; its buttons answer with a fresh hand."""
        added = [line for line in (lines or []) if line]
        pings = pings or []
        public = await self.service.public_view(info.id)
        clocks = await self.service.clock_board(info.id)  # reserves, time away, pause (bot/tables/bank.py)
        embed, view = boards.board_message(info, public, game, lang, to_act, clocks)
        room = _log_room(embed)
        known = self._boards.get(info.id)
        target = info.thread_id or info.channel_id
        current = self._logs.get(info.id, "")
        text = "\n".join(part for part in (current, *added) if part)
        if (
            known is not None
            and known[0] == target
            and info.id in self._logs  # after a restart the log it carries is unknown: a new board keeps it
            and not pings
            and not fresh
            and _now() - known[2] < FRESH_BOARD_AFTER
            and len(text) <= room
        ):
            channel = self.discord.get_partial_messageable(known[0])
            try:
                view.stop()
                dressed = await pictures.board(self.prefs, self.service, info, public, game, lang, embed, view, edit=True)
                await self._count(info.id)
                await channel.get_partial_message(known[1]).edit(**_with_log(dressed, text))
                self._logs[info.id] = text
                return
            except discord.NotFound:
                pass
            except discord.HTTPException as err:
                if err.code not in (TOO_MANY_OLD_EDITS, THREAD_ARCHIVED):
                    raise
                # out of edits (30046), or a thread Discord archived after its idle time (50083): a new
                # board message, which also wakes the thread
                log.info("board of table=%s cannot be edited (%s); posting a fresh one", info.id, err.code)
        chunks = boards.chunk_lines(added + pings, room) or [""]
        # Only the people pinged are notified (the board's "to act" line names people too).
        # Someone inside their quiet hours is named but not notified (they see it when they look), unless
        # it is their reminder (`urgent`: the clock already held it until the last sensible moment).
        named = [int(i) for i in _MENTION.findall("\n".join(pings))]
        awake = [i for i in named if i in urgent or not await self.service.asleep(i)]
        notify = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(i) for i in awake])
        nonce = self._nonce.get(info.id, str(info.id))
        for n, chunk in enumerate(chunks[:-1]):  # more than one message holds (rare: a long burst of lines)
            info = await self.send_public(info, content=chunk, allowed_mentions=notify, nonce=f"{nonce}.{n}")
        embed, view = boards.board_message(info, public, game, lang, to_act, clocks)  # (a picture block took the old one's items)
        view.stop()  # drawn only: clicks reach the DynamicItems
        dressed = await pictures.board(self.prefs, self.service, info, public, game, lang, embed, view)
        kwargs = _with_log(dressed, chunks[-1])
        info, message = await self._send_public(
            info, board=True, allowed_mentions=notify, nonce=f"{nonce}.b", **kwargs
        )
        if self._attempts.get(info.id):
            # A retry: an earlier try may have been posted unheard (a timeout), and Discord then hands back
            # that message (same nonce) as it was: bring it to the current state.
            view2 = boards.board_message(info, public, game, lang, to_act, clocks)[1]
            view2.stop()
            again = await pictures.board(self.prefs, self.service, info, public, game, lang, embed, view2, edit=True)
            await self._count(info.id)
            await message.edit(**_with_log(again, chunks[-1]))
        self._logs[info.id] = chunks[-1]

    async def refresh_board(self, info: TableInfo, game: Game[Any], lang: str, to_act: frozenset[int]) -> None:
        """Show the current board (with the running log unchanged)."""
        await self.show(info, game, lang, to_act)

    async def _private(
        self,
        info: TableInfo,
        batch: list[tuple[Update, list[int]]],
        game: Game[Any],
        seats: Mapping[int, Any],
        owed: list[int],
        private_choices: set[int],
        reached: set[int],
    ) -> set[int]:
        """Private events to their seats' DMs, and a decision form to whoever owes one out of turn (or on
        async tables) and was not reached through their hand reply. Returns the seats whose form arrived.

        Left out: events that only repeat what the seat's own click did (the click's answer shows them)
        and events of a seat whose hand was just refreshed (the refreshed hand shows them)."""
        private: dict[int, list[Event]] = {}
        for update, _ in batch:
            clicked = update.actor is not None and not _by_clock(update)
            for event, audience in update.events:
                if audience is None:
                    continue
                for seat in audience:
                    if seat in reached or (clicked and seat == update.actor):
                        continue
                    private.setdefault(seat, []).append(event)
        svc = self.service
        names = render.names_of(info)
        delivered: set[int] = set()
        for seat in sorted(set(private) | set(owed)):
            person = seats.get(seat)
            if person is None or person.user_id is None or person.is_ai:
                continue
            user_id = person.user_id
            settings = await self.prefs.user_settings(user_id)
            lang = await self.prefs.dm_language(user_id)
            secret = seat in private_choices
            wants_form = seat in owed and seat not in reached and (secret or info.clock_mode is ClockMode.ASYNC)
            if wants_form and not secret and not settings.dm_pings:
                wants_form = False
            if not wants_form and not (seat in private and settings.dm_pings):
                continue
            parts = [t("dc.dm.private", lang, table=info.id)]
            when = await self._reader_time(user_id, lang, private.get(seat, []))
            parts.extend(boards.render_event(game, e, lang, names, when) for e in private.get(seat, []))
            view = None
            if wants_form:
                seat_view = await svc.seat_view(info.id, user_id)
                if seat_view.prompt is not None and seat_view.legal_actions:
                    parts.append(
                        t(
                            "dc.dm.turn",
                            lang,
                            table=info.id,
                            game=boards.game_name(game, lang),
                            prompt=game.render_prompt(seat_view.prompt, lang, names=names),
                        )
                    )
                    parts.append(game.render_view(seat_view.view, lang, names=names))
                    view = boards.select_view(info.id, seat_view, game, lang, names)
            # sent for this batch (its nonce: a reminder keeps the table's version) at this version (a retry
            # that merged newer updates sends again)
            batch_key = f"{self._nonce.get(info.id, '')}@{info.version}"
            if self._dm_done.get((info.id, seat)) == batch_key:
                continue  # sent in an earlier try of this batch
            urgent = any(e.kind == "host.clock_reminder" for e in private.get(seat, []))  # (held by the clock)
            # the same DM on a retry of this batch carries the same nonce: one that timed out after Discord
            # made it is handed back, not sent twice (Discord's nonces are at most 25 characters)
            nonce = hashlib.blake2b(f"{batch_key}:{seat}".encode(), digest_size=12).hexdigest()
            if await self.dm(user_id, "\n".join(parts)[:1990], view, urgent=urgent, nonce=nonce) and view is not None:
                delivered.add(seat)
            self._dm_done[(info.id, seat)] = batch_key
        return delivered

    async def _reader_time(self, user_id: int, lang: str, events: list[Event]) -> Callable[[float], str] | None:
        """A DM is private: a reminder's deadline in the reader's own time zone (read only for a reminder)."""
        if not any(e.kind == "host.clock_reminder" for e in events):
            return None
        zone = (await self.service.get_personal(user_id)).zone
        return lambda epoch: f"{times.local(epoch, zone, lang)} ({zone.key})"

    async def dm(
        self,
        user_id: int,
        content: str,
        view: discord.ui.View | None = None,
        urgent: bool = False,
        nonce: str | None = None,
    ) -> bool:
        """A DM, or nothing when the user closed them (50007): the thread mention and My hand still work.
        `nonce`: a retry with the same one gets back the DM Discord made (enforce_nonce), not a second."""
        closed_at = self.dms_closed.get(user_id)
        if closed_at is not None and _now() - closed_at < DMS_RETRY_AFTER:
            return False
        try:
            known = self.dm_channels.get(user_id)
            if known is None:
                await self.budget.take()  # opening the DM channel: a request of the global budget
                known = self.dm_channels[user_id] = (await self.discord.create_dm(discord.Object(user_id))).id
            channel = self.discord.get_partial_messageable(known, type=discord.ChannelType.private)
            # quiet hours: it arrives without waking anyone (a reminder was held until it may: it notifies)
            silent = not urgent and await self.service.asleep(user_id)
            await self.budget.take()
            extra: dict[str, Any] = {} if nonce is None else {"nonce": nonce}
            if view is not None:
                view.stop()  # drawn only: clicks reach the DynamicItems
                await channel.send(content=content, view=view, silent=silent, **extra)
            else:
                await channel.send(content=content, silent=silent, **extra)
            return True
        except discord.Forbidden as err:
            if err.code == DMS_CLOSED:
                self.dms_closed[user_id] = _now()
                log.info("DMs closed user=%s; falling back to thread mentions", user_id)
                return False
            raise


WINDOW_MARGIN = 0.02  # seconds the global budget adds to its one-second window (see Budget.take)


class Budget:
    """Requests per second for the whole bot (a token bucket on the loop's clock; 0: no limit).

    Why: Discord allows a bot token about 50 requests/s outside the interaction endpoints, and answers
    429 past it, holding every table (discord.py gives up on a request after five 429s). Paced below it,
    a busy bot waits its turn instead: the tables' posters merge what arrives meanwhile."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        # A small burst: Discord counts per second, so any second gets at most rate + burst requests.
        self.burst = max(1.0, rate / 10)
        self._tokens = self.burst
        self._at: float | None = None
        self._sent: collections.deque[float] = collections.deque()  # when the last second's requests went

    async def take(self) -> None:
        if self.rate <= 0:
            return
        now = _now()
        if self._at is not None:
            self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        self._tokens -= 1  # a reservation: callers queue behind each other by their deficit
        if self._tokens < 0:
            await asyncio.sleep(-self._tokens / self.rate)
        # A busy event loop wakes sleepers late and together: whatever the reservations said, never more
        # than `rate` requests in any second. The second is kept a little longer (WINDOW_MARGIN): a request
        # leaves a few milliseconds after it was admitted, and those few must not let two seconds' worth
        # meet in Discord's count.
        while True:
            now = _now()
            while self._sent and now - self._sent[0] >= 1.0 + WINDOW_MARGIN:
                self._sent.popleft()
            if len(self._sent) < max(1, int(self.rate)):
                self._sent.append(now)
                return
            await asyncio.sleep(self._sent[0] + 1.0 + WINDOW_MARGIN - now)


def _now() -> float:
    """The event loop's clock (Discord's limits are kept on it; a test's virtual clock moves it)."""
    return asyncio.get_running_loop().time()


def transient(err: BaseException) -> bool:
    """A failure worth trying again: Discord busy (429 after discord.py's own retries), a 5xx, a timeout or
    a dropped connection."""
    if isinstance(err, discord.HTTPException):
        return err.status == 429 or err.status >= 500
    return isinstance(err, asyncio.TimeoutError | aiohttp.ClientError | ConnectionError)


def _reason(err: BaseException) -> str:
    if isinstance(err, discord.HTTPException):
        return f"HTTP {err.status}"
    return type(err).__name__


def _log_room(embed: discord.Embed) -> int:
    """Characters the running log may take beside the board: Discord allows 2,000 in a message's content
    and 4,000 of text in a Components V2 message (the board with its picture), the board's words included."""
    board_words = len(embed.title or "") + len(embed.description or "")
    board_words += sum(len(f.name or "") + len(f.value or "") for f in embed.fields)
    board_words += len(embed.footer.text or "") if embed.footer else 0
    return max(200, min(LOG_LIMIT, 3800 - board_words))


def _with_log(dressed: dict[str, Any], text: str) -> dict[str, Any]:
    """The board's message arguments carrying the running log above the board: its content, or the first
    text block of a picture message (which has no content)."""
    block = dressed.get("view")
    if isinstance(block, discord.ui.LayoutView):
        if text:
            items = list(block.children)
            block.clear_items()
            block.add_item(discord.ui.TextDisplay(text))
            for item in items:
                block.add_item(item)
    else:
        dressed["content"] = text or None
    return dressed


def _by_clock(update: Update) -> bool:
    """An update whose action the clock's AI took for a person (they did not click it)."""
    return any(event.kind == "host.clock_expired" for event, _ in update.events)


def _seen_by(batch: list[tuple[Update, list[int]]], seat: int) -> list[Event]:
    """What `seat` saw happen in this batch: public events (without the "has chosen" ones) and its own."""
    return [
        event
        for update, _ in batch
        for event, audience in update.events
        if (audience is None and not render.is_quiet(event)) or (audience is not None and seat in audience)
    ]
