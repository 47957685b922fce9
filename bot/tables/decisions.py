"""Which decision each seat owes: the version at which its open decision began.

A click made on an older board still counts when its seat still owes the very decision the button was
drawn for (a simultaneous secret choice: the other side committed first and moved the table on). A seat
that acted, or whose decision closed and opened again, owes a new decision: a button drawn before it began
is stale. The service decides this in `Play.submit`, so every front end gets the same rule.

The versions are kept beside the table's clocks (a seat's clock restarts at the same moments), and read
back from the log when a copy of the table is loaded: no front end's memory is trusted for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.store.records import ActionRow
from bot.tables.live import setup_state
from bot.tables.models import TableInfo
from games.core.contract import Game


def opened(
    since: Mapping[int, int], before: frozenset[int], after: frozenset[int], actor: int | None, version: int
) -> dict[int, int]:
    """`since` once the table reached `version` with `after` owing: a seat that did not owe before, or
    that acted (`actor`) and owes again, begins a new decision there; seats that owe nothing drop out."""
    return {
        seat: version if seat not in before or seat == actor else since.get(seat, version) for seat in after
    }


def replayed(
    game: Game[Any], info: TableInfo, actions: Sequence[ActionRow], current: Any
) -> dict[int, int] | None:
    """`since` for the table as its log has it, by a pure replay from the seed. None when the replay does
    not reach `current` (the table's state): after an engine change that the snapshot absorbed
    (bot/tables/history.py), the log no longer tells whose decision began when, and nothing is guessed."""
    state = setup_state(game, info)
    owing = game.to_act(state)
    since = dict.fromkeys(owing, 0)
    for row in actions:
        try:
            state, _ = game.apply(state, row.seat, row.action)
        except Exception:
            return None
        after = game.to_act(state)
        since = opened(since, owing, after, row.seat, row.seq)
        owing = after
    if game.to_json(state) != game.to_json(current):
        return None
    return since
