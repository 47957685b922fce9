"""Levels where people meet them (AI levels): a strong AI seat plays a whole table, take-overs use the
operator's level, and a resigning player's seat plays on at that level."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.settings import Settings
from bot.tables import PlayerRef, TableError, TableService, TableStatus
from games.search import Budget

ALICE, BOB = PlayerRef(1, "Alice"), PlayerRef(2, "Bob")


async def _service(tmp_path: Path, **settings: object) -> TableService:
    service = await TableService.open(str(tmp_path / "t.db"), Settings(ai_workers=0, **settings))  # type: ignore[arg-type]
    service.host.ai.budget = Budget(playouts=16, seconds=None, min_rounds=1)  # quick, and repeatable
    return service


async def _play_humans(service: TableService, table: int, people: list[PlayerRef]) -> None:
    rng = random.Random(1)
    while (info := await service.get_table(table)).status is TableStatus.PLAYING:
        for person in people:
            seat = info.seat_of(person.user_id)
            if seat is None:
                continue
            view = await service.seat_view(table, person.user_id)
            if view.legal_actions:
                await service.submit(table, person.user_id, rng.choice(view.legal_actions), view.version)
                break


async def test_a_strong_ai_seat_plays_a_whole_table(tmp_path: Path) -> None:
    service = await _service(tmp_path)
    info = await service.create(1, 2, ALICE, "trickster", seed=4)
    await service.join(info.id, BOB)
    await service.add_ai(info.id, ALICE.user_id, "search")
    await service.add_ai(info.id, ALICE.user_id, "heuristic")
    await service.start(info.id, ALICE.user_id)
    await _play_humans(service, info.id, [ALICE, BOB])
    done = await service.get_table(info.id)
    assert done.status is TableStatus.FINISHED and done.seats[2].ai_policy == "search"
    await service.close()


async def test_an_unknown_ai_is_refused_naming_the_levels_there_are(tmp_path: Path) -> None:
    service = await _service(tmp_path)
    info = await service.create(1, 2, ALICE, "trickster")
    with pytest.raises(TableError) as refused:
        await service.add_ai(info.id, ALICE.user_id, "genius")
    assert "search" in refused.value.message("en")
    await service.close()


async def test_a_resigning_players_seat_plays_on_at_the_operators_level(tmp_path: Path) -> None:
    service = await _service(tmp_path, ai_takeover_level="strong")
    info = await service.create(1, 2, ALICE, "trickster", seed=5)
    await service.join(info.id, BOB)
    await service.start(info.id, ALICE.user_id)
    await service.resign(info.id, BOB.user_id)
    assert (await service.get_table(info.id)).seats[1].ai_policy == "search"
    await _play_humans(service, info.id, [ALICE])
    assert (await service.get_table(info.id)).status is TableStatus.FINISHED
    await service.close()
