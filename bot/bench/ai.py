"""`python -m bot.bench --ai search [--tables 100] [--game trickster] [--players 4] [--seconds 60]`:
the event loop while many strong AI seats think at once (a late reply is a player's wait).

N tables are created, each with one person and the other seats strong AI (the search), through the real
TableService, its store and its AiRunner process pool (TRICKTABLE_AI_WORKERS workers, default: the CPU
count). Every person plays a random legal move as soon as it is their turn, all tables at once, so the AI
seats of every table ask the pool at the same time. A ticker task measures the event loop's lag: the
overshoot of `asyncio.sleep(TICK)`, which is how late any other table's click would be served. The last
line is one JSON object: lag p50/p99/max (ms), strong decisions per second, the mean decision time as the
table sees it (queueing in the pool included) and how many decisions the fallback (normal AI) made
because the pool did not answer in time (with every table thinking at once, the pool is the bottleneck:
more tables than workers queue, and the deadline counts from the request).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from typing import Any

from bot.settings import Settings
from bot.tables import PlayerRef, TableError, TableService, TableStatus
from games.core.registry import get_game

TICK = 0.005  # seconds the ticker sleeps; its overshoot is the loop's lag


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


async def _ticker(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        started = time.perf_counter()
        await asyncio.sleep(TICK)
        lags.append(max(0.0, time.perf_counter() - started - TICK))


async def _person(svc: TableService, table_id: int, user_id: int, rng: random.Random, until: float) -> int:
    """Plays one person's seat until the table ends or time is up; returns their moves."""
    moves = 0
    while time.perf_counter() < until:
        info = await svc.get_table(table_id)
        if info.status is not TableStatus.PLAYING:
            break
        view = await svc.seat_view(table_id, user_id)
        if not view.legal_actions:
            await asyncio.sleep(0.05)  # the AI seats are still deciding in another task (rare)
            continue
        try:
            await svc.submit(table_id, user_id, rng.choice(view.legal_actions), view.version)
        except TableError:
            continue  # a stale version after a concurrent change: look again
        moves += 1
    return moves


async def run(args: argparse.Namespace) -> dict[str, Any]:
    game = get_game(args.game)
    players = args.players or game.info.variant(None).min_players
    workers = int(os.environ.get("TRICKTABLE_AI_WORKERS", "0") or 0) or (os.cpu_count() or 1)
    with tempfile.TemporaryDirectory(prefix="tricktable-bench-ai-") as tmp:
        settings = Settings(database_path=os.path.join(tmp, "bench.db"), ai_workers=workers, gc_freeze=True)
        svc = await TableService.open(settings.database_path, settings)
        runner = svc.host.ai
        decisions: list[float] = []
        fallbacks = 0
        search = runner._search
        fallback_move = runner.move

        async def timed_search(*a: Any, **k: Any) -> str:
            before, started = fallbacks, time.perf_counter()
            try:
                return await search(*a, **k)
            finally:
                if fallbacks == before:  # answered by the search (a fallback is counted apart)
                    decisions.append(time.perf_counter() - started)

        async def counted_move(game_: Any, state: Any, seat: int, policy: str | None, seed: str) -> str:
            nonlocal fallbacks
            if policy != "search":
                fallbacks += 1  # the AiRunner falls back through move() with the normal AI's name
            return await fallback_move(game_, state, seat, policy, seed)

        runner._search = timed_search  # type: ignore[method-assign]
        runner.move = counted_move  # type: ignore[method-assign,assignment]
        ids: list[tuple[int, int]] = []
        for i in range(args.tables):
            person = PlayerRef(i + 1, f"p{i}")
            info = await svc.create(1, 1, person, game.info.id, seed=args.seed + i)
            for _ in range(players - 1):
                await svc.add_ai(info.id, person.user_id, "search")
            ids.append((info.id, person.user_id))
        # warm the pool (spawned interpreters import the games) before measuring
        await asyncio.gather(*(svc.start(t, u) for t, u in ids[: max(1, workers)]))
        decisions.clear()
        fallbacks = 0
        lags: list[float] = []
        stop = asyncio.Event()
        ticker = asyncio.create_task(_ticker(lags, stop))
        started = time.perf_counter()
        until = started + args.seconds
        rng = random.Random(args.seed)

        async def table(t: int, u: int, i: int) -> int:
            if i >= max(1, workers):
                await svc.start(t, u)
            return await _person(svc, t, u, random.Random(rng.random()), until)

        moves = await asyncio.gather(*(table(t, u, i) for i, (t, u) in enumerate(ids)))
        wall = time.perf_counter() - started
        stop.set()
        await ticker
        finished = 0
        for t, _ in ids:
            finished += (await svc.get_table(t)).status is TableStatus.FINISHED
        await svc.close()
    ms = [x * 1000 for x in lags]
    return {
        "mode": "ai-search",
        "game": game.info.id,
        "players": players,
        "tables": args.tables,
        "ai_workers": workers,
        "seconds": round(wall, 1),
        "person_moves": sum(moves),
        "finished_tables": finished,
        "strong_decisions": len(decisions),
        "fallback_decisions": fallbacks,  # the pool did not answer within the deadline and grace
        "decisions_per_s": round(len(decisions) / wall, 1) if wall else 0.0,
        "decision_mean_ms": round(statistics.fmean(decisions) * 1000, 1) if decisions else 0.0,
        "decision_p99_ms": round(_percentile(decisions, 0.99) * 1000, 1),
        "loop_lag_p50_ms": round(_percentile(ms, 0.50), 2),
        "loop_lag_p99_ms": round(_percentile(ms, 0.99), 2),
        "loop_lag_max_ms": round(max(ms, default=0.0), 2),
        "ticks": len(ms),
    }


def main(args: argparse.Namespace) -> dict[str, Any]:
    """Called by bot.bench's main for `--ai search`."""
    args.game = args.game or "trickster"
    args.seconds = getattr(args, "ai_seconds", None) or 60.0
    if args.tables == 1000:  # bot.bench's default is for the store bench; this mode's default is 100
        args.tables = 100
    return asyncio.run(run(args))
