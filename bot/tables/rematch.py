"""Play again: a finished table's rematch, with the same game, variant, options and clock, as a new lobby
that every person of the finished table joins by clicking "Play again" (their click is their join). The
AI seats are there at once; the game starts by itself once every person is in, or the creator starts it
with whoever came.

One lobby per finished table, whoever clicks first and however many click at once, in any process: the
lobby and its key (the source table) are inserted in one transaction and the key is unique
(RematchStore.insert_rematch), so every other click finds that lobby and joins it. A second click of the
same person changes nothing. A rematch's rematch is the same step on the rematch.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from bot.store.base import RematchStore
from bot.store.records import SeatRow, TableRow
from bot.tables.errors import TableError, require_status
from bot.tables.lobby import Lobby
from bot.tables.models import PlayerRef, TableInfo, TableStatus, Update
from games.core import i18n

if TYPE_CHECKING:
    from bot.tables.host import Host

i18n.register(
    {
        "not_at_table": {
            "en": "Only the players of table #{table} can ask for its rematch.",
            "ja": "卓 #{table} の再戦を始められるのは、その卓のプレイヤーだけです。",
        },
    }
)


@dataclass(frozen=True, slots=True)
class RematchClick:
    """What one "Play again" click did: `created` the lobby, `joined` it (False: was already in), and
    `started` the game (every person of the finished table is in)."""

    table: TableInfo
    source: int
    created: bool
    joined: bool
    started: Update | None = None


def people_of(info: TableInfo) -> set[int]:
    """Every person who sat at the table (also those who resigned or were replaced): AI seats have none."""
    return {s.user_id for s in info.seats if s.user_id is not None}


class Rematch:
    def __init__(self, host: Host, lobby: Lobby) -> None:
        self.host = host
        self.lobby = lobby
        self.store = cast(RematchStore, host.store)

    async def play_again(self, source_id: int, player: PlayerRef, seed: int) -> RematchClick:
        host = self.host
        source = (await host.cache.live(source_id)).info
        if player.user_id not in people_of(source):
            raise TableError("not_at_table", table=source_id)
        require_status(source, TableStatus.FINISHED)
        table_id = await self.store.rematch_of(source_id)
        created = False
        if table_id is None:
            table_id, created = await self.store.insert_rematch(source_id, *await self._lobby_of(source, player, seed))
        joined = created
        if not created:
            try:
                await host.cache.run(table_id, lambda live: self.lobby.join(live, player))
                joined = True
            except TableError as err:
                if err.code != "already_seated":
                    raise  # the rematch began or was cancelled meanwhile: say so
        info = (await host.cache.live(table_id)).info
        started = None
        if info.status is TableStatus.LOBBY and people_of(source) <= people_of(info):
            try:  # everyone is in: the game starts (two last clicks at once: the table's revision decides)
                started = await host.cache.run(table_id, lambda live: self.lobby.start(live, live.info.creator_id))
                info = started.table
            except TableError as err:
                if err.code != "wrong_status":
                    raise
        return RematchClick(info, source_id, created, joined, started)

    async def _lobby_of(self, source: TableInfo, player: PlayerRef, seed: int) -> tuple[TableRow, list[SeatRow]]:
        """The new lobby: the finished table's stored row (game, variant, options, every clock setting)
        as a fresh lobby, its AI seats in their order, and the clicker."""
        now = self.host.clock()
        loaded = await self.host.store.load(source.id)
        if loaded is None:
            raise TableError("table_not_found", table=source.id)
        row = dataclasses.replace(
            loaded.table, id=0, status=TableStatus.LOBBY.value, seed=seed, version=0, created_at=now,
            updated_at=now, revision=0,
        )  # fmt: skip
        seats: list[SeatRow] = []
        for seat in source.seats:
            if seat.user_id == player.user_id:
                seats.append(SeatRow(len(seats), player.user_id, player.name))
            elif seat.user_id is None and seat.ai_policy is not None:
                seats.append(SeatRow(len(seats), None, seat.name, seat.ai_policy))
        return row, seats
