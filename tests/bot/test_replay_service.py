"""Replays and records through the table service: built from the stored log, so they work after a restart
and for the seat of a person who asked to be forgotten (shown as "Former player")."""

from __future__ import annotations

from hosttools import ALICE, FakeClock, open_service, play_first_legal

from bot.settings import Settings
from bot.store.privacy import ANONYMOUS_NAME
from bot.tables import PlayerRef, TableService, TableStatus, replays
from games.core.invariants import leaked
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


async def test_a_person_who_resigned_replays_a_running_game_as_a_spectator(service: TableService) -> None:
    """Once someone resigns, an AI plays their seat on: its hand, the cards it is dealt and its secret choices
    from then on are no more theirs to see than any spectator's, in the replay, the record or /history."""
    info = await service.create(10, 20, ALICE, "kings", seed=9)
    for user in (2, 3):
        await service.join(info.id, PlayerRef(user, f"P{user}"))
    await service.start(info.id, ALICE.user_id)
    await play_first_legal(service, info.id, 12)
    await service.resign(info.id, 3)
    await play_first_legal(service, info.id, 60)
    live = service._tables[info.id]
    assert live.info.status is TableStatus.PLAYING and live.info.seats[2].left == "resigned"
    replay, who = await service.replay(info.id, 3, 10)
    assert who is None
    last = replays.step_view(replay, len(replay.steps) - 1, who)
    hidden = live.game.hidden_from(live.state, None)
    assert hidden and not leaked(hidden, [last.public, *[v for _, v in last.hands]])
    record, anyone = await service.game_record(info.id, 3, 10), await service.game_record(info.id, 99, 10)
    assert record.viewer == "spectator" and record.actions == anyone.actions
    assert any(a.action is None for a in record.actions if a.seat == 2)  # the AI's secret choices too
    assert await service.history(info.id, 3) == await service.history(info.id, None)
