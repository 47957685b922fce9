"""The lobby: create a table, seats (join, leave, AI seats), start, and the ends without a result
(cancel by the creator, abort by an admin).

Every change here is one conditional write on the table's revision (`update_table(expect_revision=)`, or
the start's TableWrite): a copy that another process changed meanwhile is refused (LostRace) and the
decision is made again on fresh data by `TableCache.run`, so two joins at once both get a seat."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.store.privacy import OpenTablesLimit, PrivacyStore
from bot.store.records import SeatRow, TableRow
from bot.tables import bank as banks
from bot.tables.ai import available_policies
from bot.tables.cache import LostRace
from bot.tables.errors import TableError, TableUnavailable, require_creator, require_status
from bot.tables.live import LiveTable, seat_row, setup_state, table_info
from bot.tables.models import ClockMode, PlayerRef, SeatInfo, TableInfo, TableStatus, Update
from bot.tables.play import Play
from games.core import i18n
from games.core.contract import Event, Game, VariantInfo
from games.core.errors import InvalidOptions
from games.core.registry import get_game

if TYPE_CHECKING:
    from bot.tables.host import Host

ACTIVE = (TableStatus.LOBBY, TableStatus.PLAYING)
# AI seats have names of their own ("AI 2" reads like a seat number); the first not already at
# the table is taken, so two AI seats never share a name. Readable in English and Japanese alike.
AI_NAMES = ("Ada", "Basho", "Clio", "Dante", "Emi", "Felix", "Gaia", "Hugo")


def ai_name(taken: Sequence[str]) -> str:
    free = [n for n in AI_NAMES if f"{n} (AI)" not in taken]
    return f"{free[0]} (AI)" if free else f"AI {len(taken) + 1}"


class Lobby:
    def __init__(self, host: Host, play: Play) -> None:
        self.host = host
        self.play = play

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        creator: PlayerRef,
        game: str,
        variant: str | None,
        options: Mapping[str, str] | None,
        clock_mode: ClockMode | str,
        clock_seconds: int | None,
        thread_id: int | None,
        seed: int,
        creator_sits: bool,
        open_limit: int | None = None,
        away_ok: bool = True,
    ) -> TableInfo:
        engine = get_game(game)
        variant_info = engine.info.variant(variant)
        opts = {str(k): str(v) for k, v in (options or {}).items()}
        check_options(engine, variant_info, opts)
        settings = self.host.settings
        try:  # live, async, or a time bank: live-bank, async-bank (bot/tables/bank.py)
            name, clock_bank = banks.choose(str(clock_mode), settings.live_bank, settings.async_bank)
            mode = ClockMode(name)
        except ValueError:
            raise TableError("bad_clock") from None
        if clock_seconds is None:
            seconds = settings.live_clock_seconds if mode is ClockMode.LIVE else settings.async_clock_seconds
        else:
            seconds = int(clock_seconds)
        if seconds <= 0:
            raise TableError("bad_clock")
        now = self.host.clock()
        row = TableRow(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=thread_id,
            game=engine.info.id,
            variant=variant_info.id,
            options=opts,
            status=TableStatus.LOBBY.value,
            seed=seed,
            version=0,
            creator_id=creator.user_id,
            clock_mode=mode.value,
            clock_seconds=seconds,
            created_at=now,
            updated_at=now,
            clock_bank=clock_bank,
            away_ok=away_ok,
        )
        seats = [SeatRow(0, creator.user_id, creator.name)] if creator_sits else []
        table_id = await self._insert(row, seats, creator.user_id, open_limit)
        live = await self.host.cache.live(table_id)
        return live.info

    async def _insert(self, row: TableRow, seats: list[SeatRow], user_id: int, open_limit: int | None) -> int:
        """Insert the new table; with a limit, the count of the creator's open tables and the insert are
        one transaction (bot/store/privacy.py), so two clicks at once cannot pass it together."""
        store = self.host.store
        if open_limit is None or not isinstance(store, PrivacyStore):
            return await store.insert_table(row, seats)
        try:
            return await store.insert_table_within_limit(row, seats, user_id, open_limit)
        except OpenTablesLimit as err:
            raise TableError("too_many_open_tables", count=err.count, limit=open_limit) from None

    async def set_thread(self, live: LiveTable, thread_id: int | None) -> TableInfo:
        now = self.host.clock()
        await self._update(live, now, thread_id=thread_id, set_thread=True)
        live.info = dataclasses.replace(live.info, thread_id=thread_id, updated_at=now)
        return live.info

    async def _update(
        self, live: LiveTable, now: float, notes: Sequence[Update] = (), **change: Any
    ) -> Sequence[Update]:
        """One conditional write of the table's row: refused (LostRace) when its revision moved on.
        `notes` (a lobby note, the closing note): their rows for another process's channel go in the same
        transaction; returns the ones this process posts (`publish_committed` them once memory moved on)."""
        local, rows = self.host.outbox.for_commit(notes)
        if not await self.host.store.update_table(
            live.info.id, now, expect_revision=live.revision, relay=rows, **change
        ):
            raise LostRace(live.info.id)
        live.revision += 1
        return local

    async def _change_seats(
        self, live: LiveTable, seats: Sequence[SeatInfo], event: Event | None
    ) -> TableInfo:
        now = self.host.clock()
        after = dataclasses.replace(live.info, seats=tuple(seats), updated_at=now)
        notes = [] if event is None else [Update(table=after, events=((event, None),), to_act=frozenset())]
        local = await self._update(
            live, now, notes, seats=[seat_row(s) for s in seats], expect_status=TableStatus.LOBBY.value
        )
        live.info = after
        self.host.outbox.publish_committed(local)
        return live.info

    async def join(self, live: LiveTable, player: PlayerRef) -> TableInfo:
        info = live.info
        require_status(info, TableStatus.LOBBY)
        if any(s.user_id == player.user_id for s in info.seats):
            raise TableError("already_seated", table=info.id)
        limit = live.game.info.variant(info.variant).max_players
        if len(info.seats) >= limit:
            raise TableError("table_full", table=info.id, seats=limit)
        seat = SeatInfo(len(info.seats), player.user_id, player.name)
        return await self._change_seats(
            live, [*info.seats, seat], Event("host.joined", {"name": player.name, "seat": seat.seat})
        )

    async def leave(self, live: LiveTable, user_id: int) -> TableInfo:
        info = live.info
        require_status(info, TableStatus.LOBBY)
        mine = [s for s in info.seats if s.user_id == user_id]
        if not mine:
            raise TableError("not_seated")
        if user_id == info.creator_id:
            raise TableError("creator_cannot_leave")
        rest = [s for s in info.seats if s.user_id != user_id]
        seats = [dataclasses.replace(s, seat=i) for i, s in enumerate(rest)]
        return await self._change_seats(live, seats, Event("host.left", {"name": mine[0].name}))

    async def add_ai(self, live: LiveTable, by_user: int, policy: str) -> TableInfo:
        info = live.info
        require_creator(info, by_user)
        require_status(info, TableStatus.LOBBY)
        available = available_policies(live.game)
        if policy not in available:
            raise TableError("unknown_policy", policy=policy, choices=", ".join(available))
        limit = live.game.info.variant(info.variant).max_players
        if len(info.seats) >= limit:
            raise TableError("table_full", table=info.id, seats=limit)
        n = len(info.seats)
        seat = SeatInfo(n, None, ai_name([s.name for s in info.seats]), ai_policy=policy)
        return await self._change_seats(
            live, [*info.seats, seat], Event("host.joined", {"name": seat.name, "seat": n})
        )

    async def start(self, live: LiveTable, by_user: int) -> Update:
        info = live.info
        require_creator(info, by_user)
        require_status(info, TableStatus.LOBBY)
        variant = live.game.info.variant(info.variant)
        if len(info.seats) < variant.min_players:
            raise TableError("not_enough_players", min=variant.min_players, got=len(info.seats))
        # options were accepted for SOME legal player count at creation; the engine decides now
        # for the real one (InvalidOptions, localized, before anything changes)
        state = setup_state(live.game, info)
        now = self.host.clock()
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
            table=live.info, events=((started, None), *setup), to_act=live.game.to_act(state), outcome=None
        )
        try:
            updates = await self.play.advance(live, [], lead=[first], status=TableStatus.PLAYING)
        except BaseException:
            self.host.cache.forget(info.id)  # memory ran ahead of the store: reload it next time
            raise
        return updates[0]

    async def cancel(self, live: LiveTable, by_user: int) -> TableInfo:
        require_creator(live.info, by_user)
        return await self.close(live, TableStatus.CANCELLED, "host.cancelled")

    async def close(self, live: LiveTable, status: TableStatus, kind: str) -> TableInfo:
        """End a lobby or a game in progress without a result (cancelled, aborted)."""
        require_status(live.info, *ACTIVE)
        now = self.host.clock()
        after = dataclasses.replace(live.info, status=status, updated_at=now)
        note = Update(table=after, events=((Event(kind, {}), None),), to_act=frozenset())
        local = await self._update(live, now, [note], status=status.value, clear_deadlines=True)
        live.info = after
        live.deadlines = {}
        self.host.outbox.publish_committed(local)
        return live.info

    async def abort(self, table_id: int) -> TableInfo:
        """Admin: stop a table for good (no results). Works even when the table cannot be loaded."""
        host = self.host
        try:
            return await host.cache.run(
                table_id, lambda live: self.close(live, TableStatus.ABORTED, "host.aborted")
            )
        except TableUnavailable:
            # the table cannot be rebuilt, but its row can still be closed
            now = host.clock()
            await host.store.update_table(
                table_id, now, status=TableStatus.ABORTED.value, clear_deadlines=True
            )
            host.cache.broken.pop(table_id, None)
            rows = await host.store.load(table_id)
            assert rows is not None
            return table_info(rows.table, rows.seats)


def check_options(engine: Game[Any], variant: VariantInfo, options: Mapping[str, str]) -> None:
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
