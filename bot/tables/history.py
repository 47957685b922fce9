"""A table's history as one seat may see it, rebuilt by replaying the log from the seed.

It needs no event storage and cannot disagree with the table, as long as the engine is the one that
played it. After an engine change that alters replay (docs/engine-speed.md, `python -m bot.ops.snapshot_all`)
a replay from the seed would describe another game: the replay is checked against the table's stored
snapshot, and when it fails or differs the history is only `host.history_unavailable` (the table itself
plays on from its snapshot). Showing a diverged replay would show cards that were never dealt.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator, Sequence
from typing import Any

from bot.store.records import ActionRow
from bot.tables.live import setup_state
from bot.tables.models import HistoryEntry, TableInfo
from games.core.contract import Event, Game
from games.core.errors import GameError

log = logging.getLogger("tricktable.tables")


class Diverged(Exception):
    """The log does not replay to the table's stored snapshot (an engine change): show nothing of it."""


def walk(
    game: Game[Any],
    info: TableInfo,
    snapshot: tuple[int, str] | None,
    actions: Sequence[ActionRow],
) -> Iterator[tuple[ActionRow | None, Any, list[Event]]]:
    """Every state of the table from its setup, in order: (None, setup state, setup events) first, then
    (row, state after it, its events) per logged action (a clock's expiry announced before its action).
    Raises Diverged when an action no longer applies or the replay differs from `snapshot`. Pure."""
    check_at, expected = (snapshot[0], json.loads(snapshot[1])) if snapshot else (-1, None)

    def diverged(state: Any) -> bool:
        return bool(json.loads(json.dumps(game.to_json(state))) != expected)

    state = setup_state(game, info)
    if check_at == 0 and diverged(state):
        raise Diverged
    # the setup draws (RULINGS "All games") open the log at version 0, as `start` published them
    yield None, state, list(game.setup_events(state))
    for row in actions:
        clock = []
        if row.via == "clock":
            name = info.seats[row.seat].name
            clock = [Event("host.clock_expired", {"name": name, "seat": row.seat})]
        try:
            state, events = game.apply(state, row.seat, row.action)
        except GameError:
            log.warning("history of table %s does not replay at action %s", info.id, row.seq)
            raise Diverged from None
        if row.seq == check_at and diverged(state):
            log.warning("history of table %s replays to another state than its snapshot", info.id)
            raise Diverged
        yield row, state, [*clock, *events]


def replay(
    game: Game[Any],
    info: TableInfo,
    seat: int | None,
    snapshot: tuple[int, str] | None,
    actions: Sequence[ActionRow],
) -> list[HistoryEntry]:
    """The public log plus `seat`'s private events (None: public only), checked against `snapshot`. Pure."""
    out: list[HistoryEntry] = []
    try:
        for row, _state, events in walk(game, info, snapshot, actions):
            version, actor = (0, None) if row is None else (row.seq, row.seat)
            out.extend(HistoryEntry(version, actor, e) for e in events if e.visible_to(seat))
    except Diverged:
        return [HistoryEntry(0, None, Event("host.history_unavailable", {}))]
    return out
