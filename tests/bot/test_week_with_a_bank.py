"""A week-long async game of three people with a time bank, on virtual time, hour by hour.

Alice answers after two hours; Bob after eight but goes away for three days in the middle;
Carol never answers. Nobody is taken over while away (Bob); the person absent without leave (Carol) is,
decision by decision; and every reserve is accounted: reserve = start + increments - time used, where the
time used is the time each decision took, not counting Bob's time away.
"""

from __future__ import annotations

import pytest
from hosttools import ALICE, FakeClock, open_service

from bot.settings import Settings
from bot.tables import PlayerRef, TableStatus

HOUR, DAY = 3600.0, 86400.0
START, INC, CAP = 3 * DAY, 12 * HOUR, 30 * DAY  # a cap this high never binds: the sum is exact
ANSWERS_AFTER = {1: 2 * HOUR, 2: 8 * HOUR}  # user -> how long they take; Carol (3) never answers


@pytest.fixture
def settings() -> Settings:
    return Settings(snapshot_every=4, async_bank=(int(START), int(INC), int(CAP)))


async def test_a_week_with_a_bank_one_away_one_absent(
    db_path: str, settings: Settings, clock: FakeClock
) -> None:
    service = await open_service(db_path, settings, clock)
    try:
        info = await service.create(
            10, 20, ALICE, "tiny", options={"rounds": "5"}, seed=11, clock_mode="async-bank"
        )
        await service.join(info.id, PlayerRef(2, "Bob"))
        await service.join(info.id, PlayerRef(3, "Carol"))
        await service.start(info.id, ALICE.user_id)
        table = info.id
        began = clock.now
        away_from, away_until = began + 2 * DAY, began + 5 * DAY

        ledger = dict.fromkeys(range(3), START)  # what the test expects each reserve to hold
        opened: dict[int, float] = {}  # seat -> when its open decision began
        logged = 0
        checked = 0

        def away_overlap(seat: int, start: float, end: float) -> float:
            if seat != 1:
                return 0.0
            return max(0.0, min(end, away_until) - max(start, away_from))

        async def account() -> None:
            nonlocal logged, checked
            actions = await service.store.actions(table)
            for row in actions[logged:]:  # decisions that ended: their time is taken from the reserve
                start = opened.pop(row.seat)
                used = row.at - start - away_overlap(row.seat, start, row.at)
                ledger[row.seat] = max(0.0, ledger[row.seat] - used)
            logged = len(actions)
            for seat, c in (await service.seat_clocks(table)).items():
                if c.running and seat not in opened:  # a decision began: the increment joins
                    ledger[seat] = min(CAP, ledger[seat] + INC)
                    opened[seat] = c.since
                if c.why == "idle":
                    assert c.left == pytest.approx(ledger[seat]), (seat, clock.now - began)
                    checked += 1

        await account()
        while (await service.get_table(table)).status is TableStatus.PLAYING:
            assert clock.now - began < 30 * DAY, "the game never ended"
            clock.now += HOUR
            if clock.now == away_from:
                report = await service.set_away(2, away_until)
                assert (await service.away_until([1, 2, 3])) == {2: away_until}
                assert report.keep_moving == ()  # an async table: its clocks stop for him
            await service.process_due_clocks()
            await account()
            for user, takes in ANSWERS_AFTER.items():
                seat = user - 1
                if seat not in opened or (user == 2 and away_from <= clock.now < away_until):
                    continue
                if clock.now - opened[seat] - away_overlap(seat, opened[seat], clock.now) >= takes:
                    view = await service.seat_view(table, user)
                    await service.submit(table, user, view.legal_actions[0], view.version)
                    await account()

        actions = await service.store.actions(table)
        via = {seat: {a.via for a in actions if a.seat == seat} for seat in range(3)}
        assert via[0] == {"user"} and via[1] == {"user"}  # Bob was never taken over, also while away
        assert via[2] == {"clock"}  # Carol, absent without leave, was: every decision of hers
        assert clock.now - began >= 7 * DAY  # a week-long game
        bob_away = [a for a in actions if a.seat == 1 and away_from <= a.at < away_until]
        assert bob_away == []
        assert checked > 10  # the reserves were compared all along the game
    finally:
        await service.close()
