"""TableService: the async engine adapter. Public API for every front end (terminal, Discord).

For one table at a time: load (on demand) → check → apply → append to the log → commit → publish.
Submissions to one table are serialized by an in-process lock; across processes the database decides
(the log's primary key (table, seq) and the table's version are the optimistic check). Stale versions and
repeated idempotency keys are refused and never applied twice.

Listeners registered with `subscribe` receive EVERY Update (including the one `submit` returns), so a
front end routes messages from its listener and uses `submit`'s return value only for the caller's ack.
AI seats and expired clocks act without a click; their Updates reach front ends only through listeners.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import json
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.settings import Settings
from bot.store.base import DuplicateKey, Store, VersionConflict
from bot.store.records import (
    GLOBAL_SCOPE,
    ActionRow,
    DeadlineRow,
    ResultRow,
    ResultSeat,
    SeatRow,
    TableRow,
    TableWrite,
)
from bot.store.sqlite import SqliteStore
from bot.store.writer import GroupCommitter
from bot.tables import ratings
from bot.tables.errors import TableError, TableUnavailable
from bot.tables.live import LiveTable, rebuild, seat_row, setup_state, table_info
from bot.tables.models import (
    Audience,
    ClockMode,
    GuildSettings,
    HistoryEntry,
    PlayerRef,
    PlayerStats,
    RatingRow,
    SeatInfo,
    SeatView,
    TableInfo,
    TableStatus,
    Update,
    UserSettings,
)
from games.core import i18n
from games.core.contract import Event, Game, Outcome, Policy, VariantInfo
from games.core.errors import GameError, InvalidOptions
from games.core.registry import get_game

log = logging.getLogger("tricktable.tables")

Listener = Callable[[Update], Awaitable[None]]

MAX_CHAIN = 20_000  # AI actions in one go; a game that never ends is a bug, not a hang
ACTIVE = (TableStatus.LOBBY, TableStatus.PLAYING)


@dataclass(slots=True)
class _Step:
    """One applied action, kept until it is committed and published."""

    seat: int
    action: str
    user_id: int | None
    via: str  # user | ai | clock
    key: str | None
    events: list[Event]
    to_act: frozenset[int]
    version: int
    host_events: list[Event] = field(default_factory=list)


def default_ai(game: Game[Any]) -> str:
    """The AI that plays for a human whose clock ran out or who resigned: the game's best, else random."""
    policies = game.policies()
    return "heuristic" if "heuristic" in policies else "random"


