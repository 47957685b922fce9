"""Turn clocks: a row per seat that owes a decision, a private reminder at half time, the AI plays on
expiry and the table says so; clocks survive restarts."""

from __future__ import annotations

from hosttools import ALICE, FakeClock, human_table, open_service

from bot.settings import Settings
from bot.tables import TableService, Update


async def collect(service: TableService) -> list[Update]:
    seen: list[Update] = []

    async def listener(update: Update) -> None:
        seen.append(update)

    service.subscribe(listener)
    return seen


async def test_reminder_at_half_time_then_ai_plays_on_expiry(service: TableService, clock: FakeClock) -> None:
    seen = await collect(service)
    table = await human_table(service, clock_seconds=100)
    view = await service.seat_view(table, ALICE.user_id)
    assert view.deadline == clock.now + 100
    clock.now += 49
    assert await service.process_due_clocks() == []
    clock.now += 2
    reminders = await service.process_due_clocks()
    assert [e.kind for u in reminders for e, _ in u.events] == ["host.clock_reminder"]
    assert reminders[0].events[0][1] == frozenset({0})  # only Alice is told
    assert await service.process_due_clocks() == []  # reminded once
    clock.now += 50
    updates = await service.process_due_clocks()
    kinds = [e.kind for e, _ in updates[0].events]
    assert kinds[0] == "host.clock_expired" and updates[0].events[0][1] is None  # public notice
    assert updates[0].actor == 0 and (await service.get_table(table)).version == 1
    assert [a.via for a in await service.store.actions(table)] == ["clock"]
    history = [e.event.kind for e in await service.history(table, None)]
    assert history[0] == "host.clock_expired"  # the log says so later too
    await service.drain_updates()
    assert any(u.actor == 0 for u in seen)


async def test_simultaneous_decisions_have_their_own_clocks(service: TableService, clock: FakeClock) -> None:
    table = await human_table(service, players=3, clock_seconds=100)
    lead = await service.seat_view(table, ALICE.user_id)
    await service.submit(table, ALICE.user_id, lead.legal_actions[0], lead.version)
    p2 = await service.seat_view(table, 2)
    p3 = await service.seat_view(table, 3)
    assert p2.deadline == p3.deadline == clock.now + 100  # both owe a secret pick now
    clock.now += 30
    await service.submit(table, 2, p2.legal_actions[0], p2.version)
    clock.now += 71  # seat 2 has acted; only seat 3's clock runs out
    updates = await service.process_due_clocks()
    assert [u.actor for u in updates] == [2]
    actions = await service.store.actions(table)
    assert [(a.seat, a.via) for a in actions] == [(0, "user"), (1, "user"), (2, "clock")]


async def test_deadline_passed_while_down_is_handled_at_restart(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    svc = await open_service(db_path, settings, clock)
    table = await human_table(svc, clock_mode="async")
    await svc.close()
    clock.now += 25 * 3600  # the bot was down for a day
    again = await open_service(db_path, settings, clock)
    updates = await again.process_due_clocks()
    assert updates and updates[0].events[0][0].kind == "host.clock_expired"
    assert (await again.get_table(table)).version == 1
    await again.close()


async def test_clock_loop_runs_in_background(service: TableService, clock: FakeClock) -> None:
    import asyncio

    table = await human_table(service, clock_seconds=10)
    clock.now += 11
    service.start_clock_loop(interval=0.01)
    for _ in range(100):
        if (await service.get_table(table)).version:
            break
        await asyncio.sleep(0.01)
    assert (await service.get_table(table)).version == 1
