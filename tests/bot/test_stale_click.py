"""A click on an old board still counts if its seat still owes the very decision the button was drawn for.

That is a table rule, so the service decides it (every front end gets it, the terminal too): in a
simultaneous secret choice the other side may commit first and move the table on, yet the slower seat's
choice is the same one. A button drawn for an earlier decision of the seat (it acted since, or its decision
closed and opened again) is refused as stale, and a key still refuses a second click of the same button.

The tiny game (tests/bot/tinygame.py): the leader plays openly, then every other seat picks at once.
"""

from __future__ import annotations

import pytest
from hosttools import ALICE, BOB, CARL, FakeClock, human_table, open_service

from bot.settings import Settings
from bot.tables import TableError, TableService


async def _picking(service: TableService) -> int:
    """A three-seat table where Alice has led: Bob and Carl owe their secret picks (version 1)."""
    table = await human_table(service, players=3)
    lead = await service.seat_view(table, ALICE.user_id)
    await service.submit(table, ALICE.user_id, lead.legal_actions[0], 0, "lead")
    return table


async def test_the_slower_side_of_a_simultaneous_choice_is_applied_on_the_moved_board(
    service: TableService,
) -> None:
    table = await _picking(service)
    bob = await service.seat_view(table, BOB.user_id)
    carl = await service.seat_view(table, CARL.user_id)  # both boards drawn at version 1
    assert bob.version == carl.version == 1
    await service.submit(table, BOB.user_id, bob.legal_actions[0], 1, "bob-pick")
    update = await service.submit(table, CARL.user_id, carl.legal_actions[0], 1, "carl-pick")
    assert update.actor == 2 and update.table.version == 3
    assert [a.idem_key for a in await service.store.actions(table)] == ["lead", "bob-pick", "carl-pick"]
    assert await service.decision_opened(table, BOB.user_id) is None  # the round is revealed: nobody picks


async def test_the_same_button_twice_is_still_a_duplicate(service: TableService) -> None:
    table = await _picking(service)
    carl = await service.seat_view(table, CARL.user_id)
    bob = await service.seat_view(table, BOB.user_id)
    await service.submit(table, CARL.user_id, carl.legal_actions[0], 1, "carl-pick")
    with pytest.raises(TableError) as err:
        await service.submit(table, CARL.user_id, carl.legal_actions[0], 1, "carl-pick")
    assert err.value.code == "duplicate_submission"
    await service.submit(table, BOB.user_id, bob.legal_actions[0], 1, "bob-pick")
    assert (await service.get_table(table)).version == 3


async def test_a_button_drawn_before_the_decision_began_is_refused(service: TableService) -> None:
    """Bob's board at version 0 (Alice leading) offered him nothing he owes now: his pick began at 1."""
    table = await _picking(service)
    assert await service.decision_opened(table, BOB.user_id) == 1
    assert await service.decision_opened(table, ALICE.user_id) is None
    bob = await service.seat_view(table, BOB.user_id)
    await service.submit(table, CARL.user_id, (await service.seat_view(table, CARL.user_id)).legal_actions[0], 1)
    with pytest.raises(TableError) as err:
        await service.submit(table, BOB.user_id, bob.legal_actions[0], 0, "old-board")
    assert err.value.code == "stale_version"
    assert (await service.get_table(table)).version == 2


async def test_a_button_for_the_seats_previous_decision_is_refused(service: TableService) -> None:
    """Bob and Carl picked in round one; in round two a non-leader picks again. Its round-one button was
    drawn for another decision, even where the same card is still in hand."""
    table = await _picking(service)
    old = {user: await service.seat_view(table, user) for user in (BOB.user_id, CARL.user_id)}
    await service.submit(table, CARL.user_id, old[CARL.user_id].legal_actions[0], 1, "carl-1")
    bob = await service.seat_view(table, BOB.user_id)
    await service.submit(table, BOB.user_id, bob.legal_actions[0], bob.version, "bob-1")
    views = [await service.seat_view(table, user) for user in (ALICE.user_id, BOB.user_id, CARL.user_id)]
    leader = next(user for user, view in zip((ALICE.user_id, BOB.user_id, CARL.user_id), views, strict=True) if view.prompt)
    lead = await service.seat_view(table, leader)
    await service.submit(table, leader, lead.legal_actions[0], lead.version, "lead-2")
    picker = CARL.user_id if leader != CARL.user_id else BOB.user_id
    now = await service.seat_view(table, picker)
    assert now.legal_actions and now.version == 4
    assert await service.decision_opened(table, picker) == 4
    stale_choice = next(a for a in old[picker].legal_actions if a in now.legal_actions)
    with pytest.raises(TableError) as err:
        await service.submit(table, picker, stale_choice, 1, "old-round")
    assert err.value.code == "stale_version"
    assert (await service.get_table(table)).version == 4


async def test_a_choice_no_longer_legal_is_refused_as_stale(service: TableService) -> None:
    table = await _picking(service)
    carl = await service.seat_view(table, CARL.user_id)
    await service.submit(table, BOB.user_id, (await service.seat_view(table, BOB.user_id)).legal_actions[0], 1)
    with pytest.raises(TableError) as err:
        await service.submit(table, CARL.user_id, "play:c999", 1, "carl-nonsense")
    assert err.value.code == "stale_version"
    await service.submit(table, CARL.user_id, carl.legal_actions[-1], 1, "carl-pick")


async def test_the_rule_holds_after_a_restart_and_in_another_process(
    db_path: str, clock: FakeClock
) -> None:
    """Who owes what since when is the table's: read back from the log (past a snapshot), not from memory
    a front end kept, so a process that just loaded the table decides the same."""
    settings = Settings(snapshot_every=1)  # the decision began before the latest snapshot
    one = await open_service(db_path, settings, clock)
    table = await _picking(one)
    carl = await one.seat_view(table, CARL.user_id)
    bob = await one.seat_view(table, BOB.user_id)
    await one.submit(table, BOB.user_id, bob.legal_actions[0], 1, "bob-pick")
    since = await one.decision_opened(table, CARL.user_id)
    await one.close()

    two = await open_service(db_path, settings, clock)
    assert await two.decision_opened(table, CARL.user_id) == since == 1
    with pytest.raises(TableError) as err:
        await two.submit(table, CARL.user_id, carl.legal_actions[0], 0, "before-the-pick")
    assert err.value.code == "stale_version"
    update = await two.submit(table, CARL.user_id, carl.legal_actions[0], carl.version, "carl-pick")
    assert update.table.version == 3
    await two.close()


async def test_a_process_with_an_old_copy_decides_on_the_table_as_stored(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    """Process two drew Carl's board; process one moves the table on twice. Carl's click reaches two, whose
    copy is behind: the database refuses the write and two decides again on the fresh table."""
    one = await open_service(db_path, settings, clock)
    two = await open_service(db_path, settings, clock)
    table = await _picking(one)
    carl = await two.seat_view(table, CARL.user_id)  # two caches version 1
    bob = await one.seat_view(table, BOB.user_id)
    await one.submit(table, BOB.user_id, bob.legal_actions[0], 1, "bob-pick")
    update = await two.submit(table, CARL.user_id, carl.legal_actions[0], 1, "carl-pick")
    assert update.table.version == 3
    assert [a.idem_key for a in await one.store.actions(table)] == ["lead", "bob-pick", "carl-pick"]
    await one.close()
    await two.close()
