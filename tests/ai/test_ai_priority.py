"""The strong AI's workers run at a lower CPU priority than the bot (AI seats, the host): a core the
searches fill is the event loop's the moment it has a click to serve, so thinking AI seats never make
another table's button late."""

from __future__ import annotations

import asyncio
import os

from bot.tables.ai import AiRunner


async def test_the_searches_yield_the_cpu_to_the_event_loop() -> None:
    runner = AiRunner(workers=1)
    try:
        pool = runner._executor()
        loop = asyncio.get_running_loop()
        worker_niceness = await asyncio.wait_for(loop.run_in_executor(pool, os.nice, 0), 60)
    finally:
        runner.close()
    assert worker_niceness > os.nice(0) or os.nice(0) == 19  # 19: the lowest priority there is
