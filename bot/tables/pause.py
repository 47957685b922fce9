"""A table paused by all its players together: `/table pause` asks each person (a button), the clocks stop
when every person still seated agreed, and any player can resume. Live and async tables alike.

Each vote is a row keyed by (table, person), so two clicks at once (two processes) both count; the pause
itself and the resume are version-checked writes of the table's clocks (`Clocks.restamp`), so a table is
paused or resumed once. While paused nobody is reminded or taken over, and a move is refused
(`table_paused`): the table waits as its players agreed. A decision that begins on a paused table (an
admin's take-over) starts stopped (bot/tables/deadlines.py). Each note (asked, paused, declined, resumed) is
made before its write and rides in it, so with several processes the thread's owner gets it even when the
process that wrote it is killed right after its commit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.store.records import DeadlineRow
from bot.store.relay import RelayRow
from bot.tables import bank as banks
from bot.tables.clocks import Clocks
from bot.tables.deadlines import paused
from bot.tables.errors import TableError
from bot.tables.live import LiveTable
from bot.tables.models import TableInfo, TableStatus, Update
from games.core import i18n
from games.core.contract import Event

if TYPE_CHECKING:
    from bot.tables.host import Host

i18n.register(
    {
        "pause_not_playing": {
            "en": "Table #{table} is not in play ({status}): only a game in progress can be paused.",
            "ja": "卓 #{table} は対局中ではありません（{status}）。一時停止できるのは対局中の卓だけです。",
        },
        "table_paused": {
            "en": "Table #{table} is paused. Any player can resume it with /table resume.",
            "ja": "卓 #{table} は一時停止中です。プレイヤーなら誰でも /table resume で再開できます。",
        },
        "already_paused": {
            "en": "Table #{table} is already paused.",
            "ja": "卓 #{table} はすでに一時停止中です。",
        },
        "not_paused": {"en": "Table #{table} is not paused.", "ja": "卓 #{table} は一時停止していません。"},
        "host.pause_asked": {
            "en": "{name} asks to pause the table ({count}/{needed} agreed). Each player: agree with the button.",
            "ja": "{name} が一時停止を提案しました（{count}/{needed} 人が同意）。各プレイヤーはボタンで同意してください。",
        },
        "host.paused": {
            "en": "Every player agreed: the table is paused, its clocks stopped. Any player can resume it.",
            "ja": "全員が同意したので卓を一時停止しました（持ち時間は止まっています）。誰でも再開できます。",
        },
        "host.pause_declined": {
            "en": "{name} declined the pause: the game goes on.",
            "ja": "{name} が一時停止を断りました。対局を続けます。",
        },
        "host.resumed": {
            "en": "{name} resumed the table: the clocks run again.",
            "ja": "{name} が卓を再開しました。持ち時間が再び動きます。",
        },
    }
)


@dataclass(frozen=True, slots=True)
class PauseState:
    table: TableInfo
    voters: frozenset[int]
    needed: frozenset[int]  # the people whose agreement pauses the table (every person still seated)
    paused: bool


def people(info: TableInfo) -> frozenset[int]:
    return frozenset(
        s.user_id for s in info.seats if s.user_id is not None and s.left is None and not s.is_ai
    )


class Pauses:
    def __init__(self, host: Host, clocks: Clocks) -> None:
        self.host = host
        self.clocks = clocks

    async def _playing_seat(self, table_id: int, user_id: int) -> LiveTable:
        live = await self.host.cache.live(table_id)
        if live.info.seat_of(user_id) is None:
            raise TableError("not_seated")
        if live.info.status is not TableStatus.PLAYING:
            raise TableError("pause_not_playing", table=table_id, status=live.info.status.value)
        return live

    async def agree(self, table_id: int, user_id: int) -> PauseState:
        """The person asks for (or agrees to) a pause; the table pauses when every person agreed. The note
        saying so rides in the write of the vote, or of the pause (bot/tables/relay.py)."""
        live = await self._playing_seat(table_id, user_id)
        if paused(live.deadlines):
            raise TableError("already_paused", table=table_id)
        now = self.host.clock()
        needed = people(live.info)
        name = next(s.name for s in live.info.seats if s.user_id == user_id)
        asked: list[Update] = []

        def note(voters: frozenset[int]) -> list[RelayRow]:
            if needed <= voters:
                return []  # the pause's note rides in the pause
            update = _note(live, "host.pause_asked", name=name, count=len(voters & needed), needed=len(needed))
            local, rows = self.host.outbox.for_commit([update])
            asked.extend(local)
            return rows

        voters = await self.host.store.add_pause_vote(table_id, user_id, now, note)
        if not needed <= voters:
            self.host.outbox.publish_committed(asked)
            return PauseState(live.info, voters, needed, False)

        async def pause(live: LiveTable) -> bool:
            done = [_note(live, "host.paused")]
            return await self.clocks.restamp(live, self.host.clock(), lambda _s, d: _stop(d, now), done)

        await self.host.cache.run(table_id, pause)
        await self.host.store.clear_pause_votes(table_id)
        return PauseState(live.info, voters, needed, True)

    async def decline(self, table_id: int, user_id: int) -> None:
        live = await self._playing_seat(table_id, user_id)
        name = next(s.name for s in live.info.seats if s.user_id == user_id)
        local, rows = self.host.outbox.for_commit([_note(live, "host.pause_declined", name=name)])
        await self.host.store.clear_pause_votes(table_id, rows)
        self.host.outbox.publish_committed(local)

    async def resume(self, table_id: int, user_id: int) -> TableInfo:
        live = await self._playing_seat(table_id, user_id)
        name = next(s.name for s in live.info.seats if s.user_id == user_id)

        async def work(live: LiveTable) -> bool:
            if not paused(live.deadlines):
                raise TableError("not_paused", table=table_id)
            now = self.host.clock()
            resumed = _note(live, "host.resumed", name=name)
            if not await self.clocks.restamp(live, now, lambda _s, d: _start(d, now, live.info), [resumed]):
                self.host.outbox.publish([resumed])  # no clock changed: no write to ride
            return True

        await self.host.cache.run(table_id, work)
        await self.host.store.clear_pause_votes(table_id)
        return live.info

    async def is_paused(self, table_id: int) -> bool:
        return paused((await self.host.cache.live(table_id)).deadlines)


def _note(live: LiveTable, kind: str, **data: object) -> Update:
    """A pause note for the table's thread (made before the write that carries it)."""
    to_act = live.to_act if live.to_act is not None else live.game.to_act(live.state)
    event = Event(kind, {"table": live.info.id, **data})
    return Update(table=live.info, events=((event, None),), to_act=to_act)


def _stop(d: DeadlineRow | None, now: float) -> DeadlineRow | None:
    """A running clock stops; one stopped for time away is paused too (keeping what it holds): after the
    resume it runs, and the clock loop stops it again, counting nothing, if its person is still away."""
    if d is None:
        return None
    if d.held is None:
        return banks.hold(d, now, "paused")
    if d.why == "away":
        return DeadlineRow(d.seat, banks.FAR, banks.FAR, True, now, d.held, "paused")
    return None


def _start(d: DeadlineRow | None, now: float, info: TableInfo) -> DeadlineRow | None:
    if d is None or d.why != "paused":
        return None
    return banks.resume(d, now, None if info.clock_bank else float(info.clock_seconds))
