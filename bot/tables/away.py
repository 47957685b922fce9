"""Time away, as on lichess and OGS: `/away until:<when>` stops the person's async clocks on every table of
every server until they are back (`/away off`, or the time they gave). Nobody is reminded or taken over by
the AI while away; the others see who they wait for and until when.

The period is stored once per person (bot/store/away.py) and the limit (at most N days away in any 30
days, TRICKTABLE_AWAY_MAX_DAYS) is checked by the database in the same transaction as the insert. Each of
the person's tables then has its clock stopped at once by a version-checked write (`Clocks.restamp`); a
table missed here (another process held it, a decision that began while away) is stopped by the clock loop
when its clock comes due (bot/tables/clocks.py), counting only the time before the person went away. A live
table, or one made with "no time away", keeps its clocks: the person is warned when setting it.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from typing import TYPE_CHECKING

from bot.store.records import DeadlineRow
from bot.tables import bank as banks
from bot.tables.clocks import DROP, Clocks, stops_for_away
from bot.tables.deadlines import paused
from bot.tables.errors import TableError
from bot.tables.live import LiveTable, table_info
from bot.tables.models import TableInfo, TableStatus, Update
from games.core import i18n

if TYPE_CHECKING:
    from bot.tables.host import Host

DAY = 86400.0

i18n.register(
    {
        "away_unreadable": {
            "en": "I cannot read “{got}” as a time. Write 3d, 12h, 1w, 2026-12-24 or 2026-12-24 18:00.",
            "ja": "「{got}」を日時として読めません。3d、12h、1w、2026-12-24、2026-12-24 18:00 のように書いてください。",
        },
        "away_past": {
            "en": "That time has already passed: give a time in the future (for example 3d).",
            "ja": "その日時は過ぎています。これから先の日時を指定してください（例: 3d）。",
        },
        "away_too_long": {
            "en": "You can be away at most {days} days in any 30 days; that is longer.",
            "ja": "離席は30日間で最大{days}日までです。指定の期間はそれより長いです。",
        },
        "away_limit": {
            "en": "You can be away at most {days} days in any 30 days, and have {left} of it left.",
            "ja": "離席は30日間で最大{days}日までです。残りは {left_ja} です。",
        },
        "away_off_not_away": {"en": "You are not away.", "ja": "離席中ではありません。"},
    }
)

_SPAN = re.compile(r"(\d{1,6})\s*([wdhm])")  # 999999w is far past any limit; 400 digits overflow a float
_UNIT = {"w": 7 * DAY, "d": DAY, "h": 3600.0, "m": 60.0}
_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d", "%Y/%m/%d %H:%M", "%Y/%m/%d")


def parse_until(text: str, now: float, zone: tzinfo = UTC) -> float:
    """When the person is back: a span from now ("3d", "2d12h", "1w", "36h") or a date and time in their
    time zone ("2026-12-24", "2026-12-24 18:00"; a date alone is that day's start). TableError
    away_unreadable for anything else; the past is the caller's check."""
    raw = text.strip().lower()
    compact = raw.replace(" ", "")
    if compact and _SPAN.sub("", compact) == "":
        return now + sum(int(n) * _UNIT[u] for n, u in _SPAN.findall(compact))
    for fmt in _FORMATS:
        try:
            return datetime.strptime(raw, fmt).replace(tzinfo=zone).timestamp()
        except ValueError:
            continue
    raise TableError("away_unreadable", got=text.strip()[:40])


@dataclass(frozen=True, slots=True)
class AwayReport:
    """What setting time away did: until when, the tables whose clocks stopped, and the tables that keep
    moving (live, or "no time away") for the warning."""

    until: float
    stopped: tuple[int, ...]
    keep_moving: tuple[TableInfo, ...]


class Away:
    def __init__(self, host: Host, clocks: Clocks) -> None:
        self.host = host
        self.clocks = clocks

    async def tables_of(self, user_id: int) -> list[TableInfo]:
        rows = await self.host.store.table_rows(user_id=user_id, statuses=(TableStatus.PLAYING.value,))
        infos = [table_info(r, seats) for r, seats in rows]
        return [i for i in infos if i.seat_of(user_id) is not None]

    async def set(self, user_id: int, until: float) -> AwayReport:
        """The person is away from now until `until`; stop their clocks on every table where time away
        counts. Refused with one line (nothing changed): the past, longer than the limit, or more than is
        left of it in the last 30 days."""
        host = self.host
        now = host.clock()
        days = host.settings.away_max_days
        allowed = days * DAY
        if until <= now:
            raise TableError("away_past")
        if until - now > allowed:
            raise TableError("away_too_long", days=days)
        used = await host.store.start_away(user_id, now, until, allowed)
        if used is not None:
            left = max(0.0, allowed - used)
            raise TableError("away_limit", days=days, left=banks.duration(left), left_ja=banks.duration(left, "ja"))
        stopped: list[int] = []
        keep: list[TableInfo] = []
        for info in await self.tables_of(user_id):
            if not stops_for_away(info):
                keep.append(info)
                continue
            if await self._each(info.id, user_id, lambda d: self._stop(d, now, until)):
                stopped.append(info.id)
        return AwayReport(until, tuple(stopped), tuple(keep))

    async def off(self, user_id: int) -> tuple[int, ...]:
        """The person is back: their stopped clocks run again from now. TableError when not away."""
        now = self.host.clock()
        if not await self.host.store.end_away(user_id, now):
            raise TableError("away_off_not_away")
        started = []
        for info in await self.tables_of(user_id):
            bank = info.clock_bank is not None
            if stops_for_away(info) and await self._each(
                info.id, user_id, functools.partial(self._start, now=now, bank=bank)
            ):
                started.append(info.id)
        return tuple(started)

    async def away_until(self, user_ids: list[int]) -> dict[int, float]:
        """Who of these people is away now, and until when (boards: "away until …")."""
        now = self.host.clock()
        spans = await self.host.store.away_spans(user_ids, now)
        return {u: end for u, (start, end) in spans.items() if start <= now < end}

    @staticmethod
    def _stop(d: DeadlineRow | None, now: float, until: float) -> DeadlineRow | None:
        """Away until `until`: a running decision stops holding what it had left; a seat that owes nothing
        gets the mark ("away-idle", keeping a bank's reserve), so a decision that begins while the person is
        away begins stopped (bot/tables/deadlines.py)."""
        if d is None:
            return DeadlineRow(-2, until, until, True, now, 0.0, "away-idle")  # (seat set by `_each`)
        if d.held is None:
            return banks.hold(d, now, "away", look_again=until)
        if d.why in ("away", "away-idle", "idle"):
            why = "away-idle" if d.why == "idle" else d.why
            return DeadlineRow(d.seat, until, until, True, d.since, d.held, why)
        return None

    @staticmethod
    def _start(d: DeadlineRow | None, now: float, bank: bool) -> DeadlineRow | None:
        """Back at `now`: a stopped decision runs again; the mark of a seat owing nothing goes (a bank keeps
        the reserve)."""
        if d is None:
            return None
        if d.why == "away":
            return banks.resume(d, now)
        if d.why == "away-idle":
            return banks.idle(d.held or 0.0, d.seat, now) if bank else DROP
        return None

    async def _each(
        self, table_id: int, user_id: int, change: Callable[[DeadlineRow | None], DeadlineRow | None]
    ) -> bool:
        """Apply `change` to the person's seat's clock on one table (another process's copy is refused and
        decided again on a fresh copy; a clock missed is judged by the clock loop when it comes due); False
        when nothing changed. A change publishes an Update without events (in the clocks' write), so the
        table's board (which shows who is away until when) is redrawn at once, not at its next move."""

        async def work(live: LiveTable) -> bool:
            seat = live.info.seat_of(user_id)
            if seat is None:
                return False

            def mine(s: int, d: DeadlineRow | None) -> DeadlineRow | None:
                row = change(d) if s == seat else None
                if row is None or row is DROP:
                    return row
                if row.held is None and stopped:  # back on a paused table: the clock waits for the resume
                    row = banks.hold(row, self.host.clock(), "paused")
                return dataclasses.replace(row, seat=s)

            stopped = paused(live.deadlines)
            # the board says who is away until when: front ends redraw it now (no new log line); the
            # redraw rides in the clocks' write, so another process's owner gets it whatever happens here
            to_act = live.to_act if live.to_act is not None else live.game.to_act(live.state)
            redraw = Update(table=live.info, events=(), to_act=to_act)
            return await self.clocks.restamp(live, self.host.clock(), mine, [redraw])

        try:
            return bool(await self.host.cache.run(table_id, work))
        except TableError:
            return False