class TableService:
    """One per process. Create with `await TableService.open(path)`; close with `await svc.close()`."""

    def __init__(
        self, store: Store, settings: Settings | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.clock = clock
        self.writer = GroupCommitter(store)
        self._tables: OrderedDict[int, LiveTable] = OrderedDict()
        self._loading: dict[int, asyncio.Future[LiveTable]] = {}
        self._listeners: list[Listener] = []
        self._outbox: asyncio.Queue[Update] | None = None
        self._dispatcher: asyncio.Task[None] | None = None
        self._clock_task: asyncio.Task[None] | None = None
        self._broken: dict[int, str] = {}  # tables that failed to load: logged once, skipped by clocks

    @classmethod
    async def open(cls, path: str | None = None, settings: Settings | None = None) -> TableService:
        """Open (creating and migrating) the SQLite store at `path` (default: settings.database_path).

        Raises StoreError when the database was written by a newer Tricktable (its schema is ahead).
        Results whose ratings were not applied yet (a crash between the two) are rated now.
        """
        settings = settings or Settings.from_env()
        store = SqliteStore(path or settings.database_path, settings.db_synchronous)
        await store.open()
        service = cls(store, settings)
        await service._rate_pending()
        return service

    async def close(self) -> None:
        """Stop the clock loop, flush pending writes and updates, and close the database."""
        if self._clock_task is not None:
            self._clock_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._clock_task
            self._clock_task = None
        await self.writer.flush()
        with contextlib.suppress(TimeoutError):  # a hung listener must not keep the store open forever
            await asyncio.wait_for(self.drain_updates(), timeout=10)
        if self._dispatcher is not None:
            self._dispatcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._dispatcher
            self._dispatcher = None
        await self.store.close()

    async def __aenter__(self) -> TableService:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- loading -------------------------------------------------------------------------------------
    async def _live(self, table_id: int) -> LiveTable:
        """The table in memory, loading it on demand (one load at a time per table)."""
        live = self._tables.get(table_id)
        now = self.clock()
        if live is not None:
            self._tables.move_to_end(table_id)
            live.last_used = now
            return live
        pending = self._loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveTable] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            record = await self.store.load(table_id)
            if record is None:
                raise TableError("table_not_found", table=table_id)
            try:
                live = rebuild(record)
            except TableUnavailable as err:
                if table_id not in self._broken:
                    log.error("table %s cannot be loaded: %s", table_id, err)
                self._broken[table_id] = err.code
                raise
            live.last_used = now
            self._tables[table_id] = live
            self._broken.pop(table_id, None)
            future.set_result(live)
            self._evict_over_cap()
            return live
        except BaseException as err:
            future.set_exception(err)
            future.exception()  # retrieved here; waiters re-raise it
            raise
        finally:
            del self._loading[table_id]

    def _forget(self, table_id: int) -> None:
        """Drop a table from memory; the next use reloads it from the store."""
        self._tables.pop(table_id, None)

    def _evict_over_cap(self) -> None:
        while len(self._tables) > self.settings.max_loaded_tables:
            oldest_id, oldest = next(iter(self._tables.items()))
            if oldest.lock.locked():
                self._tables.move_to_end(oldest_id)
                return
            del self._tables[oldest_id]

    def evict_idle(self, now: float | None = None) -> int:
        """Tables idle longer than settings.idle_evict_seconds leave memory; returns how many left."""
        now = self.clock() if now is None else now
        limit = now - self.settings.idle_evict_seconds
        idle = [tid for tid, t in self._tables.items() if t.last_used < limit and not t.lock.locked()]
        for tid in idle:
            del self._tables[tid]
        return len(idle)

    @property
    def loaded_tables(self) -> int:
        return len(self._tables)

    # --- publishing ----------------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener` with every Update, in order; returns a function that unsubscribes it.

        Listeners run in a dispatcher task, so a slow listener (Discord HTTP) never holds a table's lock.
        """
        self._listeners.append(listener)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._listeners.remove(listener)

        return unsubscribe

    def _publish(self, updates: Sequence[Update]) -> None:
        if not self._listeners or not updates:
            return
        if self._outbox is None:
            self._outbox = asyncio.Queue()
        for update in updates:
            self._outbox.put_nowait(update)
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = asyncio.create_task(self._dispatch())

    async def _dispatch(self) -> None:
        assert self._outbox is not None
        while True:
            update = await self._outbox.get()
            try:
                for listener in list(self._listeners):
                    try:
                        await listener(update)
                    except Exception:
                        log.exception(
                            "listener failed on table %s version %s", update.table.id, update.table.version
                        )
            finally:
                self._outbox.task_done()

    async def drain_updates(self) -> None:
        """Wait until every published Update has reached the listeners (tests, console, shutdown)."""
        if self._outbox is not None and self._dispatcher is not None and not self._dispatcher.done():
            await self._outbox.join()

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
    ) -> TableInfo:
        """A new table in the lobby with its creator in seat 0. Validates game, variant, options, clock.

        `creator_sits=False` creates a table its creator only hosts (the terminal's all-AI tables).
        """
        engine = get_game(game)
        variant_info = engine.info.variant(variant)
        opts = {str(k): str(v) for k, v in (options or {}).items()}
        _check_options(engine, variant_info, opts)
        try:
            mode = ClockMode(clock_mode)
        except ValueError:
            raise TableError("bad_clock") from None
        if clock_seconds is None:
            seconds = (
                self.settings.live_clock_seconds
                if mode is ClockMode.LIVE
                else self.settings.async_clock_seconds
            )
        else:
            seconds = int(clock_seconds)
        if seconds <= 0:
            raise TableError("bad_clock")
        now = self.clock()
        row = TableRow(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=thread_id,
            game=engine.info.id,
            variant=variant_info.id,
            options=opts,
            status=TableStatus.LOBBY.value,
            seed=secrets.randbits(62) if seed is None else int(seed),
            version=0,
            creator_id=creator.user_id,
            clock_mode=mode.value,
            clock_seconds=seconds,
            created_at=now,
            updated_at=now,
        )
        seats = [SeatRow(0, creator.user_id, creator.name)] if creator_sits else []
        table_id = await self.store.insert_table(row, seats)
        live = await self._live(table_id)
        return live.info

    async def set_thread(self, table_id: int, thread_id: int | None) -> TableInfo:
        """Remember the Discord thread where this table's public messages go."""
        live = await self._live(table_id)
        async with live.lock:
            now = self.clock()
            await self.store.update_table(table_id, now, thread_id=thread_id, set_thread=True)
            live.info = dataclasses.replace(live.info, thread_id=thread_id, updated_at=now)
            return live.info

    async def _lobby_change(
        self, live: LiveTable, seats: Sequence[SeatInfo], event: Event | None
    ) -> TableInfo:
        now = self.clock()
        ok = await self.store.update_table(
            live.info.id, now, seats=[seat_row(s) for s in seats], expect_status=TableStatus.LOBBY.value
        )
        if not ok:
            self._forget(live.info.id)
            raise TableError("store_conflict", table=live.info.id)
        live.info = dataclasses.replace(live.info, seats=tuple(seats), updated_at=now)
        if event is not None:
            self._publish([Update(table=live.info, events=((event, None),), to_act=frozenset())])
        return live.info

    def _require_status(self, info: TableInfo, *allowed: TableStatus) -> None:
        if info.status not in allowed:
            raise TableError("wrong_status", table=info.id, status=info.status.value)

    def _require_creator(self, info: TableInfo, user_id: int) -> None:
        if info.creator_id != user_id:
            raise TableError("not_creator")

    async def join(self, table_id: int, player: PlayerRef) -> TableInfo:
        """Take the next free seat (lobby only). TableError table_full / already_seated / wrong_status."""
        live = await self._live(table_id)
        async with live.lock:
            info = live.info
            self._require_status(info, TableStatus.LOBBY)
            if any(s.user_id == player.user_id for s in info.seats):
                raise TableError("already_seated", table=table_id)
            limit = live.game.info.variant(info.variant).max_players
            if len(info.seats) >= limit:
                raise TableError("table_full", table=table_id, seats=limit)
            seat = SeatInfo(len(info.seats), player.user_id, player.name)
            return await self._lobby_change(
                live, [*info.seats, seat], Event("host.joined", {"name": player.name, "seat": seat.seat})
            )

    async def leave(self, table_id: int, user_id: int) -> TableInfo:
        """Leave the lobby (seats after yours move up). The creator cancels instead of leaving."""
        live = await self._live(table_id)
        async with live.lock:
            info = live.info
            self._require_status(info, TableStatus.LOBBY)
            mine = [s for s in info.seats if s.user_id == user_id]
            if not mine:
                raise TableError("not_seated")
            if user_id == info.creator_id:
                raise TableError("creator_cannot_leave")
            rest = [s for s in info.seats if s.user_id != user_id]
            seats = [dataclasses.replace(s, seat=i) for i, s in enumerate(rest)]
            return await self._lobby_change(live, seats, Event("host.left", {"name": mine[0].name}))

    async def add_ai(self, table_id: int, by_user: int, policy: str = "random") -> TableInfo:
        """The creator adds an AI seat with one of the game's policies (`Game.policies()`)."""
        live = await self._live(table_id)
        async with live.lock:
            info = live.info
            self._require_creator(info, by_user)
            self._require_status(info, TableStatus.LOBBY)
            available = live.game.policies()
            if policy not in available:
                raise TableError("unknown_policy", policy=policy, choices=", ".join(available))
            limit = live.game.info.variant(info.variant).max_players
            if len(info.seats) >= limit:
                raise TableError("table_full", table=table_id, seats=limit)
            n = len(info.seats)
            seat = SeatInfo(n, None, f"AI {n + 1} ({policy})", ai_policy=policy)
            return await self._lobby_change(
                live, [*info.seats, seat], Event("host.joined", {"name": seat.name, "seat": n})
            )

    async def start(self, table_id: int, by_user: int) -> Update:
        """The creator starts the game: setup from the table's seed; AI seats that act first play at once."""
        live = await self._live(table_id)
        async with live.lock:
            info = live.info
            self._require_creator(info, by_user)
            self._require_status(info, TableStatus.LOBBY)
            variant = live.game.info.variant(info.variant)
            if len(info.seats) < variant.min_players:
                raise TableError("not_enough_players", min=variant.min_players, got=len(info.seats))
            # options were accepted for SOME legal player count at creation; the engine decides now
            # for the real one (InvalidOptions, localized, before anything changes)
            state = setup_state(live.game, info)
            now = self.clock()
            # the status change, the clocks and the first AI moves commit together (one write)
            live.info = dataclasses.replace(info, status=TableStatus.PLAYING, updated_at=now)
            live.state = state
            live.to_act = None
            names = live.game.info.names
            started = Event(
                "host.started",
                {
                    "game": live.game.info.id,
                    "players": len(info.seats),
                    # both languages travel with the event, so any front end renders it from the catalog
                    "names": {
                        lang: names.get(lang, names.get("en", live.game.info.id)) for lang in i18n.LANGUAGES
                    },
                },
            )
            # RULINGS "All games": the draws made at setup are announced publicly with the start
            setup = tuple((e, e.audience) for e in live.game.setup_events(state))
            first = Update(
                table=live.info,
                events=((started, None), *setup),
                to_act=live.game.to_act(state),
                outcome=None,
            )
            try:
                updates = await self._advance(live, [], lead=[first], status=TableStatus.PLAYING)
            except BaseException:
                self._forget(table_id)  # memory ran ahead of the store: reload it next time
                raise
            return updates[0]

    async def cancel(self, table_id: int, by_user: int) -> TableInfo:
        """The creator cancels a lobby or a game in progress (no results, no ratings)."""
        live = await self._live(table_id)
        async with live.lock:
            self._require_creator(live.info, by_user)
            return await self._close_table(live, TableStatus.CANCELLED, "host.cancelled")

    async def _close_table(self, live: LiveTable, status: TableStatus, kind: str) -> TableInfo:
        self._require_status(live.info, *ACTIVE)
        now = self.clock()
        await self.store.update_table(live.info.id, now, status=status.value, clear_deadlines=True)
        live.info = dataclasses.replace(live.info, status=status, updated_at=now)
        live.deadlines = {}
        self._publish([Update(table=live.info, events=((Event(kind, {}), None),), to_act=frozenset())])
        return live.info

    async def abort(self, table_id: int) -> TableInfo:
        """Admin: stop a table for good (no results). Works even when the table cannot be loaded."""
        try:
            live = await self._live(table_id)
        except TableUnavailable:
            # the table cannot be rebuilt, but its row can still be closed
            now = self.clock()
            await self.store.update_table(
                table_id, now, status=TableStatus.ABORTED.value, clear_deadlines=True
            )
            self._broken.pop(table_id, None)
            rows = await self.store.load(table_id)
            assert rows is not None
            return table_info(rows.table, rows.seats)
        async with live.lock:
            return await self._close_table(live, TableStatus.ABORTED, "host.aborted")

    # --- play ----------------------------------------------------------------------------------------
    async def submit(
        self,
        table_id: int,
        user_id: int,
        action: str,
        expected_version: int,
        idempotency_key: str | None = None,
    ) -> Update:
        """Apply `action` for the user's seat if `expected_version` is current and the key is new.

        Raises TableError (stale_version, duplicate_submission, not_seated, not_your_turn_host,
        wrong_status…) or the engine's IllegalAction; nothing is applied then. Returns once the action
        is durably in the log. AI seats that owe a decision afterwards play right away (listeners see them).
        """
        live = await self._live(table_id)
        async with live.lock:
            if self._tables.get(table_id) is not live:  # reloaded meanwhile (conflict): use the fresh one
                return await self.submit(table_id, user_id, action, expected_version, idempotency_key)
            info = live.info
            if idempotency_key is not None and idempotency_key in live.keys:
                raise TableError("duplicate_submission")
            seat = info.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            self._require_status(info, TableStatus.PLAYING)
            if expected_version != info.version:
                raise TableError("stale_version")
            game, state = live.game, live.state
            acting = live.to_act if live.to_act is not None else game.to_act(state)
            if seat not in acting:
                raise TableError("not_your_turn_host", table=table_id)
            new_state, events = game.apply(state, seat, action)  # IllegalAction: nothing changed
            step = _Step(
                seat,
                action,
                user_id,
                "user",
                idempotency_key,
                events,
                game.to_act(new_state),
                info.version + 1,
            )
            updates = await self._advance(live, [step], state=new_state)
            return updates[0]

    async def resign(self, table_id: int, user_id: int) -> Update:
        """The user gives up: their seat is played by AI to the end and they are ranked last."""
        live = await self._live(table_id)
        async with live.lock:
            seat = live.info.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            return await self._hand_to_ai(live, seat, default_ai(live.game), "resigned", "host.resigned")

    async def replace_with_ai(self, table_id: int, seat: int, policy: str | None = None) -> Update:
        """Admin: an AI takes over `seat` (e.g. an absent player); that player is not rated for it."""
        live = await self._live(table_id)
        async with live.lock:
            if not 0 <= seat < len(live.info.seats):
                raise TableError("seat_not_found", seat=seat, table=table_id)
            chosen = policy or default_ai(live.game)
            available = live.game.policies()
            if chosen not in available:
                raise TableError("unknown_policy", policy=chosen, choices=", ".join(available))
            return await self._hand_to_ai(live, seat, chosen, "replaced", "host.replaced")

    async def _hand_to_ai(self, live: LiveTable, seat: int, policy: str, why: str, kind: str) -> Update:
        info = live.info
        self._require_status(info, TableStatus.PLAYING)
        old = info.seats[seat]
        seats = list(info.seats)
        seats[seat] = dataclasses.replace(
            old, ai_policy=policy, left=why if old.user_id is not None else old.left
        )
        live.info = dataclasses.replace(info, seats=tuple(seats), updated_at=self.clock())
        note = Update(
            table=live.info,
            events=((Event(kind, {"name": old.name, "seat": seat}), None),),
            to_act=live.game.to_act(live.state),
        )
        try:  # the new seat and the AI's moves commit together (one write)
            updates = await self._advance(live, [], lead=[note], seats_changed=True)
        except BaseException:
            self._forget(info.id)
            raise
        return updates[0]

    # --- the core: apply, let AI seats play, commit, publish ----------------------------------------
    def _ai_move(self, live: LiveTable, state: Any, seat: int, version: int, policy_name: str | None) -> str:
        game = live.game
        policies = game.policies()
        policy: Policy = policies.get(policy_name or "", policies["random"])
        legal = game.legal_actions(state, seat)
        rng = random.Random(f"{live.info.seed}:{version}:{seat}")
        return policy(functools.partial(game.view, state, seat), legal, rng)

    async def _advance(
        self,
        live: LiveTable,
        steps: list[_Step],
        state: Any | None = None,
        lead: Sequence[Update] = (),
        deadlines_changed: bool = False,
        status: TableStatus | None = None,
        seats_changed: bool = False,
    ) -> list[Update]:
        """Let AI seats play, then commit every step in one write and publish. Caller holds the lock."""
        game, info = live.game, live.info
        state = live.state if state is None else state
        to_act = steps[-1].to_act if steps else game.to_act(state)
        version = info.version + len(steps)
        acted = {s.seat for s in steps}
        seats = info.seats
        ai_seats = _ai_seats(seats)
        chain = 0
        while to_act and ai_seats:
            owing = ai_seats & to_act
            if not owing:
                break
            seat = min(owing)
            action = self._ai_move(live, state, seat, version, seats[seat].ai_policy)
            state, events = game.apply(state, seat, action)
            version += 1
            acted.add(seat)
            to_act = game.to_act(state)
            steps.append(_Step(seat, action, None, "ai", None, events, to_act, version))
            chain += 1
            if chain > MAX_CHAIN:
                raise RuntimeError(f"table {info.id}: AI seats played {MAX_CHAIN} actions without an end")
        now = self.clock()
        over = not to_act and game.is_over(state)
        outcome = game.outcome(state) if over else None
        deadlines = self._next_deadlines(live, to_act, acted, now, over)
        write = TableWrite(
            table_id=info.id,
            base_version=info.version,
            new_version=version,
            updated_at=now,
            actions=[ActionRow(s.version, s.seat, s.action, s.user_id, s.via, now, s.key) for s in steps],
            deadlines=list(deadlines.values())
            if (deadlines != live.deadlines or deadlines_changed)
            else None,
        )
        if steps and (over or version - live.snapshot_version >= self.settings.snapshot_every):
            write.snapshot = (version, json.dumps(game.to_json(state), separators=(",", ":")))
        if status is not None:
            write.status = status.value
        if seats_changed:
            write.seats = [seat_row(s) for s in seats]
        if over:
            write.status = TableStatus.FINISHED.value
            assert outcome is not None
            write.result = self._result(info, outcome, now)
        if steps or write.deadlines is not None or write.status is not None or write.seats is not None:
            try:
                await self.writer.write(write)
            except DuplicateKey:
                self._forget(info.id)
                raise TableError("duplicate_submission") from None
            except VersionConflict:
                self._forget(info.id)
                raise TableError("stale_version") from None
        # committed: now the memory may move on
        if write.snapshot is not None:
            live.snapshot_version = version
        live.state = state
        live.to_act = to_act
        live.deadlines = deadlines
        for s in steps:
            if s.key is not None:
                live.keys.append(s.key)
        status = TableStatus.FINISHED if over else info.status
        live.info = _moved(info, version, status, now)
        updates = list(lead)
        for index, s in enumerate(steps):
            last = index == len(steps) - 1
            routed: list[tuple[Event, Audience]] = [(e, e.audience) for e in s.host_events]
            routed.extend((e, e.audience) for e in s.events)
            if last and over:
                routed.append((Event("host.finished", {}), None))
            table = live.info if last else _moved(live.info, s.version, info.status, now)
            updates.append(
                Update(
                    table=table,
                    events=tuple(routed),
                    to_act=s.to_act,
                    outcome=outcome if last else None,
                    actor=s.seat,
                    action=s.action,
                )
            )
        if updates and lead and steps == []:
            # lead updates describe the state after the change: refresh their table info
            updates = [dataclasses.replace(u, table=live.info) for u in updates]
        self._publish(updates)
        if write.result is not None:
            await self._rate(write.result)
        return updates

    def _next_deadlines(
        self, live: LiveTable, to_act: frozenset[int], acted: set[int], now: float, over: bool
    ) -> dict[int, DeadlineRow]:
        """Each human seat that owes a decision has its own clock; it restarts when that seat acts."""
        if over:
            return {}
        seconds = live.info.clock_seconds
        out: dict[int, DeadlineRow] = {}
        for seat in sorted(to_act):
            if live.info.seats[seat].ai_policy is not None:
                continue
            old = live.deadlines.get(seat)
            if old is not None and seat not in acted:
                out[seat] = old
            else:
                out[seat] = DeadlineRow(seat, now + seconds, now + seconds / 2, False)
        return out

    def _result(self, info: TableInfo, outcome: Any, now: float) -> ResultRow:
        n = len(info.seats)
        worst = max(outcome.placements) if outcome.placements else n
        team_of: dict[int, int] = {}
        for index, team in enumerate(outcome.teams or ()):
            for seat in team:
                team_of[seat] = index
        seats = []
        for s in info.seats:
            placement = outcome.placements[s.seat]
            rated_user = s.user_id if s.left in (None, "resigned") else None
            if s.left == "resigned" and outcome.teams is None:
                placement = worst + 1
            seats.append(
                ResultSeat(
                    s.seat, rated_user, s.name, placement, float(outcome.scores[s.seat]), team_of.get(s.seat)
                )
            )
        return ResultRow(info.id, info.guild_id, info.game, now, outcome.to_json(), tuple(seats))

    async def _rate(self, result: ResultRow) -> None:
        current = await self.store.ratings_for(ratings.rating_keys(result))
        await self.store.save_ratings(result.table_id, ratings.rate(result, current, self.clock()))

    async def _rate_pending(self) -> None:
        for result in await self.store.unrated_results():
            await self._rate(result)

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
        return self._view(live, seat)

    async def public_view(self, table_id: int) -> SeatView:
        """The spectator's board (seat None, no legal actions)."""
        return self._view(await self._live(table_id), None)

    def _view(self, live: LiveTable, seat: int | None) -> SeatView:
        if live.state is None:
            raise TableError("wrong_status", table=live.info.id, status=live.info.status.value)
        game, state = live.game, live.state
        acting = live.info.status is TableStatus.PLAYING and seat is not None and seat in game.to_act(state)
        deadline = live.deadlines.get(seat) if seat is not None else None
        return SeatView(
            seat=seat,
            view=game.view(state, seat),
            legal_actions=tuple(game.legal_actions(state, seat)) if acting and seat is not None else (),
            prompt=game.prompt(state, seat) if acting and seat is not None else None,
            version=live.info.version,
            deadline=deadline.due_at if deadline else None,
        )

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

        Rebuilt by replaying the log from the seed, so it needs no event storage and cannot disagree,
        as long as the engine is the one that played it. After an engine change that alters replay (see
        docs/engine-speed.md and `python -m bot.snapshot_all`), a replay from the seed would describe
        another game: the replay is checked against the table's stored snapshot, and when it fails or
        differs the history is only `host.history_unavailable` (the table itself plays on from its
        snapshot). Showing a diverged replay would show cards that were never dealt.
        """
        live = await self._live(table_id)
        info = live.info
        seat = info.seat_of(user_id) if user_id is not None else None
        if user_id is not None and seat is None:
            seat = next((s.seat for s in info.seats if s.user_id == user_id), None)
        if info.status is TableStatus.LOBBY or (info.version == 0 and live.state is None):
            return []
        game = live.game
        snapshot = await self.store.snapshot(table_id)
        check_at, expected = (snapshot[0], json.loads(snapshot[1])) if snapshot else (-1, None)
        unavailable = [HistoryEntry(0, None, Event("host.history_unavailable", {}))]

        def diverged(state: Any) -> bool:
            return bool(json.loads(json.dumps(game.to_json(state))) != expected)

        state = setup_state(game, info)
        if check_at == 0 and diverged(state):
            return unavailable
        # the setup draws (RULINGS "All games") open the log at version 0, as `start` published them
        out = [HistoryEntry(0, None, e) for e in game.setup_events(state) if e.visible_to(seat)]
        for row in await self.store.actions(table_id):
            if row.via == "clock":
                name = info.seats[row.seat].name
                out.append(
                    HistoryEntry(
                        row.seq, row.seat, Event("host.clock_expired", {"name": name, "seat": row.seat})
                    )
                )
            try:
                state, events = game.apply(state, row.seat, row.action)
            except GameError:
                log.warning("history of table %s does not replay at action %s", table_id, row.seq)
                return unavailable
            if row.seq == check_at and diverged(state):
                log.warning("history of table %s replays to another state than its snapshot", table_id)
                return unavailable
            out.extend(HistoryEntry(row.seq, row.seat, e) for e in events if e.visible_to(seat))
        return out

    # --- clocks --------------------------------------------------------------------------------------
    async def process_due_clocks(self, now: float | None = None) -> list[Update]:
        """Send due half-time reminders and let the AI play every decision whose clock ran out."""
        now = self.clock() if now is None else now
        due = await self.store.due_deadlines(now)
        updates: list[Update] = []
        for table_id in sorted({t for t, _ in due}):
            try:
                live = await self._live(table_id)
                async with live.lock:
                    updates.extend(await self._expire(live, now))
            except TableUnavailable as err:
                # nobody can play it until an admin acts: drop its clocks so they are not fetched
                # every tick (and cannot crowd out the other tables' clocks)
                log.warning("clock of table %s dropped: %s", table_id, err)
                await self.store.update_table(table_id, now, clear_deadlines=True)
            except TableError as err:
                log.warning("clock of table %s: %s", table_id, err)
        return updates

    async def _expire(self, live: LiveTable, now: float) -> list[Update]:
        info, game, state = live.info, live.game, live.state
        if info.status is not TableStatus.PLAYING or state is None:
            if live.deadlines:
                live.deadlines = {}
                await self.store.update_table(info.id, now, clear_deadlines=True)
            return []
        to_act = game.to_act(state)
        steps: list[_Step] = []
        reminders: list[Update] = []
        changed = False
        version = info.version
        for seat in [s for s in live.deadlines if s not in to_act or info.seats[s].is_ai]:
            del live.deadlines[seat]  # a clock nobody owes any more (should not happen; heal it)
            changed = True
        for seat, dl in sorted(live.deadlines.items()):
            if dl.due_at <= now:
                action = self._ai_move(live, state, seat, version, default_ai(game))
                state, events = game.apply(state, seat, action)
                version += 1
                expired = Event("host.clock_expired", {"name": info.seats[seat].name, "seat": seat})
                steps.append(
                    _Step(seat, action, None, "clock", None, events, game.to_act(state), version, [expired])
                )
                to_act = game.to_act(state)
            elif not dl.reminded and dl.remind_at <= now:
                live.deadlines[seat] = dataclasses.replace(dl, reminded=True)
                changed = True
                left = max(0, int(dl.due_at - now))
                event = Event(
                    "host.clock_reminder",
                    {"name": info.seats[seat].name, "seat": seat, "table": info.id, "left": _duration(left)},
                    audience=frozenset({seat}),
                )
                reminders.append(Update(table=info, events=((event, event.audience),), to_act=to_act))
        if not steps and not changed:
            return []
        if not steps:
            write = TableWrite(
                info.id, info.version, info.version, now, deadlines=list(live.deadlines.values())
            )
            try:
                await self.writer.write(write)
            except VersionConflict:
                self._forget(info.id)
                return []
            self._publish(reminders)
            return reminders
        # the reminders are folded into the same write as the expiries
        updates = await self._advance(live, steps, state=state, lead=(), deadlines_changed=True)
        self._publish(reminders)
        return updates + reminders

    def start_clock_loop(self, interval: float = 1.0) -> None:
        """Run process_due_clocks (and idle eviction) every `interval` seconds until close()."""
        if self._clock_task is None or self._clock_task.done():
            self._clock_task = asyncio.create_task(self._clock_loop(interval))

    async def _clock_loop(self, interval: float) -> None:
        while True:
            try:
                await self.process_due_clocks()
                self.evict_idle()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("clock loop")
            await asyncio.sleep(interval)

    # --- ratings and settings ------------------------------------------------------------------------
    async def leaderboard(
        self, guild_id: int | None, game: str | None = None, limit: int = 10
    ) -> list[RatingRow]:
        """Top players by openskill ordinal; guild_id None is the global board, game None all games."""
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        rows = await self.store.leaderboard(scope, game or ratings.ALL_GAMES, limit)
        return [
            RatingRow(i + 1, r.user_id, r.name, r.game, r.games, r.wins, r.ordinal, r.mu, r.sigma)
            for i, r in enumerate(rows)
        ]

    async def player_stats(self, user_id: int, guild_id: int | None = None) -> PlayerStats:
        """A player's rank, games, wins and rating per game in one server (None: global)."""
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        rows = await self.store.player_ratings(user_id, scope)
        return PlayerStats(
            user_id=user_id,
            guild_id=guild_id,
            rows=tuple(
                RatingRow(rank, r.user_id, r.name, r.game, r.games, r.wins, r.ordinal, r.mu, r.sigma)
                for r, rank in rows
            ),
        )

    async def get_settings(self, user_id: int) -> UserSettings:
        found = await self.store.get_settings(user_id)
        if found is None:
            return UserSettings(user_id)
        return UserSettings(user_id, found[0], found[1])

    async def set_settings(
        self, user_id: int, language: str | None = None, dm_pings: bool | None = None
    ) -> UserSettings:
        current = await self.get_settings(user_id)
        if language is not None and language not in i18n.LANGUAGES:
            raise TableError("bad_language", choices=", ".join(i18n.LANGUAGES))
        new = UserSettings(
            user_id,
            language if language is not None else current.language,
            dm_pings if dm_pings is not None else current.dm_pings,
        )
        await self.store.set_settings(user_id, new.language, new.dm_pings)
        return new

    async def get_table_meta(self, table_id: int) -> dict[str, Any]:
        """A front end's own bookkeeping for a table (JSON values), kept across restarts."""
        return {k: json.loads(v) for k, v in (await self.store.get_table_meta(table_id)).items()}

    async def set_table_meta(self, table_id: int, values: Mapping[str, Any]) -> None:
        """Set keys (JSON-serialisable values); a None value removes the key. Not part of the table's log."""
        await self.store.set_table_meta(
            table_id,
            {k: None if v is None else json.dumps(v, separators=(",", ":")) for k, v in values.items()},
        )

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        found = await self.store.get_guild_settings(guild_id)
        if found is None:
            return GuildSettings(guild_id)
        clock, channels = found
        return GuildSettings(
            guild_id,
            ClockMode(clock) if clock is not None else None,
            frozenset(int(c) for c in json.loads(channels)) if channels is not None else None,
        )

    async def set_guild_settings(
        self,
        guild_id: int,
        default_clock: ClockMode | str | None = None,
        table_channels: Iterable[int] | None = None,
    ) -> GuildSettings:
        """Change what is given (None keeps the current value); an empty `table_channels` = any channel.
        The front end checks the admin permission."""
        current = await self.get_guild_settings(guild_id)
        clock = current.default_clock
        if default_clock is not None:
            try:
                clock = ClockMode(default_clock)
            except ValueError:
                raise TableError("bad_clock") from None
        channels = current.table_channels if table_channels is None else frozenset(map(int, table_channels))
        new = GuildSettings(guild_id, clock, channels)
        await self.store.set_guild_settings(
            guild_id,
            None if clock is None else clock.value,
            None if channels is None else json.dumps(sorted(channels)),
        )
        return new


def _check_options(engine: Game[Any], variant: VariantInfo, options: Mapping[str, str]) -> None:
    """Accept options legal for at least one player count of the variant (KINGs' Cheerleader needs 4-5
    players, so checking only the minimum refused it); `start` checks again with the real count.
    Raises the refusal for the smallest count when no count accepts them."""
    first: InvalidOptions | None = None
    for players in range(variant.min_players, variant.max_players + 1):
        try:
            engine.setup(players, dict(options), 0, variant.id)
        except InvalidOptions as err:
            first = first or err
        else:
            return
    assert first is not None
    raise first


@functools.lru_cache(maxsize=4096)
def _ai_seats(seats: tuple[SeatInfo, ...]) -> frozenset[int]:
    """Seats an AI plays (cached per seat tuple: it only changes in the lobby or on resign/replace)."""
    return frozenset(s.seat for s in seats if s.ai_policy is not None)


def _moved(info: TableInfo, version: int, status: TableStatus, now: float) -> TableInfo:
    """`info` at another version (dataclasses.replace is several times slower on the hot path)."""
    return TableInfo(
        info.id,
        info.guild_id,
        info.channel_id,
        info.thread_id,
        info.game,
        info.variant,
        info.options,
        status,
        version,
        info.seats,
        info.creator_id,
        info.clock_mode,
        info.clock_seconds,
        info.created_at,
        now,
        info.seed,
    )


def _duration(seconds: int) -> str:
    if seconds >= 3600:
        return f"{seconds // 3600}h{(seconds % 3600) // 60:02d}m"
    if seconds >= 60:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds}s"
