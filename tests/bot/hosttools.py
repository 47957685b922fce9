"""Shared steps for host tests (a unique module name: other test folders have their own helpers)."""

from __future__ import annotations

import json
from typing import Any

from bot.settings import Settings
from bot.tables import PlayerRef, TableService, TableStatus
from games.core.registry import get_game

ALICE = PlayerRef(1, "Alice")
BOB = PlayerRef(2, "Bob")
CARL = PlayerRef(3, "Carl")


async def human_table(
    service: TableService, players: int = 2, rounds: str = "3", seed: int = 7, **kw: Any
) -> int:
    """A started tiny table whose seats are humans 1..players (Alice creates)."""
    info = await service.create(10, 20, ALICE, "tiny", options={"rounds": rounds}, seed=seed, **kw)
    for user in range(2, players + 1):
        await service.join(info.id, PlayerRef(user, f"P{user}"))
    await service.start(info.id, ALICE.user_id)
    return info.id


async def play_first_legal(service: TableService, table_id: int, count: int) -> int:
    """Make `count` moves, each by the lowest seat to act, choosing its first legal action."""
    done = 0
    while done < count:
        info = await service.get_table(table_id)
        if info.status is not TableStatus.PLAYING:
            break
        for seat in info.seats:
            if seat.user_id is None:
                continue
            view = await service.seat_view(table_id, seat.user_id)
            if view.legal_actions:
                await service.submit(
                    table_id, seat.user_id, view.legal_actions[0], view.version, f"t{view.version}"
                )
                done += 1
                break
    return done


async def replay_matches(service: TableService, table_id: int) -> None:
    """Seed + the whole log gives the same state as memory and as the stored snapshot."""
    info = await service.get_table(table_id)
    game = get_game(info.game)
    state = game.setup(len(info.seats), dict(info.options), info.seed, info.variant)
    snap = await service.store.snapshot(table_id)
    for row in await service.store.actions(table_id):
        state, _ = game.apply(state, row.seat, row.action)
        if snap is not None and row.seq == snap[0]:
            assert json.loads(snap[1]) == json.loads(json.dumps(game.to_json(state)))
    live = service._tables.get(table_id)
    if live is not None and live.state is not None:
        assert game.to_json(live.state) == game.to_json(state)


class FakeClock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def open_service(db_path: str, settings: Settings, clock: FakeClock | None = None) -> TableService:
    svc = await TableService.open(db_path, settings)
    if clock is not None:
        svc.clock = clock
    return svc
