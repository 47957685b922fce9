"""AI seats in the host (AI levels): three levels, the strong one in a process pool with a deadline and a
fallback, deciding from the seat's information only."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from bot.tables.ai import AiRunner, available_policies, level_of, policy_for_level
from games.core.registry import get_game
from games.search import Budget


def _midgame(game_id: str = "trickster", players: int = 4, moves: int = 9) -> tuple[object, int]:
    game = get_game(game_id)
    state = game.setup(players, {}, 21)
    rng = random.Random(2)
    for _ in range(moves):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return state, min(game.to_act(state))


def test_levels_name_the_three_ais_people_choose_from() -> None:
    kings, tiny_ai = get_game("kings"), get_game("trickster")
    assert [policy_for_level(kings, lv) for lv in ("easy", "normal", "strong")] == ["random", "heuristic", "search"]
    assert [level_of(p) for p in ("random", "heuristic", "search")] == ["easy", "normal", "strong"]
    assert "search" in available_policies(tiny_ai)


async def test_the_strong_ai_in_a_worker_process_decides_as_it_would_here() -> None:
    game = get_game("trickster")
    state, seat = _midgame()
    budget = Budget(playouts=40, seconds=None)  # no deadline: the same decision wherever it runs
    pooled = AiRunner(workers=1, budget=budget)
    pooled.pool_timeout = 600  # a loaded CI machine may start the worker slowly: no fallback in this test
    try:
        far = await pooled.move(game, state, seat, "search", "7:12:1")
    finally:
        pooled.close()
    near = await AiRunner(workers=0, budget=budget).move(game, state, seat, "search", "7:12:1")
    assert far == near and far in game.legal_actions(state, seat)


async def test_a_search_past_its_deadline_returns_its_best_move_so_far() -> None:
    game = get_game("trickster")
    state, seat = _midgame()
    runner = AiRunner(workers=0, budget=Budget(playouts=10**9, seconds=0.05, min_rounds=1))
    started = time.perf_counter()
    move = await runner.move(game, state, seat, "search", "1")
    assert move in game.legal_actions(state, seat)
    assert time.perf_counter() - started < 60  # a billion playouts would never end: the deadline stopped it


async def test_when_the_pool_does_not_answer_in_time_the_normal_ai_decides(caplog: pytest.LogCaptureFixture) -> None:
    game = get_game("trickster")
    state, seat = _midgame()
    runner = AiRunner(workers=1, budget=Budget(playouts=10**9, seconds=3, min_rounds=1))
    runner.pool_timeout = 0.01  # the worker cannot even start in time
    try:
        move = await runner.move(game, state, seat, "search", "1")
    finally:
        runner.close()
    normal = await runner.move(game, state, seat, "heuristic", "1")
    assert move == normal
    assert "did not answer" in caplog.text


async def test_the_event_loop_keeps_serving_while_a_strong_ai_thinks() -> None:
    """The thinking happens in another process: a ticker on the loop runs throughout (not a speed test:
    an inline search would hold the loop for the whole budget and the ticker would not run at all)."""
    game = get_game("trickster")
    state, seat = _midgame()
    runner = AiRunner(workers=1, budget=Budget(playouts=400, seconds=None))
    runner.pool_timeout = 600
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.005)

    beat = asyncio.create_task(ticker())
    try:
        await runner.move(game, state, seat, "search", "3")
    finally:
        beat.cancel()
        runner.close()
    assert ticks > 3
