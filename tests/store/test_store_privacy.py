"""Forgetting a person or a server, and the per-person limit, on both stores (docs/privacy.md)."""

from __future__ import annotations

import asyncio

import pytest
from hosttools import ALICE, BOB, CARL, human_table

from bot.settings import Settings
from bot.store.base import Store
from bot.tables import PlayerRef, TableError, TableService, TableStatus

GUILD = 10  # hosttools' tables live in server 10


@pytest.fixture
async def service(store: Store) -> TableService:
    return TableService(store, Settings(snapshot_every=4, forget_guild_after_seconds=3600))


async def _finish(service: TableService, table: int) -> None:
    """Every seated person plays their first legal action until the game ends (AI seats play themselves)."""
    while (info := await service.get_table(table)).status is TableStatus.PLAYING:
        for seat in info.seats:
            if seat.user_id is not None and seat.left is None:
                view = await service.seat_view(table, seat.user_id)
                if view.legal_actions:
                    await service.submit(table, seat.user_id, view.legal_actions[0], view.version)
                    break


async def test_forgetting_a_person_resigns_leaves_and_anonymizes_everywhere(service: TableService) -> None:
    finished = await human_table(service, players=3)
    await _finish(service, finished)
    playing = await human_table(service, players=3, seed=8)
    own_lobby = await service.create(GUILD, 20, ALICE, "tiny", options={"rounds": "3"})
    bobs_lobby = await service.create(GUILD, 20, BOB, "tiny", options={"rounds": "3"})
    await service.join(bobs_lobby.id, ALICE)
    await service.set_settings(ALICE.user_id, language="ja")
    assert any(r.user_id == ALICE.user_id for r in await service.leaderboard(GUILD))

    report = await service.forget_person(ALICE.user_id)

    assert (
        report.resigned == (playing,)
        and report.left == (bobs_lobby.id,)
        and report.cancelled == (own_lobby.id,)
    )
    assert (await service.get_table(own_lobby.id)).status is TableStatus.CANCELLED
    assert [s.user_id for s in (await service.get_table(bobs_lobby.id)).seats] == [BOB.user_id]
    for table in (finished, playing):
        seats = (await service.get_table(table)).seats
        assert ALICE.user_id not in {s.user_id for s in seats} and "Alice" not in {s.name for s in seats}
        assert seats[0].name == "Former player" and (seats[0].user_id or 0) < 0
    board = await service.leaderboard(GUILD)
    assert ALICE.user_id not in {r.user_id for r in board} and "Alice" not in {r.name for r in board}
    assert any(r.name == "Former player" for r in board)  # the others' results still add up
    assert (await service.get_settings(ALICE.user_id)).language is None
    await _finish(service, playing)  # the others play on; her seat is played by an AI
    assert (await service.get_table(playing)).status is TableStatus.FINISHED
    await service.close()


async def test_the_open_tables_limit_holds_when_clicks_race(service: TableService) -> None:
    async def new() -> int | str:
        try:
            return (await service.create(GUILD, 20, CARL, "tiny", options={"rounds": "3"}, open_limit=2)).id
        except TableError as err:
            return err.code

    outcomes = await asyncio.gather(*(new() for _ in range(6)))
    assert sorted(o for o in outcomes if isinstance(o, str)) == ["too_many_open_tables"] * 4
    lobby = await service.create(GUILD, 20, BOB, "tiny", options={"rounds": "3"})
    with pytest.raises(TableError) as refused:
        await service.join(lobby.id, CARL, open_limit=2)
    assert refused.value.code == "too_many_open_tables"
    assert "limit" in refused.value.message("en") and "上限" in refused.value.message("ja")
    await service.join(lobby.id, PlayerRef(77, "Dana"), open_limit=2)  # someone with none open may join
    await service.close()


async def test_a_server_the_bot_left_is_forgotten_after_the_grace_period_unless_it_came_back(
    service: TableService,
) -> None:
    finished = await human_table(service, players=2)
    await _finish(service, finished)
    playing = await human_table(service, players=2, seed=9)
    now = service.clock()
    await service.guild_left(GUILD)
    await service.guild_back(GUILD)
    assert await service.forget_departed_guilds(now + 7200) == []  # invited back: nothing forgotten

    await service.guild_left(GUILD)
    assert await service.forget_departed_guilds(now + 60) == []  # still within the grace period
    assert await service.forget_departed_guilds(now + 7200) == [GUILD]
    assert (await service.get_table(playing)).status is TableStatus.ABORTED
    for table in (finished, playing):
        assert {s.name for s in (await service.get_table(table)).seats} == {"Former player"}
    assert await service.leaderboard(GUILD) == []
    assert {r.user_id for r in await service.leaderboard(None)} >= {ALICE.user_id}  # global: the person's own
    assert await service.forget_departed_guilds(now + 9999) == []  # done once
    await service.close()
