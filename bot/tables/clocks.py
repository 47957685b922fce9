"""Turn clocks: a private reminder at half time, and the AI plays a decision whose clock ran out.

Each seat's clock is a row written in the same transaction as the action that started it (see play.py), so
clocks survive restarts; this module only reads the due ones and acts on them. Its own writes (a reminder
sent, an expiry played) carry the table's version and revision: a process whose copy is stale is refused
and judges the clock again on the fresh table, so it can never rewrite another process's clocks.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING

from bot.store.base import VersionConflict
from bot.store.records import TableWrite
from bot.tables.cache import LostRace
from bot.tables.errors import TableError, TableUnavailable
from bot.tables.live import LiveTable
from bot.tables.models import TableStatus, Update
from bot.tables.play import Play, Step
from games.core.contract import Event

if TYPE_CHECKING:
    from bot.tables.host import Host

log = logging.getLogger("tricktable.tables")


class Clocks:
    def __init__(self, host: Host, play: Play) -> None:
        self.host = host
        self.play = play

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

    async def expire(self, live: LiveTable, now: float) -> list[Update]:
        """One table's due clocks: reminders to their seats, and the AI's move for every expired one."""
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
        steps: list[Step] = []
        reminders: list[Update] = []
        changed = False
        version = info.version
        takeover: str | None = None  # the server's take-over AI, read once when a clock has run out
        for seat in [s for s in live.deadlines if s not in to_act or info.seats[s].is_ai]:
            del live.deadlines[seat]  # a clock nobody owes any more (should not happen; heal it)
            changed = True
        for seat, dl in sorted(live.deadlines.items()):
            if dl.due_at <= now:
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
                live.deadlines[seat] = dataclasses.replace(dl, reminded=True)
                changed = True
                left = max(0, int(dl.due_at - now))
                event = Event(
                    "host.clock_reminder",
                    {"name": info.seats[seat].name, "seat": seat, "table": info.id, "left": duration(left)},
                    audience=frozenset({seat}),
                )
                reminders.append(Update(table=info, events=((event, event.audience),), to_act=to_act))
        if not steps and not changed:
            return []
        if not steps:
            write = TableWrite(
                info.id,
                info.version,
                info.version,
                now,
                deadlines=list(live.deadlines.values()),
                base_revision=live.revision,
            )
            try:
                await host.writer.write(write)
            except VersionConflict:
                raise LostRace(info.id) from None
            host.outbox.publish(reminders)
            return reminders
        # the reminders are folded into the same write as the expiries
        updates = await self.play.advance(live, steps, state=state, lead=(), deadlines_changed=True)
        host.outbox.publish(reminders)
        return updates + reminders


def duration(seconds: int) -> str:
    if seconds >= 3600:
        return f"{seconds // 3600}h{(seconds % 3600) // 60:02d}m"
    if seconds >= 60:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds}s"
