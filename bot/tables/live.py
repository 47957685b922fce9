"""A table held in memory: its metadata, current game state and clocks. Rebuilt from the store on demand."""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from bot.store.records import DeadlineRow, LoadedTable, SeatRow, TableRow
from bot.tables.errors import TableUnavailable
from bot.tables.lock import TableLock
from bot.tables.models import ClockMode, SeatInfo, TableInfo, TableStatus
from games.core.contract import Game
from games.core.errors import GameError
from games.core.registry import get_game


def seat_info(row: SeatRow) -> SeatInfo:
    return SeatInfo(
        seat=row.seat, user_id=row.user_id, name=row.name, ai_policy=row.ai_policy, left=row.left_as
    )


def seat_row(info: SeatInfo) -> SeatRow:
    return SeatRow(
        seat=info.seat, user_id=info.user_id, name=info.name, ai_policy=info.ai_policy, left_as=info.left
    )


def table_info(row: TableRow, seats: tuple[SeatRow, ...]) -> TableInfo:
    return TableInfo(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        thread_id=row.thread_id,
        game=row.game,
        variant=row.variant,
        options=row.options,
        status=TableStatus(row.status),
        version=row.version,
        seats=tuple(seat_info(s) for s in seats),
        creator_id=row.creator_id,
        clock_mode=ClockMode(row.clock_mode),
        clock_seconds=row.clock_seconds,
        created_at=row.created_at,
        updated_at=row.updated_at,
        seed=row.seed,
        clock_bank=row.clock_bank,
        away_ok=row.away_ok,
    )


@dataclass(slots=True, eq=False)
class LiveTable:
    info: TableInfo
    game: Game[Any]
    state: Any | None  # None before the game starts (lobby) or when it will not run again
    snapshot_version: int
    deadlines: dict[int, DeadlineRow]
    keys: deque[str] = field(default_factory=lambda: deque(maxlen=16))  # recent idempotency keys
    to_act: frozenset[int] | None = None  # cached game.to_act(state); None: not computed yet
    lock: TableLock = field(default_factory=TableLock)
    last_used: float = 0.0
    revision: int = 0  # the table row's revision this copy was built from (the store checks it)
    # seat -> version its open decision began (bot/tables/decisions.py); None: not read from the log yet
    owed_since: dict[int, int] | None = None


def setup_state(game: Game[Any], info: TableInfo) -> Any:
    return game.setup(len(info.seats), dict(info.options), info.seed, info.variant)


def rebuild(record: LoadedTable) -> LiveTable:
    """Snapshot + log tail -> the table as it was. TableUnavailable names what is wrong with it."""
    row = record.table
    info = table_info(row, record.seats)
    try:
        game = get_game(row.game)
    except GameError as err:
        raise TableUnavailable("game_unavailable", table=row.id, game=row.game) from err
    state = None
    if info.status in (TableStatus.PLAYING, TableStatus.FINISHED):
        state = replay_tail(game, info, record)
    live = LiveTable(
        info=info,
        game=game,
        state=state,
        snapshot_version=record.snapshot_version,
        deadlines={d.seat: d for d in record.deadlines},
        revision=row.revision,
    )
    live.keys.extend(reversed(record.recent_keys))
    return live


def replay_tail(game: Game[Any], info: TableInfo, record: LoadedTable) -> Any:
    table = info.id
    try:
        if record.snapshot is not None:
            state = game.from_json(json.loads(record.snapshot))
        else:
            state = setup_state(game, info)
    except Exception as err:
        what = "snapshot unreadable" if record.snapshot is not None else "setup from the seed failed"
        raise TableUnavailable("table_corrupt", table=table, reason=f"{what}: {err}") from err
    expected = record.snapshot_version
    for action in record.tail:
        expected += 1
        if action.seq != expected:
            raise TableUnavailable("table_corrupt", table=table, reason=f"log gap before action {action.seq}")
        try:
            state, _ = game.apply(state, action.seat, action.action)
        except Exception as err:
            raise TableUnavailable(
                "table_corrupt",
                table=table,
                reason=f"action {action.seq} ({action.action!r}) does not replay",
            ) from err
    if expected != info.version:
        raise TableUnavailable(
            "table_corrupt", table=table, reason=f"log ends at {expected}, table is at version {info.version}"
        )
    return state
