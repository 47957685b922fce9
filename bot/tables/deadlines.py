"""Which clock each human seat has once a table moved on (fixed clocks and time banks; bot/tables/bank.py).

Written in the same TableWrite as the action that moved the table (bot/tables/play.py `advance`), so the
clocks, like the log, are decided by the database. A seat that keeps owing keeps its running (or stopped)
clock while others act (simultaneous secret choices); a seat that acted, or whose decision begins, gets a
new one. With a time bank every human seat has a row: the seats that owe nothing keep their reserve in a
stopped "idle" row, so each person's reserve is accounted separately, also in simultaneous decisions. On a
paused table a decision that begins starts stopped.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.store.records import DeadlineRow
from bot.tables import bank as banks
from bot.tables.live import LiveTable


def paused(clocks: Mapping[int, DeadlineRow]) -> bool:
    """A table is paused while its clocks are stopped by a pause (bot/tables/pause.py)."""
    return any(d.why == "paused" for d in clocks.values())


def next_deadlines(
    live: LiveTable, to_act: frozenset[int], acted: set[int], now: float, over: bool
) -> dict[int, DeadlineRow]:
    """Each human seat's clock once the table reached `to_act`; `acted`: the seats that acted on the way.

    A seat that owes nothing keeps its bank's reserve ("idle") or the mark that its person is away
    ("away-idle", until `due_at`): a decision that begins for a person away starts stopped until they are
    back, so time away never counts."""
    if over:
        return {}
    info = live.info
    bank = banks.parse(info.clock_bank)
    clocks = live.deadlines
    stopped = paused(clocks) if clocks else False
    seconds = info.clock_seconds
    out: dict[int, DeadlineRow] = {}
    seats = sorted(to_act) if bank is None and not clocks else range(len(info.seats))
    for seat in seats:
        if info.seats[seat].ai_policy is not None:
            continue
        old = clocks.get(seat)
        if seat not in to_act:
            if old is not None and old.why in IDLE:
                out[seat] = old
            elif bank is not None:
                out[seat] = banks.idle(banks.left(old, now, bank), seat, now)
            continue
        if old is not None and seat not in acted and old.why not in IDLE:
            out[seat] = old
            continue
        if bank is None:
            row = DeadlineRow(seat, now + seconds, now + seconds / 2, False, since=now)
        else:
            row = banks.begin(banks.left(old, now, bank), bank, now, seat)
        if old is not None and old.why == "away-idle" and old.due_at > now:
            row = banks.hold(row, now, "away", look_again=old.due_at)
        out[seat] = banks.hold(row, now, "paused") if stopped and row.held is None else row
    return out


IDLE = ("idle", "away-idle")  # the rows of seats that owe nothing
