"""Table options legal only for some player counts (KINGs' Cheerleader: 4-5 players) are accepted at
`create` and checked for the real count at `start`."""

from __future__ import annotations

import pytest

from bot.tables import PlayerRef, TableService, TableStatus
from games.core.errors import InvalidOptions

PLAYERS = [PlayerRef(i, f"P{i}") for i in range(1, 6)]


async def test_cheerleader_accepted_at_create_and_plays_with_four(service: TableService) -> None:
    info = await service.create(1, 1, PLAYERS[0], "kings", "standard", {"cheerleader": "true"}, seed=3)
    assert info.status is TableStatus.LOBBY and info.options["cheerleader"] == "true"
    for p in PLAYERS[1:4]:
        await service.join(info.id, p)
    update = await service.start(info.id, PLAYERS[0].user_id)
    assert update.table.status is TableStatus.PLAYING


async def test_cheerleader_refused_at_start_with_three_and_nothing_changes(service: TableService) -> None:
    info = await service.create(1, 1, PLAYERS[0], "kings", "standard", {"cheerleader": "true"}, seed=3)
    for p in PLAYERS[1:3]:
        await service.join(info.id, p)
    with pytest.raises(InvalidOptions) as err:
        await service.start(info.id, PLAYERS[0].user_id)
    assert err.value.code == "kings_cheerleader_players"
    assert "4-5" in err.value.message("en") and "チアリーダー" in err.value.message("ja")
    after = await service.get_table(info.id)
    assert after.status is TableStatus.LOBBY and after.version == 0 and len(after.seats) == 3
    # a fourth player joins, and the same table starts
    await service.join(info.id, PLAYERS[3])
    assert (await service.start(info.id, PLAYERS[0].user_id)).table.status is TableStatus.PLAYING


async def test_options_legal_for_no_count_are_still_refused_at_create(service: TableService) -> None:
    with pytest.raises(InvalidOptions) as err:
        await service.create(1, 1, PLAYERS[0], "kings", "ombre", {"cheerleader": "true"})
    assert err.value.code == "kv_no_options"  # Ombre (3 players only) takes no options
    with pytest.raises(InvalidOptions):
        await service.create(1, 1, PLAYERS[0], "kings", "standard", {"cheerleader_advanced": "true"})
