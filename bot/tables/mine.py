"""My games: every table where a person sits, across servers and DMs, with whose turn it is and how much
time the person has left there, the tables waiting for them first. Read-only: it loads each table as any
reader does (the cache) and never changes one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.tables import bank as banks
from bot.tables.errors import TableError
from bot.tables.live import LiveTable, table_info
from bot.tables.models import TableInfo, TableStatus

if TYPE_CHECKING:
    from bot.tables.host import Host

ACTIVE_STATUSES = (TableStatus.LOBBY.value, TableStatus.PLAYING.value)


@dataclass(frozen=True, slots=True)
class MyGame:
    """One table of the person's: `waiting` when they owe a decision there now; `to_act` the names of
    everyone who owes one; `due_at` when the person's own clock runs out (None: no clock running);
    `reserve` what the person's time bank holds where the table has one (None: a fixed clock)."""

    table: TableInfo
    seat: int
    waiting: bool
    to_act: tuple[str, ...]
    due_at: float | None = None
    reserve: float | None = None


def order(games: list[MyGame]) -> list[MyGame]:
    """Waiting for me first (the soonest clock first), then the other games in play, then lobbies; newest
    first within each."""
    def key(g: MyGame) -> tuple[int, float, int]:
        rank = 0 if g.waiting else (1 if g.table.status is TableStatus.PLAYING else 2)
        return rank, g.due_at if g.waiting and g.due_at is not None else float("inf"), -g.table.id

    return sorted(games, key=key)


class MyGames:
    def __init__(self, host: Host) -> None:
        self.host = host

    async def of(self, user_id: int) -> list[MyGame]:
        """The person's open tables (lobby and in play), waiting-for-them first."""
        rows = await self.host.store.table_rows(user_id=user_id, statuses=ACTIVE_STATUSES, limit=200)
        found: list[MyGame] = []
        for row, seats in rows:
            info = table_info(row, seats)
            seat = info.seat_of(user_id)
            if seat is None:  # resigned or replaced: no longer theirs to play
                continue
            if info.status is TableStatus.LOBBY:
                found.append(MyGame(info, seat, False, ()))
                continue
            try:
                live = await self.host.cache.live(info.id)
            except TableError:
                continue  # a table that cannot be loaded shows in /table list, not here
            info = live.info
            if info.status is not TableStatus.PLAYING or live.state is None:
                continue
            owed = sorted(live.game.to_act(live.state))
            names = tuple(info.seats[s].name for s in owed if s < len(info.seats))
            found.append(MyGame(info, seat, seat in owed, names, *self.clock_of(live, seat)))
        return order(found)

    def clock_of(self, live: LiveTable, seat: int) -> tuple[float | None, float | None]:
        """(when the seat's running clock runs out, its time bank's reserve): a clock stopped for time away
        or a pause does not run out; a fixed clock has no reserve."""
        now = self.host.clock()
        clock = live.deadlines.get(seat)
        bank = banks.parse(live.info.clock_bank)
        reserve = banks.left(clock, now, bank) if bank is not None else None
        return (clock.due_at if banks.running(clock) and clock is not None else None), reserve
