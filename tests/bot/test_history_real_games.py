"""/history of a whole game of every real engine: the replay from the seed agrees with the stored
snapshots, so players see the real history, never the "earlier engine" notice (docs/engine-speed.md)."""

from __future__ import annotations

import pytest
from hosttools import ALICE, play_first_legal

from bot.tables import PlayerRef, TableService, TableStatus

GAMES = [
    ("trickster", None, 4),
    ("trickster-cot", None, 4),
    ("kings", "standard", 4),
    ("kings", "whist", 4),
    ("dream-capture", None, 6),
    ("timetrap", None, 3),
]


@pytest.mark.parametrize(("game", "variant", "players"), GAMES)
async def test_history_of_a_finished_game_is_the_real_one(
    service: TableService, game: str, variant: str | None, players: int
) -> None:
    info = await service.create(10, 20, ALICE, game, variant=variant, seed=5)
    for user in range(2, players + 1):
        await service.join(info.id, PlayerRef(user, f"P{user}"))
    await service.start(info.id, ALICE.user_id)
    await play_first_legal(service, info.id, 5_000)
    table = await service.get_table(info.id)
    assert table.status is TableStatus.FINISHED and table.version > 20
    snapshot = await service.store.snapshot(info.id)
    assert snapshot is not None and snapshot[0] == table.version  # a finished table ends on a snapshot
    for user in (None, ALICE.user_id):
        kinds = [h.event.kind for h in await service.history(info.id, user)]
        assert "host.history_unavailable" not in kinds
        assert len(kinds) >= table.version  # every move is there (each emits at least one event)
