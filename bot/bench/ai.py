"""`python -m bot.bench --ai search [--tables 100] [--game trickster] [--players 4] [--ai-seconds 60]
[--ai-pace instant|human]`: what a player waits for while many strong AI seats think at once, and the
event loop meanwhile.

N tables are created, each with one person and the other seats strong AI (the search), through the real
TableService, its store and its AiRunner process pool (TRICKTABLE_AI_WORKERS workers, default: the CPU
count). With `--ai-pace instant` (the default) every person plays a random legal move as soon as it is
their turn, all tables at once: a closed loop in which every table always waits for the pool, so the pool
is saturated whatever its speed (the worst case, not a day on a server). With `--ai-pace human` a person
thinks 2-10 s (uniform) before each move, as in `python -m bot.bench --discord`. A table whose game ends
while time is left is followed at once by a new one of the same person and seats (as a rematch would), so
the load stays the same for the whole run: the figures are a steady state, not a burst at the start (with
the pool answering "busy" at once, 100 Trickster tables at instant pace finish their games in a second or
two). A ticker task measures the event loop's lag: the overshoot of `asyncio.sleep(TICK)`, which is how late
any other table's click would be served.

The last line is one JSON object: lag p50/p99/max (ms); strong decisions the search answered, per second,
their time as the table saw it (p50/p99/mean, queue included) and its two parts apart, the wait in the
queue and the worker's search (p50/p99), and the playouts per decision; the decisions the normal AI made
for a strong seat instead, by reason (busy: refused at once, the queue being too deep for the budget;
late: no answer within the budget; failed: a worker died) and their share; and the p99 of every strong
seat's decision, fallbacks included (what a player at those tables waits for). The build that ran
(`python`/`mypyc`) and the AI's budget are in it too. Run against an AiRunner without per-decision reports
(an older checkout), only the totals are measured, around the runner's methods.
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

import games
from bot.settings import Settings
from bot.tables import PlayerRef, TableError, TableService, TableStatus
from games.core.registry import get_game

TICK = 0.005  # seconds the ticker sleeps; its overshoot is the loop's lag
HUMAN_SECONDS = (2.0, 10.0)  # --ai-pace human: a person's thinking before each move (uniform)


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def _ms(values: list[float], q: float) -> float:
    return round(_percentile(values, q) * 1000, 1)


async def _ticker(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        started = time.perf_counter()
        await asyncio.sleep(TICK)
        lags.append(max(0.0, time.perf_counter() - started - TICK))


async def _person(
    svc: TableService, table_id: int, user_id: int, rng: random.Random, until: float, human: bool
) -> int:
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
        if human:
            await asyncio.sleep(min(rng.uniform(*HUMAN_SECONDS), max(0.0, until - time.perf_counter())))
            if time.perf_counter() >= until:
                break
        try:
            await svc.submit(table_id, user_id, rng.choice(view.legal_actions), view.version)
        except TableError:
            continue  # a stale version after a concurrent change: look again
        moves += 1
    return moves


async def _new_table(svc: TableService, game_id: str, players: int, user_id: int, seed: int) -> int:
    """A table of one person (`user_id`) and strong AI seats, in its lobby."""
    info = await svc.create(1, 1, PlayerRef(user_id, f"p{user_id}"), game_id, seed=seed)
    for _ in range(players - 1):
        await svc.add_ai(info.id, user_id, "search")
    return info.id


class _Tally:
    """Strong decisions as the runner reports them (AiRunner.listeners): the search's, and the normal AI's
    for a strong seat by reason. Against a runner without reports, the totals around its methods."""

    def __init__(self, runner: Any) -> None:
        self.records: list[Any] = []
        self.legacy: list[float] = []  # an older runner: the search's answers, queue included
        self.legacy_fallbacks = 0
        self.detailed = hasattr(runner, "listeners")
        if self.detailed:
            runner.listeners.append(self.records.append)
            return
        search, fallback_move = runner._search, runner.move

        async def timed_search(*a: Any, **k: Any) -> str:
            before, started = self.legacy_fallbacks, time.perf_counter()
            try:
                move: str = await search(*a, **k)
                return move
            finally:
                if self.legacy_fallbacks == before:
                    self.legacy.append(time.perf_counter() - started)

        async def counted_move(game_: Any, state: Any, seat: int, policy: str | None, seed: str) -> str:
            if policy != "search":
                self.legacy_fallbacks += 1  # the old AiRunner falls back through move() with the normal AI
            move: str = await fallback_move(game_, state, seat, policy, seed)
            return move

        runner._search = timed_search
        runner.move = counted_move

    def clear(self) -> None:
        self.records.clear()
        self.legacy.clear()
        self.legacy_fallbacks = 0

    def report(self, wall: float) -> dict[str, Any]:
        if not self.detailed:
            totals = self.legacy
            return {
                "strong_decisions": len(totals),
                "fallback_decisions": self.legacy_fallbacks,
                "decisions_per_s": round(len(totals) / wall, 1) if wall else 0.0,
                "decision_mean_ms": round(statistics.fmean(totals) * 1000, 1) if totals else 0.0,
                "decision_p50_ms": _ms(totals, 0.50),
                "decision_p99_ms": _ms(totals, 0.99),
            }
        searched = [r for r in self.records if r.by == "search"]
        fell = [r for r in self.records if r.by != "search"]
        totals = [r.total for r in searched]
        reasons: dict[str, int] = {}
        for r in fell:
            reasons[r.by] = reasons.get(r.by, 0) + 1
        playouts = [r.playouts for r in searched]
        return {
            "strong_decisions": len(searched),
            "fallback_decisions": len(fell),  # the normal AI decided for a strong seat
            "fallbacks_by_reason": reasons,
            "fallback_share": round(len(fell) / len(self.records), 3) if self.records else 0.0,
            "decisions_per_s": round(len(searched) / wall, 1) if wall else 0.0,
            "decision_mean_ms": round(statistics.fmean(totals) * 1000, 1) if totals else 0.0,
            "decision_p50_ms": _ms(totals, 0.50),
            "decision_p99_ms": _ms(totals, 0.99),
            "queue_p50_ms": _ms([r.waited for r in searched], 0.50),
            "queue_p99_ms": _ms([r.waited for r in searched], 0.99),
            "search_p50_ms": _ms([r.searched for r in searched], 0.50),
            "search_p99_ms": _ms([r.searched for r in searched], 0.99),
            "playouts_mean": round(statistics.fmean(playouts), 1) if playouts else 0.0,
            "playouts_p50": int(_percentile([float(p) for p in playouts], 0.50)),
            "seat_decision_p99_ms": _ms([r.total for r in self.records], 0.99),  # fallbacks included
        }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    game = get_game(args.game)
    players = args.players or game.info.variant(None).min_players
    workers = int(os.environ.get("TRICKTABLE_AI_WORKERS", "0") or 0) or (os.cpu_count() or 1)
    human = args.ai_pace == "human"
    with tempfile.TemporaryDirectory(prefix="tricktable-bench-ai-") as tmp:
        settings = Settings(database_path=os.path.join(tmp, "bench.db"), ai_workers=workers, gc_freeze=True)
        svc = await TableService.open(settings.database_path, settings)
        runner = svc.host.ai
        tally = _Tally(runner)
        ids: list[tuple[int, int]] = []
        for i in range(args.tables):
            ids.append((await _new_table(svc, game.info.id, players, i + 1, args.seed + i), i + 1))
        # warm the pool (spawned interpreters import the games) before measuring
        await asyncio.gather(*(svc.start(t, u) for t, u in ids[: max(1, workers)]))
        tally.clear()
        lags: list[float] = []
        stop = asyncio.Event()
        ticker = asyncio.create_task(_ticker(lags, stop))
        started = time.perf_counter()
        until = started + args.seconds
        rng = random.Random(args.seed)

        played: list[int] = []  # every table that ran, the follow-up games included

        async def table(t: int, u: int, i: int) -> int:
            table_rng = random.Random(rng.random())
            if i >= max(1, workers):
                if human:  # people do not all press Start at the same instant
                    await asyncio.sleep(table_rng.uniform(0.0, HUMAN_SECONDS[1]))
                await svc.start(t, u)
            moves = 0
            while True:
                played.append(t)
                moves += await _person(svc, t, u, table_rng, until, human)
                if time.perf_counter() >= until:
                    return moves
                t = await _new_table(svc, game.info.id, players, u, table_rng.randrange(1 << 30))
                await svc.start(t, u)

        moves = await asyncio.gather(*(table(t, u, i) for i, (t, u) in enumerate(ids)))
        wall = time.perf_counter() - started
        stop.set()
        await ticker
        finished = 0
        for t in played:
            finished += (await svc.get_table(t)).status is TableStatus.FINISHED
        budget = runner.budget
        await svc.close()
    ms = [x * 1000 for x in lags]
    return {
        "mode": "ai-search",
        "pace": args.ai_pace,
        "build": getattr(games, "BUILD", "python"),
        "game": game.info.id,
        "players": players,
        "tables": args.tables,
        "ai_workers": workers,
        "budget_ms": None if budget.seconds is None else round(budget.seconds * 1000),
        "think_ms": None if (think := getattr(budget, "think", None)) is None else round(think * 1000),
        "seconds": round(wall, 1),
        "person_moves": sum(moves),
        "games": len(played),  # games played, the follow-up games of tables that finished included
        "finished_tables": finished,
        **tally.report(wall),
        "loop_lag_p50_ms": round(_percentile(ms, 0.50), 2),
        "loop_lag_p99_ms": round(_percentile(ms, 0.99), 2),
        "loop_lag_max_ms": round(max(ms, default=0.0), 2),
        "ticks": len(ms),
    }


def main(args: argparse.Namespace) -> dict[str, Any]:
    """Called by bot.bench's main for `--ai search`."""
    args.game = args.game or "trickster"
    args.seconds = getattr(args, "ai_seconds", None) or 60.0
    args.ai_pace = getattr(args, "ai_pace", None) or "instant"
    if args.tables == 1000:  # bot.bench's default is for the store bench; this mode's default is 100
        args.tables = 100
    return asyncio.run(run(args))
