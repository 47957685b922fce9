"""The table service's lobby and play path as a front end uses it (tiny game, real SQLite file)."""

from __future__ import annotations

import pytest

from bot.tables import PlayerRef, TableError, TableService, TableStatus, Update
from games.core.errors import IllegalAction, InvalidOptions

ALICE = PlayerRef(1, "Alice")
BOB = PlayerRef(2, "Bob")
CARL = PlayerRef(3, "Carl")


async def two_player_table(service: TableService, **kw: object) -> int:
    info = await service.create(10, 20, ALICE, "tiny", options={"rounds": "2"}, seed=7, **kw)  # type: ignore[arg-type]
    await service.join(info.id, BOB)
    await service.start(info.id, ALICE.user_id)
    return info.id


async def test_lobby_limits_and_creator_rights(service: TableService) -> None:
    info = await service.create(10, 20, ALICE, "tiny", seed=1)
    assert info.status is TableStatus.LOBBY and [s.name for s in info.seats] == ["Alice"]
    with pytest.raises(TableError) as err:
        await service.join(info.id, ALICE)
    assert err.value.code == "already_seated"
    with pytest.raises(TableError) as err:
        await service.start(info.id, ALICE.user_id)
    assert err.value.code == "not_enough_players"
    await service.join(info.id, BOB)
    with pytest.raises(TableError) as err:
        await service.start(info.id, BOB.user_id)
    assert err.value.code == "not_creator"
    await service.add_ai(info.id, ALICE.user_id, "random")
    await service.add_ai(info.id, ALICE.user_id, "random")
    with pytest.raises(TableError) as err:
        await service.join(info.id, CARL)
    assert err.value.code == "table_full"
    left = await service.leave(info.id, BOB.user_id)
    assert [s.seat for s in left.seats] == [0, 1, 2] and left.seats[1].is_ai


async def test_bad_game_options_and_clock_are_refused(service: TableService) -> None:
    with pytest.raises(InvalidOptions) as err:
        await service.create(1, 1, ALICE, "nope")
    assert err.value.code == "unknown_game"
    with pytest.raises(InvalidOptions):
        await service.create(1, 1, ALICE, "tiny", options={"rounds": "9"})
    with pytest.raises(TableError) as terr:
        await service.create(1, 1, ALICE, "tiny", clock_mode="blitz")
    assert terr.value.code == "bad_clock"
    live = await service.create(1, 1, ALICE, "tiny")
    slow = await service.create(1, 1, ALICE, "tiny", clock_mode="async")
    assert (live.clock_seconds, slow.clock_seconds) == (120, 86400)


async def test_play_to_the_end_with_versions_and_results(service: TableService) -> None:
    seen: list[Update] = []

    async def listener(update: Update) -> None:
        seen.append(update)

    service.subscribe(listener)
    table = await two_player_table(service)
    while (info := await service.get_table(table)).status is TableStatus.PLAYING:
        for player in (ALICE, BOB):
            view = await service.seat_view(table, player.user_id)
            if view.legal_actions:
                update = await service.submit(
                    table,
                    player.user_id,
                    view.legal_actions[0],
                    view.version,
                    f"k{view.version}{player.user_id}",
                )
                assert update.table.version == view.version + 1
    assert info.status is TableStatus.FINISHED and info.version == 4
    await service.drain_updates()
    assert seen[-1].outcome is not None
    assert any(e.kind == "host.finished" for e, _ in seen[-1].events)
    board = await service.leaderboard(10, "tiny")
    assert {r.user_id for r in board} == {1, 2} and sum(r.wins for r in board) >= 1
    stats = await service.player_stats(1, 10)
    assert {r.game for r in stats.rows} == {"tiny", "*"} and all(r.games == 1 for r in stats.rows)


async def test_refusals_name_the_reason_and_change_nothing(service: TableService) -> None:
    table = await two_player_table(service)
    view = await service.seat_view(table, ALICE.user_id)
    with pytest.raises(TableError) as err:
        await service.submit(table, BOB.user_id, "play:c1", 0)
    assert err.value.code == "not_your_turn_host"
    with pytest.raises(TableError) as err:
        await service.submit(table, CARL.user_id, "play:c1", 0)
    assert err.value.code == "not_seated"
    with pytest.raises(IllegalAction):
        await service.submit(table, ALICE.user_id, "play:zz", 0)
    await service.submit(table, ALICE.user_id, view.legal_actions[0], 0, "click-1")
    with pytest.raises(TableError) as err:
        await service.submit(table, ALICE.user_id, view.legal_actions[1], 0, "click-1")
    assert err.value.code == "duplicate_submission"
    bob = await service.seat_view(table, BOB.user_id)
    with pytest.raises(TableError) as err:
        await service.submit(table, BOB.user_id, bob.legal_actions[0], 0, "click-2")
    assert err.value.code == "stale_version"
    assert err.value.message("ja") != err.value.message("en")
    assert (await service.get_table(table)).version == 1
