"""A table's Updates in version order at its owner, when they come from more than one process.

One process publishes a table's Updates in order, and the relay keeps each sender's order. Two processes
can still cross: a clock expires on one while a direct-message click is applied on another, and the
second write lands in the relay before the first. Every action is one Update whose table version is that
action's number, so a gap shows: the owner holds a table's Updates behind an action whose predecessor it
has not posted yet, until the missing one arrives (then both go out in order) or HOLD_SECONDS pass (the
missing Update was lost with a killed process: the rest goes out, with a log line).

Only action Updates are checked (lobby changes, the start, reminders and closing notes carry the table's
version without adding one).

A table this process has not posted anything for since it started has no known last version. A relayed
Update of it is taken as it comes: the rows of one table are committed in version order (each in the
transaction of its actions, whose version check orders them), and claimed in row order. An Update this
process made itself for such a table (`first_waits`) may have older relayed rows still unclaimed, all
committed before its own commit: it waits in `first` until a claim that began after it has taken them
(`looked`), then goes out after them.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Iterable

from bot.tables.models import Update

log = logging.getLogger("tricktable.relay")

HOLD_SECONDS = 2.0
REMEMBERED = 50_000  # tables whose last posted version is kept (least recently posted forgotten first)


class VersionOrder:
    def __init__(self) -> None:
        self.last: OrderedDict[int, int] = OrderedDict()  # table -> version of the last action posted
        self.held: dict[int, tuple[float, list[Update]]] = {}  # table -> (since, Updates behind a gap)
        self.first: dict[int, float] = {}  # held tables whose last version is unknown -> since

    def admit(self, updates: Iterable[Update], now: float, first_waits: bool = False) -> list[Update]:
        """The Updates that may go out now, in order; the others are held behind their table's gap (and,
        with `first_waits`, a table's first action Update until `looked`)."""
        out: list[Update] = []
        touched: list[int] = []
        for update in updates:
            table = update.table.id
            waiting = self.held.get(table)
            if waiting is not None:
                waiting[1].append(update)
                touched.append(table)
            elif self._gap(update):
                self.held[table] = (now, [update])
            elif first_waits and update.action is not None and table not in self.last:
                self.held[table] = (now, [update])
                self.first[table] = now
            else:
                out.append(update)
                self._note(update)
        for table in dict.fromkeys(touched):
            out.extend(self._settle(table, force=False))
        return out

    def looked(self, began: float) -> list[Update]:
        """A claim that began at `began` took every row committed before then: the first Updates held
        since before it go out, after the older relayed ones it brought (a gap after that still holds)."""
        out: list[Update] = []
        for table, since in list(self.first.items()):
            if since > began:
                continue
            del self.first[table]
            waiting = self.held[table][1]
            first = min(u.table.version for u in waiting if u.action is not None)
            self.last.setdefault(table, first - 1)
            out.extend(self._settle(table, force=False))
        return out

    def overdue(self, now: float, hold: float = HOLD_SECONDS) -> list[Update]:
        """Held Updates whose missing predecessor did not come within `hold` seconds: out, in order."""
        out: list[Update] = []
        for table, (since, waiting) in list(self.held.items()):
            if now - since >= hold:
                first = min(u.table.version for u in waiting)
                log.warning(
                    "table %s: version %s was never relayed here; posting from version %s on",
                    table, self.last.get(table, 0) + 1, first,
                )  # fmt: skip
                self.first.pop(table, None)
                out.extend(self._settle(table, force=True))
        return out

    def _gap(self, update: Update) -> bool:
        last = self.last.get(update.table.id)
        return update.action is not None and last is not None and update.table.version > last + 1

    def _note(self, update: Update) -> None:
        if update.action is None:
            return
        table, version = update.table.id, update.table.version
        if version > self.last.get(table, -1):
            self.last[table] = version
        self.last.move_to_end(table)
        if len(self.last) > REMEMBERED:
            self.last.popitem(last=False)

    def _settle(self, table: int, force: bool) -> list[Update]:
        """Release a held table's Updates in version order up to the next gap (all of them if forced)."""
        since, waiting = self.held.pop(table)
        waiting.sort(key=lambda u: u.table.version)  # stable: equal versions keep their arrival order
        out: list[Update] = []
        while waiting and (force or not (table in self.first or self._gap(waiting[0]))):
            update = waiting.pop(0)
            out.append(update)
            self._note(update)
        if waiting:
            self.held[table] = (since, waiting)
        return out
