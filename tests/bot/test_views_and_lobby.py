"""What each reader may see (views, history, routed events), lobby lifecycle, settings, shared texts."""

from __future__ import annotations

import pytest
from hosttools import ALICE, BOB, human_table
from tinygame import TINY

from bot import render
from bot.tables import TableError, TableService, TableStatus, Update
from games.core.contract import Event


async def test_history_shows_public_log_and_only_my_private_events(service: TableService) -> None:
    table = await human_table(service, players=3)
    lead = await service.seat_view(table, ALICE.user_id)
    await service.submit(table, ALICE.user_id, lead.legal_actions[0], 0)
    bob = await service.seat_view(table, BOB.user_id)
    await service.submit(table, BOB.user_id, bob.legal_actions[0], 1)
    mine = [e.event.kind for e in await service.history(table, BOB.user_id)]
    theirs = [e.event.kind for e in await service.history(table, ALICE.user_id)]
    public = [e.event.kind for e in await service.history(table, None)]
    assert mine == ["led", "picked", "my_pick"]
    assert theirs == public == ["led", "picked"]


async def test_views_hide_other_hands_and_updates_route_private_events(service: TableService) -> None:
    seen: list[Update] = []

    async def listener(update: Update) -> None:
        seen.append(update)

    service.subscribe(listener)
    table = await human_table(service, players=3)
    spectator = await service.public_view(table)
    assert spectator.seat is None and spectator.view["hand"] == [] and spectator.legal_actions == ()
    lead = await service.seat_view(table, ALICE.user_id)
    await service.submit(table, ALICE.user_id, lead.legal_actions[0], 0)
    bob = await service.seat_view(table, BOB.user_id)
    update = await service.submit(table, BOB.user_id, bob.legal_actions[0], 1)
    assert [e.kind for e in render.visible_events(update, None)] == ["picked"]
    assert [e.kind for e in render.visible_events(update, 1)] == ["picked", "my_pick"]
    assert render.private_lines(TINY, update, 0) == []
    await service.drain_updates()
    assert seen[-1] == update  # listeners get the same update submit returned


async def test_lobby_lifecycle_and_listing(service: TableService) -> None:
    info = await service.create(10, 20, ALICE, "tiny", thread_id=None)
    await service.set_thread(info.id, 99)
    assert [t.id for t in await service.list_tables(10, 99)] == [info.id]  # found by its thread
    await service.join(info.id, BOB)
    assert [t.id for t in await service.tables_of_user(BOB.user_id)] == [info.id]
    with pytest.raises(TableError) as err:
        await service.leave(info.id, ALICE.user_id)
    assert err.value.code == "creator_cannot_leave"
    with pytest.raises(TableError) as err:
        await service.cancel(info.id, BOB.user_id)
    assert err.value.code == "not_creator"
    cancelled = await service.cancel(info.id, ALICE.user_id)
    assert cancelled.status is TableStatus.CANCELLED
    assert await service.list_tables(10) == []
    with pytest.raises(TableError) as err:
        await service.join(info.id, BOB)
    assert err.value.code == "wrong_status"
    with pytest.raises(TableError) as err:
        await service.get_table(12345)
    assert err.value.code == "table_not_found"


async def test_admin_replaces_an_absent_player_with_ai(service: TableService) -> None:
    table = await human_table(service, players=2)
    update = await service.replace_with_ai(table, 0)
    info = await service.get_table(table)
    assert info.seats[0].left == "replaced" and info.seat_of(ALICE.user_id) is None
    assert update.events[0][0].kind == "host.replaced"
    assert info.version >= 1  # the AI already led for the absent player
    aborted = await service.abort(table)
    assert aborted.status is TableStatus.ABORTED


async def test_user_settings_round_trip(service: TableService) -> None:
    assert (await service.get_settings(5)).language is None  # never chosen
    saved = await service.set_settings(5, language="ja", dm_pings=False)
    assert (saved.language, saved.dm_pings) == ("ja", False)
    assert await service.get_settings(5) == saved
    with pytest.raises(TableError):
        await service.set_settings(5, language="xx")


def test_host_texts_exist_in_both_languages() -> None:
    event = Event("host.clock_expired", {"name": "Bob", "seat": 1})
    assert "Bob" in render.event_text(TINY, event, "en") and "Bob" in render.event_text(TINY, event, "ja")
    assert render.event_text(TINY, event, "en") != render.event_text(TINY, event, "ja")
    stale = TableError("stale_version")
    assert "out of date" in stale.message("en") and "古く" in stale.message("ja")
