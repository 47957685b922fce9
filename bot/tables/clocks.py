"""Turn clocks: reminders, the AI plays a decision whose clock ran out, and clocks stopped while their
person is away (time away) or the table is paused.

Each seat's clock is a row written in the same transaction as the action that started it (see play.py and
deadlines.py; time banks in bank.py), so clocks survive restarts; this module reads the due ones and acts
on them. Its own writes (a reminder sent, an expiry played, a clock stopped or started again) carry the
table's version and revision: a process whose copy is stale is refused and judges the clock again on the
fresh table, so it can never rewrite another process's clocks.

Time away is judged here, when a clock comes due: a person away on an async table that allows it (see
`stops_for_away`) is never reminded nor taken over; their clock stops holding what it had left when they
went away, and the clock loop looks at it again when they are due back (bot/tables/away.py stops and
starts the clocks at once too, when a person sets or ends their time away).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from bot.store.base import VersionConflict
from bot.store.records import DeadlineRow, TableWrite
from bot.tables import bank as banks
from bot.tables.cache import LostRace
from bot.tables.deadlines import IDLE, paused
from bot.tables.errors import TableError, TableUnavailable
from bot.tables.live import LiveTable
from bot.tables.models import ClockMode, TableInfo, TableStatus, Update
from bot.tables.personal import Personal
from bot.tables.play import Play, Step
from games.core.contract import Event

if TYPE_CHECKING:
    from bot.tables.host import Host

log = logging.getLogger("tricktable.tables")

Spans = Mapping[int, tuple[float, float]]  # user -> (away from, away until): their latest time away


def stops_for_away(info: TableInfo) -> bool:
    """Time away stops the clocks of async tables, unless the table was made with "no time away"; a live
    table keeps moving (its players expect it to)."""
    return info.clock_mode is ClockMode.ASYNC and info.away_ok


def away_at(spans: Spans, user_id: int | None, now: float) -> tuple[float, float] | None:
    span = spans.get(user_id) if user_id is not None else None
    return span if span is not None and span[0] <= now < span[1] else None


class Clocks:
    def __init__(self, host: Host, play: Play) -> None:
        self.host = host
        self.play = play
        self.personal = Personal(host.store)  # quiet hours: when a reminder may reach its person

    async def process_due(self, now: float) -> list[Update]:
        host = self.host
        due = await host.store.claim_due_deadlines(now)  # several processes: each table to one of them
        updates: list[Update] = []
        for table_id in sorted({t for t, _ in due}):
            try:
                updates.extend(await host.cache.run(table_id, lambda live: self.expire(live, now)))
            except TableUnavailable as err:
                # nobody can play it until an admin acts: drop its clocks so they are not fetched
                # every tick (and cannot crowd out the other tables' clocks)
                log.warning("clock of table %s dropped: %s", table_id, err)
                await host.store.update_table(table_id, now, clear_deadlines=True)
            except TableError as err:
                log.warning("clock of table %s: %s", table_id, err)
        return updates

    async def spans_of(self, live: LiveTable, now: float) -> Spans:
        """The time away of the table's people (read only for tables where time away stops clocks)."""
        if not stops_for_away(live.info):
            return {}
        users = [s.user_id for s in live.info.seats if s.user_id is not None and not s.is_ai]
        return await self.host.store.away_spans(users, now)

    async def expire(self, live: LiveTable, now: float) -> list[Update]:
        """One table's due clocks: reminders to their seats, the AI's move for every expired one, and the
        clocks of people away stopped (or started again once they are back)."""
        host = self.host
        info, game, state = live.info, live.game, live.state
        if info.status is not TableStatus.PLAYING or state is None:
            if live.deadlines:
                if not await host.store.update_table(
                    info.id, now, clear_deadlines=True, expect_revision=live.revision
                ):
                    raise LostRace(info.id)
                live.revision += 1
                live.deadlines = {}
            return []
        to_act = game.to_act(state)
        bank = banks.parse(info.clock_bank)
        spans = await self.spans_of(live, now)
        steps: list[Step] = []
        reminders: list[Update] = []
        changed = False
        woke = False  # someone came back from time away: their board's "away until" line goes
        version = info.version
        takeover: str | None = None  # the server's take-over AI, read once when a clock has run out
        for seat, dl in list(live.deadlines.items()):
            if info.seats[seat].is_ai:
                del live.deadlines[seat]
                changed = True
            elif seat not in to_act and (dl.why not in IDLE or (dl.why == "away-idle" and dl.due_at <= now)):
                # a clock nobody owes any more (should not happen), or the mark of a person away who is
                # due back: a bank keeps the reserve
                if bank is None:
                    del live.deadlines[seat]
                else:
                    live.deadlines[seat] = banks.idle(banks.left(dl, now, bank), seat, now)
                changed = True
                woke = woke or dl.why == "away-idle"
        for seat, dl in sorted(live.deadlines.items()):
            user = info.seats[seat].user_id
            if dl.held is not None:
                if dl.why == "away" and dl.due_at <= now:
                    row = self.back(dl, away_at(spans, user, now), spans.get(user or 0), now)
                    if row.held is None and paused(live.deadlines):  # back on a paused table: it waits
                        row = banks.hold(row, now, "paused")
                    live.deadlines[seat] = row
                    changed = True
                    woke = woke or row.held is None or away_at(spans, user, now) is None
                continue
            span = away_at(spans, user, now)
            if span is not None and (dl.due_at <= now or (not dl.reminded and dl.remind_at <= now)):
                live.deadlines[seat] = banks.hold(dl, now, "away", look_again=span[1], counted_from=span[0])
                changed = True
            elif dl.due_at <= now:
                takeover = takeover or await self.play.takeover_policy(live)
                action = await self.play.ai_move(live, state, seat, version, takeover)
                state, events = game.apply(state, seat, action)
                version += 1
                expired = Event("host.clock_expired", {"name": info.seats[seat].name, "seat": seat})
                steps.append(
                    Step(seat, action, None, "clock", None, events, game.to_act(state), version, [expired])
                )
                to_act = game.to_act(state)
            elif not dl.reminded and dl.remind_at <= now:
                row, update = await self.remind(live, seat, dl, now)
                live.deadlines[seat] = row
                changed = True
                if update is not None:
                    reminders.append(update)
        if not steps and not changed:
            return []
        if not steps:
            notes = list(reminders)
            if woke and not reminders:  # the board redrawn without a log line
                notes.append(Update(table=info, events=(), to_act=to_act))
            host.outbox.publish_committed(await self.write_clocks(live, now, notes))
            return reminders
        # the reminders and stopped clocks are folded into the same write as the expiries
        return await self.play.advance(
            live, steps, state=state, lead=(), deadlines_changed=True, trail=reminders
        )

    async def remind(
        self, live: LiveTable, seat: int, dl: DeadlineRow, now: float
    ) -> tuple[DeadlineRow, Update | None]:
        """The reminder of one seat whose reminder time came: the seat's clock row as it is to be stored
        (marked reminded) and the private reminder to send (None: none now). The one place a reminder is
        made, so a rule about WHEN reminders may be sent (quiet hours) wraps this method: it may return
        the row with a later `remind_at` and no Update."""
        info = live.info
        user = info.seats[seat].user_id
        if info.clock_mode is ClockMode.ASYNC and user is not None:  # quiet hours (bot/tables/quiet_hours.py)
            wake = await self.personal.send_at(user, now, dl.due_at)
            if wake > now:  # asleep: the reminder waits for the morning (or the last sensible moment)
                return dataclasses.replace(dl, remind_at=wake), None
        left = max(0, int(dl.due_at - now))
        data: dict[str, object] = {"name": info.seats[seat].name, "seat": seat, "table": info.id}
        data["left"] = duration(left)
        data["due"] = dl.due_at  # public texts show it as a Discord timestamp: each reader's own time
        if info.clock_bank:
            data["reserve"] = True  # "a quarter of your reserve left" (bot/render.py)
        elif not half_gone(dl, info.clock_seconds, now):
            data["part"] = "left"  # a clock that ran again after time away or a pause: what is left only
        event = Event("host.clock_reminder", data, audience=frozenset({seat}))
        to_act = live.to_act if live.to_act is not None else live.game.to_act(live.state)
        update = Update(table=info, events=((event, event.audience),), to_act=to_act)
        return dataclasses.replace(dl, reminded=True), update

    def back(
        self,
        dl: DeadlineRow,
        away: tuple[float, float] | None,
        latest: tuple[float, float] | None,
        now: float,
    ) -> DeadlineRow:
        """A clock stopped for time away, looked at again: still away (the time away was made longer): look
        again when they are due back; back (also early): it runs again from the moment they came back."""
        if away is not None:
            return dataclasses.replace(dl, due_at=away[1], remind_at=away[1])
        came_back = now if latest is None else max(dl.since, min(now, latest[1]))
        return banks.resume(dl, came_back, None)

    async def write_clocks(
        self, live: LiveTable, now: float, notes: Sequence[Update] = ()
    ) -> Sequence[Update]:
        """Store the table's clocks as `live.deadlines` holds them (checked against the copy's version and
        revision: a stale copy is refused and the change is judged again on a fresh one). `notes` (the
        reminders): their rows for another process's channel ride in the same write; returns the ones
        this process posts (`publish_committed` them)."""
        info = live.info
        write = TableWrite(
            info.id,
            info.version,
            info.version,
            now,
            deadlines=list(live.deadlines.values()),
            base_revision=live.revision,
        )
        local, write.relay = self.host.outbox.for_commit(notes)
        try:
            await self.host.writer.write(write)
        except VersionConflict:
            self.host.cache.forget(info.id)
            raise LostRace(info.id) from None
        return local

    async def restamp(
        self,
        live: LiveTable,
        now: float,
        change: Callable[[int, DeadlineRow | None], DeadlineRow | None],
        notes: Sequence[Update] = (),
    ) -> bool:
        """Apply `change` to each human seat's clock (None when it has none) of a playing table: a row
        replaces it, None leaves it, DROP removes it; the result is stored in one version-checked write.
        False when nothing changed (and `notes` are not sent). `notes` (a pause note, a board redrawn for
        time away) ride in the write and are published once it committed. Caller holds the table
        (TableCache.run)."""
        if live.info.status is not TableStatus.PLAYING:
            return False
        new = dict(live.deadlines)
        for s in live.info.seats:
            if s.is_ai:
                continue
            row = change(s.seat, live.deadlines.get(s.seat))
            if row is DROP:
                new.pop(s.seat, None)
            elif row is not None:
                new[s.seat] = row
        if new == live.deadlines:
            return False
        old, live.deadlines = live.deadlines, new
        try:
            local = await self.write_clocks(live, now, notes)
        except BaseException:
            live.deadlines = old
            raise
        self.host.outbox.publish_committed(local)
        return True


def half_gone(dl: DeadlineRow, full: float, now: float) -> bool:
    """Whether "half your time is gone" is true of a fixed clock: it ran from its full time without a stop
    (one that ran again after time away or a pause holds less, and is reminded at a quarter of that) and
    about half of it is left (quiet hours may have held the reminder: then less is left)."""
    fresh = abs((dl.due_at - dl.since) - full) < 1.0
    return fresh and dl.due_at - now <= full / 2 + 1.0 and dl.due_at - now >= full / 8


DROP = DeadlineRow(-1, 0.0, 0.0)  # `restamp`: remove this seat's clock


def duration(seconds: int) -> str:
    if seconds >= 86400:
        return f"{seconds // 86400}d{(seconds % 86400) // 3600:02d}h"
    if seconds >= 3600:
        return f"{seconds // 3600}h{(seconds % 3600) // 60:02d}m"
    if seconds >= 60:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds}s"
