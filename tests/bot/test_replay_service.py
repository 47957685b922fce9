"""Replays and records through the table service: built from the stored log, so they work after a restart
and for the seat of a person who asked to be forgotten (shown as "Former player")."""

from __future__ import annotations

from hosttools import ALICE, FakeClock, open_service, play_first_legal

from bot.settings import Settings
from bot.store.privacy import ANONYMOUS_NAME
from bot.tables import PlayerRef, TableService, TableStatus, replays
from games.core.record import loads, verify


async def test_a_finished_replay_survives_a_restart_and_a_forgotten_player(
    service: TableService, db_path: str, settings: Settings, clock: FakeClock
) -> None:
    info = await service.create(10, 20, ALICE, "kings", seed=9)
    for user in (2, 3):
        await service.join(info.id, PlayerRef(user, f"P{user}"))
    await service.start(info.id, ALICE.user_id)
    await play_first_legal(service, info.id, 5_000)
    assert (await service.get_table(info.id)).status is TableStatus.FINISHED
    before, who = await service.replay(info.id, 2, 10)
    assert who == replays.EVERY_SEAT
    await service.forget_person(ALICE.user_id)
    await service.close()
    again = await open_service(db_path, settings, clock)  # a new process: nothing kept in memory
    try:
        replay, who = await again.replay(info.id, 2, 10)
        assert who == replays.EVERY_SEAT and len(replay.steps) == len(before.steps)
        assert replay.info.seats[0].name == ANONYMOUS_NAME and replay.info.seats[0].user_id != ALICE.user_id
        last = replays.step_view(replay, len(replay.steps) - 1, who)
        assert last.public == before.game.view(before.steps[-1].state, None)
        record = loads((await again.game_record(info.id, 3, 10)).dumps())
        assert record.seats[0] == ANONYMOUS_NAME and record.complete
        _, _, outcome = verify(record)
        assert outcome == await again.outcome(info.id)
        # with the server's reveals off, the same person sees only what their seat saw
        await again.set_replay_reveals(10, False)
        _, who = await again.replay(info.id, 3, 10)
        assert who == 2
        assert (await again.game_record(info.id, 3, 10)).seed is None
    finally:
        await again.close()
