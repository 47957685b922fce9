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
from collections.abc import Sequence
from typing import Any

from bot.store.records import ActionRow
from bot.tables.live import setup_state
from bot.tables.models import HistoryEntry, TableInfo
from games.core.contract import Event, Game
from games.core.errors import GameError

log = logging.getLogger("tricktable.tables")


def replay(
    game: Game[Any],
    info: TableInfo,
    seat: int | None,
    snapshot: tuple[int, str] | None,
    actions: Sequence[ActionRow],
) -> list[HistoryEntry]:
    """The public log plus `seat`'s private events (None: public only), checked against `snapshot`. Pure."""
    check_at, expected = (snapshot[0], json.loads(snapshot[1])) if snapshot else (-1, None)
    unavailable = [HistoryEntry(0, None, Event("host.history_unavailable", {}))]

    def diverged(state: Any) -> bool:
        return bool(json.loads(json.dumps(game.to_json(state))) != expected)

    state = setup_state(game, info)
    if check_at == 0 and diverged(state):
        return unavailable
    # the setup draws (RULINGS "All games") open the log at version 0, as `start` published them
    out = [HistoryEntry(0, None, e) for e in game.setup_events(state) if e.visible_to(seat)]
    for row in actions:
        if row.via == "clock":
            name = info.seats[row.seat].name
            out.append(
                HistoryEntry(row.seq, row.seat, Event("host.clock_expired", {"name": name, "seat": row.seat}))
            )
        try:
            state, events = game.apply(state, row.seat, row.action)
        except GameError:
            log.warning("history of table %s does not replay at action %s", info.id, row.seq)
            return unavailable
        if row.seq == check_at and diverged(state):
            log.warning("history of table %s replays to another state than its snapshot", info.id)
            return unavailable
        out.extend(HistoryEntry(row.seq, row.seat, e) for e in events if e.visible_to(seat))
    return out
