"""The strong AI's time in the bot (bot/tables/ai.py): a wall-clock budget per decision counted from the
table's request, queue included; a thinking time instead of a fixed playout count, so a faster build
searches more in the same time; the normal AI deciding at once for a strong seat when the pool is too busy,
counted and logged for the operators. No timed assertions: what is asserted is who answered, in what
order, and how many playouts were played."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import random
import time
from typing import Any

import pytest

from bot.tables.ai import DEFAULT_BUDGET, AiRunner, Decision, _think
from games.core.registry import get_game
from games.search import Budget, search_policy
from games.search.sampler import Determinizer


def _midgame(moves: int = 9) -> tuple[Any, int]:
    game = get_game("trickster")
    state = game.setup(4, {}, 21)
    rng = random.Random(2)
    for _ in range(moves):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return state, min(game.to_act(state))


async def _warm(runner: AiRunner) -> None:
    """Start the pool's workers (a spawned worker imports the games first) with one decision."""
    game = get_game("trickster")
    state, seat = _midgame()
    budget, timeout = runner.budget, runner.pool_timeout
    runner.budget, runner.pool_timeout = Budget(playouts=8, seconds=None), 600
    try:
        await runner.move(game, state, seat, "search", "warm")
    finally:
        runner.budget, runner.pool_timeout = budget, timeout


def _stop(runner: AiRunner) -> None:
    """Close the pool without waiting for a worker held on purpose."""
    pool = runner._pool
    for process in list(getattr(pool, "_processes", {}).values()):
        process.terminate()
    runner.close()


def test_the_bots_budget_is_wall_time_queue_included_and_a_thinking_time() -> None:
    """What docs/ai.md promises players: at most 200 ms of thinking a decision from the table's request, and
    a search that goes on for a time rather than stopping at a count (a faster build searches more)."""
    assert DEFAULT_BUDGET.seconds == 0.2
    assert DEFAULT_BUDGET.think is not None and 0 < DEFAULT_BUDGET.think <= DEFAULT_BUDGET.seconds
    assert DEFAULT_BUDGET.playouts is None  # at least the game's own playouts, the measured strength
    runner = AiRunner(workers=2)
    assert runner.pool_timeout <= 0.25  # past 250 ms the normal AI answers


async def test_a_decision_stuck_behind_a_busy_worker_is_answered_by_the_normal_ai_within_its_budget(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The pool's only worker is held (here by a long task; on a server, by other tables' searches): the
    table's request is answered by the normal AI once its budget and grace are over, while the worker is
    still busy, instead of waiting for the worker and searching (or falling back) seconds later."""
    game = get_game("trickster")
    state, seat = _midgame()
    runner = AiRunner(workers=1, budget=Budget(playouts=10**9, seconds=0.3, min_rounds=1))
    seen: list[Decision] = []
    try:
        await _warm(runner)
        runner.listeners.append(seen.append)
        blocker = runner._executor().submit(time.sleep, 2)  # the old grace alone was 2 s
        move = await runner.move(game, state, seat, "search", "1")
        assert not blocker.done()  # answered while the worker was still held
    finally:
        _stop(runner)
    normal = await runner.move(game, state, seat, "heuristic", "1")
    assert move == normal
    assert runner.fallbacks["late"] == 1
    assert [d.by for d in seen] == ["late"]
    assert "the normal AI decides" in caplog.text


async def test_a_request_a_worker_reaches_after_its_deadline_is_not_searched() -> None:
    """A worker that takes a request whose budget was spent in the queue answers at once with nothing,
    and the host's normal AI decides (the old worker searched it anyway, holding up the queue behind)."""
    game = get_game("trickster")
    state, seat = _midgame()
    budget = Budget(playouts=10**9, seconds=0.5, min_rounds=10**9)  # a search would never end
    thought = _think(game.info.id, game.to_json(state), seat, game.legal_actions(state, seat), "1", budget, 0.0)
    assert thought.move is None and thought.playouts == 0


