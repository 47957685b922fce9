"""TableService: the one door every front end (terminal, Discord) uses. A facade: each public method is a
few lines that hand over to the module that owns the concern.

    cache.py    tables in memory: load on demand, LRU, one lock per table
    lobby.py    create, seats, start, cancel, abort
    play.py     submit: check, apply, AI chain, one TableWrite, publish; resign / replace by an AI
    clocks.py   reminders and expiries of turn clocks
    history.py  a seat's history by pure replay
    results.py  result rows, ratings, leaderboards
    views.py    a seat's or a spectator's board
    outbox.py   every Update to every listener, in order, off the tables' locks
    preferences.py, meta.py   user/server settings and a front end's table meta (not table concerns)

Listeners registered with `subscribe` receive EVERY Update (including the one `submit` returns), so a
front end routes messages from its listener and uses `submit`'s return value only for the caller's ack.
AI seats and expired clocks act without a click; their Updates reach front ends only through listeners.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Mapping
from datetime import UTC, tzinfo
from typing import Any

from bot.settings import Settings
from bot.store.base import Store
from bot.store.factory import open_store, store_target
from bot.store.relay import RelayStore
from bot.store.writer import GroupCommitter
from bot.tables import gcpause, replays, views
from bot.tables import history as history_replay
from bot.tables.away import Away, AwayReport, parse_until
from bot.tables.bank import ClockBoard, SeatClock, seat_clocks
from bot.tables.clocks import Clocks, stops_for_away
from bot.tables.digest import Digest, DigestListener
from bot.tables.errors import TableError
from bot.tables.host import Host
from bot.tables.live import LiveTable, table_info
from bot.tables.lobby import ACTIVE, Lobby
from bot.tables.meta import TableMeta
from bot.tables.mine import MyGame, MyGames
from bot.tables.models import (
    ClockMode,
    GuildSettings,
    HistoryEntry,
    PlayerRef,
    PlayerStats,
    RatingRow,
    SeatView,
    TableInfo,
    TableStatus,
    Update,
    UserSettings,
)
from bot.tables.outbox import Listener
from bot.tables.pause import Pauses, PauseState
from bot.tables.personal import Personal, PersonalTime
from bot.tables.play import Play, default_ai
from bot.tables.preferences import Preferences
from bot.tables.privacy import ForgetReport, Privacy
from bot.tables.relay import Relay
from bot.tables.rematch import Rematch, RematchClick
from bot.tables.results import BoardPage, PlayerFigures, Results
from bot.tables.seasons import SeasonEnd, Seasons
from games.core.contract import Game, Outcome
from games.core.record import Record

__all__ = ["Listener", "TableService", "default_ai"]

log = logging.getLogger("tricktable.tables")


class TableService:
    """One per process. Create with `await TableService.open(path)`; close with `await svc.close()`."""

    def __init__(
        self, store: Store, settings: Settings | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self.host = Host(store, settings or Settings(), clock)
        self.host.outbox.runner = self._dispatch
        self.results = Results(self.host)
        self.seasons = Seasons(self.host, self.results)
        self.play = Play(self.host, self.results)
        self.lobby = Lobby(self.host, self.play)
        self.clocks = Clocks(self.host, self.play)
        self.away = Away(self.host, self.clocks)  # time away (away.py) and pauses (pause.py)
        self.pauses = Pauses(self.host, self.clocks)
        self.personal = Personal(store)  # a person's time zone, quiet hours, digest hour
        self.mine = MyGames(self.host)
        self.digest = Digest(store, self.mine)
        self.rematch = Rematch(self.host, self.lobby)
        self.preferences = Preferences(store)
        self.meta = TableMeta(store)
        self.privacy = Privacy(self)
        # Updates go to their owner (a store several processes share), and what the bot posts that no log
        # brings back is a row until Discord took it (bot/tables/relay.py, relay_own.py)
        self.relay: Relay | None = None
        if isinstance(store, RelayStore):
            self.relay = Relay(store, self.host.outbox, shared=store.relay_shared)
            self.host.outbox.relay = self.relay
            store.on_table_change(self.relay.changed_elsewhere)
        self._clock_task: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, path: str | None = None, settings: Settings | None = None) -> TableService:
        """Open (creating and migrating) the SQLite store at `path` (default: settings.database_path).

        Raises StoreError when the database was written by a newer Tricktable (its schema is ahead).
        Results whose ratings were not applied yet (a crash between the two) are rated now.
        """
        settings = settings or Settings.from_env()
        store = await open_store(store_target(path, settings), settings.db_synchronous)  # or DATABASE_URL
        service = cls(store, settings)
        await service._rate_pending()
        if settings.gc_freeze:
            gcpause.install()  # after the imports and the first load: freezes them (bot/tables/gcpause.py)
        return service

    async def close(self) -> None:
        """Stop the clock loop, flush pending writes and updates, and close the database."""
        if self._clock_task is not None:
            self._clock_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._clock_task
            self._clock_task = None
        await self.writer.flush()
        if self.relay is not None:
            self.relay.flush_held()  # Updates waiting for a missing predecessor go out rather than vanish
        with contextlib.suppress(TimeoutError):  # a hung listener must not keep the store open forever
            await asyncio.wait_for(self.drain_updates(), timeout=10)
        if self.relay is not None:
            await self.relay.stop()
        await self.host.outbox.stop()
        self.host.ai.close()
        await self.store.close()

    async def __aenter__(self) -> TableService:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- what the parts share (tests and tools read these) --------------------------------------------
    @property
    def store(self) -> Store:
        return self.host.store

    @property
    def settings(self) -> Settings:
        return self.host.settings

    @property
    def writer(self) -> GroupCommitter:
        return self.host.writer

    @property
    def clock(self) -> Callable[[], float]:
        return self.host.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.host.clock = clock

    @property
    def _tables(self) -> OrderedDict[int, LiveTable]:
        return self.host.cache.tables

    async def _live(self, table_id: int) -> LiveTable:
        return await self.host.cache.live(table_id)

    @property
    def loaded_tables(self) -> int:
        return len(self.host.cache.tables)

    @property
    def ai_queue_depth(self) -> int:
        """Strong AI moves waiting for or running in the search pool (an operators' metric)."""
        return self.host.ai.in_flight

    def evict_idle(self, now: float | None = None) -> int:
        """Tables idle longer than settings.idle_evict_seconds leave memory; returns how many left."""
        return self.host.cache.evict_idle(self.clock() if now is None else now)

    # --- publishing ----------------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener` with every Update, in order; returns a function that unsubscribes it.

        Listeners run in a dispatcher task, so a slow listener (Discord HTTP) never holds a table's lock.
        """
        unsubscribe = self.host.outbox.subscribe(listener)
        if self.relay is not None:
            self.relay.start()  # Updates other processes relayed for our tables now have a listener
        return unsubscribe

    def own_shards(self, shard_count: int | None, shard_ids: Iterable[int] | None) -> None:
        """This process posts for the servers of Discord shards `shard_ids` of `shard_count` (None: all,
        the default). Updates of other tables go to the process that runs their shard (bot/tables/relay.py);
        without a shared store (SQLite: one process) every Update stays here."""
        if self.relay is not None:
            self.relay.own(shard_count, None if shard_ids is None else tuple(shard_ids))

    def owns(self, guild_id: int) -> bool:
        """Whether this process posts for `guild_id`'s tables (and so hears their Updates): always, unless
        shards are split over processes sharing a store (own_shards)."""
        return self.relay is None or self.relay.shards.owns(guild_id)

    async def _dispatch(self) -> None:
        await self.host.outbox.run()

    async def drain_updates(self) -> None:
        """Wait until every published Update has reached the listeners (tests, console, shutdown)."""
        if self.relay is not None:
            await self.relay.drain()  # written for their owners; claimed ones handed on
        await self.host.outbox.drain()
        if self.relay is not None:
            await self.relay.drain()  # the leases of what the listeners took ended

    # --- lobby ---------------------------------------------------------------------------------------
    async def create(
        self,
        guild_id: int,
        channel_id: int,
        creator: PlayerRef,
        game: str,
        variant: str | None = None,
        options: Mapping[str, str] | None = None,
        clock_mode: ClockMode | str = ClockMode.LIVE,
        clock_seconds: int | None = None,
        thread_id: int | None = None,
        seed: int | None = None,
        creator_sits: bool = True,
        open_limit: int | None = None,
        away_ok: bool = True,
    ) -> TableInfo:
        """A new table in the lobby with its creator in seat 0. Validates game, variant, options, clock.

        `clock_mode`: live, async, live-bank or async-bank (a time bank: the operator's reserve, increment
        and cap; bot/tables/bank.py). `away_ok=False`: a quick async game that time away does not stop.

        `creator_sits=False` creates a table its creator only hosts (the terminal's all-AI tables).
        `open_limit`: refuse (too_many_open_tables) when the creator already has that many open tables
        (the front end passes Settings.max_open_tables_per_person; the terminal passes none).
        """
        drawn = secrets.randbits(62) if seed is None else int(seed)
        return await self.lobby.create(
            guild_id, channel_id, creator, game, variant, options, clock_mode, clock_seconds, thread_id,
            drawn, creator_sits, open_limit=open_limit, away_ok=away_ok,
        )  # fmt: skip

    async def set_thread(self, table_id: int, thread_id: int | None) -> TableInfo:
        """Remember the Discord thread where this table's public messages go."""
        return await self.host.cache.run(table_id, lambda live: self.lobby.set_thread(live, thread_id))

    async def join(self, table_id: int, player: PlayerRef, open_limit: int | None = None) -> TableInfo:
        """Take the next free seat (lobby only). TableError table_full / already_seated / wrong_status,
        too_many_open_tables past `open_limit`."""
        await self.privacy.check_open_limit(player.user_id, open_limit)
        return await self.host.cache.run(table_id, lambda live: self.lobby.join(live, player))

    async def leave(self, table_id: int, user_id: int) -> TableInfo:
        """Leave the lobby (seats after yours move up). The creator cancels instead of leaving."""
        return await self.host.cache.run(table_id, lambda live: self.lobby.leave(live, user_id))

    async def add_ai(self, table_id: int, by_user: int, policy: str = "random") -> TableInfo:
        """The creator adds an AI seat with one of the game's policies (`Game.policies()`)."""
        return await self.host.cache.run(table_id, lambda live: self.lobby.add_ai(live, by_user, policy))

    async def start(self, table_id: int, by_user: int) -> Update:
        """The creator starts the game: setup from the table's seed; AI seats that act first play at once."""
        return await self.host.cache.run(table_id, lambda live: self.lobby.start(live, by_user))

    async def cancel(self, table_id: int, by_user: int) -> TableInfo:
        """The creator cancels a lobby or a game in progress (no results, no ratings)."""
        return await self.host.cache.run(table_id, lambda live: self.lobby.cancel(live, by_user))

    async def abort(self, table_id: int) -> TableInfo:
        """Admin: stop a table for good (no results). Works even when the table cannot be loaded."""
        return await self.lobby.abort(table_id)

    # --- play ----------------------------------------------------------------------------------------
    def submit(
        self,
        table_id: int,
        user_id: int,
        action: str,
        expected_version: int,
        idempotency_key: str | None = None,
    ) -> Coroutine[Any, Any, Update]:
        """Apply `action` for the user's seat if `expected_version` is current and the key is new.

        A board older than the table still counts when the seat owes the very decision it was drawn for
        (bot/tables/decisions.py): the choice is made on the current version. Raises TableError
        (stale_version, duplicate_submission, not_seated, not_your_turn_host,
        wrong_status…) or the engine's IllegalAction; nothing is applied then. Returns once the action
        is durably in the log. AI seats that owe a decision afterwards play right away (listeners see them).
        Awaited like a coroutine function; it hands out `TableCache.run`'s coroutine itself, so a click
        costs one coroutine level fewer (the hot path, measured by `python -m bot.bench`).
        """
        return self.host.cache.run(
            table_id, self.play.submit, user_id, action, expected_version, idempotency_key
        )

    async def decision_opened(self, table_id: int, user_id: int) -> int | None:
        """The version at which the user's open decision began (None: they owe none). A board drawn at
        that version or later still takes their choice after others moved the table on (`submit`)."""
        async def read(live: LiveTable) -> int | None:
            seat = live.info.seat_of(user_id)
            return None if seat is None else (await self.play.owed_since(live)).get(seat)

        return await self.host.cache.run(table_id, read)

    async def resign(self, table_id: int, user_id: int) -> Update:
        """The user gives up: their seat is played by AI to the end and they are ranked last."""
        return await self.host.cache.run(table_id, lambda live: self.play.resign(live, user_id))

    async def replace_with_ai(self, table_id: int, seat: int, policy: str | None = None) -> Update:
        """Admin: an AI takes over `seat` (e.g. an absent player); that player is not rated for it."""
        return await self.host.cache.run(table_id, lambda live: self.play.replace(live, seat, policy))

    async def _rate_pending(self) -> None:
        """Rate results a crash left unrated (also run at open)."""
        await self.results.rate_pending()

    # --- reading -------------------------------------------------------------------------------------
    async def get_table(self, table_id: int) -> TableInfo:
        return (await self._live(table_id)).info

    async def game_of(self, table_id: int) -> Game[Any]:
        """The game object of a table (front ends call its render_* methods)."""
        return (await self._live(table_id)).game

    async def outcome(self, table_id: int) -> Outcome | None:
        """Placements and scores once the game is over (None before, or for a cancelled table)."""
        live = await self._live(table_id)
        if live.state is None or live.info.status is not TableStatus.FINISHED:
            return None
        return live.game.outcome(live.state)

    async def seat_view(self, table_id: int, user_id: int) -> SeatView:
        """The user's private board: view, legal actions, prompt, version, clock deadline."""
        live = await self._live(table_id)
        seat = live.info.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated")
        return views.seat_view(live, seat)

    async def public_view(self, table_id: int) -> SeatView:
        """The spectator's board (seat None, no legal actions)."""
        return views.seat_view(await self._live(table_id), None)

    async def list_tables(
        self, guild_id: int, channel_id: int | None = None, statuses: tuple[TableStatus, ...] | None = None
    ) -> list[TableInfo]:
        """Tables of a server (optionally one channel or thread), newest first; default: lobby and playing."""
        wanted = tuple(s.value for s in (statuses if statuses is not None else ACTIVE))
        rows = await self.store.table_rows(guild_id=guild_id, channel_id=channel_id, statuses=wanted)
        return [self._fresh(table_info(r, seats)) for r, seats in rows]

    async def tables_of_user(self, user_id: int, active_only: bool = True) -> list[TableInfo]:
        """Tables where the user holds a seat ("my games"), newest first."""
        wanted = tuple(s.value for s in ACTIVE) if active_only else ()
        rows = await self.store.table_rows(user_id=user_id, statuses=wanted)
        return [self._fresh(table_info(r, seats)) for r, seats in rows]

    def _fresh(self, info: TableInfo) -> TableInfo:
        live = self._tables.get(info.id)
        return live.info if live is not None else info

    async def history(self, table_id: int, user_id: int | None) -> list[HistoryEntry]:
        """The public log plus the private events of the user's seat, in order (None: public only).
        Rebuilt by replaying the log (bot/tables/history.py says why and how it guards engine changes)."""
        live = await self._live(table_id)
        info = live.info
        who = replays.viewer(info, user_id, reveals=False)  # a seat left while the game runs: public only
        seat = who if isinstance(who, int) else None
        if info.status is TableStatus.LOBBY or (info.version == 0 and live.state is None):
            return []
        snapshot = await self.store.snapshot(table_id)
        actions = await self.store.actions(table_id)
        return history_replay.replay(live.game, info, seat, snapshot, actions)

    # --- replays and game records (bot/tables/replays.py) --------------------------------------------
    async def replay(
        self, table_id: int, user_id: int | None, guild_id: int | None
    ) -> tuple[replays.Replay, replays.Viewer]:
        """The table's replay, rebuilt from its log, and whose eyes the user sees it through (their seat
        while it runs; every seat after it, unless the server keeps hands hidden). `guild_id`: where it
        is asked (None: a DM), refused for another server's table or a lobby that never started."""
        live = await self._live(table_id)
        replays.check_replayable(live.info, guild_id, user_id)
        reveals = await self.store.replay_reveals(live.info.guild_id)
        log = await self.store.actions(table_id)
        built = replays.build(live.game, live.info, await self.store.snapshot(table_id), log)
        return built, replays.viewer(live.info, user_id, reveals)

    async def game_record(self, table_id: int, user_id: int | None, guild_id: int | None) -> Record:
        """The table's record file (games/core/record.py) as the user may see it (as `replay` decides)."""
        live = await self._live(table_id)
        replays.check_replayable(live.info, guild_id, user_id)
        who = replays.viewer(live.info, user_id, await self.store.replay_reveals(live.info.guild_id))
        log = await self.store.actions(table_id)
        return replays.record(live.game, live.info, await self.store.snapshot(table_id), log, who)

    async def replay_reveals(self, guild_id: int) -> bool:
        return await self.store.replay_reveals(guild_id)

    async def set_replay_reveals(self, guild_id: int, reveals: bool) -> bool:
        return await self.store.set_replay_reveals(guild_id, reveals)

    # --- clocks --------------------------------------------------------------------------------------
    async def process_due_clocks(self, now: float | None = None) -> list[Update]:
        """Send due half-time reminders and let the AI play every decision whose clock ran out."""
        return await self.clocks.process_due(self.clock() if now is None else now)

    def start_clock_loop(self, interval: float = 1.0) -> None:
        """Run process_due_clocks (and idle eviction) every `interval` seconds until close()."""
        if self._clock_task is None or self._clock_task.done():
            self._clock_task = asyncio.create_task(self._clock_loop(interval))

    def clock_loop_alive(self, within: float = 60.0) -> bool:
        """True while the clock loop runs and has finished a pass in the last `within` seconds (health)."""
        running = self._clock_task is not None and not self._clock_task.done()
        return running and time.monotonic() - getattr(self, "_clock_ticked_at", float("-inf")) <= within

    async def _clock_loop(self, interval: float) -> None:
        while True:
            try:
                await self.process_due_clocks()
                await self.privacy.sweep(self.clock())
                await self.digest.run(self.clock())  # the daily digests that are due, each once
                await self.seasons.tick()  # close seasons that ended (the store is asked once a month)
                self.evict_idle()
                gcpause.sweep()  # once an hour when the GC policy is on
                self._clock_ticked_at = time.monotonic()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("clock loop")
            await asyncio.sleep(interval)

    # --- my games, a person's day, play again (mine.py, personal.py, digest.py, rematch.py) -------------
    async def my_games(self, user_id: int) -> list[MyGame]:
        """Every open table where the user sits (any server, DMs too), the ones waiting for them first."""
        return await self.mine.of(user_id)

    async def get_personal(self, user_id: int) -> PersonalTime:
        """The user's time zone (UTC when never chosen), quiet hours and digest hour."""
        return await self.personal.get(user_id)

    async def set_personal(
        self, user_id: int, timezone: str | None = None, quiet: str | None = None, digest_hour: int | None = None
    ) -> PersonalTime:
        """Change what is given (None keeps it): an IANA zone, quiet hours "23:00-08:00" or "off", the
        digest's local hour 0-23 or -1 (off). TableError bad_timezone / bad_quiet / bad_digest_hour."""
        return await self.personal.set(user_id, timezone, quiet, digest_hour)

    async def asleep(self, user_id: int) -> bool:
        """Whether a DM or mention now should come without a sound: the user's quiet hours (their time
        zone), or their time away (a decision that begins while they are away still reaches them, silently;
        its clock waits for them)."""
        if await self.personal.asleep(user_id, self.clock()):
            return True
        return bool(await self.away.away_until([user_id]))

    def subscribe_digest(self, listener: DigestListener) -> Callable[[], None]:
        """Call `listener` with each person's daily digest when it is due (the front end sends the DM)."""
        return self.digest.subscribe(listener)

    async def play_again(self, table_id: int, player: PlayerRef) -> RematchClick:
        """The finished table's rematch: the first click makes the lobby (same game, variant, options and
        clock, its AI seats, the clicker), later clicks join it, and it starts once every person of the
        finished table is in. TableError not_at_table / wrong_status."""
        return await self.rematch.play_again(table_id, player, secrets.randbits(62))

    # --- time away and pauses (bot/tables/away.py, pause.py) -------------------------------------------
    async def set_away(self, user_id: int, until: str | float, zone: tzinfo = UTC) -> AwayReport:
        """The user is away until `until` (epoch seconds, or text: "3d", "2026-12-24 18:00" in `zone`):
        their async clocks stop on every table. TableError away_unreadable / away_past / away_too_long /
        away_limit (nothing changed)."""
        when = parse_until(until, self.clock(), zone) if isinstance(until, str) else float(until)
        return await self.away.set(user_id, when)

    async def end_away(self, user_id: int) -> tuple[int, ...]:
        """The user is back: their stopped clocks run again. TableError away_off_not_away."""
        return await self.away.off(user_id)

    async def away_until(self, user_ids: Iterable[int]) -> dict[int, float]:
        """Who of these people is away now, and until when."""
        return await self.away.away_until(list(user_ids))

    async def ask_pause(self, table_id: int, user_id: int) -> PauseState:
        """The user asks for (or agrees to) pausing the table; it pauses once every person agreed."""
        return await self.pauses.agree(table_id, user_id)

    async def decline_pause(self, table_id: int, user_id: int) -> None:
        await self.pauses.decline(table_id, user_id)

    async def resume(self, table_id: int, user_id: int) -> TableInfo:
        """Any player resumes a paused table: its clocks run again from now."""
        return await self.pauses.resume(table_id, user_id)

    async def is_paused(self, table_id: int) -> bool:
        return await self.pauses.is_paused(table_id)

    async def clock_board(self, table_id: int) -> ClockBoard:
        """A board's clock lines: each person's reserve or time left, who is away until when, paused."""
        live = await self._live(table_id)
        info = live.info
        away: dict[int, float] = {}
        if info.status is TableStatus.PLAYING and stops_for_away(info):
            users = {s.user_id: s.seat for s in info.seats if s.user_id is not None and not s.is_ai}
            away = {users[u]: until for u, until in (await self.away.away_until(list(users))).items()}
        now = self.clock()
        clocks = seat_clocks(live.deadlines, now) if info.status is TableStatus.PLAYING else {}
        stopped = any(c.why == "paused" for c in clocks.values())
        return ClockBoard(clocks, away, stopped, info.clock_bank is not None, now)

    async def seat_clocks(self, table_id: int) -> dict[int, SeatClock]:
        """Each human seat's clock now: a time bank's reserve (also of seats that owe nothing), or what
        is left of a fixed clock; stopped clocks say why (idle, away, paused)."""
        return seat_clocks((await self._live(table_id)).deadlines, self.clock())

    # --- privacy (bot/tables/privacy.py, docs/privacy.md) ----------------------------------------------
    async def forget_person(self, user_id: int) -> ForgetReport:
        """Resign or leave what the person still has open, then anonymize them everywhere."""
        return await self.privacy.forget_person(user_id)

    async def guild_left(self, guild_id: int) -> None:
        """The bot left (or was removed from) a server: its data is forgotten after the grace period."""
        await self.privacy.guild_left(guild_id)

    async def guild_back(self, guild_id: int) -> None:
        """The bot is in the server again before the grace period ended: nothing is forgotten."""
        await self.privacy.guild_back(guild_id)

    async def forget_departed_guilds(self, now: float | None = None) -> list[int]:
        """Forget the servers whose grace period ended (the clock loop runs this every 10 minutes)."""
        return await self.privacy.forget_departed_guilds(self.clock() if now is None else now)

    # --- ratings -------------------------------------------------------------------------------------
    async def leaderboard(
        self, guild_id: int | None, game: str | None = None, limit: int = 10
    ) -> list[RatingRow]:
        """Top players by openskill ordinal; guild_id None is the global board, game None all games."""
        return await self.results.leaderboard(guild_id, game, limit)

    async def player_stats(self, user_id: int, guild_id: int | None = None) -> PlayerStats:
        """A player's rank, games, wins and rating per game in one server (None: global)."""
        return await self.results.player_stats(user_id, guild_id)

    async def board_page(
        self, guild_id: int | None, season: str, game: str | None, page: int = 0, viewer_id: int | None = None
    ) -> BoardPage:
        """A leaderboard page (season '' = all-time) with trends and the viewer's own rank (seasons.py)."""
        return await self.results.board_page(guild_id, season, game, page, viewer_id)

    async def player_figures(self, user_id: int, guild_id: int | None = None) -> PlayerFigures:
        """/stats' figures per game and the rating after each game (the plot)."""
        return await self.results.player_figures(user_id, guild_id)

    def on_season_end(self, listener: Callable[[SeasonEnd], Awaitable[None]]) -> None:
        """Call `listener` when THIS process recorded a season's end (once across processes)."""
        self.seasons.listeners.append(listener)

    # --- settings and a front end's table meta (not table concerns: handed through) -----------------
    async def get_settings(self, user_id: int) -> UserSettings:
        return await self.preferences.get_settings(user_id)

    async def set_settings(
        self, user_id: int, language: str | None = None, dm_pings: bool | None = None
    ) -> UserSettings:
        return await self.preferences.set_settings(user_id, language, dm_pings)

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        return await self.preferences.get_guild_settings(guild_id)

    async def set_guild_settings(
        self,
        guild_id: int,
        default_clock: ClockMode | str | None = None,
        table_channels: Iterable[int] | None = None,
        text_only: bool | None = None,
        ai_level: str | None = None,
    ) -> GuildSettings:
        """Change what is given (None keeps the current value); an empty `table_channels` = any channel;
        `text_only` turns card pictures off (True) or on (False); `ai_level` (easy|normal|strong) is the AI
        that takes over seats on this server. The front end checks the admin permission."""
        return await self.preferences.set_guild_settings(
            guild_id, default_clock, table_channels, text_only, ai_level
        )

    async def add_table_channel(
        self, guild_id: int, channel_id: int, defaults: Iterable[int] = ()
    ) -> GuildSettings:
        """One more channel where tables may be created on this server (added to `defaults`, the front
        end's own list, where the server has not set any); merged by the database."""
        return await self.preferences.add_table_channel(guild_id, channel_id, defaults)

    async def get_table_meta(self, table_id: int) -> dict[str, Any]:
        """A front end's own bookkeeping for a table (JSON values), kept across restarts."""
        return await self.meta.get(table_id)

    async def set_table_meta(self, table_id: int, values: Mapping[str, Any]) -> None:
        """Set keys (JSON-serialisable values); a None value removes the key. Not part of the table's log."""
        await self.meta.set(table_id, values)
