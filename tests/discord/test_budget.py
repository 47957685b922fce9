"""The bot's share of Discord's global budget (routing.Budget): concurrent posters, even woken late by a
busy event loop, never send more than `rate` requests in any second; and it costs nothing when off."""

from __future__ import annotations

import asyncio
import time

from bot.discord_bot.routing import Budget
from tests.discord import virtual_time


def _most_in_a_second(stamps: list[float]) -> int:
    stamps = sorted(stamps)
    start = best = 0
    for end, at in enumerate(stamps):
        while at - stamps[start] >= 1.0:
            start += 1
        best = max(best, end - start + 1)
    return best


def test_two_hundred_posters_at_once_keep_to_forty_a_second() -> None:
    async def main() -> tuple[list[float], float]:
        budget = Budget(40)
        loop = asyncio.get_running_loop()
        sent: list[float] = []

        async def poster(i: int) -> None:
            await budget.take()
            sent.append(loop.time())
            if i % 3 == 0:
                time.sleep(0.002)  # a busy loop: later sleepers wake late, together

        await asyncio.gather(*(poster(i) for i in range(200)))
        return sent, loop.time()

    sent, end = virtual_time.run(main(), count_cpu=True)
    assert len(sent) == 200
    assert _most_in_a_second(sent) <= 40
    assert end < 6.5, "and no slower than the rate asks (200 at 40/s: 5 s)"


def test_a_budget_of_zero_never_waits() -> None:
    async def main() -> float:
        budget = Budget(0)
        loop = asyncio.get_running_loop()
        for _ in range(1000):
            await budget.take()
        return loop.time()

    assert virtual_time.run(main()) == 0.0