async def test_a_pool_too_busy_for_the_budget_lets_the_normal_ai_decide_at_the_strong_ais_pace(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Twelve tables ask one worker at once, whose recent searches took half a second each: the queue cannot
    be served within the budget, so the tables refused are answered by the normal AI without queuing, at
    the strong AI's pace (its thinking time from the request, never sooner: a busy pool must not make the
    refused tables play faster than the served ones); every refusal is counted, and the log says so in one
    line, not one per move."""
    game = get_game("trickster")
    state, seat = _midgame()
    runner = AiRunner(workers=1, budget=Budget(seconds=0.6, think=0.4))
    order: list[str] = []
    seen: list[Decision] = []

    async def one(i: int) -> str:
        move = await runner.move(game, state, seat, "search", str(i))
        return move

    try:
        await _warm(runner)
        runner.per_decision = 0.5  # what the pool measured lately (a slow game, a loaded machine)
        runner.listeners.append(lambda d: order.append(d.by))
        runner.listeners.append(seen.append)
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="tricktable.ai"):
            moves = await asyncio.gather(*(one(i) for i in range(12)))
    finally:
        runner.close()
    legal = game.legal_actions(state, seat)
    assert all(m in legal for m in moves)
    assert runner.fallbacks["busy"] == 11  # one worker, 0.5 s a search, 0.6 s of budget: one admitted
    assert order.count("search") == 1
    refused = [d for d in seen if d.by == "busy"]
    assert len(refused) == 11 and all(d.total >= 0.4 for d in refused)  # the pace: never sooner
    busy_lines = [r for r in caplog.records if "(busy:" in r.getMessage()]
    assert len(busy_lines) == 1


async def test_the_search_in_the_bot_thinks_for_a_time_not_a_count() -> None:
    """Past the game's playouts the search goes on until its thinking time: a longer time, or a faster
    build in the same time, plays more playouts. Without a thinking time it plays exactly its playouts."""
    game = get_game("trickster")
    state, seat = _midgame()
    legal = game.legal_actions(state, seat)
    json = game.to_json(state)
    counted = _think(game.info.id, json, seat, legal, "1", Budget(playouts=40, seconds=None))
    rounds = max(4, 40 // len(legal))
    assert counted.playouts == rounds * len(legal)
    short = _think(game.info.id, json, seat, legal, "1", Budget(playouts=40, seconds=None, think=0.0))
    long = _think(game.info.id, json, seat, legal, "1", Budget(playouts=40, seconds=None, think=0.5))
    assert short.playouts == counted.playouts  # the playouts are the floor
    assert long.playouts > 2 * short.playouts


def test_a_thinking_time_leaves_a_playout_budgets_moves_unchanged() -> None:
    """A budget without a thinking time plays the same move as before (seeded search games keep their
    action-log hashes; tests/search and tests/build check whole games)."""
    game = get_game("trickster")
    state, seat = _midgame()
    legal = game.legal_actions(state, seat)
    policy = search_policy(game, Budget(playouts=60, seconds=None))
    first = policy.decide(Determinizer(game, state, seat), legal, random.Random("x"))
    again = policy.decide(Determinizer(game, state, seat), legal, random.Random("x"))
    assert first == again


async def test_a_quiet_pool_thinks_longer_and_a_queued_request_stops_at_its_playouts() -> None:
    """One worker, two tables asking at once: the first finds the pool quiet and searches past its playouts
    for the thinking time; the second had to queue, so it plays its playouts and no more (the pool serves
    more decisions when it is busy)."""
    game = get_game("trickster")
    state, seat = _midgame()
    floor = max(4, 40 // len(game.legal_actions(state, seat))) * len(game.legal_actions(state, seat))
    runner = AiRunner(workers=1, budget=Budget(playouts=40, seconds=30, think=0.3))
    runner.pool_timeout = 600
    seen: list[Decision] = []
    try:
        await _warm(runner)
        runner.listeners.append(seen.append)
        await asyncio.gather(*(runner.move(game, state, seat, "search", str(i)) for i in range(2)))
    finally:
        runner.close()
    first, second = sorted(seen, key=lambda d: d.waited)
    assert first.playouts > floor
    assert second.playouts == floor


async def test_a_search_that_used_its_thinking_time_does_not_make_the_pool_refuse_tables() -> None:
    """The pool judges a queue by what a queued request costs (its playouts), not by the thinking time the
    quiet pool gave: three tables asking at once after a long think are all searched."""
    game = get_game("trickster")
    state, seat = _midgame()
    runner = AiRunner(workers=1, budget=Budget(playouts=40, seconds=0.8, think=0.5))
    runner.pool_timeout = 600
    seen: list[Decision] = []
    try:
        await _warm(runner)
        await runner.move(game, state, seat, "search", "alone")  # a quiet pool: it thinks 0.5 s
        runner.listeners.append(seen.append)
        await asyncio.gather(*(runner.move(game, state, seat, "search", str(i)) for i in range(3)))
    finally:
        runner.close()
    assert [d.by for d in seen] == ["search"] * 3
    assert runner.fallbacks == {"busy": 0, "late": 0, "failed": 0}


async def test_every_strong_decision_reports_its_wait_search_and_playouts() -> None:
    """What the operators' metrics and the benchmark read: the wait in the queue apart from the search."""
    game = get_game("trickster")
    state, seat = _midgame()
    runner = AiRunner(workers=1, budget=Budget(playouts=40, seconds=None))
    runner.pool_timeout = 600
    seen: list[Decision] = []
    try:
        await _warm(runner)
        runner.listeners.append(seen.append)
        await runner.move(game, state, seat, "search", "2")
    finally:
        runner.close()
    (decision,) = seen
    assert decision.by == "search" and decision.game == "trickster"
    assert decision.playouts == max(4, 40 // len(game.legal_actions(state, seat))) * len(
        game.legal_actions(state, seat)
    )
    assert 0 <= decision.waited <= decision.total and 0 < decision.searched <= decision.total


async def test_a_broken_listener_never_costs_a_table_its_move() -> None:
    game = get_game("trickster")
    state, seat = _midgame()
    runner = AiRunner(workers=0, budget=Budget(playouts=8, seconds=None))

    def broken(_: Decision) -> None:
        raise RuntimeError("metrics down")

    runner.listeners.append(broken)
    assert await runner.move(game, state, seat, "search", "3") in game.legal_actions(state, seat)


def test_the_runners_pool_is_a_process_pool() -> None:
    runner = AiRunner(workers=1)
    try:
        assert isinstance(runner._executor(), concurrent.futures.ProcessPoolExecutor)
    finally:
        runner.close()
